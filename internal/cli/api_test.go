package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/serve"
)

// apiServer serves the HTTP API over the embedded corpus.
func apiServer(t *testing.T) *httptest.Server {
	t.Helper()
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(serve.New(lib, nil).Handler())
	t.Cleanup(func() { ts.Close(); lib.Close() })
	return ts
}

// ask sends a request to the API: a GET, or a POST of body when it is
// not empty.
func ask(t *testing.T, ts *httptest.Server, path, body string) (int, string) {
	t.Helper()
	var resp *http.Response
	var err error
	if body == "" {
		resp, err = http.Get(ts.URL + path)
	} else {
		resp, err = http.Post(ts.URL+path, "text/plain", strings.NewReader(body))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("%s: Content-Type %q", path, ct)
	}
	return resp.StatusCode, string(b)
}

// citeText is a source file with a current and a stale citation.
const citeText = "// Splice onto Arcane (CR 702.47a).\n// Convoke: rule 502.46 says tap creatures.\n"

// TestAPIAsCLI: every question the HTTP API answers is answered in the
// bytes the command's --json prints, found or not: one encoder for both
// front ends.
func TestAPIAsCLI(t *testing.T) {
	ts := apiServer(t)
	t.Chdir(t.TempDir())
	if err := os.WriteFile("text.txt", []byte(citeText), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args       []string
		path, body string
		status     int
	}{
		{[]string{"rule", "702.47a", "--json"}, "/api/rules/702.47a", "", 200},
		{[]string{"rule", "702.999", "--json"}, "/api/rules/702.999", "", 404},
		{[]string{"glossary", "--json", "--rev", "2005"}, "/api/glossary?rev=2005", "", 200},
		{[]string{"glossary", "mana", "value", "--json", "--rev", "2005"}, "/api/glossary/mana%20value?rev=2005", "", 200},
		{[]string{"glossary", "splise", "--json"}, "/api/glossary/splise", "", 404},
		{[]string{"history", "splice", "--json"}, "/api/history/splice", "", 200},
		{[]string{"history", "502.46", "--rev", "2006-10-01", "--json"}, "/api/history/502.46?rev=2006-10-01", "", 200},
		{[]string{"history", "nonexistent", "keyword", "--json"}, "/api/history/nonexistent%20keyword", "", 404},
		{[]string{"keyword", "splice", "--json"}, "/api/keywords/splice", "", 200},
		{[]string{"keyword", "flashback", "--rev", "2006-10-01", "--json"}, "/api/keywords/flashback?rev=2006-10-01", "", 200},
		{[]string{"keyword", "splise", "--json"}, "/api/keywords/splise", "", 404},
		{[]string{"keywords", "--kind", "triggered", "--json"}, "/api/keywords?kind=triggered", "", 200},
		{[]string{"keywords", "--rev", "2006-10-01", "--json"}, "/api/keywords?rev=2006-10-01", "", 200},
		{[]string{"keywords", "--coverage", "--rev", "2006-10-01", "--json"}, "/api/keywords?coverage=true&rev=2006-10-01", "", 200},
		{[]string{"refs", "702.47a", "--json"}, "/api/refs/702.47a", "", 200},
		{[]string{"refs", "CR", "601.2f-h", "--rev", "2026-01-16", "--json"}, "/api/refs/CR%20601.2f-h?rev=2026-01-16", "", 200},
		{[]string{"refs", "702.999", "--json"}, "/api/refs/702.999", "", 404},
		{[]string{"refs", "trample", "--json"}, "/api/refs/trample", "", 200},
		{[]string{"refs", "sevenfold wombat", "--json"}, "/api/refs/sevenfold%20wombat", "", 404},
		{[]string{"toc", "--json"}, "/api/toc", "", 200},
		{[]string{"toc", "--rev", "2005", "--json"}, "/api/toc?rev=2005", "", 200},
		{[]string{"terms", "--json"}, "/api/terms", "", 200},
		{[]string{"terms", "removed", "from", "the", "game", "--json"}, "/api/terms/removed%20from%20the%20game", "", 200},
		{[]string{"terms", "mana", "burn", "--json"}, "/api/terms/mana%20burn", "", 404},
		{[]string{"versions", "--json"}, "/api/versions", "", 200},
		{[]string{"cite", "--json", "text.txt"}, "/api/cite?name=text.txt", citeText, 200},
		{[]string{"cite", "--all", "--json", "text.txt"}, "/api/cite?name=text.txt&all=true", citeText, 200},
		{[]string{"diff", "2009-05-01", "2009-07-11", "--json"}, "/api/diff?a=2009-05-01&b=2009-07-11", "", 200},
		{[]string{"diff", "2008-05-01", "2009-07-11", "--rule", "702.47", "--json"}, "/api/diff?a=2008-05-01&b=2009-07-11&rule=702.47", "", 200},
		{[]string{"diff", "2005", "2006", "--class", "edited,typography", "--ignore-typography", "--json"}, "/api/diff?a=2005&b=2006&class=edited,typography&ignore_typography=true", "", 200},
		{[]string{"diff", "latest~1", "latest", "--stat", "--json"}, "/api/diff?a=latest~1&b=latest&stat=true", "", 200},
		{[]string{"diff", "2005", "2006", "--rule", "CR 702.47", "--ignore-typography", "--stat", "--json"}, "/api/diff?a=2005&b=2006&rule=CR+702.47&ignore_typography=true&stat=true", "", 200},
		{[]string{"diff", "2005", "2006", "--rule", "999", "--json"}, "/api/diff?a=2005&b=2006&rule=999", "", 404},
		{[]string{"search", "splice onto arcane", "--json"}, "/api/search?q=splice+onto+arcane", "", 200},
		{[]string{"search", "the splise", "--json"}, "/api/search?q=the+splise", "", 200},
		{[]string{"search", "mana burn", "--all-revs", "--json"}, "/api/search?q=mana+burn&all_revs=true", "", 200},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if testing.Short() && strings.Contains(tc.path, "all_revs") {
				t.Skip("builds the index of every revision")
			}
			code, out, errs := run(t, tc.args...)
			if code == ExitBad {
				t.Fatalf("crules %s: exit 2: %s", strings.Join(tc.args, " "), errs)
			}
			status, body := ask(t, ts, tc.path, tc.body)
			if status != tc.status {
				t.Errorf("%s: %d, want %d: %s", tc.path, status, tc.status, body)
			}
			if body != out {
				t.Errorf("%s answers otherwise than crules %s:\n%s\nwant:\n%s", tc.path, strings.Join(tc.args, " "), clip(body), clip(out))
			}
		})
	}
}

func clip(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

// TestAPIErrors: every error of the API is one object, {"error", "kind",
// "suggestions"} with suggestions never null, with the status its kind
// means, and none names a command-line flag; a search that matched
// nothing is an answer (200).
func TestAPIErrors(t *testing.T) {
	ts := apiServer(t)
	for _, tc := range []struct {
		path, body string
		status     int
		kind, has  string
	}{
		{"/api/rules/702.999", "", 404, "no_rule", "702.99"},
		{"/api/rules/12", "", 400, "bad_request", ""},
		{"/api/rules/702.47a?rev=banana", "", 400, "unknown_revision", ""},
		{"/api/rules/702.47a?rev=2005-13", "", 400, "unknown_revision", "2005-10-01"},
		{"/api/toc?rev=1850", "", 400, "unknown_revision", "1999-04-23"},
		{"/api/glossary/splise", "", 404, "no_term", "Splice"},
		{"/api/keywords/splise", "", 404, "no_keyword", "Splice"},
		{"/api/keywords?kind=sideways", "", 400, "bad_request", ""},
		{"/api/keywords?coverage=maybe", "", 400, "bad_request", ""},
		{"/api/refs/702.999", "", 404, "no_rule", "702.99"},
		{"/api/refs/12", "", 400, "bad_request", ""},
		{"/api/history/nonexistent%20keyword", "", 404, "no_rule", ""},
		{"/api/terms/mana%20burn", "", 404, "no_phrase", ""},
		{"/api/search?q=splice&all_revs=yes", "", 400, "bad_request", ""},
		{"/api/search?q=splice&all_revs=true&rev=2005", "", 400, "bad_request", ""},
		{"/api/cite", "", 405, "method_not_allowed", "POST"},
		{"/api/cite?name=a/b", "702.47a", 400, "bad_request", ""},
		{"/api/cite", strings.Repeat("702.47a ", crules.MaxCiteText/8+1), 413, "too_large", ""},
		{"/api/diff?a=2005&b=2006&ignore_typography=maybe", "", 400, "bad_request", "ignore_typography"},
		{"/api/diff?a=2005&b=2006&rule=702.x", "", 400, "bad_request", "rule"},
		{"/api/diff?a=2005&b=2006&rule=999", "", 404, "no_rule", ""},
		{"/api/nope", "", 404, "no_page", ""},
	} {
		status, body := ask(t, ts, tc.path, tc.body)
		var e struct {
			Error       *string   `json:"error"`
			Kind        *string   `json:"kind"`
			Suggestions *[]string `json:"suggestions"`
		}
		dec := json.NewDecoder(strings.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e); err != nil || e.Error == nil || e.Kind == nil || e.Suggestions == nil {
			t.Errorf("%s: %d %s: want the error object (%v)", tc.path, status, body, err)
			continue
		}
		if status != tc.status || *e.Kind != tc.kind {
			t.Errorf("%s: %d %s, want %d of kind %s", tc.path, status, body, tc.status, tc.kind)
		}
		if tc.has != "" && !strings.Contains(body, tc.has) {
			t.Errorf("%s: %s, want it to mention %s", tc.path, body, tc.has)
		}
		if strings.Contains(*e.Error, "--") {
			t.Errorf("%s: %q names a command-line flag", tc.path, *e.Error)
		}
	}
	// Nothing found by a search is an answer: its hits, empty.
	status, body := ask(t, ts, "/api/search?q=zzzzqqq", "")
	var res struct{ Hits []any }
	if err := json.Unmarshal([]byte(body), &res); status != 200 || err != nil || res.Hits == nil || len(res.Hits) != 0 {
		t.Errorf("a search matching nothing: %d %s, want 200 with no hits", status, body)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(body)); err != nil || !strings.Contains(buf.String(), `"kind":"no_match"`) {
		t.Errorf("a search matching nothing: %s, want its kind", body)
	}
}
