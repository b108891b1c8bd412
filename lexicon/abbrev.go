package lexicon

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/crules/crules/corpus"
)

// An Abbreviation is one line of the abbreviation table: an informal name
// players use ("mv", "etb") and the glossary terms it stands for from one
// revision on.
//
// Short is lower case. Since is the effective date of the first revision
// the line applies to; the zero Date means every revision. Terms has at
// least one term, as the glossary prints it.
type Abbreviation struct {
	Short string
	Since corpus.Date
	Terms []string
	Line  int // in the table it was read from
}

// Abbreviations is a table of abbreviations, sorted by Short and then
// Since. A later line for the same Short takes over from its date.
type Abbreviations []Abbreviation

//go:embed abbreviations.tsv
var abbreviationsTSV string

var (
	abbrevOnce sync.Once
	abbrevs    Abbreviations
)

// DefaultAbbreviations returns the table embedded from abbreviations.tsv:
// cmc and mv (Converted Mana Cost, Mana Value since 2021-04-22), etb, ltb,
// p/t, sba, rfg, eot, 2hg, edh, dfc, mdfc, cda, apnap, lki, pw and others.
func DefaultAbbreviations() Abbreviations {
	abbrevOnce.Do(func() {
		var err error
		if abbrevs, err = ReadAbbreviations("abbreviations.tsv", strings.NewReader(abbreviationsTSV)); err != nil {
			panic(err) // the embedded table is checked by its tests
		}
	})
	return abbrevs
}

// ReadAbbreviations reads a table in the format of abbreviations.tsv: lines
// of abbreviation, first revision ("first" or YYYY-MM-DD) and terms ("; "
// between several), separated by tabs; "#" starts a comment line. Errors
// name the line: "abbreviations.tsv:12: …".
func ReadAbbreviations(name string, r io.Reader) (Abbreviations, error) {
	var out Abbreviations
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated fields (abbreviation, first revision, terms), got %d", name, n, len(f))
		}
		a := Abbreviation{Short: strings.TrimSpace(f[0]), Line: n}
		if a.Short == "" || a.Short != strings.ToLower(a.Short) {
			return nil, fmt.Errorf("%s:%d: abbreviation %q is not lower case", name, n, f[0])
		}
		if f[1] != "first" {
			t, err := time.Parse(time.DateOnly, f[1])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: first revision %q is neither \"first\" nor YYYY-MM-DD", name, n, f[1])
			}
			a.Since = corpus.Date{Time: t}
		}
		for t := range strings.SplitSeq(f[2], ";") {
			if t = strings.TrimSpace(t); t != "" {
				a.Terms = append(a.Terms, t)
			}
		}
		if len(a.Terms) == 0 {
			return nil, fmt.Errorf("%s:%d: no term for %q", name, n, a.Short)
		}
		for _, b := range out {
			if b.Short == a.Short && b.Since.Equal(a.Since.Time) {
				return nil, fmt.Errorf("%s:%d: %q from %s is on line %d already", name, n, a.Short, f[1], b.Line)
			}
		}
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	slices.SortStableFunc(out, func(a, b Abbreviation) int {
		if c := strings.Compare(a.Short, b.Short); c != 0 {
			return c
		}
		return a.Since.Compare(b.Since.Time)
	})
	return out, nil
}

// Expand returns the glossary terms short stands for in the revision
// effective at rev ("MV" in 2020 is Converted Mana Cost, in 2026 Mana
// Value), or nil when it stands for none then. Case and surrounding space
// in short are ignored.
func (t Abbreviations) Expand(short string, rev corpus.Date) []string {
	s := strings.ToLower(strings.TrimSpace(short))
	var terms []string
	for _, a := range t {
		if a.Short == s && !a.Since.After(rev.Time) {
			terms = a.Terms
		}
	}
	return terms
}

// Shorts lists the abbreviations of the table, each once, in order.
func (t Abbreviations) Shorts() []string {
	var out []string
	for _, a := range t {
		if len(out) == 0 || out[len(out)-1] != a.Short {
			out = append(out, a.Short)
		}
	}
	return out
}
