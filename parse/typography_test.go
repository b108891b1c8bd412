package parse

import (
	"strings"
	"testing"
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
