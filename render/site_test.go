package render_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// revisions picks revisions of the embedded corpus by name ("latest" for
// the newest), oldest first.
func revisions(t testing.TB, names ...string) []render.Revision {
	t.Helper()
	revs, docs := corpustest.Docs(t)
	var out []render.Revision
	for i, r := range revs {
		for _, n := range names {
			if n == r.Name() || n == "latest" && i == len(revs)-1 {
				out = append(out, render.Revision{Name: r.Name(), Doc: docs[i]})
				break
			}
		}
	}
	if len(out) != len(names) {
		t.Fatalf("found %d of the revisions %v", len(out), names)
	}
	return out
}

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// writtenSite is the site of a 502-era revision (2009-05-01), the next one
// (2009-07-11, the renumbering) and the latest, written once for the
// tests of this file.
func writtenSite(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		var tmp string
		if tmp, siteErr = os.MkdirTemp("", "crules-site-test-"); siteErr != nil {
			return
		}
		siteDir = filepath.Join(tmp, "site")
		s := &render.Site{Revs: revisions(t, "2009-05-01", "2009-07-11", "latest")}
		siteErr = render.WriteSite(siteDir, s, nil)
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir != "" {
		os.RemoveAll(filepath.Dir(siteDir))
	}
	os.Exit(code)
}

// page is a parsed HTML page of the written site.
type page struct {
	path  string // slash-separated, from the root
	doc   *html.Node
	ids   map[string]int
	hrefs []string
}

func attrOf(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func readPages(t *testing.T, dir string) map[string]*page {
	pages := map[string]*page{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		doc, err := html.Parse(bytes.NewReader(b))
		if err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		rel, _ := filepath.Rel(dir, p)
		pg := &page{path: filepath.ToSlash(rel), doc: doc, ids: map[string]int{}}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			if id, ok := attrOf(n, "id"); ok {
				pg.ids[id]++
			}
			if h, ok := attrOf(n, "href"); ok && n.Data == "a" {
				pg.hrefs = append(pg.hrefs, h)
			}
		}
		pages[pg.path] = pg
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// TestLinks walks every link of the written site and fails on any target
// that does not exist, page or anchor.
func TestLinks(t *testing.T) {
	dir := writtenSite(t)
	pages := readPages(t, dir)
	for _, must := range []string{"index.html", "style.css", "2009-05-01/502.html", "2026-01-16/702.html", "latest/702.html",
		"diff/2009-05-01/2009-07-11.html", "history/702.47.html", "2026-01-16/glossary.html", "2026-01-16/keywords.html"} {
		if _, err := os.Stat(filepath.Join(dir, must)); err != nil {
			t.Errorf("missing page: %v", err)
		}
	}
	links := checkLinks(t, dir, pages)
	if links < 50000 {
		t.Errorf("only %d links in %d pages", links, len(pages))
	}
}

// TestOneRevisionSite: a past revision rendered alone is found under its
// name, with no latest/ that would call it the latest, its links hold, and
// its revisions page counts "1 revision".
func TestOneRevisionSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	s := &render.Site{Revs: revisions(t, "2005-10-01"), NoLatest: true}
	if err := render.WriteSite(dir, s, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "2005-10-01", "502.html")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "latest")); !os.IsNotExist(err) {
		t.Errorf("latest/ written for a past revision alone: %v", err)
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "1 revision of the Comprehensive Rules.") || strings.Contains(string(index), "latest/") {
		t.Errorf("index.html: %s", index)
	}
	var b bytes.Buffer
	if err := s.Page(&b, "latest/index.html"); !errors.Is(err, render.ErrNotFound) {
		t.Errorf("Page(latest/index.html) = %v, want ErrNotFound", err)
	}
	pages := readPages(t, dir)
	if links := checkLinks(t, dir, pages); links < 1000 {
		t.Errorf("only %d links in %d pages", links, len(pages))
	}
}

// checkLinks follows every link of the pages of the site in dir and fails
// on any target that does not exist, page or anchor; it returns how many
// links there are.
func checkLinks(t *testing.T, dir string, pages map[string]*page) int {
	t.Helper()
	links, broken := 0, 0
	for _, pg := range pages {
		for _, h := range pg.hrefs {
			links++
			if strings.Contains(h, "://") || strings.HasPrefix(h, "//") {
				broken++
				t.Errorf("%s: external link %q", pg.path, h)
				continue
			}
			file, frag, _ := strings.Cut(h, "#")
			target := pg.path
			if file != "" {
				target = path.Join(path.Dir(pg.path), file)
			}
			tp, ok := pages[target]
			if !ok {
				if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(target))); err != nil || frag != "" {
					if broken++; broken <= 20 {
						t.Errorf("%s: link %q: no page %s", pg.path, h, target)
					}
				}
				continue
			}
			if frag != "" && tp.ids[frag] == 0 {
				if broken++; broken <= 20 {
					t.Errorf("%s: link %q: no anchor #%s in %s", pg.path, h, frag, target)
				}
			}
		}
	}
	t.Logf("%d pages, %d links, %d broken", len(pages), links, broken)
	return links
}

// TestHTML parses every page and checks its structure: one h1, unique
// ids, no link inside a link, the language set.
func TestHTML(t *testing.T) {
	pages := readPages(t, writtenSite(t))
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	for _, pg := range pages {
		h1 := 0
		for n := range pg.doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			switch n.Data {
			case "h1":
				h1++
			case "html":
				if lang, _ := attrOf(n, "lang"); lang == "" {
					fail("%s: no lang on <html>", pg.path)
				}
			case "a":
				for p := n.Parent; p != nil; p = p.Parent {
					if p.Type == html.ElementNode && p.Data == "a" {
						fail("%s: a link inside a link", pg.path)
					}
				}
			}
		}
		if h1 != 1 {
			fail("%s: %d h1 elements", pg.path, h1)
		}
		for id, n := range pg.ids {
			if n > 1 {
				fail("%s: id %q %d times", pg.path, id, n)
			}
		}
	}
	t.Logf("%d pages checked, %d problems", len(pages), bad)
}

// TestAnchors: every rule and subrule of a chapter page has its readable
// and its legacy anchor, and the Splice history runs from 502.40 to 702.47.
func TestAnchors(t *testing.T) {
	pages := readPages(t, writtenSite(t))
	for _, c := range []struct{ page, id, legacy string }{
		{"2026-01-16/702.html", "702.47a", "R70247a"},
		{"latest/702.html", "702.47", "R70247"},
		{"2009-05-01/502.html", "502.40a", "R50240a"},
		{"2026-01-16/601.html", "601.2f", "R6012f"},
	} {
		pg := pages[c.page]
		if pg == nil || pg.ids[c.id] != 1 || pg.ids[c.legacy] != 1 {
			t.Errorf("%s: want anchors #%s and #%s", c.page, c.id, c.legacy)
		}
	}
	h := pages["history/702.47.html"]
	if h == nil {
		t.Fatal("no history/702.47.html")
	}
	want := []string{"../2009-05-01/502.html#502.40", "../2026-01-16/702.html#702.47"}
	for _, w := range want {
		found := false
		for _, got := range h.hrefs {
			found = found || got == w
		}
		if !found {
			t.Errorf("history/702.47.html has no link %s; has %v", w, h.hrefs)
		}
	}
}

// TestPage: pages on demand are the pages written, latest/ is the newest
// revision, and unknown paths are ErrNotFound.
func TestPage(t *testing.T) {
	dir := writtenSite(t)
	s := &render.Site{Revs: revisions(t, "2009-05-01", "2009-07-11", "latest")}
	var a, b bytes.Buffer
	if err := s.Page(&a, "/latest/702.html"); err != nil {
		t.Fatal(err)
	}
	if err := s.Page(&b, "2026-01-16/702.html"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("latest/702.html differs from 2026-01-16/702.html")
	}
	// The written page links to history pages; this Site has no lineage.
	written, err := os.ReadFile(filepath.Join(dir, "2026-01-16", "702.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(written, []byte(`history/702.47.html`)) || bytes.Contains(a.Bytes(), []byte(`history/702.47.html`)) {
		t.Error("history links: want them with a lineage only")
	}
	for _, c := range []struct{ got, want string }{
		{s.RuleURL("2026-01-16", parse.MustParseRuleID("702.47a")), "2026-01-16/702.html#702.47a"},
		{s.RuleURL("latest", parse.MustParseRuleID("100.1")), "latest/100.html#100.1"},
		{s.RuleURL("2009-05-01", parse.MustParseRuleID("502.40")), "2009-05-01/502.html#502.40"},
		{s.RuleURL("2009-05-01", parse.MustParseRuleID("702.47")), ""},
		{s.RuleURL("1999-01-01", parse.MustParseRuleID("100.1")), ""},
		{s.GlossaryURL("2026-01-16", "SPLICE"), "2026-01-16/glossary.html#g-splice"},
		{s.GlossaryURL("2026-01-16", "no such term"), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if bytes.Contains(a.Bytes(), []byte("<form")) {
		t.Error("a search form without Search set")
	}
	s.Search = "/search"
	a.Reset()
	if err := s.Page(&a, "2026-01-16/glossary.html"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(a.Bytes(), []byte(`<form class="search" action="/search" method="get"`)) || !bytes.Contains(a.Bytes(), []byte(`name="rev" value="2026-01-16"`)) {
		t.Error("no search form with Search set")
	}
	for _, p := range []string{"2026-01-16/999.html", "1999-01-01/index.html", "history/702.47.html", "diff/2009-05-01/1900-01-01.html", "2026-01-16/x/100.html"} {
		var w bytes.Buffer
		if err := s.Page(&w, p); !errors.Is(err, render.ErrNotFound) || w.Len() != 0 {
			t.Errorf("Page(%q) = %v and %d bytes, want ErrNotFound and nothing", p, err, w.Len())
		}
	}
}

// TestDiffPageRenumbering: the change page's renumbering table names
// each rule in both revisions, by its title or its first words (the 2009
// renumbering: Splice went from 502.40 to 702.44), and the page lists
// only the classes asked for.
func TestDiffPageRenumbering(t *testing.T) {
	s := &render.Site{Revs: revisions(t, "2009-05-01", "2009-07-11", "2015-01-23", "latest")}
	var w bytes.Buffer
	if err := s.DiffPage(&w, "2009-05-01", "2009-07-11", render.DiffPageOptions{}); err != nil {
		t.Fatal(err)
	}
	page := w.String()
	for _, row := range []string{
		`<td><a href="../../2009-05-01/502.html#502.40">502.40</a></td><td>Splice</td><td class="to"><a href="../../2009-07-11/702.html#702.44">702.44</a></td><td>Splice</td>`,
		`<td>Splice is a static ability that …</td><td class="to"><a href="../../2009-07-11/702.html#702.44a">702.44a</a></td><td>Splice is a static ability that …</td>`,
	} {
		if !strings.Contains(page, row) {
			t.Errorf("the 2009 change page lacks the row\n%s", row)
		}
	}
	w.Reset()
	if err := s.DiffPage(&w, "2015-01-23", "latest", render.DiffPageOptions{Classes: []diff.Class{diff.Added}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.String(), "Showing added.") || strings.Contains(w.String(), `class="change c-edited"`) {
		t.Error("DiffPage ignores its class filter")
	}
	if _, err := render.ParseClasses("edited,nonsense"); err == nil {
		t.Error("ParseClasses accepted an unknown class")
	}
}

// TestWriteReplaces: a second WriteSite replaces a site, and no directory
// that is not a site is replaced.
func TestWriteReplaces(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "out")
	s := &render.Site{Revs: revisions(t, "1999-04-23")}
	for range 2 {
		if err := render.WriteSite(dir, s, nil); err != nil {
			t.Fatal(err)
		}
	}
	es, _ := os.ReadDir(tmp)
	if len(es) != 1 {
		t.Errorf("left behind: %v", es)
	}
	other := filepath.Join(tmp, "mine")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := render.WriteSite(other, s, nil); err == nil {
		t.Error("WriteSite replaced a directory it did not write")
	}
	if _, err := os.Stat(filepath.Join(other, "notes.txt")); err != nil {
		t.Error(err)
	}
}
