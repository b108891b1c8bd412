package serve

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/crules/crules"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/render"
)

// pageBudget bounds the bytes of rendered pages the server keeps.
const pageBudget = 32 << 20

// siteKeep is the number of revisions whose parse and derived data
// (citations, where each rule is) the reference keeps between pages,
// apart from the library's cache of parsed revisions, which the API
// uses.
const siteKeep = 4

// pages is the HTML reference of every embedded revision, built on first
// use, with its rendered pages kept in a byte-bounded LRU cache.
type pages struct {
	once  sync.Once
	site  *render.Site
	err   error
	mu    sync.Mutex
	lru   *list.List // of *cached, most recent first
	byKey map[string]*list.Element
	bytes int
	// flights are the pages being rendered, by key.
	flights map[string]*flight
	limit   int // the budget; 0 means pageBudget
}

type cached struct {
	key, ctype string
	body       []byte
}

// site returns the reference of every revision (crules.LiveSite), made
// once: its revisions are parsed when their pages are asked for, and only
// the siteKeep most recently used are kept.
func (s *Server) site() (*render.Site, error) {
	s.pages.once.Do(func() {
		s.pages.site, s.pages.err = s.lib.LiveSite(siteKeep)
		if s.pages.err == nil {
			s.pages.site.Search = "/search"
		}
	})
	return s.pages.site, s.pages.err
}

// get returns the cached answer for key, or renders it with fn and keeps
// it, dropping the least recently used answers beyond pageBudget. One
// request renders a key at a time: the others asking for it meanwhile
// wait for its answer (while ctx lasts) rather than render it again.
func (p *pages) get(ctx context.Context, key, ctype string, fn func(*bytes.Buffer) error) (*cached, error) {
	p.mu.Lock()
	if e, ok := p.byKey[key]; ok {
		p.lru.MoveToFront(e)
		p.mu.Unlock()
		return e.Value.(*cached), nil
	}
	if f, ok := p.flights[key]; ok {
		p.mu.Unlock()
		select {
		case <-f.done:
			return f.c, f.err
		case <-ctx.Done():
			return nil, fmt.Errorf("%w: waiting for %s: %v", errBusy, key, ctx.Err())
		}
	}
	if p.flights == nil {
		p.flights = map[string]*flight{}
	}
	f := &flight{done: make(chan struct{})}
	p.flights[key] = f
	p.mu.Unlock()

	var b bytes.Buffer
	f.err = fn(&b)
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.flights, key)
	defer close(f.done)
	if f.err != nil {
		return nil, f.err
	}
	f.c = &cached{key: key, ctype: ctype, body: bytes.Clone(b.Bytes())} // its length, not the buffer's capacity, counts
	if p.byKey == nil {
		p.lru, p.byKey = list.New(), map[string]*list.Element{}
	}
	p.byKey[key] = p.lru.PushFront(f.c)
	p.bytes += len(f.c.body)
	limit := p.limit
	if limit == 0 {
		limit = pageBudget
	}
	for p.bytes > limit && p.lru.Len() > 1 {
		old := p.lru.Remove(p.lru.Back()).(*cached)
		delete(p.byKey, old.key)
		p.bytes -= len(old.body)
	}
	return f.c, nil
}

// A flight is a page being rendered; done is closed when c or err is set.
type flight struct {
	done chan struct{}
	c    *cached
	err  error
}

// serveCached writes the answer for key, rendering it when not cached;
// an error is an HTML page for a page (ctype HTML), JSON otherwise.
func (s *Server) serveCached(w http.ResponseWriter, r *http.Request, key, ctype string, fn func(*render.Site, *bytes.Buffer) error) {
	fail := writeError
	if ctype == htmlType {
		fail = func(w http.ResponseWriter, err error) { writePageError(w, r, err) }
	}
	site, err := s.site()
	if err != nil {
		fail(w, err)
		return
	}
	c, err := s.pages.get(r.Context(), key, ctype, func(b *bytes.Buffer) error {
		return s.heavy(r, func() error { return fn(site, b) })
	})
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", c.ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(c.body)
}

const htmlType = "text/html; charset=utf-8"

// writePageError answers a request for a page that failed with an HTML
// page and the error's status (see status); a 405 stays JSON.
func writePageError(w http.ResponseWriter, r *http.Request, err error) {
	code := status(err)
	msg := err.Error()
	if errors.Is(err, errNoPage) {
		msg = "There is no page " + r.URL.Path + "."
	}
	var b bytes.Buffer
	if code == http.StatusMethodNotAllowed || render.ErrorPage(&b, r.URL.Path, "/search", http.StatusText(code), msg) != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", htmlType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	setRetry(w.Header(), code)
	w.WriteHeader(code)
	_, _ = w.Write(b.Bytes())
}

// sitePage serves a page of the reference: /index.html, /style.css,
// /{rev}/702.html, /latest/…, /history/702.47.html; a directory (/latest/,
// /2005-10-01/) is its index.html. A revision named by a selector ("2015")
// is redirected to its date.
func (s *Server) sitePage(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") { // an API path no route took
		writeError(w, fmt.Errorf("%w: %s", errNoPage, r.URL.Path))
		return
	}
	// One path per page, so that a page is rendered and cached once: an
	// alias (/latest/..%2fdiff%2fA%2fB.html, /latest/.%2F702.html) is
	// redirected to its clean, plainly escaped path.
	if canon := cleanPath(r.URL.Path); canon != r.URL.Path || r.URL.RawPath != "" {
		u := url.URL{Path: canon, RawQuery: r.URL.RawQuery}
		http.Redirect(w, r, u.String(), http.StatusMovedPermanently)
		return
	}
	p := strings.TrimPrefix(r.URL.Path, "/")
	if p == "" || strings.HasSuffix(p, "/") {
		p += "index.html"
	}
	ctype := htmlType
	if p == "style.css" {
		ctype = "text/css; charset=utf-8"
	}
	if dir, file, ok := strings.Cut(p, "/"); ok && dir != "latest" && dir != "history" && dir != "diff" && len(dir) <= 40 {
		if rev, err := s.lib.Select(dir); err == nil && rev.Name() != dir {
			http.Redirect(w, r, "/"+rev.Name()+"/"+file, http.StatusFound)
			return
		}
	}
	// A chapter the revision lacks (2005-10-01/702.html) is redirected to
	// where the lineage puts its rules, which then says so.
	if site, err := s.site(); err == nil {
		if to, ok := site.Moved(p); ok {
			u := url.URL{Path: "/" + to, RawQuery: url.Values{"from": {strings.TrimSuffix(path.Base(p), ".html")}}.Encode()}
			http.Redirect(w, r, u.String(), http.StatusFound)
			return
		}
	}
	key := p
	if rest, ok := strings.CutPrefix(p, "latest/"); ok { // the same bytes as the latest revision's page
		key = s.lib.Latest().Name() + "/" + rest
	}
	if from := r.URL.Query().Get("from"); from != "" && len(from) <= 4 && strings.Trim(from, "0123456789") == "" {
		old := path.Dir(p) + "/" + from + ".html"
		s.serveCached(w, r, key+"?from="+from, ctype, func(site *render.Site, b *bytes.Buffer) error {
			if to, ok := site.Moved(old); !ok || to != p {
				return site.Page(b, p) // not where from went: the page as it is
			}
			return site.MovedPage(b, old, p)
		})
		return
	}
	s.serveCached(w, r, key, ctype, func(site *render.Site, b *bytes.Buffer) error {
		err := site.Page(b, p)
		if errors.Is(err, render.ErrNotFound) {
			err = errors.Join(errNoPage, err)
		}
		return err
	})
}

// cleanPath is p with "." and ".." resolved and slashes single, keeping a
// trailing slash.
func cleanPath(p string) string {
	c := path.Clean("/" + p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// diffArgs resolves a and b (revision selectors) and the change page's
// or /api/diff's options: class, and ignore_typography.
func (s *Server) diffArgs(r *http.Request, a, b string) (crules.Rev, crules.Rev, render.DiffPageOptions, error) {
	var o render.DiffPageOptions
	if len(a) > 40 || len(b) > 40 {
		return crules.Rev{}, crules.Rev{}, o, badRequest("a revision selector is at most 40 bytes")
	}
	ra, err := s.lib.Select(a)
	if err != nil {
		return ra, ra, o, err
	}
	rb, err := s.lib.Select(b)
	if err != nil {
		return ra, rb, o, err
	}
	if o.Classes, err = render.ParseClasses(r.URL.Query().Get("class")); err != nil {
		return ra, rb, o, badRequest("%v", err)
	}
	o.IgnoreTypography, err = boolParam(r, "ignore_typography")
	return ra, rb, o, err
}

// diffPage serves /diff/{a}/{b}?class=&ignore_typography=: the change page
// of any two revisions, each named by a selector, with a link to the
// page that ignores typography or not.
func (s *Server) diffPage(w http.ResponseWriter, r *http.Request) {
	ra, rb, o, err := s.diffArgs(r, r.PathValue("a"), strings.TrimSuffix(r.PathValue("b"), ".html"))
	if err != nil {
		writePageError(w, r, err)
		return
	}
	a, b := ra.Name(), rb.Name()
	toggle := url.Values{}
	if len(o.Classes) > 0 {
		toggle.Set("class", strings.Join(classNames(o.Classes), ","))
	}
	if !o.IgnoreTypography {
		toggle.Set("ignore_typography", "true")
	}
	o.Toggle = "?" + toggle.Encode()
	if o.Toggle == "?" {
		o.Toggle = r.PathValue("b") // the same page with no query
	}
	key := "diff/" + a + "/" + b + "?" + strings.Join(classNames(o.Classes), ",") + "&" + strconv.FormatBool(o.IgnoreTypography)
	s.serveCached(w, r, key, htmlType, func(site *render.Site, buf *bytes.Buffer) error {
		return site.DiffPage(buf, a, b, o)
	})
}

// apiDiff serves /api/diff?a=&b=&rule=&class=&ignore_typography=&stat=:
// the comparison as crules diff A B --json prints it, in its bytes.
func (s *Server) apiDiff(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("a") == "" || q.Get("b") == "" {
		writeError(w, badRequest("/api/diff needs two revisions: ?a=2009-05-01&b=2009-07-11"))
		return
	}
	ra, rb, o, err := s.diffArgs(r, q.Get("a"), q.Get("b"))
	if err != nil {
		writeError(w, err)
		return
	}
	opt := crules.DiffOptions{Classes: o.Classes, IgnoreTypography: o.IgnoreTypography}
	if rule := q.Get("rule"); rule != "" {
		if opt.Rule, _, err = s.lib.DiffRule(ra.Source(), rb.Source(), rule); err != nil {
			if errors.Is(err, crules.ErrBadRequest) {
				err = badRequest("rule: %v", err)
			}
			writeError(w, err)
			return
		}
	}
	stat, err := boolParam(r, "stat")
	if err != nil {
		writeError(w, err)
		return
	}
	key := fmt.Sprintf("api/diff/%s/%s?%s&%s&%t&%t", ra.Name(), rb.Name(), opt.Rule, strings.Join(classNames(o.Classes), ","), opt.IgnoreTypography, stat)
	s.serveCached(w, r, key, "application/json; charset=utf-8", func(_ *render.Site, buf *bytes.Buffer) error {
		opt.Stat = stat
		c, err := s.lib.Diff(ra.Source(), rb.Source(), opt)
		if err != nil {
			return err
		}
		return render.WriteJSON(buf, c.JSON(stat))
	})
}

func classNames(cs []diff.Class) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
