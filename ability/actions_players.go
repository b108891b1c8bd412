package ability

// The keyword actions on players, combat and cards (701): each is a verb
// of the effect table of card text (game.ParseEffect) that the engine
// follows as the revision's definition says, hand-written because the
// definition is no template the grammar compiles ("Each of those
// creatures deals damage equal to its power to the other creature" is
// a rule of two objects, not a sentence of card text).

func init() {
	families = append(families, func() {
		// 701.14a, from 2011-09-30 (701.10a): card text's "Target
		// creature you control fights target creature you don't
		// control", the verb "fight".
		declareAction("Fight")
		// 701.19a, from 2007-05-01 (501.5a): "Regenerate target
		// creature", "{B}: Regenerate this creature": a regeneration
		// shield, a replacement effect of the permanent's next
		// destruction this turn (614.8), which a destruction that
		// "can't be regenerated" ignores (701.19c).
		declareAction("Regenerate")
		// 701.15a, from 2016-08-26 (701.35a): "Goad target creature":
		// a requirement to attack, and to attack another player than
		// the goader, checked as attackers are declared (508.1d).
		declareAction("Goad")
		// 701.44a, from 2017-09-29 (701.38a): "it explores": reveal
		// the top card; a land to the hand, else a +1/+1 counter and
		// the card into the graveyard if its controller chooses
		// (`resolve; graveyard CARD`).
		declareAction("Explore")
		// 701.50a, from 2022-04-29: "it connives": draw, then discard
		// the card `resolve; discard A` names; a +1/+1 counter for a
		// nonland card discarded.
		declareAction("Connive")
		// 701.60a, from 2024-02-02: "suspect target creature": the
		// designation suspected, with menace and "This creature can't
		// block" (701.60c, Of).
		declareAction("Suspect")
		// 701.43a, from 2017-04-28: "You may exert this creature as it
		// attacks. When you do, …" (shape_exert.go), `exert A` as
		// attackers are declared.
		declareAction("Exert")
		// "“Discover N” means “Exile cards from the top of your library
		// until …”" (701.57a, from 2023-11-10): card text's "Discover
		// 3" does what the revision's definition means (CompileMeans).
		declareAction("Discover", byDefinition)
	})
}
