package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// steps are the steps and phases of a turn in order (500.1 today, 300.1
// in 2006): the first main phase is steps[mainAt], the second the other
// "main". The first-strike combat damage step happens only when a
// creature has first strike or double strike; the combat steps after
// declare attackers only when a creature attacks (508.8). A turn's own
// list (engine.turn) may have additional phases (500.8).
var steps = []string{
	"untap", "upkeep", "draw", "main",
	"beginning of combat", "declare attackers", "declare blockers", "first-strike damage", "combat damage", "end of combat",
	"main", "end", "cleanup",
}

// combatPhase are the steps of a combat phase, in steps.
var combatPhase = steps[4:10]

const mainAt = 3

// phaseOf is the phase of each step (500.1 today, 300.1 in 2006).
var phaseOf = map[string]string{
	"untap": "beginning", "upkeep": "beginning", "draw": "beginning",
	"main":                "main",
	"beginning of combat": "combat", "declare attackers": "combat", "declare blockers": "combat",
	"first-strike damage": "combat", "combat damage": "combat", "end of combat": "combat",
	"end": "ending", "cleanup": "ending",
}

// stepTitles are the titles of each step's rule, in any era (504 "Draw
// Step" today, 304 in 2006; the end step was the "end of turn step").
var stepTitles = map[string][]string{
	"untap": {"Untap Step"}, "upkeep": {"Upkeep Step"}, "draw": {"Draw Step"}, "main": {"Main Phase"},
	"beginning of combat": {"Beginning of Combat Step"}, "declare attackers": {"Declare Attackers Step"},
	"declare blockers": {"Declare Blockers Step"}, "first-strike damage": {"Combat Damage Step"},
	"combat damage": {"Combat Damage Step"}, "end of combat": {"End of Combat Step"},
	"end": {"End Step", "End of Turn Step"}, "cleanup": {"Cleanup Step"},
}

// Rules the steps cite, in any era.
var (
	phManaBurn      = []string{"this is called mana burn", "mana burn"}
	phManaEmpties   = []string{"each player's mana pool empties at the end of each step and phase", "mana pool empties at the end of each step and phase", "empties at the end of each step and phase"}
	phSkipDraw      = []string{"the player who plays first skips the draw step", "skips the draw step of their first turn", "skips the draw step of his or her first turn"}
	phStepDraw      = []string{"first, the active player draws a card", "the active player draws one card", "the active player drawing a card", "\"draw a card\" is placed on the stack"}
	phUpkeepTrig    = []string{"abilities that triggered at the beginning of the upkeep", "abilities that trigger at the beginning of the upkeep step", "abilities that trigger at the beginning of that upkeep", "abilities that trigger at the beginning of upkeep"}
	phEndTrig       = []string{"all abilities that trigger \"at the beginning of the end step\"", "all abilities that trigger \"at end of turn\" go on the stack", "all \"at end of turn\" abilities trigger", "all \"at end of turn\"- triggered abilities trigger", "all abilities that trigger \"at the beginning of\" that phase or step trigger"}
	phRemoved       = []string{"all creatures, battles, and planeswalkers are removed from combat", "all creatures and planeswalkers are removed from combat", "all creatures are removed from combat", "removed from combat or the combat phase ends", "removed from combat"}
	phHandSize      = []string{"if the active player's hand contains more cards than their maximum hand size", "if the active player's hand contains more cards than his or her maximum hand size", "maximum hand size"}
	phWearOff       = []string{"all damage marked on permanents (including phased-out permanents) is removed", "all damage marked on permanents", "all damage is removed from permanents", "\"until end of turn\" and \"this turn\" effects end"}
	phNoPriority    = []string{"no player receives priority during the cleanup step", "otherwise, no player receives priority"}
	phCleanupMore   = []string{"another cleanup step begins", "another cleanup step"}
	phDelayed       = []string{"an effect may create a delayed triggered ability", "delayed triggered ability"}
	phNoAttackers   = []string{"if no creatures are declared as attackers or put onto the battlefield attacking, skip", "if no creatures are declared as attackers, finish the declare attackers step", "if no creatures are declared as attackers"}
	phDefending     = []string{"the active player chooses one of their opponents. that player becomes the defending player", "chooses one of their opponents", "becomes the defending player", "defending player"}
	phEndTheTurn    = []string{"some cards end the turn", "ends the turn when it resolves", "when an effect ends the turn"}
	phEndTurnStack  = []string{"exile every object on the stack", "remove every object on the stack from the game"}
	phEndTurnCombat = []string{"if this happens during combat, remove all creatures", "remove all attacking and blocking creatures", "remove all creatures and planeswalkers", "remove all creatures, battles, and planeswalkers"}
	phEndTurnSkip   = []string{"the game skips straight to the cleanup step"}
	phSkip          = []string{"to skip a step, phase, or turn is to proceed past it as though it didn't exist", "proceed past it as though it didn't exist"}
	phAddPhases     = []string{"some effects can add phases to a turn"}
	phUntilEOC      = []string{"expire at the end of the combat phase, not at the beginning of the end of combat step", "until end of combat"}
	phCombatTrig    = []string{"that phase or step trigger", "at the beginning of"}
	phEndCombatTrig = []string{"abilities that trigger \"at end of combat\" trigger as the end of combat step begins", "all \"at end of combat\" abilities trigger", "\"at end of combat\""}
	phStepEnds      = []string{"ends when the stack is empty and all players pass", "when all players pass in succession", "all players pass in succession"}
)

// stepRef cites the rule of a step by its title, else the turn's rule.
func (e *engine) stepRef(step string) game.Ref {
	return e.specs.ref("step\x00"+step, func() game.Ref {
		if r := e.rules.Titled(stepTitles[step]...); r != nil {
			return game.RefOf(r)
		}
		return e.rules.Find(phTurn...)
	})
}

// toStep moves the turn forward to the next step named step within the
// turn, passing every step between (each happens: its turn-based
// actions, its triggers); nothing happens when the turn has no such step
// ahead (the callers check that with ahead).
func (e *engine) toStep(step string) {
	to := e.ahead(step)
	for to > 0 && e.at < to {
		next := e.at + 1
		if e.turn[next] == "first-strike damage" && step != "first-strike damage" {
			next++
		}
		e.enterStep(next)
	}
}

// ahead is the index in the turn of the next step named step, -1 when
// the turn has none left.
func (e *engine) ahead(step string) int {
	for i := e.at + 1; i < len(e.turn); i++ {
		if e.turn[i] == step {
			return i
		}
	}
	return -1
}

// inCleanup reports whether the turn is in its cleanup step.
func (e *engine) inCleanup() bool { return e.at == len(e.turn)-1 }

// endTheTurn ends the turn (723.1 today, 509.1 in 2006): every object on the stack, the resolving one too, is exiled (removed
// from the game in 2006); creatures leave combat; state-based actions
// are checked, no triggered ability is put on the stack; then the game
// skips straight to the cleanup step, the steps between, the end step's
// triggers with them, skipped.
func (e *engine) endTheTurn(from string) {
	rule := e.rules.Find(phEndTheTurn...)
	e.s.Cite(rule, "%s ends the turn", from)
	for _, o := range slices.Clone(e.s.Stack) {
		e.s.Cite(e.rules.Find(phEndTurnStack...), "%s %s", stackName(o), e.term("is exiled", "is removed from the game"))
		if o.Ability != nil || o.Copy {
			e.s.Remove(o)
			continue
		}
		e.leaveStack(o, game.Exile, "the turn ends")
	}
	e.turnEnded = true
	if len(e.s.Combat.Attackers) > 0 {
		e.s.Cite(e.rules.Find(phEndTurnCombat...), "every creature is removed from combat")
		e.s.EndCombatEffects()
		e.s.EndCombat()
		e.blocksDone, e.blocking = false, false
	}
	e.sba()
	e.s.Cite(e.rules.Find(phEndTurnSkip...), "the %s ends; the game skips straight to the cleanup step", stepName(e.s.Step))
	e.enterStep(len(e.turn) - 1)
}

// skipCombat makes p skip their next combat phase this turn (500.11,
// 614.10; 300.9 and 419.6e in 2006): the turn proceeds past it "as
// though it didn't exist", so its steps leave the turn. A combat phase
// that has begun can no longer be skipped; in another player's turn, or
// with no combat phase left, nothing happens.
func (e *engine) skipCombat(p *game.Player, from string) {
	rule := e.rules.Find(phSkip...)
	at := e.ahead("beginning of combat")
	if p != e.s.ActivePlayer() || at < 0 {
		e.s.Cite(rule, "%s: %s has no combat phase left to skip this turn", from, p.Name)
		return
	}
	e.turn = slices.Delete(slices.Clone(e.turn), at, at+len(combatPhase))
	e.s.Cite(rule, "%s: %s skips their next combat phase this turn: the turn proceeds past it as though it didn't exist", from, p.Name)
}

// addCombat adds an additional combat phase followed by an additional
// main phase directly after this main phase (500.8 today, 300.7 in
// 2006: "adding the phases directly after the specified phase"; the
// most recently created comes first). Outside a main phase there is no
// "this main phase": nothing is added.
func (e *engine) addCombat(from string) {
	rule := e.rules.Find(phAddPhases...)
	if e.turn[e.at] != "main" {
		e.s.Cite(rule, "%s: the turn is not in a main phase, so no phase is added after \"this main phase\"", from)
		return
	}
	extra := append(slices.Clone(combatPhase), "main")
	e.turn = slices.Insert(slices.Clone(e.turn), e.at+1, extra...)
	e.s.Cite(rule, "%s: after this main phase, an additional combat phase and an additional main phase are added to the turn", from)
}

// enterStep begins the step at index i of steps: the step ending empties the
// mana pools; then the new step's turn-based actions happen and the
// abilities that trigger as it begins trigger.
func (e *engine) enterStep(i int) {
	step := e.turn[i]
	e.emptyPools(e.s.Step, step)
	leaving := e.s.Step
	e.s.Step, e.at = step, i
	if leaving == "declare blockers" && !e.blocksDone && !e.dealing {
		// The step passes with no more blockers declared: the
		// declaration ends, judged as a whole.
		if err := e.endBlocks(); err != nil {
			e.stepErr = err
		}
	}
	if leaving == "end of combat" {
		if r := e.rules.Find(phRemoved...); strings.Contains(strings.ToLower(r.Text), "or the combat phase ends") {
			// Before 2003-07-01 no rule removes creatures from combat
			// as the step ends: a creature stays attacking or blocking
			// "until it's removed from combat or the combat phase ends"
			// (308.5 of 1999 and 2002).
			e.s.Cite(r, "the combat phase ends: every creature stops being an attacking or blocking creature")
		} else {
			e.s.Cite(r, "the end of combat step ends: every creature is removed from combat")
		}
		if e.s.EndCombatEffects() {
			e.s.Cite(e.rules.Find(phUntilEOC...), "the combat phase ends: \"until end of combat\" effects end")
		}
		e.s.EndCombat()
		e.blocksDone, e.blocking = false, false
	}
	p := e.s.ActivePlayer()
	switch step {
	case "untap":
		e.untapDayNight()
		for _, o := range e.s.Controlled(p) {
			if o.Exerted {
				// 701.43a: it doesn't untap during this untap step;
				// each exert expires in it (701.43b).
				o.Exerted = false
				e.s.Cite(e.action("Exert", "not untap during"), "untap step: %s was exerted and doesn't untap", o.Label)
				continue
			}
			o.Tapped = false
		}
		e.s.Cite(e.rules.Find(phUntap...), "untap step: %s untaps their permanents", p.Name)
	case "upkeep":
		e.s.Cite(e.stepRef(step), "%s's upkeep step begins", p.Name)
		u := e.upkeeps[p]
		e.upkeeps[p] = [2]int{u[1], e.s.Turn}
		e.initiativeUpkeep(p)
		e.beginningOf(ability.UpkeepBegins, "upkeep", phUpkeepTrig)
	case "draw":
		if skip := e.rules.Find(phSkipDraw...); e.s.Turn == 1 && len(e.s.Players) == 2 && !skip.IsZero() {
			e.s.Cite(skip, "%s plays first in a two-player game and skips the draw step of their first turn", p.Name)
			// The step is skipped: it does not happen (500.11 today).
			return
		}
		e.s.Cite(e.rules.Find(phStepDraw...), "%s's draw step begins: %s draws a card", p.Name, p.Name)
		e.draw(p)
	case "main":
		e.s.Cite(e.stepRef(step), "%s's %s main phase begins", p.Name, map[bool]string{true: "precombat", false: "postcombat"}[i == mainAt])
		if i == mainAt {
			e.loreTurn(p)
		}
	case "beginning of combat":
		if r := e.specs.ref("phase\x00combat", func() game.Ref {
			if r := e.rules.Titled("Combat Phase"); r != nil {
				return game.RefOf(r)
			}
			return game.Ref{}
		}); !r.IsZero() {
			e.s.Cite(r, "%s's combat phase begins", p.Name)
		}
		e.s.Cite(e.stepRef(step), "the beginning of combat step begins")
		e.beginningOf(ability.CombatBegins, "combat", phCombatTrig)
	case "end of combat":
		e.s.Cite(e.stepRef(step), "the end of combat step begins")
		e.beginningOf(ability.EndOfCombat, "end of combat", phEndCombatTrig)
	case "declare attackers", "declare blockers":
		e.s.Cite(e.stepRef(step), "the %s step begins", step)
	case "first-strike damage", "combat damage":
		e.s.Cite(e.stepRef(step), "the %s step begins", step)
		if !e.dealing {
			e.passDamage(step)
		}
	case "end":
		e.s.Cite(e.stepRef(step), "%s's %s begins", p.Name, e.term("end step", "end of turn step"))
		e.beginningOf(ability.EndStepBegins, "end", phEndTrig)
	case "cleanup":
		e.cleanup()
	}
	if step != "untap" && step != "cleanup" {
		// A player would receive priority.
		e.sba()
	}
}

// beginningOf triggers the abilities that trigger as a step begins: the
// permanents' ("at the beginning of your upkeep") and the delayed
// triggers waiting for the step.
func (e *engine) beginningOf(ev ability.Event, step string, phrases []string) {
	before := len(e.s.Pending)
	for _, o := range e.s.Battlefield() {
		e.fire(o, ev, nil)
	}
	if ev == ability.UpkeepBegins {
		// Triggered abilities that function in exile (suspend's).
		e.clocks(e.s.ActivePlayer())
	}
	kept := e.s.Delayed[:0]
	var fire []game.Delayed
	for _, d := range e.s.Delayed {
		if d.Step == step && (d.Controller == nil || d.Controller == e.s.ActivePlayer()) {
			fire = append(fire, d)
			if d.Once {
				continue
			}
		}
		kept = append(kept, d)
	}
	e.s.Delayed = kept
	for _, d := range fire {
		d.Fire(e.s)
	}
	if len(e.s.Pending) > before {
		e.s.Cite(e.rules.Find(phrases...), "the abilities that trigger at the beginning of the %s step wait to be put on the stack", step)
	}
}

// cleanup is the cleanup step (514; 314 in 2006): the active player
// discards down to their maximum hand size, the cards the statement's
// "discard" choice names; then damage wears off and "until end of turn"
// effects end, at once. If state-based actions apply or abilities
// trigger, players receive priority and another cleanup step follows
// (514.3a), when the stack is empty and the script moves on.
func (e *engine) cleanup() {
	p := e.s.ActivePlayer()
	e.s.Cite(e.stepRef("cleanup"), "%s's cleanup step begins", p.Name)
	e.cleanupAgain = false
	if err := e.discardToHandSize(p); err != nil {
		// The step waits for the player's choice: the next statement
		// that moves on runs it again.
		e.stepErr, e.cleanupAgain = err, true
		return
	}
	cited, changed := e.s.EndTurnEffects()
	for _, o := range e.s.Battlefield() {
		cited = cited || o.Damage > 0 || o.Saddled || o.Shields > 0
		// Saddled until end of turn (702.171b) ends with the other
		// "until end of turn" effects, and so do regeneration shields,
		// which protect "this turn" (701.19a).
		o.Damage, o.Doomed, o.Saddled, o.Shields = 0, game.Ref{}, false, 0
	}
	if cited {
		e.s.Cite(e.rules.Find(phWearOff...), "cleanup: damage is removed and \"until end of turn\" effects end")
	}
	e.citeControl(changed)
	e.s.Requirements = nil
	e.s.EndCombat()
	trace := len(e.s.Trace)
	e.sba()
	if len(e.s.Trace) > trace || len(e.s.Pending) > 0 {
		e.cleanupAgain = true
		e.s.Cite(e.rules.Find(phCleanupMore...), "state-based actions or triggered abilities in the cleanup step: players receive priority, then another cleanup step begins")
	}
}

// priority refuses what a player does only with priority (casting a
// spell, activating an ability, a mana ability too) in the cleanup
// step, where normally no player receives priority (514.3; 314.3 in
// 2006); once state-based actions were performed or abilities
// triggered there, players receive it (514.3a).
func (e *engine) priority(what string) error {
	if e.inCleanup() && !e.cleanupAgain {
		return refuse("no player receives priority in the cleanup step: no player can %s (%s)", what, e.rules.Find(phNoPriority...).ID)
	}
	return nil
}

// discardToHandSize discards the active player's excess cards, those the
// statement names with "; discard A, B" (the player chooses them).
func (e *engine) discardToHandSize(p *game.Player) error {
	n := len(p.Zone(game.Hand)) - 7
	var cl *Clause
	if e.cur != nil {
		cl = e.cur.Clause("discard")
	}
	if n <= 0 {
		if cl != nil {
			return refuse("%s has %d cards in hand, no more than their maximum hand size of seven: nothing to discard", p.Name, len(p.Zone(game.Hand)))
		}
		return nil
	}
	rule := e.rules.Find(phHandSize...)
	if cl == nil || len(cl.Names) != n {
		return refuse("%s has %d cards in hand and must discard %d to their maximum hand size of seven, chosen with \"; discard CARD\"%s", p.Name, len(p.Zone(game.Hand)), n, see(rule))
	}
	e.s.Cite(rule, "%s has %d cards in hand, more than seven, and discards %d", p.Name, len(p.Zone(game.Hand)), n)
	var rest []*Clause
	for _, c := range e.cur.Clauses {
		if c.Word != "discard" {
			rest = append(rest, c)
		}
	}
	for _, name := range cl.Names {
		if err := e.discard(&Stmt{Verb: "discard", Player: p.Name, Object: name, Clauses: rest, Pos: e.cur.Pos}); err != nil {
			return err
		}
	}
	return nil
}

// next moves to the next step, a new turn after the cleanup step (the
// next player in turn order who is still in the game).
func (e *engine) next() {
	switch {
	case e.inCleanup() && e.cleanupAgain:
		e.enterStep(e.at)
		return
	case e.inCleanup():
		e.beginTurn(e.nextPlayer())
		return
	}
	i := e.at + 1
	if e.turn[i] == "first-strike damage" && e.firstStrike() == nil {
		i++
	}
	if e.turn[i] == "declare blockers" && len(e.s.Combat.Attackers) == 0 {
		// No attackers: the declare blockers and combat damage steps
		// are skipped (508.8).
		e.s.Cite(e.rules.Find(phNoAttackers...), "no creature attacks: the declare blockers and combat damage steps are skipped")
		i = e.ahead("end of combat")
	}
	e.enterStep(i)
}

// nextPlayer is the player after the active one in turn order who is
// still in the game.
func (e *engine) nextPlayer() *game.Player {
	n := len(e.s.Players)
	for k := 1; k <= n; k++ {
		if q := e.s.Players[(e.s.Active+k)%n]; !q.Left {
			return q
		}
	}
	return e.s.ActivePlayer()
}

// beginTurn begins p's turn at its untap step.
func (e *engine) beginTurn(p *game.Player) {
	s := e.s
	e.emptyPools(s.Step, "untap")
	// The spells the previous turn's active player cast, for the
	// untap step's day and night check (502.2).
	e.castLastTurn = castBy(s, s.ActivePlayer())
	s.Turn++
	s.Active = slices.Index(s.Players, p)
	s.Changed() // "during your turn" effects start or end (702.161a)
	e.turn, e.attacked = steps, nil
	s.CastThisTurn, s.Log = nil, nil
	s.Step = ""
	s.Cite(e.rules.Find(phTurn...), "%s's turn %d begins", p.Name, s.Turn)
	e.citeTurnStatics()
	e.endGoads(p)
	e.enterStep(0)
}

// advance moves step by step until done reports true, stopping early in
// a step where an ability is waiting to go on the stack (the script
// resolves it, then moves on with the same statement): every step
// passed happens. A step can't end while the stack holds an object
// (500.2).
func (e *engine) advance(done func() bool) error {
	if top := e.s.Top(); top != nil {
		return refuse("the stack is not empty: resolve %s before the %s ends (%s)", stackName(top), stepName(e.s.Step), e.rules.Find(phStepEnds...).ID)
	}
	if e.over {
		return refuse("the game is over")
	}
	for range 200 {
		e.stepErr = nil
		// A step ends when all players pass in succession with an
		// empty stack.
		e.passes()
		e.next()
		if e.stepErr != nil {
			return e.stepErr
		}
		if e.choice != nil {
			return e.choice
		}
		if len(e.s.Pending) > 0 || e.s.Top() != nil || e.over || done() {
			return nil
		}
	}
	return fmt.Errorf("no end to the steps")
}

// turnOf moves to the precombat main phase of p's next turn, or of this
// one if it has not reached it yet.
func (e *engine) turnOf(p *game.Player) error {
	if p.Left {
		return refuse("%s has left the game", p.Name)
	}
	if e.s.ActivePlayer() == p && e.at < mainAt && e.at >= 0 {
		return e.advance(func() bool { return e.at == mainAt })
	}
	started := e.s.Turn
	return e.advance(func() bool { return e.s.Turn > started && e.s.ActivePlayer() == p && e.at == mainAt })
}

// toCleanup moves to this turn's cleanup step: "end turn".
func (e *engine) toCleanup() error {
	if e.inCleanup() && !e.cleanupAgain {
		return refuse("the turn is already in its cleanup step")
	}
	return e.advance(func() bool { return e.inCleanup() && !e.cleanupAgain })
}

// stepTo moves to the next step named step ("step end", "step upkeep":
// the next turn's when this turn's is past).
//
// With n > 0 it is the turn's n-th step of that name ("step beginning of
// combat 2": the second combat phase's; "step main 2": the second main
// phase, 505.1b's count), refused when the turn has no such step or is
// past it.
func (e *engine) stepTo(step string, n int) error {
	want := step
	if step == "postcombat main" {
		want = "main"
	}
	if !slices.Contains(steps, want) {
		return fmt.Errorf("unknown step %q", step)
	}
	if n > 0 {
		at, k := -1, 0
		for i, s := range e.turn {
			if s == want && (step != "postcombat main" || i != mainAt) {
				if k++; k == n {
					at = i
				}
			}
		}
		switch {
		case at < 0:
			return refuse("this turn has %d %s %s, not %d (phases are added by effects%s)", k, step, map[bool]string{true: "phases", false: "steps"}[want == "main"], n, see(e.rules.Find(phAddPhases...)))
		case at <= e.at:
			return refuse("the turn is past its %s %d", step, n)
		}
		turn := e.s.Turn
		return e.advance(func() bool { return e.s.Turn == turn && e.at == at })
	}
	start := e.s.Turn*100 + e.at
	return e.advance(func() bool {
		if e.s.Step != want || e.s.Turn*100+e.at == start {
			return false
		}
		switch step {
		case "main":
			return e.at == mainAt
		case "postcombat main":
			return e.at != mainAt
		}
		return true
	})
}

// beginGame starts the game at the untap step of the first turn, as the
// first action of a script: every step up to the precombat main phase
// happens (the first player skips the draw in a two-player game).
func (e *engine) beginGame() error {
	if e.s.Turn != 1 || e.at != mainAt || len(e.s.Trace) > 0 || e.begun {
		return refuse("the game has begun: \"begin game\" must come before any other action")
	}
	e.begun = true
	e.s.Step = ""
	e.s.Cite(e.rules.Find(phTurn...), "%s's turn 1 begins", e.s.ActivePlayer().Name)
	e.enterStep(0)
	if len(e.s.Pending) > 0 {
		return nil
	}
	return e.advance(func() bool { return e.at == mainAt })
}

// emptyPools empties mana pools as the step from ends for step to: since
// Magic 2010 each pool empties at the end of each step and phase (106.4,
// 300.3 before 2010 it was each phase only); in the rules that have mana
// burn (300.3 in 2006-10-01) mana is lost only when a phase ends, and
// its player loses 1 life for each mana lost.
func (e *engine) emptyPools(from, step string) {
	if from == step && from != "cleanup" || from == "" {
		return
	}
	phaseEnds := phaseOf[from] != phaseOf[step]
	if burn := e.rules.Find(phManaBurn...); !burn.IsZero() {
		if phaseEnds {
			for _, p := range e.s.Players {
				if n := p.Pool.Total(); n > 0 {
					e.s.Cite(burn, "the %s phase ends: %s's unused mana %s is lost, and %s loses %d life (mana burn)", phaseOf[from], p.Name, p.Pool, p.Name, n)
					p.Pool = game.Mana{}
					p.Life -= n
					e.firePlayer(p, ability.LosesLife, nil)
				}
			}
		}
		return
	}
	for _, p := range e.s.Players {
		kept := game.Mana{}
		if phaseOf[from] == "combat" && phaseOf[step] == "combat" {
			// Mana its player doesn't lose as steps end until end of
			// combat (702.189a), what is left of it.
			kept = p.Pool.Min(p.KeptCombat)
		}
		p.KeptCombat = kept
		if p.Pool.Total() > 0 {
			lost := p.Pool
			if kept.Total() > 0 {
				lost = game.Mana{}
				for _, c := range []game.Color{game.White, game.Blue, game.Black, game.Red, game.Green, 0} {
					lost.Add(c, p.Pool.Of(c)-kept.Of(c))
				}
				e.s.Cite(e.rules.Find(append(phKeepMana, phManaEmpties...)...), "the %s ends: %s keeps %s until end of combat", stepName(from), p.Name, kept)
			}
			if lost.Total() > 0 {
				e.s.Cite(e.rules.Find(phManaEmpties...), "the %s ends: %s's mana pool empties (%s is lost)", stepName(from), p.Name, lost)
			}
			p.Pool = kept
		}
	}
}

// stepName names a step for the trace: "the main phase", "the upkeep
// step".
func stepName(step string) string {
	if step == "main" {
		return "main phase"
	}
	return step + " step"
}

// delayed creates a delayed triggered ability (603.7) of a resolving
// spell or ability: at the beginning of the next step named ef.Delayed,
// its effect, on them, the tokens created by the instruction before
// ("sacrifice them").
func (e *engine) delayed(spell *game.Object, ef game.Effect, them []*game.Object) {
	src := spell
	if spell.Zone != game.Battlefield {
		// A spell is gone when its delayed ability triggers: a copy
		// keeps what it was. A permanent's ("sacrifice it at end of
		// combat") is about the permanent itself.
		saved := *spell
		src = &saved
	}
	inner := ef
	inner.Delayed = ""
	e.s.Delayed = append(e.s.Delayed, game.Delayed{Step: ef.Delayed, Once: true, Fire: func(s *game.State) {
		e.trigger(src, src.Card.Name, inner.Text, e.rules.Find(phDelayed...), func(s *game.State, ab *game.Object) {
			e.effect(doing{src: src, from: src.Card.Name, them: them}, inner, nil)
		})
	}})
	when := map[string]string{"end": "at the beginning of the next end step", "upkeep": "at the beginning of the next upkeep", "end of combat": "at end of combat"}[ef.Delayed]
	e.s.Cite(e.rules.Find(phDelayed...), "%s creates a delayed triggered ability: %s, %s", spell.Name(), when, strings.TrimSuffix(inner.Text, "."))
}
