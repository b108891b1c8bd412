package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
	"github.com/crules/crules/keyword"
)

// resolveTop resolves the top object of the stack.
func (e *engine) resolveTop(st *Stmt) error {
	top := e.s.Top()
	if top == nil {
		return refuse("the stack is empty")
	}
	if cl := st.Clause("targeting"); cl != nil && top.Ability != nil && e.wants[top] != nil {
		return refuse("the target of %s was chosen when it was put on the stack%s; it can't be chosen as it resolves", trigName(top.Ability), see(e.rules.Find(phTriggerTargets...)))
	}
	if err := e.checkCopy(st, top); err != nil {
		return err
	}
	if _, asCopy := e.asCopy(top); st.Clause("decline") != nil && !e.mays[top] && !e.mayEnterWith(top) && !asCopy && !e.offersUnless(top) {
		return refuse("%s offers no choice to decline (no \"may\", no cost to pay)", stackName(top))
	}
	if err := e.checkWords(st, top); err != nil {
		return err
	}
	if err := e.checkProtector(st, top); err != nil {
		return err
	}
	if err := e.checkLore(st, top); err != nil {
		return err
	}
	if top.Ability != nil && top.Ability.Check != nil {
		if err := top.Ability.Check(e.s, top); err != nil {
			return err
		}
	}
	over, under := st.Clause("over") != nil, st.Clause("under") != nil
	if top.Spell == nil || !top.Spell.Mutating {
		if over || under {
			return refuse("%s is not a mutating creature spell: there is nothing to merge it over or under", stackName(top))
		}
	} else if over && under || !over && !under && e.mutateTargetLegal(top) {
		return refuse("%s merges with its target: its controller chooses whether it is put on top of the creature or under it (\"resolve; over\" or \"resolve; under\", %s)", stackName(top), e.ref(&e.mutates(top).Merge).ID)
	}
	if err := e.checkVentures(st, top); err != nil {
		return err
	}
	if err := e.checkArrange(st, top); err != nil {
		return err
	}
	if err := e.checkChoose(st, top); err != nil {
		return err
	}
	if err := e.checkDevour(top); err != nil {
		return err
	}
	// The top of the stack resolves when all players pass in
	// succession.
	e.passes()
	e.turnEnded = false
	if !top.CombatDamage() {
		// Combat damage cites its own rule (310.4 in 2006-10-01).
		e.s.Cite(e.rules.Find(phResolve...), "%s resolves", stackName(top))
	}
	if top.Ability != nil {
		e.s.Remove(top)
		top.Ability.Resolve(e.s, top)
		return nil
	}
	return e.resolveSpell(top)
}

// checkWords checks the "replace A with B" clause of a resolve: the
// words a text-changing effect of the resolving spell replaces, chosen
// as it resolves (608.2d), of the kind its text names.
func (e *engine) checkWords(st *Stmt, top *game.Object) error {
	kind := ""
	if top.Spell != nil {
		for _, ef := range effects(top.Face(), top.Spell) {
			if ef.Cont != nil && ef.Cont.TextWords != "" {
				kind = ef.Cont.TextWords
			}
		}
	}
	cl := st.Clause("replace")
	switch {
	case cl == nil && kind == "":
		return nil
	case kind == "":
		return refuse("%s changes no text: there are no words to replace", stackName(top))
	case cl == nil:
		return refuse("%s replaces one %s with another, chosen as it resolves: \"resolve; replace A with B\" (%s)", stackName(top), kind, e.rules.Find(phChoices...).ID)
	}
	for _, n := range cl.Names {
		if _, ok := game.TextWord(kind, n.Text); !ok {
			return refuse("%q is not a %s: %s replaces one %s with another", n.Text, kind, stackName(top), kind)
		}
	}
	return nil
}

// phChoices finds the rule on choices made as a spell resolves (608.2d
// today, 413.2c in 2006).
var phChoices = []string{"offers any choices other than choices already made"}

// checkArrange refuses the cards a resolving scry or surveil is told to
// move (`resolve; bottom A`, `graveyard A`, `top A`) when one is not in
// the library of the controller of what resolves, or, for a spell whose
// first instruction is its printed scry (ability.Performs: "Scry 4, then
// draw two cards"), not among the top N cards it looks at. A scry
// printed after other instructions looks at what they leave on top: a
// card named that is not among those stays where it is (arrange).
func (e *engine) checkArrange(st *Stmt, top *game.Object) error {
	looked, rule := -1, ""
	if ps := all[*ability.Performs](e, top); len(ps) > 0 && ps[0].At == 0 {
		looked, rule = ps[0].N, e.kw(ps[0].Keyword, "means").ID.String()
	}
	for _, w := range []string{"bottom", "graveyard", "top"} {
		cl := st.Clause(w)
		if cl == nil {
			continue
		}
		p := top.Controller()
		lib := p.Zone(game.Library)
		opp := e.arrangesOpponent(top)
		for i, n := range cl.Names {
			if slices.ContainsFunc(cl.Names[:i], func(m Name) bool { return strings.EqualFold(m.Text, n.Text) }) {
				return refuse("%s is named twice: each card looked at is put in one place", n.Text)
			}
			o := e.s.FindIn(n.Text, game.Library)
			switch {
			case opp && (o == nil || o.Owner == p):
				return refuse("%s is not in an opponent's library: %s looks only at the top cards of an opponent's library", n.Text, p.Name)
			case !opp && (o == nil || o.Owner != p):
				return refuse("%s is not in %s's library: %s looks only at the top cards of their own library", n.Text, p.Name, p.Name)
			}
			if looked >= 0 && !slices.ContainsFunc(lib[:min(looked, len(lib))], func(o *game.Object) bool { return strings.EqualFold(o.Label, n.Text) }) {
				return refuse("%s is not among the top %d %s of %s's library, which %s looks at (%s)", n.Text, looked, plural(looked, "card"), p.Name, stackName(top), rule)
			}
		}
	}
	return nil
}

// arrangesOpponent reports whether the object resolving looks at the
// top of an opponent's library (fateseal's definition, 701.29a): an
// instruction of its text does, or the definition of a keyword action
// it names.
func (e *engine) arrangesOpponent(top *game.Object) bool {
	for _, ef := range e.resolvingEffects(top) {
		if ef.Verb == "arrange" && ef.Who == "an opponent" {
			return true
		}
	}
	return false
}

// checkChoose refuses the choices of `resolve; choose …` the rules
// don't allow as the object resolving chooses: a creature that isn't
// among those an instruction lets its controller choose (bolster's the
// least toughness, 701.39a; blight's a creature you control, 701.68a),
// or none named among several; a permanent or player with no counter
// for proliferate's (701.34a), or, where it gives "a kind", no `kind`
// named for one with several.
func (e *engine) checkChoose(st *Stmt, top *game.Object) error {
	if top.Ability == nil && top.Spell == nil {
		return nil
	}
	cl := st.Clause("choose")
	p := top.Controller()
	for _, ef := range e.resolvingEffects(top) {
		switch {
		case ef.Verb == "choose" || ef.Verb == "copychosen" || ef.Verb == "putcounters" && ef.Who == "a creature you control":
			later := ef.Verb == "choose"
			if ef.Verb == "putcounters" {
				ef = game.Effect{Verb: "choose", Who: ef.Who}
			}
			cands := e.choosable(p, ef)
			if cl == nil {
				if len(cands) > 1 {
					return refuse("%s chooses one of %s (%s): name it (\"resolve; choose NAME\")", p.Name, strings.Join(labelsOf(cands), ", "), chooseWhat(ef))
				}
				continue
			}
			if len(cands) == 0 && later {
				// The creature may be one an instruction before
				// creates (amass's Army token).
				continue
			}
			if len(cl.Names) != 1 || !slices.ContainsFunc(cands, func(o *game.Object) bool { return strings.EqualFold(o.Label, cl.Names[0].Text) }) {
				return refuse("%s is not %s: %s chooses among %s", cl.Names[0].Text, chooseWhat(ef), p.Name, strings.Join(labelsOf(cands), ", "))
			}
		case ef.Verb == "exileorsacrifice":
			if _, _, err := e.forageChoice(p, ef.N, ef.Name, st); err != nil {
				return err
			}
		case ef.Verb == "addorremove":
			var chosen []Name
			if cl != nil {
				chosen = cl.Names
			}
			for _, nm := range chosen {
				o := e.s.FindIn(nm.Text, game.Battlefield)
				if o == nil || o.Controller() != p || o.Counters[ef.Name] == 0 {
					return refuse("%s is not a permanent %s controls with a %s counter on it", nm.Text, p.Name, ef.Name)
				}
			}
			if rm := st.Clause("remove"); rm != nil {
				for _, nm := range rm.Names {
					if !slices.ContainsFunc(chosen, func(c Name) bool { return strings.EqualFold(c.Text, nm.Text) }) {
						return refuse("%s is not chosen (\"; choose %s\"): no counter is removed from it", nm.Text, nm.Text)
					}
				}
			}
		case ef.Verb == "givecounters":
			if cl == nil {
				continue
			}
			for _, nm := range cl.Names {
				if q, err := e.player(nm.Text); err == nil {
					if q.Poison == 0 {
						return refuse("%s has no counter: only permanents and players that have a counter can be chosen", q.Name)
					}
					continue
				}
				o := e.s.FindIn(nm.Text, game.Battlefield)
				if o == nil {
					return refuse("%s is not a permanent or a player", nm.Text)
				}
				kinds := counterKinds(o)
				if len(kinds) == 0 {
					return refuse("%s has no counter: only permanents and players that have a counter can be chosen", o.Label)
				}
				if ef.Name == "a kind" && len(kinds) > 1 {
					k := st.Clause("kind")
					if k == nil || !slices.Contains(kinds, k.Names[0].Text) {
						return refuse("%s has %s: one additional counter of a kind it already has, chosen (\"; kind KIND\")", o.Label, strings.Join(kinds, ", "))
					}
				}
			}
			if k := st.Clause("kind"); k != nil && ef.Name == "each kind" {
				return refuse("one additional counter of each kind: there is no kind to choose")
			}
		}
	}
	return nil
}

// offersUnless reports whether the object resolving offers its
// controller to do something instead of another (endure's "creates …
// unless they put … counters", 701.63a).
func (e *engine) offersUnless(top *game.Object) bool {
	for _, ef := range e.resolvingEffects(top) {
		if ef.Verb == "createunless" {
			return true
		}
	}
	return false
}

// resolvingEffects are the instructions of the object resolving: its
// text's, and those of the definition of each keyword action it names.
func (e *engine) resolvingEffects(top *game.Object) []game.Effect {
	var efs []game.Effect
	switch {
	case top.Spell != nil:
		efs = effects(top.Face(), top.Spell)
	case top.Ability != nil:
		// An ability's instructions, after its cost or its trigger
		// condition.
		text := top.Ability.Text
		if _, after, ok := strings.Cut(text, ": "); ok && top.Ability.Activated {
			text = after
		} else if _, after, ok := strings.Cut(text, ", "); ok && !strings.Contains(strings.ToLower(text), "look at") {
			text = after
		}
		for _, s := range strings.Split(text, ". ") {
			if ef, err := game.ParseEffect(strings.TrimSuffix(strings.TrimSpace(s), ".")); err == nil {
				efs = append(efs, ef)
			}
		}
	}
	for i := 0; i < len(efs); i++ {
		ef := efs[i]
		if ef.Verb == "action" {
			if r := e.kw(ef.Name, "means"); !r.IsZero() {
				if _, steps, err := ability.CompileMeans(keyword.Normalize(r.Text)); err == nil {
					for _, st := range steps {
						efs = append(efs, st.Effect)
					}
				}
			}
		}
	}
	return efs
}

func stackName(o *game.Object) string {
	if o.CombatDamage() {
		return o.Label
	}
	if o.Ability != nil && o.Ability.Activated {
		return "the ability of " + o.Ability.Source.Label
	}
	if o.Ability != nil {
		return strings.TrimPrefix(trigName(o.Ability), "the ")
	}
	if o.FaceDown {
		return "a face-down spell"
	}
	if o.Copy {
		return "a copy of " + o.Name()
	}
	return o.Name()
}

// legal rechecks a target on resolution.
func (e *engine) legal(spell *game.Object, want string, t game.Target) bool {
	if t.Object != nil && t.Object.Zone == game.Graveyard {
		return false
	}
	if t.Object != nil && t.Object.Zone == game.Stack && !strings.HasSuffix(want, "spell") {
		return false
	}
	if t.Object != nil && e.s.FindIn(t.Object.Label, t.Object.Zone) != t.Object {
		return false
	}
	return e.canTarget(spell, spell.Controller(), want, t) == nil
}

// resolveSpell follows the spell's instructions, the main spell's first
// and then each spliced card's, skipping illegal targets; a spell whose
// targets are all illegal does nothing.
func (e *engine) resolveSpell(spell *game.Object) error {
	info := spell.Spell
	if info.Mutating {
		if e.mutate(spell) {
			return nil
		}
	}
	face := spell.Card
	if spell.Half != nil {
		face = spell.Half
	}
	type step struct {
		ef     game.Effect
		target *game.Target
		// other is the second target of an instruction with two
		// (Effect.Other).
		other *game.Target
		from  string
		// at is the instruction's place among the spell's own
		// (game.Ability.At), -1 for a spliced card's.
		at int
	}
	var steps []step
	ti := 0
	main := effects(face, info)
	if spell.FaceDown {
		main = nil
	}
	for _, ps := range all[*ability.PaidSpell](e, spell) {
		// After the spell's own instructions (awaken's, 702.113a), or
		// before them (gift's, 702.174j).
		if info.WasPaid(ps.Paid) && (!ps.Spells || face.Is("Instant") || face.Is("Sorcery")) {
			main = paidEffects(main, ps)
		}
	}
	if en, ok := first[*ability.Enchants](e, spell); ok {
		main = append([]game.Effect{{Verb: "attach", Target: strings.ToLower(en.What.Text)}}, main...)
	}
	var last *game.Target
	lead := len(main) - len(effects(face, info))
	for i, ef := range main {
		if ef.Verb == "noregen" && len(steps) > 0 {
			// Later text modifies the instruction before it (608.2c):
			// its destruction can't be regenerated.
			steps[len(steps)-1].ef.NoRegen = true
		}
		s := step{ef: ef, from: face.Name, at: i - lead}
		switch {
		case ef.Target != "" && ti < len(info.Targets):
			s.target = &info.Targets[ti]
			last = s.target
			ti++
			if ef.Other != "" && ti < len(info.Targets) {
				s.other = &info.Targets[ti]
				ti++
			}
		case ef.That:
			// "that creature", "it": the target of the instruction
			// before, judged with it.
			s.target = last
		}
		steps = append(steps, s)
	}
	for _, sp := range info.Spliced {
		k := 0
		for _, ef := range sp.Card.Effects {
			s := step{ef: ef, from: sp.Card.Name + " (spliced)", at: -1}
			if ef.Target != "" && k < len(sp.Targets) {
				s.target = &sp.Targets[k]
				k++
			}
			steps = append(steps, s)
		}
	}
	targets, illegal := 0, 0
	for _, s := range steps {
		if s.target != nil && !s.ef.That {
			targets++
			if !e.legal(spell, s.ef.Target, *s.target) {
				illegal++
			}
		}
		if s.other != nil {
			targets++
			if !e.legal(spell, s.ef.Other, *s.other) {
				illegal++
			}
		}
	}
	if targets > 0 && illegal == targets {
		e.s.Cite(e.rules.Find(phAllIllegal...), "all of %s's targets are illegal: it does nothing", spell.Name())
		e.leaveStack(spell, game.Graveyard, "its targets are illegal")
		return nil
	}
	if sp, ok := e.spliced(info); ok {
		e.s.Cite(e.ref(&sp.Order), "%s", sp.Order.Note)
	}
	for _, ef := range face.Effects {
		if ef.Verb == "kickdamage" && (ef.Name == "" && info.Kicked || ef.Name != "" && info.WasPaid(ef.Name)) {
			e.effects = append(e.effects, e.kickerDamage(spell, ef))
		}
	}
	// Scry printed on a spell, the ability of 2004–2007 or the keyword
	// action after: what its definition means, where it is printed
	// among the spell's instructions (before instruction p.At).
	perf, done := all[*ability.Performs](e, spell), 0
	perform := func(upTo int) {
		for ; done < len(perf) && (upTo < 0 || perf[done].At <= upTo); done++ {
			p := perf[done]
			e.keywordAction(doing{src: spell, from: spell.Label}, game.Effect{Verb: "action", Name: p.Keyword, N: p.N}, p.N)
		}
	}
	var illegalNow []*game.Target
	for _, s := range steps {
		perform(s.at)
		if s.ef.That && slices.Contains(illegalNow, s.target) {
			continue
		}
		if s.target != nil && !s.ef.That && s.ef.Other == "" && !e.legal(spell, s.ef.Target, *s.target) {
			e.s.Cite(e.rules.Find(phResolve...), "%s is an illegal target now: that part of the spell does nothing", s.target.Name())
			illegalNow = append(illegalNow, s.target)
			continue
		}
		if s.ef.That && s.target == nil {
			continue
		}
		e.effect(doing{src: spell, from: s.from, other: s.other}, s.ef, s.target)
		if e.turnEnded {
			// The spell itself was exiled as the turn ended (723.1b).
			return nil
		}
	}
	perform(-1)
	if uc, ok := first[*ability.UpkeepCopies](e, spell); ok && !spell.Copy {
		e.upkeepCopies(spell, uc)
	}
	e.ascendSpell(spell)
	if spell.IsPermanent() {
		e.s.Remove(spell)
		e.enter(spell)
		return nil
	}
	for _, a := range all[*ability.AddCost](e, spell) {
		if a.ToHand != nil && info.TimesPaid(a.Choice) > 0 && !spell.Copy {
			e.s.Cite(e.ref(a.ToHand), a.ToHand.Note, spell.Name())
			e.leaveStack(spell, game.Hand, "it resolves")
			return nil
		}
	}
	if x, ok := first[*ability.ExileResolves](e, spell); ok && e.exileResolves(spell, x) {
		return nil
	}
	if !spell.Copy {
		e.s.Cite(e.rules.Find(phNonPerm...), "%s is put into its owner's graveyard as the last step of its resolution", spell.Name())
	}
	e.leaveStack(spell, game.Graveyard, "it resolves")
	return nil
}

// leaveStack moves a spell off the stack, through the replacement
// effects that watch zone changes (a spell cast with flashback is
// exiled instead, whatever way it leaves); cause says why it leaves.
func (e *engine) leaveStack(spell *game.Object, to game.Zone, cause string) *game.Object {
	if sp, ok := e.spliced(spell.Spell); ok {
		e.s.Cite(e.ref(&sp.Loses), sp.Loses.Note, spell.Name())
	}
	n, _ := e.move(spell, to, nil, cause)
	return n
}

// A doing is what follows an instruction: a spell, or the source of an
// ability, and what the trace says of it.
type doing struct {
	src  *game.Object
	from string // the card or ability, as the trace names it
	// rule, name and head are a triggered ability's: its rule, its
	// keyword (or card), and its keyword with its number ("Soulshift
	// 3"); zero for a spell or an activated ability.
	rule       game.Ref
	name, head string
	// blockers are "the blocking creature" of a blocking trigger, and
	// player "that player", the player the triggering event was about.
	blockers []*game.Object
	player   *game.Player
	// them are the tokens an instruction before created, which a
	// delayed "sacrifice them" sacrifices.
	them []*game.Object
	// card is what the source became as its event moved it (a dies
	// trigger's card in the graveyard), nil for none.
	card *game.Object
	// object is "that creature", the object the triggering event was
	// about (a creature attacking alone), nil for none.
	object *game.Object
	// other is the second target of an instruction with two
	// (Effect.Other), nil for none.
	other *game.Target
}

// cite cites the instruction's rule: its triggered ability's, or the
// rule of following a spell's instructions.
func (e *engine) cite(d doing, format string, args ...any) {
	r := d.rule
	if r.IsZero() {
		r = e.rules.Find(phFollow...)
	}
	e.s.Cite(r, format, args...)
}

// effect does one instruction.
func (e *engine) effect(d doing, ef game.Effect, t *game.Target) {
	spell, from := d.src, d.from
	ctrl := spell.Controller()
	if ef.Delayed != "" {
		if ef.Who == "them" && ef.Verb == "exile" && len(e.created) == 0 {
			// "If one or more tokens are created this way" (702.116a):
			// none were.
			e.cite(d, "%s: no token was created: no delayed triggered ability", cmp.Or(d.name, from))
			return
		}
		e.delayed(spell, ef, e.created)
		return
	}
	if e.verb(d, ef, t) {
		return
	}
	switch ef.Verb {
	case "venture":
		e.venture(ctrl, ef.Name, from)
	case "initiative":
		e.takeInitiative(ctrl, from)
	case "addcombat":
		e.addCombat(from)
	case "skipcombat":
		e.skipCombat(t.Player, from)
	case "endturn":
		e.endTheTurn(from)
	case "untapattackers":
		var untapped []string
		for _, o := range e.attacked {
			if e.s.FindIn(o.Label, game.Battlefield) == o && o.Tapped {
				o.Tapped = false
				untapped = append(untapped, o.Label)
			}
		}
		e.s.Cite(e.rules.Find(phFollow...), "%s: the creatures that attacked this turn untap (%s)", from, strings.Join(untapped, ", "))
	case "addmana":
		m := e.produced(spell, ef.Mana)
		for range ef.N - 1 {
			// "add N {R}": N of the symbol.
			m = m.Plus(e.produced(spell, ef.Mana))
		}
		ctrl.Pool = ctrl.Pool.Plus(m)
		e.s.Cite(e.rules.Find(phFollow...), "%s: %s adds %s", from, ctrl.Name, m)
		if ef.KeepCombat {
			ctrl.KeptCombat = ctrl.KeptCombat.Plus(m)
			e.s.Cite(e.rules.Find(phFollow...), "%s: until end of combat, %s doesn't lose %s as steps and phases end", from, ctrl.Name, m)
		}
	case "sacrifice":
		if ef.Who == "them" {
			e.sacrificeThem(d, from)
			return
		}
		if spell.Zone != game.Battlefield || e.s.FindIn(spell.Label, game.Battlefield) != spell {
			e.s.Cite(e.rules.Find(phFollow...), "%s: %s is no longer on the %s: nothing is sacrificed", from, spell.Label, e.zone(game.Battlefield))
			return
		}
		// Sacrifice is a keyword action (701.21a today, 501.6a from
		// 2007-05-01, found by its title), a glossary entry before.
		e.s.Cite(e.defined("Sacrifice", phSacrifice...), "%s: %s sacrifices %s", from, spell.Controller().Name, spell.Label)
		e.leaveBattlefield(spell, game.Graveyard, "sacrificed")
	case "destroy":
		e.destroyAs(t.Object, e.action("Destroy", "to destroy a permanent", "destroyed, or sacrificed is put", "destroyed or sacrificed is put"), from, !ef.NoRegen)
	case "sacrificeperms":
		p := e.sacrificer(spell, ef)
		chosen, _ := e.sacrificeChoice(p, ef.N, ef.Name)
		r := e.defined("Sacrifice", phSacrifice...)
		if len(chosen) == 0 {
			e.cite(d, "%s: %s controls no %ss: nothing is sacrificed", cmp.Or(d.head, from), p.Name, cmp.Or(ef.Name, "permanent"))
		}
		for _, o := range chosen {
			e.s.Cite(r, "%s: %s sacrifices %s", cmp.Or(d.head, from), p.Name, o.Label)
			e.leaveBattlefield(o, game.Graveyard, "sacrificed")
		}
	case "exiletop":
		if p := d.player; p != nil {
			lib := p.Zone(game.Library)
			if len(lib) == 0 {
				e.cite(d, "%s: %s's library is empty: nothing is exiled", cmp.Or(d.name, from), p.Name)
				return
			}
			top := lib[0]
			e.cite(d, "%s: %s exiles %s, the top card of their library", cmp.Or(d.name, from), p.Name, top.Label)
			e.move(top, game.Exile, nil, "exiled")
		}
	case "pump":
		whos := []*game.Object{spell}
		switch ef.Who {
		case "the blocking creature":
			whos = d.blockers
		case "that creature":
			whos = nil
			if d.object != nil {
				whos = []*game.Object{d.object}
			}
		case "each other attacking creature":
			whos = nil
			for _, a := range e.s.Combat.Attackers {
				if a != spell {
					whos = append(whos, a)
				}
			}
		}
		p, tt := ef.P, ef.T
		switch ef.For {
		case "creature blocking it beyond the first":
			k := max(0, len(e.s.Combat.Blockers[spell])-1)
			p, tt = p*k, tt*k
		case "opponent you attacked with a creature this combat":
			// Players, not creatures: each opponent attacked by at
			// least one creature declared as an attacker, counted as
			// it resolves.
			k := 0
			for _, o := range e.s.Combat.PlayersAttacked {
				if o != ctrl {
					k++
				}
			}
			e.cite(d, "%s: %s attacked %d opponents with creatures this combat", d.name, ctrl.Name, k)
			p, tt = p*k, tt*k
		}
		for _, w := range whos {
			if w.Zone != game.Battlefield || e.s.FindIn(w.Label, game.Battlefield) != w {
				continue
			}
			c := &game.Continuous{Source: spell, Label: cmp.Or(d.name, from), Objects: []*game.Object{w}, AddPT: true, P: p, T: tt, UntilEOT: ef.UntilEOT}
			e.s.AddEffect(c)
			if d.rule.IsZero() {
				// A spell's or an activated ability's: the layer it
				// applies in, as any continuous effect's.
				e.citeLayers(c, fmt.Sprintf("%s: %q applies to %s", from, ef.Text, w.Label), c.Objects)
				continue
			}
			np, nt := w.PT()
			e.cite(d, "%s: %s gets %+d/%+d until end of turn (now %d/%d)", d.name, w.Label, p, tt, np, nt)
		}
	case "return":
		e.s.Move(t.Object, game.Hand, nil, false)
		e.cite(d, "%s: %s returns from the graveyard to its owner's hand", cmp.Or(d.head, from), t.Object.Label)
	case "mustblock":
		e.s.Requirements = append(e.s.Requirements, game.Requirement{Blocker: t.Object, Attacker: spell, Rule: d.rule})
		e.cite(d, "%s: %s must block %s this combat if able", cmp.Or(d.name, from), t.Object.Label, spell.Label)
	case "poison":
		if d.player != nil {
			d.player.Poison += ef.N
			e.cite(d, "%s: %s gets %d poison counters", cmp.Or(d.head, from), d.player.Name, ef.N)
		}
	case "counter":
		// 701.6a today, a keyword action that Find does not search;
		// 414.1 in 1999.
		r := e.rules.FindUnder([]string{"Counter"}, phCounter...)
		if r.IsZero() {
			r = e.rules.Find(phCounter...)
		}
		e.s.Cite(r, "%s counters %s", from, t.Object.Name())
		e.leaveStack(t.Object, game.Graveyard, "countered")
	case "newtargets":
		// "You may choose new targets for the copy" (707.10c): the
		// player may leave the targets unchanged, which the copy
		// keeps; no script chooses others.
		e.s.Cite(e.rules.Find(phKeepTargets...), "%s: %s leaves the copy's targets unchanged", from, ctrl.Name)
	case "copy":
		c := e.copySpell(t.Object, ctrl, from)
		if ef.Except != nil {
			c.Card = ef.Except.Apply(c.Card)
			_, except, _ := strings.Cut(ef.Text, "except ")
			e.s.Cite(e.rules.Find(phCopyExcept...), "%s's copiable values: %s's, except %s", c.Label, t.Object.Name(), except)
		}
		if c.IsPermanent() {
			if r := e.rules.Find(phCopyPermanent...); !r.IsZero() {
				e.s.Cite(r, "%s is a copy of a permanent spell: as it resolves it will become a token permanent", c.Label)
			}
		}
	case "continuous":
		e.continuous(spell, ef, t, from)
	case "attach":
		if spell.Zone != game.Battlefield {
			// An Aura spell resolving: it enters attached.
			spell.AttachedTo = t.Object
			return
		}
		// An ability of a permanent attaches it (equip, fortify).
		if e.s.FindIn(spell.Label, game.Battlefield) != spell {
			e.s.Cite(e.rules.Find(phFollow...), "%s: %s is no longer on the %s: nothing is attached", from, spell.Label, e.zone(game.Battlefield))
			return
		}
		if spell.Is("Creature") && t.Object.Is("Creature") && !slices.ContainsFunc(ability.Of(spell, e), ability.StopsBeingCreature) {
			// 301.5c (212.2i before 2009): an Equipment that's also a
			// creature can't equip a creature, unless it has
			// reconfigure, whose ability makes it stop being one.
			e.s.Cite(e.rules.Find(phEquipCreature...), "%s is also a creature and can't equip %s: it is not attached", spell.Label, t.Object.Label)
			return
		}
		e.attach(spell, t.Object, e.actionOr("Attach", "to attach an aura, equipment, or fortification", "to attach an equipment"))
	case "unattach":
		// 701.3d: the Equipment stays on the battlefield, equipping
		// nothing.
		r := e.action("Attach", "from a creature means to move it away from that creature")
		if e.s.FindIn(spell.Label, game.Battlefield) != spell || spell.AttachedTo == nil {
			e.s.Cite(r, "%s: %s is attached to nothing: nothing happens", from, spell.Label)
			return
		}
		e.s.Cite(r, "%s: %s is unattached from %s and stays on the battlefield", from, spell.Label, spell.AttachedTo.Label)
		e.unattach(spell)
		e.citeStatics(spell)
	case "reenter":
		e.reenter(t.Object, ef, from)
	case "sacrificeunless":
		e.sacrificeUnless(d, ef)
	case "returnlinked":
		e.returnLinked(d)
	case "exileinstead":
		if t != nil && t.Object != nil {
			e.effects = append(e.effects, e.exileInstead(t.Object, from))
			e.s.Cite(e.rules.Find(phInstead...), "%s: %q is a replacement effect for %s until it leaves %s", from, ef.Text, t.Object.Label, e.term("the battlefield", "play"))
		}
	case "pay":
		e.mayPay(d, ef)
	case "drain":
		lost := 0
		for _, q := range e.players(d, ef, t) {
			q.Life -= ef.N
			lost += ef.N
			e.cite(d, "%s: %s loses %d life", cmp.Or(d.name, from), q.Name, ef.N)
			e.firePlayer(q, ability.LosesLife, nil)
		}
		ctrl.Life += lost
		e.cite(d, "%s: %s gains %d life, the total life lost this way", cmp.Or(d.name, from), ctrl.Name, lost)
		e.firePlayer(ctrl, ability.GainsLife, nil)
	}
}

// sacrificeUnless follows "sacrifice it unless you pay COST": the
// source's controller pays it, unless the statement declines or they
// can't; then the source is sacrificed if it is still on the
// battlefield.
func (e *engine) sacrificeUnless(d doing, ef game.Effect) {
	o, p := d.src, d.src.Controller()
	if e.s.FindIn(o.Label, game.Battlefield) != o {
		e.cite(d, "%s: %s is no longer on the %s: there is nothing to sacrifice or pay for", cmp.Or(d.name, d.from), o.Label, e.zone(game.Battlefield))
		return
	}
	cost, parts, what := e.unlessCost(o, ef, 0)
	switch pay, err := e.payNow(p, o, cost, parts); {
	case e.declines():
		e.cite(d, "%s: %s chooses not to pay %s", cmp.Or(d.name, d.from), p.Name, what)
	case err != nil:
		e.cite(d, "%s: %s can't pay %s (%v)", cmp.Or(d.name, d.from), p.Name, what, err)
	default:
		e.settle(pay, cost, d.rule)
		e.cite(d, "%s: %s paid %s: %s stays", cmp.Or(d.name, d.from), p.Name, what, o.Label)
		if len(pay.exiled) > 0 {
			// The cards exiled are linked to the source (607.2a).
			e.linked[o] = append(e.linked[o], pay.exiled...)
		}
		return
	}
	e.effect(d, game.Effect{Verb: "sacrifice"}, nil)
}

// returnLinked returns to the battlefield under their owners' control
// the cards the source's linked ability exiled (607.2a): not one that
// has left exile since, a new object (400.7).
func (e *engine) returnLinked(d doing) {
	cards := e.linked[d.src]
	delete(e.linked, d.src)
	if len(cards) == 0 {
		e.cite(d, "%s: no card was exiled by %s: nothing returns", cmp.Or(d.name, d.from), d.src.Label)
	}
	for _, c := range cards {
		if e.s.FindIn(c.Label, game.Exile) != c {
			e.s.Cite(e.rules.Find(phNewObject...), "%s: %s is no longer the card exiled: it isn't returned", cmp.Or(d.name, d.from), c.Label)
			continue
		}
		o, _ := e.move(c, game.Battlefield, c.Owner, "returned to the battlefield")
		if o == nil {
			continue
		}
		e.s.Changed()
		e.cite(d, "%s: %s returns to %s under %s's control", cmp.Or(d.name, d.from), o.Label, e.term("the battlefield", "play"), c.Owner.Name)
		e.fire(o, ability.Enters, nil)
	}
}

// unlessCost is what "sacrifice it unless you pay" or "pay" asks of
// source o, and how the trace says it: the cost written, or "its mana
// cost" (echo before 2006-10-01), once for each counter of a kind on o
// when the effect says so ("for each age counter on it"), more of them
// than it has now.
func (e *engine) unlessCost(o *game.Object, ef game.Effect, more int) (game.Cost, []game.Part, string) {
	cost, parts := ef.Cost, ef.Parts
	if ef.Name == "its mana cost" || ef.Name == "[cost]" && !cost.IsSet() && len(parts) == 0 {
		// An echo card printed without an echo cost has one equal to
		// its mana cost (702.30b).
		cost = o.Face().Cost
	}
	what := game.FullCost{Mana: cost, Parts: parts}.String()
	kind, ok := strings.CutSuffix(ef.For, " counter")
	if !ok {
		return cost, parts, what
	}
	n := o.Counters[kind] + more
	total := game.Cost{}
	for range n {
		total = total.Plus(cost)
	}
	// A part that takes objects takes n times as many, all different
	// (702.24a: "each choice is made separately for each age counter").
	var all []game.Part
	for _, p := range parts {
		if n > 0 {
			p.N *= n
			all = append(all, p)
		}
	}
	return total, all, fmt.Sprintf("%s for each of %d %s %s (%s)", what, n, kind, plural(n, "counter"), game.FullCost{Mana: total, Parts: all})
}

// mayPay follows "you may pay COST": the source's controller pays it, or,
// unable to, the instructions after "If you do" don't happen.
func (e *engine) mayPay(d doing, ef game.Effect) {
	o, p := d.src, d.src.Controller()
	cost, parts, what := e.unlessCost(o, ef, 0)
	pay, err := e.payNow(p, o, cost, parts)
	if err != nil {
		e.couldnt = true
		e.cite(d, "%s: %s can't pay %s (%v)", cmp.Or(d.name, d.from), p.Name, what, err)
		return
	}
	e.settle(pay, cost, d.rule)
}

// reenter returns card c to the battlefield under its owner's control,
// with the counter ef names on it as it enters; a card that has left
// the zone it was in is a new object the instruction can't find
// (400.7), and stays where it is.
func (e *engine) reenter(c *game.Object, ef game.Effect, from string) {
	if c.Zone == game.Battlefield || e.s.FindIn(c.Label, c.Zone) != c {
		e.s.Cite(e.rules.Find(phNewObject...), "%s: %s is no longer the object that was put into %s: it isn't returned", from, c.Label, e.zone(c.Zone))
		return
	}
	with := ""
	counters := map[string]int{}
	if ef.Name != "" {
		counters[ef.Name] = ef.N
		with = fmt.Sprintf(" with %d %s %s on it", ef.N, ef.Name, plural(ef.N, "counter"))
	}
	e.s.Cite(e.rules.Find(phFollow...), "%s: %s returns to %s under its owner's control%s", from, c.Label, e.term("the battlefield", "play"), with)
	o, _ := e.moveWith(c, game.Battlefield, c.Owner, "returned", counters)
	if o == nil {
		return
	}
	e.s.Changed()
	e.citeStatics(o)
	e.fire(o, ability.Enters, nil)
}

// attachCreated attaches Equipment src to the token it created, as
// its ability says ("then attach this Equipment to it"): not when src
// has left the battlefield (400.7), nor to a token it couldn't equip
// (701.3a), which stays unequipped.
func (e *engine) attachCreated(src, token *game.Object, from string) {
	r := e.action("Attach", "to attach an aura, equipment, or fortification", "to attach an equipment")
	if e.s.FindIn(src.Label, game.Battlefield) != src {
		e.s.Cite(e.rules.Find(phNewObject...), "%s: %s has left the battlefield: it isn't attached to %s", from, src.Label, token.Label)
		return
	}
	if e.s.FindIn(token.Label, game.Battlefield) != token {
		e.s.Cite(r, "%s: %s is no longer on the battlefield: %s stays where it is", from, token.Label, src.Label)
		return
	}
	for _, pr := range all[*ability.Protection](e, token) {
		if pr.From.Matches(src) {
			e.s.Cite(r, "%s: %s has protection from %s and can't be equipped by %s, which stays where it is", from, token.Label, pr.From.Text, src.Label)
			return
		}
	}
	e.attach(src, token, r)
}

// attach attaches an Aura or Equipment to a creature, which has what
// the attached card's static abilities give it while it stays attached.
// The Aura or Equipment receives a new timestamp (613.7e; 418.5e in
// 2006).
func (e *engine) attach(o, to *game.Object, rule game.Ref) {
	attachTo(e.s, o, to)
	if !to.Is("Creature") {
		e.s.Cite(rule, "%s is attached to %s", o.Label, to.Label)
	} else {
		p, t := to.PT()
		e.s.Cite(rule, "%s is attached to %s (now %d/%d)", o.Label, to.Label, p, t)
	}
	e.citeStatics(o)
}

// attachTo attaches o to to, with a new timestamp.
func attachTo(s *game.State, o, to *game.Object) {
	o.AttachedTo = to
	s.Stamp(o)
}

// damage deals n damage from source to a target; combat marks combat
// damage. Lifelink and deathtouch apply. It reports whether any damage
// was dealt, none being once replaced or prevented.
func (e *engine) damage(source *game.Object, t game.Target, n int, combat bool) (dealt bool) {
	ev := &event{kind: evDamage, source: source, target: t, amount: n}
	e.replace(ev)
	if n = ev.amount; n <= 0 {
		return false
	}
	if t.Object != nil {
		for _, pr := range all[*ability.Protection](e, t.Object) {
			if pr.From.Matches(source) {
				e.s.Cite(e.protRef(pr, pr.Damage), "%s has protection from %s: the damage from %s is prevented", t.Object.Label, pr.From.Text, source.Label)
				return false
			}
		}
	}
	riders := all[*ability.DamageRider](e, source)
	instead := func(f func(*ability.DamageRider) bool) *ability.DamageRider {
		if i := slices.IndexFunc(riders, f); i >= 0 {
			return riders[i]
		}
		return nil
	}
	poison := t.Player != nil && instead(func(r *ability.DamageRider) bool { return r.Poison }) != nil
	switch {
	case poison:
		// Infect: poison counters rather than the loss of life (120.3b).
		r := instead(func(r *ability.DamageRider) bool { return r.Poison })
		t.Player.Poison += n
		e.s.Cite(e.ref(r), r.Note, t.Player.Name, n, source.Label, t.Player.Name, n)
	case t.Player != nil:
		t.Player.Life -= n
	case t.Object.Is("Creature") && instead(func(r *ability.DamageRider) bool { return r.Counters }) != nil:
		// Wither and infect: -1/-1 counters rather than marked damage
		// (120.3d).
		r := instead(func(r *ability.DamageRider) bool { return r.Counters })
		e.s.Cite(e.ref(r), r.Note, t.Object.Label, n, source.Label, n)
		e.putCounters(t.Object, "-1/-1", n, source.Controller())
	case t.Object.Is("Planeswalker") && !t.Object.Is("Creature"):
		t.Object.AddCounters("loyalty", -min(n, t.Object.Counters["loyalty"]))
		e.s.Cite(e.rules.Find(phPlaneswalkerDamage...), "%d loyalty counters are removed from %s", n, t.Object.Label)
	case t.Object.Is("Battle"):
		e.battleDamage(t.Object, n)
		if t.Object.Is("Creature") {
			t.Object.Damage += n
		}
	default:
		t.Object.Damage += n
	}
	if t.Player != nil {
		// The turn's history: "if an opponent was dealt damage this
		// turn" (bloodthirst).
		e.s.Log = append(e.s.Log, game.Happened{Event: string(ability.PlayerDealtDamage), Player: slices.Index(e.s.Players, t.Player)})
	}
	for i, r := range riders {
		switch {
		case r.Toxic && combat && t.Player != nil:
			// In addition to the damage's other results (702.164c).
			t.Player.Poison += r.N
			e.s.Cite(e.ref(r), r.Note, source.Label, t.Player.Name, r.N, t.Player.Name, r.N)
		case r.Destroy && t.Object != nil && r.Triggered:
			victim := t.Object
			rule := e.ref(r)
			e.trigger(source, r.Keyword, fmt.Sprintf(r.Note, victim.Label), rule, func(s *game.State, ab *game.Object) {
				if e.s.FindIn(victim.Label, game.Battlefield) == victim {
					e.destroy(victim, rule, r.Keyword+" trigger")
				}
			})
		case r.Destroy && t.Object != nil:
			t.Object.Doomed = e.ref(r, r.Lethal...)
			e.s.Cite(e.ref(r), r.Note, t.Object.Label, source.Label)
		case r.Gain && r.Triggered:
			e.gainTrigger(source, i, r, n)
		case r.Gain:
			source.Controller().Life += n
			e.s.Cite(e.ref(r), r.Note, source.Label, n)
			e.firePlayer(source.Controller(), ability.GainsLife, nil)
		}
	}
	if combat && t.Player != nil {
		e.fire(source, ability.DealsCombatDamage, t.Player)
	}
	e.fire(source, ability.DealsDamage, t.Player)
	if t.Player != nil {
		if !poison {
			// Damage dealt to a player makes them lose that much life
			// (120.3a; 212.2 in 2006).
			e.firePlayer(t.Player, ability.LosesLife, nil)
		}
	} else {
		e.fire(t.Object, ability.DealtDamage, source)
	}
	return true
}

// gainTrigger triggers rider r, the i-th of source's damage riders,
// which dealt n damage: its controller gains that much life when it
// resolves. Damage the source deals at once (combat damage to a blocker
// and to the player) is one event, so one trigger of each instance counts
// all of it; each instance triggers separately (502.68b of 2008-05-01:
// "If a permanent has multiple instances of lifelink, each triggers
// separately").
func (e *engine) gainTrigger(source *game.Object, i int, r *ability.DamageRider, n int) {
	key := gainKey{source, i}
	if g := e.gains[key]; g != nil && g.step == e.s.Step && slices.Contains(e.s.Pending, g.ab) {
		g.n += n
		g.ab.Ability.Text = fmt.Sprintf(r.Note, source.Label, g.n)
		return
	}
	p, rule := source.Controller(), e.ref(r)
	g := &gain{step: e.s.Step, n: n}
	g.ab = e.trigger(source, r.Keyword, fmt.Sprintf(r.Note, source.Label, n), rule, func(s *game.State, ab *game.Object) {
		p.Life += g.n
		e.s.Cite(rule, "%s: %s gains %d life (now %d)", strings.ToLower(r.Keyword), p.Name, g.n, p.Life)
		e.firePlayer(p, ability.GainsLife, nil)
	})
	e.gains[key] = g
}

// A gainKey is one instance of a source's damage riders.
type gainKey struct {
	source *game.Object
	i      int
}

// A gain is a triggered ability waiting that gains the life a source's
// damage of one step counts.
type gain struct {
	step string
	n    int
	ab   *game.Object
}

// destroy puts a permanent into its owner's graveyard unless it is
// indestructible.
func (e *engine) destroy(o *game.Object, r game.Ref, why string) {
	e.destroyAs(o, r, why, true)
}

// destroyAs destroys o as destroy does; regen is false for a
// destruction that can't be regenerated, to which regeneration shields
// don't apply (701.19c).
func (e *engine) destroyAs(o *game.Object, r game.Ref, why string, regen bool) {
	if a, ok := first[*ability.CantBeDestroyed](e, o); ok {
		e.s.Cite(e.ref(a), a.Note, o.Label, why)
		return
	}
	if o.Shields > 0 && !regen {
		r := e.regenRule("can't be regenerated", "can’t be regenerated")
		if !strings.Contains(strings.ReplaceAll(strings.ToLower(r.Text), "’", "'"), "can't be regenerated") {
			// No subrule says it (before 2011): the rule by which
			// later text modifies earlier text ("Destroy target
			// creature. It can't be regenerated.").
			r = e.rules.Find("later text on the card may modify the meaning of earlier text")
		}
		e.s.Cite(r, "%s can't be regenerated: its regeneration shield doesn't apply", o.Label)
	} else if o.Shields > 0 {
		// The regeneration shield replaces the destruction (701.19a,
		// 614.8), and is used up.
		o.Shields--
		o.Damage, o.Doomed, o.Tapped = 0, game.Ref{}, true
		rest := ""
		if e.s.Combat.Remove(o) {
			rest = ", and it is removed from combat"
		}
		e.s.Cite(e.regenRule("the next time"), "%s regenerates instead of being destroyed (%s): all damage is removed from it, its controller taps it%s", o.Label, why, rest)
		return
	}
	for _, x := range e.s.Battlefield() {
		if x.AttachedTo != o || x == o {
			continue
		}
		if s, ok := first[*ability.SavesEnchanted](e, x); ok {
			// Umbra armor (614.1): the Aura is destroyed instead, and
			// the damage marked on the permanent is removed.
			rule := e.ref(s)
			if s.Keyword == "" {
				rule = e.rules.Find(phInstead...)
			}
			e.s.Cite(rule, s.Note, o.Label, x.Label)
			o.Damage = 0
			o.Doomed = game.Ref{}
			e.destroy(x, rule, fmt.Sprintf("instead of %s", o.Label))
			return
		}
	}
	e.s.Cite(r, "%s is destroyed (%s)", o.Label, why)
	e.leaveBattlefield(o, game.Graveyard, why)
}

// leaveBattlefield moves a permanent and fires leave triggers.
func (e *engine) leaveBattlefield(o *game.Object, to game.Zone, why string) *game.Object {
	var attached []*game.Object
	for _, x := range e.s.Battlefield() {
		if x.AttachedTo == o {
			attached = append(attached, x)
		}
	}
	// The replacement effects that watch it leaving ("if it would
	// leave the battlefield, exile it instead", 614.1a) apply first,
	// whatever way it leaves.
	ev := &event{kind: evMove, object: o, from: game.Battlefield, to: to, cause: why}
	e.replace(ev)
	to = ev.to
	merged := o.Merged
	n := e.s.Move(o, to, nil, false)
	e.s.Cite(e.rules.Find(phNewObject...), "%s leaves %s (%s) and becomes a new object in %s", o.Label, e.term("the battlefield", "play"), why, e.zone(to))
	e.citeComponents(o.Label, merged, to)
	for _, x := range attached {
		// An Aura attached to nothing goes to the graveyard as a
		// state-based action (704.5m; 420.5d in 2006).
		x.AttachedTo = nil
	}
	e.s.Changed()
	e.fire(o, ability.Leaves, n)
	if to == game.Graveyard {
		e.fire(o, ability.Dies, n)
	}
	return n
}

// enter puts a resolving permanent spell onto the battlefield, with the
// counters the replacement effects of its abilities (modular, sunburst,
// amplify) and of other permanents give it.
func (e *engine) enter(spell *game.Object) {
	e.copyBecomesToken(spell)
	e.s.Cite(e.rules.Find(phPermanent...), "%s %s under %s's control", spell.Label, e.term("enters the battlefield", "comes into play"), spell.Controller().Name)
	o, _ := e.move(spell, game.Battlefield, spell.Controller(), "it resolves")
	if o == nil {
		return
	}
	o.FaceDown = spell.FaceDown
	if spell.Transformed && o.DoubleFaced() {
		// Its back face up on the stack, it enters so (712.13;
		// 702.146b).
		o.Transformed = true
		e.s.Cite(e.rules.Find(phEntersSameFace...), "%s enters the battlefield with its back face up, as %s", o.Label, o.Name())
	}
	if t, ok := first[*ability.EntersTapped](e, o); ok && !o.FaceDown {
		o.Tapped = true
		e.s.Cite(e.ref(t), t.Note, o.Label)
	}
	e.s.Changed()
	e.entersTransformed(o)
	if spell.Spell != nil {
		// The permanent remembers what was paid to cast the spell it
		// was (400.7d today, 400.7c from 2009): "if its evoke cost was
		// paid".
		paid := spell.Spell.CostsPaid
		o.Paid = &paid
		for _, pd := range all[*ability.PaidDelayed](e, o) {
			if o.WasPaid(pd.Paid) {
				e.paidDelayed(o, pd)
			}
		}
	}
	if spell.AttachedTo != nil {
		e.attach(o, spell.AttachedTo, e.attachRule(o))
	} else {
		e.citeStatics(o)
	}
	e.sagaEnters(o)
	// A face-down permanent has no abilities to trigger (708.2 today,
	// 504.2 in 2006), and turning it face up later is not entering.
	e.fire(o, ability.Enters, nil)
}

// paidDelayed creates the delayed triggered ability (603.7) of a
// resolving spell whose cost pd names was paid, for the permanent o it
// became: at the beginning of the next step pd's instruction names, it
// acts on that permanent, found by its object ID as it resolves; one
// that has left the battlefield since is a new object the instruction
// doesn't reach (400.7).
func (e *engine) paidDelayed(o *game.Object, pd *ability.PaidDelayed) {
	id, label, rule := o.ID, o.Label, e.ref(pd)
	do := pd.Do
	do.Delayed = ""
	current := func() *game.Object {
		for _, x := range e.s.Battlefield() {
			if x.ID == id {
				return x
			}
		}
		return nil
	}
	e.s.Cite(rule, pd.Note, label, do.Text)
	e.s.Delayed = append(e.s.Delayed, game.Delayed{Step: pd.Do.Delayed, Once: true, Fire: func(*game.State) {
		src := current()
		if src == nil {
			src = o
		}
		e.trigger(src, pd.Keyword, do.Text, rule, func(*game.State, *game.Object) {
			now := current()
			if now == nil {
				e.s.Cite(e.rules.Find(phNewObject...), "%s has left the %s since: the new object it became is not the permanent the %s trigger names, which does nothing", label, e.term("battlefield", "play"), pd.Keyword)
				return
			}
			e.effect(doing{src: now, from: pd.Keyword + " trigger", rule: rule}, do, nil)
			if pd.Then != nil {
				e.permit(exiledCard(now), pd.Then, nil)
			}
		})
	}})
}

// copyBecomesToken makes spell, when it is a copy of a permanent spell,
// a token permanent as it is put onto the battlefield or merges with a
// permanent (608.3f: "in any of the steps above"; 608.3b from
// 2020-09-25): no longer a copy of a spell, and not "created". Before
// the rules said so, nothing does: a copy of a spell out of the stack
// ceases to exist (704.5e).
func (e *engine) copyBecomesToken(spell *game.Object) {
	if !spell.Copy {
		return
	}
	if r := e.rules.Find(phCopyResolves...); !r.IsZero() {
		spell.Copy, spell.Token = false, true
		e.s.Cite(r, "%s, a copy of a permanent spell, becomes a token permanent as it is put onto the battlefield; it is no longer a copy of a spell and was not created", spell.Label)
	}
}

// mutateTargetLegal reports whether the target of a mutating creature
// spell is legal now.
func (e *engine) mutateTargetLegal(spell *game.Object) bool {
	info := spell.Spell
	return len(info.Targets) > 0 && e.legal(spell, ability.MergeTarget, info.Targets[0])
}

// mutate begins the resolution of a mutating creature spell (702.140b,
// 608.3b): with a legal target it merges with it, on top or under as the
// statement chooses, and reports true; otherwise it ceases to be a
// mutating creature spell and goes on resolving as a creature spell.
func (e *engine) mutate(spell *game.Object) bool {
	info := spell.Spell
	m := e.mutates(spell)
	if m == nil {
		return false
	}
	legal := e.mutateTargetLegal(spell)
	info.Mutating = false
	if !legal {
		if len(info.Targets) > 0 {
			info.Targets = info.Targets[1:]
		}
		e.s.Cite(e.ref(&m.Illegal), m.Illegal.Note, spell.Name())
		return false
	}
	perm := info.Targets[0].Object
	under := e.cur != nil && e.cur.Clause("under") != nil
	where := "on top of"
	if under {
		where = "under"
	}
	e.s.Cite(e.ref(&m.Merge), m.Merge.Note, spell.Name(), perm.Label, where)
	e.copyBecomesToken(spell)
	down := perm.FaceDown
	up := e.s.Merge(perm, spell, under)
	var labels []string
	for _, c := range perm.Merged {
		labels = append(labels, c.Label)
	}
	e.s.Cite(e.rules.Find(phMerge...), "%s is one merged permanent, represented by %s (top first); it has not entered the battlefield", perm.Label, strings.Join(labels, ", "))
	switch {
	case up:
		e.s.Cite(e.rules.Find(phMergedStatus...), "%s takes the status of its topmost component, %s: it is face up, and it was not turned face up", perm.Label, perm.Merged[0].Label)
	case down:
		e.s.Cite(e.rules.Find(phMergedStatus...), "%s takes the status of its topmost component, %s: it stays face down", perm.Label, perm.Merged[0].Label)
	}
	if perm.FaceDown {
		// Its components' abilities are hidden: a face-down permanent
		// has only the characteristics its face-down status lists
		// (708.2 today, 707.2 in 2020), not 702.140e's.
		e.s.Cite(e.rules.Find(phFaceDownChars...), "%s is face down: a %d/%d creature with no name, no abilities, no subtypes and no mana cost", perm.Label, perm.Power(), perm.Toughness())
	} else {
		e.s.Cite(e.ref(&m.All), m.All.Note, perm.Label, strings.Join(labels, ", "), perm.Merged[0].Label)
	}
	// 702.140d: abilities that trigger whenever this creature mutates.
	e.s.Cite(e.ref(&m.Mutated), m.Mutated.Note, perm.Label)
	e.fire(perm, ability.Mutates, nil)
	return true
}

// citeComponents cites 729.3 when a merged permanent labelled label,
// represented by merged, has left the battlefield for zone to: one
// permanent left, and each component was put there.
func (e *engine) citeComponents(label string, merged []game.Component, to game.Zone) {
	if len(merged) < 2 {
		return
	}
	var labels []string
	for _, c := range merged {
		labels = append(labels, c.Label)
	}
	e.s.Cite(e.rules.Find(phMergedLeaves...), "%s leaves the battlefield as one permanent; each of its components (%s) is put into %s", label, strings.Join(labels, ", "), e.zone(to))
}

// mutates returns how the mutating creature spell o resolves: the
// Merges of the alternative cost that made it one (nil for none).
func (e *engine) mutates(o *game.Object) *ability.Merges {
	for _, a := range all[*ability.AltCost](e, o) {
		if a.Mutates != nil {
			return a.Mutates
		}
	}
	return nil
}

// sacrificer is the player who sacrifices what "sacrifice N
// permanents" asks of src's ability: the defending player, or its
// controller.
func (e *engine) sacrificer(src *game.Object, ef game.Effect) *game.Player {
	if ef.Who == "defending player" {
		return e.defending(src)
	}
	return src.Controller()
}

// sacrificeChoice is the permanents player p sacrifices to an effect
// that makes them sacrifice n, of card type kind ("" for any): all of
// theirs when they control n or fewer, else the n the statement's
// "sacrifice" clause names, p's choice (701.21a). An error says what to
// write.
func (e *engine) sacrificeChoice(p *game.Player, n int, kind string) ([]*game.Object, error) {
	var perms []*game.Object
	for _, o := range e.s.Controlled(p) {
		if kind == "" || o.Is(kind) {
			perms = append(perms, o)
		}
	}
	var cl *Clause
	if e.cur != nil {
		cl = e.cur.Clause("sacrifice")
	}
	if cl == nil {
		if len(perms) > n {
			return nil, refuse("%s controls %d %ss and chooses the %d they sacrifice as it resolves: \"resolve; sacrifice A, B\" (%s)", p.Name, len(perms), strings.ToLower(cmp.Or(kind, "permanent")), n, e.defined("Sacrifice", phSacrifice...).ID)
		}
		return perms, nil
	}
	if len(cl.Names) != min(n, len(perms)) {
		return nil, refuse("%s sacrifices %d %ss, not %d", p.Name, min(n, len(perms)), strings.ToLower(cmp.Or(kind, "permanent")), len(cl.Names))
	}
	var out []*game.Object
	for _, nm := range cl.Names {
		o := e.s.FindIn(nm.Text, game.Battlefield)
		if o == nil || o.Controller() != p || slices.Contains(out, o) || kind != "" && !o.Is(kind) {
			return nil, refuse("%s is not a %s %s controls (each chosen once)", nm.Text, strings.ToLower(cmp.Or(kind, "permanent")), p.Name)
		}
		out = append(out, o)
	}
	return out, nil
}
