// Package cite finds Comprehensive Rules citations in other people's source
// code and documents ("rule 702.51", "CR 502.46", "§702.163", "702.19c")
// and checks them against the rules' history: does the number still exist,
// and does the keyword named beside it still live there?
package cite

import (
	"bytes"
	"path/filepath"
	"strings"
	"unicode"

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

	at int // byte offset of the citation in LineText
}

// Scan finds the citations in src. Recognised: a number after "rule",
// "rules", "CR" or "§", and any "NNN.Nx" with a subrule letter; a bare
// "NNN.N" only on a line that mentions rules ("rule", "CR", "§",
// "comprehensive"), so version numbers and decimals elsewhere are not
// citations. Numbers inside longer dotted numbers (1.702.5, IP addresses)
// never are.
func Scan(file string, src []byte) []Citation {
	var out []Citation
	fileWords := identWords(strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	line, lineStart := 1, 0
	for i := 0; i < len(src); {
		k := bytes.IndexAny(src[i:], "0123456789\n")
		if k < 0 {
			break
		}
		i += k
		if src[i] == '\n' {
			line++
			i++
			lineStart = i
			continue
		}
		j := i
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		glued := i >= 2 && src[i-2] == 'C' && src[i-1] == 'R' && (i == 2 || !isLetter(src[i-3])) // "CR502.2"
		if j-i != 3 || i > 0 && (isDigit(src[i-1]) || src[i-1] == '.' || isLetter(src[i-1]) && !glued) || src[i] == '0' {
			i = j
			continue
		}
		id, n := ruleID(src[i:])
		if n == 0 || id.Rule == 0 {
			i = j
			continue
		}
		end := i + n
		if end < len(src) && (isDigit(src[end]) || isLetter(src[end]) || src[end] == '.' && end+1 < len(src) && isDigit(src[end+1])) {
			i = end
			continue
		}
		lineEnd := bytes.IndexByte(src[i:], '\n')
		if lineEnd < 0 {
			lineEnd = len(src)
		} else {
			lineEnd += i
		}
		lineText := string(src[lineStart:lineEnd])
		prefix, explicit := citationPrefix(src[lineStart:i])
		if !explicit && id.Sub == "" && !mentionsRules(lineText) {
			i = end
			continue
		}
		out = append(out, Citation{
			File: file, Line: line, Col: runeCount(src[lineStart:i-len(prefix)]) + 1, ID: id,
			Text: prefix + string(src[i:end]), LineText: lineText, FileWords: fileWords, at: i - lineStart,
		})
		i = end
	}
	return out
}

// citationPrefix returns the "rule ", "CR ", "§" before a number, if any.
func citationPrefix(before []byte) (string, bool) {
	s := string(before)
	t := strings.TrimRight(s, " \t")
	for _, p := range []string{"§", "CR", "rule", "rules", "Rule", "Rules", "RULE"} {
		if strings.HasSuffix(t, p) {
			k := len(t) - len(p)
			if k == 0 || !unicode.IsLetter(rune(t[k-1])) || p == "§" {
				return s[k:], true
			}
		}
	}
	return "", false
}

func mentionsRules(line string) bool {
	l := strings.ToLower(line)
	return strings.Contains(l, "rule") || strings.Contains(line, "CR") || strings.Contains(line, "§") || strings.Contains(l, "comprehensive")
}

// ruleID reads "702.47" or "702.47a" at the start of b.
func ruleID(b []byte) (parse.RuleID, int) {
	n := 3
	if len(b) < 5 || b[3] != '.' || !isDigit(b[4]) {
		return parse.RuleID{}, 0
	}
	n = 4
	for n < len(b) && isDigit(b[n]) {
		n++
	}
	if n < len(b) && b[n] >= 'a' && b[n] <= 'z' && (n+1 == len(b) || !isLetter(b[n+1])) {
		n++
	}
	id, err := parse.ParseRuleID(string(b[:n]))
	if err != nil {
		return parse.RuleID{}, 0
	}
	return id, n
}

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

func runeCount(b []byte) int { return len([]rune(string(b))) }

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
