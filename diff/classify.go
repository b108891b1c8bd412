package diff

import (
	"slices"
	"strings"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// classify decides what changed between two matched units.
func (m *matcher) classify(a, b *Unit) Class { return Classify(m.lex, a.raw, b.raw, a.ID == b.ID) }

// Classify decides what changed between two texts of one rule: nothing
// (Unchanged, or Renumbered when the number changed), only the rule
// numbers it cites (Citations), only typography, only terminology the
// lexicon explains, or the wording itself (Edited).
func Classify(lex *lexicon.Lexicon, a, b string, sameID bool) Class {
	if a == b {
		if sameID {
			return Unchanged
		}
		return Renumbered
	}
	// Typography: the same words and punctuation once quotes, dashes, marks,
	// case and spacing are set aside ("( or" and "(or" too).
	// Each text is normalised and lower-cased once: its glyphs and its
	// citations masked are the same text when it has none.
	na, nb := strings.ToLower(parse.Normalize(a)), strings.ToLower(parse.Normalize(b))
	ta, tb := tokens(na), tokens(nb)
	if equalTokens(ta, tb) || sameGlyphTexts(glyphTextOf(a, na), glyphTextOf(b, nb)) {
		return Typography
	}
	ma, mb := maskedTokens(a, ta), maskedTokens(b, tb)
	if equalTokens(ma, mb) {
		return Citations
	}
	if equalTokens(lex.Canonical(ma), lex.Canonical(mb)) {
		return Terminology
	}
	return Edited
}

// sameGlyphTexts reports whether two texts, as glyphText gives them
// (ra, rb), differ only in punctuation glyphs: quotes and apostrophes of
// any kind for one another, dashes for one another, trademark marks
// added or dropped, and the "?" a lossy encoding left for any of them
// (2008-05-01 printed "opponents? decks" and "?Draw Step?"; 2008-07-15
// restored them), spacing around them aside. A "?" stands for
// something: it matches a glyph, never nothing.
func sameGlyphTexts(ra, rb []rune) bool {
	i, j := 0, 0
	for i < len(ra) || j < len(rb) {
		ga, ei, okA := glyphRun(ra, i)
		gb, ej, okB := glyphRun(rb, j)
		if okA || okB {
			if !sameGlyphs(ga, gb) {
				return false
			}
			i, j = ei, ej
			continue
		}
		if i == len(ra) || j == len(rb) || ra[i] != rb[j] {
			return false
		}
		i, j = i+1, j+1
	}
	return true
}

// In glyphText, markGlyph stands for a trademark mark (which Normalize
// drops) and lostGlyph for "?" (which Normalize reads as an apostrophe
// between letters, though in "controller?or" it was a dash): control
// characters, so that "_Odyssey_(TM)" still reads as italics.
const (
	markGlyph = '\x01'
	lostGlyph = '\x02'
)

var glyphMarks = strings.NewReplacer("(R)", string(markGlyph), "(r)", string(markGlyph), "(TM)", string(markGlyph), "(tm)", string(markGlyph), "(Tm)", string(markGlyph), "®", string(markGlyph), "™", string(markGlyph), "?", string(lostGlyph))

// glyphText is s normalised (see parse.Normalize) in lower case, with its
// trademark marks and question marks kept as markGlyph and lostGlyph.
func glyphText(s string) []rune {
	return []rune(strings.ToLower(parse.Normalize(glyphMarks.Replace(s))))
}

// glyphTextOf is glyphText(s), where n is s normalised in lower case:
// n itself when s has no mark and no "?" (each of glyphMarks' begins
// with "(", "?", "®" or "™").
func glyphTextOf(s, n string) []rune {
	if !strings.ContainsAny(s, "(?®™") {
		return []rune(n)
	}
	return glyphText(s)
}

// maskedTokens is the tokens of s with its citations masked
// (maskCitations), where t is the tokens of s: t itself when s cites no
// rule.
func maskedTokens(s string, t []string) []string {
	m := maskCitations(s)
	if m == s {
		return t
	}
	return tokens(strings.ToLower(parse.Normalize(m)))
}

func isGlyph(r rune) bool {
	return r == '\'' || r == '"' || r == '-' || r == lostGlyph || r == markGlyph
}

// glyphRun reads the glyphs and spaces from s[i]: the glyphs, where the run
// ends, and whether it held a glyph.
func glyphRun(s []rune, i int) ([]rune, int, bool) {
	var g []rune
	for ; i < len(s) && (s[i] == ' ' || isGlyph(s[i])); i++ {
		if s[i] != ' ' {
			g = append(g, s[i])
		}
	}
	return g, i, len(g) > 0
}

// sameGlyphs compares two runs of glyphs: marks aside, a quote is a quote
// and a dash a dash; a run with "?" matches any run that is not empty.
func sameGlyphs(a, b []rune) bool {
	if slices.Contains(a, lostGlyph) || slices.Contains(b, lostGlyph) {
		return len(a) > 0 && len(b) > 0
	}
	class := func(g []rune) string {
		var c []byte
		for _, r := range g {
			switch r {
			case '\'', '"':
				c = append(c, 'q')
			case '-':
				c = append(c, 'd')
			}
		}
		return string(c)
	}
	return class(a) == class(b)
}

// tokens splits normalised lower-case text into words and punctuation
// marks, so that a terminology comparison still sees a moved comma.
func tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ':
			i++
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			j := i + 1
			for j < len(s) && s[j] >= 0x80 && s[j] < 0xC0 {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '\'' || c >= 0xC0 || c == '#'
}

func equalTokens(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// maskCitations replaces the rule numbers a text cites with "#": every
// dotted number ("601.2f", "601.2f–h"), and three-digit numbers after
// "rule", "rules", "section" or a list of them.
func maskCitations(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || i > 0 && (isDigit(s[i-1]) || s[i-1] == '.' || isLetter(s[i-1])) {
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j-i != 3 {
			i = j
			continue
		}
		dotted := j+1 < len(s) && s[j] == '.' && isDigit(s[j+1])
		if dotted {
			j++
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j < len(s) && s[j] >= 'a' && s[j] <= 'z' && (j+1 == len(s) || !isLetter(s[j+1])) {
				j++
			}
		} else if !afterCitationWord(s[:i]) {
			i = j
			continue
		}
		// A range: "-h", "–409.1f", "-8".
		if k := rangeEnd(s, j); k > j {
			j = k
		}
		b.WriteString(s[last:i])
		b.WriteByte('#')
		last = j
		i = j - 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func rangeEnd(s string, j int) int {
	d := 0
	switch {
	case strings.HasPrefix(s[j:], "-"):
		d = 1
	case strings.HasPrefix(s[j:], "–"), strings.HasPrefix(s[j:], "—"):
		d = len("–")
	default:
		return j
	}
	k := j + d
	for k < len(s) && (isDigit(s[k]) || s[k] == '.' && k+1 < len(s) && isDigit(s[k+1])) {
		k++
	}
	if k < len(s) && s[k] >= 'a' && s[k] <= 'z' && (k+1 == len(s) || !isLetter(s[k+1])) {
		k++
	}
	if k == j+d {
		return j
	}
	return k
}

// afterCitationWord reports whether the text before a bare number ends in
// "rule", "rules", "section" or "sections", perhaps followed by a list of
// numbers joined by commas, "and" or "or".
func afterCitationWord(before string) bool {
	for steps := 0; steps < 12; steps++ {
		before = strings.TrimRight(before, " ,")
		j := len(before)
		for j > 0 && (isLetter(before[j-1]) || isDigit(before[j-1]) || strings.IndexByte(".-#", before[j-1]) >= 0) {
			j--
		}
		w := before[j:]
		switch lw := strings.ToLower(w); {
		case lw == "rule" || lw == "rules" || lw == "section" || lw == "sections":
			return true
		case lw == "and" || lw == "or" || w == "#" || w != "" && isDigit(w[0]):
			before = before[:j]
		default:
			return false
		}
	}
	return false
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// result turns the links into pairs, finds splits and merges among the
// rules left over, and orders the pairs as B is ordered.
func (m *matcher) result(a, b *parse.Document) *Result {
	res := &Result{A: a, B: b}
	extraB := map[int]Pair{} // unmatched B units explained as parts of a split
	splitFrom := map[int]int{}
	explainedA := map[int]Pair{}
	for j := range m.ub {
		if m.ba[j] >= 0 {
			continue
		}
		// The candidates are the A units matched to a B unit at most 4
		// away, taken in A's order (the last of equal containments wins).
		var near [8]int
		cands := near[:0]
		for jj := max(0, j-4); jj < min(len(m.ub), j+5); jj++ {
			if i := m.ba[jj]; i >= 0 && jj != j {
				cands = append(cands, i)
			}
		}
		slices.Sort(cands)
		best, bestC := -1, 0.75
		for _, i := range cands {
			if c := containment(m.idf, &m.ub[j], &m.ua[i]); c >= bestC && len(m.ub[j].words) >= 4 {
				best, bestC = i, c
			}
		}
		if best >= 0 {
			extraB[j] = Pair{A: m.ua[best].Rule, B: m.ub[j].Rule, Class: Split, Moved: m.ua[best].ID != m.ub[j].ID, Score: bestC, Via: "split"}
			splitFrom[j] = best
		}
	}
	// The definition follows the definition: when a rule split and the
	// part matched as its continuation moved to another number and does
	// not begin as the rule did, while a part split off it kept the
	// number and begins alike (Convoke's 702.50a kept its first sentences
	// in 2017, and its example went to 702.50b with the rest), that part
	// continues the rule and the other is split off. When the parts share
	// only one of the two signs, the similarity match stands.
	for j := range m.ub {
		if len(extraB) == 0 {
			break
		}
		x, ok := extraB[j]
		if !ok {
			continue
		}
		i := splitFrom[j]
		jj := m.ab[i]
		if m.ub[j].ID != m.ua[i].ID || m.ub[jj].ID == m.ua[i].ID || !begins(&m.ua[i], &m.ub[j]) || begins(&m.ua[i], &m.ub[jj]) {
			continue
		}
		m.ab[i], m.ba[j], m.ba[jj] = j, i, -1
		m.score[i], m.via[i] = x.Score, "split"
		delete(extraB, j)
		extraB[jj] = Pair{A: m.ua[i].Rule, B: m.ub[jj].Rule, Class: Split, Moved: m.ua[i].ID != m.ub[jj].ID, Score: containment(m.idf, &m.ub[jj], &m.ua[i]), Via: "split"}
		splitFrom[jj] = i
	}
	for i := range m.ua {
		if m.ab[i] >= 0 {
			continue
		}
		best, bestC := -1, 0.75
		for ii := max(0, i-4); ii < min(len(m.ua), i+5); ii++ {
			j := m.ab[ii]
			if j < 0 || ii == i {
				continue
			}
			if c := containment(m.idf, &m.ua[i], &m.ub[j]); c >= bestC && len(m.ua[i].words) >= 4 {
				best, bestC = j, c
			}
		}
		if best >= 0 {
			explainedA[i] = Pair{A: m.ua[i].Rule, B: m.ub[best].Rule, Class: Merged, Moved: m.ua[i].ID != m.ub[best].ID, Score: bestC, Via: "merged"}
		}
	}
	// Removed (and merged) A rules go after the pair of the matched A rule
	// before them.
	after := make([][]Pair, len(m.ub)) // B index → A-only pairs to print after it
	var lead []Pair
	prevB, onlyA := -1, 0
	for i := range m.ua {
		if j := m.ab[i]; j >= 0 {
			prevB = j
			continue
		}
		onlyA++
		p, ok := explainedA[i]
		if !ok {
			p = Pair{A: m.ua[i].Rule, Class: Removed}
		}
		if prevB < 0 {
			lead = append(lead, p)
		} else {
			after[prevB] = append(after[prevB], p)
		}
	}
	res.Pairs = make([]Pair, 0, len(m.ub)+onlyA)
	res.Pairs = append(res.Pairs, lead...)
	for j := range m.ub {
		var p Pair
		if i := m.ba[j]; i >= 0 {
			p = Pair{A: m.ua[i].Rule, B: m.ub[j].Rule, Class: m.classify(&m.ua[i], &m.ub[j]), Moved: m.ua[i].ID != m.ub[j].ID, Score: m.score[i], Via: m.via[i]}
		} else if x, ok := extraB[j]; ok {
			p = x
		} else {
			p = Pair{B: m.ub[j].Rule, Class: Added}
		}
		res.Pairs = append(res.Pairs, p)
		res.Pairs = append(res.Pairs, after[j]...)
	}
	return res
}

// begins reports whether b starts with the same words as a, the first
// sentence of a rule being its definition.
func begins(a, b *Unit) bool {
	n := min(6, len(a.words), len(b.words))
	return n >= 3 && slices.Equal(a.words[:n], b.words[:n])
}
