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
