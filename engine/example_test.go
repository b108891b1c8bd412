package engine_test

import (
	"fmt"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

// A revision excerpt defining bushido, and a scenario in which a samurai
// blocks: the compiled bushido model reads the excerpt's definition and
// the trace cites its rule.
func Example() {
	rules := "702. Keyword Abilities\n\n702.45. Bushido\n\n" +
		"702.45a Bushido is a triggered ability. \u201cBushido N\u201d means \u201cWhenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.\u201d\n\n" +
		"702.45b If a creature has multiple instances of bushido, each triggers separately.\n"
	doc, _ := parse.Parse("excerpt.txt", []byte(rules))
	src := `-- cards --
Devoted Retainer: {W} Creature — Human Samurai 1/1; Bushido 1
Hill Giant: {3}{R} Creature — Giant 3/3

-- script: bushido on the block --
battlefield alice: Hill Giant
battlefield bob: Devoted Retainer
alice attacks with Hill Giant
bob blocks Hill Giant with Devoted Retainer
resolve
expect pt Devoted Retainer: 2/2
`
	f, err := scenario.Parse("bushido.txt", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, _ := engine.Run(&f.Scenario, doc)
	for _, c := range res.Scripts[0].Checks {
		fmt.Println(c.Pos(), c.Pass, c.Text)
	}
	for _, s := range res.Scripts[0].Trace {
		if s.Rule == "702.45a" {
			fmt.Println(s.Rule, s.Note)
		}
	}
	// Output:
	// bushido.txt:11:1 true expect pt Devoted Retainer: 2/2
	// 702.45a Bushido of Devoted Retainer triggers: Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn.
	// 702.45a Bushido: Devoted Retainer gets +1/+1 until end of turn (now 2/2)
}
