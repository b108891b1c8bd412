package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/internal/corpustest"
)

// TestMain gives the tests a cache of their own.
func TestMain(m *testing.M) { os.Exit(corpustest.MainWithCache(m)) }

func testServer(t *testing.T) *httptest.Server {
	t.Helper()
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(New(lib, nil).HTTPServer().Handler)
	t.Cleanup(func() { ts.Close(); lib.Close() })
	return ts
}

func get(t *testing.T, ts *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, compact(resp, b)
}

// compact is the body of a JSON answer on one line, so that a test looks
// for "key":"value" whatever the indentation.
func compact(resp *http.Response, b []byte) string {
	var buf bytes.Buffer
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") && json.Compact(&buf, b) == nil {
		return buf.String()
	}
	return string(b)
}

func TestServeAPI(t *testing.T) {
	ts := testServer(t)
	for _, tc := range []struct {
		path   string
		status int
		has    string
	}{
		{"/api/revs", 200, `"rev":"2026-01-16"`},
		{"/api/rules/702.47a", 200, `"id":"702.47a"`},
		{"/api/rules/502.40?rev=2006-10-01", 200, `"title":"Splice"`},
		{"/api/rules/702.47a?rev=2005", 200, `"id":"502.40a"`},
		{"/api/rules/702.47a?rev=2005", 200, `"asked":"702.47a"`},
		{"/api/rules/702.47a?rev=1850", 400, `no revision`},
		{"/api/rules/702.47a?rev=2005-13", 400, `nearest: 2005-02-01, 2005-08-01, 2005-10-01`},
		{"/api/rules/702.47a?rev=banana", 400, `a revision is latest, first, YYYY`},
		{"/api/rules/502.40?rev=2006-10-01~2", 200, `"rev":"2006-05-01"`},
		{"/api/rules/702.47a?rev=latest~200", 400, `has 124 revisions before it`},
		{"/api/glossary/mana%20value?rev=2005", 200, `"term":"Converted Mana Cost"`},
		{"/api/glossary/exile?rev=2006", 200, `"asked":"exile"`},
		{"/api/glossary/cmc?rev=2005", 200, `"term":"Converted Mana Cost"`},
		{"/api/rules/702", 200, `"title":"Keyword Abilities"`},
		{"/api/rules/702.999", 404, `"error":"no rule 702.999`},
		{"/api/rules/702.47z9", 400, `not a rule number`},
		{"/api/rules/trample", 200, `"id":"702.19"`},
		{"/api/rules/" + url.PathEscape("combat damage step"), 200, `"title":"Combat Damage Step"`},
		{"/api/rules/seven", 404, `did you mean: `},
		{"/api/rules/" + url.PathEscape("CR 702.47a"), 200, `"id":"702.47a"`},
		{"/api/rules/" + url.PathEscape("§702.47a"), 200, `"id":"702.47a"`},
		{"/api/rules/601.2f-h", 200, `"id":"601.2h"`},
		{"/api/rules/" + url.PathEscape("601.2f–h"), 200, `[{"id":"601.2f"`},
		{"/api/rules/7", 200, `"title":"Additional Rules"`},
		{"/api/rules/" + url.PathEscape("702.47a 999.1 702.19a"), 200, `"rules":[{"id":"702.47a"`},
		{"/api/rules/" + url.PathEscape("702.47a 999.1 702.19a"), 200, `"missing":[{"id":"999.1","error":"no rule 999.1 in 2026-01-16; nearest: 905.3`},
		{"/api/rules/" + url.PathEscape("999.1 999.2"), 404, `"error":"no rule 999.1 in 2026-01-16; nearest: 905.3, 905.4, 905.4a, 905.5, 905.6\nno rule 999.2`},
		{"/api/rules/12", 400, `accepted forms`},
		{"/api/glossary/splice?rev=2019", 200, `"term":"Splice"`},
		{"/api/glossary/nothing-like-this", 404, `no glossary entry`},
		{"/api/search?q=splice+onto+arcane", 200, `"id":"702.47c"`},
		{"/api/search?q=" + url.QueryEscape(`"unbalanced`), 400, `unbalanced quotes`},
		{"/api/search?q=" + strings.Repeat("splice+", 1500), 400, `the query is`},
		{"/api/search?q=a%00b", 400, `control character`},
		{"/api/search?q=splice&limit=-1", 400, `limit must be`},
		{"/api/search?q=splice&limit=100000", 400, `limit must be`},
		{"/api/search?q=splice&rev=1850-01-01", 400, `no revision`},
		{"/api/search?q=zzzzqqq", 200, `"hits":[]`},
		{"/api/search?q=zzzzqqq", 200, `"suggestions":[],"unindexed":[]`},
		{"/api/search?q=702.47a", 200, `"marks":[]`},
		{"/api/search?q=zzzzqqq", 200, `{"error":"nothing matches \"zzzzqqq\" in 2026-01-16","kind":"no_match","query":"zzzzqqq","rev":"2026-01-16","hits":[]`},
		{"/api/search?q=splice+onto+arcane", 200, `"suggestions":[],"unindexed":[]`},
		{"/api/search?q=the+splcie", 200, `"hits":[],"suggestions":["splice",`},
		{"/api/search?q=the+splcie", 200, `"unindexed":["the"]`},
		{"/api/search?q=exile", 200, `"id":"Exile","kind":"glossary","title":"Exile","term":"Exile"`},
		{"/search?q=splcie", 200, `Did you mean: <a href="/search?q=splice&amp;rev=2026-01-16">splice</a>`},
		{"/search?q=convoke", 200, `<mark>`},
		{"/search?q=" + url.QueryEscape(`"x`), 400, `unbalanced`},
		{"/search?q=splice+onto+arcane", 200, `href="/2026-01-16/702.html#702.47`},
		{"/search?q=exile", 200, `href="/2026-01-16/glossary.html#g-exile"`},
		{"/search?q=splice&rev=2005", 200, `href="/2005-10-01/502.html#502.40`},
		{"/", 200, `href="2026-01-16/index.html"`},
		{"/latest/702.html", 200, `id="702.47a"`},
		{"/2026-01-16/702.html", 200, `id="R70247a"`},
		{"/2005/502.html", 200, `id="502.40a"`}, // redirected to 2005-10-01
		{"/latest/999.html", 404, `<h1>Not Found</h1>`},
		{"/1850/702.html", 404, `<h1>Not Found</h1>`},
		{"/latest/", 200, `<h1>Comprehensive Rules, <span class="nw">2026-01-16</span></h1>`},
		{"/latest", 200, `<h1>Comprehensive Rules, <span class="nw">2026-01-16</span></h1>`}, // redirected to /latest/
		{"/2005/", 200, `<h1>Comprehensive Rules, <span class="nw">2005-10-01</span></h1>`},  // to /2005-10-01/index.html
		{"/2005-10-01/", 200, `href="502.html"`},
		{"/history/702.47.html", 200, `502.40`},
		{"/history/702.47.html", 200, `<del>If </del><ins>Glacial Ray is </ins>`}, // 502.40c's example, 2005-02-01
		{"/diff/2009-05-01/2009-07-11", 200, `id="b-`},
		{"/diff/2009/2010?class=renumbered", 200, `Changes from 2009-10-01 to 2010-`},
		{"/diff/2009/2010?class=bogus", 400, `<h1>Bad Request</h1>`},
		{"/diff/2005/2006", 200, `<a href="?ignore_typography=true">Ignore typography</a>`},
		{"/diff/2005/2006?class=edited&ignore_typography=true", 200, `Typography ignored: 492 changes were typography alone (quotes, apostrophes, dashes, spaces), counted as unchanged. <a href="?class=edited">Show them</a>`},
		{"/diff/2005/2006?ignore_typography=maybe", 400, `<h1>Bad Request</h1>`},
		{"/diff/1850/2010", 400, `no revision`},
		{"/api/diff?a=2009-05-01&b=2009-07-11&class=renumbered", 200, `"renumbering":[{"a":"103.4","a_title":"If multiple players would make …","b":"101.4","b_title":"If multiple players would make …","class":"renumbered"}`},
		{"/api/diff?a=2009-05-01&b=2009-07-11", 200, `"pairs":[{`},
		{"/api/diff?a=2009-05-01", 400, `two revisions`},
		{"/api/diff?a=2005&b=2006&rule=splice&stat=true", 200, `"rule_a":"502.40"`},
		{"/api/diff?a=2005&b=2006&rule=CR%20702.47&stat=true", 200, `"rule_a":"502.40"`},
		{"/api/diff?a=2005&b=2006&rule=601.2f-h", 400, `601.2f–h is a range`},
		{"/api/diff?a=2009&b=2010&class=nope", 400, `"error"`},
		{"/nope", 404, `<h1>Not Found</h1>`},
		{"/nope/deeper/page.html", 404, `href="../../index.html"`},
		{"/api/nope", 404, `{"error":"no such page: /api/nope","kind":"no_page","suggestions":[]}`},
	} {
		status, body := get(t, ts, tc.path)
		if status != tc.status || !strings.Contains(body, tc.has) {
			t.Errorf("GET %.60s: %d %.200s; want %d with %q", tc.path, status, body, tc.status, tc.has)
		}
	}
	// An HTTP error names no command or flag of the command line.
	for _, path := range []string{"/api/keywords/notakeyword", "/api/rules/702.47a?rev=1850", "/api/diff?a=2005&b=1850", "/api/history/splice?rev=2099"} {
		status, body := get(t, ts, path)
		if status < 400 || strings.Contains(body, "crules ") || strings.Contains(body, "--") {
			t.Errorf("GET %s: %d %.300s; want an error naming no command or flag", path, status, body)
		}
	}
	for _, path := range []string{"/api/revs", "/api/rules/702.47a", "/", "/latest/702.html", "/diff/2009/2010", "/api/diff"} {
		resp, err := http.Post(ts.URL+path, "text/plain", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("POST %s: %d, Allow %q", path, resp.StatusCode, resp.Header.Get("Allow"))
		}
	}
	resp, err := http.Post(ts.URL+"/nope", "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("POST /nope: %d", resp.StatusCode)
	}
}

// TestErrorTypes: a page that is not found is an HTML page, an API path
// that is not found JSON.
func TestErrorTypes(t *testing.T) {
	ts := testServer(t)
	for _, tc := range []struct{ path, ctype string }{
		{"/latest/999.html", "text/html"},
		{"/nope.html", "text/html"},
		{"/history/999.99.html", "text/html"},
		{"/api/nope", "application/json"},
		{"/api/rules/999.1", "application/json"},
	} {
		resp, err := http.Get(ts.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 || !strings.HasPrefix(resp.Header.Get("Content-Type"), tc.ctype) {
			t.Errorf("GET %s: %d %s, want 404 %s", tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), tc.ctype)
		}
	}
}

// TestServeUnderLoad runs a bounded load against the server: 64 clients
// mixing searches and rule lookups for CRULES_LOAD_SECONDS (2 by default),
// and expects no errors. Run with -race it checks concurrent searches.
func TestServeUnderLoad(t *testing.T) {
	ts := testServer(t)
	seconds := 2.0
	if s, err := strconv.ParseFloat(os.Getenv("CRULES_LOAD_SECONDS"), 64); err == nil && s > 0 {
		seconds = s
	}
	paths := []string{
		"/api/search?q=splice+onto+arcane", "/api/search?q=mana+burn", "/api/search?q=" + url.QueryEscape(`"first strike"`),
		"/api/rules/702.47a", "/api/rules/601.2f", "/api/rules/100.1", "/api/glossary/convoke",
	}
	get(t, ts, paths[0]) // build the index before the clock starts
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 10 * time.Second}
	deadline := time.Now().Add(time.Duration(seconds * float64(time.Second)))
	var ok, bad atomic.Int64
	var firstErr atomic.Value
	var wg sync.WaitGroup
	for c := 0; c < 64; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := 0; time.Now().Before(deadline); i++ {
				resp, err := client.Get(ts.URL + paths[(c+i)%len(paths)])
				if err != nil {
					bad.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					continue
				}
				var v any
				err = json.NewDecoder(resp.Body).Decode(&v)
				resp.Body.Close()
				if resp.StatusCode != 200 || err != nil {
					bad.Add(1)
					firstErr.CompareAndSwap(nil, fmt.Sprintf("status %d, %v", resp.StatusCode, err))
					continue
				}
				ok.Add(1)
			}
		}(c)
	}
	wg.Wait()
	t.Logf("%d requests in %.0f s from 64 clients (%.0f/s), %d errors", ok.Load()+bad.Load(), seconds, float64(ok.Load())/seconds, bad.Load())
	if bad.Load() > 0 {
		t.Errorf("%d failed requests, the first: %v", bad.Load(), firstErr.Load())
	}
	if ok.Load() == 0 {
		t.Error("no request succeeded")
	}
}

// TestStatus: the library's errors map to HTTP statuses in one place.
func TestStatus(t *testing.T) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, noRev := lib.Select("1850")
	_, noTerm := lib.Glossary(lib.Latest().Source(), "nothing-like-this")
	_, badID := crules.ParseRuleID("seven")
	for _, tc := range []struct {
		err  error
		want int
	}{
		{noTerm, 404},
		{fmt.Errorf("wrapped: %w", noTerm), 404},
		{errNoPage, 404},
		{noRev, 400},
		{badID, 400},
		{errMethod, 405},
		{errors.New("disk full"), 500},
	} {
		if got := status(tc.err); got != tc.want {
			t.Errorf("status(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

// TestPagesConcurrent asks for pages from many goroutines with a cache
// budget of 1 MB, so that pages fall out while others are served: every
// answer is whole and the cache stays within its budget (run with -race).
func TestPagesConcurrent(t *testing.T) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	s := New(lib, nil)
	s.pages.limit = 1 << 20
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	paths := []string{"/latest/702.html", "/2005/502.html", "/latest/glossary.html", "/diff/2009-05-01/2009-07-11", "/latest/100.html", "/api/diff?a=2015&b=2016"}
	want := map[string]int{}
	for _, p := range paths {
		resp, err := http.Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want[p] = len(b)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 12 {
				p := paths[(g+i)%len(paths)]
				resp, err := http.Get(ts.URL + p)
				if err != nil {
					t.Error(err)
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				// A page re-rendered after eviction is the same bytes:
				// diff.Compare is deterministic.
				if resp.StatusCode != 200 || len(b) != want[p] {
					t.Errorf("GET %s: %d, %d bytes, want 200 and %d", p, resp.StatusCode, len(b), want[p])
				}
			}
		}()
	}
	wg.Wait()
	s.pages.mu.Lock()
	defer s.pages.mu.Unlock()
	if s.pages.bytes > s.pages.limit && s.pages.lru.Len() > 1 {
		t.Errorf("the cache holds %d bytes in %d pages, over its budget", s.pages.bytes, s.pages.lru.Len())
	}
}

// TestSearchPageLayout: /search is laid out as the other pages: the same
// style sheet, the same navigation bar and footer, the heading in main;
// its form chooses the revision, and a query that matches nothing says so
// with suggestions.
func TestSearchPageLayout(t *testing.T) {
	ts := testServer(t)
	frame := func(path string) (page string, parts []string) {
		code, body := get(t, ts, path)
		if code != http.StatusOK {
			t.Fatalf("%s: %d", path, code)
		}
		base, _ := url.Parse(ts.URL + path)
		css := regexp.MustCompile(`<link rel="stylesheet" href="([^"]*)">`).FindStringSubmatch(body)
		nav := regexp.MustCompile(`<nav><a href="([^"]*)">Revisions</a>`).FindStringSubmatch(body)
		if css == nil || nav == nil {
			t.Fatalf("%s: no style sheet or navigation bar", path)
		}
		cssURL, _ := base.Parse(css[1])
		navURL, _ := base.Parse(nav[1])
		footer := regexp.MustCompile(`<footer>Magic: The Gathering Comprehensive Rules[^<]*Rendered by crules.</footer>`).MatchString(body)
		main := regexp.MustCompile(`<main>\s*<h1>`).MatchString(body)
		return body, []string{cssURL.Path, navURL.Path, strconv.FormatBool(footer), strconv.FormatBool(main)}
	}
	_, chapter := frame("/latest/702.html")
	page, search := frame("/search?q=trample&rev=2009-05-01")
	if !slices.Equal(chapter, search) {
		t.Errorf("/search is not laid out as /latest/702.html: style sheet, Revisions link, footer, heading %v, not %v", search, chapter)
	}
	for _, want := range []string{`<option selected>2009-05-01</option>`, `<a class="id" href="/2009-05-01/502.html#502.`, `<mark>`} {
		if !strings.Contains(page, want) {
			t.Errorf("/search?q=trample&rev=2009-05-01: no %s", want)
		}
	}
	_, body := get(t, ts, "/search?q=tramplx")
	if !strings.Contains(body, "Nothing matches.") || !strings.Contains(body, `href="/search?q=trample&amp;rev=2026-01-16"`) {
		t.Errorf("/search?q=tramplx: no suggestion of trample:\n%s", body)
	}
}

// TestAPISearchLimitIsPrefix: /api/search's hits at limit 10 and 20 are
// the first of those at the largest limit (issue 26: at limit 20 "splice
// onto arcane" in 2025-11-14 left out 702.71a, 16th at limit 50).
func TestAPISearchLimitIsPrefix(t *testing.T) {
	ts := testServer(t)
	ids := func(limit int) []string {
		t.Helper()
		code, body := get(t, ts, fmt.Sprintf("/api/search?q=splice+onto+arcane&rev=2025-11-14&limit=%d", limit))
		var res struct{ Hits []struct{ ID string } }
		if err := json.Unmarshal([]byte(body), &res); code != 200 || err != nil {
			t.Fatalf("limit %d: %d %v %s", limit, code, err, body)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.ID)
		}
		return out
	}
	all := ids(100) // the largest limit
	for _, n := range []int{10, 20} {
		if got := ids(n); len(got) != n || !slices.Equal(got, all[:n]) {
			t.Errorf("limit %d: %v; want the first %d of %v", n, got, n, all)
		}
	}
	if k := slices.Index(all, "702.71a"); k < 0 || k >= 20 {
		t.Errorf("702.71a is at %d of %v; want within the first 20", k, all)
	}
}
