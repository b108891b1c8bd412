package serve

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/crules/crules"
)

// benchPage serves path through the handler b.N times, once before the
// timing so that the site is built and the page cached.
func benchPage(b *testing.B, path string) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer lib.Close()
	h := New(lib, nil).Handler()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	w := httptest.NewRecorder()
	if h.ServeHTTP(w, req); w.Code != 200 {
		b.Fatalf("%s: %d", path, w.Code)
	}
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
	}
}

// BenchmarkChapterPage is a warm chapter page (the 420 kB of chapter 702).
func BenchmarkChapterPage(b *testing.B) { benchPage(b, "/latest/702.html") }

// BenchmarkDiffPageCached is the change page of the 2009 terminology
// update once rendered.
func BenchmarkDiffPageCached(b *testing.B) { benchPage(b, "/diff/2009-05-01/2009-07-11") }

// BenchmarkAPIRule is one rule through the API, as rule 702.47a --json
// prints it.
func BenchmarkAPIRule(b *testing.B) { benchPage(b, "/api/rules/702.47a") }

// BenchmarkAPISearch is a search of an open index through the API.
func BenchmarkAPISearch(b *testing.B) { benchPage(b, "/api/search?q=splice+onto+arcane") }
