package serve

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crules/crules"
)

// syncBuffer is a log that tests read while the server writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func newTestServer(t *testing.T) (*Server, *syncBuffer) {
	t.Helper()
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close() })
	log := &syncBuffer{}
	return New(lib, log), log
}

// noRedirect is a client that shows redirects rather than following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// TestTooLarge: a short request for an answer hundreds of times its size
// is refused with 413 naming the limit (issue 23: 702 repeated in a 6 KB
// URL answered 198 MB); the whole of a revision is still answered.
func TestTooLarge(t *testing.T) {
	ts := testServer(t)
	for _, tc := range []struct {
		refs   string
		status int
		has    string
	}{
		{strings.Repeat("702 ", 1500), 413, `"error":"1500 rule references in one request; at most 256`},
		{strings.Repeat("7 ", 200), 413, `at most 4 MB in one request`},
		{"1 2 3 4 5 6 7 8 9", 200, `"title":"Additional Rules"`},
	} {
		status, body := get(t, ts, "/api/rules/"+url.PathEscape(tc.refs))
		if status != tc.status || !strings.Contains(body, tc.has) || len(body) > 4<<20 {
			t.Errorf("GET /api/rules/%.12q…: %d, %d bytes %.100s; want %d with %q", tc.refs, status, len(body), body, tc.status, tc.has)
		}
	}
}

// TestBusy: with every slot for expensive work taken, a page not yet
// rendered is refused at once with 503 and Retry-After, and logged as
// 503; a rule lookup is answered all the same; once a slot is free the
// page is rendered.
func TestBusy(t *testing.T) {
	s, log := newTestServer(t)
	s.gate = newGate(1, 0, 50*time.Millisecond)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	if _, err := s.site(); err != nil {
		t.Fatal(err)
	}
	release, err := s.gate.enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(ts.URL + "/diff/2009-05-01/2009-07-11")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") != "5" || !strings.Contains(string(body), "retry in 5 s") {
		t.Errorf("a diff page with the gate full: %d, Retry-After %q, %.200s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if !strings.Contains(log.String(), "GET /diff/2009-05-01/2009-07-11 503 ") {
		t.Errorf("the log does not say 503:\n%s", log)
	}
	if status, body := get(t, ts, "/api/rules/702.47a"); status != 200 {
		t.Errorf("a rule with the gate full: %d %.100s", status, body)
	}
	release()
	if status, body := get(t, ts, "/diff/2009-05-01/2009-07-11"); status != 200 || !strings.Contains(body, `id="b-`) {
		t.Errorf("a diff page with the gate free: %d %.100s", status, body)
	}
}

// TestGateBounds: concurrent expensive requests beyond the slots wait
// for one, and beyond the queue are refused.
func TestGateBounds(t *testing.T) {
	g := newGate(2, 1, time.Second)
	var held []func()
	for range 2 {
		r, err := g.enter(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, r)
	}
	got := make(chan error)
	go func() {
		r, err := g.enter(context.Background())
		if err == nil {
			r()
		}
		got <- err
	}()
	time.Sleep(20 * time.Millisecond) // the third waits in the queue
	if _, err := g.enter(context.Background()); err == nil {
		t.Error("a fourth entered with two slots and a queue of one")
	}
	held[0]()
	if err := <-got; err != nil {
		t.Errorf("the one waiting: %v, want a slot once one was freed", err)
	}
	held[1]()
}

// TestStatusSent: an answer that takes longer to compute than the write
// timeout is still sent whole, and logged with its status and size
// (issue 23: 16% of clients got an empty reply while the log said 200).
func TestStatusSent(t *testing.T) {
	s, log := newTestServer(t)
	ts := httptest.NewUnstartedServer(s.Handler())
	ts.Config.WriteTimeout = 300 * time.Millisecond
	ts.Start()
	defer ts.Close()
	// The first page builds the site, and a change page across 27 years
	// takes longer still: far more than 300 ms.
	resp, err := http.Get(ts.URL + "/diff/1999-04-23/2026-01-16")
	if err != nil {
		t.Fatalf("no reply: %v; log:\n%s", err, log)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || err != nil || !strings.Contains(string(body), "</html>") {
		t.Errorf("status %d, %d bytes, %v; want the whole page", resp.StatusCode, len(body), err)
	}
	want := fmt.Sprintf("GET /diff/1999-04-23/2026-01-16 200 %dB ", len(body))
	if !strings.Contains(log.String(), want) || strings.Contains(log.String(), "not sent") {
		t.Errorf("the log does not say %q:\n%s", want, log)
	}
}

// TestPanicLogged: a panic in a handler answers 500 and is logged with
// the request and the stack.
func TestPanicLogged(t *testing.T) {
	s, log := newTestServer(t)
	ts := httptest.NewServer(s.wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })))
	defer ts.Close()
	status, body := get(t, ts, "/latest/702.html?q=1")
	if status != 500 || !strings.Contains(body, `"error":"internal error"`) {
		t.Errorf("%d %s, want 500", status, body)
	}
	for _, want := range []string{"panic serving GET /latest/702.html?q=1: boom\n", "goroutine ", "limits_test.go", "GET /latest/702.html?q=1 500 "} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log has no %q:\n%s", want, log)
		}
	}
}

// TestCanonicalPaths: an alias of a page is redirected to its one path,
// so the page is rendered and cached once; latest/ shares the latest
// revision's cache entry.
func TestCanonicalPaths(t *testing.T) {
	s, _ := newTestServer(t)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, tc := range []struct{ path, to string }{
		{"/latest/..%2fdiff%2f2009-05-01%2f2009-07-11.html", "/diff/2009-05-01/2009-07-11.html"},
		{"/latest/.%2F702.html", "/latest/702.html"},
		{"/latest/%37%30%32.html?x=1", "/latest/702.html?x=1"},
		{"/2026-01-16/..%2F..%2F2005-10-01%2F502.html", "/2005-10-01/502.html"},
	} {
		resp, err := noRedirect.Get(ts.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 301 || resp.Header.Get("Location") != tc.to {
			t.Errorf("GET %s: %d to %q, want 301 to %s", tc.path, resp.StatusCode, resp.Header.Get("Location"), tc.to)
		}
	}
	for _, p := range []string{"/latest/702.html", "/2026-01-16/702.html", "/latest/..%2f2026-01-16%2f702.html"} {
		if status, body := get(t, ts, p); status != 200 || !strings.Contains(body, `id="702.47a"`) {
			t.Errorf("GET %s: %d", p, status)
		}
	}
	s.pages.mu.Lock()
	defer s.pages.mu.Unlock()
	var keys []string
	for k := range s.pages.byKey {
		keys = append(keys, k)
	}
	if len(keys) != 1 || keys[0] != "2026-01-16/702.html" {
		t.Errorf("cached %q, want the one page 2026-01-16/702.html", keys)
	}
}

// TestUnwritableCache: with a cache folder that cannot be written, a
// search is answered from an index built in memory, not with a 500 naming
// the cache's path.
func TestUnwritableCache(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(parent, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := crules.Open(crules.Options{CacheDir: filepath.Join(parent, "crules")})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(New(lib, nil).Handler())
	t.Cleanup(func() { ts.Close(); lib.Close() })
	for _, path := range []string{"/api/search?q=splice+onto+arcane", "/api/search?q=splice&rev=2005"} {
		status, body := get(t, ts, path)
		if status != 200 || !strings.Contains(body, `"title":"Splice"`) || strings.Contains(body, parent) {
			t.Errorf("GET %s with an unwritable cache: %d %.200s", path, status, body)
		}
	}
}
