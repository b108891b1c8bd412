package render_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// A site of one small revision: the chapter page prints every rule with
// its two anchors, each citation a link titled with the cited rule's text,
// and the rules that cite it underneath.
func Example() {
	doc, err := parse.Parse("excerpt.txt", []byte(`Magic: The Gathering Comprehensive Rules

These rules are effective as of November 17, 2023

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.2. See rule 100.1.
`))
	if err != nil {
		panic(err)
	}
	site := &render.Site{Revs: []render.Revision{{Name: "2023-11-17", Doc: doc}}}
	var b bytes.Buffer
	if err := site.Page(&b, "2023-11-17/100.html"); err != nil {
		panic(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.Contains(line, "100.") && !strings.Contains(line, "<title>") {
			fmt.Println(line)
		}
	}
	// Output:
	// <h1>100. General</h1>
	// <div id="100.1" class="rule"><span id="R1001"></span>
	// <p><a href="#100.1" class="n">100.1.</a> These Magic rules apply to any Magic game with two or more players.</p>
	// <p class="meta">Cited by <a href="100.html#100.2">100.2</a></p>
	// <div id="100.2" class="rule"><span id="R1002"></span>
	// <p><a href="#100.2" class="n">100.2.</a> See rule <a href="100.html#100.1" class="cite" title="100.1 These Magic rules apply to any Magic game with two or more players.">100.1</a>.</p>
}
