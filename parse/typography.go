package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// typography maps each character the CR and its readers write in more
// than one way to the one way a keyboard types it: curly quotes and
// primes to ' and ", dashes to -, non-breaking and narrow spaces to a
// space. Each is one character for one, so that offsets in the
// normalised text map back to the published text.
var typography = map[rune]byte{
	'‘': '\'', '’': '\'', '′': '\'', '`': '\'',
	'“': '"', '”': '"', '″': '"',
	'–': '-', '—': '-', '―': '-', '‒': '-', '−': '-',
	'\u00a0': ' ', '\u2007': ' ', '\u2009': ' ', '\u202f': ' ',
}

// TypographyChars are the characters Typography replaces.
const TypographyChars = "‘’′`“”″–—―‒−\u00a0\u2007\u2009\u202f"

// Typography is the one normaliser of typography: search applies it to
// what it indexes and to every query, and a diff that ignores typography
// compares words through it: ’ ‘ ′ → ', “ ” ″ → ", – — ― ‒ − →
// -, non-breaking and narrow spaces → a space. "can’t" and "can't", "601.2f–h"
// and "601.2f-h" are then the same words. Each character becomes one,
// nothing is dropped: Typography(Typography(s)) == Typography(s).
func Typography(s string) string {
	if !strings.ContainsAny(s, TypographyChars) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if c, ok := typography[r]; ok {
			b.WriteByte(c)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Normalize returns a form of s for comparing texts across revisions, which
// differ in typography more than in words. It
//   - straightens curly quotes and primes (‘ ’ “ ” ′ ″) to ' and ";
//   - writes every dash (en dash, em dash, "--", a " - " used as a dash) as "-";
//   - drops (R), (TM), ®, ™, the _underscore_ italics of 2008–2014 and
//     U+FFFD left by lossy conversions;
//   - reads the "?" that replaced smart punctuation in 2009-05-01 between two
//     letters as an apostrophe;
//   - turns non-breaking spaces, tabs and newlines into spaces and collapses
//     runs of white space.
//
// Normalize is idempotent: Normalize(Normalize(s)) == Normalize(s).
func Normalize(s string) string {
	k := normalPrefix(s)
	if k == len(s) {
		return s // most texts: nothing to change, no copy
	}
	if k > 0 && s[k-1] == ' ' {
		k-- // the loop below reads the space as pending
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:k])
	space := false // a space is pending
	emit := func(r rune) {
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	for i := k; i < len(s); {
		if j := plainRun(s, i); j > i {
			// Plain ASCII: what the default case does, a run at a time.
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(s[i:j])
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		rest := s[i+size:]
		switch {
		case r == '‘' || r == '’' || r == '′' || r == '`':
			emit('\'')
		case r == '“' || r == '”' || r == '″':
			emit('"')
		case r == '–' || r == '—' || r == '―' || r == '‒' || r == '−':
			// A dash surrounded by spaces keeps them; "f–h" stays tight.
			emitDash(&b, &space)
		case r == '-' && strings.HasPrefix(rest, "-"):
			emitDash(&b, &space)
			size++
		case r == '-' && space && strings.HasPrefix(rest, " "):
			emitDash(&b, &space)
		case r == '®' || r == '™' || r == utf8.RuneError:
		case r == '(' && hasMarkPrefix(rest):
			size += strings.IndexByte(rest, ')') + 1
		case r == '_' && italicMarker(s, i):
		case r == '?' && i > 0 && len(rest) > 0 && isASCIILetterBefore(s, i) && isLetter(rest[0]):
			emit('\'')
		case r == '\u00a0' || unicode.IsSpace(r):
			space = true
		default:
			emit(r)
		}
		i += size
	}
	return b.String()
}

// normalPrefix is the length of the longest prefix of s that Normalize
// keeps as it is, read a byte at a time: printable ASCII but for "`",
// single spaces between words, no "--", mark, italics marker or lost
// apostrophe (the cases of Normalize's loop).
func normalPrefix(s string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ':
			if i == 0 || i == len(s)-1 || s[i+1] == ' ' {
				return i
			}
		case '`':
			return i
		case '-':
			if i+1 < len(s) && s[i+1] == '-' {
				return i
			}
		case '(':
			if hasMarkPrefix(s[i+1:]) {
				return i
			}
		case '_':
			if italicMarker(s, i) {
				return i
			}
		case '?':
			if i > 0 && i+1 < len(s) && isASCIILetterBefore(s, i) && isLetter(s[i+1]) {
				return i
			}
		default:
			if c < ' ' || c >= 0x7f {
				return i
			}
		}
	}
	return len(s)
}

// plainRun is the end of the run of printable ASCII from s[i] that
// Normalize's loop writes as it is whatever precedes it: no space and
// none of "`-(_?".
func plainRun(s string, i int) int {
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '`', '-', '(', '_', '?':
			return i
		default:
			if c <= ' ' || c >= 0x7f {
				return i
			}
		}
	}
	return i
}

func emitDash(b *strings.Builder, space *bool) {
	// Write "-", keeping one space before it if one was pending; any space
	// after it is collected by the caller as usual.
	if *space && b.Len() > 0 {
		b.WriteByte(' ')
	}
	*space = false
	if strings.HasSuffix(b.String(), "-") {
		return
	}
	b.WriteByte('-')
}

// hasMarkPrefix reports whether rest (after "(") starts with "R)", "r)",
// "TM)" or "tm)".
func hasMarkPrefix(rest string) bool {
	for _, m := range []string{"R)", "r)", "TM)", "tm)", "Tm)"} {
		if strings.HasPrefix(rest, m) {
			return true
		}
	}
	return false
}

// italicMarker reports whether the underscore at s[i] opens or closes an
// _italic_ span: a letter on one side and not on the other.
func italicMarker(s string, i int) bool {
	before := i > 0 && isWordByte(s[i-1])
	after := i+1 < len(s) && isWordByte(s[i+1])
	return before != after
}

func isWordByte(c byte) bool { return isLetter(c) || isDigit(c) || c >= 0x80 }

// A letter after a digit ends a rule number ("409.1a?h", a lost dash of
// 2009-05-01): no word, so the "?" after it is no apostrophe.
func isASCIILetterBefore(s string, i int) bool {
	return i > 0 && isLetter(s[i-1]) && (i < 2 || !isDigit(s[i-2]))
}

// foldTerm is the key glossary terms are matched by: normalised typography,
// lower case.
func foldTerm(s string) string {
	return strings.ToLower(Normalize(s))
}
