package parse

import (
	"regexp"
	"strings"
	"sync"
)

// symbolCodes matches a run of the symbol font's codes as the 1999-11-01
// release prints its mana and tap symbols: "o3oUoU" for {3}{U}{U},
// "ocT" for {T}, "oX", "o0"; once with the "o" doubled ("oo2oW"). A run
// stands alone: not inside a word or number.
var symbolCodes = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[^A-Za-z0-9])(o+(?:cT|[WUBRGX]|[0-9]+)(?:o(?:cT|[WUBRGX]|[0-9]+))*)($|[^A-Za-z0-9])`)
})

// symbolCode is one code of a run.
var symbolCode = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`o+(cT|[WUBRGX]|[0-9]+)`) })

// fontCodes reports whether text writes mana symbols in the symbol font's
// codes rather than in braces: it has no "{" at all, and the codes of at
// least three symbols. Only 1999-11-01 does; every other revision writes
// {3}{U}{U}.
func fontCodes(text string) bool {
	return !strings.Contains(text, "{") && len(symbolCodes().FindAllStringIndex(text, 3)) == 3
}

// symbols rewrites the mana and tap symbols of the rules, examples and
// glossary of d as the other revisions print them, when its text writes
// them in the symbol font's codes (see fontCodes): "o3oUoU" becomes
// "{3}{U}{U}", "ocT" "{T}". It is a pass over the finished tree, run by
// ParseText; a document in braces is left as it is. It returns how many
// runs of symbols it rewrote.
func symbols(d *Document) int {
	if !fontCodes(d.Text) {
		return 0
	}
	n := 0
	fix := func(s *string) {
		*s = replaceRuns(*s, &n)
	}
	d.Walk(func(r *Rule) bool {
		fix(&r.Text)
		for _, e := range r.Examples {
			fix(&e.Text)
		}
		return true
	})
	for _, g := range d.Glossary {
		for _, p := range g.Definition {
			fix(&p.Text)
		}
	}
	return n
}

// replaceRuns rewrites each run of codes in s in braces, counting them in
// n. A run's neighbours are kept; runs side by side ("oW, oU") are each
// found, since a match does not consume the next run's separator.
func replaceRuns(s string, n *int) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		m := symbolCodes().FindStringSubmatchIndex(s[i:])
		if m == nil {
			break
		}
		start, end := i+m[4], i+m[5]
		b.WriteString(s[last:start])
		for _, c := range symbolCode().FindAllStringSubmatch(s[start:end], -1) {
			b.WriteString("{" + strings.TrimPrefix(c[1], "c") + "}")
		}
		*n++
		last, i = end, end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
