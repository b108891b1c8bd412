package scenario

import _ "embed"

// Example is a scenario to start from, the one of Convoke (502.46a of
// 2006-10-01): what crules sim --example prints.
//
//go:embed testdata/scenarios/convoke.txt
var Example []byte

// Help describes the format of a scenario file for the command line's
// help; FORMAT.md holds the whole vocabulary.
const Help = `A scenario file is a header, a list of cards and scripts, one statement a
line; '#' starts a comment:

  # Convoke: Guardian of Vitu-Ghazi        the title
  keyword: Convoke                         the keywords it exercises
  rev: 2005-10-01..latest                  the revisions it is written for
  players: alice bob                       (default; two or more, in turn
                                           order, the first active)

  -- cards --                              one card a line:
  Ornithopter: {0} Artifact Creature — Thopter 0/2; Flying
                                           Name: {cost} Types — Subtypes P/T;
                                           abilities (keywords with their
                                           parameters, or spell text)
  -- script: NAME --                       each script starts from an empty
                                           game, turn 1, alice's main phase
  hand alice: Guardian of Vitu-Ghazi       set up a zone: hand, library,
  battlefield alice: Ornithopter           graveyard, battlefield, exile,
  mana alice: {4}{G}                       command; also life, poison, tap,
                                           counters, attach, owner
  alice casts Guardian of Vitu-Ghazi; convoke Ornithopter=W
                                           an action, with its choices
                                           (targeting, kicker, splice, x, pay…);
                                           also activates, attacks, blocks,
                                           draws, discards, resolve, end turn,
                                           turn PLAYER, step NAME, begin game
  illegal alice casts Ornithopter          an action the rules forbid: it must
                                           be refused, and the state is kept
  expect tapped: Ornithopter               a check, at its file:line: zones,
  expect life bob: 17                      stack, life, pool, pt, counters,
  expect reason: can't pay {W}             damage, tapped, paid, lost, the
                                           reason of the last refusal

The whole vocabulary is in scenario/FORMAT.md of the source.`
