package diff

import (
	"strings"
	"testing"

	"github.com/crules/crules/lexicon"
)

func TestWordDiff(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"a b c", "a b c", "a b c"},
		{"Whenever this creature comes into play, draw.", "Whenever this creature enters the battlefield, draw.", "Whenever this creature [-comes into play,-]{+enters the battlefield,+} draw."},
		{"one two", "one two three", "one two{+ three+}"},
		{"", "new text", "{+new text+}"},
	} {
		var b strings.Builder
		var ra, rb strings.Builder
		for _, op := range WordDiff(tc.a, tc.b) {
			switch op.Kind {
			case Equal:
				b.WriteString(op.Text)
				ra.WriteString(op.Text)
				rb.WriteString(op.Text)
			case Delete:
				b.WriteString("[-" + op.Text + "-]")
				ra.WriteString(op.Text)
			case Insert:
				b.WriteString("{+" + op.Text + "+}")
				rb.WriteString(op.Text)
			}
		}
		if ra.String() != tc.a || rb.String() != tc.b {
			t.Errorf("WordDiff(%q, %q) does not rebuild its inputs", tc.a, tc.b)
		}
		if b.String() != tc.want {
			t.Errorf("WordDiff(%q, %q) = %s, want %s", tc.a, tc.b, b.String(), tc.want)
		}
	}
}

func TestLexiconCanonical(t *testing.T) {
	lex := lexicon.Default()
	for in, want := range map[string]string{
		"when it comes into play":           "when it enters",
		"removed from the game":             "exiled",
		"his or her graveyard":              "their graveyard",
		"target creature or player":         "any target",
		"converted mana cost":               "mana value",
		"play a spell in play":              "cast a spell on the battlefield",
		"enters the battlefield tapped":     "enters tapped",
		"whenever a tribal spell is played": "whenever a kindred spell is cast",
	} {
		if got := strings.Join(lex.Canonical(strings.Fields(in)), " "); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
	if _, err := lexicon.Parse("bad.tsv", "a\tb\tyesterday\n"); err == nil || !strings.HasPrefix(err.Error(), "bad.tsv:1:") {
		t.Errorf("a bad date: %v", err)
	}
}

func TestMaskCitations(t *testing.T) {
	for in, want := range map[string]string{
		"see rule 601.2f–h and rule 309.": "see rule # and rule #.",
		"rules 409.1b and 409.1f-h":       "rules # and #",
		"a 100-card deck of 100 cards":    "a 100-card deck of 100 cards",
		"See rules 212, 213 or 214.":      "See rules #, # or #.",
	} {
		if got := maskCitations(in); got != want {
			t.Errorf("maskCitations(%q) = %q, want %q", in, got, want)
		}
	}
}
