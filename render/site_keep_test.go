package render_test

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// TestSiteLoadKeep: a site whose revisions Load their parse on demand
// prints the same pages as one holding every parse, reads a revision's
// parse only when a page needs it, and keeps the data of at most Keep
// revisions: a revision let go is loaded again. The revisions page needs
// no parse (Stats).
func TestSiteLoadKeep(t *testing.T) {
	names := []string{"2009-05-01", "2009-07-11", "latest"}
	held := revisions(t, names...)
	docs := make([]*parse.Document, len(held))
	for i, r := range held {
		docs[i] = r.Doc
	}
	lin := diff.BuildLineage([]string{held[0].Name, held[1].Name, held[2].Name}, docs, nil)
	var mu sync.Mutex
	loads := map[string]int{}
	lazy := &render.Site{Lineage: nil, Keep: 1}
	for _, r := range held {
		r := r
		lazy.Revs = append(lazy.Revs, render.Revision{Name: r.Name, Stats: r.Doc.Stats(), Load: func() (*parse.Document, error) {
			mu.Lock()
			loads[r.Name]++
			mu.Unlock()
			return r.Doc, nil
		}})
	}
	lineageLoads := 0
	lazy.LoadLineage = func() (*diff.Lineage, error) { lineageLoads++; return lin, nil }
	full := &render.Site{Revs: held, Lineage: lin}

	page := func(s *render.Site, p string) string {
		t.Helper()
		var b bytes.Buffer
		if err := s.Page(&b, p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		return b.String()
	}
	if got, want := page(lazy, "index.html"), page(full, "index.html"); got != want {
		t.Error("the revisions page differs")
	}
	if len(loads) != 0 || lineageLoads != 0 {
		t.Errorf("the revisions page loaded %v and the lineage %d times; want nothing", loads, lineageLoads)
	}
	if got := lazy.RuleURL("2009-05-01", parse.MustParseRuleID("502.40")); got != "2009-05-01/502.html#502.40" || lineageLoads != 0 {
		t.Errorf("RuleURL = %q, lineage loaded %d times; want a link and no lineage", got, lineageLoads)
	}
	for _, p := range []string{"2026-01-16/702.html", "2009-07-11/702.html", "2009-05-01/502.html", "history/702.47.html", "diff/2009-05-01/2009-07-11.html", "2026-01-16/glossary.html"} {
		if got, want := page(lazy, p), page(full, p); got != want {
			t.Errorf("%s differs from the page of a site holding every parse", p)
		}
	}
	if lineageLoads != 1 {
		t.Errorf("the lineage was loaded %d times, want once", lineageLoads)
	}
	// With Keep 1, a revision's pages one after the other load it once;
	// going back to it after another loads it again.
	before := loads["2009-05-01"]
	page(lazy, "2009-05-01/502.html")
	page(lazy, "2009-05-01/index.html")
	page(lazy, "2009-05-01/glossary.html")
	if got := loads["2009-05-01"] - before; got != 1 {
		t.Errorf("three pages of 2009-05-01 after another revision's loaded it %d times, want once", got)
	}
	page(lazy, "2009-07-11/index.html")
	page(lazy, "2009-05-01/502.html")
	if got := loads["2009-05-01"] - before; got != 2 {
		t.Errorf("2009-05-01 after 2009-07-11 with Keep 1: loaded %d times in all, want twice", got)
	}
	kept := &render.Site{Revs: lazy.Revs, Lineage: lin}
	page(kept, "2009-05-01/502.html")
	page(kept, "2009-07-11/index.html")
	before = loads["2009-05-01"]
	page(kept, "2009-05-01/502.html")
	if loads["2009-05-01"] != before {
		t.Error("with Keep 0, a revision was loaded again")
	}

	fail := &render.Site{Revs: []render.Revision{{Name: "2026-01-16", Load: func() (*parse.Document, error) { return nil, errors.New("no such text") }}}}
	var b bytes.Buffer
	if err := fail.Page(&b, "2026-01-16/702.html"); err == nil || !strings.Contains(err.Error(), "no such text") || b.Len() != 0 {
		t.Errorf("a Load that fails: %v, %d bytes", err, b.Len())
	}
}
