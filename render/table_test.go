package render

import (
	"strings"
	"testing"
)

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 warnings"}, {1, "1 warning"}, {2, "2 warnings"}} {
		if got := Count(tc.n, "warning", "warnings"); got != tc.want {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestTable: columns as wide as their widest cell, no trailing spaces, an
// ellipsis only on a terminal.
func TestTable(t *testing.T) {
	rows := [][]string{{"RULE", "NAME", "ZONES"}, {"702.163", "For Mirrodin!", ""}, {"702.21", "Ward", "battlefield"}}
	var pipe, tty strings.Builder
	(&TextPrinter{W: &pipe}).Table(rows, 0, 5)
	(&TextPrinter{W: &tty, Terminal: true}).Table(rows, 0, 5)
	want := "RULE     NAME           ZONES\n702.163  For Mirrodin!\n702.21   Ward           battlefield\n"
	if pipe.String() != want {
		t.Errorf("in a pipe:\n%s\nwant:\n%s", pipe.String(), want)
	}
	if !strings.Contains(tty.String(), "702.163  For M…\n") {
		t.Errorf("on a terminal, no ellipsis:\n%s", tty.String())
	}
}
