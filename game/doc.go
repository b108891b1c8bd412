// Package game is the state a keyword's rules act on, and nothing more:
// cards and their characteristics (split cards and double-faced cards
// included: Card.Back, Object.Transformed), objects in
// zones that become new objects when they move, players with life,
// poison and a mana pool, the stack, combat, mana costs in brace
// notation with payment, reductions that never go below zero, and the
// citation finder (Rules) that names the rule of a revision a step
// follows by what the rule says, not by its number.
//
// Every characteristic of a permanent (name, cost, colour, types,
// abilities, power and toughness) is read through one pipeline, the
// layers (layers.go): printed values, then each continuous effect
// (Continuous: made by a resolved spell or ability, or by a static
// ability of a permanent's text) applied in the layer and sublayer the
// revision's own layer rule names (LayerOrder, read by Rules.Layers:
// 613 today, 418.5a before 2009), in timestamp order unless one effect
// depends on another. Object.Power, Is, Has, Colors and the rest all read
// the result, so "loses flying" or "becomes an artifact" changes every
// procedure that asks.
//
// game imports only parse, for rule IDs. The procedures that change the
// state (casting, resolving, combat, keywords) are in package engine.
package game
