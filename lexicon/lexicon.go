package lexicon

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"time"
)

//go:embed lexicon.tsv
var lexiconTSV string

// A Term is one wording convention the CR changed: Old became New in the
// revision Since, within Scope.
type Term struct {
	Old, New string // lower case phrases
	Since    string // the effective date of the revision, "2009-07-11"
	Scope    string
	Note     string
	Line     int // in the lexicon file

	old, new []string // as words
}

// A Lexicon is a list of Terms, read from lexicon.tsv.
type Lexicon struct {
	Terms   []Term
	byFirst map[string][]int // first word of Old → terms, longest first
}

// Default returns the lexicon embedded in the package.
func Default() *Lexicon {
	l, err := Parse("lexicon.tsv", lexiconTSV)
	if err != nil {
		panic(err) // the embedded file is checked by the tests
	}
	return l
}

// Parse reads a lexicon in the lexicon.tsv format: old, new, since,
// scope, note, tab-separated; "#" starts a comment line.
func Parse(name, src string) (*Lexicon, error) {
	l := &Lexicon{byFirst: map[string][]int{}}
	for n, line := range strings.Split(src, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) < 3 {
			return nil, fmt.Errorf("%s:%d: want old, new and since separated by tabs", name, n+1)
		}
		if _, err := time.Parse(time.DateOnly, c[2]); err != nil {
			return nil, fmt.Errorf("%s:%d: since %q is not a date", name, n+1, c[2])
		}
		t := Term{Old: strings.ToLower(c[0]), New: strings.ToLower(c[1]), Since: c[2], Line: n + 1}
		if len(c) > 3 {
			t.Scope = c[3]
		}
		if len(c) > 4 {
			t.Note = c[4]
		}
		t.old, t.new = strings.Fields(t.Old), strings.Fields(t.New)
		if len(t.old) == 0 {
			return nil, fmt.Errorf("%s:%d: empty phrase", name, n+1)
		}
		l.Terms = append(l.Terms, t)
	}
	for i, t := range l.Terms {
		l.byFirst[t.old[0]] = append(l.byFirst[t.old[0]], i)
	}
	for _, idx := range l.byFirst {
		sort.SliceStable(idx, func(a, b int) bool { return len(l.Terms[idx[a]].old) > len(l.Terms[idx[b]].old) })
	}
	return l, nil
}

// Canonical rewrites lower-case words in the newest wording: every old
// phrase becomes its new phrase, longest match first, and again until
// nothing changes (in play → on the battlefield; enters the battlefield →
// enters). Words of both revisions of a pair go through it, so a text whose
// only differences are convention changes compares equal.
func (l *Lexicon) Canonical(words []string) []string {
	for pass := 0; pass < 3; pass++ {
		changed := false
		out := make([]string, 0, len(words))
		for i := 0; i < len(words); {
			if t, ok := l.match(words[i:]); ok {
				out = append(out, t.new...)
				i += len(t.old)
				changed = true
				continue
			}
			out = append(out, words[i])
			i++
		}
		words = out
		if !changed {
			break
		}
	}
	return words
}

func (l *Lexicon) match(ws []string) (Term, bool) {
	for _, i := range l.byFirst[ws[0]] {
		t := l.Terms[i]
		if len(ws) < len(t.old) {
			continue
		}
		ok := true
		for k, w := range t.old {
			if ws[k] != w {
				ok = false
				break
			}
		}
		if ok {
			return t, true
		}
	}
	return Term{}, false
}
