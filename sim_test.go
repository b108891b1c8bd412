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

// TestSimulateEveryError: a file's syntax errors and the card text a
// revision it runs against does not define are reported in one run, in
// file order, each once, and no script runs: a header error on line 3,
// hexproof (a keyword of neither revision) on line 9, an unknown player
// on line 12.
func TestSimulateEveryError(t *testing.T) {
	lib := open(t, crules.Options{})
	src := "# every error at once\nrev: 2006-10-01 2009-10-01\nkeyword Hexproof\n\n-- cards --\nBears: {1}{G} Creature — Bear 2/2\n" +
		"Shock: {R} Instant; Shock deals 2 damage to target creature or player\nZap: {R} Instant; Zap deals 1 damage to target creature or player\nElf: {G} Creature — Elf 1/1; Hexproof\n" +
		"-- script --\nhand alice: Elf\nexpect life carol: 20\n"
	res, err := lib.Simulate("all.txt", []byte(src), "")
	if !errors.Is(err, crules.ErrBadInput) || res != nil {
		t.Fatalf("Simulate: %v, %d results, want ErrBadInput and none", err, len(res))
	}
	want := []string{
		`all.txt:3:1: expected rev:, keyword:, players:, a comment or a section before "keyword Hexproof"`,
		`all.txt:9:30: Elf: Hexproof is not a keyword of revision 2006-10-01`,
		`all.txt:9:30: Elf: Hexproof is not a keyword of revision 2009-10-01`,
		`all.txt:12:13: unknown player "carol" (players: alice, bob)`,
	}
	if got := strings.Split(err.Error(), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Simulate:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// With --rev, the card text of that revision only.
	_, err = lib.Simulate("all.txt", []byte(src), "2006-10-01")
	if got := strings.Split(err.Error(), "\n"); len(got) != 3 || got[1] != want[1] {
		t.Errorf("Simulate --rev 2006-10-01: %q", got)
	}
}
