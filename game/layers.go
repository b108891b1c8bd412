package game

import (
	"reflect"
	"slices"
	"strings"
)

// printed returns the characteristics the object starts from (613.1):
// its card's, the half cast while on the stack, a split card's two
// halves together elsewhere, none for an ability on the stack, and a
// face-down object's (708.2) when it is not on the battlefield, where
// the layers apply it.
func (o *Object) printed() Chars {
	c := o.face()
	ch := Chars{Card: c, Name: c.Name, Cost: c.Cost, Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes,
		Colors: c.Cost.Colors() | c.Indicator, Abilities: c.Abilities, Power: c.Power, Toughness: c.Toughness, HasPT: c.HasPT, Controller: o.BaseController}
	if c.OnlyIndicator {
		ch.Colors = c.Indicator
	}
	if len(c.Halves) == 2 {
		a, b := c.Halves[0], c.Halves[1]
		ch.Name = a.Name + " // " + b.Name
		ch.Types = union(a.Types, b.Types)
		ch.Subtypes = union(a.Subtypes, b.Subtypes)
		ch.Supertypes = union(a.Supertypes, b.Supertypes)
		ch.Colors = a.Cost.Colors() | b.Cost.Colors()
		ch.Abilities = append(slices.Clip(a.Abilities), b.Abilities...)
	}
	if p := o.prototype(); p != nil && o.Ability == nil {
		// Prototyped (718.3b): its colour is its alternative mana
		// cost's (105.2).
		ch.Cost, ch.Colors, ch.Power, ch.Toughness = p.Cost, p.Cost.Colors()|c.Indicator, p.Power, p.Toughness
	}
	if o.Ability != nil {
		ch = Chars{Card: c, Controller: o.BaseController, NoText: true}
	}
	if o.FaceDown {
		faceDown(&ch)
		ch.Abilities = o.faceDownWith()
	}
	return ch
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, x := range b {
		if !hasFold(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// faceDown gives ch a face-down permanent's characteristics: a 2/2
// creature with no name, cost, colour, subtypes or abilities (708.2;
// 504.2 in 2006).
func faceDown(ch *Chars) {
	*ch = Chars{Card: ch.Card, Types: []string{"Creature"}, Power: 2, Toughness: 2, HasPT: true, NoText: true, Controller: ch.Controller}
}

// chars returns o's characteristics: on the battlefield through the
// layers, elsewhere as printed.
func (o *Object) chars() Chars {
	ch := o.layeredChars()
	if o.Suspected && o.Zone == Battlefield {
		// 701.60c: "A suspected permanent has menace … for as long as
		// it's suspected", after every layer (the designation is no
		// ability of its text, 701.60b).
		ch.Abilities = append(slices.Clip(ch.Abilities), Ability{Keyword: "Menace", Text: "Menace"})
	}
	return ch
}

// layeredChars is o's characteristics after the layers (613).
func (o *Object) layeredChars() Chars {
	s := o.st
	if s == nil {
		return o.printed()
	}
	if o.Zone != Battlefield {
		// 604.3: characteristic-defining abilities function in all
		// zones.
		ch := o.printed()
		if o.Ability == nil {
			s.defineOutside(o, &ch)
		}
		return ch
	}
	if len(s.Effects) == 0 && !s.anyStatic() {
		// No continuous effect: printed, face down, counters.
		ch := o.printed()
		n := o.Counters["+1/+1"] - o.Counters["-1/-1"]
		ch.Power += n
		ch.Toughness += n
		return ch
	}
	if ch := s.layered()[o]; ch != nil {
		return *ch
	}
	return o.printed()
}

// Characteristics returns o's characteristics after the layers (613).
func (o *Object) Characteristics() Chars { return o.chars() }

// AddEffect starts a continuous effect made by a resolving spell or
// ability: it receives a timestamp (613.7b) now.
func (s *State) AddEffect(e *Continuous) {
	s.clock++
	e.Timestamp = s.clock
	s.Effects = append(s.Effects, e)
	s.Changed()
	if e.Has(ChangeControl) {
		s.NoteControl()
	}
}

// NoteControl notes who controls each permanent now. It returns the
// permanents whose controller is not the one noted before (a
// control-changing effect began or ended, an Aura that controls what it
// enchants entered or left): each came under its controller's control
// now (302.6: it can't attack or pay {T} until it has been under their
// control continuously since their most recent turn began). A permanent
// noted for the first time has not changed control.
func (s *State) NoteControl() []*Object {
	var out []*Object
	for _, o := range s.Battlefield() {
		p := o.Controller()
		if o.noted != nil && o.noted != p {
			o.EnteredTurn = s.Turn
			out = append(out, o)
		}
		o.noted = p
	}
	return out
}

// anyControlEffect reports whether one of effects changes control.
func anyControlEffect(effects []*Continuous) bool {
	for _, e := range effects {
		if e.Has(ChangeControl) {
			return true
		}
	}
	return false
}

// EndDurations ends the effects whose "for as long as" duration is over
// (611.2b): their source has left the battlefield, or, for "for as long
// as you control", its controller is not the player the effect gives
// control to. It returns the effects ended and the permanents whose
// controller changed with them.
func (s *State) EndDurations() (ended []*Continuous, changed []*Object) {
	return s.endEffects(func(e *Continuous) bool {
		return (e.WhileSource || e.WhileControl) &&
			(e.Source == nil || e.Source.Zone != Battlefield || !s.onBattlefield(e.Source) || e.WhileControl && e.Source.Controller() != e.Controls)
	})
}

// endEffects removes the effects for which end holds, keeping the order
// of the rest. It returns those ended and the permanents whose controller
// changed with them.
func (s *State) endEffects(end func(e *Continuous) bool) (ended []*Continuous, changed []*Object) {
	kept := s.Effects[:0]
	for _, e := range s.Effects {
		if end(e) {
			ended = append(ended, e)
			continue
		}
		kept = append(kept, e)
	}
	if len(ended) > 0 {
		s.Changed()
	}
	clear(s.Effects[len(kept):])
	s.Effects = kept
	if anyControlEffect(ended) {
		changed = s.NoteControl()
	}
	return ended, changed
}

// EndControlOf ends the effects that give p control of objects: p has
// left the game (800.4a). It returns the effects ended.
func (s *State) EndControlOf(p *Player) []*Continuous {
	ended, _ := s.endEffects(func(e *Continuous) bool { return e.Controls == p })
	return ended
}

// Stamp gives o a new timestamp: as it enters a zone (613.7d), as an
// Aura or Equipment becomes attached (613.7e), as it turns face up.
func (s *State) Stamp(o *Object) {
	s.clock++
	o.Timestamp = s.clock
	s.Changed()
}

// EndTurnEffects ends the "until end of turn" effects (the cleanup
// step) and those whose source or objects are gone; it reports whether
// an "until end of turn" effect ended, and returns the permanents whose
// controller changed as they ended (control reverts, 514.2).
func (s *State) EndTurnEffects() (ended bool, changed []*Object) {
	_, changed = s.endEffects(func(e *Continuous) bool {
		alive := s.effectAlive(e)
		ended = ended || e.UntilEOT && alive
		return e.UntilEOT || !alive
	})
	return ended, changed
}

// EndCombatEffects ends the "until end of combat" effects, as the
// combat phase ends (500.5a; 300.4 in 2006); it reports whether one that
// still applied ended.
func (s *State) EndCombatEffects() bool {
	ended := false
	s.endEffects(func(e *Continuous) bool {
		ended = ended || e.UntilEOC && s.effectAlive(e)
		return e.UntilEOC
	})
	return ended
}

// effectAlive reports whether a resolved effect still applies to
// something: some of its objects is on the battlefield as the object
// it was, and, for one that lasts "for as long as", its source is.
func (s *State) effectAlive(e *Continuous) bool {
	if e.WhileSource && (e.Source == nil || e.Source.Zone != Battlefield || !s.onBattlefield(e.Source)) {
		return false
	}
	for _, o := range e.Objects {
		if o.Zone == Battlefield && s.onBattlefield(o) {
			return true
		}
	}
	return false
}

func (s *State) onBattlefield(o *Object) bool {
	for _, p := range s.Players {
		if slices.Contains(p.zones[Battlefield], o) {
			return true
		}
	}
	return false
}

// view is the characteristics of every permanent while the layers are
// applied.
type view struct {
	objs   []*Object
	chars  map[*Object]*Chars
	keepAC bool // State.ArtifactCreatureKeeps
	st     *State
}

func (v *view) clone() *view {
	n := &view{objs: v.objs, chars: make(map[*Object]*Chars, len(v.chars)), keepAC: v.keepAC, st: v.st}
	for o, c := range v.chars {
		cc := *c
		n.chars[o] = &cc
	}
	return n
}

// layered returns the characteristics of every permanent: starting
// from the printed ones, each layer of the revision's order (Rules.
// Layers) applies, in order, the changes of the continuous effects
// that belong to it, in timestamp order unless one effect depends on
// another (613.7, 613.8). They are computed once per version of the
// state (Changed), so that every question asked between two changes
// reads the same result.
func (s *State) layered() map[*Object]*Chars {
	if s.held == nil || s.heldAt != s.version {
		s.held, s.heldAt = s.layers(), s.version
	} else if CheckLayers {
		if fresh := s.layers(); !reflect.DeepEqual(fresh, s.held) {
			panic("game: the characteristics kept for this state differ from the layers applied again: a change did not call State.Changed")
		}
	}
	return s.held
}

// CheckLayers, set by tests, makes every read of the characteristics
// kept for a state version apply the layers again and panic if the
// result differs: a change of the state that did not call Changed.
var CheckLayers bool

// layers applies the layers to every permanent.
func (s *State) layers() map[*Object]*Chars {
	v := &view{objs: s.Battlefield(), keepAC: s.ArtifactCreatureKeeps, st: s}
	v.chars = make(map[*Object]*Chars, len(v.objs))
	for _, o := range v.objs {
		ch := o.printed()
		if o.FaceDown {
			// The face-down characteristics apply in their layer.
			ch = (&Object{Card: o.Card, BaseController: o.BaseController}).printed()
		}
		v.chars[o] = &ch
	}
	lo := s.Rules.Layers()
	locked := map[*Continuous][]*Object{}
	var statics []*Continuous
	staticsRead, swapsRead := false, false
	for si := range lo.Steps {
		step := &lo.Steps[si]
		if !staticsRead && (len(lo.Steps) == 1 || si > lo.step[ChangeCopy] && si > lo.step[ChangeFaceDown]) {
			// Static abilities are read from the copiable values, each
			// effect applied from the first layer it has a part in
			// (613.6): a control-changing one in layer 2. Before layers
			// (1999 to 2003-03) every effect applies in one timestamp
			// order, 418.5a's "All white creatures get +1/+1" among
			// them: the statics are read as it begins.
			statics, staticsRead = s.statics(v), true
			swapsRead = si > lo.step[ChangeText]
		}
		if staticsRead && !swapsRead && si > lo.step[ChangeText] {
			// The words text-changing effects changed (layer 3) are read
			// again, for the effects that have not started to apply.
			statics, swapsRead = s.restatics(v, statics, locked), true
		}
		var pending []*Continuous
		turnedDown := false
		for _, c := range step.Changes {
			switch c {
			case ChangeFaceDown:
				turnedDown = true
				continue
			case ChangePTCounter:
				for _, o := range v.objs {
					ch := v.chars[o]
					n := o.Counters["+1/+1"] - o.Counters["-1/-1"]
					ch.Power += n
					ch.Toughness += n
				}
				continue
			}
			for _, e := range s.Effects {
				if lo.belongs(e, c, si) && !slices.Contains(pending, e) {
					pending = append(pending, e)
				}
			}
			for _, e := range statics {
				if lo.belongs(e, c, si) && !slices.Contains(pending, e) {
					pending = append(pending, e)
				}
			}
		}
		// Characteristic-defining abilities first, then timestamp order
		// (613.3; 418.5a from 2007).
		slices.SortStableFunc(pending, func(a, b *Continuous) int {
			if a.CDA() != b.CDA() {
				if a.CDA() {
					return -1
				}
				return 1
			}
			return a.Timestamp - b.Timestamp
		})
		for len(pending) > 0 {
			i := s.next(v, step, pending, locked)
			e := pending[i]
			pending = slices.Delete(pending, i, i+1)
			objs, ok := locked[e]
			if !ok {
				if !s.exists(v, e) {
					continue
				}
				objs = s.appliesTo(v, e)
				locked[e] = objs
			}
			st := step
			if lo.TypeWhole && e.Has(ChangeType) {
				st = &wholeStep
			}
			for _, o := range objs {
				if ch := v.chars[o]; ch != nil {
					apply(e, st, ch, v)
				}
			}
		}
		if turnedDown {
			// Face-down status modifies the copiable values, copy
			// effects included (708.2, 707.3's examples; 504.7 in 2006).
			for _, o := range v.objs {
				if o.FaceDown {
					faceDown(v.chars[o])
					v.chars[o].Abilities = o.faceDownWith()
				}
			}
		}
	}
	return v.chars
}

// next returns the index in pending (in timestamp order) of the effect
// to apply next: the earliest that depends on no other pending effect,
// or the earliest when every one does (a loop, 613.8b).
func (s *State) next(v *view, step *LayerStep, pending []*Continuous, locked map[*Continuous][]*Object) int {
	if len(pending) < 2 {
		return 0
	}
	for i, a := range pending {
		if _, ok := locked[a]; ok {
			return i
		}
		dependent := false
		for j, b := range pending {
			if i != j && s.dependsOn(v, step, a, b) {
				dependent = true
				break
			}
		}
		if !dependent {
			return i
		}
	}
	return 0
}

// dependsOn reports whether applying b in step would change a's
// existence or what it applies to (613.8a; 418.5c in 2006).
func (s *State) dependsOn(v *view, step *LayerStep, a, b *Continuous) bool {
	if !s.exists(v, b) {
		return false
	}
	after := v.clone()
	for _, o := range s.appliesTo(v, b) {
		if ch := after.chars[o]; ch != nil {
			apply(b, step, ch, after)
		}
	}
	if s.exists(v, a) != s.exists(after, a) {
		return true
	}
	if a.Static && a.GainControl && v.chars[a.Source] != nil && v.chars[a.Source].Controller != after.chars[a.Source].Controller {
		// What it does: it gives control to its source's controller,
		// whom b changes.
		return true
	}
	return !slices.Equal(s.appliesTo(v, a), s.appliesTo(after, a))
}

// exists reports whether effect e exists: a static ability's while its
// source is on the battlefield with its text (a source that lost all
// abilities generates nothing).
func (s *State) exists(v *view, e *Continuous) bool {
	if !e.Static {
		return true
	}
	ch := v.chars[e.Source]
	if e.YourTurn && (ch == nil || ch.Controller != s.ActivePlayer()) {
		// "During your turn" (702.161a): only while its controller is
		// the active player.
		return false
	}
	if e.WhileAttached && e.Source.AttachedTo == nil {
		// "Until it becomes unattached" (702.151b).
		return false
	}
	if e.Paid != "" && !e.Source.WasPaid(e.Paid) {
		return false
	}
	if n := e.Source.Counters[e.Counter]; e.Counter != "" && (n < e.CounterMin || e.CounterMax > 0 && n > e.CounterMax) {
		// "As long as this creature has at least N1 level counters on
		// it, but no more than N2" (711.2a).
		return false
	}
	return ch != nil && !ch.NoText
}

// appliesTo returns the permanents e applies to now.
func (s *State) appliesTo(v *view, e *Continuous) []*Object {
	if !e.Static {
		var out []*Object
		for _, o := range e.Objects {
			if v.chars[o] != nil {
				out = append(out, o)
			}
		}
		return out
	}
	sub := e.Subject
	var out []*Object
	if sub.Self {
		if ch := v.chars[e.Source]; ch != nil && sub.matches(ch) {
			out = append(out, e.Source)
		}
		return out
	}
	if sub.Attached != "" {
		if t := e.Source.AttachedTo; t != nil && v.chars[t] != nil && sub.matches(v.chars[t]) {
			out = append(out, t)
		}
		return out
	}
	src := v.chars[e.Source]
	for _, o := range v.objs {
		ch := v.chars[o]
		if !sub.matches(ch) || sub.Other && o == e.Source || sub.YouControl && src != nil && ch.Controller != src.Controller {
			continue
		}
		out = append(out, o)
	}
	return out
}

// matches reports whether characteristics ch are of the subject's
// type and colour.
func (sub Subject) matches(ch *Chars) bool {
	if sub.Type != "" && !strings.EqualFold(sub.Type, "permanent") && !ch.Is(sub.Type) {
		return false
	}
	if sub.Non != "" && ch.Is(sub.Non) {
		return false
	}
	return sub.Color == 0 || ch.Colors&sub.Color != 0
}

// apply makes the changes of e that belong to step on ch.
func apply(e *Continuous, step *LayerStep, ch *Chars, v *view) {
	for _, c := range step.Changes {
		if !e.Has(c) {
			continue
		}
		switch c {
		case ChangeCopy:
			// The copiable values: printed, as modified by other copy
			// effects and by face-down status (707.2; 503.2 in 2006).
			var src Chars
			if c := v.chars[e.CopyOf]; c != nil {
				src = *c
			} else {
				src = e.CopyOf.printed()
			}
			if e.CopyOf.FaceDown {
				faceDown(&src)
			}
			if e.Except != nil {
				e.Except.applyChars(&src)
			}
			ctrl, world, since := ch.Controller, hasFold(ch.Supertypes, "World"), ch.WorldSince
			*ch = src
			ch.Controller, ch.WorldSince = ctrl, 0
			if hasFold(ch.Supertypes, "World") {
				// It has had the world supertype since this effect
				// began, or since before (704.5k).
				ch.WorldSince = since
				if !world {
					ch.WorldSince = e.Timestamp
				}
			}
		case ChangeControl:
			if e.Controls != nil {
				ch.Controller = e.Controls
			} else if src := v.chars[e.Source]; e.Static && src != nil {
				// "You control enchanted creature": the controller of
				// the source, as layer 2 leaves it so far.
				ch.Controller = src.Controller
			}
		case ChangeText:
			if e.From != "" && e.To != "" {
				ch.Abilities = rewrite(ch.Abilities, e.From, e.To)
				ch.Swaps = append(slices.Clip(ch.Swaps), [2]string{e.From, e.To})
			}
		case ChangeType:
			keep := v.keepAC && len(e.SetTypes) == 2 && hasFold(e.SetTypes, "Artifact") && hasFold(e.SetTypes, "Creature")
			if len(e.SetTypes) > 0 && !keep {
				// The new card types replace the old (205.1a); an
				// instant or sorcery keeps its type.
				types := slices.Clone(e.SetTypes)
				for _, t := range []string{"Instant", "Sorcery"} {
					if ch.Is(t) {
						types = append(types, t)
					}
				}
				ch.Types = types
			}
			ch.Types = union(union(ch.Types, e.SetTypes), e.AddTypes)
			ch.Subtypes = union(ch.Subtypes, e.AddSubtypes)
			if len(e.LoseTypes) > 0 {
				ch.Types = slices.DeleteFunc(slices.Clone(ch.Types), func(t string) bool { return hasFold(e.LoseTypes, t) })
			}
			ch.EveryCreatureType = ch.EveryCreatureType || e.EveryCreatureType
		case ChangeColor:
			ch.Colors = e.Colors
		case ChangeAbility:
			if e.LoseAll {
				ch.Abilities, ch.NoText = nil, true
			}
			if len(e.Lose) > 0 {
				ch.Abilities = loseAbilities(ch.Abilities, e)
			}
			if len(e.Gain) > 0 {
				ch.Abilities = append(slices.Clip(ch.Abilities), e.Gain...)
			}
		case ChangePTDefine:
			n := v.count(e.Define, ch.Controller)
			ch.Power, ch.Toughness, ch.HasPT = n, n, true
		case ChangePTSet:
			ch.Power, ch.Toughness, ch.HasPT = e.P, e.T, true
		case ChangePTModify, ChangePTStatic:
			ch.Power += e.P
			ch.Toughness += e.T
		case ChangePTSwitch:
			ch.Power, ch.Toughness = ch.Toughness, ch.Power
		}
	}
}

// rewrite returns abilities with every instance of the word from in
// their text replaced by to (612.2): in a quality ("protection from
// black"), and in a landwalk's "[type]walk". A name or a mana symbol is
// not text a text-changing effect changes: costs are kept.
func rewrite(abilities []Ability, from, to string) []Ability {
	var out []Ability
	for i, a := range abilities {
		q := replaceWord(a.Quality, from, to)
		if q == a.Quality {
			continue
		}
		if out == nil {
			out = slices.Clone(abilities)
		}
		out[i].Quality = q
		if a.Keyword == "Landwalk" {
			out[i].Text = q + "walk"
			if r, ok := strings.CutPrefix(strings.ToLower(a.Text), strings.ToLower(a.Quality)); ok {
				out[i].Text = q + r
			}
			continue
		}
		out[i].Text = replaceWord(a.Text, from, to)
	}
	if out == nil {
		return abilities
	}
	return out
}

// swapColor returns c with the colour named from replaced by the colour
// named to; c unchanged when it lacks from or either is not one colour.
func swapColor(c Color, from, to string) Color {
	f, ok1 := ParseColor(from)
	t, ok2 := ParseColor(to)
	if !ok1 || !ok2 || f == 0 || c&f == 0 {
		return c
	}
	return c&^f | t
}

// replaceWord replaces each whole word from in s (case ignored) with to,
// keeping a capital first letter.
func replaceWord(s, from, to string) string {
	if s == "" {
		return s
	}
	w := strings.Fields(s)
	changed := false
	for i, x := range w {
		if strings.EqualFold(x, from) {
			r := to
			if x[0] >= 'A' && x[0] <= 'Z' {
				r = strings.ToUpper(to[:1]) + to[1:]
			} else {
				r = strings.ToLower(to[:1]) + to[1:]
			}
			w[i], changed = r, true
		}
	}
	if !changed {
		return s
	}
	return strings.Join(w, " ")
}

// count returns the number a characteristic-defining ability of a
// permanent controlled by p reads: the cards in p's hand, or the
// creatures p controls as the layers leave them so far.
func (v *view) count(what string, p *Player) int {
	if p == nil {
		return 0
	}
	switch what {
	case DefineHand:
		return len(p.zones[Hand])
	case DefineCreatures:
		n := 0
		for _, o := range v.objs {
			if ch := v.chars[o]; ch != nil && ch.Controller == p && ch.Is("Creature") {
				n++
			}
		}
		return n
	}
	return 0
}

// restatics returns statics read again from the permanents' text as
// the layers leave it now, keeping each effect that has started to
// apply (locked) as it was (613.6).
func (s *State) restatics(v *view, statics []*Continuous, locked map[*Continuous][]*Object) []*Continuous {
	again := s.statics(v)
	for i, e := range statics {
		if _, ok := locked[e]; ok && i < len(again) {
			again[i] = e
		}
	}
	return again
}

// statics returns the continuous effects of the static abilities of
// the permanents' text (Effects with Static set), each with its
// source's timestamp (613.7a). Their number and order depend only on
// the permanents and their copiable values, not on text changes.
func (s *State) statics(v *view) []*Continuous {
	var out []*Continuous
	for _, o := range v.objs {
		ch := v.chars[o]
		if ch.Card == nil {
			continue
		}
		for _, a := range ch.Abilities {
			// A keyword that is a characteristic-defining ability
			// (changeling, devoid), as the copiable values have it.
			if t, ok := keywordCDAs[a.Keyword]; ok {
				e := t
				e.Source, e.Static, e.Timestamp, e.Label = o, true, o.Timestamp, o.Label
				out = append(out, &e)
			}
			// A keyword whose static ability is a continuous effect
			// (living metal), as the revision run defines it.
			for _, t := range s.keywordStatics(a.Keyword) {
				e := t
				e.Source, e.Static, e.Timestamp, e.Label = o, true, o.Timestamp, o.Label
				out = append(out, &e)
			}
		}
		for _, ef := range ch.Card.Effects {
			if ef.Verb != "static" || ch.NoDefinePT && ef.Cont.Define != "" {
				continue
			}
			e := *ef.Cont
			e.Source, e.Static, e.Timestamp, e.Label = o, true, o.Timestamp, o.Label
			for _, sw := range ch.Swaps {
				// The words of its text changed (612.1): "white
				// creatures" made "black creatures", "has protection
				// from black" made "from white".
				e.Subject.Color = swapColor(e.Subject.Color, sw[0], sw[1])
				e.Gain = rewrite(e.Gain, sw[0], sw[1])
			}
			out = append(out, &e)
		}
	}
	return out
}

// anyControl reports whether a control-changing effect may exist:
// without one every permanent is controlled by its BaseController. A
// resolved effect that changes control or copies (a copy of an Aura
// that controls what it enchants), or a permanent's static ability that
// changes control, may.
func (s *State) anyControl() bool {
	for _, e := range s.Effects {
		if e.Has(ChangeControl) || e.Has(ChangeCopy) {
			return true
		}
	}
	for _, p := range s.Players {
		for _, o := range p.zones[Battlefield] {
			for _, ef := range o.Card.Effects {
				if ef.Verb == "static" && ef.Cont.Has(ChangeControl) {
					return true
				}
			}
		}
	}
	return false
}

// anyStatic reports whether a permanent's text has a continuous effect
// or a keyword that is a characteristic-defining ability.
func (s *State) anyStatic() bool {
	for _, p := range s.Players {
		for _, o := range p.zones[Battlefield] {
			for _, ef := range o.Card.Effects {
				if ef.Verb == "static" {
					return true
				}
			}
			for _, a := range o.Card.Abilities {
				if _, ok := keywordCDAs[a.Keyword]; ok || len(s.keywordStatics(a.Keyword)) > 0 {
					return true
				}
			}
		}
	}
	return false
}

// Matching returns the permanents sub names as a resolving spell or
// ability controlled by controller sees them now: the set an effect
// with no target applies to is fixed as it resolves (611.2c).
func (s *State) Matching(sub Subject, controller *Player) []*Object {
	var out []*Object
	for _, o := range s.Battlefield() {
		ch := o.chars()
		if sub.matches(&ch) && (!sub.YouControl || ch.Controller == controller) {
			out = append(out, o)
		}
	}
	return out
}

// AffectedBy returns the permanents a static ability's effect e of
// source applies to now, after the layers.
func (s *State) AffectedBy(source *Object, e Continuous) []*Object {
	e.Source, e.Static = source, true
	v := &view{objs: s.Battlefield(), chars: s.layered(), keepAC: s.ArtifactCreatureKeeps, st: s}
	if !s.exists(v, &e) {
		return nil
	}
	return s.appliesTo(v, &e)
}

// wholeStep makes every change: a type-changing effect where the
// revision applies all its parts in the type-changing layer.
var wholeStep = LayerStep{Changes: func() []Change {
	all := make([]Change, nChanges)
	for c := range nChanges {
		all[c] = c
	}
	return all
}()}

// belongs reports whether effect e's change c applies in step si: the
// step of c, or, for a type-changing effect where the revision applies
// it whole, only the type-changing step.
func (lo *LayerOrder) belongs(e *Continuous, c Change, si int) bool {
	if !e.Has(c) {
		return false
	}
	if lo.TypeWhole && e.Has(ChangeType) {
		return si == lo.step[ChangeType]
	}
	return true
}

// loseAbilities returns abilities without those e makes its objects lose:
// every instance of a keyword, or, when the lost ability names a quality
// ("loses protection from red"), the instances with that quality only. A
// shorthand "protection from red and from blue" is two abilities
// (702.16g, Separate): losing one leaves the other.
func loseAbilities(abilities []Ability, e *Continuous) []Ability {
	var out []Ability
	for _, a := range abilities {
		parts := a.Separate()
		n := len(parts)
		for i, k := range e.Lose {
			if !strings.EqualFold(k, a.Keyword) {
				continue
			}
			q := ""
			if i < len(e.LoseQuality) {
				q = strings.TrimSpace(e.LoseQuality[i])
			}
			parts = slices.DeleteFunc(parts, func(p Ability) bool {
				return q == "" || strings.EqualFold(strings.TrimSpace(p.Quality), q)
			})
		}
		if len(parts) == n {
			out = append(out, a) // nothing lost: the ability as written
			continue
		}
		out = append(out, parts...)
	}
	return out
}

// Separate returns the abilities a is: a shorthand for separate
// abilities of one keyword, "Protection from red and from blue" (702.16g:
// "is shorthand for "protection from [quality A]" and "protection from
// [quality B]"; it behaves as two separate protection abilities", 502.7g
// from 2009-05-01) or "Protection from each color" (702.16h), is one
// ability for each quality, "Protection from red" and "Protection from
// blue"; any other ability is itself.
func (a Ability) Separate() []Ability {
	lead := a.Keyword + " from "
	if len(a.Text) < len(lead) || !strings.EqualFold(a.Text[:len(lead)], lead) {
		return []Ability{a}
	}
	qs := splitQualities(a.Quality)
	if len(qs) < 2 {
		return []Ability{a}
	}
	out := make([]Ability, len(qs))
	for i, q := range qs {
		out[i] = a
		out[i].Quality, out[i].Text = strings.TrimSpace(q), lead+strings.TrimSpace(q)
	}
	return out
}

// splitQualities splits the qualities of a shorthand "A and from B" or
// "A, from B, and from C" (702.16g), and "each color" (702.16h).
func splitQualities(q string) []string {
	if t := strings.ToLower(strings.TrimSpace(q)); t == "each color" || t == "each colour" {
		// 702.16h: protection from each color is protection from
		// white, from blue, from black, from red and from green.
		return []string{"white", "blue", "black", "red", "green"}
	}
	for _, sep := range []string{", and from ", " and from ", ", from "} {
		q = strings.ReplaceAll(q, sep, "\x00")
	}
	return strings.Split(q, "\x00")
}

// keywordStatics returns the continuous effects of the static ability
// keyword k is in the revision run (KeywordStatics), none without one.
func (s *State) keywordStatics(k string) []Continuous {
	if s.KeywordStatics == nil {
		return nil
	}
	return s.KeywordStatics(k)
}
