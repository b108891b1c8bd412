package crules_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/corpustest"
)

// BenchmarkSearchLatency runs the judged queries of the index package in
// turn through Library.Search on the latest revision (the index built or
// read from the cache before the clock starts) and reports the median and
// 99th-percentile latency: what the server and the CLI pay per query.
func BenchmarkSearchLatency(b *testing.B) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer lib.Close()
	src := lib.Latest().Source()
	if _, err := lib.Index(src); err != nil {
		b.Fatal(err)
	}
	f, err := os.Open("index/testdata/queries.tsv")
	if err != nil {
		b.Fatal(err)
	}
	var qs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			qs = append(qs, strings.Split(l, "\t")[0])
		}
	}
	f.Close()
	var lat []time.Duration
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		t := time.Now()
		if _, err := lib.Search(src, qs[i%len(qs)], crules.SearchOptions{}); err != nil && !errors.Is(err, crules.ErrNoMatch) {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t))
		i++
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkLineageExtend: the first history after a revision is added
// (extend): a new library reads the cached lineage of the embedded
// revisions, parses the latest embedded and the added one, extends the
// lineage with their comparison and caches it. rebuild builds the lineage
// of the 126 revisions from scratch instead, as before issue 22.
func BenchmarkLineageExtend(b *testing.B) {
	data, cacheDir := b.TempDir(), b.TempDir()
	base, err := crules.Open(crules.Options{DataDir: data, CacheDir: cacheDir})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := base.Lineage(); err != nil {
		b.Fatal(err)
	}
	if _, err := base.Add(crules.File("new.txt", corpustest.NewRevision(b)), "new.txt"); err != nil {
		b.Fatal(err)
	}
	base.Close()
	for _, c := range []struct {
		name  string
		clean func(lib *crules.Library) string // the directory to remove before each run
	}{
		{"extend", func(lib *crules.Library) string { return filepath.Join(cacheDir, lib.Archive().Hash()[:16]) }},
		{"rebuild", func(*crules.Library) string { return cacheDir }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lib, err := crules.Open(crules.Options{DataDir: data, CacheDir: cacheDir})
				if err != nil {
					b.Fatal(err)
				}
				if err := os.RemoveAll(c.clean(lib)); err != nil {
					b.Fatal(err)
				}
				if lin, err := lib.Lineage(); err != nil || len(lin.Revs) != 126 {
					b.Fatal(err)
				}
				lib.Close()
			}
		})
	}
}

// BenchmarkIndexAllExtend: the first all-revisions search after a revision
// is added: a new library extends the cached index of the embedded
// revisions (extend), against building the index of the 126 revisions
// whole (rebuild, what it paid before issue 22). The lineage is cached in
// both.
func BenchmarkIndexAllExtend(b *testing.B) {
	data, cacheDir := b.TempDir(), b.TempDir()
	base, err := crules.Open(crules.Options{DataDir: data, CacheDir: cacheDir})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := base.IndexAll(); err != nil {
		b.Fatal(err)
	}
	if _, err := base.Add(crules.File("new.txt", corpustest.NewRevision(b)), "new.txt"); err != nil {
		b.Fatal(err)
	}
	base.Close()
	for _, c := range []struct {
		name  string
		clean func(lib *crules.Library) string // the index folders to remove before each run
	}{
		{"extend", func(lib *crules.Library) string {
			return filepath.Join(cacheDir, lib.Archive().Hash()[:16], "index-all*")
		}},
		{"rebuild", func(*crules.Library) string { return filepath.Join(cacheDir, "*", "index-all*") }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lib, err := crules.Open(crules.Options{DataDir: data, CacheDir: cacheDir})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := lib.Lineage(); err != nil {
					b.Fatal(err)
				}
				dirs, _ := filepath.Glob(c.clean(lib))
				for _, d := range dirs {
					if err := os.RemoveAll(d); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := lib.IndexAll(); err != nil {
					b.Fatal(err)
				}
				lib.Close()
			}
		})
	}
}

// BenchmarkCoverage: keywords --coverage of the latest revision, every
// scenario written for it run (the document and the engine's citations
// cached before the clock starts, as in a second process).
func BenchmarkCoverage(b *testing.B) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer lib.Close()
	src := lib.Latest().Source()
	if _, err := lib.Coverage(src); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := lib.Coverage(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCoverageAll: keywords --coverage --all-revs, the coverage of
// every revision on all cores, each revision's tree and citations read
// from the cache (a warm one: its first measure fills it).
func BenchmarkCoverageAll(b *testing.B) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer lib.Close()
	if _, err := lib.CoverageAll(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := lib.CoverageAll(); err != nil {
			b.Fatal(err)
		}
	}
}
