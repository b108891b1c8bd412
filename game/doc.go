// Package game is the state a keyword's rules act on, and nothing more:
// cards and their characteristics (split cards included), objects in
// zones that become new objects when they move, players with life,
// poison and a mana pool, the stack, combat, mana costs in brace
// notation with payment, reductions that never go below zero, and the
// citation finder (Rules) that names the rule of a revision a step
// follows by what the rule says, not by its number.
//
// game imports only parse, for rule IDs. The procedures that change the
// state (casting, resolving, combat, keywords) are in package engine.
package game
