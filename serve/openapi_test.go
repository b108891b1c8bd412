package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crules/crules"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// openAPIRouter loads /api/openapi.json as served, checks it is a valid
// OpenAPI 3.1 document and routes requests by it. kin-openapi's support of
// 3.1 is its loader and its JSON Schema 2020-12 validator, which
// openapi3filter uses for a 3.1 document.
func openAPIRouter(t *testing.T, ts *httptest.Server) (*openapi3.T, routers.Router) {
	t.Helper()
	status, body := get(t, ts, "/api/openapi.json")
	if status != 200 {
		t.Fatalf("/api/openapi.json: %d", status)
	}
	doc, err := openapi3.NewLoader().LoadFromData([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() {
		t.Errorf("openapi %q, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.json is not a valid description: %v", err)
	}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	return doc, router
}

// validate sends a request and checks it and the reply against the
// description: the reply's status is one the operation lists and its body
// fits that status's schema. It returns the status.
func validate(t *testing.T, ts *httptest.Server, router routers.Router, method, target, body string) int {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.URL+target, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "text/plain")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	route, params, err := router.FindRoute(req)
	if err != nil {
		t.Errorf("%s %s: no operation of openapi.json: %v", method, target, err)
		return resp.StatusCode
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route}
	if body != "" {
		in.Request.Body = io.NopCloser(strings.NewReader(body))
	}
	// A request the server refuses as malformed may not fit either.
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && resp.StatusCode != 400 {
		t.Errorf("%s %s: the request does not fit openapi.json: %v", method, target, err)
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(got)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("%s %s: %d, the reply does not fit openapi.json: %v\n%.400s", method, target, resp.StatusCode, err, got)
	}
	return resp.StatusCode
}

// TestOpenAPI: /api/ lists every operation of /api/openapi.json with an
// example, each example is answered 200, and every reply, answers and
// errors alike, fits the description.
func TestOpenAPI(t *testing.T) {
	ts := testServer(t)
	doc, router := openAPIRouter(t, ts)
	status, body := get(t, ts, "/api/")
	var index struct {
		OpenAPI   string
		Endpoints []endpoint
	}
	if err := json.Unmarshal([]byte(body), &index); status != 200 || err != nil || index.OpenAPI != "/api/openapi.json" {
		t.Fatalf("/api/: %d %.300s (%v)", status, body, err)
	}
	listed := map[string]bool{}
	for _, e := range index.Endpoints {
		listed[e.Method+" "+e.Path] = true
		if e.Summary == "" || !strings.HasPrefix(e.Example, "/api/") {
			t.Errorf("/api/ lists %s %s without a summary or an example", e.Method, e.Path)
			continue
		}
		if testing.Short() && (strings.Contains(e.Path, "history") || strings.Contains(e.Path, "terms") || strings.Contains(e.Path, "cite")) {
			continue // build the lineage or count every revision
		}
		body := ""
		if op := doc.Paths.Find(e.Path).GetOperation(e.Method); op.RequestBody != nil {
			body, _ = op.RequestBody.Value.Content.Get("text/plain").Example.(string)
		}
		if got := validate(t, ts, router, e.Method, e.Example, body); got != 200 {
			t.Errorf("the example of %s %s, %s: %d", e.Method, e.Path, e.Example, got)
		}
	}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			if !listed[method+" "+path] {
				t.Errorf("/api/ does not list %s %s", method, path)
			}
		}
	}
	for _, tc := range []struct {
		method, target, body string
		status               int
	}{
		{"GET", "/api/rules/702.999", "", 404},
		{"GET", "/api/rules/12", "", 400},
		{"GET", "/api/rules/" + strings.Repeat("702%20", 300), "", 413},
		{"GET", "/api/rules/" + "702.47a%20999.1", "", 200},
		{"GET", "/api/rules/702", "", 200},
		{"GET", "/api/rules/7", "", 200},
		{"GET", "/api/rules/601.2f-h", "", 200},
		{"GET", "/api/glossary/splise", "", 404},
		{"GET", "/api/glossary?rev=banana", "", 400},
		{"GET", "/api/search?q=zzzzqqq", "", 200},
		{"GET", "/api/search?q=splice&limit=0", "", 400},
		{"GET", "/api/search?q=splice&rev=2005", "", 200},
		{"GET", "/api/diff?a=2009", "", 400},
		{"GET", "/api/diff?a=2005&b=2006&rule=502.40&ignore_typography=true", "", 200},
		{"GET", "/api/diff?a=2008-05-01&b=2009-07-11&rule=702.47&stat=true", "", 200},
		{"GET", "/api/diff?a=2005&b=2006&rule=999", "", 404},
		{"GET", "/api/toc?rev=1850", "", 400},
		{"GET", "/api/refs/702.999", "", 404},
		{"GET", "/api/keywords/splise", "", 404},
		{"GET", "/api/keywords?coverage=true&rev=2006-10-01", "", 200},
		{"GET", "/api/keywords?coverage=true&all_revs=true&rev=2006", "", 400},
		{"GET", "/api/keywords?all_revs=true", "", 400},
		{"GET", "/api/keywords?kind=sideways", "", 400},
		{"GET", "/api/terms/mana%20burn", "", 404},
		{"POST", "/api/cite", strings.Repeat("702.47a ", crules.MaxCiteText/8+1), 413},
	} {
		if got := validate(t, ts, router, tc.method, tc.target, tc.body); got != tc.status {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.target, got, tc.status)
		}
	}
}
