package render

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/atomicfile"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

//go:embed html.tmpl
var templateText string

//go:embed style.css
var styleCSS []byte

//go:embed search.js
var searchJS []byte

// templates are parsed on first use, not in the package's init, which
// every crules process paid (0.2 ms) whatever the command.
var templates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{"dates": unbrokenDates}).Parse(templateText))
})

// isoDate matches a revision's date.
var isoDate = regexp.MustCompile(`\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b`)

// unbrokenDates escapes s for HTML and keeps each date in it on one line
// (a line may break at a date's hyphens): a heading that names a
// revision, on a phone.
func unbrokenDates(s string) template.HTML {
	return template.HTML(isoDate.ReplaceAllString(template.HTMLEscapeString(s), `<span class="nw">$0</span>`))
}

// ErrNotFound is returned (wrapped) by Site.Page for a path that names no
// page.
var ErrNotFound = errors.New("no such page")

// A Revision is one document of a site: its name, the effective date
// ("2026-01-16") that names its directory, and its parse, or a function
// that parses it when a page needs it.
type Revision struct {
	Name string
	// Doc is the parse; nil when Load is set.
	Doc *parse.Document
	// Load, when Doc is nil, returns the parse on demand: when a page of
	// the revision is first asked for, and again after the site let its
	// data go (see Site.Keep). It may be called from several goroutines.
	Load func() (*parse.Document, error)
	// Stats are the counts the revisions page shows when Doc is nil
	// (Era, Rules, Glossary), so that it needs no parse.
	Stats parse.Stats
}

// A Site is a hyperlinked HTML reference of one or more revisions. It
// writes every page to a directory (Write) or prints one page on demand
// (Page, DiffPage, Diff). The zero value of every field but Revs works.
//
// The URLs, relative to the site's root, are stable:
//
//	index.html                  the revisions
//	style.css
//	{rev}/index.html            contents: parts (#part-7) and chapters
//	{rev}/702.html#702.47a      a chapter; every rule and subrule also has
//	                            the legacy anchor #R70247a of other sites
//	{rev}/glossary.html#g-splice
//	{rev}/keywords.html
//	latest/…                    the same pages as the newest revision,
//	                            unless NoLatest
//	diff/{a}/{b}.html           changes from a to b (adjacent ones are written;
//	                            Page renders any two); each change is #b-702.47a,
//	                            or #a-502.40 for a rule b removed
//	history/702.47.html         a rule's history, named by its latest number;
//	history/502.40~2009-05-01.html
//	                            one whose last revision (named) is not the newest
//
// A Site is safe for concurrent use once built; a revision's derived data
// (citations, keywords) is computed on its first page and kept, for the
// Keep most recently used revisions when Keep is set.
type Site struct {
	Revs []Revision // oldest first

	// NoLatest leaves out latest/: set it when the newest of Revs is not
	// the latest revision of the rules (a past revision or a file
	// rendered alone), so that its pages are found under its name only.
	NoLatest bool

	// Lineage links the rules of Revs across revisions; history pages and
	// links exist only when it is set and its Revs are Revs' names.
	// WriteSite builds it when nil and Revs has more than one revision.
	Lineage *diff.Lineage
	// LoadLineage, when Lineage is nil, returns it when it is first
	// needed (by a chapter or history page), so that a site asked only
	// for links (RuleURL) or diffs never reads it.
	LoadLineage func() (*diff.Lineage, error)
	// AllLineage, when the site's lineage is not of Revs (a site of some
	// revisions), returns the lineage of every revision, from which the
	// pages for chapters a revision lacks are found (2005-10-01/702.html
	// saying its rules were in 502). Nil uses Lineage when it is set.
	AllLineage func() (*diff.Lineage, error)

	// Lexicon is used for diffs; nil means lexicon.Default().
	Lexicon *lexicon.Lexicon

	// Search, when set, puts a search form on every page: a plain GET of
	// Search with the words as q and the page's revision as rev (a server
	// sets it to its search page, "/search" say). A written site has none.
	Search string

	// Keep bounds the revisions whose data (parse, citations, where each
	// rule is) the site keeps at once, the most recently used ones; 0
	// keeps every revision's once computed. With Revisions that Load, a
	// server's memory then holds Keep revisions, not all of them.
	Keep int

	once  sync.Once
	md    goldmark.Markdown
	byRev map[string]int
	mu    sync.Mutex
	data  map[int]*revData
	order []int // the revisions in data, least recently used first

	histOnce sync.Once
	hist     *histIndex
	histErr  error

	movedOnce sync.Once
	movedLin  *diff.Lineage // the lineage moved chapters are read from, without hist
	moves     []map[int]int // per revision: chapter it lacks → chapter its rules are in
	movesDone []bool

	// What WriteSite keeps of the site it writes into: the revisions
	// not in Revs, whether latest/ is kept, the change pages kept.
	static     bool // pages for a static host: the search form goes to search.html
	kept       []revRow
	keptLatest bool
	keptDiff   map[string]bool // "2005-10-01/2006-07-15"
}

func (s *Site) init() {
	s.once.Do(func() {
		s.md = newMarkdown()
		s.byRev = map[string]int{}
		for i, r := range s.Revs {
			s.byRev[r.Name] = i
		}
		if len(s.Revs) > 0 && !s.NoLatest {
			s.byRev["latest"] = len(s.Revs) - 1
		}
		s.data = map[int]*revData{}
		if s.Lexicon == nil {
			s.Lexicon = lexicon.Default()
		}
	})
}

// history returns the index of the rules' lineages, built on first use
// (it reads every revision once): nil without a lineage of s's revisions.
func (s *Site) history() (*histIndex, error) {
	s.histOnce.Do(func() {
		if s.Lineage == nil && s.LoadLineage != nil {
			if s.Lineage, s.histErr = s.LoadLineage(); s.histErr != nil {
				return
			}
		}
		if l := s.Lineage; l != nil && len(l.Revs) == len(s.Revs) {
			same := true
			for i, r := range s.Revs {
				same = same && l.Revs[i] == r.Name
			}
			if same {
				s.hist, s.histErr = newHistIndex(s)
			}
		}
	})
	return s.hist, s.histErr
}

// doc returns the parse of revision i: its Doc, or what its Load returns.
func (s *Site) doc(i int) (*parse.Document, error) {
	r := s.Revs[i]
	if r.Doc != nil {
		return r.Doc, nil
	}
	if r.Load == nil {
		return nil, fmt.Errorf("revision %s has neither a Doc nor a Load", r.Name)
	}
	d, err := r.Load()
	if err != nil {
		return nil, fmt.Errorf("revision %s: %w", r.Name, err)
	}
	return d, nil
}

// rev returns the data of revision i, computing it on first use and
// keeping it among the Keep most recently used.
func (s *Site) rev(i int) (*revData, error) {
	s.mu.Lock()
	r, ok := s.data[i]
	if ok {
		s.use(i)
	}
	s.mu.Unlock()
	if ok {
		return r, nil
	}
	d, err := s.doc(i)
	if err != nil {
		return nil, err
	}
	r = newRevData(s, i, d)
	s.mu.Lock()
	if old, ok := s.data[i]; ok {
		r = old
	} else {
		s.data[i] = r
	}
	s.use(i)
	for s.Keep > 0 && len(s.order) > s.Keep {
		delete(s.data, s.order[0])
		s.order = s.order[1:]
	}
	s.mu.Unlock()
	return r, nil
}

// use makes i the most recently used revision; s.mu is held.
func (s *Site) use(i int) {
	if n := len(s.order); n > 0 && s.order[n-1] == i {
		return
	}
	if j := slices.Index(s.order, i); j >= 0 {
		s.order = slices.Delete(s.order, j, j+1)
	}
	s.order = append(s.order, i)
}

// forget drops the data of revision i (Write does, once its pages are out).
func (s *Site) forget(i int) {
	s.mu.Lock()
	delete(s.data, i)
	if j := slices.Index(s.order, i); j >= 0 {
		s.order = slices.Delete(s.order, j, j+1)
	}
	s.mu.Unlock()
}

// navLink is a link of the navigation bar.
type navLink struct{ Href, Label string }

// layout is what the page template needs.
type layout struct {
	Title, H1, Root, Rev, Search string
	Notice                       string // a line above the heading: why the reader is here
	Nav                          []navLink
	Body                         template.HTML
	noForm                       bool // the page is a search page: its own form, none in the bar
}

func (s *Site) layout(w io.Writer, l layout) error {
	l.Search = s.Search
	if s.static && l.Search == "" {
		l.Search = l.Root + "search.html"
	}
	if l.noForm {
		l.Search = ""
	}
	return templates().ExecuteTemplate(w, "layout", l)
}

// RuleURL is the path of rule id of revision rev (a name of s's
// revisions, or "latest") from the site's root, with its anchor:
// "2026-01-16/702.html#702.47a". It is "" when there is no such rule.
func (s *Site) RuleURL(rev string, id parse.RuleID) string {
	s.init()
	i, ok := s.byRev[rev]
	if !ok {
		return ""
	}
	if r, err := s.rev(i); err == nil {
		if h := r.ruleHref(id); h != "" {
			return rev + "/" + h
		}
	}
	return ""
}

// GlossaryURL is the path of the glossary entry of term (any case) in
// revision rev from the site's root: "2026-01-16/glossary.html#g-splice".
// It is "" when there is no such entry.
func (s *Site) GlossaryURL(rev, term string) string {
	s.init()
	i, ok := s.byRev[rev]
	if !ok {
		return ""
	}
	if r, err := s.rev(i); err == nil {
		if h := r.glossHref(term); h != "" {
			return rev + "/" + h
		}
	}
	return ""
}

// body executes a body template into a fragment for layout.
func body(name string, data any) (template.HTML, error) {
	var b bytes.Buffer
	if err := templates().ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil // #nosec: html/template escaped it
}

func (r *revData) nav() []navLink {
	return []navLink{{"index.html", r.name}, {"glossary.html", "Glossary"}, {"keywords.html", "Keywords"}}
}

// Page writes the page at path (relative to the site's root, as listed on
// Site; a leading "/" is ignored) to w. A path that names no page gives an
// error wrapping ErrNotFound; nothing is written then.
func (s *Site) Page(w io.Writer, p string) error {
	s.init()
	p = strings.TrimPrefix(path.Clean("/"+p), "/")
	if p == "" || p == "index.html" {
		return s.revisionsPage(w)
	}
	if p == "style.css" {
		_, err := w.Write(styleCSS)
		return err
	}
	if p == "search.js" {
		_, err := w.Write(searchJS)
		return err
	}
	if p == "search.html" {
		return s.staticSearchPage(w)
	}
	dir, file := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	if strings.HasPrefix(p, "diff/") {
		ab := strings.Split(strings.TrimSuffix(strings.TrimPrefix(p, "diff/"), ".html"), "/")
		if len(ab) == 2 && strings.HasSuffix(p, ".html") {
			return s.DiffPage(w, ab[0], ab[1], DiffPageOptions{})
		}
	}
	if dir == "history" && strings.HasSuffix(file, ".html") {
		return s.historyPage(w, strings.TrimSuffix(file, ".html"))
	}
	i, ok := s.byRev[dir]
	if !ok || strings.Contains(dir, "/") {
		return fmt.Errorf("%s: %w", p, ErrNotFound)
	}
	return s.revPage(w, i, file, "")
}

// revPage writes one page of revision i: index.html, glossary.html,
// keywords.html or a chapter (702.html).
func (s *Site) revPage(w io.Writer, i int, file, notice string) error {
	if file == "search-index.js" {
		return s.searchIndex(w, i)
	}
	if _, err := s.history(); err != nil { // its links on chapter pages
		return err
	}
	r, err := s.rev(i)
	if err != nil {
		return err
	}
	l := layout{Root: "../", Rev: r.name, Nav: r.nav()}
	var b bytes.Buffer
	switch file {
	case "index.html":
		l.Title, l.H1, l.Nav = "Comprehensive Rules "+r.name, "Comprehensive Rules, "+r.name, nil
		data := struct {
			Parts      []contentsPart
			Prev, Next *navLink
		}{Parts: r.contents()}
		if i > 0 {
			data.Prev = &navLink{"../diff/" + s.Revs[i-1].Name + "/" + r.name + ".html", s.Revs[i-1].Name}
		}
		if i+1 < len(s.Revs) {
			data.Next = &navLink{"../diff/" + r.name + "/" + s.Revs[i+1].Name + ".html", s.Revs[i+1].Name}
		}
		l.Body, err = body("contents", data)
	case "glossary.html":
		l.Title, l.H1 = "Glossary · CR "+r.name, "Glossary"
		if err = r.glossaryBody(&b); err == nil {
			l.Body, err = body("glossary", struct {
				Letters []navLink
				Body    template.HTML
			}{r.glossaryLetters(), template.HTML(b.String())}) // #nosec: goldmark output, text escaped
		}
	case "keywords.html":
		l.Title, l.H1 = "Keywords · CR "+r.name, "Keywords"
		l.Body, err = body("keywords", r.keywords())
	default:
		n, convErr := strconv.Atoi(strings.TrimSuffix(file, ".html"))
		cs, ok := r.chapters[n]
		if convErr != nil || !strings.HasSuffix(file, ".html") {
			return fmt.Errorf("%s/%s: %w", r.name, file, ErrNotFound)
		}
		if !ok {
			m, ok := s.movedChapter(i, n)
			if !ok {
				return fmt.Errorf("%s/%s: %w", r.name, file, ErrNotFound)
			}
			l.Title, l.H1 = fmt.Sprintf("%d · CR %s", n, r.name), fmt.Sprintf("No chapter %d in %s", n, r.name)
			l.Body, err = body("moved", struct{ Notice, Href, Label string }{movedNotice(r.name, n, m), strconv.Itoa(m) + ".html",
				r.chapters[m][0].ID.String() + ". " + r.chapters[m][0].Title})
			break
		}
		l.Notice = notice
		l.Title = fmt.Sprintf("%d. %s · CR %s", n, cs[0].Title, r.name)
		l.H1 = fmt.Sprintf("%d. %s", n, cs[0].Title)
		if err = r.chapterBody(&b, n); err == nil {
			l.Body, err = body("chapter", r.chapterPage(n, template.HTML(b.String()))) // #nosec: goldmark output, text escaped
		}
	}
	if err != nil {
		return err
	}
	return s.layout(w, l)
}

// revRow is a line of the revisions page.
type revRow struct {
	Name, Era, Changes, Summary string
	Rules, Glossary             int
}

func (s *Site) revisionsPage(w io.Writer) error {
	rows := make([]revRow, 0, len(s.Revs)+len(s.kept))
	for _, r := range s.Revs {
		row := revRow{Name: r.Name, Era: string(r.Stats.Era), Rules: r.Stats.Rules, Glossary: r.Stats.Glossary}
		if d := r.Doc; d != nil {
			row.Era, row.Rules, row.Glossary = string(d.Era), len(d.IDs()), len(d.Glossary)
		}
		rows = append(rows, row)
	}
	rows = append(rows, s.kept...)
	slices.SortFunc(rows, func(a, b revRow) int { return strings.Compare(a.Name, b.Name) })
	data := struct {
		Revs   []revRow
		Count  string
		Latest bool
	}{Count: Count(len(rows), "revision", "revisions"), Latest: len(s.Revs) > 0 && !s.NoLatest || s.keptLatest}
	for i := len(rows) - 1; i >= 0; i-- {
		row := rows[i]
		if i > 0 {
			a, b := rows[i-1].Name, row.Name
			ia, okA := s.byRev[a]
			ib, okB := s.byRev[b]
			if okA && okB && ib == ia+1 || s.keptDiff[a+"/"+b] {
				row.Changes, row.Summary = "diff/"+a+"/"+b+".html", "from "+a
			}
		}
		data.Revs = append(data.Revs, row)
	}
	b, err := body("revisions", data)
	if err != nil {
		return err
	}
	return s.layout(w, layout{Title: "Comprehensive Rules: revisions", H1: "Comprehensive Rules", Body: b})
}

// ErrorPage writes the HTML page that answers a request for p (a path
// from the site's root) that failed: title ("Not Found") as its heading,
// msg, and links to the revisions and the latest revision, relative to p.
// search is the search form's target, as Site.Search ("" for none). It
// needs no site, so a server answers a bad path without building one.
func ErrorPage(w io.Writer, p, search, title, msg string) error {
	root := strings.Repeat("../", strings.Count(strings.TrimPrefix(p, "/"), "/"))
	b, err := body("error", struct{ Root, Msg string }{root, msg})
	if err != nil {
		return err
	}
	return templates().ExecuteTemplate(w, "layout", layout{Title: title + " · Comprehensive Rules", H1: title, Root: root, Search: search, Body: b})
}

// Progress reports how many of a site's pages are written.
type Progress func(done, total int)

// WriteSite writes every page of s under dir: the revisions page, each
// revision's pages, latest/ (unless NoLatest), the change page of each adjacent pair and,
// with a lineage, the history pages. The pages are written to a new
// directory beside dir, which then replaces dir, so an interrupted run
// leaves dir as it was; the next run, or SIGINT or SIGTERM where the
// command line asked for it (atomicfile.CleanOnSignal), removes what it
// left. An existing dir is replaced only if it is empty
// or a site written before (it holds the file .crules-site); the new site
// keeps what that one holds of other revisions than s's (their pages,
// the change and history pages, and latest/ when s has none), and its
// revisions page lists them all. progress, if not nil, is called after
// each page from one goroutine.
func WriteSite(dir string, s *Site, progress Progress) error {
	s.init()
	if len(s.Revs) > 1 && s.Lineage == nil && s.LoadLineage == nil {
		names := make([]string, len(s.Revs))
		docs := make([]*parse.Document, len(s.Revs))
		for i, r := range s.Revs {
			d, err := s.doc(i)
			if err != nil {
				return err
			}
			names[i], docs[i] = r.Name, d
		}
		s.Lineage = diff.BuildLineage(names, docs, s.Lexicon)
	}
	if err := replaceable(dir); err != nil {
		return err
	}
	s.static = s.Search == ""
	tmp, release, err := atomicfile.TempDir(dir)
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
		release()
	}()
	if err := s.keep(dir, tmp); err != nil {
		return err
	}
	if err := s.writeAll(tmp, progress); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, siteMark), s.manifest(), 0o644); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		return err
	}
	ok = true
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// replaceable refuses a dir that exists and is neither empty nor a site.
func replaceable(dir string) error {
	es, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) || err == nil && len(es) == 0 {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, siteMark)); err != nil {
		return fmt.Errorf("%s exists and is not a site written by crules: not replacing it", dir)
	}
	return nil
}

// job is a batch of pages written together: one revision's, a change
// page, or some history pages.
type job struct {
	pages []string
	rev   int // the revision whose data to drop afterwards, or -1
}

func (s *Site) jobs() ([]job, int, error) {
	var jobs []job
	total := 5
	revPages := make([][]int, len(s.Revs)) // each revision's chapter pages
	var chapters []int                     // every revision's
	for i, r := range s.Revs {
		pages := []string{r.Name + "/index.html", r.Name + "/glossary.html", r.Name + "/keywords.html", r.Name + "/search-index.js"}
		d, err := s.doc(i)
		if err != nil {
			return nil, 0, err
		}
		revPages[i] = newDocPages(d).pages
		for _, n := range revPages[i] {
			pages = append(pages, r.Name+"/"+strconv.Itoa(n)+".html")
			if !slices.Contains(chapters, n) {
				chapters = append(chapters, n)
			}
		}
		jobs = append(jobs, job{pages, i})
		total += len(pages)
		if i == len(s.Revs)-1 && !s.NoLatest {
			total += len(pages) - 1 // written again under latest/, but for the search index
		}
		if i > 0 {
			jobs = append(jobs, job{[]string{"diff/" + s.Revs[i-1].Name + "/" + r.Name + ".html"}, -1})
			total++
		}
	}
	hist, err := s.history()
	if err != nil {
		return nil, 0, err
	}
	// A chapter another revision has, in one that lacks it: a page
	// that says where its rules are (2005-10-01/702.html).
	for i, r := range s.Revs {
		var pages []string
		cands := chapters
		if hist == nil { // the chapters of every revision of the lineage
			moves, err := s.movesOf(i)
			if err != nil {
				return nil, 0, err
			}
			cands = slices.Sorted(maps.Keys(moves))
		}
		for _, n := range cands {
			if !slices.Contains(revPages[i], n) {
				if _, ok := s.movedChapter(i, n); ok {
					pages = append(pages, r.Name+"/"+strconv.Itoa(n)+".html")
				}
			}
		}
		if len(pages) > 0 {
			jobs = append(jobs, job{pages, -1})
			total += len(pages)
		}
	}
	if hist != nil {
		keys := hist.keys()
		for len(keys) > 0 {
			n := min(len(keys), 200)
			var pages []string
			for _, k := range keys[:n] {
				pages = append(pages, "history/"+k+".html")
			}
			jobs = append(jobs, job{pages, -1})
			total += n
			keys = keys[n:]
		}
	}
	return jobs, total, nil
}

// writeAll renders every page into dir on all cores.
func (s *Site) writeAll(dir string, progress Progress) error {
	jobs, total, err := s.jobs()
	if err != nil {
		return err
	}
	jobs = append(jobs, job{[]string{"index.html", "style.css", "search.html", "search.js"}, -1})
	latest := "" // the prefix of the pages written again under latest/
	if len(s.Revs) > 0 && !s.NoLatest {
		latest = s.Revs[len(s.Revs)-1].Name + "/"
	}
	type result struct {
		n   int
		err error
	}
	work := make(chan job)
	results := make(chan result)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			for j := range work {
				for _, p := range j.pages {
					b.Reset()
					err := s.Page(&b, p)
					if err == nil {
						err = writeFile(filepath.Join(dir, filepath.FromSlash(p)), b.Bytes())
					}
					n := 1
					// search.html reads a revision's index by its name only.
					if rest, ok := strings.CutPrefix(p, latest); ok && latest != "" && err == nil && rest != "search-index.js" {
						// The same bytes: the pages' links are relative.
						err = writeFile(filepath.Join(dir, "latest", filepath.FromSlash(rest)), b.Bytes())
						n++
					}
					results <- result{n, err}
				}
				if j.rev >= 0 {
					s.forget(j.rev)
				}
			}
		}()
	}
	go func() {
		for _, j := range jobs {
			work <- j
		}
		close(work)
		wg.Wait()
		close(results)
	}()
	var first error
	done := 0
	for r := range results {
		done += r.n
		if r.err != nil && first == nil {
			first = r.err
		}
		if progress != nil {
			progress(done, total)
		}
	}
	return first
}

func writeFile(name string, data []byte) error {
	if err := atomicfile.Interrupted(); err != nil {
		return err // the temporary folder is being removed: add nothing
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	// A page kept from the site written before is a hard link to it.
	if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}
