package crules_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
)

func TestSite(t *testing.T) {
	lib := open(t, crules.Options{})
	a, _ := lib.Select("2005")
	b, _ := lib.Select("latest")
	s, err := lib.Site(a.Source(), b.Source())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Revs) != 2 || s.Revs[0].Name != "2005-10-01" || s.Lineage != nil {
		t.Fatalf("Site(2005, latest): %d revisions, first %q, lineage %v", len(s.Revs), s.Revs[0].Name, s.Lineage != nil)
	}
	if got := s.RuleURL("2005-10-01", parse.MustParseRuleID("502.40a")); got != "2005-10-01/502.html#502.40a" {
		t.Errorf("RuleURL = %q", got)
	}
	// One revision written alone has the page for a chapter it lacks.
	dir := filepath.Join(t.TempDir(), "site")
	if err := lib.RenderSite(dir, a.Source()); err != nil {
		t.Fatal(err)
	}
	if page, err := os.ReadFile(filepath.Join(dir, "2005-10-01", "702.html")); err != nil || !bytes.Contains(page, []byte(`href="502.html"`)) || !bytes.Contains(page, []byte("has no chapter 702")) {
		t.Errorf("render of 2005-10-01 alone: 702.html: %v\n%s", err, page)
	}
	var all []crules.Source
	for _, r := range lib.Revisions() {
		all = append(all, r.Source())
	}
	if s, err = lib.Site(all...); err != nil || len(s.Revs) != len(all) || s.Lineage == nil {
		t.Fatalf("Site(every revision): %v", err)
	}
	// The history pages of splice (502.40 until 2009) and of a rule whose
	// example changed, each row with its change inline.
	for _, id := range []string{"702.47", "111.12"} {
		var page bytes.Buffer
		if err := s.Page(&page, "history/"+id+".html"); err != nil {
			t.Fatalf("history page of %s: %v", id, err)
		}
		golden.Check(t, filepath.Join("testdata", "history-"+id+".html"), page.Bytes())
	}
	// The reference a server uses parses on demand and keeps two
	// revisions, and prints the same pages.
	live, err := lib.LiveSite(2)
	if err != nil || len(live.Revs) != len(all) {
		t.Fatalf("LiveSite: %v", err)
	}
	for _, p := range []string{"index.html", "latest/702.html", "2005-10-01/502.html", "1999-04-23/glossary.html",
		"history/702.47.html", "diff/2009-05-01/2009-07-11.html", "2026-01-16/keywords.html", "2005-10-01/index.html"} {
		var got, want bytes.Buffer
		if err := live.Page(&got, p); err != nil {
			t.Fatalf("LiveSite %s: %v", p, err)
		}
		if err := s.Page(&want, p); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("LiveSite %s differs from Site's", p)
		}
	}

	seed := filepath.Join("..", "shared", "seeds", "000_aee8361e3633320d.txt")
	src, err := lib.ReadFile(seed)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "site")
	if err := lib.RenderSite(out, src); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "000_aee8361e3633320d", "702.html")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(out, "latest")); !os.IsNotExist(err) {
		t.Errorf("a file rendered alone has a latest/: %v", err)
	}
	// A past revision alone is under its name; latest/ is for the latest.
	for _, tc := range []struct {
		rev, dir string
		latest   bool
	}{{"2005", "2005-10-01", false}, {"latest", lib.Latest().Name(), true}} {
		r, _ := lib.Select(tc.rev)
		if err := lib.RenderSite(out, r.Source()); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(out, tc.dir, "index.html")); err != nil {
			t.Error(err)
		}
		if _, err := os.Stat(filepath.Join(out, "latest", "index.html")); (err == nil) != tc.latest {
			t.Errorf("render %s: latest/ written %v, want %v", tc.rev, err == nil, tc.latest)
		}
	}
	if err := lib.RenderSite(out, crules.File("bad.txt", []byte("not a CR\n"))); !errors.Is(err, crules.ErrBadInput) {
		t.Errorf("RenderSite(bad file) = %v, want ErrBadInput", err)
	}
}
