package cli

import (
	"golang.org/x/tools/txtar"
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

// TestRenderEscapes: rule text holding markup, entities, quotes that would
// end a title attribute and template braces, read through --file, reaches
// the pages as text: no element, attribute or comment of its own.
func TestRenderEscapes(t *testing.T) {
	a, err := txtar.ParseFile("../../render/testdata/cases/escape.txtar")
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "evil.txt")
	for _, f := range a.Files {
		if f.Name == "input" {
			os.WriteFile(in, f.Data, 0o644)
		}
	}
	out := filepath.Join(t.TempDir(), "site")
	if code, _, errs := run(t, "render", "--file", in, "--out", out); code != 0 {
		t.Fatalf("render --file evil.txt: exit %d %s", code, errs)
	}
	page, err := os.ReadFile(filepath.Join(out, "2023-11-17", "100.html"))
	if err != nil {
		t.Fatal(err)
	}
	p := string(page)
	for _, bad := range []string{"<script", "<b>", "</div><script", `" onmouseover="alert(1)"`, "<!-- comment", "<i>"} {
		if strings.Contains(p, bad) {
			t.Errorf("100.html holds %q raw", bad)
		}
	}
	for _, want := range []string{"&lt;script&gt;alert(", "{{.Title}}", "&amp;amp;", "onmouseover="} {
		if !strings.Contains(p, want) {
			t.Errorf("100.html lacks the text %q", want)
		}
	}
}
