package scenario_test

import (
	"fmt"

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
	// shock.txt:11:18: expect life: expected a number
	// shock the opponent 5 cast bob
}
