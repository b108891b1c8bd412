package render_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crules/crules/render"
)

// pageDoc renders path p of s and parses it.
func pageDoc(t *testing.T, s *render.Site, p string) *html.Node {
	t.Helper()
	var b bytes.Buffer
	if err := s.Page(&b, p); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// links are the hrefs of the <a> elements under n with attribute
// key=val (any, when key is "").
func links(n *html.Node, key, val string) []string {
	var out []string
	for d := range n.Descendants() {
		if d.Type != html.ElementNode || d.Data != "a" {
			continue
		}
		if v, ok := attrOf(d, key); key != "" && (!ok || v != val) {
			continue
		}
		h, _ := attrOf(d, "href")
		out = append(out, h)
	}
	return out
}

// TestChapterNav: a chapter page links to the chapters before and after
// it (rel prev/next, at its top and bottom) and lists its sections; the
// first and last chapters have one neighbour.
func TestChapterNav(t *testing.T) {
	s := &render.Site{Revs: revisions(t, "latest")}
	doc := pageDoc(t, s, "latest/702.html")
	if got := links(doc, "rel", "prev"); len(got) != 2 || got[0] != "701.html" || got[1] != "701.html" {
		t.Errorf("702: rel=prev links %q, want 701.html twice", got)
	}
	if got := links(doc, "rel", "next"); len(got) != 2 || got[0] != "703.html" {
		t.Errorf("702: rel=next links %q, want 703.html twice", got)
	}
	sections := 0
	for d := range doc.Descendants() {
		if d.Type == html.ElementNode && d.Data == "details" {
			for _, h := range links(d, "", "") {
				if strings.HasPrefix(h, "#702.") {
					sections++
				}
			}
		}
	}
	if sections < 180 {
		t.Errorf("702: %d sections in its contents, want every one (189 in 2026-01-16)", sections)
	}
	first := pageDoc(t, s, "latest/100.html")
	if len(links(first, "rel", "prev")) != 0 || len(links(first, "rel", "next")) != 2 {
		t.Error("100: want next links only")
	}
}

// TestGlossaryAZ: the glossary starts with a bar of letters, each linking
// to the first entry under it.
func TestGlossaryAZ(t *testing.T) {
	s := &render.Site{Revs: revisions(t, "latest")}
	var b bytes.Buffer
	if err := s.Page(&b, "latest/glossary.html"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<a href="#g-abandon">A</a>`, `<a href="#g-background">B</a>`, `<a href="#g-zone">Z</a>`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("glossary: no %s in its A–Z bar", want)
		}
	}
}

// TestWriteKeeps: writing one revision into a site crules wrote adds it
// and keeps the revisions already there, and the revisions page lists
// what the directory holds.
func TestWriteKeeps(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	for _, rev := range []string{"2009-05-01", "latest", "2005-10-01"} {
		s := &render.Site{Revs: revisions(t, rev), NoLatest: rev != "latest"}
		if err := render.WriteSite(dir, s, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{"2005-10-01/502.html", "2009-05-01/502.html", "2026-01-16/702.html", "latest/702.html"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Error(err)
		}
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3 revisions", `href="2005-10-01/index.html"`, `href="2009-05-01/index.html"`, `href="2026-01-16/index.html"`, `href="latest/index.html"`} {
		if !strings.Contains(string(index), want) {
			t.Errorf("revisions page: no %s", want)
		}
	}
	// Written again, 2009-05-01 is replaced, not doubled.
	if err := render.WriteSite(dir, &render.Site{Revs: revisions(t, "2009-05-01"), NoLatest: true}, nil); err != nil {
		t.Fatal(err)
	}
	index, _ = os.ReadFile(filepath.Join(dir, "index.html"))
	if !strings.Contains(string(index), "3 revisions") || strings.Count(string(index), `href="2009-05-01/index.html"`) != 1 {
		t.Error("rewriting a revision the site holds changed the revisions it lists")
	}
	if strings.Contains(string(index), "<td>0</td>") {
		t.Error("a kept revision's counts are lost")
	}
}
