package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/index"
	"github.com/crules/crules/parse"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	Addr string
}

func newServeCmd(env *Env, runF func(*serveOptions) error) *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the rules over HTTP: a JSON API and a search page",
		Long: `Serve answers, over the embedded corpus:
  GET /api/revs                          every revision
  GET /api/rules/{id}?rev=REV            a rule with its subrules and examples
  GET /api/glossary/{term}?rev=REV       a glossary entry
  GET /api/search?q=QUERY&rev=REV&limit=N ranked hits
  GET /                                  a page with a search box
Errors are JSON ({"error": "..."}) with status 400 (bad request), 404 (no
such rule, term or revision) or 500. It listens on loopback by default, logs
each request to stderr, and stops gracefully on SIGINT or SIGTERM.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return runServe(env, o)
		},
	}
	cmd.Flags().StringVar(&o.Addr, "addr", "127.0.0.1:8080", "address to listen on")
	return cmd
}

func runServe(env *Env, o *serveOptions) error {
	a, err := env.archive()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return badRequest("%v", err)
	}
	srv := newServer(env, a).httpServer()
	env.note("crules: serving %d revisions on http://%s", len(a.Revisions()), ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sig)
	select {
	case err := <-done:
		return err
	case s := <-sig:
		env.note("crules: %v: shutting down", s)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return srv.Shutdown(ctx)
}

// server holds what the handlers share: the corpus, parsed revisions and
// open indexes, each made once, safe for concurrent requests.
type server struct {
	env     *Env
	archive *corpus.Archive

	mu      sync.Mutex
	docs    map[string]*parse.Document
	order   []string // docs, least recently used first
	indexes map[string]*index.Index
}

// maxDocs bounds the parsed revisions a server keeps.
const maxDocs = 16

func newServer(env *Env, a *corpus.Archive) *server {
	return &server{env: env, archive: a, docs: map[string]*parse.Document{}, indexes: map[string]*index.Index{}}
}

func (s *server) httpServer() *http.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/revs", s.revs)
	mux.HandleFunc("GET /api/rules/{id}", s.rule)
	mux.HandleFunc("GET /api/glossary/{term}", s.glossary)
	mux.HandleFunc("GET /api/search", s.search)
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such page: "+r.URL.Path)
	})
	return &http.Server{
		Handler:           s.logged(mux),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) { w.status = code; w.ResponseWriter.WriteHeader(code) }

// logged writes an access log line to stderr for each request, and turns a
// panic in a handler into a 500 rather than a dropped connection.
func (s *server) logged(h http.Handler) http.Handler {
	var mu sync.Mutex
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		defer func() {
			if p := recover(); p != nil {
				writeError(sw, http.StatusInternalServerError, "internal error")
				sw.status = 500
			}
			if !s.env.quiet {
				mu.Lock()
				fmt.Fprintf(s.env.Stderr, "%s %s %s %d %s\n", start.UTC().Format(time.RFC3339), r.Method, r.URL.RequestURI(), sw.status, time.Since(start).Round(time.Microsecond))
				mu.Unlock()
			}
		}()
		h.ServeHTTP(sw, r)
	})
}

type apiError struct {
	Error string `json:"error"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(apiError{msg})
}

func writeOK(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// revision resolves ?rev= to a revision; a bad one is a 404 with the
// nearest revisions named.
func (s *server) revision(r *http.Request) (corpus.Revision, bool, string) {
	sel := r.URL.Query().Get("rev")
	if len(sel) > 40 {
		return corpus.Revision{}, false, "rev is too long"
	}
	rev, err := s.archive.Select(sel)
	if err != nil {
		return corpus.Revision{}, false, err.Error()
	}
	return rev, true, ""
}

// doc returns the parsed revision, parsing it once and keeping the most
// recently used ones.
func (s *server) doc(rev corpus.Revision) (*parse.Document, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	name := rev.Name()
	if d, ok := s.docs[name]; ok {
		for i, n := range s.order {
			if n == name {
				s.order = append(append(s.order[:i:i], s.order[i+1:]...), name)
				break
			}
		}
		return d, nil
	}
	l, err := loadRevision(s.archive, rev)
	if err != nil {
		return nil, err
	}
	if len(s.order) >= maxDocs {
		delete(s.docs, s.order[0])
		s.order = s.order[1:]
	}
	s.docs[name] = l.Doc
	s.order = append(s.order, name)
	return l.Doc, nil
}

func (s *server) index(rev corpus.Revision) (*index.Index, error) {
	s.mu.Lock()
	ix, ok := s.indexes[rev.Name()]
	s.mu.Unlock()
	if ok {
		return ix, nil
	}
	ix, _, err := searchIndex(s.env, docFlags{Rev: rev.Name()}, false)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.indexes[rev.Name()]; ok {
		ix.Close()
		return old, nil
	}
	s.indexes[rev.Name()] = ix
	return ix, nil
}

// docFor resolves ?rev= and returns the parsed revision, or writes the
// error (400 for a bad revision) and returns false.
func (s *server) docFor(w http.ResponseWriter, r *http.Request) (*parse.Document, corpus.Revision, bool) {
	rev, ok, msg := s.revision(r)
	if !ok {
		writeError(w, http.StatusBadRequest, msg)
		return nil, rev, false
	}
	d, err := s.doc(rev)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return nil, rev, false
	}
	return d, rev, true
}

func (s *server) revs(w http.ResponseWriter, r *http.Request) {
	type revJSON struct {
		Rev      string `json:"rev"`
		File     string `json:"file"`
		Encoding string `json:"encoding"`
		Bytes    int    `json:"bytes"`
	}
	out := []revJSON{}
	for _, x := range s.archive.Revisions() {
		out = append(out, revJSON{x.Name(), x.File, x.Encoding, x.Size})
	}
	writeOK(w, out)
}

func (s *server) rule(w http.ResponseWriter, r *http.Request) {
	id, err := parse.ParseRuleID(r.PathValue("id"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	d, rev, ok := s.docFor(w, r)
	if !ok {
		return
	}
	c, x, err := lookup(d, id, rev.Name())
	switch {
	case err != nil:
		writeError(w, http.StatusNotFound, err.Error())
	case c != nil:
		j := newChapterJSON(c, true)
		j.Rev, j.Era = rev.Name(), string(d.Era)
		writeOK(w, j)
	default:
		j := newRuleJSON(x)
		j.Rev, j.Era = rev.Name(), string(d.Era)
		writeOK(w, j)
	}
}

func (s *server) glossary(w http.ResponseWriter, r *http.Request) {
	term := r.PathValue("term")
	if strings.TrimSpace(term) == "" || len(term) > 200 {
		writeError(w, http.StatusBadRequest, "a glossary term of 1–200 bytes")
		return
	}
	d, rev, ok := s.docFor(w, r)
	if !ok {
		return
	}
	g := d.GlossaryEntry(term)
	if g == nil {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no glossary entry %q in %s", term, rev.Name()))
		return
	}
	j := newGlossaryJSON(g)
	j.Rev, j.Era = rev.Name(), string(d.Era)
	writeOK(w, j)
}

func (s *server) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	limit := 10
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > index.MaxLimit {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("limit must be a number from 1 to %d", index.MaxLimit))
			return
		}
		limit = n
	}
	rev, ok, msg := s.revision(r)
	if !ok {
		writeError(w, http.StatusBadRequest, msg)
		return
	}
	ix, err := s.index(rev)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	hits, err := ix.Search(q, index.Options{Limit: limit})
	if err != nil {
		status := http.StatusInternalServerError
		if errors.Is(err, index.ErrBadQuery) {
			status = http.StatusBadRequest
		}
		writeError(w, status, err.Error())
		return
	}
	writeOK(w, newSearchJSON(ix, q, rev.Name(), hits))
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>crules{{if .Query}}: {{.Query}}{{end}}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;line-height:1.45}
input[type=search]{width:70%;font-size:1.1rem;padding:.3rem}li{margin:.8rem 0}.id{font-weight:bold}.rev{color:#666}mark{background:#ffe680}</style></head>
<body><h1>Comprehensive Rules</h1>
<form action="/" method="get"><input type="search" name="q" value="{{.Query}}" autofocus placeholder="splice onto arcane">
<select name="rev">{{range .Revs}}<option{{if eq . $.Rev}} selected{{end}}>{{.}}</option>{{end}}</select>
<button>Search</button></form>
{{if .Error}}<p role="alert">{{.Error}}</p>{{end}}
{{if .Suggestions}}<p>Did you mean: {{range $i, $s := .Suggestions}}{{if $i}}, {{end}}<a href="/?q={{$s}}&amp;rev={{$.Rev}}">{{$s}}</a>{{end}}?</p>{{end}}
{{if .Hits}}<ol>{{range .Hits}}<li><a class="id" href="/api/rules/{{.ID}}?rev={{.Rev}}">{{.ID}}</a> {{.Title}} <span class="rev">({{.Rev}})</span><br>{{.HTML}}</li>{{end}}</ol>{{end}}
</body></html>
`))

type pageHit struct {
	index.Hit
	HTML template.HTML
}

// page is a plain HTML search page.
func (s *server) page(w http.ResponseWriter, r *http.Request) {
	data := struct {
		Query, Rev, Error string
		Revs              []string
		Hits              []pageHit
		Suggestions       []string
	}{Query: r.URL.Query().Get("q")}
	revs := s.archive.Revisions()
	for i := len(revs) - 1; i >= 0; i-- {
		data.Revs = append(data.Revs, revs[i].Name())
	}
	rev, ok, msg := s.revision(r)
	data.Rev = rev.Name()
	status := http.StatusOK
	switch {
	case !ok:
		data.Error, status = msg, http.StatusBadRequest
	case data.Query != "":
		ix, err := s.index(rev)
		if err == nil {
			var hits []index.Hit
			hits, err = ix.Search(data.Query, index.Options{Limit: 20})
			for _, h := range hits {
				data.Hits = append(data.Hits, pageHit{h, markHTML(h.Snippet, h.Marks)})
			}
			if err == nil && len(hits) == 0 {
				j := newSearchJSON(ix, data.Query, rev.Name(), nil)
				data.Error, data.Suggestions = "Nothing matches.", j.Suggestions
				if len(j.Unindexed) > 0 {
					data.Error += " Too common to be indexed: " + strings.Join(j.Unindexed, ", ") + "."
				}
			}
		}
		if err != nil {
			data.Error = err.Error()
			if errors.Is(err, index.ErrBadQuery) {
				status = http.StatusBadRequest
			} else {
				status = http.StatusInternalServerError
			}
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = pageTemplate.Execute(w, data)
}

// markHTML escapes a snippet and wraps its matches in <mark>.
func markHTML(s string, marks [][2]int) template.HTML {
	var b strings.Builder
	last := 0
	for _, m := range marks {
		if m[0] < last || m[1] > len(s) {
			continue
		}
		b.WriteString(template.HTMLEscapeString(s[last:m[0]]))
		b.WriteString("<mark>" + template.HTMLEscapeString(s[m[0]:m[1]]) + "</mark>")
		last = m[1]
	}
	b.WriteString(template.HTMLEscapeString(s[last:]))
	return template.HTML(b.String())
}
