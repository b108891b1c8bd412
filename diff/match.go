package diff

import (
	"slices"
	"sort"
	"strings"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// Class is what changed between two matched rules, or what happened to an
// unmatched one.
type Class uint8

// Change classes, from least to most change. A renumbered rule whose text
// also changed has the class of the text change and Moved set.
const (
	Unchanged   Class = iota // same number, same text
	Renumbered               // same text, another number
	Citations                // only the rule numbers it cites changed
	Typography               // only quotes, dashes, marks or spacing changed
	Terminology              // every difference is a lexicon convention (play→cast, …)
	Edited                   // a substantive change
	Split                    // part of a rule that became several
	Merged                   // a rule folded into another
	Added
	Removed
)

var classNames = [...]string{"unchanged", "renumbered", "citations", "typography", "terminology", "edited", "split", "merged", "added", "removed"}

func (c Class) String() string { return classNames[c] }

// ParseClass reads a class name as String prints it.
func ParseClass(s string) (Class, bool) {
	for i, n := range classNames {
		if n == strings.ToLower(strings.TrimSpace(s)) {
			return Class(i), true
		}
	}
	return 0, false
}

// MarshalText prints the class name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// A Pair is one rule of A matched to one of B, or a rule only one side has
// (the other is nil).
type Pair struct {
	A, B  *parse.Rule
	Class Class
	Moved bool    // the number changed
	Score float64 // the similarity the match was made on (1 for exact)
	Via   string  // how it was matched: id, title, text, children, similarity, split, merged
}

// A Result is the comparison of two revisions.
type Result struct {
	A, B  *parse.Document
	Pairs []Pair // in B's order, removed rules after the B rule they followed
}

// Counts tallies the pairs by class.
func (r *Result) Counts() map[Class]int {
	m := map[Class]int{}
	for _, p := range r.Pairs {
		m[p.Class]++
	}
	return m
}

// Match returns the pair a rule of A (side 0) or B (side 1) belongs to.
func (r *Result) Match(side int, id parse.RuleID) (Pair, bool) {
	for _, p := range r.Pairs {
		x := p.A
		if side == 1 {
			x = p.B
		}
		if x != nil && x.ID == id {
			return p, true
		}
	}
	return Pair{}, false
}

// matcher holds the state of one comparison.
type matcher struct {
	lex    *lexicon.Lexicon
	ua, ub []Unit
	idf    map[string]float64
	ab, ba []int // matched partner, -1 for none
	score  []float64
	via    []string
	twin   []int // the first unit of b with the number of each unit of a, -1 for none (see twins)
	// kidsA and kidsB are the children of each unit (see kids).
	kidsA, kidsB [][]int
}

// Compare matches every rule and subrule of a to its counterpart in b,
// despite renumbering, splitting and merging, and classifies each change.
//
// Matching uses what is strong first: the same number with the same text,
// keyword and other heading titles, texts equal after typography,
// citation numbers and terminology are set aside; then subrules are aligned
// inside matched parents, and what remains is matched on idf-weighted word
// similarity by one global best-first assignment over all candidate pairs.
func Compare(a, b *parse.Document, lex *lexicon.Lexicon) *Result {
	if lex == nil {
		lex = lexicon.Default()
	}
	m := &matcher{lex: lex, ua: units(a), ub: units(b)}
	m.kidsA, m.kidsB = kids(m.ua), kids(m.ub)
	m.ab, m.ba = fill(len(m.ua), -1), fill(len(m.ub), -1)
	m.score, m.via = make([]float64, len(m.ua)), make([]string, len(m.ua))

	m.sameID(sameRaw) // most rules of adjacent revisions: nothing more to compute for them
	prepare(lex, m.ua, m.ab)
	prepare(lex, m.ub, m.ba)
	m.idf = idfOf(m.ua, m.ub, m.ab, m.ba)
	weigh(m.idf, m.ua, m.ab)
	weigh(m.idf, m.ub, m.ba)
	m.sameID(sameWords)
	m.sameTitle()
	m.sameText()
	for round := 0; round < 2; round++ {
		m.children()
		m.similar()
	}
	m.children()
	return m.result(a, b)
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func (m *matcher) link(i, j int, score float64, via string) {
	m.ab[i], m.ba[j], m.score[i], m.via[i] = j, i, score, via
}

func key(u *Unit) string { return strings.Join(u.words, " ") }

// sameID matches each unmatched rule to the unmatched rule of the same
// number on the other side when same says their texts agree: first on the
// raw text, before any preparation (most rules of adjacent revisions), then
// on the prepared words.
func (m *matcher) sameID(same func(a, b *Unit) bool) {
	if m.twin == nil {
		m.twin = twins(m.ua, m.ub)
	}
	for i := range m.ua {
		if m.ab[i] >= 0 {
			continue
		}
		if j := m.twin[i]; j >= 0 && m.ba[j] < 0 && same(&m.ua[i], &m.ub[j]) {
			m.link(i, j, 1, "id")
		}
	}
}

// twins finds for each unit of a the first unit of b with its number, -1
// for none: by one walk of both lists when each is in increasing order
// of number without repeats, as a revision's rules are, else (a revision
// with a misnumbered rule) through a map.
func twins(a, b []Unit) []int {
	tw := fill(len(a), -1)
	if increasing(a) && increasing(b) {
		j := 0
		for i := range a {
			for j < len(b) && b[j].ID.Compare(a[i].ID) < 0 {
				j++
			}
			if j < len(b) && b[j].ID == a[i].ID {
				tw[i] = j
			}
		}
		return tw
	}
	byID := make(map[parse.RuleID]int, len(b))
	for j := range b {
		if _, dup := byID[b[j].ID]; !dup {
			byID[b[j].ID] = j
		}
	}
	for i := range a {
		if j, ok := byID[a[i].ID]; ok {
			tw[i] = j
		}
	}
	return tw
}

func increasing(us []Unit) bool {
	for i := 1; i < len(us); i++ {
		if us[i-1].ID.Compare(us[i].ID) >= 0 {
			return false
		}
	}
	return true
}

func sameRaw(a, b *Unit) bool   { return a.raw == b.raw }
func sameWords(a, b *Unit) bool { return key(a) == key(b) }

// sameTitle matches heading rules ("Splice", "Artifacts") whose title is
// unique on both sides.
func (m *matcher) sameTitle() {
	m.uniquePairs("title", func(u *Unit) string {
		if u.Rule.Title == "" {
			return ""
		}
		return strings.ToLower(parse.Normalize(u.Rule.Title))
	})
}

// sameText matches unmatched rules whose canonical text is the same and
// unique on both sides.
func (m *matcher) sameText() {
	m.uniquePairs("text", func(u *Unit) string {
		if len(u.words) < 3 {
			return ""
		}
		return key(u)
	})
}

// uniquePairs links the unmatched units whose key ("" for none) is the
// same and unique on each side.
func (m *matcher) uniquePairs(via string, keyOf func(*Unit) string) {
	index := func(us []Unit, taken []int) map[string]int {
		t := map[string]int{}
		for i := range us {
			if taken[i] >= 0 {
				continue
			}
			k := keyOf(&us[i])
			if k == "" {
				continue
			}
			if _, dup := t[k]; dup {
				t[k] = -1
			} else {
				t[k] = i
			}
		}
		return t
	}
	ta, tb := index(m.ua, m.ab), index(m.ub, m.ba)
	for k, i := range ta {
		if j, ok := tb[k]; ok && i >= 0 && j >= 0 {
			m.link(i, j, 1, via)
		}
	}
}

type cand struct {
	i, j  int
	score float64
}

// assign links candidates best first, each unit at most once.
func (m *matcher) assign(cs []cand, via string) {
	sort.Slice(cs, func(x, y int) bool {
		if cs[x].score != cs[y].score {
			return cs[x].score > cs[y].score
		}
		if cs[x].i != cs[y].i {
			return cs[x].i < cs[y].i
		}
		return cs[x].j < cs[y].j
	})
	for _, c := range cs {
		if m.ab[c.i] < 0 && m.ba[c.j] < 0 {
			m.link(c.i, c.j, c.score, via)
		}
	}
}

// children aligns the unmatched subrules of matched parents: similarity
// plus a bonus for the same position among the siblings.
func (m *matcher) children() {
	var cs []cand
	for pa, pb := range m.ab {
		if pb < 0 {
			continue
		}
		ka, kb := m.kidsA[pa], m.kidsB[pb]
		for x, i := range ka {
			if m.ab[i] >= 0 {
				continue
			}
			for y, j := range kb {
				if m.ba[j] >= 0 {
					continue
				}
				s := similarity(m.idf, &m.ua[i], &m.ub[j])
				if x == y {
					s += 0.15
				}
				if m.ua[i].ID.Sub == m.ub[j].ID.Sub {
					s += 0.05
				}
				if s >= 0.35 {
					cs = append(cs, cand{i, j, s})
				}
			}
		}
	}
	m.assign(cs, "children")
}

// kids lists the children of each unit, in source order: kids(us)[p]
// are those of us[p], cut from one array.
func kids(us []Unit) [][]int {
	start := make([]int, len(us)+1)
	for i := range us {
		if p := us[i].Parent; p >= 0 {
			start[p+1]++
		}
	}
	for p := range us {
		start[p+1] += start[p]
	}
	all, next := make([]int, start[len(us)]), slices.Clone(start[:len(us)])
	for i := range us {
		if p := us[i].Parent; p >= 0 {
			all[next[p]] = i
			next[p]++
		}
	}
	out := make([][]int, len(us))
	for p := range out {
		out[p] = all[start[p]:start[p+1]:start[p+1]]
	}
	return out
}

// similar matches what is left on word similarity: candidates share rare
// words (an inverted index), are scored exactly, and assigned best first
// over the whole revision.
func (m *matcher) similar() {
	const maxDF = 60 // words in more units than this do not propose candidates
	post := map[string][]int{}
	for j := range m.ub {
		if m.ba[j] >= 0 {
			continue
		}
		for _, w := range m.ub[j].distinct {
			post[w] = append(post[w], j)
		}
	}
	var cs []cand
	acc := map[int]float64{}
	for i := range m.ua {
		if m.ab[i] >= 0 {
			continue
		}
		clear(acc)
		for _, w := range m.ua[i].distinct {
			if ps := post[w]; len(ps) <= maxDF {
				for _, j := range ps {
					acc[j] += m.idf[w]
				}
			}
		}
		type scored struct {
			j int
			s float64
		}
		var top []scored
		for j, s := range acc {
			top = append(top, scored{j, s})
		}
		sort.Slice(top, func(x, y int) bool {
			if top[x].s != top[y].s {
				return top[x].s > top[y].s
			}
			return top[x].j < top[y].j
		})
		for k := 0; k < len(top) && k < 8; k++ {
			j := top[k].j
			s := similarity(m.idf, &m.ua[i], &m.ub[j])
			if m.ua[i].ID == m.ub[j].ID {
				s += 0.05
			}
			if pa, pb := m.ua[i].Parent, m.ub[j].Parent; pa >= 0 && pb >= 0 && m.ab[pa] == pb {
				s += 0.1
			}
			if s >= 0.5 {
				cs = append(cs, cand{i, j, s})
			}
		}
	}
	m.assign(cs, "similarity")
}
