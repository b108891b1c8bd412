// Package ability is the engine's representation of what abilities
// mean: a closed set of kinds (a restriction on blocking, protection
// from a quality, a way a creature deals combat damage, a triggered
// ability with its events, target and effect, …), each a value the
// procedures of package engine read without knowing which keyword made
// it. A keyword is a declaration: the abilities one instance of it is,
// in the revision run, written in the file of its family (evasion.go,
// combat.go, protection.go, costs.go, replacement.go, trigger.go). Card
// text in scenarios gives the same values, read by the same grammar
// (ReadTriggered, text.go).
//
// A hand-written declaration, flying's (702.9b; 502.4b in 2006-10-01),
// with its model's anchors: the phrases that select the subrules whose
// wording the model implements (package engine checks each revision's
// wording against declared.txt through them):
//
//	declare("Flying", func(game.Ability, Rev) []Ability {
//		return []Ability{&BlockRestriction{
//			Base:   Base{Keyword: "Flying", Rule: []string{"can't be blocked"}, Note: "…"},
//			Allows: func(_, b *game.Object) bool { return b.Has("Flying") || b.Has("Reach") },
//		}}
//	}, anchors("can't be blocked except", "can't be blocked by creatures without flying"))
//
// A compiled one: bushido, rampage, flanking, provoke, soulshift, frenzy,
// poisonous, persist, undying, living weapon, for Mirrodin!, job select,
// evolve, afterlife, fabricate, mobilize, echo, cumulative upkeep, extort,
// exploit and champion are declared by the revision's own definition
// (declare(name, compiled, byDefinition)), which the grammar of
// compile.go reads: its trigger condition by the grammar of text.go,
// each sentence of its effect by the effect table of card text
// (game.ParseEffect), with N (X in the oldest wordings) the keyword's
// number and "it", "this creature" and "this permanent" its source.
// Bushido's 702.45a, "Whenever this creature blocks or becomes blocked,
// it gets +N/+N until end of turn", compiles to
//
//	&Trigger{On: []Event{Blocks, BecomesBlocked},
//		Effects: []Op{{Kind: "effect", Effect: game.Effect{Verb: "pump", Who: "it", P: n, T: n, UntilEOT: true}}}}
//
// for "Bushido n", the value a card printing "it gets +n/+n until end
// of turn" gives: reword the definition and the ability follows; a
// definition outside the grammar declares nothing, and the coverage
// report names the model stale. A definition that is no triggered
// ability is read part by part by the static shapes of shapes.go
// (declare(name, shaped, byShapes)), one file each (shape_*.go): split
// second's "As long as this spell is on the stack, players can't cast
// other spells or activate abilities that aren't mana abilities" is a
// StackLock, undaunted's "This spell costs {1} less to cast for each
// opponent you have" a Reduction, delve's and improvise's "For each
// generic mana in this spell's total cost, you may … rather than pay
// that mana" a PayWithPermanents, decayed's "This creature can't block"
// a CantBlock, graft's "This permanent enters with N +1/+1 counters on
// it" and unleash's "You may have this permanent enter with an
// additional +1/+1 counter on it" an EntersWith (fading's and
// vanishing's "This permanent enters with N fade counters on it" too),
// living metal's "During your turn, this permanent is an artifact creature
// in addition to its other types" a StaticEffect, whose continuous effect
// the layers apply (game.State.KeywordStatics), read ahead's "As this
// Saga enters the battlefield, choose a number …" a LoreChoice and its
// "Chapter abilities of this Saga can't trigger the turn it entered …" a
// ChapterLimit (shape_lore.go). A part that is a
// triggered ability
// (replicate's "When you cast this spell, if a replicate cost was paid
// for it, copy it for each time its replicate cost was paid", fading's
// "At the beginning of your upkeep, remove a fade counter from this
// permanent. If you can't, sacrifice the permanent") is read by
// the grammar of triggered abilities, its effects by the effect table of
// card text.
//
// Static definitions compile by the grammar of shape_static.go: shroud's
// "This permanent or player can't be the target of spells or abilities"
// is an Untargetable, and an evasion ability the rules quote no
// definition for compiles from its subrule "A creature with KEYWORD …"
// (shadow's 702.28b is a BlockRestriction and a CanBlockOnly). Card text
// is read by the same grammar (ReadStatic).
//
// An activated keyword is compiled the same way by the grammar of
// shape_activated.go: equip's "[Cost]: Attach this permanent to target
// creature you control. Activate only as a sorcery." is read as a card's
// activated ability (game.ParseActivatedEffect), with the instance's
// cost for [Cost]; cycling's "[Cost], Discard this card: Draw a card."
// is activated from the hand, its cost naming the card there; unearth's
// "[Cost]: Return this card from your graveyard to the battlefield. It
// gains haste. Exile it at the beginning of the next end step. If it would
// leave the battlefield, exile it instead of putting it anywhere else."
// from the graveyard its first sentence names, its sentences in order.
//
// Gift (gift.go) is declared by hand: 702.174 quotes its abilities in
// separate subrules (an AddCost choosing an opponent, 702.174b's
// trigger on a permanent, a PaidSpell before the spell's instructions on
// an instant or sorcery, with the effect 702.174d–i quote for the
// [something], "The chosen player draws a card").
//
// Flashback, escape, spectacle, surge, prowl, freerunning, dash, blitz,
// emerge, web-slinging, overload, cleave, harmonize, mayhem, awaken,
// impending, warp, retrace and jump-start are compiled by the shape of an alternative cost
// (shape_altcost.go): "You may cast this card from your graveyard by
// paying [cost] rather than paying its mana cost" is an AltCost from the
// graveyard, "… if an opponent lost life this turn" its condition
// (prowl's "if a player was dealt combat damage this turn by a source
// that … had any of this spell's creature types" reads the turn's
// history), and "If the flashback cost was paid, exile this card instead
// of …" makes it exile the spell as it leaves the stack. Dash's "If this
// spell's dash cost was paid, return the permanent this spell becomes to
// its owner's hand at the beginning of the next end step" is a
// PaidDelayed, its "As long as this permanent's dash cost was paid, it
// has haste" a WhilePaid; awaken's "If this spell's awaken cost was
// paid, put N +1/+1 counters on target land you control. …" a
// PaidSpell, instructions the spell has only when that cost was paid,
// their targets chosen only then; impending's "If you chose to pay this
// permanent's impending cost, it enters with N time counters on it" an
// EntersWith whose condition is the cost paid, its "As long as … it's
// not a creature" a StaticEffect that applies only while the cost was
// paid and a time counter is on it, its end step trigger's "if" a
// Condition of kind "paid" and another; warp's delayed exile is a
// PaidDelayed too, whose "Its owner may cast this card after the current
// turn has ended" is an ExilePermit, the game.CastPermit the exiled card
// carries; emerge's "by paying [cost] and sacrificing a
// creature" pays a cost in words besides the mana (AltCost.With);
// overload's "change its text by replacing all instances of the word
// 'target' with the word 'each'" is a text-changing effect on the
// spell's own text (AltCost.Change). Retrace and jump-start, "by
// discarding a land card as an additional cost to cast it", are the same
// permission with an additional cost instead.
//
// The procedures ask an object for its abilities of one kind
// (All[*BlockRestriction](o, rev)), fire events at its Triggers, and cite
// the subrule each ability names, in the revision run, through
// Base.Rule.
//
// The package imports only game, the state; engine imports it.
package ability
