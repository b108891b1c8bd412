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
	// Named is the title that stands next to the number, in lower-case
	// words ("convoke", "first strike", "for mirrodin"), or "": "Convoke"
	// in "// Convoke 502.46" and "702.51 (Convoke)", not in "409.1f, then
	// tap creatures for Convoke", nor "tap" in "702.51a: tap creatures"
	// (a lower-case word after a colon starts a sentence). A title between
	// two numbers belongs to the nearer.
	Named string

	at, end       int  // byte offsets of the number in LineText
	before, after span // the titles next to the number, if any
}

// A span is a title's place in a line, and how far it stands from the
// number beside it (in bytes); hi == 0 when there is none.
type span struct{ lo, hi, dist int }

// Scan finds the citations in src, one for each rule a range covers
// ("409.1f–h": 409.1f, 409.1g and 409.1h, each at the range's place). A
// rule number counts when what stands next to it says it is one:
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
// one (1.702.5, IP addresses) or glued to a word (v702.5), nor one in a
// web address or file path ("https://example.com/cr/702.47a.html",
// "/srv/rules/409.1b/", but "rules 601.2f/601.2g" cites both). § after a
// law's name ("17 U.S.C. § 512.1") is that law's.
func Scan(file string, src []byte) []Citation { return Rules().Scan(file, src) }

// Scan is the package's Scan with what k knows of the rules.
func (k *Known) Scan(file string, src []byte) []Citation {
	var out []Citation
	fileWords := identWords(strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	text := string(src)
	kn := k
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
		lt := text[lineStart:lineEnd]
		ok, before, after := kn.isCitation(lt, r, start-lineStart, num-lineStart, r.End-lineStart)
		if !ok {
			continue
		}
		for _, id := range r.IDs() {
			out = append(out, Citation{
				File: file, Line: line, Col: utf8.RuneCountInString(text[lineStart:start]) + 1, ID: id,
				Text: text[start:r.End], LineText: lt, FileWords: fileWords,
				at: num - lineStart, end: r.End - lineStart, before: before, after: after,
			})
		}
	}
	name(out)
	return out
}

// name sets each citation's Named: the title before its number or after
// it, the nearer when both; a title after one number and before the next
// on the line belongs to the nearer of the two ("Splice 702.46, Convoke
// 702.51": Convoke is 702.51's).
func name(cs []Citation) {
	for i := range cs {
		c := &cs[i]
		before, after := c.before, c.after
		if p := prevOnLine(cs, i); p != nil && overlap(p.after, before) && p.after.dist < before.dist {
			before = span{}
		}
		if n := nextOnLine(cs, i); n != nil && overlap(after, n.before) && n.before.dist <= after.dist {
			after = span{}
		}
		s := before
		if s.hi == 0 || after.hi != 0 && after.dist < before.dist {
			s = after
		}
		if s.hi != 0 {
			c.Named = strings.Join(titleWords(c.LineText[s.lo:s.hi]), " ")
		}
	}
}

// prevOnLine and nextOnLine are the citations of other numbers next to
// cs[i] on its line (the members of a range share one number).
func prevOnLine(cs []Citation, i int) *Citation {
	for j := i - 1; j >= 0 && cs[j].Line == cs[i].Line; j-- {
		if cs[j].at != cs[i].at {
			return &cs[j]
		}
	}
	return nil
}

func nextOnLine(cs []Citation, i int) *Citation {
	for j := i + 1; j < len(cs) && cs[j].Line == cs[i].Line; j++ {
		if cs[j].at != cs[i].at {
			return &cs[j]
		}
	}
	return nil
}

func overlap(a, b span) bool { return a.hi != 0 && b.hi != 0 && a.lo < b.hi && b.lo < a.hi }

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
// included) spans line[start:end], its number starts at line[num]. It
// also returns the titles next to it, before and after.
func (k *Known) isCitation(line string, r parse.RuleRef, start, num, end int) (bool, span, span) {
	before, after := line[:start], line[end:]
	bs := k.nameBefore(before, k.names)
	if bs.hi == 0 {
		bs = k.abilityIs(before)
	}
	as := k.nameAfter(after)
	titled := bs.hi != 0 || as.hi != 0
	if sentenceAfter(after, as) {
		as = span{}
	}
	if as.hi != 0 {
		as.lo += end
		as.hi += end
	}
	if inAddress(line, num, end) {
		return false, span{}, span{}
	}
	if r.Prefix != "" {
		return r.Prefix != "§" || !lawBefore(before), bs, as
	}
	if strings.ContainsAny(lastRune(before), "$€£¥=") || excluded[lastWord(before)] || units[firstWord(after)] {
		return false, span{}, span{}
	}
	if crAfter(after) || titled {
		return true, bs, as
	}
	return r.ID.Sub != "" && k.ids[r.ID], bs, as
}

// inAddress tells a number, line[num:end], that is part of a web address
// or a file path: in a word that has "://" before it or starts with
// "www." ("https://example.com/cr/502.46a", "www.example.com/702.19b"),
// joined to a slash or backslash ("/srv/rules/409.1b/index",
// `C:\Rules\702.51a\`), or followed by a file extension ("702.47a.html").
// A slash between two rule numbers is "or", not a path: "rules
// 601.2f/601.2g".
func inAddress(line string, num, end int) bool {
	word := line[strings.LastIndexAny(line[:num], " \t")+1 : num]
	if strings.Contains(word, "://") || hasPrefixFold(strings.TrimLeft(word, "([<\"'`"), "www.") {
		return true
	}
	if num > 0 && isSlash(line[num-1]) && !ruleNumberEnds(line[:num-1]) ||
		end < len(line) && isSlash(line[end]) && !ruleNumberStarts(line[end+1:]) {
		return true
	}
	return extensionAfter(line[end:])
}

func isSlash(c byte) bool { return c == '/' || c == '\\' }

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// ruleNumberEnds tells s ends with a rule number: "601.2f", "702.19".
func ruleNumberEnds(s string) bool {
	i := len(s)
	if i > 0 && s[i-1] >= 'a' && s[i-1] <= 'z' {
		i--
	}
	j := i
	for j > 0 && isDigit(s[j-1]) {
		j--
	}
	dot := j - 1
	if j == i || dot < 3 || s[dot] != '.' || !isDigit(s[dot-1]) || !isDigit(s[dot-2]) || !isDigit(s[dot-3]) {
		return false
	}
	return dot == 3 || !isDigit(s[dot-4]) && s[dot-4] != '.'
}

// ruleNumberStarts tells s starts with a rule number or a subrule letter:
// "601.2g", "b" in "702.21a/b".
func ruleNumberStarts(s string) bool {
	if len(s) >= 1 && s[0] >= 'a' && s[0] <= 'z' {
		return len(s) == 1 || !isLetter(s[1]) && !isDigit(s[1]) && !isSlash(s[1]) && s[1] != '.'
	}
	return len(s) >= 5 && isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && s[3] == '.' && isDigit(s[4])
}

// extensionAfter tells the text after a number that starts with a file
// extension: ".html", ".txt", ".MD"; not a full stop (".", ". Then").
func extensionAfter(after string) bool {
	if !strings.HasPrefix(after, ".") {
		return false
	}
	ext := after[1:]
	if i := strings.IndexFunc(ext, notWordRune); i >= 0 {
		ext = ext[:i]
	}
	if ext != strings.ToLower(ext) && ext != strings.ToUpper(ext) {
		return false
	}
	return extensions[strings.ToLower(ext)]
}

// extensions are the file extensions a rule number may stand before in a
// file name.
var extensions = map[string]bool{
	"html": true, "htm": true, "txt": true, "md": true, "pdf": true, "json": true, "xml": true,
	"yaml": true, "yml": true, "csv": true, "tsv": true, "log": true, "php": true, "aspx": true,
	"go": true, "java": true, "py": true, "cs": true, "js": true, "ts": true, "rb": true, "rs": true,
	"png": true, "jpg": true, "jpeg": true, "gif": true, "svg": true,
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

// nameBefore returns the longest title before ends with, spacing and
// punctuation aside, as a span of before.
func (k *Known) nameBefore(before string, names map[string]bool) span {
	t := trimGapRight(before)
	gap := len(before) - len(t)
	if gap > 5 {
		return span{}
	}
	best := span{}
	head := t
	for n := 0; n < k.maxWords; n++ {
		w := strings.LastIndexFunc(head, notWordRune) + 1
		if w == len(head) {
			break
		}
		if hasName(names, t[w:]) {
			best = span{w, len(t), gap}
		}
		if w < 2 || !joiner(head[w-1]) || joiner(head[w-2]) {
			break
		}
		head = head[:w-1]
	}
	return best
}

// nameAfter returns the longest title after starts with, spacing and
// punctuation aside, as a span of after.
func (k *Known) nameAfter(after string) span {
	t := trimGapLeft(after)
	gap := len(after) - len(t)
	if gap > 5 {
		return span{}
	}
	best := span{}
	end := 0
	for n := 0; n < k.maxWords; n++ {
		w := strings.IndexFunc(t[end:], notWordRune)
		if w < 0 {
			w = len(t) - end
		}
		if w == 0 {
			break
		}
		end += w
		if hasName(k.names, t[:end]) {
			best = span{gap, gap + end, gap}
		}
		if end+1 >= len(t) || !joiner(t[end]) || joiner(t[end+1]) {
			break
		}
		end++
	}
	return best
}

// sentenceAfter tells a title found at s in the text after a number that
// starts a sentence rather than naming the rule: after a colon, a
// lower-case word that more words follow ("702.51a: tap creatures"; not
// "702.51a: Convoke", "702.19: trample" at the end of its line, or
// "701.18 (scry)"). It still shows the number is a citation.
func sentenceAfter(after string, s span) bool {
	if s.hi == 0 || !strings.Contains(after[:s.lo], ":") {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(after[s.lo:]); !unicode.IsLower(r) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(after[s.hi:], " \t"))
	return unicode.IsLetter(r) || unicode.IsDigit(r)
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
func (k *Known) abilityIs(before string) span {
	t := strings.TrimRight(before, " \t")
	for _, link := range []string{" is at", " was at", " is now", " is", " was"} {
		if len(t) > len(link) && strings.EqualFold(t[len(t)-len(link):], link) {
			s := k.nameBefore(t[:len(t)-len(link)], k.abilities)
			s.dist += len(before) - len(t) + len(link)
			return s
		}
	}
	return span{}
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
