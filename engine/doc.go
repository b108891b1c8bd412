// Package engine runs scenarios against a revision of the rules: the
// procedures keyword definitions need (casting per 601.2, or 409.1 in
// the old numbering; resolution with targets rechecked; combat with
// first-strike and regular damage steps; triggered abilities, the
// replacement effects of flashback, madness and dredge; "until end of
// turn" effects) and a model for each keyword it knows.
//
// Every step of a run is tagged with the rule it follows in the revision
// asked for, found by content: keyword rules through the revision's own
// keyword specs (convoke cites 502.46a in 2006-10-01 and 702.51a today),
// general rules by what they say (409.1f or 601.2f for the total cost).
// A model runs the wording of the revision asked for where wordings
// differ in effect (convoke before and after 2013, split cards before and
// after 2017, deathtouch as a trigger in 2007–2009).
//
// Each hand-written model declares the wording it implements, revision
// range by revision range, in declared.txt; TestDeclarations checks the
// declarations against keyword extraction for every embedded revision
// and names the model a new wording makes stale. Seven models (bushido,
// rampage, flanking, provoke, soulshift, frenzy, poisonous) are compiled
// from each revision's own definition by a small grammar (compile.go),
// so a reworded definition changes what they do.
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
