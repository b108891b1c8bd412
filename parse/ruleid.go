package parse

import (
	"fmt"
	"strconv"
	"strings"
)

// A RuleID names a chapter ("702"), a rule ("702.47") or a subrule
// ("702.47a") of the Comprehensive Rules.
//
// The zero RuleID names nothing. A valid RuleID has 100 <= Chapter <= 999;
// Sub is empty unless Rule > 0, and is then one lower-case letter. The part
// (section) a rule belongs to is Chapter/100. The CR skips the letters l and
// o in subrule lettering; RuleID accepts them so that a checker can report
// them.
type RuleID struct {
	Chapter int    // 100-999
	Rule    int    // 0 for the chapter itself
	Sub     string // "" or "a".."z"
}

// Level tells which kind of node a RuleID names.
type Level int

// The levels of a RuleID.
const (
	LevelNone Level = iota
	LevelChapter
	LevelRule
	LevelSubrule
)

// ParseRuleID parses a rule ID as users type it: "702", "702.", "702.47",
// "702.47.", "702.47a", "702.47A", "702.47a." with surrounding space ignored.
func ParseRuleID(s string) (RuleID, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(t, ".")
	id, n := scanRuleID(t)
	if n == 0 || n != len(t) {
		// Allow an upper-case subrule letter typed by a user.
		if n > 0 && n == len(t)-1 && id.Sub == "" && id.Rule > 0 {
			c := t[n]
			if c >= 'A' && c <= 'Z' {
				id.Sub = string(c + ('a' - 'A'))
				return id, nil
			}
		}
		return RuleID{}, fmt.Errorf("%q is not a rule number (expected forms: 702, 702.47, 702.47a)", s)
	}
	return id, nil
}

// MustParseRuleID is ParseRuleID for constants in code and tests; it panics
// on a malformed ID.
func MustParseRuleID(s string) RuleID {
	id, err := ParseRuleID(s)
	if err != nil {
		panic(err)
	}
	return id
}

// scanRuleID reads the longest rule ID at the start of s: three digits,
// optionally followed by "." and digits and one lower-case letter. It returns
// the number of bytes read, 0 if s does not start with a rule ID. A trailing
// period is not consumed.
func scanRuleID(s string) (RuleID, int) {
	if len(s) < 3 || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) || s[0] == '0' {
		return RuleID{}, 0
	}
	if len(s) > 3 && isDigit(s[3]) {
		return RuleID{}, 0
	}
	id := RuleID{Chapter: int(s[0]-'0')*100 + int(s[1]-'0')*10 + int(s[2]-'0')}
	i := 3
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j-(i+1) > 4 {
			return id, 3
		}
		n, _ := strconv.Atoi(s[i+1 : j])
		if n == 0 {
			return id, 3
		}
		id.Rule = n
		i = j
		if i < len(s) && s[i] >= 'a' && s[i] <= 'z' && (i+1 == len(s) || !isLetter(s[i+1])) {
			id.Sub = s[i : i+1]
			i++
		}
	}
	return id, i
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// IsZero reports whether id is the zero RuleID.
func (id RuleID) IsZero() bool { return id.Chapter == 0 }

// Level reports whether id names a chapter, a rule or a subrule.
func (id RuleID) Level() Level {
	switch {
	case id.Chapter == 0:
		return LevelNone
	case id.Rule == 0:
		return LevelChapter
	case id.Sub == "":
		return LevelRule
	}
	return LevelSubrule
}

// Part is the number of the part (section) id belongs to: 7 for 702.47a.
func (id RuleID) Part() int { return id.Chapter / 100 }

// ChapterID is the chapter id belongs to: 702 for 702.47a.
func (id RuleID) ChapterID() RuleID { return RuleID{Chapter: id.Chapter} }

// Parent is the ID one level up: 702.47a → 702.47 → 702 → zero.
func (id RuleID) Parent() RuleID {
	switch id.Level() {
	case LevelSubrule:
		return RuleID{Chapter: id.Chapter, Rule: id.Rule}
	case LevelRule:
		return RuleID{Chapter: id.Chapter}
	}
	return RuleID{}
}

// Contains reports whether other is id itself or lies below it.
func (id RuleID) Contains(other RuleID) bool {
	for o := other; !o.IsZero(); o = o.Parent() {
		if o == id {
			return true
		}
	}
	return false
}

// String prints the ID as the CR cites it: "702", "702.47", "702.47a".
func (id RuleID) String() string {
	switch id.Level() {
	case LevelNone:
		return ""
	case LevelChapter:
		return strconv.Itoa(id.Chapter)
	}
	return strconv.Itoa(id.Chapter) + "." + strconv.Itoa(id.Rule) + id.Sub
}

// Compare orders IDs as the CR does: by chapter, rule number, then subrule
// letter, a parent before its children. It returns -1, 0 or +1.
func (id RuleID) Compare(o RuleID) int {
	switch {
	case id.Chapter != o.Chapter:
		return cmpInt(id.Chapter, o.Chapter)
	case id.Rule != o.Rule:
		return cmpInt(id.Rule, o.Rule)
	case len(id.Sub) != len(o.Sub):
		return cmpInt(len(id.Sub), len(o.Sub))
	}
	return strings.Compare(id.Sub, o.Sub)
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// MarshalText makes a RuleID a JSON string.
func (id RuleID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// UnmarshalText parses a RuleID from JSON.
func (id *RuleID) UnmarshalText(b []byte) error {
	v, err := ParseRuleID(string(b))
	if err != nil {
		return err
	}
	*id = v
	return nil
}

// NextSubLetter is the letter that follows sub in CR lettering, which skips
// l and o: "k" → "m", "n" → "p". It returns "" after "z".
func NextSubLetter(sub string) string {
	if sub == "" {
		return "a"
	}
	c := sub[0] + 1
	for c == 'l' || c == 'o' {
		c++
	}
	if c > 'z' {
		return ""
	}
	return string(c)
}
