package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// onCast fires the triggers of a spell being cast: its own "when you
// cast" abilities, and those of the objects it targets.
func (e *engine) onCast(spell *game.Object) {
	e.fire(spell, ability.Cast, spell)
	// A copy is not cast (707.10c): only a spell cast comes here.
	e.firePlayer(spell.Controller(), ability.Casts, spell)
	for _, t := range spell.Spell.Targets {
		if t.Object != nil {
			e.fire(t.Object, ability.BecomesTarget, spell)
		}
	}
}

// counterUnless counters spell or ability by unless its controller pays
// cost.
func (e *engine) counterUnless(by *game.Object, cost game.Cost, parts []game.Part, rule game.Ref) {
	if by == nil || !slices.Contains(e.s.Stack, by) {
		return
	}
	p := by.Controller()
	what := game.FullCost{Mana: cost, Parts: parts}
	if e.declines() {
		e.s.Cite(rule, "%s chooses not to pay %s; %s is countered", p.Name, what, stackName(by))
	} else if pay, err := e.payNow(p, by, cost, parts); err == nil {
		e.settle(pay, cost, rule)
		return
	} else {
		e.s.Cite(rule, "%s can't pay %s (%v); %s is countered", p.Name, what, err, stackName(by))
	}
	if by.Ability != nil {
		e.s.Remove(by)
		return
	}
	e.leaveStack(by, game.Graveyard, "countered")
}

// stormCopies copies spell once for each other spell cast before it this
// turn, with the new targets the resolving statement chose.
func (e *engine) stormCopies(spell, ab *game.Object, t *ability.Trigger, rule game.Ref) {
	n := spell.Spell.CastNumber - 1
	e.copies(spell, ab, t, n, spell.Controller())
	e.s.Cite(rule, "%s: %d spells were cast before %s this turn, so %d copies", strings.ToLower(t.Keyword), n, spell.Name(), n)
}

// copies puts n copies of spell on the stack for its trigger t, with
// the new targets the resolving statement chose.
func (e *engine) copies(spell, ab *game.Object, t *ability.Trigger, n int, p *game.Player) {
	retarget := e.retarget[ab]
	// The next copies of the ability take the new targets left.
	e.retarget[ab] = retarget[min(n, len(retarget)):]
	for i := range n {
		c := e.copySpell(spell, p, fmt.Sprintf("copy %d of %d", i+1, n))
		if i < len(retarget) && retarget[i] != nil {
			ts := slices.Clone(c.Spell.Targets)
			ts[0] = *retarget[i]
			c.Spell.Targets = ts
			e.s.Cite(e.ref(t, "new targets"), "%s chooses a new target for copy %d: %s", p.Name, i+1, retarget[i].Name())
			if t := retarget[i].Object; t != nil {
				e.fire(t, ability.BecomesTarget, c)
			}
		}
	}
}

// copiesOf is how many copies the copy effect ef of spell's trigger
// makes: one, one for each time the cost ef names was paid, or one for
// each permanent put into a graveyard from the battlefield this turn;
// why says so for the trace.
func (e *engine) copiesOf(spell *game.Object, ef game.Effect) (n int, why string) {
	switch ef.Name {
	case "":
		return 1, "one copy"
	case "graveyard":
		for _, h := range e.s.Log {
			if h.Event == string(ability.Dies) {
				n++
			}
		}
		return n, fmt.Sprintf("permanents put into a graveyard from %s this turn: %d, so %d %s", e.term("the battlefield", "play"), n, n, copiesWord(n))
	}
	n = spell.Spell.TimesPaid(ef.Name)
	return n, fmt.Sprintf("its %s cost was paid %d %s, so %d %s", ef.Name, n, plural(n, "time"), n, copiesWord(n))
}

func copiesWord(n int) string {
	if n == 1 {
		return "copy"
	}
	return "copies"
}

// copySpell puts a copy of spell on the stack under p's control and
// returns it: p owns and controls it (707.10).
func (e *engine) copySpell(spell *game.Object, p *game.Player, why string) *game.Object {
	info := *spell.Spell
	// Mana is no object: no mana was spent on the copy (707.10).
	info.Paid = game.Mana{}
	c := &game.Object{Label: spell.Label + " (copy)", Card: spell.Card, Half: spell.Half, Owner: p, BaseController: p, Copy: true, Spell: &info}
	e.s.Push(c)
	e.s.Cite(e.rules.Find(phCopy...), "%s: a copy of %s is put on the stack; a copy isn't cast", why, spell.Name())
	return c
}

// newTargets reads the "new targets A, same, B" choice of the statement
// resolving a copy ability: the new target of each of n copies of spell,
// nil where the copy keeps its target. A spell without targets can't
// have new ones, nor can a new target be one the spell could not have.
func (e *engine) newTargets(spell *game.Object, n int) ([]*game.Target, error) {
	if e.cur == nil || e.cur.Clause("new targets") == nil {
		return nil, nil
	}
	cl := e.cur.Clause("new targets")
	if len(spell.Spell.Targets) == 0 {
		return nil, refuse("%s has no targets, so its copies have none to change", spell.Name())
	}
	if len(cl.Names) > n {
		return nil, refuse("%d new targets for %d copies", len(cl.Names), n)
	}
	want := ""
	for _, ef := range effects(spell.Card, spell.Spell) {
		if ef.Target != "" {
			want = ef.Target
			break
		}
	}
	out := make([]*game.Target, len(cl.Names))
	for i, name := range cl.Names {
		if strings.EqualFold(name.Text, "same") {
			continue
		}
		t, err := e.target(name.Text)
		if err != nil {
			return nil, refuse("%v", err)
		}
		if err := e.canTarget(spell, spell.Controller(), want, t); err != nil {
			return nil, refuse("copy %d: %v", i+1, err)
		}
		out[i] = &t
	}
	return out, nil
}

// upkeepCopies follows a resolving spell's ability uc: for the rest of
// the game its controller can't cast spells, and at the beginning of
// each of their upkeeps the spell is copied except for uc's keyword.
func (e *engine) upkeepCopies(spell *game.Object, uc *ability.UpkeepCopies) {
	p := spell.Controller()
	p.CantCast = true
	e.bans[p] = uc
	rule := e.ref(uc)
	e.s.Cite(rule, uc.Note, p.Name)
	saved := *spell
	saved.Spell = &game.SpellInfo{Targets: spell.Spell.Targets, Modes: spell.Spell.Modes, CostsPaid: spell.Spell.CostsPaid}
	e.s.Delayed = append(e.s.Delayed, game.Delayed{Controller: p, Step: "upkeep", Fire: func(s *game.State) {
		src := &saved
		e.trigger(src, uc.Keyword, uc.Copy, rule, func(s *game.State, ab *game.Object) {
			c := &game.Object{Label: saved.Label + " (copy)", Card: without(saved.Card, uc.Keyword), Owner: p, BaseController: p, Copy: true, Spell: &game.SpellInfo{Targets: saved.Spell.Targets, Modes: saved.Spell.Modes, CostsPaid: saved.Spell.CostsPaid}}
			e.s.Push(c)
			e.s.Cite(rule, uc.CopyNote, saved.Card.Name)
		})
		e.pushTriggers()
	}})
}

// without is card c without its abilities of keyword kw.
func without(c *game.Card, kw string) *game.Card {
	d := *c
	d.Abilities = nil
	for _, a := range c.Abilities {
		if a.Keyword != kw {
			d.Abilities = append(d.Abilities, a)
		}
	}
	return &d
}

// spliced returns the splice ability of the first card spliced onto a
// spell, whose subrules its resolution cites.
func (e *engine) spliced(info *game.SpellInfo) (*ability.Splice, bool) {
	if info == nil || len(info.Spliced) == 0 {
		return nil, false
	}
	return ability.FirstOfCard[*ability.Splice](info.Spliced[0].Card, e)
}

// drawStmt: a draw, which dredge may replace ("; dredge CARD").
func (e *engine) drawStmt(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	var chosen []string
	for _, cl := range st.Clauses {
		if ability.DrawChoices[cl.Word] {
			chosen = append(chosen, cl.Word+" "+cl.Names[0].Text)
		}
	}
	return e.draw(p, chosen...)
}

// draw draws a card, through the replacement effects that watch draws;
// chosen are those the player chooses to apply (dredge).
func (e *engine) draw(p *game.Player, chosen ...string) error {
	ev := &event{kind: evDraw, player: p}
	if err := e.replace(ev, chosen...); err != nil {
		return err
	}
	if ev.replaced {
		return nil
	}
	lib := p.Zone(game.Library)
	if len(lib) == 0 {
		// Not refused: the player loses when state-based actions are
		// next checked (704.5b; 420.5g in 2006).
		p.DrewFromEmpty = true
		e.s.Cite(e.rules.Find(phEmptyLibrary...), "%s attempts to draw a card from an empty library", p.Name)
		return nil
	}
	n := e.s.Move(lib[0], game.Hand, nil, false)
	e.s.Cite(e.defined("Draw", phDraw...), "%s draws a card (the top card of their library)", p.Name)
	first := e.countDraw(p) == 1
	e.firePlayer(p, ability.Draws, nil)
	if first {
		e.revealDrawn(p, n)
	}
	return nil
}

// countDraw counts a card p draws and returns how many they have drawn
// this turn.
func (e *engine) countDraw(p *game.Player) int {
	if e.drawn == nil {
		e.drawn = map[*game.Player][2]int{}
	}
	d := e.drawn[p]
	if d[0] != e.s.Turn {
		d = [2]int{e.s.Turn, 0}
	}
	d[1]++
	e.drawn[p] = d
	return d[1]
}

// revealDrawn: card, the first p has drawn this turn, is revealed as it
// is drawn by a RevealDrawn ability it has (miracle), unless the
// statement declines; its linked trigger lets p cast it for the
// ability's cost as it resolves (603.11), with the targets of "resolve;
// targeting A", or not ("resolve; decline").
func (e *engine) revealDrawn(p *game.Player, card *game.Object) {
	r, ok := first[*ability.RevealDrawn](e, card)
	if !ok {
		return
	}
	rule, kw := e.ref(r), strings.ToLower(r.Keyword)
	if e.declines() {
		e.s.Cite(rule, "%s: %s chooses not to reveal %s (\"you may\")", kw, p.Name, card.Label)
		return
	}
	e.s.Cite(rule, r.Note, p.Name, card.Label)
	cast := e.ref(&r.Cast)
	e.mays[e.trigger(card, r.Keyword, fmt.Sprintf("you may cast %s by paying %s rather than its mana cost", card.Label, r.Cast.Cost), cast, func(*game.State, *game.Object) {
		switch {
		case e.s.FindIn(card.Label, game.Hand) != card:
			e.s.Cite(cast, "%s: %s is no longer in %s's hand: it isn't cast", kw, card.Label, p.Name)
		case e.declines():
			e.s.Cite(cast, "%s: %s chooses not to cast %s (\"you may\")", kw, p.Name, card.Label)
		default:
			st := &Stmt{Verb: "cast", Player: p.Name, Object: Name{Text: card.Label}, Clauses: []*Clause{{Word: r.Cast.Choice}}}
			if e.cur != nil {
				if cl := e.cur.Clause("targeting"); cl != nil {
					st.Clauses = append(st.Clauses, cl)
				}
			}
			e.permits[card] = true
			err := e.cast(st)
			delete(e.permits, card)
			if err != nil {
				e.s.Cite(cast, "%s: %s is not cast (%v)", kw, card.Label, err)
			}
		}
	})] = true
}

// causedChoices are the clauses with which any statement makes the
// choices for what its action causes, not for the action itself: the
// targets and order of the triggered abilities it triggers (603.3b,
// 603.3d), the order of replacement effects (616.1), the permanent kept
// under the legend rule (704.5j), a battle's protector (310.11a) and a
// sector designation (704.5u).
var causedChoices = []string{"targeting", "order", "keep", "protector", "sector"}

// discard: the card goes to the graveyard, unless madness exiles it
// instead ("; madness", optionally "targeting A" for the spell cast
// when it triggers).
func (e *engine) discard(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	o := e.s.FindIn(st.Object.Text, game.Hand)
	if o == nil || o.Owner != p {
		return refuse("%s is not in %s's hand", st.Object.Text, p.Name)
	}
	var chosen []string
	for _, cl := range st.Clauses {
		if slices.Contains(causedChoices, cl.Word) {
			continue // a choice for what the discard causes
		}
		found := false
		for _, r := range all[*ability.Instead](e, o) {
			if r.Watch == "discard" && r.Choice == cl.Word {
				chosen, found = append(chosen, r.Choice), true
			}
		}
		if !found {
			return refuse("%s has no %s", o.Label, cl.Word)
		}
	}
	label := o.Label
	n, err := e.move(o, game.Graveyard, nil, "discarded", chosen...)
	if err != nil {
		return err
	}
	if n != nil && n.Zone == game.Graveyard {
		e.s.Cite(e.action("Discard", "to discard a card", "discard"), "%s discards %s", p.Name, label)
		e.firePlayer(p, ability.Discards, n)
	}
	return nil
}

// madnessTrigger: the card exiled by madness triggers; when the trigger
// resolves its owner may cast it for its madness cost, with the targets
// the discarding statement chose ("madness targeting A"), else it goes
// to the graveyard.
func (e *engine) madnessTrigger(ex *game.Object, r *ability.Instead) {
	var targets []Name
	if e.cur != nil {
		if cl := e.cur.Clause(r.Choice); cl != nil && cl.Sub != nil {
			targets = cl.Sub.Names
		}
	}
	p := ex.Owner
	rule := e.ref(r.Then)
	kw := strings.ToLower(r.Keyword)
	if r.UntilPass != nil {
		// The older wording: the trigger's resolution opens a window
		// that lasts until the owner next passes.
		e.trigger(ex, r.Keyword, r.Then.Note, rule, func(s *game.State, ab *game.Object) {
			if !inExile(ex) {
				return
			}
			e.permits[ex] = true
			e.untilPass = append(e.untilPass, untilPass{card: ex, then: r.UntilPass})
			e.s.Cite(rule, "%s: until %s passes next, %s may %s %s any time they could %s an instant by paying its %s cost", kw, p.Name, p.Name, e.term("cast", "play"), ex.Label, e.term("cast", "play"), kw)
		})
		return
	}
	e.mays[e.trigger(ex, r.Keyword, r.Then.Note, rule, func(s *game.State, ab *game.Object) {
		if e.declines() {
			e.s.Move(ex, game.Graveyard, nil, false)
			e.s.Cite(rule, "%s: %s declines to cast %s; it is put into the graveyard", kw, p.Name, ex.Label)
			return
		}
		cast := &Stmt{Verb: "cast", Player: p.Name, Object: Name{Text: ex.Label}, Clauses: []*Clause{{Word: r.Choice}}}
		if len(targets) > 0 {
			cast.Clauses = append(cast.Clauses, &Clause{Word: "targeting", Names: targets})
		}
		e.permits[ex] = true
		err := e.cast(cast)
		delete(e.permits, ex)
		if err != nil {
			e.s.Move(ex, game.Graveyard, nil, false)
			e.s.Cite(rule, "%s: %s is not cast (%v); it is put into the graveyard", kw, ex.Label, err)
		}
	})] = true
}

// An untilPass is a card its owner may cast until they pass next; then
// it is put into the graveyard (then, the rule that says so).
type untilPass struct {
	card *game.Object
	then *ability.Base
}

// passes: every player passes priority in succession (before the top of
// the stack resolves, or a step ends), which ends the permissions that
// last until a player passes next.
func (e *engine) passes() {
	for _, w := range e.untilPass {
		delete(e.permits, w.card)
		if inExile(w.card) {
			e.s.Move(w.card, game.Graveyard, nil, false)
			e.s.Cite(e.ref(w.then), w.then.Note, w.card.Label)
		}
	}
	e.untilPass = e.untilPass[:0]
}

// inExile reports whether o is still in exile, the same object.
func inExile(o *game.Object) bool { return slices.Contains(o.Owner.Zone(game.Exile), o) }

// declines reports whether the statement under way declines the "may"
// of the ability resolving ("resolve; decline"), or to pay the cost a
// resolving ability asks for ("counter it unless that player pays").
func (e *engine) declines() bool { return e.cur != nil && e.cur.Clause("decline") != nil }

// activate plays an activated keyword ability: one compiled from its
// definition (equip, cycling) as card text, or a hand-written one
// (ninjutsu, transmute).
func (e *engine) activate(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	o, err := e.object(st.Object)
	if err != nil {
		return refuse("%v", err)
	}
	if n, ok := printedAbility(st.Value); ok {
		return e.activateText(st, p, o, n)
	}
	var a *ability.Activated
	for _, x := range ability.All[*ability.Activated](o, e) {
		if x.Name != "" && strings.EqualFold(x.Name, st.Value) {
			if a != nil && a.Do != nil && x.Do != nil && (a.Do.Target != "") != (x.Do.Target != "") && (a.Do.Target != "") == (st.Clause("targeting") != nil) {
				// Two abilities of one keyword (reconfigure's):
				// the one with a target for a statement naming one.
				continue
			}
			a = x
		}
	}
	if a == nil {
		return refuse("%s has no %s ability", o.Label, st.Value)
	}
	if a.Do != nil {
		// Compiled from the keyword's definition: an activated ability
		// as a card prints it.
		return e.activateAbility(st, p, o, a)
	}
	if err := e.priority("activate an ability"); err != nil {
		return err
	}
	if err := e.stackLocked(false); err != nil {
		return err
	}
	rule, kw := e.ref(a), strings.ToLower(a.Keyword)
	sorcery := func() error {
		if !a.Sorcery {
			return nil
		}
		if e.s.ActivePlayer() != p || e.s.Top() != nil || e.s.Step != "main" {
			return refuse("%s can be activated only as a sorcery (%s)", a.Keyword, rule.ID)
		}
		return nil
	}
	payMana := func() error {
		m, ok := game.AutoPay(p.Pool, a.Cost.Mana)
		if !ok {
			return refuse("%s's mana pool %s can't pay %s", p.Name, p.Pool, a.Cost)
		}
		p.Pool.Sub(m)
		return nil
	}
	switch a.Effect {
	case "swap":
		if o.Zone != game.Hand || o.Owner != p {
			return refuse("%s is not in %s's hand (%s)", o.Label, p.Name, rule.ID)
		}
		cl := st.Clause("return")
		if cl == nil {
			return refuse("%s needs an unblocked attacking creature to return (return NAME)", kw)
		}
		att := e.s.FindIn(cl.Names[0].Text, game.Battlefield)
		if len(e.s.Combat.Attackers) > 0 && !e.blocksDone {
			// No blocks were declared: the declare-blockers step ends.
			if err := e.endBlocks(); err != nil {
				return err
			}
		}
		if att == nil || att.Controller() != p || !containsObj(e.s.Combat.Attackers, att) || len(e.s.Combat.Blockers[att]) > 0 || !e.blocksDone {
			return refuse("%s is not an unblocked attacking creature %s controls after blockers are declared (%s)", cl.Names[0].Text, p.Name, rule.ID)
		}
		if err := payMana(); err != nil {
			return err
		}
		e.s.Cite(rule, "%s: %s reveals %s and returns %s to its owner's hand as part of the cost", kw, p.Name, o.Label, att.Label)
		e.removeAttacker(att)
		e.s.Move(att, game.Hand, nil, false)
		e.trigger(o, a.Keyword, "put onto the battlefield tapped and attacking", rule, func(s *game.State, ab *game.Object) {
			if e.s.FindIn(o.Label, game.Hand) != o {
				return
			}
			n := e.s.Move(o, game.Battlefield, p, false)
			n.Tapped = true
			e.s.Combat.Attackers = append(e.s.Combat.Attackers, n)
			e.fire(n, ability.Enters, nil)
			e.s.Cite(rule, "%s: %s enters tapped and attacking (it was never declared as an attacker)", kw, n.Label)
		})
	case "search":
		if o.Zone != game.Hand || o.Owner != p {
			return refuse("%s is not in %s's hand", o.Label, p.Name)
		}
		if err := sorcery(); err != nil {
			return err
		}
		if err := payMana(); err != nil {
			return err
		}
		mv := o.ManaValues(e.s.SplitCombined)[0]
		e.s.Move(o, game.Graveyard, nil, false)
		e.s.Cite(rule, "%s: %s pays %s and discards %s (mana value %d)", kw, p.Name, a.Cost, o.Label, mv)
		var want string
		if cl := st.Clause("search"); cl != nil {
			want = cl.Names[0].Text
		}
		e.trigger(o, a.Keyword, "search for a card with the same mana value", rule, func(s *game.State, ab *game.Object) {
			found := e.s.FindIn(want, game.Library)
			if found == nil || found.Owner != p || !slicesContainsInt(found.ManaValues(e.s.SplitCombined), mv) {
				e.s.Cite(rule, "%s: no card named %q with mana value %d is found; the library is shuffled", kw, want, mv)
				return
			}
			e.s.Move(found, game.Hand, nil, false)
			e.s.Cite(rule, "%s: %s finds %s (mana value %d), reveals it and puts it into their hand; then shuffles", kw, p.Name, found.Label, mv)
		})
	default:
		return refuse("%s is not an activated ability the engine knows", a.Keyword)
	}
	return nil
}

func slicesContainsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

func containsObj(xs []*game.Object, o *game.Object) bool {
	for _, x := range xs {
		if x == o {
			return true
		}
	}
	return false
}

func (e *engine) removeAttacker(o *game.Object) {
	var kept []*game.Object
	for _, a := range e.s.Combat.Attackers {
		if a != o {
			kept = append(kept, a)
		}
	}
	e.s.Combat.Attackers = kept
}

// unmorph turns a face-down permanent face up by paying its morph cost:
// a special action (116.2b today, 408.2h in 2006), taken as the keyword's
// rule says (702.37e; 502.26d in 2006): show the cost, pay it, turn the
// permanent face up.
func (e *engine) unmorph(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	o := e.s.FindIn(st.Object.Text, game.Battlefield)
	if o == nil || !o.FaceDown || o.Controller() != p {
		return refuse("%s is not a face-down permanent %s controls", st.Object.Text, p.Name)
	}
	// Its copiable values may be another card's, copied while it was
	// face down (707.3's example today, 504.7 in 2006): that card's cost turns it
	// face up.
	up, ok := ability.FirstOfCard[*ability.TurnFaceUp](o.Characteristics().Card, e)
	if !ok {
		return refuse("%s has no cost to turn it face up", o.Label)
	}
	pay, err := e.payNow(p, o, up.Cost, up.Parts)
	if err != nil {
		return refuse("%s can't pay the %s cost %s: %v", p.Name, strings.ToLower(up.Keyword), game.FullCost{Mana: up.Cost, Parts: up.Parts}, err)
	}
	cost := game.FullCost{Mana: up.Cost, Parts: up.Parts}
	if r := e.rules.Find(phFaceUpAction...); strings.Contains(strings.ToLower(r.Text), "special action") {
		e.s.Cite(r, "%s turns %s face up, a special action: it doesn't use the stack", p.Name, o.Label)
	} else if r := e.ref(up, phNoStack...); strings.Contains(strings.ToLower(r.Text), "not use the stack") {
		// 2002-10-07 to 2003-03-15: no special actions yet; the
		// keyword's rule says "This action does not use the stack".
		e.s.Cite(r, "%s turns %s face up: this action does not use the stack", p.Name, o.Label)
	} else {
		e.s.Cite(r, "%s turns %s face up", p.Name, o.Label)
	}
	e.settle(pay, up.Cost, e.ref(up))
	if o.MergedWith("Instant") || o.MergedWith("Sorcery") {
		// 729.2g: such a permanent would turn face up: it is revealed
		// and stays face down, and nothing triggers.
		e.s.Cite(e.rules.Find(phMergedNoFaceUp...), "%s pays %s, but %s contains an instant or sorcery card: %s reveals it and it stays face down; no ability triggers on its turning face up", p.Name, cost, o.Label, p.Name)
		return nil
	}
	e.s.TurnFaceUp(o) // a new timestamp, 613.7f
	if len(o.Merged) > 0 {
		var labels []string
		for _, c := range o.Merged {
			labels = append(labels, c.Label)
		}
		e.s.Cite(e.rules.Find(phMergedFaceUp...), "each face-down component of %s (%s) is turned face up", o.Label, strings.Join(labels, ", "))
	}
	e.s.Cite(e.ref(up), up.Note, p.Name, cost.Paid(), o.Label, o.Power(), o.Toughness())
	e.fire(o, ability.TurnedFaceUp, nil)
	return nil
}

// stackLocked refuses casting a spell (spell) or activating an ability
// that isn't a mana ability while a spell on the stack has an ability
// that forbids it (split second); mana abilities and special actions
// never come here.
func (e *engine) stackLocked(spell bool) error {
	for _, o := range e.s.Stack {
		if o.Ability != nil {
			continue
		}
		for _, l := range all[*ability.StackLock](e, o) {
			what := e.term("cast other spells", "play other spells")
			if !spell {
				what = e.term("activate abilities", "play abilities") + " that aren't mana abilities"
			}
			if spell && l.Spells || !spell && l.Abilities {
				return refuse("%s: "+l.Note+" (%s)", strings.ToLower(l.Keyword), stackName(o), what, e.ref(l).ID)
			}
		}
	}
	return nil
}
