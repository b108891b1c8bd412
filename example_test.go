package crules_test

import (
	"fmt"
	"log"

	"github.com/crules/crules"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

func Example() {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer lib.Close()

	// Rule 702.47a as of 2005: Splice was numbered 502.40a then.
	rev, err := lib.Select("2005")
	if err != nil {
		log.Fatal(err)
	}
	a, err := lib.Rule(rev.Source(), parse.MustParseRuleID("702.47a"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.Note())

	// Search the latest revision.
	res, err := lib.Search(lib.Latest().Source(), "splice onto arcane", crules.SearchOptions{Limit: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("search:", res.Hits[0].ID, res.Hits[0].Title)

	// Diff two revisions: the October 2005 update changed Splice's
	// quotation marks and apostrophes, nothing else.
	before, _ := lib.Select("2005-08-01")
	c, err := lib.Diff(before.Source(), rev.Source(), crules.DiffOptions{Rule: parse.MustParseRuleID("502.40")})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range c.Pairs {
		fmt.Println("diff:", p.A.ID, "→", p.B.ID, p.Class)
	}

	// The history of splice: its numbers through every revision.
	h, err := lib.History("splice", crules.Rev{})
	if err != nil {
		log.Fatal(err)
	}
	var numbers []string
	for _, c := range h.Changes {
		if len(numbers) == 0 || numbers[len(numbers)-1] != c.ID {
			numbers = append(numbers, c.ID)
		}
	}
	fmt.Println("history:", h.Changes[0].Rev, numbers)
	edited := 0
	for _, c := range h.Changes {
		if c.Class == diff.Edited {
			edited++
		}
	}
	fmt.Println("edited in", edited, "revisions")
	// Output:
	// 702.47a (Splice) was 502.40a in 2005-10-01
	// search: 702.47c Splice
	// diff: 502.40a → 502.40a typography
	// diff: 502.40b → 502.40b typography
	// diff: 502.40c → 502.40c typography
	// diff: 502.40e → 502.40e typography
	// history: 2004-10-01 [502.40 702.44 702.45 702.46 702.47]
	// edited in 7 revisions
}
