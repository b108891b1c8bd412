package game

import "slices"

// Merged permanents (729 today, 721 from 2020 to 2022): mutate merges a
// spell with a creature; the result is one object represented by more
// than one card or token.

// A Component is one card or token that represents a merged permanent.
// Components have their merged permanent's owner (mutate's target has
// the same owner as the spell, 702.140a).
type Component struct {
	Label string
	Card  *Card
	Token bool
}

// Merge merges obj, a mutating spell on the stack, with permanent perm
// (729.2), on top or, when under is set, on the bottom. perm stays the
// same object (729.2c: effects that applied to it still do, it has not
// just come under its controller's control, and it has not entered the
// battlefield, 729.2b); its copiable values become those of the merged
// card (MergedCard: the topmost component's characteristics with the
// abilities of every component, 702.140e), and it is a token only if its
// topmost component is (729.2d).
func (s *State) Merge(perm, obj *Object, under bool) {
	comps := perm.Merged
	if len(comps) == 0 {
		comps = []Component{{Label: perm.Label, Card: perm.Card, Token: perm.Token}}
	}
	c := Component{Label: obj.Label, Card: obj.Card, Token: obj.Token}
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
	s.Changed() // its copiable values changed
}

// MergedCard is the card whose characteristics a merged permanent has
// as its copiable values (729.2a, a copiable effect of layer 1): its
// topmost component's name, mana cost, types and power/toughness, with
// the abilities of each component, top first (702.140e). A copy of the
// merged permanent copies these (707.2).
func MergedCard(comps []Component) *Card {
	top := *comps[0].Card
	top.Abilities, top.Effects, top.Triggered, top.Activated = nil, nil, nil, nil
	for _, c := range comps {
		top.Abilities = append(top.Abilities, c.Card.Abilities...)
		top.Effects = append(top.Effects, c.Card.Effects...)
		top.Triggered = append(top.Triggered, c.Card.Triggered...)
		top.Activated = append(top.Activated, c.Card.Activated...)
	}
	return &top
}
