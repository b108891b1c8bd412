package crules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/diff"
)

// TestParseDiffOptions: a diff's --rule and --class read as typed options;
// a bad rule ID names --rule, a bad class names the classes, both bad
// requests.
func TestParseDiffOptions(t *testing.T) {
	o, err := crules.ParseDiffOptions("702.47A", "terminology,edited", "split")
	if err != nil || o.Rule.String() != "702.47a" || len(o.Classes) != 3 || o.Classes[0] != diff.Terminology || o.Classes[2] != diff.Split {
		t.Errorf("got %+v, %v", o, err)
	}
	if o, err := crules.ParseDiffOptions(""); err != nil || o.Rule.Rule != 0 || o.Classes != nil {
		t.Errorf("no options: got %+v, %v", o, err)
	}
	for _, c := range []struct{ rule, class, want string }{
		{"702.x", "", "--rule: "},
		{"", "edits", `--class "edits": classes are unchanged, `},
	} {
		_, err := crules.ParseDiffOptions(c.rule, c.class)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || !errors.Is(err, crules.ErrBadRequest) {
			t.Errorf("%q %q: got %v, want %s… (a bad request)", c.rule, c.class, err, c.want)
		}
	}
}
