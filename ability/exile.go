package ability

import (
	"fmt"
	"regexp"

	"github.com/crules/crules/game"
)

// The exile family: keywords that return a card from the graveyard for a
// while, or cast it from exile later. Unearth (702.84a) is compiled from
// its definition by the grammar of activated abilities
// (shape_activated.go): its sentences in order, the last a replacement
// effect that exiles the permanent whatever way it would leave the
// battlefield. Encore (702.141a) likewise: a token copy of the card for
// each opponent, attacking that opponent this turn if able, the tokens
// gaining haste and sacrificed at the next end step. Plot (702.170a) is
// a special action read by a static shape (exiling the card from the
// hand, its cost paid), after which the card carries the permission of
// 702.170d (game.CastPermit); foretell's (702.143a) is the same, written
// by hand. Miracle (702.94a) is read by a static shape too: a card
// revealed as it is drawn, the first of the turn, and the trigger that
// lets its owner cast it for its miracle cost.

// SpecialVerbs are the scenario verbs of the special actions that exile
// a card from its owner's hand (ExileAction), with the word that chooses
// the action: `PLAYER plots CARD`.
var SpecialVerbs = map[string]string{}

func init() {
	staticShapes = append(staticShapes, readPlotAction, readMiracle, readEntersTapped)
	AltChoices["miracle"] = "miracle"
	SpecialVerbs["plots"], SpecialVerbs["foretells"], SpecialVerbs["suspends"] = "plot", "foretell", "suspend"
	AltChoices["foretell"] = "foretell"
	families = append(families, func() {
		declare("Unearth", activatedCompiled, byDefinition)
		declare("Encore", activatedCompiled, byDefinition)
		declare("Plot", plotted, byShapes)
		declare("Miracle", shaped, byShapes)
		declare("Hideaway", shaped, byShapes)
		declare("Suspend", suspended, byShape(func(parts []string) error {
			_, err := readSuspend(parts)
			return err
		}))
		// Foretell's rule quotes no definition (702.143a describes
		// the special action and the permission): its model is written
		// here, checked against those words.
		declare("Foretell", foretold, anchors("exile a card with foretell from their hand face down", "may cast that card after the current turn has ended"))
	})
}

// An ExileAction is a special action (116.2) the owner of a card in
// their hand may take: pay Cost and exile the card, face down when
// FaceDown; after it the card carries Then's permission to be cast from
// exile (game.CastPermit), for ThenCost rather than its mana cost when
// set. Choice is the statement's word ("plot": `PLAYER plots CARD`).
// When: MainPhase during its owner's main phase while the stack is empty
// (plot, 702.170a), OwnTurn any time they have priority during their
// turn (foretell, 702.143a). Note's arguments: the player, the card, the
// cost paid.
type ExileAction struct {
	Base
	Choice             string
	Cost               game.Cost
	MainPhase, OwnTurn bool
	FaceDown           bool
	Then               *ExilePermit
	ThenCost           *game.Cost
	// AsCast permits the action only when its owner could begin to cast
	// the card (suspend, 116.2f); Counters time counters are put on it
	// as it is exiled.
	AsCast   bool
	Counters int
}

// The shape of plot's special action (702.170a):
//
//	plot = "any time you have priority during your main phase while the stack is empty,
//	       you may exile this card from your hand and pay [cost]. it becomes a plotted card"
var rePlotAction = lazyRegexp(`^any time you have priority during your main phase while the stack is empty, you may exile this card from your hand and pay \[cost\]\. it becomes a plotted card$`)

func readPlotAction(part string) ([]Ability, bool) {
	if !rePlotAction().MatchString(part) {
		return nil, false
	}
	return []Ability{&ExileAction{Base: Base{Rule: []string{"you may exile this card from your hand"}, Note: "%s exiles %s from their hand and pays %s: it becomes a plotted card"}, MainPhase: true}}, true
}

// plotted declares plot by the shape above, the permission 702.170d
// gives a plotted card (outside the quoted definition, so read here by
// its words) added to the special action: its owner casts it from exile
// without paying its mana cost, during their main phase while the stack
// is empty, on a later turn. Without those words the keyword has no
// model.
func plotted(inst game.Ability, r Rev) []Ability {
	var out []Ability
	for _, a := range shaped(inst, r) {
		x, ok := a.(*ExileAction)
		if !ok || !r.Mentions(inst.Keyword, "may cast it from exile without paying its mana cost during their main phase while the stack is empty during any turn after the turn in which it became plotted") {
			return nil
		}
		y := *x
		y.Choice, y.Cost = "plot", inst.Cost
		y.Then = &ExilePermit{Base: Base{Keyword: inst.Keyword, Rule: []string{"a plotted card's owner may cast it"}, Note: "plot: %s may cast %s, a plotted card, from exile without paying its mana cost during their main phase while the stack is empty, on a later turn"},
			Later: true, Free: true, MainPhase: true, Choice: ""}
		out = append(out, &y)
	}
	return out
}

// foretold declares foretell by hand: 702.143a has no quoted definition,
// only a description, whose two sentences the model is, checked by
// their words: "that player may pay {2} and exile a card with foretell
// from their hand face down" any time they have priority during their
// turn, and "They may cast that card after the current turn has ended by
// paying any foretell cost it has rather than paying that spell's mana
// cost" (cast with `; foretell`).
func foretold(inst game.Ability, r Rev) []Ability {
	if !r.Mentions(inst.Keyword, "any time a player has priority during their turn, that player may pay {2} and exile a card with foretell from their hand face down") ||
		!r.Mentions(inst.Keyword, "may cast that card after the current turn has ended by paying any foretell cost it has rather than paying that spell") {
		return nil
	}
	cost := inst.Cost
	return []Ability{&ExileAction{Base: Base{Keyword: inst.Keyword, Rule: []string{"may pay {2} and exile a card with foretell"}, Note: "foretell: %s exiles %s from their hand face down and pays %s"},
		Choice: "foretell", Cost: game.MustParseCost("{2}"), OwnTurn: true, FaceDown: true, ThenCost: &cost,
		Then: &ExilePermit{Base: Base{Keyword: inst.Keyword, Rule: []string{"they may cast that card after the current turn has ended"}, Note: "foretell: %s may cast %s from exile after this turn has ended for its foretell cost"},
			Later: true, Choice: "foretell"}}}
}

// A RevealDrawn is miracle's static ability linked to a triggered
// ability (603.11, 702.94a): its owner may reveal the card as they draw
// it, if it's the first card they've drawn this turn; when they do, the
// trigger lets them cast it by paying Cast's cost rather than its mana
// cost, an alternative cost that needs the trigger's permission. Note's
// arguments: the player, the card.
type RevealDrawn struct {
	Base
	Cast AltCost
}

// The shape of miracle's definition (702.94a; 702.92a in 2012):
//
//	miracle = "you may reveal this card from your hand as you draw it if it's the first card you've drawn this turn.
//	          when you reveal this card this way, you may cast it by paying [cost] rather than its mana cost"
var reMiracle = lazyRegexp(`^you may reveal this card from your hand as you draw it if it's the first card you've drawn this turn\. when you reveal this card this way, you may cast it by paying \[cost\] rather than its mana cost$`)

func readMiracle(part string) ([]Ability, bool) {
	if !reMiracle().MatchString(part) {
		return nil, false
	}
	return []Ability{&RevealDrawn{Base: Base{Rule: []string{"you may reveal this card"}, Note: "%s reveals %s as they draw it, the first card they've drawn this turn"},
		Cast: AltCost{Base: Base{Rule: []string{"you may cast it by paying"}, Note: "%s is cast for %s rather than its mana cost"}, From: game.Hand, Permitted: true, AnyTime: true}}}, true
}

// An ExileClock is suspend's two triggered abilities that function in
// exile (702.62a): at the beginning of its owner's upkeep, if the card is
// suspended (in exile with a time counter on it, 702.62b), remove a time
// counter from it (Upkeep); when the last is removed, if it's still
// exiled, its owner casts it without paying its mana cost if able, or
// may when May is set (Last; If you don't, it remains exiled), and a
// creature spell cast this way gains haste (a WhilePaid beside it), as
// long as the permanent it becomes remembers the cost Choice names paid.
// Notes' arguments: the card.
type ExileClock struct {
	Base
	Counter string
	Upkeep  Base
	Last    Base
	May     bool
	Choice  string
}

// The shape of suspend's definition, each of its wordings (502.59a from
// 2006, 702.59a from 2009, 702.62a today):
//
//	action = "if you could" ("play" | "begin to cast") "this card" ["by putting it onto the stack"] "from your hand,
//	         you may pay [cost] and" ("remove it from the game" | "exile it") "with n time counters on it. this action doesn't use the stack"
//	upkeep = "at the beginning of your upkeep, if this card is suspended, remove a time counter from it"
//	last   = "when the last time counter is removed from this card, if it's" ("removed from the game" | "exiled") ","
//	         ["you may"] "play it without paying its mana cost if able. if you" ("can't" | "don't") ", it remains" ("removed from the game" | "exiled") ".
//	         if you" ("play" | "cast") "a creature spell this way, it gains haste until you lose control of the spell or the permanent it becomes"
var (
	reSuspendAction = lazyRegexp(`^if you could (?:play|begin to cast) this card(?: by putting it onto the stack)? from your hand, you may pay \[cost\] and (?:remove it from the game|exile it) with n time counters on it\. this action doesn't use the stack$`)
	reSuspendUpkeep = lazyRegexp(`^at the beginning of your upkeep, if this card is suspended, remove a time counter from it$`)
	reSuspendLast   = lazyRegexp(`^when the last time counter is removed from this card, if it's (?:removed from the game|exiled), (you may )?play it without paying its mana cost if able\. if you (?:can't|don't), it remains (?:removed from the game|exiled)\. if you (?:play|cast) a creature spell this way, it gains haste until you lose control of the spell or the permanent it becomes$`)
)

// readSuspend reads suspend's three parts; the error names the part
// outside the shape.
func readSuspend(parts []string) (may bool, err error) {
	if len(parts) != 3 {
		return false, fmt.Errorf("suspend's definition has %d parts, not the three of its shape", len(parts))
	}
	for i, re := range []func() *regexp.Regexp{reSuspendAction, reSuspendUpkeep, reSuspendLast} {
		p := normalPart(parts[i])
		m := re().FindStringSubmatch(p)
		if m == nil {
			return false, fmt.Errorf("no part of suspend the grammar knows at %q", parts[i])
		}
		if i == 2 {
			may = m[1] != ""
		}
	}
	return may, nil
}

// suspended declares suspend by the shape above: the special action
// that exiles the card with N time counters (116.2f), and the clock.
func suspended(inst game.Ability, r Rev) []Ability {
	may, err := readSuspend(r.Parts(inst.Keyword))
	if err != nil {
		return nil
	}
	return []Ability{
		&ExileAction{Base: Base{Keyword: inst.Keyword, Rule: []string{" means "}, Note: fmt.Sprintf("suspend: %%s exiles %%s with %d time counters on it and pays %%s", inst.N)},
			Choice: "suspend", Cost: inst.Cost, AsCast: true, Counters: inst.N},
		&ExileClock{Base: Base{Keyword: inst.Keyword, Rule: []string{"is suspended"}}, Counter: "time",
			Upkeep: Base{Keyword: inst.Keyword, Rule: []string{"at the beginning of your upkeep"}, Note: "suspend: a time counter is removed from %s"},
			Last:   Base{Keyword: inst.Keyword, Rule: []string{"when the last time counter"}, Note: "suspend: the last time counter was removed from %s"},
			May:    may, Choice: "suspend"},
		// "If you cast a creature spell this way, it gains haste until
		// you lose control of the spell or the permanent it becomes":
		// the permanent that remembers the cost paid has haste.
		&WhilePaid{Base: Base{Keyword: inst.Keyword, Rule: []string{"it gains haste"}}, Paid: "suspend", Grants: OfInstance(game.Ability{Keyword: "Haste"}, r)},
	}
}

// An EntersTapped is a replacement effect of a permanent: it enters the
// battlefield tapped (614.1c; hideaway's "This permanent comes into play
// tapped" before 2022-04-29, 702.75b).
type EntersTapped struct{ Base }

// The shape of that part:
//
//	tapped = "this permanent" ("comes into play" | "enters the battlefield" | "enters") "tapped"
var reEntersTapped = lazyRegexp(`^this permanent (?:comes into play|enters the battlefield|enters) tapped$`)

func readEntersTapped(part string) ([]Ability, bool) {
	if !reEntersTapped().MatchString(part) {
		return nil, false
	}
	return []Ability{&EntersTapped{Base: Base{Rule: []string{"tapped"}, Note: "%s enters tapped"}}}, true
}
