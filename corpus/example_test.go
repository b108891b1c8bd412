package corpus_test

import (
	"bytes"
	"fmt"

	"github.com/crules/crules/corpus"
)

func Example() {
	a, err := corpus.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := a.Select("2006") // the latest revision of 2006
	text, _ := a.Text(r)
	raw, _ := a.Raw(r)
	fmt.Println(r.Name(), r.Encoding, r.EOL.Default, len(raw) == r.Size)
	fmt.Println(string(text[:bytes.IndexByte(text, '\n')]))
	// Output:
	// 2006-10-01 windows-1252 cr true
	// Magic: The Gathering Comprehensive Rules
}
