package xref

import (
	"strings"

	"github.com/crules/crules/parse"
)

// A citation is one citation as written in a text, with the targets it
// expands to.
type citation struct {
	start, end int // byte range of the number (with its range) in the text
	text       string
	title      string
	targets    []Target
}

// context is what the words before a number make of it.
type context uint8

const (
	ctxNone    context = iota
	ctxRule            // after "rule" or "rules": a bare "309" is a chapter
	ctxSection         // after "section": "8" is a part, "410" a chapter (1999)
)

// maxExpand caps how many targets one range expands to; a wider range is
// kept as its two ends.
const maxExpand = 40

// extract finds the citations in a text. Numbers with a dot ("702.47",
// "601.2f–h") are citations wherever they stand; bare numbers are only
// after "rule(s)" or "section(s)", perhaps across a list ("rules 601, 602,
// and 603"), so "+1/+1", "{2}", "2/2", "PO Box 707", years and counts are
// not. Only the words before a bare number are read, so a text is scanned
// at the speed of a search for digits.
func extract(text string) []citation {
	var out []citation
	for i := 0; i < len(text); {
		k := strings.IndexAny(text[i:], "0123456789")
		if k < 0 {
			break
		}
		i += k
		if i > 0 && (isDigit(text[i-1]) || isLetter(text[i-1]) || strings.IndexByte("./+-{$", text[i-1]) >= 0) {
			i = skipNumber(text, i)
			continue
		}
		cit, n := number(text, i)
		if n == 0 {
			i = skipNumber(text, i)
			continue
		}
		i += n
		if title, m := citedTitle(text[i:]); m > 0 {
			cit.title = title
			i += m
		}
		out = append(out, cit)
	}
	return out
}

// contextBefore reads the words before a bare number at text[i:], back
// over list glue, earlier numbers and quoted titles, to the word that makes
// it a citation.
func contextBefore(text string, i int) context {
	j := i
	for steps := 0; steps < 16 && j > 0; steps++ {
		for j > 0 && (text[j-1] == ' ' || text[j-1] == ',') {
			j--
		}
		if j == 0 {
			return ctxNone
		}
		switch c := text[j-1]; {
		case isLetter(c) || c == '/':
			k := j
			for k > 0 && (isLetter(text[k-1]) || text[k-1] == '/') {
				k--
			}
			if k > 0 && isDigit(text[k-1]) { // the letter of "601.2f"
				j = k
				continue
			}
			switch classifyWord(text[k:j]) {
			case wordRule:
				return ctxRule
			case wordSection:
				return ctxSection
			case wordOther:
				return ctxNone
			}
			j = k
		case isDigit(c) || c == '.' && j > 1 && isDigit(text[j-2]):
			for j > 0 && (isDigit(text[j-1]) || text[j-1] == '.' || text[j-1] == '-') {
				j--
			}
			for _, d := range []string{"–", "—", "\ufffd"} {
				if strings.HasSuffix(text[:j], d) {
					j -= len(d)
					break
				}
			}
		case c == '"':
			k := strings.LastIndexByte(text[:j-1], '"')
			if k < 0 || j-k > 120 {
				return ctxNone
			}
			j = k
		case strings.HasSuffix(text[:j], "”"):
			k := strings.LastIndex(text[:j], "“")
			if k < 0 || j-k > 120 {
				return ctxNone
			}
			j = k
		default:
			return ctxNone
		}
	}
	return ctxNone
}

type wordKind uint8

const (
	wordOther   wordKind = iota
	wordRule             // rule, rules
	wordSection          // section, sections
	wordGlue             // and, or, and/or, through, see, also, of
)

func classifyWord(w string) wordKind {
	switch len(w) {
	case 2:
		if strings.EqualFold(w, "or") || strings.EqualFold(w, "of") {
			return wordGlue
		}
	case 3:
		if strings.EqualFold(w, "and") || strings.EqualFold(w, "see") {
			return wordGlue
		}
	case 4:
		if strings.EqualFold(w, "rule") {
			return wordRule
		}
		if strings.EqualFold(w, "also") {
			return wordGlue
		}
	case 5:
		if strings.EqualFold(w, "rules") {
			return wordRule
		}
	case 6:
		if strings.EqualFold(w, "and/or") {
			return wordGlue
		}
	case 7:
		if strings.EqualFold(w, "section") {
			return wordSection
		}
		if strings.EqualFold(w, "through") {
			return wordGlue
		}
	case 8:
		if strings.EqualFold(w, "sections") {
			return wordSection
		}
	}
	return wordOther
}

func skipNumber(text string, i int) int {
	for i < len(text) && (isDigit(text[i]) || text[i] == '.' && i+1 < len(text) && isDigit(text[i+1]) || text[i] == ',' && i+1 < len(text) && isDigit(text[i+1])) {
		i++
	}
	return i
}

// number reads a citation at text[i:] in the given context: "702.47",
// "601.2f–h", "409.1a-409.1f", "419.7-8", "212-215", "309", "8". It returns
// 0 when the number there is not a citation.
func number(text string, i int) (citation, int) {
	s := text[i:]
	digits := 0
	for digits < len(s) && isDigit(s[digits]) {
		digits++
	}
	cit := citation{start: i}
	dotted := digits == 3 && len(s) > 4 && s[3] == '.' && isDigit(s[4])
	ctx := ctxRule
	if !dotted {
		ctx = contextBefore(text, i)
	}
	switch {
	case digits == 1 && ctx == ctxSection:
		if len(s) > 1 && (s[1] == '.' && len(s) > 2 && isDigit(s[2]) || s[1] == '/') {
			return cit, 0
		}
		cit.end, cit.text = i+1, s[:1]
		cit.targets = []Target{{Kind: KindPart, Part: int(s[0] - '0')}}
		return cit, 1
	case digits != 3 || s[0] == '0':
		return cit, 0
	}
	a, n := ruleID(s)
	if n == 0 {
		return cit, 0
	}
	if a.Level() == parse.LevelChapter && ctx == ctxNone {
		return cit, 0
	}
	// A range: "–h", "-409.1f", "-8", "-215".
	end := n
	var targets []Target
	if dash := dashLen(s[n:]); dash > 0 {
		r := s[n+dash:]
		if b, m := ruleID(r); m > 0 && b.Chapter >= a.Chapter {
			targets, end = expand(a, b), n+dash+m
		} else if m := letters(r); m == 1 && a.Sub != "" && r[0] > a.Sub[0] {
			b := a
			b.Sub = r[:1]
			targets, end = expand(a, b), n+dash+1
		} else if m := countDigits(r); m > 0 && m <= 3 && a.Level() == parse.LevelRule && !followedByWord(r[m:]) {
			b := a
			b.Rule = atoi(r[:m])
			if b.Rule > a.Rule {
				targets, end = expand(a, b), n+dash+m
			}
		}
	}
	if end < len(s) && (isDigit(s[end]) || isLetter(s[end]) || s[end] == '/') {
		return cit, 0
	}
	if targets == nil {
		targets = []Target{target(a)}
	}
	cit.end, cit.text, cit.targets = i+end, s[:end], targets
	return cit, end
}

func target(id parse.RuleID) Target {
	if id.Level() == parse.LevelChapter {
		return Target{Kind: KindChapter, ID: id}
	}
	return Target{Kind: KindRule, ID: id}
}

// expand lists the IDs from a to b: subrule letters within one rule (l and
// o skipped), rule numbers within one chapter, or chapters.
func expand(a, b parse.RuleID) []Target {
	var out []Target
	switch {
	case a.Chapter == b.Chapter && a.Rule == b.Rule && a.Sub != "" && b.Sub != "" && a.Sub < b.Sub:
		for s := a.Sub; s != "" && s <= b.Sub && len(out) < maxExpand; s = parse.NextSubLetter(s) {
			out = append(out, target(parse.RuleID{Chapter: a.Chapter, Rule: a.Rule, Sub: s}))
		}
	case a.Chapter == b.Chapter && a.Sub == "" && b.Sub == "" && a.Rule > 0 && a.Rule < b.Rule && b.Rule-a.Rule < maxExpand:
		for n := a.Rule; n <= b.Rule; n++ {
			out = append(out, target(parse.RuleID{Chapter: a.Chapter, Rule: n}))
		}
	case a.Level() == parse.LevelChapter && b.Level() == parse.LevelChapter && a.Chapter < b.Chapter && b.Chapter-a.Chapter < maxExpand:
		for n := a.Chapter; n <= b.Chapter; n++ {
			out = append(out, target(parse.RuleID{Chapter: n}))
		}
	default:
		out = []Target{target(a), target(b)}
	}
	return out
}

// ruleID reads "702", "702.47" or "702.47a" at the start of s, not taking a
// letter that begins a word ("702.47and" is not 702.47a).
func ruleID(s string) (parse.RuleID, int) {
	if len(s) < 3 || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) || s[0] == '0' || len(s) > 3 && isDigit(s[3]) {
		return parse.RuleID{}, 0
	}
	n := 3
	if len(s) > 4 && s[3] == '.' && isDigit(s[4]) {
		n = 5
		for n < len(s) && isDigit(s[n]) {
			n++
		}
		if n < len(s) && s[n] >= 'a' && s[n] <= 'z' && (n+1 == len(s) || !isLetter(s[n+1])) {
			n++
		}
	}
	id, err := parse.ParseRuleID(s[:n])
	if err != nil {
		return parse.RuleID{}, 0
	}
	return id, n
}

func dashLen(s string) int {
	switch {
	case strings.HasPrefix(s, "-"):
		return 1
	case strings.HasPrefix(s, "–"), strings.HasPrefix(s, "—"), strings.HasPrefix(s, "\ufffd"):
		// U+FFFD stands for an en dash lost in a lossy conversion (2001–2002).
		return len("–")
	}
	return 0
}

func letters(s string) int {
	n := 0
	for n < len(s) && isLetter(s[n]) {
		n++
	}
	return n
}

func countDigits(s string) int {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return n
}

func followedByWord(s string) bool { return len(s) > 0 && (isLetter(s[0]) || s[0] == '/') }

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// citedTitle reads a title quoted after a citation: `, "Declare Blockers
// Step."` or `, “Splice.”`. It returns the title without its closing
// punctuation and the bytes read.
func citedTitle(s string) (string, int) {
	i := 0
	if i < len(s) && s[i] == ',' {
		i++
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	var closeQ string
	switch {
	case strings.HasPrefix(s[i:], "“"):
		closeQ, i = "”", i+len("“")
	case strings.HasPrefix(s[i:], `"`):
		closeQ, i = `"`, i+1
	default:
		return "", 0
	}
	j := strings.Index(s[i:], closeQ)
	if j < 0 || j > 120 {
		return "", 0
	}
	title := strings.TrimRight(strings.TrimSpace(s[i:i+j]), ".,")
	return title, i + j + len(closeQ)
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
