package parse

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"“Splice onto Arcane” isn’t", `"Splice onto Arcane" isn't`},
		{"rules 601.2f–h", "rules 601.2f-h"},
		{"rules 409.1f-h", "rules 409.1f-h"},
		{"Creature — Goblin", "Creature - Goblin"},
		{"Creature -- Goblin", "Creature - Goblin"},
		{"Creature � Goblin", "Creature Goblin"},
		{"_Magic: The Gathering_(R) game", "Magic: The Gathering game"},
		{"Magic: The Gathering® Comprehensive Rules™", "Magic: The Gathering Comprehensive Rules"},
		{"Wizards of the Coast(r) (TM)", "Wizards of the Coast"},
		{"can?t be blocked", "can't be blocked"},
		{"Does it? Yes.", "Does it? Yes."},
		{"described in 409.1a?h are", "described in 409.1a?h are"},
		{"a\u00a0 b\tc\nd", "a b c d"},
		{"snake_case stays", "snake_case stays"},
		{"{2}{U}: +1/+1", "{2}{U}: +1/+1"},
	} {
		got := Normalize(tc.in)
		if got != tc.want {
			t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if again := Normalize(got); again != got {
			t.Errorf("Normalize is not idempotent on %q: %q then %q", tc.in, got, again)
		}
	}
}

// TestTypography: the one normaliser of typography, idempotent.
func TestTypography(t *testing.T) {
	for in, want := range map[string]string{
		"can’t be “countered”": `can't be "countered"`,
		"601.2f–h — see below": "601.2f-h - see below",
		"plain":                "plain",
	} {
		if got := Typography(in); got != want {
			t.Errorf("Typography(%q) = %q, want %q", in, got, want)
		}
		if got := Typography(Typography(in)); got != Typography(in) {
			t.Errorf("Typography is not idempotent on %q", in)
		}
	}
	// TypographyChars lists what Typography replaces, no more.
	for _, r := range TypographyChars {
		if _, ok := typography[r]; !ok {
			t.Errorf("TypographyChars has %q, which Typography keeps", r)
		}
	}
	for r := range typography {
		if !strings.ContainsRune(TypographyChars, r) {
			t.Errorf("TypographyChars lacks %q", r)
		}
	}
}

// normalizeRunes is Normalize as it was written before its byte-wise
// prefix: every rune through the loop. TestNormalizeRuneWise and
// FuzzNormalize hold the two equal.
func normalizeRunes(s string) string {
	var b strings.Builder
	space := false
	emit := func(r rune) {
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		rest := s[i+size:]
		switch {
		case r == '‘' || r == '’' || r == '′' || r == '`':
			emit('\'')
		case r == '“' || r == '”' || r == '″':
			emit('"')
		case r == '–' || r == '—' || r == '―' || r == '‒' || r == '−':
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

var normalizeSeeds = []string{
	"", " ", "a", " a", "a ", "a  b", "a \nb", "a\n b", "a - b", "a -- b", "a--b", "a- -b", "a - - b",
	"a -—b", "a —b", "a ® b", "a (TM) b", "a(R)", "(r)", "_Odyssey_(TM) x", "snake_case", "_x_", "can?t", "it? Yes",
	"a\u00a0b", "a \u00a0 b", "x\x85y", "a\x7fb", "a\x01b", "bad \xff byte", "“q” ‘x’", "a`b", "601.2f–h", "{2}{U}: +1/+1",
	"end -", "- start", "a -\tb", "  lead", "trail  ", "a ?b", "a? b", "x?-y",
}

func FuzzNormalize(f *testing.F) {
	for _, s := range normalizeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Normalize(s), normalizeRunes(s); got != want {
			t.Fatalf("Normalize(%q) = %q, the rune-wise loop %q", s, got, want)
		}
	})
}
