package serve

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/crules/crules"
)

// TestSearchPageParsesLittle: the search page links its hits to the
// reference without building all of it. Its first use on a fresh server
// (the search index already on disk) parses the one revision searched,
// not all 125 with their lineage (some 300 MB allocated, 3 s before).
func TestSearchPageParsesLittle(t *testing.T) {
	warm := testServer(t)
	if code, _ := get(t, warm, "/api/search?q=splice"); code != 200 {
		t.Fatalf("warming the index: %d", code)
	}
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	h := New(lib, nil).Handler()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/search?q=splice+onto+arcane", nil))
	runtime.ReadMemStats(&after)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `href="/2026-01-16/702.html#702.47`) {
		t.Fatalf("search page: %d\n%s", w.Code, w.Body.String())
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 100<<20 {
		t.Errorf("the first search page allocated %d MB: want the one revision's parse, under 100 MB", alloc>>20)
	}
}

// TestPageCacheCountsWhatItHolds: a cached page holds its bytes and no
// more, so that its budget is the memory the cache takes: a page
// rendered into a growing buffer kept the buffer's capacity, up to twice
// its length.
func TestPageCacheCountsWhatItHolds(t *testing.T) {
	var p pages
	for i, n := range []int{1000, 70_000, 300_001} {
		c, err := p.get(context.Background(), fmt.Sprint(i), "text/plain", func(b *bytes.Buffer) error {
			for range n {
				b.WriteByte('x')
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.body) != n || cap(c.body) > n+n/8 { // the allocator's size classes round up by at most 1/8
			t.Errorf("a page of %d bytes is kept in %d", n, cap(c.body))
		}
	}
	if p.bytes != 1000+70_000+300_001 {
		t.Errorf("the cache counts %d bytes", p.bytes)
	}
}
