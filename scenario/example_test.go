package scenario_test

import (
	"fmt"

	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

func Example() {
	src := `rev: latest

-- cards --
Shock: {R} Instant; Shock deals 2 damage to any target

-- script: shock the opponent --
hand alice: Shock
mana alice: {R}
alice casts Shock; targeting bob
alice casts Lightning Bolt
expect life bob: eighteen
`
	f, err := scenario.Parse("shock.txt", []byte(src))
	for _, d := range scenario.Errors(err) {
		fmt.Println(d)
	}
	s := f.Scripts[0]
	fmt.Println(s.Name, len(s.Stmts), s.Stmts[2].Verb, s.Stmts[2].Clause("targeting").Names[0].Text)
	// Output:
	// shock.txt:10:13: unknown card "Lightning Bolt"
	// shock.txt:11:18: expect life: "eighteen" is not a whole number
	// shock the opponent 5 cast bob
}

// Run runs a scenario file against a revision: here an excerpt that
// defines kicker, and a kicked spell whose "instead" is a
// self-replacement effect.
func ExampleRun() {
	rules := "702. Keyword Abilities\n\n702.33. Kicker\n\n" +
		"702.33a Kicker is a static ability that functions while the spell with kicker is on the stack. \u201cKicker [cost]\u201d means \u201cYou may pay an additional [cost] as you cast this spell.\u201d\n"
	doc, _ := parse.Parse("excerpt.txt", []byte(rules))
	src := `-- cards --
Burst Lightning: {R} Instant; Burst Lightning deals 2 damage to target creature or player; If this spell was kicked, it deals 4 damage instead; Kicker {4}

-- script: kicked --
hand alice: Burst Lightning
mana alice: {4}{R}
alice casts Burst Lightning; kicker; targeting bob
resolve
expect life bob: 16
`
	f, err := scenario.Parse("kicker.txt", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := scenario.Run(f, doc)
	for _, c := range res.Scripts[0].Checks {
		fmt.Println(c.Pos(), c.Pass, c.Text)
	}
	// Output:
	// kicker.txt:9:1 true expect life bob: 16
}
