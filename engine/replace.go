package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// The kinds of event a replacement effect watches.
const (
	evMove     = iota // an object would move from one zone to another
	evDraw            // a player would draw a card
	evCounters        // counters would be put on a permanent
	evDamage          // a source would deal damage
)

// An event is something about to happen that replacement effects may
// modify (614.1, 419.1 in 2006): a zone change, a draw, counters put on
// a permanent, damage. The replacement effects that apply change its fields
// (where the object goes, the counters it enters with) or replace it
// outright; then the modified event happens.
type event struct {
	kind     int
	object   *game.Object // the object moving or getting counters
	player   *game.Player // the player drawing
	from, to game.Zone
	cause    string // "discarded", "countered", "resolves", …, for the trace
	// counters are the counters the object enters with (a move to the
	// battlefield) or that are put on it (evCounters), by kind.
	counters map[string]int
	// replaced is set when an effect replaced the event with another
	// (dredge instead of a draw): nothing of the event is left to do.
	replaced bool
	// then run, in order, once the modified event has happened, with
	// the new object (nil for a draw or counters).
	then []func(n *game.Object)
	// asCopy is what the object enters as a copy of, with the
	// exceptions copyExcept (707.5): set by its "enter as a copy"
	// replacement effect, after which the copied text's "enters with"
	// effects apply to the event instead of its own.
	asCopy     *game.Object
	copyExcept *game.CopyExcept
	// source, target and amount are those of damage.
	source *game.Object
	target game.Target
	amount int
}

// affected is the player who chooses among several replacement effects:
// the affected player, or the affected object's controller, or its owner
// if it has no controller (616.1, 419.9a).
func (ev *event) affected() *game.Player {
	if ev.kind == evDamage {
		if ev.target.Player != nil {
			return ev.target.Player
		}
		return ev.target.Object.Controller()
	}
	if ev.object == nil {
		return ev.player
	}
	if ev.object.Controller() != nil {
		return ev.object.Controller()
	}
	return ev.object.Owner
}

// A replacement is a replacement effect ("if … would …, instead"): the
// kind of event it watches, when it applies to one, how it modifies it,
// its source and the rule it implements in the revision run.
//
// Choice is set for an effect its player may apply or not (madness,
// dredge): it applies only when the statement chooses it, by that word
// and, when several objects could offer it, the source's name.
type replacement struct {
	name   string // "flashback", "Hardened Scales", shown in the trace
	kind   int
	source *game.Object
	rule   game.Ref
	choice string
	// self is set for a self-replacement effect, part of a resolving
	// spell's own instructions: applied before the others (616.1a).
	self bool
	// applies returns nil when the effect applies to ev, else why not.
	applies func(ev *event) error
	// apply modifies ev and cites the rule.
	apply func(ev *event)
}

// chosenBy reports whether the statement's choice c ("madness",
// "dredge Stinkweed Imp") chooses r.
func (r *replacement) chosenBy(c string) bool {
	word, name, _ := strings.Cut(c, " ")
	if r.choice == "" || !strings.EqualFold(word, r.choice) {
		return false
	}
	return name == "" || strings.EqualFold(name, r.source.Label) || strings.EqualFold(name, r.source.Name())
}

// watches reports whether r watches events like ev: counters a creature
// enters with are counters put on it (614.1c, 614.16).
func (r *replacement) watches(ev *event) bool {
	return r.kind == ev.kind || r.kind == evCounters && ev.kind == evMove && ev.to == game.Battlefield
}

// replKey identifies an effect across calls of replacements, which builds
// the effects of static abilities afresh.
type replKey struct {
	name   string
	source *game.Object
}

// replace applies the replacement effects to ev as 616.1 (419.9a) says:
// while effects apply that have not yet applied to this event (an effect
// gets one opportunity per event, 614.5 / 419.6a), the affected player
// chooses one, it modifies the event, and the others are checked again
// against the modified event. The statement's "order" clause says which
// the player chooses first, by source; otherwise the first that applies,
// the object's own effects before others. Effects a player may choose
// (madness, dredge) apply only when the statement chooses them; a chosen
// effect that does not apply refuses the statement, before anything
// happens.
func (e *engine) replace(ev *event, chosen ...string) error {
	for _, c := range chosen {
		var r *replacement
		for _, x := range e.replacements(ev) {
			if x.chosenBy(c) {
				r = x
				break
			}
		}
		if r == nil {
			return refuse("no %s effect applies to this event", c)
		}
		if err := r.applies(ev); err != nil {
			return refuse("%s can't apply: %v", r.name, err)
		}
	}
	isChosen := func(r *replacement) bool {
		if r.choice == "" {
			return true
		}
		for _, c := range chosen {
			if r.chosenBy(c) {
				return true
			}
		}
		return false
	}
	done := map[replKey]bool{}
	for range 20 {
		var cands []*replacement
		for _, r := range e.replacements(ev) {
			if !done[replKey{r.name, r.source}] && isChosen(r) && r.applies(ev) == nil {
				cands = append(cands, r)
			}
		}
		if len(cands) == 0 || ev.replaced {
			return nil
		}
		if i := slices.IndexFunc(cands, func(r *replacement) bool { return r.self }); i >= 0 && len(cands) > 1 {
			e.s.Cite(e.rules.Find(phSelfFirst...), "%s is a self-replacement effect: it applies before the others", cands[i].name)
			cands = []*replacement{cands[i]}
		}
		r := cands[0]
		if len(cands) > 1 {
			r = e.chooseReplacement(ev, cands)
		}
		done[replKey{r.name, r.source}] = true
		r.apply(ev)
	}
	return nil
}

// chooseReplacement is the affected player's choice among several
// effects: the first of the statement's "order" clause that applies, or
// else the first.
func (e *engine) chooseReplacement(ev *event, cands []*replacement) *replacement {
	r, how := cands[0], "the first that applies, as no order is given"
	if e.cur != nil {
		if cl := e.cur.Clause("order"); cl != nil {
		found:
			for _, n := range cl.Names {
				for _, c := range cands {
					if c.source != nil && (strings.EqualFold(n.Text, c.source.Label) || strings.EqualFold(n.Text, c.source.Name())) {
						r, how = c, "as the script orders"
						e.ordered = true
						break found
					}
				}
			}
		}
	}
	names := make([]string, len(cands))
	for i, c := range cands {
		names[i] = c.name
	}
	p := ev.affected()
	e.s.Cite(e.rules.Find(phReplaceChoice...), "%d replacement effects apply to one event (%s): %s chooses %s first, %s", len(cands), strings.Join(names, ", "), p.Name, r.name, how)
	return r
}

// replacements returns the replacement effects that watch events of
// ev's kind: those created by spells (flashback), then those of the
// object itself (madness, modular, sunburst, amplify), of the cards in
// the drawing player's graveyard (dredge), and of the permanents on the
// battlefield (static abilities such as "that many plus one").
func (e *engine) replacements(ev *event) []*replacement {
	out := slices.Clone(e.effects)
	switch ev.kind {
	case evMove:
		for _, r := range all[*ability.Instead](e, ev.object) {
			if r.Watch == "discard" {
				out = append(out, e.discardInstead(ev.object, r))
			}
		}
		if ev.to == game.Battlefield && !ev.object.Copy {
			if c, ok := e.asCopy(ev.object); ok {
				out = append(out, e.entersAsCopy(ev.object, c))
			}
			out = append(out, e.entersWith(ev.object, ev.asCopy)...)
		}
	case evDamage:
		if o := ev.target.Object; o != nil {
			for i, p := range all[*ability.Prevents](e, o) {
				out = append(out, e.prevents(o, p, i))
			}
		}
	case evDraw:
		for _, o := range ev.player.Zone(game.Graveyard) {
			for _, r := range all[*ability.Instead](e, o) {
				if r.Watch == "draw" {
					out = append(out, e.drawInstead(o, r))
				}
			}
		}
	}
	for _, o := range e.s.Battlefield() {
		for _, ef := range textEffects(o) {
			if ef.Verb == "morecounters" {
				out = append(out, e.moreCounters(o, ef))
			}
		}
	}
	return slices.DeleteFunc(out, func(r *replacement) bool { return !r.watches(ev) })
}

// move moves o to zone to, through the replacement effects that watch
// zone changes; it returns the new object, or nil when o ceased to exist
// or the move was replaced. chosen are the effects its player chooses to
// apply ("madness").
func (e *engine) move(o *game.Object, to game.Zone, controller *game.Player, cause string, chosen ...string) (*game.Object, error) {
	return e.moveWith(o, to, controller, cause, map[string]int{}, chosen...)
}

// moveWith is move for an object that enters with counters (an effect
// that returns it "with a -1/-1 counter on it"), to which the
// replacement effects may add.
func (e *engine) moveWith(o *game.Object, to game.Zone, controller *game.Player, cause string, counters map[string]int, chosen ...string) (*game.Object, error) {
	ev := &event{kind: evMove, object: o, from: o.Zone, to: to, cause: cause, counters: counters}
	if err := e.replace(ev, chosen...); err != nil {
		return nil, err
	}
	if ev.replaced {
		return nil, nil
	}
	merged := o.Merged
	n := e.s.Move(o, ev.to, controller, false)
	e.becomeCopy(n, ev)
	e.citeComponents(o.Label, merged, ev.to)
	if n != nil && len(ev.counters) > 0 {
		put := countersPut{by: n.Controller()}
		for _, k := range slices.Sorted(maps.Keys(ev.counters)) {
			put.before(n, k)
			n.AddCounters(k, ev.counters[k])
		}
		if r := e.rules.Find(phEntersCounters...); !r.IsZero() && n.Zone == game.Battlefield {
			// An object given counters as it enters has them put on it
			// (122.6; 200.10c from 2008-07-15, none before), by its controller
			// (122.6a).
			e.s.Cite(r, "%s enters with counters on it: they are put on it by %s", n.Label, put.by.Name)
			e.countersPut(n, put)
		}
	}
	if n != nil && n.Zone == game.Battlefield && n.Is("Battle") {
		e.battleEnters(n)
	}
	for _, f := range ev.then {
		f(n)
	}
	return n, nil
}

// putCounters makes player by put n counters of a kind on permanent o,
// through the replacement effects that watch counters (614.16): one
// event, however many counters and kinds it ends up putting.
func (e *engine) putCounters(o *game.Object, kind string, n int, by *game.Player) {
	e.putCounterKinds(o, map[string]int{kind: n}, by)
}

// putCounterKinds puts counters of several kinds on o at once, one
// event (proliferate's "one additional counter of each kind", 701.34a).
func (e *engine) putCounterKinds(o *game.Object, kinds map[string]int, by *game.Player) {
	ev := &event{kind: evCounters, object: o, counters: kinds}
	e.replace(ev)
	put := countersPut{by: by}
	// In a fixed order (a map's is random): the trace, and what
	// triggers, must not change from one run to the next.
	for _, k := range slices.Sorted(maps.Keys(ev.counters)) {
		v := ev.counters[k]
		put.before(o, k)
		o.AddCounters(k, v)
		r := e.rules.Find(phCounters...)
		if r.IsZero() {
			// Before 2003-07-01 (200.10) the glossary defines counters.
			r = e.rules.Glossary("Counter", "a counter is a marker placed on")
		}
		e.s.Cite(r, "%d %s %s put on %s", v, k, counterNoun(v), o.Label)
	}
	if o.Zone == game.Battlefield {
		e.countersPut(o, put)
	}
}

// exileAfter is the effect of a spell cast for an alternative cost that
// exiles it (flashback): exiled instead of put anywhere else, whatever
// way it leaves the stack.
func (e *engine) exileAfter(spell *game.Object, a *ability.AltCost) *replacement {
	rule := e.ref(a, "instead of putting it anywhere else")
	kw := strings.ToLower(a.Keyword)
	return &replacement{name: kw, kind: evMove, source: spell, rule: rule,
		applies: func(ev *event) error {
			if ev.object != spell || ev.from != game.Stack || ev.to == game.Exile {
				return fmt.Errorf("%s is not leaving the stack", spell.Name())
			}
			return nil
		},
		apply: func(ev *event) {
			e.s.Cite(rule, "%s: %s would be put into %s (%s); it %s instead", kw, spell.Name(), e.zone(ev.to), ev.cause, e.exiled(a.Keyword))
			ev.to = game.Exile
		}}
}

// exileInstead is the replacement effect an instruction creates for
// permanent o ("If it would leave the battlefield, exile it instead of
// putting it anywhere else", 614.1a): whatever way o would leave the
// battlefield, destroyed, sacrificed, returned to a hand or put into a
// graveyard by a state-based action, it is exiled instead. The new
// object o becomes anywhere else is not the object the effect names
// (400.7).
func (e *engine) exileInstead(o *game.Object, from string) *replacement {
	rule := e.rules.Find(phInstead...)
	return &replacement{name: from, kind: evMove, source: o, rule: rule,
		applies: func(ev *event) error {
			if ev.object != o || ev.from != game.Battlefield || ev.to == game.Exile {
				return fmt.Errorf("%s is not leaving the %s for another zone than exile", o.Label, e.zone(game.Battlefield))
			}
			return nil
		},
		apply: func(ev *event) {
			e.s.Cite(rule, "%s: %s would be put into %s (%s); it is %s instead", from, o.Label, e.zone(ev.to), ev.cause, e.term("exiled", "removed from the game"))
			ev.to = game.Exile
		}}
}

// madness: a discarded card with madness may be exiled instead of put
// into the graveyard; then it triggers, and its owner may cast it.
func (e *engine) discardInstead(o *game.Object, r *ability.Instead) *replacement {
	rule := e.ref(r)
	return &replacement{name: strings.ToLower(r.Keyword), kind: evMove, source: o, rule: rule, choice: r.Choice,
		applies: func(ev *event) error {
			if ev.object != o || ev.cause != "discarded" || ev.to != game.Graveyard {
				return fmt.Errorf("%s is not being discarded", o.Label)
			}
			return nil
		},
		apply: func(ev *event) {
			e.s.Cite(rule, r.Note, o.Owner.Name, o.Label, e.exiled(r.Keyword))
			ev.to = game.Exile
			ev.then = append(ev.then, func(n *game.Object) { e.madnessTrigger(n, r) })
		}}
}

// dredge N: if its owner would draw a card, they may instead mill N
// cards and return this card from the graveyard to their hand; not with
// fewer than N cards in the library.
func (e *engine) drawInstead(o *game.Object, r *ability.Instead) *replacement {
	rule := e.ref(r)
	n := r.N
	kw := strings.ToLower(r.Keyword)
	return &replacement{name: kw + " of " + o.Label, kind: evDraw, source: o, rule: rule, choice: r.Choice,
		applies: func(ev *event) error {
			if ev.player != o.Owner || o.Zone != game.Graveyard {
				return fmt.Errorf("%s is not in %s's graveyard", o.Label, ev.player.Name)
			}
			if lib := len(ev.player.Zone(game.Library)); lib < n {
				return fmt.Errorf("%s %d needs at least %d cards in %s's library, which has %d (%s)", kw, n, n, ev.player.Name, lib, e.ref(r, r.AtLeast...).ID)
			}
			return nil
		},
		apply: func(ev *event) {
			ev.replaced = true
			p := ev.player
			for range n {
				e.s.Move(p.Zone(game.Library)[0], game.Graveyard, nil, false)
			}
			e.s.Move(o, game.Hand, nil, false)
			verb := "puts the top %d cards of their library into their graveyard"
			if e.defines(r.Keyword, "mill") {
				verb = "mills %d cards"
			}
			e.s.Cite(rule, "%s %d: instead of drawing, %s "+verb+" and returns %s to their hand", kw, n, p.Name, n, o.Label)
		}}
}

// phEntersWith finds the rule that "[this permanent] enters with"
// is a replacement effect (614.1c; 419.1b in 2006; before 2003-07-01
// 410.10e, a static ability whose effect occurs as part of the event).
var phEntersWith = []string{`effects that read "[this permanent] enters with`, `effects that read "[this permanent] enters the battlefield with`, `effects that read "[this permanent] comes into play with`, `have text that reads "[this permanent] comes into play with`}

// entersWith are the effects of a permanent's own abilities that make it
// enter with counters (614.1c, 419.1b): modular, sunburst, amplify; for
// one entering as a copy of copied (707.5), the copied text's.
func (e *engine) entersWith(o, copied *game.Object) []*replacement {
	text := o
	if copied != nil {
		text = copied
	}
	var out []*replacement
	self := func(ev *event) error {
		if ev.object != o {
			return fmt.Errorf("%s is not entering", o.Label)
		}
		return nil
	}
	var paid game.Mana
	if o.Spell != nil {
		paid = o.Spell.Paid
	}
	for _, ef := range o.Face().Effects {
		if ef.Verb != "kickcounters" || o.Spell == nil {
			continue
		}
		rule := e.rules.Find(phEntersWith...)
		kind, n := ef.Name, 0
		for _, a := range all[*ability.AddCost](e, o) {
			if a.Kicks {
				n += o.Spell.TimesPaid(a.Choice)
			}
		}
		out = append(out, &replacement{name: o.Label, kind: evMove, source: o, rule: rule, self: true, applies: self, apply: func(ev *event) {
			ev.counters[kind] += n
			e.s.Cite(rule, "%s was kicked %d %s, so it enters with %d %s counters", o.Label, n, plural(n, "time"), n, kind)
		}})
	}
	seen := map[string]int{}
	for _, w := range all[*ability.EntersWith](e, text) {
		rule := e.ref(w)
		if w.Kind != "" {
			// Each instance is an effect of its own (702.136b).
			r := e.entersWithCounters(o, w, paid, self)
			if seen[r.name]++; seen[r.name] > 1 {
				r.name = fmt.Sprintf("%s (%d)", r.name, seen[r.name])
			}
			out = append(out, r)
			continue
		}
		if w.Tapped {
			// "This creature enters tapped" (614.1d): it is tapped as
			// it enters.
			rule := e.rules.Find(w.Rule...)
			out = append(out, &replacement{name: o.Label + " (tapped)", kind: evMove, source: o, rule: rule, applies: self, apply: func(ev *event) {
				e.s.Cite(rule, w.Note, o.Label)
				ev.then = append(ev.then, func(n *game.Object) {
					if n != nil && n.Zone == game.Battlefield {
						n.Tapped = true
					}
				})
			}})
			continue
		}
		out = append(out, &replacement{name: strings.ToLower(w.Keyword), kind: evMove, source: o, rule: rule, applies: self, apply: func(ev *event) {
			switch {
			case w.Per == "colour" && w.SetBy == nil:
				colours := paid.Colors().Count()
				kind := "charge"
				if o.Is("Creature") {
					kind = "+1/+1"
				}
				ev.counters[kind] += colours
				e.s.Cite(rule, w.Note, colours, paid, o.Label, colours, kind)
			case w.Per == "revealed":
				n := len(e.revealed[o.Label])
				ev.counters["+1/+1"] += w.N * n
				e.s.Cite(rule, w.Note, w.N, n, o.Label, w.N*n)
			default:
				n := w.N
				if w.SetBy != nil {
					n = paid.Colors().Count()
					e.s.Cite(e.ref(w.SetBy), w.SetBy.Note, n)
				}
				ev.counters["+1/+1"] += n
				e.s.Cite(rule, w.Note, n, o.Label, n)
			}
		}})
	}
	return out
}

// entersWithCounters is the replacement effect of an "enters with"
// ability read by the grammar (614.1c): N counters, the spell's X, only
// if its condition on the turn's history holds (bloodthirst), or, for a
// "you may have … enter with", unless its controller declines as it
// enters (`resolve; decline`), when riot's gives it haste instead (the
// abilities it Gains).
func (e *engine) entersWithCounters(o *game.Object, w *ability.EntersWith, paid game.Mana, self func(*event) error) *replacement {
	rule := e.ref(w)
	who := strings.ToLower(w.Keyword)
	if who == "" {
		who, rule = o.Card.Name, e.rules.Find(phEntersWith...)
	}
	applies := self
	if w.If != nil {
		applies = func(ev *event) error {
			if err := self(ev); err != nil {
				return err
			}
			if ok, why := e.condition(w.If, o, o.Controller(), nil); !ok {
				return fmt.Errorf("%s: \"if %s\" is false%s", who, w.If.Text, why)
			}
			return nil
		}
	}
	return &replacement{name: who, kind: evMove, source: o, rule: rule, applies: applies, apply: func(ev *event) {
		n := w.N
		if w.Per == "x" && o.Spell != nil {
			n = o.Spell.X
		}
		if w.Per == "phyrexian" {
			// Compleated: the loyalty counters a planeswalker enters
			// with (its printed loyalty, which entering puts on it) less
			// two for each Phyrexian symbol paid with life.
			k := 0
			if o.Spell != nil {
				k = o.Spell.PhyrexianLife
			}
			if k == 0 || o.Card == nil || o.Card.Loyalty == 0 {
				return
			}
			printed := o.Card.Loyalty
			left := max(0, printed+n*k)
			ev.then = append(ev.then, func(p *game.Object) {
				if p != nil && p.Zone == game.Battlefield {
					p.AddCounters(w.Kind, left-p.Counters[w.Kind])
				}
			})
			e.s.Cite(rule, w.Note, who, k, o.Label, left, printed)
			return
		}
		if w.Per == "sacrificed" {
			// Devour: as it enters, its controller sacrifices what the
			// statement's "sacrifice" clause names (checked before it
			// resolved), none without one.
			chosen, _ := e.devourChoice(o, w)
			r := e.defined("Sacrifice", phSacrifice...)
			for _, c := range chosen {
				e.s.Cite(r, "%s: %s sacrifices %s", who, c.Controller().Name, c.Label)
				e.leaveBattlefield(c, game.Graveyard, "sacrificed")
			}
			n *= len(chosen)
			ev.counters[w.Kind] += n
			e.s.Cite(rule, w.Note, who, len(chosen), o.Label, n)
			return
		}
		if w.Opponent {
			// Tribute: its controller chooses an opponent (the next in
			// turn order: a choice among several is not modelled), whose
			// "may" `resolve; decline` declines.
			ctrl, opp := o.Controller(), o.Controller()
			for _, q := range e.s.InGame() {
				if q != ctrl {
					opp = q
					break
				}
			}
			if e.declines() {
				e.s.Cite(rule, "%s: %s chooses %s, who declines to put %d additional %s counters on %s", who, ctrl.Name, opp.Name, n, w.Kind, o.Label)
				return
			}
			ev.counters[w.Kind] += n
			e.s.Cite(rule, w.Note, who, ctrl.Name, opp.Name, n, o.Label)
			return
		}
		if w.May && e.declines() {
			what := "it enters without it"
			if len(w.Gains) > 0 {
				var gains []string
				for _, a := range w.Gains {
					gains = append(gains, strings.ToLower(a.Text))
				}
				what = "it gains " + strings.Join(gains, " and ")
				ev.then = append(ev.then, func(n *game.Object) {
					if n == nil || n.Zone != game.Battlefield {
						return
					}
					e.s.AddEffect(&game.Continuous{Source: n, Label: who, Objects: []*game.Object{n}, Gain: w.Gains})
				})
			}
			e.s.Cite(rule, "%s: %s declines to have %s enter with an additional %s counter: %s", who, o.Controller().Name, o.Label, w.Kind, what)
			return
		}
		ev.counters[w.Kind] += n
		if w.May {
			e.s.Cite(rule, w.Note, who, o.Controller().Name, o.Label)
			return
		}
		e.s.Cite(rule, w.Note, who, o.Label, n)
	}}
}

// devourChoice is what the controller of o, a spell resolving, chooses
// to sacrifice as it enters for its devour ability w: the permanents of
// the resolve statement's "sacrifice" clause, each a creature they
// control, once.
func (e *engine) devourChoice(o *game.Object, w *ability.EntersWith) ([]*game.Object, error) {
	var cl *Clause
	if e.cur != nil {
		cl = e.cur.Clause("sacrifice")
	}
	if cl == nil {
		return nil, nil
	}
	p := o.Controller()
	var out []*game.Object
	for _, nm := range cl.Names {
		c := e.s.FindIn(nm.Text, game.Battlefield)
		if c == nil || c.Controller() != p || !c.Is(w.Sacrifice) || slices.Contains(out, c) {
			return nil, refuse("%s is not a %s %s controls, to sacrifice as %s enters (each chosen once; %s)", nm.Text, strings.ToLower(w.Sacrifice), p.Name, o.Label, e.ref(w).ID)
		}
		out = append(out, c)
	}
	return out, nil
}

// checkDevour checks the "sacrifice" clause of a resolve whose spell has
// devour, before it resolves.
func (e *engine) checkDevour(top *game.Object) error {
	if top.Spell == nil {
		return nil
	}
	for _, w := range all[*ability.EntersWith](e, top) {
		if w.Per == "sacrificed" {
			_, err := e.devourChoice(top, w)
			return err
		}
	}
	return nil
}

// mayEnterWith reports whether the spell o, as it resolves, offers its
// controller the choice of an ability "you may have this permanent enter
// with …" (unleash, riot), which `resolve; decline` declines.
func (e *engine) mayEnterWith(o *game.Object) bool {
	if o.Spell == nil {
		return false
	}
	for _, w := range all[*ability.EntersWith](e, o) {
		if w.May {
			return true
		}
	}
	return false
}

// moreCounters is a static "if one or more +1/+1 counters would be put
// on a creature you control, that many plus N (or twice that many) are
// put on it instead", which modifies counters put on a creature and
// those a creature enters with (614.1c, 614.16).
func (e *engine) moreCounters(src *game.Object, ef game.Effect) *replacement {
	rule := e.rules.Find(phInstead...)
	return &replacement{name: src.Label, kind: evCounters, source: src, rule: rule,
		applies: func(ev *event) error {
			o := ev.object
			if o.Controller() != src.Controller() || !o.Is("Creature") || ev.counters["+1/+1"] == 0 {
				return fmt.Errorf("no +1/+1 counters would be put on a creature %s controls", src.Controller().Name)
			}
			return nil
		},
		apply: func(ev *event) {
			n := ev.counters["+1/+1"]
			m := n + ef.N
			if ef.N == 0 {
				m = 2 * n
			}
			ev.counters["+1/+1"] = m
			e.s.Cite(rule, "%s: %d +1/+1 counters would be put on %s; %d are put on it instead", src.Label, n, ev.object.Label, m)
		}}
}

// prevents is the i-th prevention effect p of object o's own: damage a
// source would deal o is reduced by p.N (615.1; absorb N). Each is an
// effect of its own, with one opportunity per event (616.1).
func (e *engine) prevents(o *game.Object, p *ability.Prevents, i int) *replacement {
	name := o.Label
	if p.Keyword != "" {
		name = strings.ToLower(p.Keyword) + " of " + o.Label
	}
	if i > 0 {
		name += fmt.Sprintf(" (%d)", i+1)
	}
	rule := e.kw(p.Keyword, p.Rule...)
	if p.Keyword == "" {
		rule = e.rules.Find(phPrevent...)
	}
	return &replacement{name: name, kind: evDamage, source: o, rule: rule,
		applies: func(ev *event) error {
			if ev.target.Object != o || ev.amount <= 0 || p.N <= 0 {
				return fmt.Errorf("no damage would be dealt to %s", o.Label)
			}
			return nil
		},
		apply: func(ev *event) {
			e.s.Cite(rule, p.Note, min(p.N, ev.amount), ev.amount, o.Label, ev.source.Label)
			ev.amount -= min(p.N, ev.amount)
		}}
}

// phPrevent finds the rule of prevention effects (615.1; 419.1 in 2006).
var phPrevent = []string{"prevention effects", "prevention effect"}

// kickerDamage is the self-replacement effect of a kicked (or
// bargained) spell whose text says "if this spell was kicked, it deals N
// damage instead": the damage the spell deals is N.
func (e *engine) kickerDamage(spell *game.Object, ef game.Effect) *replacement {
	rule := e.rules.Find(phSelfReplace...)
	return &replacement{name: "kicked " + spell.Name(), kind: evDamage, source: spell, rule: rule, self: true,
		applies: func(ev *event) error {
			if ev.source != spell {
				return fmt.Errorf("%s deals no damage", spell.Name())
			}
			return nil
		},
		apply: func(ev *event) {
			// Kicked, or bargained (its bargain cost paid, 702.166b).
			word := map[bool]string{true: "kicked", false: ef.Name + "ed"}[ef.Name == ""]
			how := word
			for _, a := range all[*ability.AddCost](e, spell) {
				switch {
				case ef.Name == "" && !a.AllModes:
					how = fmt.Sprintf("%s, %s", word, e.ref(a).ID)
				case ef.Name != "" && a.Choice == ef.Name:
					// The subrule that says what "bargained" means.
					how = fmt.Sprintf("%s, %s", word, e.ref(a, "has been").ID)
				}
			}
			e.s.Cite(rule, "%s was %s: it deals %d damage to %s instead of %d (%s)", spell.Name(), word, ef.N, ev.target.Name(), ev.amount, how)
			ev.amount = ef.N
		}}
}

func counterNoun(n int) string {
	if n == 1 {
		return "counter is"
	}
	return "counters are"
}
