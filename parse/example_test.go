package parse_test

import (
	"fmt"

	"github.com/crules/crules/parse"
)

func Example() {
	src := []byte("702. Keyword Abilities\r\r702.47. Splice\r\r" +
		"702.47a Splice is a static ability that functions while a card is in your hand.\r" +
		"Example: It can even be discarded to pay a \u201cdiscard a card\u201d cost.\r")
	doc, err := parse.Parse("excerpt.txt", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := doc.Rule(parse.MustParseRuleID("702.47a"))
	fmt.Println(r.ID.Parent(), doc.Rule(r.ID.Parent()).Title)
	fmt.Println(r.Pos, r.Text)
	fmt.Println(parse.Normalize(r.Examples[0].Text))
	fmt.Println(doc.Era, doc.Fragment)
	// Output:
	// 702.47 Splice
	// 5:1 Splice is a static ability that functions while a card is in your hand.
	// It can even be discarded to pay a "discard a card" cost.
	// 702 true
}

func ExampleParseRuleID() {
	id, _ := parse.ParseRuleID("702.47A.")
	fmt.Println(id, id.Parent(), id.ChapterID(), id.Part())
	fmt.Println(id.Compare(parse.MustParseRuleID("702.100")))
	// Output:
	// 702.47a 702.47 702 7
	// -1
}
