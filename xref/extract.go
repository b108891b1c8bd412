package xref

import (
	"strings"
	"unicode/utf8"

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
// after "rule(s)" or "section(s)", so "+1/+1", "{2}", "2/2", "PO Box 707",
// years and counts are not.
func extract(text string) []citation {
	var out []citation
	ctx := ctxNone
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case isLetter(c):
			j := i
			for j < len(text) && (isLetter(text[j]) || text[j] == '/') {
				j++
			}
			switch strings.ToLower(text[i:j]) {
			case "rule", "rules":
				ctx = ctxRule
			case "section", "sections":
				ctx = ctxSection
			case "and", "or", "and/or", "through", "see", "also", "of":
				// list glue keeps the context
			default:
				ctx = ctxNone
			}
			i = j
		case isDigit(c):
			if i > 0 && (isDigit(text[i-1]) || isLetter(text[i-1]) || strings.ContainsRune("./+-{$", rune(text[i-1]))) {
				i = skipNumber(text, i)
				ctx = ctxNone
				continue
			}
			cit, n := number(text, i, ctx)
			if n == 0 {
				i = skipNumber(text, i)
				ctx = ctxNone
				continue
			}
			i += n
			if title, m := citedTitle(text[i:]); m > 0 {
				cit.title = title
				i += m
			}
			out = append(out, cit)
			if ctx == ctxNone {
				ctx = ctxRule // "see 601.2b and 601.2f–h": a list goes on
			}
		case c == '.' || c == ';' || c == ')' || c == ':':
			if c != '.' || i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n' {
				ctx = ctxNone
			}
			i++
		default:
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
		}
	}
	return out
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
func number(text string, i int, ctx context) (citation, int) {
	s := text[i:]
	digits := 0
	for digits < len(s) && isDigit(s[digits]) {
		digits++
	}
	cit := citation{start: i}
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
	case strings.HasPrefix(s, "–"), strings.HasPrefix(s, "—"):
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
