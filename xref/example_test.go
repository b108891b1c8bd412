package xref_test

import (
	"fmt"

	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

func Example() {
	src := "601. Casting Spells\n\n601.2. To cast a spell:\n\n601.2b Announce.\n\n601.2f Determine.\n\n601.2g Activate.\n\n601.2h Pay.\n\n" +
		"702. Keyword Abilities\n\n702.47. Splice\n\n702.47a Splice follows the rules for paying additional costs in rules 601.2b and 601.2f–h. See rule 601, \"Casting.\"\n"
	doc, _ := parse.Parse("excerpt.txt", []byte(src))
	g := xref.Build(doc)
	for _, r := range g.Outgoing(parse.MustParseRuleID("702.47a")) {
		fmt.Println(r.Pos, r.Text, "→", r.Target, r.Status)
	}
	fmt.Println(len(g.IncomingRule(parse.MustParseRuleID("601.2g"))), "citation of 601.2g")
	// Output:
	// 17:71 601.2b → 601.2b resolved
	// 17:82 601.2f–h → 601.2f resolved
	// 17:82 601.2f–h → 601.2g resolved
	// 17:82 601.2f–h → 601.2h resolved
	// 17:101 601 → 601 title mismatch
	// 1 citation of 601.2g
}
