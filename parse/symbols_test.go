package parse_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/crules/crules/parse"
)

// TestSymbolFontCodes: 1999-11-01 writes its mana and tap symbols in the
// symbol font's codes; its tree holds them as every other revision
// prints them, in braces, and no code is left.
func TestSymbolFontCodes(t *testing.T) {
	ds := corpusDocs(t)
	d := ds["1999-11-01"]
	braces := regexp.MustCompile(`\{(?:[0-9]+|[WUBRGXT])\}`)
	code := regexp.MustCompile(`(^|[^A-Za-z0-9])o+(?:cT|[WUBRGX]|[0-9]+)($|[^A-Za-z0-9])`)
	var texts []string
	d.Walk(func(r *parse.Rule) bool {
		texts = append(texts, r.Text)
		for _, e := range r.Examples {
			texts = append(texts, e.Text)
		}
		return true
	})
	for _, g := range d.Glossary {
		for _, p := range g.Definition {
			texts = append(texts, p.Text)
		}
	}
	all := strings.Join(texts, "\n")
	if got := len(braces.FindAllString(all, -1)); got != 43 {
		t.Errorf("1999-11-01 holds %d mana and tap symbols in braces, want 43", got)
	}
	if left := code.FindAllString(all, -1); len(left) > 0 {
		t.Errorf("symbol font codes left: %q", left)
	}
	for _, want := range []string{"a mana cost of {3}{U}{U} translates to", "mana cost {2}{W} is white", "\"{T}: Add {G} to your mana pool"} {
		if !strings.Contains(all, want) {
			t.Errorf("1999-11-01 does not hold %q", want)
		}
	}
}
