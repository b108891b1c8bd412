package main

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/cli"
	"github.com/crules/crules/serve"
)

// TestSearchFrontEnds: the command line, /api/search and the /search page
// give the same hits in the same order, quoted phrases, curly quotes and
// unquoted words alike.
func TestSearchFrontEnds(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("CRULES_CACHE", cache)
	lib, err := crules.Open(crules.Options{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	ts := httptest.NewServer(serve.New(lib, nil).Handler())
	defer ts.Close()
	get := func(path string) []byte {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return b
	}
	ids := func(raw []byte) []string {
		var res struct{ Hits []struct{ ID string } }
		if err := json.Unmarshal(raw, &res); err != nil {
			t.Fatalf("%v: %s", err, raw)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.ID)
		}
		return out
	}
	link := regexp.MustCompile(`<a class="id" href="[^"]*">([^<]*)</a>`)
	for _, q := range []string{`"can't be countered"`, `“can’t be countered”`, `can't be countered`, "splice onto arcane", "deathtouch"} {
		var stdout, stderr bytes.Buffer
		if code := cli.Main([]string{"search", q, "--limit", "20", "--json"}, &stdout, &stderr); code != 0 {
			t.Fatalf("search %s: exit %d: %s", q, code, stderr.String())
		}
		fromCLI := ids(stdout.Bytes())
		fromAPI := ids(get("/api/search?limit=20&q=" + url.QueryEscape(q)))
		var fromPage []string
		for _, m := range link.FindAllSubmatch(get("/search?q="+url.QueryEscape(q)), -1) {
			fromPage = append(fromPage, html.UnescapeString(string(m[1])))
		}
		if len(fromCLI) == 0 || !slices.Equal(fromCLI, fromAPI) || !slices.Equal(fromCLI, fromPage) {
			t.Errorf("%s:\ncommand line %v\n/api/search  %v\n/search page %v", q, fromCLI, fromAPI, fromPage)
		}
	}
}
