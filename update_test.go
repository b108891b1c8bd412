package crules_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/corpustest"
)

// rulesSite serves a rules page at /en/rules linking /docs/file.txt (as
// the official page does, in a paragraph among other links), and under
// /docs/ the files of files by name. A handler of handlers takes its
// path over.
func rulesSite(t *testing.T, files map[string][]byte, handlers map[string]http.HandlerFunc) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><body><h1>Rules</h1><p><a href="/en/formats">Formats</a>
<p>Comprehensive Rules: <a href="https://media.example/rules.pdf">PDF</a> | <a class=x href="../docs/MagicCompRules%2020260227.txt">TXT</a></p></body></html>`))
	}
	if handlers["/en/rules"] == nil {
		mux.HandleFunc("/en/rules", page)
	}
	mux.HandleFunc("/docs/", func(w http.ResponseWriter, r *http.Request) {
		b, ok := files[strings.TrimPrefix(r.URL.Path, "/docs/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(b)
	})
	for p, h := range handlers {
		mux.HandleFunc(p, h)
	}
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// TestUpdate: a newer release on the page is added, and the same one
// again is up to date; --check finds it newer without adding it.
func TestUpdate(t *testing.T) {
	ts := rulesSite(t, map[string][]byte{"MagicCompRules 20260227.txt": corpustest.NewRevision(t)}, nil)
	data := t.TempDir()
	lib := open(t, crules.Options{DataDir: data})
	o := crules.UpdateOptions{Page: ts.URL + "/en/rules"}

	check := o
	check.Check = true
	res, err := lib.Update(context.Background(), check)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Newer || res.Added != nil || res.Rev != corpustest.NewDate || res.Latest != "2026-01-16" {
		t.Errorf("check: %+v", res)
	}
	if entries, _ := os.ReadDir(data); len(entries) != 0 {
		t.Errorf("check wrote %d files", len(entries))
	}

	res, err = lib.Update(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Added == nil || res.Added.Rev != corpustest.NewDate || res.URL != ts.URL+"/docs/MagicCompRules%2020260227.txt" {
		t.Errorf("update: %+v", res)
	}
	lib = open(t, crules.Options{DataDir: data})
	if r := lib.Latest(); r.Name() != corpustest.NewDate || !strings.Contains(r.Origin(), res.URL) {
		t.Errorf("latest after update: %s, %s", r, r.Origin())
	}
	res, err = lib.Update(context.Background(), o)
	if err != nil || !res.UpToDate || res.Added != nil {
		t.Errorf("the same release again: %+v, %v; want up to date", res, err)
	}
}

// TestUpdateFailures: each way the page or its file can fail is a clear
// error, and nothing is added.
func TestUpdateFailures(t *testing.T) {
	newRev := corpustest.NewRevision(t)
	older, err := os.ReadFile(filepath.Join("..", "shared", "corpus", "CR-2025-11-14.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		files   map[string][]byte
		handler http.HandlerFunc // of the page
		limit   int64
		timeout time.Duration
		want    string
		bad     bool // ErrBadInput
	}{
		{name: "404", want: ": 404 Not Found", bad: true},
		{name: "no link", handler: func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`<html><a href="/rules.pdf">PDF</a> <p>MagicCompRules 20260227.txt</p></html>`))
		}, want: "links no .txt file: has the page changed?", bad: true},
		{name: "truncated", handler: func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, ".txt") {
				w.Write([]byte(`<a href="/x/cr.txt">TXT</a>`))
				return
			}
			w.Header().Set("Content-Length", "954000")
			w.Write(newRev[:1000])
		}, want: "the download ended after 1000 of 954000 bytes", bad: true},
		{name: "not a CR", files: map[string][]byte{"MagicCompRules 20260227.txt": []byte("<html>Maintenance</html>\n")}, want: "is not the Comprehensive Rules", bad: true},
		{name: "older", files: map[string][]byte{"MagicCompRules 20260227.txt": older}, want: "the CR of 2025-11-14, older than the newest revision held (2026-01-16)", bad: true},
		{name: "too large", files: map[string][]byte{"MagicCompRules 20260227.txt": newRev}, limit: 100 << 10, want: "more than the 102400", bad: true},
		{name: "timeout", handler: func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}, timeout: 200 * time.Millisecond, want: "offline?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := map[string]http.HandlerFunc{}
			if c.handler != nil {
				h["/en/rules"] = c.handler
				h["/x/"] = c.handler
			}
			files := c.files
			if files == nil {
				files = map[string][]byte{}
			}
			ts := rulesSite(t, files, h)
			data := t.TempDir()
			lib := open(t, crules.Options{DataDir: data})
			_, err := lib.Update(context.Background(), crules.UpdateOptions{Page: ts.URL + "/en/rules", MaxSize: c.limit, Timeout: c.timeout})
			if err == nil || !strings.Contains(err.Error(), c.want) || errors.Is(err, crules.ErrBadInput) != c.bad {
				t.Errorf("err = %v, want %q (bad input %v)", err, c.want, c.bad)
			}
			if entries, _ := os.ReadDir(data); len(entries) != 0 {
				t.Errorf("a failed update wrote %d files", len(entries))
			}
		})
	}
}
