package crules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/crules/crules"
)

// TestSimulateBadRev: a rev: line that names no embedded revision is an
// error of the file at the selector's line and column, given with the
// file's other errors; a --rev override is checked on its own.
func TestSimulateBadRev(t *testing.T) {
	lib := open(t, crules.Options{})
	src := "# t\nrev: 2099 latest 2005..2098x\n-- script --\nexpect life carol: 20\n"
	_, err := lib.Simulate("rev.txt", []byte(src), "")
	if !errors.Is(err, crules.ErrBadInput) {
		t.Fatalf("Simulate: %v, want ErrBadInput", err)
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{`rev.txt:2:6: rev: no revision "2099"`, `rev.txt:2:24: rev: no revision "2098x"`, `rev.txt:4:13: unknown player "carol"`}
	if len(lines) != len(want) {
		t.Fatalf("Simulate: %d errors %q, want %d", len(lines), lines, len(want))
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("error %d = %q, want %q", i, lines[i], w)
		}
	}
	ok := "rev: 2099\n-- script --\nexpect life alice: 20\n"
	if _, err := lib.Simulate("rev.txt", []byte(ok), "latest"); err != nil {
		t.Errorf("Simulate with --rev latest: %v", err)
	}
}
