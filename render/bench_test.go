package render_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/render"
)

// dirSize is the size of the files under dir.
func dirSize(b *testing.B, dir string) int64 {
	var n int64
	err := filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n += fi.Size()
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkSiteLatest writes the site of the latest revision: every page,
// from the parsed document, citations and keywords included.
func BenchmarkSiteLatest(b *testing.B) {
	revs := revisions(b, "latest")
	dir := filepath.Join(b.TempDir(), "site")
	b.ReportAllocs()
	for b.Loop() {
		if err := render.WriteSite(dir, &render.Site{Revs: revs}, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(dirSize(b, dir))/1e6, "MB")
}

// BenchmarkSiteAll writes the site of every revision: their pages, the
// change pages of adjacent pairs and the history pages (the lineage built
// too).
func BenchmarkSiteAll(b *testing.B) {
	rs, docs := corpustest.Docs(b)
	var revs []render.Revision
	for i, r := range rs {
		revs = append(revs, render.Revision{Name: r.Name(), Doc: docs[i]})
	}
	dir := filepath.Join(b.TempDir(), "site")
	b.ReportAllocs()
	for b.Loop() {
		if err := render.WriteSite(dir, &render.Site{Revs: revs}, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(dirSize(b, dir))/1e6, "MB")
}

// BenchmarkChapterPage renders one chapter page on demand from a warm
// Site, as a server would on a cache miss.
func BenchmarkChapterPage(b *testing.B) {
	s := &render.Site{Revs: revisions(b, "latest")}
	var w bytes.Buffer
	if err := s.Page(&w, "latest/702.html"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		w.Reset()
		if err := s.Page(&w, "latest/702.html"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(w.Len())/1e3, "KB")
}

// BenchmarkDiffPage2009 renders the change page of the 2009 renumbering,
// comparison included, on a fresh Site each time: the first request.
func BenchmarkDiffPage2009(b *testing.B) {
	revs := revisions(b, "2009-05-01", "2009-07-11")
	b.ReportAllocs()
	for b.Loop() {
		s := &render.Site{Revs: revs}
		if err := s.DiffPage(io.Discard, "2009-05-01", "2009-07-11", render.DiffPageOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChapterPages renders every chapter page of the latest revision
// on demand from a warm Site and reports the median and the slowest page.
func BenchmarkChapterPages(b *testing.B) {
	s := &render.Site{Revs: revisions(b, "latest")}
	var pages []string
	for _, p := range s.Revs[0].Doc.Parts {
		for _, c := range p.Chapters {
			pages = append(pages, "latest/"+c.ID.String()+".html")
		}
	}
	var w bytes.Buffer
	if err := s.Page(&w, pages[0]); err != nil {
		b.Fatal(err)
	}
	times := make([]time.Duration, len(pages))
	b.ReportAllocs()
	for b.Loop() {
		for i, p := range pages {
			w.Reset()
			t0 := time.Now()
			if err := s.Page(&w, p); err != nil {
				b.Fatal(err)
			}
			times[i] = time.Since(t0)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1e3, "p50-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1e3, "max-ms")
	b.ReportMetric(float64(len(pages)), "pages")
}

// BenchmarkSearchIndex writes the static search index of the latest
// revision (2026-01-16/search-index.js), its documents analysed as the
// server's index holds them.
func BenchmarkSearchIndex(b *testing.B) {
	s := &render.Site{Revs: revisions(b, "latest")}
	var buf bytes.Buffer
	if err := s.Page(&buf, "2026-01-16/index.html"); err != nil { // the revision's data, computed once
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := s.Page(&buf, "2026-01-16/search-index.js"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// historySite is the site of every revision with its lineage, for the
// history page benchmarks.
func historySite(b *testing.B) ([]render.Revision, *diff.Lineage) {
	rs, docs := corpustest.Docs(b)
	names := make([]string, len(rs))
	var revs []render.Revision
	for i, r := range rs {
		names[i] = r.Name()
		revs = append(revs, render.Revision{Name: r.Name(), Doc: docs[i]})
	}
	return revs, diff.BuildLineage(names, docs, nil)
}

// BenchmarkHistoryPage renders the history page of splice (702.47, 502.40
// until 2009: 22 rows, each with its change) from a warm Site.
func BenchmarkHistoryPage(b *testing.B) {
	revs, lin := historySite(b)
	s := &render.Site{Revs: revs, Lineage: lin}
	if err := s.Page(io.Discard, "history/702.47.html"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Page(io.Discard, "history/702.47.html"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHistoryFirst renders the first history page of a Site: the
// chaining of every rule of every revision into histories, then the page.
func BenchmarkHistoryFirst(b *testing.B) {
	revs, lin := historySite(b)
	b.ReportAllocs()
	for b.Loop() {
		s := &render.Site{Revs: revs, Lineage: lin}
		if err := s.Page(io.Discard, "history/702.47.html"); err != nil {
			b.Fatal(err)
		}
	}
}
