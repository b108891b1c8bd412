package ability

// The attacking family: triggered keywords whose event is a creature
// attacking, being blocked or dealing combat damage, or its controller
// casting a spell, each compiled from its revision's own definition by
// the grammar of text.go (shape_attacks.go reads the conditions that
// are not one event's words).

func init() {
	families = append(families, func() {
		for _, name := range []string{"Exalted", "Battle Cry", "Prowess", "Dethrone", "Afflict", "Training", "Ingest", "Renown", "Annihilator", "Mentor", "Melee", "Myriad"} {
			declare(name, compiled, byDefinition)
		}
		// "Whenever this creature attacks, create N 1/1 red Warrior
		// creature tokens. Those tokens enter tapped and attacking.
		// Sacrifice them at the beginning of the next end step"
		// (702.181a): the last a delayed triggered ability (603.7).
		declare("Mobilize", compiled, byDefinition)
		// "Whenever this creature attacks, add N {R}. Until end of
		// combat, you don't lose this mana as steps and phases end"
		// (702.189a): the second sentence keeps the mana the first adds
		// (game.Effect.KeepCombat).
		declare("Firebending", compiled, byDefinition)
	})
}

// A Designation is a marker the rules of a keyword give a permanent,
// with no rules meaning of its own (702.112b: renowned; 702.171b:
// saddled).
type Designation struct {
	Name    string // "renowned"
	Keyword string // the keyword whose rules define it: "Renown"
}

// Renowned is the designation renown gives (702.112b): a scenario
// checks it where the revision defines renown.
var Renowned = Designation{Name: "renowned", Keyword: "Renown"}

// Saddled is the designation saddle gives (702.171b), until end of turn.
var Saddled = Designation{Name: "saddled", Keyword: "Saddle"}

// Monstrous is the designation monstrosity gives (701.37b), a keyword
// action's.
var Monstrous = Designation{Name: "monstrous", Keyword: "Monstrosity"}

// Harnessed is the designation harness gives (701.64b), until the
// permanent leaves the battlefield: an ∞ ability's condition (702.186b).
var Harnessed = Designation{Name: "harnessed", Keyword: "Harness"}

// Goaded is the designation goad gives (701.15b), until the next turn of
// the player who goaded the permanent.
var Goaded = Designation{Name: "goaded", Keyword: "Goad"}

// Suspected is the designation suspect gives (701.60b), until the
// permanent leaves the battlefield.
var Suspected = Designation{Name: "suspected", Keyword: "Suspect"}

// Designations are the designations a scenario checks.
var Designations = []Designation{Renowned, Saddled, Monstrous, Harnessed, Goaded, Suspected}
