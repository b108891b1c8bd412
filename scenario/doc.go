// Package scenario reads scenario files: executable worked examples of
// the rules, written by hand, that package engine runs against a
// revision. A file has a header, a cards section and one or more script
// sections:
//
//	# Convoke: the example of 502.46a
//	keyword: Convoke
//	rev: 2006-10-01 latest
//
//	-- cards --
//	Guardian of Vitu-Ghazi: {6}{G}{W} Creature — Elemental 4/7; Convoke
//	Selesnya Guildmage: {G/W}{G/W} Creature — Elf Wizard 2/2
//
//	-- script: 502.46-example-1: the green-white creature pays {W} --
//	hand alice: Guardian of Vitu-Ghazi
//	battlefield alice: Selesnya Guildmage
//	mana alice: {5}{G}
//	alice casts Guardian of Vitu-Ghazi; convoke Selesnya Guildmage=W
//	expect paid Guardian of Vitu-Ghazi: {5}{G}
//
// A File holds the engine.Scenario it describes; Run runs it against a
// revision with package engine, Builtin returns the scenarios that come
// with the engine (testdata/scenarios, at least one per modelled
// keyword), Written lists them by the revisions each is written for, and
// Cover measures a revision's keyword coverage with them.
//
// FORMAT.md describes every statement. Parse never stops at the first
// error and never panics: it returns what it could read and a
// parse.ErrorList of every error, each printed file:line:col: message.
package scenario
