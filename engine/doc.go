// Package engine runs scenarios against a revision of the rules: the
// procedures keyword definitions need (casting per 601.2, or 409.1 in
// the old numbering; resolution with targets rechecked; combat with
// first-strike and regular damage steps, its damage on the stack in the
// revisions that put it there (310.1 until 2009-05-01); turns whose
// phases effects add, skip or end (500.8, 500.11, 723); triggered
// abilities; replacement effects; "until end of turn" and "until end of
// combat" effects) and a model for each keyword it knows.
//
// Replacement effects ("if … would …, instead", 614 and 616; 419 in
// 2006) are one mechanism (replace.go): each watches a kind of event (a
// zone change, a draw, counters put on a permanent, damage), has a condition, a
// source and the rule it implements, and modifies the event; each
// applies at most once per event, and when several apply the affected
// object's controller or the affected player chooses the order, cited
// from the revision, self-replacement effects first. Flashback, madness,
// dredge, modular, sunburst, amplify, a kicked spell's "deals N damage
// instead" and static "that many plus one" effects are replacement
// effects of this kind.
//
// Every step of a run is tagged with the rule it follows in the revision
// asked for, found by content: keyword rules through the revision's own
// keyword specs (convoke cites 502.46a in 2006-10-01 and 702.51a today),
// general rules by what they say (409.1f or 601.2f for the total cost).
// A model runs the wording of the revision asked for where wordings
// differ in effect (convoke before and after 2013, split cards before and
// after 2017, deathtouch as a trigger in 2007–2009).
//
// What a keyword means is declared in package ability, one file per
// family of keywords (evasion, combat, protection, costs, replacement,
// triggers): the procedures here (casting, combat, resolution,
// state-based actions, triggers, turns) read abilities by kind, fire
// typed events (ability.Event) at triggered abilities, choose their
// targets as they go on the stack and check every target with one
// function (canTarget, shielded) against protection from any quality
// and hexproof. No procedure names a keyword: splice, amplify's reveal
// and epic too are abilities of package ability (Splice, EntersWith per
// card revealed, UpkeepCopies) that the procedures read by kind.
//
// Costs are one model (costs.go) for spells and activated abilities
// alike: a game.FullCost is the mana part (generic, coloured, hybrid,
// {2/W}, Phyrexian, {C}, X) and the non-mana parts ({T}, {Q}, sacrifice,
// discard, exile from a zone, pay life, remove or put counters, return
// to hand, reveal). The total cost is the mana cost or one alternative
// cost, plus the additional costs chosen (kicker, multikicker N times,
// buyback, entwine, splice, a printed "As an additional cost"), plus the
// increases, minus the reductions (601.2f; 409.1f in 2006); a payment
// then checks every part, refusing the action with the rule it breaks
// when one can't be paid, before anything moves (601.2h, 409.1h), and the
// alternative and optional costs paid stay on the spell
// (game.CostsPaid: "for each time it was kicked", "if the buyback cost
// was paid"), on its copies (707.10) and on the permanent it becomes
// (Object.Paid, 400.7d), where a triggered ability's intervening "if"
// reads them ("if its evoke cost was paid", 603.4). A mana symbol
// the revision does not define refuses the cast. Activated abilities
// printed on cards ("{2}, {T}: Draw a card.") are activated through the
// same payment (activated.go), and so are activated keyword abilities
// compiled from their definition (equip, cycling, unearth, encore), from the zone their
// cost or their effect names. A replacement effect an instruction creates
// ("If it would leave the battlefield, exile it instead", 614.1a) watches
// every way a permanent leaves the battlefield (leaveBattlefield).
//
// The models are package ability's declarations (ability.Decls): a
// keyword's abilities, its anchors and whether it is compiled are stated
// in one place, its declaration in its family's file; models.go adds
// only their order and the model of split cards, which is no keyword.
// The special card kinds are rules of their own, cited by what they
// say: Sagas' lore counters and chapter abilities (714; saga.go, read
// ahead's chosen number and limit read by kind), leveler cards' level
// symbols (711; leveler.go: static abilities the layers apply while the
// level counters are in range), split cards' halves (709: one half cast,
// a fused split spell, a half cast from the graveyard only), prototyped
// spells' alternative mana cost, power and toughness (718.3b) and
// face-down objects cast by an alternative cost that gives them
// abilities (708, disguise's ward), the last two carried by the costs
// paid (game.CostsPaid), and double-faced cards (712; dfc.go: the keyword
// action transform turns a permanent over, the same object, 712.18, its
// back face's characteristics and its front face's mana value, 712.8e),
// with day and night (730; daynight.go: the game's designation, the
// untap step's check, 502.2, and the abilities of kind
// ability.DayNight).
// Each hand-written model declares the wording it implements, revision
// range by revision range, in declared.txt (a generated golden); TestDeclarations checks the
// declarations against keyword extraction for every embedded revision
// and names the model a new wording makes stale. The compiled models
// (bushido, rampage, flanking, provoke, soulshift, frenzy, poisonous,
// and the attacking family's: afflict, annihilator, battle cry,
// dethrone, exalted, ingest, mentor, prowess, renown, training,
// mobilize; the enters and dies family's: persist, undying, living
// weapon, for Mirrodin!, job select, evolve, afterlife, fabricate; and,
// read part by part by the static shapes, the enters-with keywords
// graft, bloodthirst, unleash, riot, ravenous, devour, tribute and
// compleated, and decayed; and the upkeep family's: echo, cumulative
// upkeep, fading, vanishing, extort, exploit, champion) are read from
// each revision's own definition by a small grammar (compile.go), so a
// reworded definition changes what they do. Their effects are entries of
// the one effect table of card text (game.ParseEffect), with N the
// keyword's number, followed by effect as a spell's or a printed
// ability's are; the keyword action mill follows its revision's
// definition (701.17a) read as a template of the same table
// (ability.CompileAction), and adapt, monstrosity, investigate, scry,
// surveil, fateseal, harness, bolster, blight, proliferate, populate,
// endure, amass, time travel and forage what theirs means
// (ability.CompileMeans).
//
// The engine runs values of its own types: a Scenario holds card
// definitions and Scripts of Stmts, each with its position. Package
// scenario reads them from the scenario file format (and offers
// scenario.Run, the entry point of "crules sim"); the engine never
// imports it, and package game, the state, imports only parse.
//
// Run returns a Result per scenario: pass or fail per check at
// file:line:col and the trace; Cover measures a revision's coverage.
// Printers are in package render (SimText, SimJSON, CoverageText,
// CoverageJSON).
package engine
