// Package cite finds Comprehensive Rules citations in other people's source
// code and documents ("rule 702.51", "CR 502.46", "§702.163", "702.19c",
// "// Convoke 502.46", "// 702.19 trample") and checks them against the
// rules' history: does the number still exist, and does the keyword named
// beside it still live there? Numbers are read by parse.FindRuleRefs; what
// stands next to one decides whether it is a citation (see Scan).
package cite

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crules/crules/parse"
)

// A Citation is one rule number found in a file.
type Citation struct {
	File      string
	Line, Col int
	ID        parse.RuleID
	Text      string // as written: "CR 502.46"
	LineText  string // the line it stands on
	FileWords []string

	at, end int // byte offsets of the number in LineText
}

// Scan finds the citations in src. A rule number counts when what stands
// next to it says it is one:
//   - a prefix: "rule 702.51", "rules 100.1 and 100.2", "CR 502.46",
//     "§702.163", or "CR" just after it ("702.21 (CR)", "702.36 in the CR");
//   - a keyword or rule title of any revision right before or after it:
//     "// Convoke 502.46", "// 702.19 trample", "Flying (702.9)",
//     "502.46. Convoke", or a keyword ability said to be at it ("Fear is
//     at 702.36", "Banding was 702.21");
//   - a subrule letter on a number some revision has ("// 601.2f").
//
// A number after a version or standard ("version 702.5", "IEEE 802.11b"),
// a currency sign ("$100.25") or "=" (a value in code), or before a unit
// ("702.5 ms"), is not a citation, nor is a number inside a longer dotted
// one (1.702.5, IP addresses) or glued to a word (v702.5). § after a law's
// name ("17 U.S.C. § 512.1") is that law's.
func Scan(file string, src []byte) []Citation {
	var out []Citation
	fileWords := identWords(strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	text := string(src)
	kn := knownRules()
	line, lineStart := 1, 0
	for r := range parse.FindRuleRefs(text) {
		if r.ID.Rule == 0 {
			continue
		}
		num := numberStart(text, r)
		for {
			k := strings.IndexByte(text[lineStart:num], '\n')
			if k < 0 {
				break
			}
			line++
			lineStart += k + 1
		}
		lineEnd := strings.IndexByte(text[num:], '\n')
		if lineEnd < 0 {
			lineEnd = len(text)
		} else {
			lineEnd += num
		}
		start := max(r.Start, lineStart)
		if !kn.isCitation(text[lineStart:lineEnd], r, start-lineStart, num-lineStart, r.End-lineStart) {
			continue
		}
		out = append(out, Citation{
			File: file, Line: line, Col: utf8.RuneCountInString(text[lineStart:start]) + 1, ID: r.ID,
			Text: text[start:r.End], LineText: text[lineStart:lineEnd], FileWords: fileWords, at: num - lineStart, end: r.End - lineStart,
		})
	}
	return out
}

// numberStart is the offset where the number of r starts, after its
// prefix (which has no digits).
func numberStart(text string, r parse.RuleRef) int {
	for i := r.Start; i < r.End; i++ {
		if isDigit(text[i]) {
			return i
		}
	}
	return r.Start
}

// isCitation judges the reference r found in line: its text (prefix
// included) spans line[start:end], its number starts at line[num].
func (k *known) isCitation(line string, r parse.RuleRef, start, num, end int) bool {
	before, after := line[:start], line[end:]
	if r.Prefix != "" {
		return r.Prefix != "§" || !lawBefore(before)
	}
	if strings.ContainsAny(lastRune(before), "$€£¥=") || excluded[lastWord(before)] || units[firstWord(after)] {
		return false
	}
	if crAfter(after) || k.nameBefore(before, k.names) || k.nameAfter(after) || k.abilityIs(before) {
		return true
	}
	return r.ID.Sub != "" && k.ids[r.ID]
}

// excluded are the words after which a number is a version or the number
// of another standard.
var excluded = map[string]bool{
	"version": true, "ver": true, "v": true, "release": true, "build": true, "firmware": true,
	"ieee": true, "iso": true, "rfc": true, "ecma": true, "din": true, "en": true,
	"python": true, "java": true, "node": true, "go": true, "ios": true, "android": true,
	"windows": true, "chrome": true, "firefox": true, "kernel": true, "api": true, "sdk": true,
	"page": true, "pp": true, "p": true, "usc": true, "cfr": true, "price": true, "cost": true, "total": true,
}

// units are the words before which a number is a measure.
var units = map[string]bool{
	"ms": true, "s": true, "sec": true, "kb": true, "mb": true, "gb": true, "kib": true, "mib": true,
	"km": true, "kg": true, "mm": true, "cm": true, "m": true, "hz": true, "mhz": true, "ghz": true,
	"px": true, "pt": true, "usd": true, "eur": true, "gbp": true, "dollars": true, "euros": true,
	"percent": true, "%": true, "fps": true, "rpm": true, "mph": true, "kbps": true, "mbps": true,
}

// gapChars may stand between a number and the title beside it: "Flying
// (702.9)", "702.19: Trample", "**702.19b** Trample", "702.19 – Trample".
const gapChars = " \t()[]:.,-*_!"

// trimGapRight removes gap characters and dashes from the end of s.
func trimGapRight(s string) string {
	for len(s) > 0 {
		switch {
		case strings.IndexByte(gapChars, s[len(s)-1]) >= 0:
			s = s[:len(s)-1]
		case strings.HasSuffix(s, "–"), strings.HasSuffix(s, "—"):
			s = s[:len(s)-len("–")]
		default:
			return s
		}
	}
	return s
}

// trimGapLeft removes gap characters and dashes from the start of s.
func trimGapLeft(s string) string {
	for len(s) > 0 {
		switch {
		case strings.IndexByte(gapChars, s[0]) >= 0:
			s = s[1:]
		case strings.HasPrefix(s, "–"), strings.HasPrefix(s, "—"):
			s = s[len("–"):]
		default:
			return s
		}
	}
	return s
}

// nameBefore tells whether before ends with a title, spacing and
// punctuation aside.
func (k *known) nameBefore(before string, names map[string]bool) bool {
	t := trimGapRight(before)
	if len(before)-len(t) > 5 {
		return false
	}
	head := t
	for n := 0; n < k.maxWords; n++ {
		w := strings.LastIndexFunc(head, notWordRune) + 1
		if w == len(head) {
			return false
		}
		if hasName(names, t[w:]) {
			return true
		}
		if w < 2 || !joiner(head[w-1]) || joiner(head[w-2]) {
			return false
		}
		head = head[:w-1]
	}
	return false
}

// nameAfter tells whether after starts with a title.
func (k *known) nameAfter(after string) bool {
	t := trimGapLeft(after)
	if len(after)-len(t) > 5 {
		return false
	}
	end := 0
	for n := 0; n < k.maxWords; n++ {
		w := strings.IndexFunc(t[end:], notWordRune)
		if w < 0 {
			w = len(t) - end
		}
		if w == 0 {
			return false
		}
		end += w
		if hasName(k.names, t[:end]) {
			return true
		}
		if end+1 >= len(t) || !joiner(t[end]) || joiner(t[end+1]) {
			return false
		}
		end++
	}
	return false
}

// joiner tells the characters that join the words of a title in text.
func joiner(c byte) bool { return c == ' ' || c == '-' || c == '\'' }

// hasName looks words up among names: "Double strike", "State-based
// actions", "Don't".
func hasName(names map[string]bool, words string) bool {
	key := strings.ToLower(words)
	if strings.ContainsAny(key, "-'") {
		key = strings.NewReplacer("-", " ", "'", " ").Replace(key)
	}
	return names[key]
}

// abilityIs tells a number a keyword ability is said to be at: "Fear is
// at 702.36", "Partner is 702.124", "Banding was 702.21". Keyword actions
// and other titles are common words ("the counter is 102.5"), so only
// abilities count here.
func (k *known) abilityIs(before string) bool {
	t := strings.TrimRight(before, " \t")
	for _, link := range []string{" is at", " was at", " is now", " is", " was"} {
		if len(t) > len(link) && strings.EqualFold(t[len(t)-len(link):], link) {
			return k.nameBefore(t[:len(t)-len(link)], k.abilities)
		}
	}
	return false
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// crAfter tells a number followed by "CR" or "Comprehensive Rules" within
// three words: "702.21 (CR)", "702.36 in the CR".
func crAfter(after string) bool {
	for n := 0; n < 4; n++ {
		i := strings.IndexFunc(after, unicode.IsLetter)
		if i < 0 {
			return false
		}
		after = after[i:]
		j := strings.IndexFunc(after, notWordRune)
		if j < 0 {
			j = len(after)
		}
		if w := after[:j]; w == "CR" || strings.EqualFold(w, "comprehensive") {
			return true
		}
		after = after[j:]
	}
	return false
}

// lawBefore tells a § that belongs to a law: "17 U.S.C. §", "26 CFR §".
func lawBefore(before string) bool {
	t := strings.TrimRight(strings.TrimRight(before, " \t\u00a0"), "§")
	t = strings.ToLower(strings.TrimRight(t, " \t\u00a0"))
	for _, law := range []string{"u.s.c.", "usc", "cfr", "c.f.r.", "code", "stat.", "act"} {
		if strings.HasSuffix(t, law) {
			return true
		}
	}
	return false
}

func lastRune(s string) string {
	t := strings.TrimRight(s, " \t")
	_, n := utf8.DecodeLastRuneInString(t)
	return t[len(t)-n:]
}

// lastWord is the word that ends before, in lower case, spacing, quotes,
// "=" and ":" aside.
func lastWord(before string) string {
	t := strings.TrimRightFunc(before, func(r rune) bool { return strings.ContainsRune(" \t\"'=:(", r) })
	return strings.ToLower(t[strings.LastIndexFunc(t, notWordRune)+1:])
}

// firstWord is the word that starts after, in lower case, or "%" for a
// percent or degree sign.
func firstWord(after string) string {
	t := strings.TrimLeft(after, " \t")
	if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "°") {
		return "%"
	}
	if i := strings.IndexFunc(t, notWordRune); i >= 0 {
		t = t[:i]
	}
	return strings.ToLower(t)
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// identWords splits text and identifiers into lower-case words:
// "ConvokeAbility.java" → convoke, ability, java; "first_strike" → first,
// strike.
func identWords(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prevLower := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			if unicode.IsUpper(r) && prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = unicode.IsLower(r)
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	return out
}
