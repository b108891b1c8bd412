package render

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/crules/crules/parse"
)

// TestWarning: a file's warnings print one a line, ten at most, then how
// many more and how to list them; another problem prints as a note.
func TestWarning(t *testing.T) {
	var list parse.ErrorList
	for i := 1; i <= 12; i++ {
		list = append(list, &parse.Diagnostic{File: "cr.txt", Pos: parse.Pos{Line: i, Col: 1}, Severity: parse.SeverityWarning, Msg: "stray line"})
	}
	var buf bytes.Buffer
	Warning(&buf, list)
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 11 || lines[0] != "cr.txt:1:1: warning: stray line" || lines[9] != "cr.txt:10:1: warning: stray line" ||
		lines[10] != "crules: … and 2 more warnings (crules parse cr.txt --json lists them)" {
		t.Errorf("got\n%s", buf.String())
	}
	buf.Reset()
	Warning(&buf, fmt.Errorf("could not cache the lineage: %w", errors.New("disk full")))
	if buf.String() != "crules: could not cache the lineage: disk full\n" {
		t.Errorf("got %q", buf.String())
	}
}

type nearError struct{ near []string }

func (e nearError) Error() string        { return "no such rule" }
func (e nearError) Candidates() []string { return e.near }

// TestErrorJSON: the candidates are found through wrapping, and an
// error without any prints an empty list, never null.
func TestErrorJSON(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("rule: %w", nearError{[]string{"702.47a"}}), `{"error":"rule: no such rule","kind":"no_rule","suggestions":["702.47a"]}`},
		{nearError{}, `{"error":"no such rule","kind":"no_rule","suggestions":[]}`},
		{errors.New("nothing"), `{"error":"nothing","kind":"no_rule","suggestions":[]}`},
	} {
		var buf bytes.Buffer
		if err := WriteJSON(&buf, NewErrorJSON(c.err, "no_rule")); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(strings.Fields(buf.String()), ""); got != strings.ReplaceAll(c.want, " ", "") {
			t.Errorf("%v: got %s, want %s", c.err, got, c.want)
		}
	}
}
