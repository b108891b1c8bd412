package diff

import (
	"math"
	"strings"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// A Unit is one rule or subrule as the matcher sees it.
type Unit struct {
	ID     parse.RuleID
	Rule   *parse.Rule
	Parent int // index of the parent unit, -1 for a rule

	raw    string   // title, text and examples as published
	words  []string // normalised, lower case, citations masked, canonical terminology
	weight float64  // sum of the idf weights of the distinct words
	set    map[string]struct{}
	// distinct are the words of set in the order they first occur: sums
	// of weights run in this order, not a map's, so that scores are the
	// same float64 on every run.
	distinct []string
}

// units lists the rules and subrules of d in source order, with their raw
// text; prepare computes the rest for the units that need it.
func units(d *parse.Document) []Unit {
	n := 0
	d.Walk(func(r *parse.Rule) bool {
		if !r.Implicit {
			n++
		}
		return true
	})
	us := make([]Unit, 0, n) // a Unit is large: no regrowth
	var walk func(rs []*parse.Rule, parent int)
	walk = func(rs []*parse.Rule, parent int) {
		for _, r := range rs {
			self := parent
			if !r.Implicit {
				us = append(us, Unit{ID: r.ID, Rule: r, Parent: parent, raw: RuleText(r)})
				self = len(us) - 1
			}
			walk(r.Children, self)
		}
	}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			walk(c.Rules, -1)
		}
	}
	return us
}

// RuleText is what a rule says, without its number: its title, text and
// examples ("Example: …"), a line each.
func RuleText(r *parse.Rule) string {
	if len(r.Examples) == 0 && (r.Title == "" || r.Text == "") {
		return r.Title + r.Text // most rules: one of them, no copy
	}
	var b strings.Builder
	b.WriteString(r.Title)
	if r.Title != "" && r.Text != "" {
		b.WriteByte('\n')
	}
	b.WriteString(r.Text)
	for _, e := range r.Examples {
		b.WriteString("\nExample: ")
		b.WriteString(e.Text)
	}
	return b.String()
}

// words splits normalised text into lower-case words. Rule numbers
// ("601.2f–h"), mana symbols ("{2}{U}") and "+1/+1" stay single words.
func words(s string) []string {
	s = strings.ToLower(parse.Normalize(s))
	return strings.FieldsFunc(s, func(r rune) bool {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r >= 0x80:
			return false
		}
		return !strings.ContainsRune("'{}+/.-", r)
	})
}

// maskedWords is words with rule numbers replaced by "#", trailing
// sentence punctuation dropped, so that renumbered citations compare equal.
func maskedWords(s string) []string {
	ws := words(s)
	for i, w := range ws {
		w = strings.TrimRight(w, ".")
		w = strings.Trim(w, "'")
		if isRuleNumber(w) {
			w = "#"
		}
		ws[i] = w
	}
	return ws
}

func isRuleNumber(w string) bool {
	if len(w) < 3 || w[0] < '1' || w[0] > '9' {
		return false
	}
	digits := 0
	for digits < len(w) && w[digits] >= '0' && w[digits] <= '9' {
		digits++
	}
	return digits == 3 && (len(w) == 3 || w[3] == '.' || w[3] == '-')
}

// prepare computes the canonical words of the units not yet matched.
func prepare(lex *lexicon.Lexicon, us []Unit, taken []int) {
	for i := range us {
		if taken[i] < 0 && us[i].words == nil {
			us[i].words = lex.Canonical(maskedWords(us[i].raw))
		}
	}
}

// weigh computes the word set and weight of each unit not yet matched from
// the idf of words.
func weigh(idf map[string]float64, us []Unit, taken []int) {
	for i := range us {
		if taken[i] >= 0 {
			continue
		}
		u := &us[i]
		u.set = make(map[string]struct{}, len(u.words))
		u.distinct = u.distinct[:0]
		u.weight = 0
		for _, w := range u.words {
			if _, ok := u.set[w]; !ok {
				u.set[w] = struct{}{}
				u.distinct = append(u.distinct, w)
				u.weight += idf[w]
			}
		}
	}
}

// idfOf is the inverse document frequency of the words of the units not
// yet matched on either side.
func idfOf(a, b []Unit, takenA, takenB []int) map[string]float64 {
	df := map[string]int{}
	n := 0
	seen := map[string]bool{}
	for k, us := range [][]Unit{a, b} {
		taken := [][]int{takenA, takenB}[k]
		for i := range us {
			if taken[i] >= 0 {
				continue
			}
			n++
			clear(seen)
			for _, w := range us[i].words {
				if !seen[w] {
					seen[w] = true
					df[w]++
				}
			}
		}
	}
	idf := make(map[string]float64, len(df))
	for w, k := range df {
		idf[w] = math.Log(1 + float64(n)/float64(k))
	}
	return idf
}

// similarity is the idf-weighted Dice coefficient of two units' words.
func similarity(idf map[string]float64, a, b *Unit) float64 {
	if a.weight+b.weight == 0 {
		return 0
	}
	small, large := a, b
	if len(small.set) > len(large.set) {
		small, large = large, small
	}
	shared := 0.0
	for _, w := range small.distinct {
		if _, ok := large.set[w]; ok {
			shared += idf[w]
		}
	}
	return 2 * shared / (a.weight + b.weight)
}

// containment is how much of a's weight b's words cover.
func containment(idf map[string]float64, a, b *Unit) float64 {
	if a.weight == 0 {
		return 0
	}
	shared := 0.0
	for _, w := range a.distinct {
		if _, ok := b.set[w]; ok {
			shared += idf[w]
		}
	}
	return shared / a.weight
}
