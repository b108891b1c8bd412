package engine

import (
	"fmt"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// continuous starts the continuous effect of a resolving spell's
// instruction: it applies to the target, or to the permanents its
// subject names as the spell resolves (611.2c), from now (613.7b); each
// part is cited with the layer the revision applies it in.
func (e *engine) continuous(spell *game.Object, ef game.Effect, t *game.Target, from string) {
	c := *ef.Cont
	c.Source, c.Label = spell, from
	ctrl := spell.Controller()
	if c.TextWords != "" {
		if cl := e.cur.Clause("replace"); cl != nil && len(cl.Names) == 2 {
			c.From, _ = game.TextWord(c.TextWords, cl.Names[0].Text)
			c.To, _ = game.TextWord(c.TextWords, cl.Names[1].Text)
		}
		e.s.Cite(e.rules.Find(phChoices...), "%s: %s chooses to replace %q with %q", from, ctrl.Name, c.From, c.To)
	}
	if c.GainControl {
		if c.WhileControl && spell.Zone != game.Battlefield {
			// The duration never starts: the effect does nothing (611.2b).
			e.s.Cite(e.rules.Find(phWhileNever...), "%s: %q does nothing: %s is not on the battlefield, so \"for as long as\" never starts", from, ef.Text, spell.Label)
			return
		}
		c.Controls = ctrl
	}
	if c.GainBelow != "" {
		// The keyword abilities printed below the source's first
		// instance of the keyword, but its (702.165a, 702.165c: only
		// printed ones), to a creature other than the source.
		if t == nil || t.Object == nil || t.Object == spell {
			e.s.Cite(e.rules.Find(phFollow...), "%s: the target is %s itself: it gains no abilities", from, spell.Label)
			return
		}
		c.Gain = nil
		below := false
		for _, a := range spell.Card.Abilities {
			if strings.EqualFold(a.Keyword, c.GainBelow) {
				below = true
				continue
			}
			if below {
				c.Gain = append(c.Gain, a)
			}
		}
		if len(c.Gain) == 0 {
			e.s.Cite(e.rules.Find(phFollow...), "%s: %s has no ability printed below its %s: %s gains none", from, spell.Label, c.GainBelow, t.Object.Label)
			return
		}
	}
	switch {
	case c.CopyTarget && t != nil && t.Object != nil:
		// "Each other creature becomes a copy of target creature": the
		// target is what is copied, the subject what copies it.
		c.CopyOf = t.Object
		for _, o := range e.s.Matching(c.Subject, spell.Controller()) {
			if !c.Subject.Other || o != t.Object {
				c.Objects = append(c.Objects, o)
			}
		}
	case c.Subject.Self:
		// An ability's effect on its source ("this creature gets
		// +1/+0"), while it is the permanent it was.
		if spell.Zone == game.Battlefield {
			c.Objects = []*game.Object{spell}
		}
	case t != nil && t.Object != nil:
		c.Objects = []*game.Object{t.Object}
	default:
		c.Objects = e.s.Matching(c.Subject, spell.Controller())
	}
	e.s.AddEffect(&c)
	var names []string
	for _, o := range c.Objects {
		names = append(names, o.Label)
	}
	what := fmt.Sprintf("%s: %q applies to %s", from, ef.Text, strings.Join(names, ", "))
	if c.GainControl {
		what += "; " + ctrl.Name + " controls " + strings.Join(names, ", ")
	}
	e.citeLayers(&c, what, c.Objects)
}

// phWhileNever finds the rule on "for as long as" durations (611.2b
// today).
var phWhileNever = []string{"have durations worded \"for as long as", "for as long as"}

// endDurations ends the effects whose "for as long as" duration is over
// (611.2b), citing what control returns to whom.
func (e *engine) endDurations() {
	if len(e.s.Effects) == 0 {
		return
	}
	ended, changed := e.s.EndDurations()
	for _, c := range ended {
		var names []string
		for _, o := range c.Objects {
			names = append(names, o.Label)
		}
		note := fmt.Sprintf("the effect of %s on %s ends: its \"for as long as\" duration is over", c.Label, strings.Join(names, ", "))
		e.s.Cite(e.rules.Find(phWhileNever...), "%s", note)
	}
	e.citeControl(changed)
}

// citeControl cites the layer 2 rule for permanents whose controller
// changed because an effect ended, then exiles those whose controller
// is now a player who has left the game (800.4c).
func (e *engine) citeControl(changed []*game.Object) {
	for _, o := range changed {
		if p := o.Controller(); !p.Left {
			e.s.Cite(e.rules.Layers().StepOf(game.ChangeControl).Rule, "%s is controlled by %s again", o.Label, p.Name)
		}
	}
	e.exileUncontrolled(changed)
}

// noteControl cites the permanents whose controller changed since it
// was last noted by no effect starting or ending: a static ability
// that controls what its source is attached to began or stopped
// applying (its source entered, left, or became unattached).
func (e *engine) noteControl() {
	changed := e.s.NoteControl()
	for _, o := range changed {
		if p := o.Controller(); !p.Left {
			e.s.Cite(e.rules.Layers().StepOf(game.ChangeControl).Rule, "%s is controlled by %s now: control is read %s", o.Label, p.Name, readIn(e.rules.Layers().StepOf(game.ChangeControl)))
		}
	}
	e.exileUncontrolled(changed)
}

// readIn says where control is read: "through layer 2", or, before
// layers, "in timestamp order".
func readIn(st *game.LayerStep) string {
	if st.Name == game.NoLayers {
		return "in " + st.Where()
	}
	return "through " + st.Where()
}

// phDefaultLeft finds 800.4c (from 2019-08-23): when the effect giving
// a player control ends and the player who controls it by default has
// left the game, the object is exiled.
var phDefaultLeft = []string{"the player who controlled that object by default has left the game"}

// exileUncontrolled exiles each of changed whose controller, now that
// the effects giving another player control of it ended, is a player
// who has left the game (800.4c): at once, not as a state-based action.
func (e *engine) exileUncontrolled(changed []*game.Object) {
	r := e.rules.Find(phDefaultLeft...)
	if r.IsZero() {
		return
	}
	for _, o := range changed {
		if p := o.Controller(); p.Left && o.Zone == game.Battlefield {
			e.s.Cite(r, "no effect gives control of %s to a player in the game, and %s, who controls it by default, has left the game: it is exiled", o.Label, p.Name)
			e.leaveBattlefield(o, game.Exile, "its controller by default has left the game")
		}
	}
}

// phDefining finds the criteria of a characteristic-defining ability
// (604.3a today, 405.2a in 2008–2009, 405.2's "intrinsic" abilities in
// 2007).
var phDefining = []string{"it is printed on the card it affects", "intrinsic static abilities that define"}

// citeGainedDefining cites, for each keyword effect c gives that is a
// characteristic-defining ability where printed, why it defines nothing
// here: gained from an effect, it is none (604.3a), and the layer of what
// it would define comes before the one that gives it (613.1). The layers
// read such abilities from the copiable values only, so the engine
// applies none of them.
func (e *engine) citeGainedDefining(c *game.Continuous) {
	lo := e.rules.Layers()
	for _, a := range c.Gain {
		d, ok := game.DefiningKeyword(a.Keyword)
		if !ok {
			continue
		}
		for _, ch := range []game.Change{game.ChangeType, game.ChangeColor} {
			if d.Has(ch) {
				e.s.Cite(e.rules.Find(phDefining...), "%s gained from an effect is no characteristic-defining ability: its %s part would apply in layer %s, applied before the abilities of layer %s: it changes nothing", a.Text, ch, lo.StepOf(ch).Name, lo.StepOf(game.ChangeAbility).Name)
			}
		}
	}
}

// citeLayers cites the layer rule of each part of effect c, with what
// the objects are after the layers.
func (e *engine) citeLayers(c *game.Continuous, what string, objs []*game.Object) {
	lo := e.rules.Layers()
	seen := map[string]bool{}
	for i := range lo.Steps {
		st := &lo.Steps[i]
		for _, ch := range st.Changes {
			if !c.Has(ch) || seen[st.Name] {
				continue
			}
			seen[st.Name] = true
			var now []string
			for _, o := range objs {
				now = append(now, describe(o))
			}
			in := ""
			if len(now) > 0 {
				in = " (" + strings.Join(now, "; ") + ")"
			}
			e.s.Cite(st.Rule, "%s: its %s part applies in %s%s", what, ch, st.Where(), in)
		}
	}
	e.citeGainedDefining(c)
}

// describe prints an object's characteristics after the layers: "Grizzly
// Bears: 5/5 green Creature, Flying".
func describe(o *game.Object) string {
	ch := o.Characteristics()
	var b strings.Builder
	b.WriteString(o.Label + ":")
	if ch.HasPT {
		fmt.Fprintf(&b, " %d/%d", ch.Power, ch.Toughness)
	}
	if ch.Colors != 0 {
		b.WriteString(" " + strings.ToLower(ch.Colors.String()))
	}
	b.WriteString(" " + strings.Join(ch.Types, " "))
	var ks []string
	for _, a := range ch.Abilities {
		ks = append(ks, a.Text)
	}
	if len(ks) > 0 {
		b.WriteString(", " + strings.Join(ks, ", "))
	}
	return b.String()
}

// textEffects are the static abilities of a permanent's text after the
// layers (cost changes, replacement effects): none when it lost all
// abilities, the copied card's when it is a copy.
func textEffects(o *game.Object) []game.Effect {
	if c := o.AbilityText(); c != nil {
		return c.Effects
	}
	return nil
}

// keywordStatics returns the continuous effects of the static ability
// keyword k is in the revision run, as its declaration reads them (a
// StaticEffect): the layers apply them to each permanent with k.
func (e *engine) keywordStatics(k string) []game.Continuous {
	if cs, ok := e.kwStatics[k]; ok {
		return cs
	}
	var cs []game.Continuous
	for _, a := range ability.OfInstance(game.Ability{Keyword: k}, e) {
		if se, ok := a.(*ability.StaticEffect); ok {
			cs = append(cs, se.Effect)
		}
	}
	if e.kwStatics == nil {
		e.kwStatics = map[string][]game.Continuous{}
	}
	e.kwStatics[k] = cs
	return cs
}

// citeKeywordStatics cites, for each keyword static ability of o whose
// effect applies now, its rule and the layer each part applies in.
func (e *engine) citeKeywordStatics(o *game.Object) {
	for _, se := range all[*ability.StaticEffect](e, o) {
		objs := e.s.AffectedBy(o, se.Effect)
		if len(objs) == 0 {
			continue
		}
		e.s.Cite(e.ref(se), se.Note, o.Label, se.Text)
		c := se.Effect
		c.Static = true
		e.citeLayers(&c, fmt.Sprintf("%s: %s", o.Label, strings.ToLower(se.Keyword)), objs)
	}
}

// citeTurnStatics cites, as a turn begins, the keyword static abilities
// that apply during their controller's turn (702.161a) and now apply.
func (e *engine) citeTurnStatics() {
	for _, o := range e.s.Battlefield() {
		for _, a := range o.Abilities() {
			if len(e.keywordStatics(a.Keyword)) > 0 {
				e.citeKeywordStatics(o)
				break
			}
		}
	}
}

// citeStatics cites, for each static ability of a permanent's text that
// has a continuous effect, the layer each part applies in and what it
// applies to now (611.3a: it applies at any moment to what its text
// names).
func (e *engine) citeStatics(o *game.Object) {
	e.citeKeywordStatics(o)
	for _, ef := range textEffects(o) {
		if ef.Verb != "static" {
			continue
		}
		c := *ef.Cont
		c.Static = true
		objs := e.s.AffectedBy(o, c)
		var names []string
		for _, x := range objs {
			names = append(names, x.Label)
		}
		if len(names) == 0 {
			names = []string{"no permanent now"}
		}
		e.citeLayers(&c, fmt.Sprintf("%s: %q applies to %s", o.Label, ef.Text, strings.Join(names, ", ")), objs)
	}
}
