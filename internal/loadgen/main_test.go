package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestWalk: the walk fetches every page reachable by links once (not
// /search, /api/ or other hosts), and fails on a page that is not 200.
func TestWalk(t *testing.T) {
	var hits atomic.Int64
	pages := map[string]string{
		"/":                    `<a href="a/index.html">a</a> <a href="/search?q=x">s</a> <a href="https://example.com/">x</a>`,
		"/a/index.html":        `<a href="702.html#702.47a">c</a> <a href="../index.html">up</a> <a href="/api/revs">api</a>`,
		"/a/702.html":          `<a href="../history/702.47.html">h</a> <a href="702.html#R70247a">self</a>`,
		"/history/702.47.html": `<a href="../a/702.html">back</a>`,
		"/index.html":          `<a href="a/index.html">a</a>`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, body)
	}))
	defer srv.Close()
	if err := walkSite(srv.Client(), srv.URL, 2, 0); err != nil {
		t.Fatal(err)
	}
	if got := hits.Load(); got != int64(len(pages)) {
		t.Errorf("%d requests for %d pages", got, len(pages))
	}
	pages["/a/702.html"] += `<a href="missing.html">gone</a>`
	if err := walkSite(srv.Client(), srv.URL, 2, 0); err == nil {
		t.Error("a broken link: no error")
	}
}

// TestLoad: every answer is counted, errors apart.
func TestLoad(t *testing.T) {
	var bad atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/bad" && bad.Add(1)%3 == 0 { // not the first, the warming request
			http.Error(w, "busy", http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	if err := load(srv.Client(), srv.URL, []string{"/ok"}, 4, 50*time.Millisecond, 0); err != nil {
		t.Errorf("all 200: %v", err)
	}
	if err := load(srv.Client(), srv.URL, []string{"/bad"}, 4, 50*time.Millisecond, 0); err == nil || !strings.Contains(err.Error(), "errors") {
		t.Errorf("some 503: %v", err)
	}
}
