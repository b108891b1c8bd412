package game

import "slices"

// Merged permanents (729 today, 721 from 2020 to 2022): mutate merges a
// spell with a creature; the result is one object represented by more
// than one card or token.

// A Component is one card or token that represents a merged permanent.
// Components have their merged permanent's owner (mutate's target has
// the same owner as the spell, 702.140a).
type Component struct {
	Label    string
	Card     *Card
	Token    bool
	FaceDown bool
}

// Merge merges obj, a mutating spell on the stack, with permanent perm
// (729.2), on top or, when under is set, on the bottom. perm stays the
// same object (729.2c: effects that applied to it still do, it has not
// just come under its controller's control, and it has not entered the
// battlefield, 729.2b); its copiable values become those of the merged
// card (MergedCard: the topmost component's characteristics with the
// abilities of every component, 702.140e), and it is a token only if its
// topmost component is (729.2d).
//
// A merged permanent is face down if its topmost component is (729.2e):
// a face-down permanent a face-up object merges on top of becomes face
// up, which Merge reports with up; that is no turning face up.
func (s *State) Merge(perm, obj *Object, under bool) (up bool) {
	comps := perm.Merged
	if len(comps) == 0 {
		comps = []Component{{Label: perm.Label, Card: perm.Card, Token: perm.Token, FaceDown: perm.FaceDown}}
	}
	c := Component{Label: obj.Label, Card: obj.Card, Token: obj.Token, FaceDown: obj.FaceDown}
	var n []Component
	if under {
		n = append(slices.Clone(comps), c)
	} else {
		n = append([]Component{c}, comps...)
	}
	s.Remove(obj)
	perm.Merged = n
	perm.Card = MergedCard(n)
	perm.Token = n[0].Token
	up = perm.FaceDown && !n[0].FaceDown
	perm.FaceDown = n[0].FaceDown
	s.Changed() // its copiable values changed
	return up
}

// TurnFaceUp turns face-down permanent o face up: a merged permanent
// turns each face-down component face up (729.2f). It receives a new
// timestamp (613.7f).
func (s *State) TurnFaceUp(o *Object) {
	o.FaceDown = false
	if len(o.Merged) > 0 {
		comps := slices.Clone(o.Merged)
		for i := range comps {
			comps[i].FaceDown = false
		}
		o.Merged = comps
	}
	s.Stamp(o)
}

// MergedWith reports whether o is a merged permanent one of whose
// components is a card of card type t (729.2g: a face-down merged
// permanent with an instant or sorcery card can't be turned face up).
func (o *Object) MergedWith(t string) bool {
	return slices.ContainsFunc(o.Merged, func(c Component) bool { return !c.Token && c.Card.Is(t) })
}

// MergedCard is the card whose characteristics a merged permanent has
// as its copiable values (729.2a, a copiable effect of layer 1): its
// topmost component's name, mana cost, types and power/toughness, with
// the abilities of each component, top first (702.140e). A copy of the
// merged permanent copies these (707.2).
func MergedCard(comps []Component) *Card {
	top := *comps[0].Card
	top.Abilities, top.Effects, top.Triggered, top.Statics, top.Activated = nil, nil, nil, nil, nil
	for _, c := range comps {
		top.Abilities = append(top.Abilities, c.Card.Abilities...)
		top.Effects = append(top.Effects, c.Card.Effects...)
		top.Triggered = append(top.Triggered, c.Card.Triggered...)
		top.Statics = append(top.Statics, c.Card.Statics...)
		top.Activated = append(top.Activated, c.Card.Activated...)
	}
	return &top
}
