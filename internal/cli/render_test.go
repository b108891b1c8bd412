package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	code, stdout, stderr := run(t, "render", "--rev", "2026", "--out", out)
	if code != 0 || stdout != "" {
		t.Fatalf("render: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	page, err := os.ReadFile(filepath.Join(out, "2026-01-16", "702.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="702.47a"`, `id="R70247a"`, "Splice", `href="../style.css"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("702.html lacks %s", want)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "latest", "702.html")); err != nil {
		t.Error(err)
	}

	// Errors write nothing and exit 2; a bad file is named with its position.
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("hello\nnot a CR\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	none := filepath.Join(t.TempDir(), "none")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--file", bad, "--out", none}, bad + ":1:1: "},
		{[]string{"render", "--rev", "1800", "--out", none}, `no revision "1800"`},
		{[]string{"render", "--rev", "latest", "--all-revs", "--out", none}, "all-revs"},
		{[]string{"render", "--out", filepath.Join(out, "2026-01-16")}, "not a site"},
	} {
		code, _, stderr := run(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Errorf("%s was written: %v", none, err)
	}
}
