package render_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
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
	if regexp.MustCompile(`<td[^>]*>0</td>`).Match(index) {
		t.Error("a kept revision's counts are lost")
	}
}

// TestMovedChapter: a chapter number a revision lacks leads to where the
// lineage puts its rules: 702 of 2026-01-16 is 502 in 2005-10-01.
func TestMovedChapter(t *testing.T) {
	revs := revisions(t, "2005-10-01", "2009-05-01", "2009-07-11", "latest")
	names := []string{revs[0].Name, revs[1].Name, revs[2].Name, revs[3].Name}
	docs := []*parse.Document{revs[0].Doc, revs[1].Doc, revs[2].Doc, revs[3].Doc}
	s := &render.Site{Revs: revs, Lineage: diff.BuildLineage(names, docs, nil)}
	if to, ok := s.Moved("2005-10-01/702.html"); !ok || to != "2005-10-01/502.html" {
		t.Errorf("Moved(2005-10-01/702.html) = %q, %v, want 2005-10-01/502.html", to, ok)
	}
	for _, p := range []string{"2005-10-01/502.html", "2005-10-01/999.html", "2005-10-01/glossary.html"} {
		if to, ok := s.Moved(p); ok {
			t.Errorf("Moved(%s) = %s", p, to)
		}
	}
	var b bytes.Buffer
	if err := s.Page(&b, "2005-10-01/702.html"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<a href="502.html">502. Keyword Abilities</a>`) || !strings.Contains(b.String(), "no chapter 702") {
		t.Errorf("2005-10-01/702.html: no notice and link to 502:\n%s", b.String())
	}
	b.Reset()
	if err := s.MovedPage(&b, "2005-10-01/702.html", "2005-10-01/502.html"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<p class="notice">2005-10-01 has no chapter 702`) || !strings.Contains(b.String(), `id="502.1"`) {
		t.Error("MovedPage: not chapter 502 with its notice")
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := render.WriteSite(dir, s, nil); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "2005-10-01", "702.html")); err != nil || !strings.Contains(string(b), `href="502.html"`) {
		t.Errorf("written site: 2005-10-01/702.html: %v", err)
	}
}

// TestMovedChapterOneRevision: a site of one revision (written, or served)
// still has the page for a chapter it lacks, found in the lineage of
// every revision: 2005-10-01/702.html leads to 502.
func TestMovedChapterOneRevision(t *testing.T) {
	revs := revisions(t, "2005-10-01", "2009-05-01", "2009-07-11", "latest")
	names := []string{revs[0].Name, revs[1].Name, revs[2].Name, revs[3].Name}
	docs := []*parse.Document{revs[0].Doc, revs[1].Doc, revs[2].Doc, revs[3].Doc}
	lin := diff.BuildLineage(names, docs, nil)
	s := &render.Site{Revs: revs[:1], NoLatest: true, AllLineage: func() (*diff.Lineage, error) { return lin, nil }}
	dir := filepath.Join(t.TempDir(), "site")
	if err := render.WriteSite(dir, s, nil); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "2005-10-01", "702.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `<a href="502.html">502. Keyword Abilities</a>`) || !strings.Contains(string(b), "2005-10-01 has no chapter 702: its rules were in chapter 502") {
		t.Errorf("written site of 2005-10-01: 702.html has no notice and link to 502:\n%s", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "2005-10-01", "999.html")); err == nil {
		t.Error("a page for a chapter no revision has")
	}
	// A server holding one revision with the lineage of all redirects.
	served := &render.Site{Revs: revs[:1], NoLatest: true, Lineage: lin}
	if to, ok := served.Moved("2005-10-01/702.html"); !ok || to != "2005-10-01/502.html" {
		t.Errorf("one-revision server: Moved(2005-10-01/702.html) = %q, %v, want 2005-10-01/502.html", to, ok)
	}
	if to, ok := served.Moved("2005-10-01/502.html"); ok {
		t.Errorf("one-revision server: Moved(2005-10-01/502.html) = %s", to)
	}
	// The same vote as a site of every revision of the lineage, chapter
	// by chapter.
	whole := &render.Site{Revs: revs, Lineage: lin}
	for n := 100; n < 1000; n++ {
		p := "2005-10-01/" + strconv.Itoa(n) + ".html"
		to, ok := served.Moved(p)
		want, wok := whole.Moved(p)
		if to != want || ok != wok {
			t.Errorf("Moved(%s): one revision %q %v, every revision %q %v", p, to, ok, want, wok)
		}
	}
}

// TestStaticSearch: a written site has search.html, its script, and for
// each revision an index that loads as a script (so that it works from
// file://) holding the documents of the server's index with their links;
// the page offers every revision written, the newest chosen, and every
// page's search form goes to search.html, relative to it.
func TestStaticSearch(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	if err := render.WriteSite(dir, &render.Site{Revs: revisions(t, "2009-05-01", "latest")}, nil); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "search.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<script src="search.js"></script>`, `id="hits"`, `action="search.html"`,
		`<option selected>2026-01-16</option><option>2009-05-01</option>`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("search.html: no %s", want)
		}
	}
	chapter, _ := os.ReadFile(filepath.Join(dir, "latest", "702.html"))
	if !strings.Contains(string(chapter), `<form class="search" action="../search.html" method="get"`) {
		t.Error("latest/702.html: its search form does not go to ../search.html")
	}
	for _, c := range []struct{ rev, rule, href, term, gloss string }{
		{"2026-01-16", "702.19b", "2026-01-16/702.html#702.19b", "Trample", "2026-01-16/glossary.html#g-trample"},
		{"2009-05-01", "502.40a", "2009-05-01/502.html#502.40a", "Splice", "2009-05-01/glossary.html#g-splice"},
	} {
		js, err := os.ReadFile(filepath.Join(dir, c.rev, "search-index.js"))
		if err != nil {
			t.Fatal(err)
		}
		body, ok := strings.CutPrefix(strings.TrimSuffix(string(js), ");\n"), "crulesSearchIndex(")
		var idx struct {
			Rev   string
			Terms []string
			Vocab map[string]int
			Docs  [][11]any
		}
		if !ok || json.Unmarshal([]byte(body), &idx) != nil {
			t.Fatalf("%s/search-index.js does not call crulesSearchIndex with JSON", c.rev)
		}
		found := map[string]string{}
		for _, d := range idx.Docs {
			if d[0] == "glossary" {
				found[strings.SplitN(d[7].(string), ":", 2)[0]] = d[5].(string)
			} else {
				found[d[1].(string)] = d[5].(string)
			}
		}
		if idx.Rev != c.rev || found[c.rule] != c.href || found[c.term] != c.gloss {
			t.Errorf("search index of %q: %s → %q, %s → %q", idx.Rev, c.rule, found[c.rule], c.term, found[c.term])
		}
		// "countered" is indexed as the server's index holds it: stemmed.
		if n, ok := idx.Vocab["countered"]; !ok || n < 0 || idx.Terms[n] != "counter" {
			t.Errorf("search index of %s: countered → %d", c.rev, n)
		}
		t.Logf("%s/search-index.js: %d documents, %d terms, %d bytes", c.rev, len(idx.Docs), len(idx.Terms), len(js))
	}
	if _, err := os.Stat(filepath.Join(dir, "search.js")); err != nil {
		t.Error(err)
	}
}

// TestPrevRevisionLink: a section links to itself in the revision before,
// through the lineage: 702.47 of 2009-07-11 was 502.40 of 2009-05-01.
func TestPrevRevisionLink(t *testing.T) {
	dir := writtenSite(t)
	b, err := os.ReadFile(filepath.Join(dir, "2009-07-11", "702.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `<a href="../2009-05-01/502.html#502.40" class="prev">in 2009-05-01</a>`) {
		t.Error("2009-07-11/702.html: 702.47 does not link to 502.40 of 2009-05-01")
	}
	first, _ := os.ReadFile(filepath.Join(dir, "2009-05-01", "502.html"))
	if strings.Contains(string(first), `class="prev"`) {
		t.Error("the first revision links to one before it")
	}
}
