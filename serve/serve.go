// Package serve is the HTTP front end of the crules library: a JSON API,
// the HTML reference of every revision and a search page.
//
//	GET /api/                                the endpoints, with an example each
//	GET /api/openapi.json                    their OpenAPI 3.1 description
//	GET /api/revs                            every revision
//	GET /api/rules/{id}?rev=REV              rules with subrules and examples ("CR 601.2f-h", "7");
//	                                         of several, some missing: 200 with
//	                                         {"rules": [...], "missing": [...]}
//	GET /api/glossary?rev=REV                the glossary's terms
//	GET /api/glossary/{term}?rev=REV         a glossary entry
//	GET /api/search?q=QUERY&rev=REV&limit=N  ranked hits; a glossary hit carries its term;
//	                                         all_revs=true searches every revision
//	GET /api/diff?a=REV&b=REV&class=C,…      a comparison: counts, pairs, renumbering
//	GET /api/toc?rev=REV                     the parts and chapters
//	GET /api/refs/{id}?rev=REV               what a rule cites and what cites it
//	GET /api/history/{id}?rev=REV            a rule (or title) through every revision
//	GET /api/keywords?rev=REV&kind=K         the keywords' specifications;
//	                                         coverage=true what the engine models,
//	                                         with all_revs=true in every revision
//	GET /api/keywords/{name}?rev=REV         one keyword's specification
//	GET /api/terms, /api/terms/{phrase}      the terminology shifts
//	GET /api/versions                        every revision with its counts
//	POST /api/cite?name=FILE&all=true        the CR citations of the text posted
//	                                         (at most crules.MaxCiteText bytes)
//
// and the HTML reference of every revision (render.Site), each page
// rendered on first request and kept in a cache of 32 MB:
//
//	GET /                                    the revisions
//	GET /{rev}/702.html#702.47a              a chapter (also #R70247a); {rev}
//	                                         is a date, latest, or a selector
//	                                         (2015) redirected to its date
//	GET /{rev}/index.html, glossary.html#g-splice, keywords.html; /{rev}/
//	                                         is its index.html, /{rev} goes there
//	GET /history/702.47.html                 a rule's history
//	GET /diff/{a}/{b}?class=C,…              the changes between any two
//	                                         revisions (selectors)
//	GET /search?q=QUERY&rev=REV              the search page: each hit links
//	                                         to its rule's anchor or glossary entry
//
// A revision is parsed when a page first needs it, and only the most
// recently used are kept (crules.Library.LiveSite): the first chapter or
// history page reads every revision once to chain the rules' histories
// (a second or two); the search page parses only the revision it
// searched to link its hits. Serve runs the process under a soft memory
// limit (MemoryLimit), so that its resident memory stays under 300 MB.
//
// A page has one path: an alias (/latest/..%2fdiff%2fA%2fB.html) is
// redirected (301) to it, and latest/ shares the cache of its revision.
//
// The answers are the bytes the command line's --json prints for the same
// question (a search that matched nothing is one, 200 with no hits).
// Errors of /api/ are one object, {"error": "...", "kind": "no_rule",
// "suggestions": [...]} (crules.ErrorJSON), of pages an HTML page
// (render.ErrorPage): 400 for a bad request (rule number, query, limit,
// revision), 404 for no such rule, term, keyword or page, 405 (with Allow)
// for another method than the path takes, 413 for a lookup beyond
// crules.MaxLookupRefs references or crules.MaxLookupBytes of text or a
// text to cite beyond crules.MaxCiteText, 503 (with Retry-After) when too many
// expensive requests are under way, 500 for a failure; one function,
// status, maps the library's errors to them.
//
// Expensive requests (a page not cached yet, a comparison, a search that
// builds or loads an index) run at most one per core at once, 64 more
// waiting up to 10 s for their turn; beyond that they are refused with
// 503. The 30 s write timeout counts from when an answer is ready, so an
// answer slow to compute is still sent and the status in the access log
// is the one the client got; a panic is answered 500 and logged with the
// request and its stack.
package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/index"
	"github.com/crules/crules/render"
)

// Help says what the server answers, for the command line's help.
const Help = `Serve answers under /api/ what the commands answer, in the bytes their --json
prints: rules, glossary, search, diff, toc, refs, history, keywords, terms,
versions and cite (see package serve). Errors are {"error", "kind",
"suggestions"} with status 400, 404, 405, 413, 503 (busy, with Retry-After)
or 500. It serves the HTML reference of every revision too: / (the
revisions), /{rev}/702.html#702.47a, /diff/{a}/{b} and /search. It listens
on loopback by default, logs each request to stderr, and stops gracefully
on SIGINT or SIGTERM. A revision added while it runs ('crules add', 'crules
update', or --update-every) is served within seconds, without a restart.`

// A Server answers HTTP requests from a library.
type Server struct {
	// ErrorLog hears about panics recovered, with the request and the
	// stack; nil means the access log.
	ErrorLog io.Writer

	lib *crules.Library
	log io.Writer
	mu  sync.Mutex // serialises log lines

	pages pages
	gate  *gate // bounds expensive requests
}

// New returns a server over lib that writes an access log line per
// request to log (nil: none).
func New(lib *crules.Library, log io.Writer) *Server {
	return &Server{lib: lib, log: log, gate: defaultGate()}
}

// errMethod is a request with another method than the path takes.
var errMethod = errors.New("method not allowed")

// A methodError is a request with a method its path does not take: 405,
// naming the methods it takes (allow).
type methodError struct{ method, path, allow string }

func (e *methodError) Error() string {
	return fmt.Sprintf("%s %s: %v (%s takes %s)", e.method, e.path, errMethod, e.path, e.allow)
}

func (e *methodError) Is(target error) bool { return target == errMethod }

// status maps an error to an HTTP status: 400 bad request (a bad rule
// number, query, limit or revision), 404 no such rule, term, keyword or
// page, 405 another method, 413 a request whose answer would pass a limit
// (crules.MaxLookupRefs, crules.MaxLookupBytes), 503 too many expensive
// requests at once, 500 anything else.
func status(err error) int {
	switch {
	case errors.Is(err, errMethod):
		return http.StatusMethodNotAllowed
	case errors.Is(err, crules.ErrTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, errBusy):
		return http.StatusServiceUnavailable
	case errors.Is(err, crules.ErrNoRule), errors.Is(err, crules.ErrNoTerm), errors.Is(err, crules.ErrNoKeyword),
		errors.Is(err, crules.ErrNoPhrase), errors.Is(err, errNoPage), errors.Is(err, render.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, crules.ErrBadRequest), errors.Is(err, crules.ErrUnknownRevision), errors.Is(err, crules.ErrBadInput):
		return http.StatusBadRequest
	}
	return http.StatusInternalServerError
}

var errNoPage = errors.New("no such page")

func badRequest(format string, args ...any) error {
	return &crules.Error{Kind: crules.ErrBadRequest, Msg: fmt.Sprintf(format, args...)}
}

// errorJSON is err as the error object of every answer of /api/ that is
// not 200 (crules.ErrorJSON): its kind is the library's, or the server's
// own (method_not_allowed, busy, no_page, internal).
func errorJSON(err error) render.ErrorJSON {
	e := crules.ErrorJSON(err)
	switch {
	case errors.Is(err, errMethod):
		e.Kind = "method_not_allowed"
	case errors.Is(err, errBusy):
		e.Kind = "busy"
	case errors.Is(err, errNoPage), errors.Is(err, render.ErrNotFound):
		e.Kind = "no_page"
	}
	return e
}

// writeError writes err as the error object (errorJSON) with its status;
// a 405 names the methods allowed.
func writeError(w http.ResponseWriter, err error) {
	code := status(err)
	h := w.Header()
	jsonHeader(w)
	if code == http.StatusMethodNotAllowed {
		allow := "GET, HEAD"
		if me := (*methodError)(nil); errors.As(err, &me) {
			allow = me.allow
		}
		h.Set("Allow", allow)
	}
	setRetry(h, code)
	w.WriteHeader(code)
	_ = render.WriteJSON(w, errorJSON(err))
}

func jsonHeader(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
}

// writeOK writes v as the command line's --json prints it.
func writeOK(w http.ResponseWriter, v any) {
	jsonHeader(w)
	_ = render.WriteJSON(w, v)
}

// Handler routes the API and the page.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/{$}", s.apiList)
	mux.HandleFunc("GET /api/openapi.json", s.apiDoc)
	mux.HandleFunc("GET /api/revs", s.revs)
	mux.HandleFunc("GET /api/rules/{id}", s.rule)
	mux.HandleFunc("GET /api/glossary", s.glossaryTerms)
	mux.HandleFunc("GET /api/glossary/{term}", s.glossary)
	mux.HandleFunc("GET /api/search", s.search)
	mux.HandleFunc("GET /api/toc", s.toc)
	mux.HandleFunc("GET /api/refs/{id}", s.refs)
	mux.HandleFunc("GET /api/history/{id}", s.history)
	mux.HandleFunc("GET /api/keywords", s.keywords)
	mux.HandleFunc("GET /api/keywords/{name}", s.keyword)
	mux.HandleFunc("GET /api/terms", s.terms)
	mux.HandleFunc("GET /api/terms/{term}", s.terms)
	mux.HandleFunc("GET /api/versions", s.versions)
	mux.HandleFunc("POST /api/cite", s.cite)
	mux.HandleFunc("GET /api/cite", s.cite) // 405: it takes a text
	mux.HandleFunc("GET /search", s.page)
	mux.HandleFunc("GET /api/diff", s.apiDiff)
	mux.HandleFunc("GET /diff/{a}/{b}", s.diffPage)
	mux.HandleFunc("GET /{$}", s.sitePage)
	mux.HandleFunc("GET /index.html", s.sitePage)
	mux.HandleFunc("GET /style.css", s.sitePage)
	mux.HandleFunc("GET /history/{page}", s.sitePage)
	mux.HandleFunc("GET /{rev}/{page}", s.sitePage)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			get := r.Clone(r.Context())
			get.Method = http.MethodGet
			if _, pattern := mux.Handler(get); pattern != "/" {
				allow := "GET, HEAD"
				if r.URL.Path == "/api/cite" {
					allow = "POST"
				}
				writeError(w, &methodError{r.Method, r.URL.Path, allow})
				return
			}
		}
		err := fmt.Errorf("%w: %s", errNoPage, r.URL.Path)
		if r.URL.Path == "/api" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			http.Redirect(w, r, "/api/", http.StatusMovedPermanently)
			return
		}
		if p := r.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") {
			writeError(w, err)
			return
		}
		// A revision's directory: /latest/ is its index, /latest goes there.
		if dir := strings.TrimPrefix(r.URL.Path, "/"); r.Method == http.MethodGet || r.Method == http.MethodHead {
			if d, ok := strings.CutSuffix(dir, "/"); ok && d != "" && !strings.Contains(d, "/") {
				s.sitePage(w, r)
				return
			}
			if _, serr := s.lib.Select(dir); dir != "" && !strings.Contains(dir, "/") && len(dir) <= 40 && serr == nil {
				http.Redirect(w, r, "/"+dir+"/", http.StatusFound)
				return
			}
		}
		writePageError(w, r, err)
	})
	return s.wrap(mux)
}

// HTTPServer is Handler with timeouts and header limits for the open
// network.
func (s *Server) HTTPServer() *http.Server { return httpServer(s.Handler()) }

func httpServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// source resolves ?rev= (the latest revision when absent).
func (s *Server) source(r *http.Request) (crules.Source, error) {
	sel, err := revParam(r)
	if err != nil {
		return crules.Source{}, err
	}
	rev, err := s.lib.Select(sel)
	return rev.Source(), err
}

// revParam is ?rev=, refused when longer than any selector.
func revParam(r *http.Request) (string, error) {
	sel := r.URL.Query().Get("rev")
	if len(sel) > 40 {
		return "", badRequest("rev is too long")
	}
	return sel, nil
}

func (s *Server) revs(w http.ResponseWriter, r *http.Request) {
	out := []render.RevisionJSON{}
	for _, x := range s.lib.Revisions() {
		c := x.Revision()
		out = append(out, render.RevisionJSON{Rev: c.Name(), File: c.File, Encoding: c.Encoding, Bytes: c.Size, Source: c.Origin()})
	}
	writeOK(w, out)
}

// rule answers rule references in any form crules.Lookup takes ("CR
// 601.2f-h", "7"): one object for one answer, an array for several; when
// some of several are missing but not all, 200 with the rules found and
// the missing ones (crules.LookupJSON), else 404.
func (s *Server) rule(w http.ResponseWriter, r *http.Request) {
	refs := r.PathValue("id")
	if _, err := crules.ParseRuleRefs(refs); err != nil && !crules.IsName(refs) {
		writeError(w, err)
		return
	}
	src, err := s.source(r)
	if err != nil {
		writeError(w, err)
		return
	}
	as, err := s.lib.Lookup(src, refs)
	if err != nil && len(as) == 0 {
		writeError(w, err)
		return
	}
	writeOK(w, crules.LookupJSON(as, err))
}

func (s *Server) glossary(w http.ResponseWriter, r *http.Request) {
	term := r.PathValue("term")
	if strings.TrimSpace(term) == "" || len(term) > 200 {
		writeError(w, badRequest("a glossary term of 1–200 bytes"))
		return
	}
	src, err := s.source(r)
	if err != nil {
		writeError(w, err)
		return
	}
	a, err := s.lib.Glossary(src, term)
	if err != nil {
		writeError(w, err)
		return
	}
	writeOK(w, a.JSON())
}

// query runs ?q= over ?rev= (or every revision, all), limit hits: a
// result that matched nothing is an answer, not an error; miss is then the
// message saying so.
func (s *Server) query(r *http.Request, q string, limit int, all bool) (res *index.Result, miss, err error) {
	src, err := s.source(r)
	if err != nil {
		return nil, nil, err
	}
	search := func() error {
		res, err = s.lib.Search(src, q, crules.SearchOptions{Limit: limit, AllRevs: all})
		return err
	}
	if s.lib.IndexOpen(src, all) {
		err = search()
	} else {
		err = s.heavy(r, search)
	}
	if errors.Is(err, crules.ErrNoMatch) {
		return res, err, nil
	}
	return res, nil, err
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	limit := 10
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > index.MaxLimit {
			writeError(w, badRequest("limit must be a number from 1 to %d", index.MaxLimit))
			return
		}
		limit = n
	}
	all, err := boolParam(r, "all_revs")
	if err != nil {
		writeError(w, err)
		return
	}
	if all && r.URL.Query().Get("rev") != "" {
		writeError(w, badRequest("all_revs=true searches every revision; it takes no rev"))
		return
	}
	res, miss, err := s.query(r, r.URL.Query().Get("q"), limit, all)
	if err != nil {
		writeError(w, err)
		return
	}
	writeOK(w, render.SearchJSON(res, miss)) // as search --json prints it, error and all
}

// page is the search page, /search: laid out as the other pages, a box,
// and the hits of ?q= in ?rev= each linked to its place in the HTML
// reference.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	site, err := s.site()
	if err != nil {
		writePageError(w, r, err)
		return
	}
	p := render.SearchPage{Query: r.URL.Query().Get("q")}
	revs := s.lib.Revisions()
	for i := len(revs) - 1; i >= 0; i-- {
		p.Revs = append(p.Revs, revs[i].Name())
	}
	code := http.StatusOK
	src, err := s.source(r)
	p.Rev = src.Rev.Name()
	if err == nil && p.Query != "" {
		p.Result, _, err = s.query(r, p.Query, 20, false)
	}
	if err != nil {
		p.Err, p.Result, code = err, nil, status(err)
	}
	var b bytes.Buffer
	if err := site.SearchPage(&b, p); err != nil {
		writePageError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", htmlType)
	w.WriteHeader(code)
	_, _ = w.Write(b.Bytes())
}

// MemoryLimit is the soft memory limit (runtime/debug.SetMemoryLimit)
// Serve sets for the process when none is set (by GOMEMLIMIT, "off"
// included, or an earlier call). What a server keeps, the 32 MB of
// rendered pages, the 4 revisions of the reference with their derived
// data, the parsed revisions the API used (crules.Options.MaxDocs), the
// lineage and the compressed texts of the revisions read, is under it; the limit makes the collector run before the garbage
// of rendering pages doubles that, as it would by default (GOGC=100).
// Resident memory stays under 300 MB through a walk of every page of
// every revision (BENCHMARKS.md, issue 23).
const MemoryLimit = 224 << 20

// Serve answers requests on ln until ctx is done, then shuts down
// gracefully: requests under way get up to 10 seconds to finish. It sets
// MemoryLimit when the process has no memory limit.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	return serveUntil(ctx, s.HTTPServer(), ln)
}

// serveUntil serves srv on ln until ctx is done (see Serve), under
// MemoryLimit when the process has no memory limit.
func serveUntil(ctx context.Context, srv *http.Server, ln net.Listener) error {
	if os.Getenv("GOMEMLIMIT") == "" && debug.SetMemoryLimit(-1) == math.MaxInt64 {
		debug.SetMemoryLimit(MemoryLimit)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	stop, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(stop); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	return nil
}
