package parse

import (
	"fmt"
	"iter"
	"strconv"
	"strings"
)

// A RuleRef is one reference to rules as people write it: a part ("7"), a
// chapter ("702"), a rule or subrule ("702.47a"), or a range as the CR
// prints it inside rules ("601.2f–h", "601.2f-h", "601.2f–601.2h").
//
// Exactly one of Part and ID is set. Last is zero unless the reference is
// a range; then ID < Last and both have the same level. Start and End are
// byte offsets into the text the reference was read from, its own prefix
// ("CR ", "§", "rule ") included.
type RuleRef struct {
	Part int    // 1-9 for a part number as toc prints it; 0 otherwise
	ID   RuleID // the rule, or the first rule of a range
	Last RuleID // the last rule of a range; zero for a single rule

	// Prefix is the word that introduces the reference: "CR", "rule",
	// "Rules", "§" as written, or "" for a bare number. Every reference of
	// a list shares the list's prefix: in "rules 702.47a and 702.47b" both
	// have Prefix "rules", though only the first has it inside Start:End.
	Prefix     string
	Start, End int
}

// IsRange reports whether r names a range of rules.
func (r RuleRef) IsRange() bool { return !r.Last.IsZero() }

// String prints r as the CR would: "7", "702.47a", "601.2f–h",
// "702.1–702.5".
func (r RuleRef) String() string {
	switch {
	case r.Part > 0:
		return strconv.Itoa(r.Part)
	case !r.IsRange():
		return r.ID.String()
	case r.ID.Parent() == r.Last.Parent() && r.ID.Level() == LevelSubrule:
		return r.ID.String() + "–" + r.Last.Sub
	}
	return r.ID.String() + "–" + r.Last.String()
}

// maxExpand bounds the IDs a range expands to.
const maxExpand = 64

// IDs lists the rules r names: one for a single rule, every rule of a range
// in CR order (subrule letters skip l and o), nothing for a part. A range
// whose ends are not siblings, or longer than 64 rules, gives its two ends.
func (r RuleRef) IDs() []RuleID {
	a, b := r.ID, r.Last
	switch {
	case r.Part > 0:
		return nil
	case !r.IsRange():
		return []RuleID{a}
	case a.Level() == LevelSubrule && a.Parent() == b.Parent():
		var out []RuleID
		for s := a.Sub; s != "" && s <= b.Sub; s = NextSubLetter(s) {
			out = append(out, RuleID{Chapter: a.Chapter, Rule: a.Rule, Sub: s})
		}
		return out
	case a.Level() == LevelRule && a.Chapter == b.Chapter && b.Rule-a.Rule < maxExpand:
		var out []RuleID
		for n := a.Rule; n <= b.Rule; n++ {
			out = append(out, RuleID{Chapter: a.Chapter, Rule: n})
		}
		return out
	case a.Level() == LevelChapter && b.Chapter-a.Chapter < maxExpand:
		var out []RuleID
		for n := a.Chapter; n <= b.Chapter; n++ {
			out = append(out, RuleID{Chapter: n})
		}
		return out
	}
	return []RuleID{a, b}
}

// RuleRefForms lists the forms ParseRuleRefs accepts, for messages.
const RuleRefForms = "7, 702, 702.47, 702.47a, 702.47A, 702.47., 601.2f–h, 601.2f-601.2h, CR 702.47a, §702.47a, rule 702.47a, rules 702.47a and 702.47b"

// A RuleRefError tells where a string given as rule references stops
// making sense.
type RuleRefError struct {
	Input  string
	Offset int // byte offset of the first character not understood
}

func (e *RuleRefError) Error() string {
	rest := e.Input[e.Offset:]
	if k := strings.IndexAny(rest, " ,;"); k > 0 {
		rest = rest[:k]
	}
	col := len([]rune(e.Input[:e.Offset])) + 1
	if rest == "" {
		return fmt.Sprintf("col %d: %q ends before a rule number (accepted forms: %s)", col, e.Input, RuleRefForms)
	}
	return fmt.Sprintf("col %d: %q is not a rule number (accepted forms: %s)", col, rest, RuleRefForms)
}

// ParseRuleRefs reads a string that consists of rule references, as a user
// types them or copies them out of the CR: "702.47a", "702.47A",
// "702.47.", "601.2f–h", "CR 702.47a", "§702.47a", "rule 702.47a", "rules
// 702.47a and 702.47b", "702.47a, 702.47b", a chapter "702" or a part
// "7". References are separated by spaces, commas, semicolons, "and",
// "or" or "&". Anything else is an error (*RuleRefError) that names its
// column; no references are returned then.
func ParseRuleRefs(s string) ([]RuleRef, error) {
	var out []RuleRef
	i := 0
	prefix := ""
	for {
		i = skipSeparators(s, i)
		if i == len(s) {
			break
		}
		start := i
		p, n := strictPrefix(s[i:])
		if n > 0 {
			i = skipSpace(s, i+n)
			if i == len(s) {
				return nil, &RuleRefError{s, i}
			}
			prefix = p
		}
		r, n := scanRef(s, i, true)
		if n == 0 {
			if c := s[i]; c >= '1' && c <= '9' && (endsToken(s, i+1) || s[i+1] == '.' && endsToken(s, i+2)) {
				r, n = RuleRef{Part: int(c - '0')}, 1
			} else {
				return nil, &RuleRefError{s, i}
			}
		}
		i += n
		if i < len(s) && s[i] == '.' && endsToken(s, i+1) {
			i++
		}
		if !endsToken(s, i) {
			return nil, &RuleRefError{s, i}
		}
		r.Start, r.End = start, i
		if r.Part == 0 {
			r.Prefix = prefix // a part number is no rule of the list
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, &RuleRefError{s, len(s)}
	}
	return out, nil
}

// FindRuleRefs yields the rule references in running text, in order:
// every chapter, rule, subrule or range number that stands on its own (not
// inside a longer dotted number such as 1.702.5 or 192.168.100.1, nor
// glued to a word, as in v702.5, except "CR502.2"), with the prefix that
// introduces it. It does not judge whether a bare number is a rule
// reference: that depends on what stands around it, which the caller knows
// best. Part numbers are not looked for: in running text a single digit is
// anything.
func FindRuleRefs(s string) iter.Seq[RuleRef] {
	return func(yield func(RuleRef) bool) {
		var prev RuleRef // the last reference yielded
		for i := 0; i < len(s); {
			for i < len(s) && !isDigit(s[i]) {
				i++
			}
			j := i
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			glued := i >= 2 && s[i-2:i] == "CR" && (i == 2 || !isLetter(s[i-3]))
			if j-i != 3 || i > 0 && (isDigit(s[i-1]) || s[i-1] == '.' || isLetter(s[i-1]) && !glued) {
				i = j
				continue
			}
			r, n := scanRef(s, i, false)
			if n == 0 {
				i = j
				continue
			}
			end := i + n
			if end < len(s) && (isDigit(s[end]) || isLetter(s[end]) || s[end] == '.' && end+1 < len(s) && isDigit(s[end+1])) {
				i = end
				continue
			}
			r.Start, r.End = i, end
			if p, at := prefixBefore(s[:i]); p != "" {
				r.Prefix, r.Start = p, at
			} else if prev.Prefix != "" && isListSeparator(s[prev.End:i]) {
				r.Prefix = prev.Prefix
			}
			if !yield(r) {
				return
			}
			prev = r
			i = end
		}
	}
}

// scanRef reads a chapter, rule or subrule number at s[i:] and the rest of
// a range after it. strict also takes an upper-case subrule letter. It
// returns the number of bytes read, 0 if none.
func scanRef(s string, i int, strict bool) (RuleRef, int) {
	id, n := scanRuleID(s[i:])
	if n == 0 {
		return RuleRef{}, 0
	}
	j := i + n
	if strict && id.Level() == LevelRule && j < len(s) && s[j] >= 'A' && s[j] <= 'Z' && (j+1 == len(s) || !isLetter(s[j+1])) {
		id.Sub = string(s[j] + ('a' - 'A'))
		j++
	}
	r := RuleRef{ID: id}
	d := dashLen(s[j:])
	if d == 0 {
		return r, j - i
	}
	k := j + d
	if id.Level() == LevelSubrule && k < len(s) && isLetter(s[k]) && (k+1 == len(s) || !isLetter(s[k+1]) && !isDigit(s[k+1])) {
		c := s[k]
		if c >= 'A' && c <= 'Z' {
			if !strict {
				return r, j - i
			}
			c += 'a' - 'A'
		}
		if last := (RuleID{Chapter: id.Chapter, Rule: id.Rule, Sub: string(c)}); id.Compare(last) < 0 {
			r.Last = last
			return r, k + 1 - i
		}
		return r, j - i
	}
	last, m := scanRuleID(s[k:])
	if m == 0 || last.Level() != id.Level() || id.Compare(last) >= 0 {
		return r, j - i
	}
	if e := k + m; e < len(s) && (isDigit(s[e]) || isLetter(s[e])) {
		return r, j - i
	}
	r.Last = last
	return r, k + m - i
}

// dashLen is the length of a hyphen, en dash or em dash at the start of s.
func dashLen(s string) int {
	switch {
	case strings.HasPrefix(s, "-"):
		return 1
	case strings.HasPrefix(s, "–"), strings.HasPrefix(s, "—"):
		return len("–")
	}
	return 0
}

// prefixBefore returns the prefix that ends before (spaces aside): "§",
// "CR", "rule" or "rules" in any case, and the offset where it starts.
func prefixBefore(before string) (string, int) {
	t := strings.TrimRight(before, " \t\u00a0")
	if strings.HasSuffix(t, "§") {
		k := len(t) - len("§")
		return "§", k
	}
	for _, p := range []string{"CR", "rules", "rule"} {
		if len(t) < len(p) {
			continue
		}
		k := len(t) - len(p)
		w := t[k:]
		if p == "CR" && w != "CR" || !strings.EqualFold(w, p) {
			continue
		}
		if k == 0 || !isLetter(t[k-1]) {
			return w, k
		}
	}
	return "", 0
}

// strictPrefix reads a prefix at the start of s for ParseRuleRefs.
func strictPrefix(s string) (string, int) {
	if strings.HasPrefix(s, "§") {
		return "§", len("§")
	}
	for _, p := range []string{"rules", "rule", "cr"} {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) && (len(s) == len(p) || !isLetter(s[len(p)])) {
			return s[:len(p)], len(p)
		}
	}
	return "", 0
}

// isListSeparator tells the text between two references of one list:
// ", ", " and ", ", or ", " & ", "/".
func isListSeparator(s string) bool {
	t := strings.TrimSpace(s)
	t = strings.TrimSpace(strings.TrimPrefix(t, ","))
	switch strings.ToLower(t) {
	case "", "and", "or", "&", "/":
		return len(s) <= 7
	}
	return false
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// skipSeparators skips spaces, commas, semicolons and the words "and",
// "or" and "&" between references.
func skipSeparators(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == ';' || s[i] == '&':
			i++
		case hasWord(s[i:], "and"):
			i += 3
		case hasWord(s[i:], "or"):
			i += 2
		default:
			return i
		}
	}
	return i
}

func hasWord(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[:len(w)], w) && (len(s) == len(w) || !isLetter(s[len(w)]))
}

// endsToken tells whether a reference may end before s[i].
func endsToken(s string, i int) bool {
	return i == len(s) || strings.IndexByte(" \t,;&", s[i]) >= 0
}
