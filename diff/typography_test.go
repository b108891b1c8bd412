package diff_test

import (
	"slices"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// TestWordDiffBy: words compared through the typography normaliser are
// the same in either typography; the equal text is b's.
func TestWordDiffBy(t *testing.T) {
	a := "It can’t be “countered” now."
	b := `It can't be "countered" then.`
	want := []diff.Op{{Kind: diff.Equal, Text: `It can't be "countered" `}, {Kind: diff.Delete, Text: "now."}, {Kind: diff.Insert, Text: "then."}}
	if got := diff.WordDiffBy(a, b, parse.Typography); !slices.Equal(got, want) {
		t.Errorf("WordDiffBy = %q, want %q", got, want)
	}
	if got := diff.WordDiffBy(a, b, nil); slices.Equal(got, want) || !slices.Equal(got, diff.WordDiff(a, b)) {
		t.Errorf("WordDiffBy with no key = %q, want WordDiff's", got)
	}
}
