package parse

import (
	"strings"
	"unicode/utf8"
)

// A line is one physical line of the decoded text, without its terminator.
// Lines end at "\r\n", "\r" or "\n", so files with bare CR or mixed endings
// split where a reader sees the breaks.
type line struct {
	start, end int // byte offsets in the text
}

func splitLines(text string) []line {
	lf, cr := strings.Count(text, "\n"), strings.Count(text, "\r")
	lines := make([]line, 0, lf+cr+1)
	start := 0
	if cr == 0 { // LF only (the embedded corpus): a fast scan
		for {
			i := strings.IndexByte(text[start:], '\n')
			if i < 0 {
				break
			}
			lines = append(lines, line{start, start + i})
			start += i + 1
		}
	} else {
		for {
			i := strings.IndexAny(text[start:], "\r\n")
			if i < 0 {
				break
			}
			end := start + i
			lines = append(lines, line{start, end})
			start = end + 1
			if text[end] == '\r' && start < len(text) && text[start] == '\n' {
				start++
			}
		}
	}
	if start < len(text) {
		lines = append(lines, line{start, len(text)})
	}
	return lines
}

// kind is what a line looks like on its own, before context decides.
type kind uint8

const (
	kBlank       kind = iota
	kUnderline        // "-----" or "=====" under or around a heading
	kPart             // "7. Additional Rules"
	kChapter          // "702. Keyword Abilities"
	kRule             // "702.47." or "702.47a" and its text
	kBrokenRule       // "702. 37a Storm is…": a rule number with a stray space
	kBadRule          // "408.f Card text…": a number that names no rule
	kLongSubrule      // "702.1aa Text": a subrule letter past z
	kExample          // "Example: …"
	kText             // anything else
)

// A cline is a classified line.
type cline struct {
	kind   kind
	indent int    // columns of leading white space (a tab counts 4)
	start  int    // offset where the content (number, label or text) starts
	end    int    // offset after the last non-space byte
	id     RuleID // kChapter, kRule, kBrokenRule
	part   int    // kPart
	body   string // the text after the number or label, trimmed
	bodyAt int    // offset of body
}

// classify looks at one line of text starting at offset off.
func classify(s string, off int) cline {
	end := len(s)
	for end > 0 && isSpaceByte(s[end-1]) {
		end--
	}
	for end >= 2 && s[end-2] == 0xC2 && s[end-1] == 0xA0 { // trailing NBSP
		end -= 2
		for end > 0 && isSpaceByte(s[end-1]) {
			end--
		}
	}
	s = s[:end]
	c := cline{kind: kBlank, start: off + end, end: off + end}
	i, indent := 0, 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		if s[i] == '\t' {
			indent += 4
		} else {
			indent++
		}
		i++
	}
	if i == len(s) {
		return c
	}
	c.indent = indent
	c.start = off + i
	c.kind = kText
	c.body, c.bodyAt = s[i:], off+i
	rest := s[i:]
	if isUnderline(rest) {
		c.kind = kUnderline
		return c
	}
	// A list marker from a web page ("• 702.46a", "- 708.1.") counts only
	// when a rule number or an example follows it.
	if b := bulletLen(rest); b > 0 {
		r2 := strings.TrimLeft(rest[b:], " \t")
		if k := classifyContent(r2, off+len(s)-len(r2), &c); k == kRule || k == kExample || k == kBrokenRule || k == kChapter {
			c.start = off + len(s) - len(r2)
			c.kind = k
			return c
		}
		c.kind, c.id, c.body, c.bodyAt = kText, RuleID{}, s[i:], off+i
		return c
	}
	c.kind = classifyContent(rest, c.start, &c)
	if c.kind == kText {
		c.body, c.bodyAt = rest, c.start
	}
	return c
}

// longSubrule reports whether s, what follows a rule number, is two or
// more lowercase letters ending the number: "aa" of "702.1aa Text", a
// subrule letter past z, which the CR has never printed.
func longSubrule(s string) bool {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	return i >= 2 && (i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '.')
}

func classifyContent(s string, off int, c *cline) kind {
	if len(s) >= 8 && (s[0] == 'E' || s[0] == 'e') && strings.EqualFold(s[:8], "example:") {
		c.body, c.bodyAt = trimLeft(s[8:], off+8)
		return kExample
	}
	if len(s) >= 2 && s[0] >= '1' && s[0] <= '9' && s[1] == '.' {
		if len(s) > 3 && s[2] == ' ' {
			t, at := trimLeft(s[2:], off+2)
			if t != "" && !isDigit(t[0]) {
				c.part = int(s[0] - '0')
				c.body, c.bodyAt = t, at
				return kPart
			}
		}
		return kText
	}
	id, n := scanRuleID(s)
	if n == 0 {
		return kText
	}
	c.id = id
	rest := s[n:]
	if id.Rule > 0 && id.Sub == "" && longSubrule(rest) {
		return kLongSubrule
	}
	if id.Rule > 0 {
		dot := strings.HasPrefix(rest, ".")
		if dot {
			rest = rest[1:]
		}
		switch {
		case rest == "" || rest[0] == ' ' || rest[0] == '\t':
		case dot && (rest[0] >= 'A' && rest[0] <= 'Z' || rest[0] == '"' || strings.HasPrefix(rest, "“")):
			// "901.4.All plane…": a missing space after the number.
		default:
			return kText
		}
		c.body, c.bodyAt = trimLeft(rest, off+len(s)-len(rest))
		return kRule
	}
	// Three digits: a chapter heading, a rule number broken by a space
	// ("702. 37a"), or a malformed number ("408.f").
	if !strings.HasPrefix(rest, ".") {
		return kText
	}
	rest = rest[1:]
	if rest == "" {
		c.body, c.bodyAt = "", off+len(s)
		return kChapter
	}
	if rest[0] >= 'a' && rest[0] <= 'z' && (len(rest) == 1 || rest[1] == ' ') {
		return kBadRule
	}
	if rest[0] != ' ' && rest[0] != '\t' {
		return kText
	}
	t, at := trimLeft(rest, off+len(s)-len(rest))
	if t != "" && isDigit(t[0]) {
		j := 0
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		sub := ""
		if j < len(t) && t[j] >= 'a' && t[j] <= 'z' {
			sub = t[j : j+1]
			j++
		}
		if j < len(t) && t[j] == ' ' && j <= 5 {
			id2, n2 := scanRuleID(s[:3] + "." + t[:j])
			if n2 == 4+j && id2.Sub == sub {
				c.id = id2
				c.body, c.bodyAt = trimLeft(t[j:], at+j)
				return kBrokenRule
			}
		}
		return kText
	}
	c.body, c.bodyAt = t, at
	return kChapter
}

func trimLeft(s string, off int) (string, int) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[i:], off + i
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' }

func isUnderline(s string) bool {
	if len(s) < 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '-' && s[i] != '=' && s[i] != '_' && s[i] != '*' {
			return false
		}
	}
	return true
}

// bulletLen is the length of a list marker and its space at the start of s,
// or 0.
func bulletLen(s string) int {
	for _, b := range []string{"• ", "- ", "* ", "· ", "– ", "◦ "} {
		if strings.HasPrefix(s, b) {
			return len(b)
		}
	}
	return 0
}

// endsSentence reports whether a line ends where a paragraph may end, so
// that a rule number at the start of the next line starts a new rule rather
// than continuing a citation ("See rule" / "419.8 …").
func endsSentence(s string) bool {
	s = strings.TrimRight(s, " \t")
	if s == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	switch r {
	case '.', '!', '?', ':', ')', '"', '”', '’', '\'', ']':
		return true
	}
	return false
}
