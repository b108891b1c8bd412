package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/render"
)

// TestSim: the convoke scenario cites 2006-10-01's 502.46a, and 702.51a
// with --rev latest; a failing check is exit 1; a bad file is exit 2 with
// its position; --coverage counts the models of a revision.
func TestSim(t *testing.T) {
	const convoke = "../../scenario/testdata/scenarios/convoke.txt"
	code, out, errs := run(t, "sim", convoke, "--trace", "--rev", "2006-10-01")
	if code != 0 || !strings.Contains(out, "502.46a Convoke is a static ability") || !strings.Contains(out, "409.1f") {
		t.Errorf("sim convoke --trace --rev 2006-10-01: exit %d %.300s %s", code, out, errs)
	}
	code, out, _ = run(t, "sim", convoke, "--trace", "--rev", "latest")
	if code != 0 || !strings.Contains(out, "702.51a") || strings.Contains(out, "502.46a") {
		t.Errorf("sim convoke --rev latest: exit %d %.300s", code, out)
	}
	dir := t.TempDir()
	src, err := os.ReadFile(convoke)
	if err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(dir, "wrong.txt")
	os.WriteFile(wrong, []byte(strings.Replace(string(src), "expect paid Guardian of Vitu-Ghazi: {4}{G}", "expect paid Guardian of Vitu-Ghazi: {5}{G}", 1)), 0o644)
	if code, _, _ = run(t, "sim", wrong); code != 1 {
		t.Errorf("sim with a failing check: exit %d, want 1", code)
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("rev: latest\n\ncard: X\n  bogus line\n"), 0o644)
	if code, _, errs = run(t, "sim", bad); code != 2 || !strings.Contains(errs, bad+":4:1:") || strings.Contains(errs, "more)") {
		t.Errorf("sim bad.txt: exit %d %q", code, errs)
	}
	code, out, _ = run(t, "keywords", "--coverage", "--rev", "2006-10-01")
	if code != 0 || !strings.Contains(out, "keyword abilities defined:         57") || !strings.Contains(out, "Convoke") {
		t.Errorf("keywords --coverage: exit %d %s", code, out)
	}
}

// TestCoverageSameAsLibrary: "keywords --coverage --json" prints what
// Library.Coverage returns, in the revisions whose counts the README
// gives.
func TestCoverageSameAsLibrary(t *testing.T) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, rev := range []string{"2006-10-01", "2008-05-01", "latest"} {
		r, err := lib.Select(rev)
		if err != nil {
			t.Fatal(err)
		}
		c, err := lib.Coverage(r.Source())
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := render.CoverageJSON(&want, c); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "keywords", "--coverage", "--json", "--rev", rev)
		if code != 0 || out != want.String() {
			t.Errorf("keywords --coverage --json --rev %s: exit %d %s\n%s\nwant %s", rev, code, errs, out, want.String())
		}
		// --kind "keyword action": the keyword actions' coverage, the
		// same library call's Actions.
		want.Reset()
		if err := render.CoverageJSON(&want, c.Actions); err != nil {
			t.Fatal(err)
		}
		code, out, errs = run(t, "keywords", "--coverage", "--kind", "keyword action", "--json", "--rev", rev)
		if code != 0 || out != want.String() {
			t.Errorf("keywords --coverage --kind \"keyword action\" --json --rev %s: exit %d %s\n%s\nwant %s", rev, code, errs, out, want.String())
		}
	}
	latest, err := lib.Select("2026-01-16")
	if err != nil {
		t.Fatal(err)
	}
	c, err := lib.Coverage(latest.Source())
	if err != nil {
		t.Fatal(err)
	}
	if a := c.Actions; a == nil || a.Kind != "keyword action" || a.Defined != 67 || !slices.Contains(a.Compiled, "Mill") || !slices.Contains(a.Passing, "Destroy") || len(a.Stale) != 0 {
		t.Errorf("2026-01-16's keyword actions: %+v, want 67 defined, mill compiled, destroy modelled, none stale", a)
	}
}

// TestCoverageAllFlags: --all-revs goes with --coverage and with neither
// --rev nor --file, and --coverage counts keyword abilities or, with
// --kind "keyword action", keyword actions: each other use is exit 2,
// nothing printed.
func TestCoverageAllFlags(t *testing.T) {
	for _, args := range [][]string{
		{"keywords", "--all-revs"},
		{"keywords", "--coverage", "--all-revs", "--rev", "2006"},
		{"keywords", "--coverage", "--all-revs", "--file", "x.txt"},
	} {
		if code, out, errs := run(t, args...); code != 2 || out != "" || !strings.Contains(errs, "--all-revs") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errs)
		}
	}
	for _, args := range [][]string{
		{"keywords", "--coverage", "--all-revs", "--kind", "triggered"},
		{"keywords", "--coverage", "--kind", "static"},
	} {
		if code, out, errs := run(t, args...); code != 2 || out != "" || !strings.Contains(errs, `--kind "keyword action"`) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errs)
		}
	}
}
