package serve

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"sync"
)

// openAPI is the OpenAPI 3.1 description of /api/, served as
// /api/openapi.json; each operation's x-example is a request it answers,
// listed by /api/ (a test asks each and validates the reply against the
// description).
//
//go:embed openapi.json
var openAPI []byte

// An endpoint is a line of /api/: a method and path, what it answers and
// a request to try.
type endpoint struct {
	Method  string `json:"method"`
	Path    string `json:"path"`
	Summary string `json:"summary"`
	Example string `json:"example"`
}

// apiIndex is /api/: the endpoints of openAPI, by path, with an example
// each, read on the first request (every command links this package).
var apiIndex = sync.OnceValue(func() any {
	var doc struct {
		Paths map[string]map[string]struct {
			Summary string `json:"summary"`
			Example string `json:"x-example"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(openAPI, &doc); err != nil {
		panic("serve: openapi.json: " + err.Error())
	}
	var eps []endpoint
	for path, ops := range doc.Paths {
		for method, op := range ops {
			eps = append(eps, endpoint{strings.ToUpper(method), path, op.Summary, op.Example})
		}
	}
	sort.Slice(eps, func(i, j int) bool { return eps[i].Path < eps[j].Path })
	return struct {
		OpenAPI   string     `json:"openapi"`
		Endpoints []endpoint `json:"endpoints"`
	}{"/api/openapi.json", eps}
})

// apiList serves /api/: the endpoints with an example each.
func (s *Server) apiList(w http.ResponseWriter, r *http.Request) {
	writeOK(w, apiIndex())
}

// apiDoc serves /api/openapi.json.
func (s *Server) apiDoc(w http.ResponseWriter, r *http.Request) {
	jsonHeader(w)
	_, _ = w.Write(openAPI)
}
