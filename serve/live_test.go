package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/corpustest"
)

// liveServer serves a Live over a user archive of its own.
func liveServer(t *testing.T) (*Live, *httptest.Server, string) {
	t.Helper()
	data := t.TempDir()
	open := func() (*crules.Library, error) { return crules.Open(crules.Options{DataDir: data}) }
	lib, err := open()
	if err != nil {
		t.Fatal(err)
	}
	v := NewLive(lib, nil, nil, open)
	ts := httptest.NewServer(v)
	t.Cleanup(func() { ts.Close(); v.Close() })
	return v, ts, data
}

// latestRev is the last revision /api/revs lists, with its source.
func latestRev(t *testing.T, ts *httptest.Server) (rev, source string) {
	t.Helper()
	code, body := get(t, ts, "/api/revs")
	var revs []struct{ Rev, Source string }
	if err := json.Unmarshal([]byte(body), &revs); code != 200 || err != nil || len(revs) == 0 {
		t.Fatalf("/api/revs: %d %v", code, err)
	}
	return revs[len(revs)-1].Rev, revs[len(revs)-1].Source
}

// TestLiveTakesAnAddedRevision: a revision added while the server answers
// a stream of requests is served after Reload, without a restart, and
// not one request fails on the way.
func TestLiveTakesAnAddedRevision(t *testing.T) {
	v, ts, data := liveServer(t)
	if rev, src := latestRev(t, ts); rev != "2026-01-16" || src != "embedded" {
		t.Fatalf("latest before: %s (%s)", rev, src)
	}
	if code, _ := get(t, ts, "/api/search?q=mayhem&rev=2026-01-16"); code != 200 { // its index open before the stream starts
		t.Fatalf("search: %d", code)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	served := 0
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths := []string{"/api/rules/100.1", "/api/revs", "/api/rules/702.187c?rev=2026-01-16", "/api/search?q=mayhem&rev=2026-01-16"}
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := http.Get(ts.URL + paths[i%len(paths)])
				mu.Lock()
				served++
				if err != nil {
					failures = append(failures, err.Error())
				} else {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						failures = append(failures, fmt.Sprintf("%s: %d", paths[i%len(paths)], resp.StatusCode))
					}
				}
				mu.Unlock()
			}
		}()
	}
	adder, err := crules.Open(crules.Options{DataDir: data})
	if err != nil {
		t.Fatal(err)
	}
	defer adder.Close()
	if _, err := adder.Add(crules.File("new.txt", corpustest.NewRevision(t)), "new.txt"); err != nil {
		t.Fatal(err)
	}
	if ok, err := v.Reload(); !ok || err != nil {
		t.Fatalf("Reload after an addition: %v, %v", ok, err)
	}
	mu.Lock()
	at := served
	mu.Unlock()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		n := served
		mu.Unlock()
		if n >= at+20 || time.Now().After(deadline) {
			break
		}
	}
	close(stop)
	wg.Wait()
	if len(failures) > 0 || served < at+20 {
		t.Errorf("%d requests served, %d failed: %v", served, len(failures), failures)
	}
	if rev, src := latestRev(t, ts); rev != corpustest.NewDate || !strings.HasPrefix(src, "added ") || !strings.HasSuffix(src, " from new.txt") {
		t.Errorf("latest after: %s (%s)", rev, src)
	}
	for _, p := range []string{"/api/rules/702.190a", "/api/search?q=" + corpustest.NewWord, "/" + corpustest.NewDate + "/702.html", "/diff/2026-01-16/" + corpustest.NewDate} {
		if code, body := get(t, ts, p); code != 200 || !strings.Contains(body, corpustest.NewWord) {
			t.Errorf("%s: %d %.200s", p, code, body)
		}
	}
	if ok, err := v.Reload(); ok || err != nil {
		t.Errorf("Reload with nothing new: %v, %v", ok, err)
	}
}

// TestLiveUpdates: with an update period, the server fetches a release
// published on the rules page while it runs, and serves it.
func TestLiveUpdates(t *testing.T) {
	v, ts, _ := liveServer(t)
	newRev := corpustest.NewRevision(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/rules", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`<a href="/cr.txt">TXT</a>`)) })
	mux.HandleFunc("/cr.txt", func(w http.ResponseWriter, r *http.Request) { w.Write(newRev) })
	wizards := httptest.NewServer(mux)
	defer wizards.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The watch logs the addition, then swaps the library in, then logs
	// that it serves it: the test waits for that last line, not for the
	// swap, which happens before it is logged.
	lines := make(chan string)
	go v.Watch(ctx, time.Hour, 20*time.Millisecond, crules.UpdateOptions{Page: wizards.URL + "/rules"}, func(format string, args ...any) {
		select {
		case lines <- fmt.Sprintf(format, args...):
		case <-ctx.Done():
		}
	})
	var logged []string
	timeout := time.After(30 * time.Second)
	for len(logged) == 0 || !strings.HasPrefix(logged[len(logged)-1], "serving ") {
		select {
		case l := <-lines:
			logged = append(logged, l)
		case <-timeout:
			t.Fatalf("the release on the page was not taken in 30 s; logged %q", logged)
		}
	}
	if len(logged) != 2 || !strings.HasPrefix(logged[0], "update: added "+corpustest.NewDate+" from ") || !strings.HasSuffix(logged[1], "the latest "+corpustest.NewDate) {
		t.Errorf("logged %q", logged)
	}
	if got := v.Library().Latest().Name(); got != corpustest.NewDate {
		t.Errorf("the library serves up to %s", got)
	}
	if rev, _ := latestRev(t, ts); rev != corpustest.NewDate {
		t.Errorf("/api/revs ends at %s", rev)
	}
}
