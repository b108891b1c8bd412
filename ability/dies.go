package ability

// The family of triggered keywords on a permanent entering or leaving
// the battlefield, and on its controller's upkeep. Each is compiled from
// its revision's own definition, read by the grammar of triggered
// abilities (text.go) that card text is read by too.

func init() {
	families = append(families, func() {
		for _, name := range []string{
			// "When this permanent is put into a graveyard from the
			// battlefield, if it had no -1/-1 counters on it, return
			// it to the battlefield under its owner's control with a
			// -1/-1 counter on it" (702.79a; "from play", "to play"
			// until 2009-05-01), undying with +1/+1 (702.93a).
			"Persist", "Undying",
			// "When this Equipment enters, create a 0/0 black
			// Phyrexian Germ creature token, then attach this
			// Equipment to it" (702.92a; "put … onto the battlefield"
			// before 2016-09-30); for Mirrodin!'s 2/2 red Rebel
			// (702.163a), job select's 1/1 colorless Hero (702.182a).
			"Living Weapon", "For Mirrodin!", "Job Select",
			// "Whenever a creature you control enters, if that
			// creature's power is greater than this creature's power
			// and/or that creature's toughness is greater than this
			// creature's toughness, put a +1/+1 counter on this
			// creature" (702.100a; "enters the battlefield under your
			// control" before 2024-07-30).
			"Evolve",
			// "When this permanent is put into a graveyard from the
			// battlefield, create N 1/1 white and black Spirit
			// creature tokens with flying" (702.135a).
			"Afterlife",
			// "When this permanent enters, you may put N +1/+1
			// counters on it. If you don't, create N 1/1 colorless
			// Servo artifact creature tokens" (702.123a).
			"Fabricate",
			// "At the beginning of your upkeep, if this permanent came
			// under your control since the beginning of your last
			// upkeep, sacrifice it unless you pay [cost]" (702.30a; "its
			// mana cost" before 2006-10-01).
			"Echo",
			// "Whenever you cast a spell, you may pay {W/B}. If you do,
			// each opponent loses 1 life and you gain life equal to the
			// total life lost this way" (702.101a).
			"Extort",
			// "When this creature enters, you may sacrifice a creature"
			// (702.110a; "enters the battlefield" before 2024-07-30).
			"Exploit",
			// "When a creature is put into your graveyard from the
			// battlefield, you may pay [cost]. If you do, return this
			// card from your graveyard to your hand. Otherwise, exile
			// this card" (702.59a; "from play" and "remove this card
			// from the game" before 2009-07-11): it functions in the
			// graveyard its effect moves the card out of (113.6m).
			"Recover",
			// "When this creature enters, put N +1/+1 counters on
			// target creature. If that's another creature, it also
			// gains the non-backup abilities of this creature printed
			// below this one until end of turn" (702.165a): the keyword
			// abilities printed after it (game.Continuous.GainBelow).
			"Backup",
		} {
			declare(name, compiled, byDefinition)
		}
		// "At the beginning of your upkeep, if this permanent is on the
		// battlefield, put an age counter on this permanent. Then you
		// may pay [cost] for each age counter on it. If you don't,
		// sacrifice it" (702.24a; before 2007-09-07 "put an age counter
		// on this permanent, then sacrifice this permanent unless you
		// pay [cost] for each age counter on it"): a cost in words too
		// ("Cumulative upkeep—Pay 1 life"), its parts taken once for
		// each age counter.
		declare("Cumulative Upkeep", compiled, byDefinition, paysWords)
		// "When this permanent enters, sacrifice it unless you exile
		// another [object] you control" and "When this permanent leaves
		// the battlefield, return the exiled card to the battlefield
		// under its owner's control" (702.72a; "remove … from the game",
		// "return the removed card to play" before 2009-07-11): two
		// parts, each a triggered ability, linked (607.2a).
		declare("Champion", shaped, byShapes)
		// "This permanent enters with N fade counters on it" (an
		// EntersWith, shape_enterswith.go) and "At the beginning of your
		// upkeep, remove a fade counter from this permanent. If you
		// can't, sacrifice the permanent" (702.32a). Until 2005-08-01
		// the number is named X ("Fading [X]", 502.20a): the instance's
		// number there too (numberNamedX), not a spell's X.
		declare("Fading", shaped, byShapes)
		// "This permanent enters with N time counters on it", "At the
		// beginning of your upkeep, if this permanent has a time counter
		// on it, remove a time counter from it" and "When the last time
		// counter is removed from this permanent, sacrifice it"
		// (702.63a).
		declare("Vanishing", shaped, byShapes)
	})
}
