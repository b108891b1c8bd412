package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Activating an ability (602 today, 409 in 2006), for activated
// abilities printed on cards ("{2}, {T}: Draw a card.").
var (
	phActivate    = []string{"to activate an ability is to put it onto the stack and pay its costs", "announces that he or she is playing the spell or activated ability", "announces that he or she is playing the spell or ability", "to play a mana ability, the player announces"}
	phController  = []string{"only an object's controller (or its owner, if it doesn't have a controller) can activate", "only an object's controller", "announces that he or she is playing the spell or activated ability"}
	phManaAbility = []string{"an activated mana ability doesn't go on the stack", "resolves immediately after it is played and doesn't go on the stack", "it resolves immediately and doesn't go on the stack"}
	phSnowMana    = []string{"the snow mana symbol {s} represents"}
	phRestricted  = []string{"has a restriction on its use"}
	phLastKnown   = []string{"the effect uses the current information of that object"}
	phSorceryAb   = []string{"activated abilities that read \"activate only as a sorcery\" mean", "activate only as a sorcery", "activate this ability only any time you could cast a sorcery", "play this ability only any time you could play a sorcery\" mean"}
)

// printedAbility reads which printed activated ability a statement
// activates: "" for the first, "ability N" for the N-th (from 1).
func printedAbility(v string) (int, bool) {
	if v == "" {
		return 0, true
	}
	n, ok := strings.CutPrefix(v, "ability ")
	if !ok {
		return 0, false
	}
	k, err := strconv.Atoi(strings.TrimSpace(n))
	return k - 1, err == nil && k > 0
}

// activateText activates o's n-th printed activated ability: the
// player must control o, follow its timing, choose its targets, and pay
// its whole cost (mana, {T}, sacrifices, life…) or nothing; the ability
// then goes on the stack, its source's targets become targets of an
// ability, and it resolves like a spell's instruction, checking its
// targets again.
func (e *engine) activateText(st *Stmt, p *game.Player, o *game.Object, n int) error {
	var printed []*ability.Activated
	for _, a := range ability.All[*ability.Activated](o, e) {
		if a.Do != nil && a.Keyword == "" {
			printed = append(printed, a)
		}
	}
	if n >= len(printed) {
		if len(printed) == 0 {
			return refuse("%s has no activated ability", o.Label)
		}
		return refuse("%s has %d activated %s", o.Label, len(printed), plural(len(printed), "ability"))
	}
	return e.activateAbility(st, p, o, printed[n])
}

// activateAbility activates a, an ability of o with an effect of card
// text (printed, or compiled from a keyword's definition).
func (e *engine) activateAbility(st *Stmt, p *game.Player, o *game.Object, a *ability.Activated) error {
	// A mana ability too: it is activated "whenever they have
	// priority" or while a payment asks for mana (605.3a; 411.2 in
	// 2006), neither of which a statement of its own in the cleanup
	// step is.
	if err := e.priority("activate an ability"); err != nil {
		return err
	}
	if a.From != game.Battlefield && (o.Zone != a.From || o.Owner != p) {
		// Cycling from the hand, scavenge from the graveyard: the
		// keyword's rule says where it functions.
		return refuse("%s is not in %s's %s: its %s ability is activated only from there (%s)", o.Label, p.Name, strings.TrimPrefix(e.zone(a.From), "the "), strings.ToLower(a.Keyword), e.ref(a, "functions only while", "only if this card is in your hand").ID)
	}
	if a.From == game.Battlefield && (o.Zone != a.From || o.Controller() != p) {
		return refuse("%s is not a permanent %s controls: only its controller can activate its abilities (%s)", o.Label, p.Name, e.rules.Find(phController...).ID)
	}
	if a.Do.Verb != "addmana" {
		if err := e.stackLocked(false); err != nil {
			return err
		}
	}
	if a.Sorcery && (e.s.ActivePlayer() != p || e.s.Top() != nil || e.s.Step != "main") {
		return refuse("%q can be activated only as a sorcery: in its controller's main phase with an empty stack (%s)", o.Label+": "+a.Cost.String(), e.rules.Find(phSorceryAb...).ID)
	}
	if err := e.limits(p, o, a); err != nil {
		return err
	}
	ab := &game.Object{Label: o.Label + " ability", Owner: p, BaseController: p, Card: o.Card, Zone: game.Stack,
		Ability: &game.AbilityInfo{Source: o, Activated: true, Keyword: o.Label, Text: a.Says(), Rule: e.rules.Find(phActivate...)}}
	steps := []string{fmt.Sprintf("%s activates %s's ability %q and puts it on the stack", p.Name, o.Label, a.Cost.String()+": "+a.Says())}
	if a.Keyword != "" {
		steps[0] = fmt.Sprintf("%s activates %s's %s ability %q and puts it on the stack", p.Name, o.Label, strings.ToLower(a.Keyword), a.Cost.String()+": "+a.Says())
	}
	if a.Do.Verb == "addmana" {
		steps[0] = fmt.Sprintf("%s activates %s's mana ability %q", p.Name, o.Label, a.Cost.String()+": "+a.Says())
	}
	// Targets (602.2b: as a spell's, 601.2c).
	var t *game.Target
	if a.Do.Target != "" {
		cl := st.Clause("targeting")
		if cl == nil || len(cl.Names) != 1 {
			return refuse("%q needs a target", a.Do.Text)
		}
		x, err := e.target(cl.Names[0].Text)
		if err != nil {
			return refuse("%v", err)
		}
		if err := e.canTarget(o, p, a.Do.Target, x); err != nil {
			if a.Keyword != "" {
				return refuse("%v (%s)", err, e.ref(a).ID)
			}
			return refuse("%v", err)
		}
		t = &x
		ab.Ability.Targets = []game.Target{x}
		steps = append(steps, "target: "+x.Name())
	} else if st.Clause("targeting") != nil {
		return refuse("%q has no target", a.Do.Text)
	}
	// The total cost (602.2b: 601.2f–h), with X chosen.
	x := 0
	if cl := st.Clause("x"); cl != nil {
		// 602.2b: as for a spell (601.2b), the value of a variable
		// cost is announced; a cost without {X} has none.
		if !a.Cost.Mana.HasX() {
			return refuse("%s's ability has no {X} in its cost: there is no value of X to announce (%s)", o.Label, e.rules.Find(phVariable...).ID)
		}
		x = cl.N
	}
	total := a.Cost.Mana.WithX(x)
	pay := &payment{p: p, src: o}
	if err := e.chooseParts(pay, a.Cost.Parts, st); err != nil {
		return err
	}
	if err := e.chooseMana(pay, total, st); err != nil {
		return err
	}
	// Everything is decided: the ability goes on the stack, the costs
	// are paid.
	e.s.Cite(ab.Ability.Rule, "%s", strings.Join(steps, "; "))
	if a.Keyword != "" {
		e.s.Cite(e.ref(a), "%s means %q", a.Note, a.Cost.String()+": "+a.Says())
	}
	if r := e.rules.Find("the remainder of the process for activating an ability is identical"); !r.IsZero() {
		e.s.Cite(r, "the rest of the activation follows the steps of casting a spell: targets, total cost, payment")
	}
	if a.Sorcery {
		e.s.Cite(e.rules.Find(phSorceryAb...), "%s's ability is activated as a sorcery: in %s's main phase with an empty stack", o.Label, p.Name)
	}
	if a.Limits != (game.Limits{}) {
		e.s.Cite(e.limitsRef(a), "%s's ability %q may be activated: %s", o.Label, a.Cost.String()+": "+a.Do.Text, limitsText(a.Limits))
		e.s.Activations = append(e.s.Activations, game.Activation{Turn: e.s.Turn, Object: o.ID, Ability: a.Cost.String() + ": " + a.Do.Text})
	}
	if total.IsSet() || len(a.Cost.Parts) > 0 {
		e.s.Cite(e.rules.Find(phTotalCost...), "total cost: %s", costString(total, a.Cost.Parts))
	}
	if a.Do.Verb == "addmana" {
		// A mana ability: no target, it adds mana; it doesn't use the
		// stack and resolves at once (605.3b; 411.1 in 2006).
		e.settle(pay, total, e.rules.Find(phPay...))
		m := e.produced(o, a.Do.Mana)
		p.Pool = p.Pool.Plus(m)
		e.s.Cite(e.rules.Find(phManaAbility...), "%s's mana ability resolves at once, without the stack: %s adds %s", o.Label, p.Name, m)
		return nil
	}
	ef, src := *a.Do, o
	if ef.ExiledPower {
		// The card exiled to pay the cost, as it last existed (608.2h).
		for _, x := range pay.exile {
			ef.N = x.Power()
		}
	}
	// "Equal to the tapped creature's power": its power as the ability
	// resolves, or as it last existed on the battlefield (608.2h).
	var tapped *game.Object
	lastPower := 0
	if ef.TappedPower {
		for _, x := range pay.tapped {
			tapped, lastPower = x, x.Power()
		}
	}
	e.s.Push(ab)
	if ef.Verb == "exchange" {
		// "You may exchange …": its controller may decline as it
		// resolves.
		e.mays[ab] = true
	}
	e.settle(pay, total, e.rules.Find(phPay...))
	if ef.X {
		// "deals X damage": the X announced as it was activated.
		ef.N, ef.X = x, false
	}
	ab.Ability.Resolve = func(s *game.State, self *game.Object) {
		if t != nil && !e.legal(src, ef.Target, *t) {
			e.s.Cite(e.rules.Find(phAllIllegal...), "the target of %s's ability, %s, is no longer legal: the ability doesn't resolve", src.Label, t.Name())
			return
		}
		if tapped != nil {
			ef.N = lastPower
			if e.s.FindIn(tapped.Label, game.Battlefield) == tapped {
				ef.N = tapped.Power()
			}
			e.s.Cite(e.rules.Find(phLastKnown...), "%s's ability: %s's power is %d", src.Label, tapped.Label, ef.N)
		}
		e.returned, e.created = nil, nil
		d := doing{src: src, from: src.Label + "'s ability"}
		e.effect(d, ef, t)
		e.then(d, a.Then)
	}
	if t != nil && t.Object != nil {
		e.fire(t.Object, ability.BecomesTarget, ab)
	}
	return nil
}

// limits refuses an activation a's restrictions on its use forbid
// (602.5): only if o attacked this turn, only during p's upkeep, only
// once each turn or only once, counted for o whoever controlled it
// (602.5b). A keyword's restriction cites its rule, card text's the
// general one.
func (e *engine) limits(p *game.Player, o *game.Object, a *ability.Activated) error {
	if a.Limits == (game.Limits{}) {
		return nil
	}
	see := func(phrase string) string { return e.limitsRef(a, phrase).ID.String() }
	what := fmt.Sprintf("%q", o.Label+": "+a.Cost.String())
	if a.Keyword != "" {
		what = fmt.Sprintf("%s's %s ability", o.Label, strings.ToLower(a.Keyword))
	}
	key := a.Cost.String() + ": " + a.Do.Text
	switch {
	case a.Attacked && !e.s.Happened(string(ability.Attacks), func(h game.Happened) bool { return h.Object == o.ID }):
		return refuse("%s can be activated only if %s attacked this turn, and it has not (%s)", what, o.Label, see("attacked this turn"))
	case a.AttachedToCreature && (o.AttachedTo == nil || !o.AttachedTo.Is("Creature")):
		return refuse("%s can be activated only if %s is attached to a creature (%s)", what, o.Label, see("attached to a creature"))
	case a.Upkeep && (e.s.ActivePlayer() != p || e.s.Step != "upkeep"):
		return refuse("%s can be activated only during %s's upkeep (%s)", what, p.Name, see("upkeep"))
	case a.OnceEachTurn && e.s.Activated(o.ID, key, false) > 0:
		return refuse("%s can be activated only once each turn, and it was this turn (%s)", what, see("once each turn"))
	case a.Once && e.s.Activated(o.ID, key, true) > 0:
		return refuse("%s can be activated only once, and it was (%s)", what, see("only once"))
	}
	return nil
}

// limitsRef is the rule of a's restrictions: its keyword's subrule
// with phrase, or the general rule of restrictions on use (602.5b).
func (e *engine) limitsRef(a *ability.Activated, phrase ...string) game.Ref {
	if a.Keyword != "" {
		if r := e.ref(a, phrase...); !r.IsZero() {
			return r
		}
	}
	return e.rules.Find(phRestricted...)
}

// limitsText says which restrictions an activation met.
func limitsText(l game.Limits) string {
	var out []string
	if l.Attacked {
		out = append(out, "it attacked this turn")
	}
	if l.Upkeep {
		out = append(out, "it is its controller's upkeep")
	}
	if l.OnceEachTurn {
		out = append(out, "its first activation this turn")
	}
	if l.Once {
		out = append(out, "its first activation")
	}
	return strings.Join(out, ", ")
}

// costString prints a total cost: its mana and its other parts.
func costString(mana game.Cost, parts []game.Part) string {
	return game.FullCost{Mana: mana, Parts: parts}.String()
}

// then follows the instructions of an activated ability after its
// first, in order: "it" is the permanent the first returned to the
// battlefield (a new object, 400.7), else the source; "them" the tokens
// the instruction before created.
func (e *engine) then(d doing, then []game.Effect) {
	for _, x := range then {
		if e.returned != nil {
			d.src = e.returned
		}
		d.them = e.created
		var t *game.Target
		if x.Who == "them" && x.Verb == "continuous" {
			// "The tokens gain haste": each of the tokens the
			// instruction before created.
			for _, o := range d.them {
				if e.s.FindIn(o.Label, game.Battlefield) == o {
					e.effect(d, x, &game.Target{Object: o})
				}
			}
			continue
		}
		if x.That {
			if e.s.FindIn(d.src.Label, game.Battlefield) != d.src {
				e.s.Cite(e.rules.Find(phNewObject...), "%s: %s is not on the %s: %q does nothing", d.from, d.src.Label, e.zone(game.Battlefield), x.Text)
				continue
			}
			t = &game.Target{Object: d.src}
		}
		e.effect(d, x, t)
	}
}
