package keyword_test

import (
	"fmt"

	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

func Example() {
	src := "702. Keyword Abilities\n\n702.45. Bushido\n\n" +
		"702.45a Bushido is a triggered ability. \u201cBushido N\u201d means \u201cWhenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.\u201d\n\n" +
		"702.45b If a creature has multiple instances of bushido, each triggers separately.\n"
	doc, _ := parse.Parse("excerpt.txt", []byte(src))
	s := keyword.Find(keyword.Extract(doc, nil, "excerpt"), "bushido")
	fmt.Println(s.Rule, s.Kind, s.Written, s.Params, s.Instances)
	// Output:
	// 702.45 [triggered] Bushido N [N] each triggers separately
}
