package crules

import (
	"fmt"
	"hash/maphash"
	"io"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
	"github.com/crules/crules/xref"
)

// A Document is a parsed source with what is derived from it on demand:
// its citation graph and keyword specs. It is shared between callers and
// must not be modified.
type Document struct {
	*parse.Document
	Source Source
	// Label names the document in answers: the revision's date; for a
	// file, its effective date, or its name when it states none.
	Label string
	// Rev is the embedded revision the document is; for a file, the one
	// in effect on the date it states, whose lineage and era its lookups
	// follow. Zero for a file that states no date, or one before the
	// first revision.
	Rev Rev

	graphOnce sync.Once
	graph     *xref.Graph
	specsOnce sync.Once
	specs     []*keyword.Spec
}

// Graph returns the document's citation graph, built on first use.
func (d *Document) Graph() *xref.Graph {
	d.graphOnce.Do(func() { d.graph = xref.Build(d.Document) })
	return d.graph
}

// Keywords returns the specs of the document's keyword abilities and
// actions, read on first use.
func (d *Document) Keywords() []*keyword.Spec {
	d.specsOnce.Do(func() { d.specs = keyword.Extract(d.Document, d.Graph(), d.Label) })
	return d.specs
}

// Document returns the parsed document of src, parsed once (concurrent
// callers wait for the one parse) and kept among the most recently used
// ones (a file by its name and content). A file that is not a CR is
// ErrBadInput with the parser's positioned errors (a parse.ErrorList) as
// its cause; warnings about a file are in its Warnings, and go to
// Options.Warn when it is parsed.
func (l *Library) Document(src Source) (*Document, error) {
	key := src.Rev.Name()
	if !src.IsFile() {
		l.reading(key)
	} else {
		// A process's own seed: no one can make two files collide. SHA-256
		// took a fifth of parse --json's own time, twice per file.
		key = "file:" + src.Name + ":" + strconv.Itoa(len(src.Data)) + ":" + strconv.FormatUint(maphash.Bytes(l.seed, src.Data), 16)
	}
	l.mu.Lock()
	e, ok := l.docs[key]
	switch {
	case ok && l.order[len(l.order)-1] == key: // already the most recent
	case ok: // the most recently used goes last
		i := slices.Index(l.order, key)
		l.order = append(append(l.order[:i:i], l.order[i+1:]...), key)
	default:
		e = &docEntry{}
		l.docs[key] = e
		if len(l.order) >= l.opt.MaxDocs {
			delete(l.docs, l.order[0])
			l.order = l.order[1:]
		}
		l.order = append(l.order, key)
	}
	l.mu.Unlock()
	e.once.Do(func() {
		if src.IsFile() {
			e.doc, e.err = parseFile(src)
			if e.err == nil {
				e.doc.Rev = l.inEffect(e.doc.Effective)
				if len(e.doc.Warnings) > 0 {
					l.warn(e.doc.Warnings)
				}
			}
		} else {
			e.doc, e.err = l.parseRev(src.Rev)
		}
	})
	return e.doc, e.err
}

// inEffect returns the embedded revision in effect on date: the latest
// one of that date or before; none for a zero date or one before the
// first revision.
func (l *Library) inEffect(date time.Time) Rev {
	if date.IsZero() {
		return Rev{pos: -1}
	}
	i := sort.Search(len(l.revs), func(i int) bool { return l.revs[i].Date().After(date) })
	if i == 0 {
		return Rev{pos: -1}
	}
	return l.revs[i-1]
}

// A docEntry is one document of the LRU, parsed once.
type docEntry struct {
	once sync.Once
	doc  *Document
	err  error
}

func parseFile(src Source) (*Document, error) {
	doc, err := parse.Parse(src.Name, src.Data)
	if err != nil {
		return nil, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
	}
	label := src.Name
	if !doc.Effective.IsZero() {
		label = doc.Effective.Format("2006-01-02")
	}
	return &Document{Document: doc, Source: src, Label: label}, nil
}

// parseRev returns the document of the embedded or added revision r:
// its tree as cached by an earlier parse, else parsed and cached.
func (l *Library) parseRev(r Rev) (*Document, error) {
	path, err := l.revCachePath(r, "tree-"+r.r.SHA256[:min(16, len(r.r.SHA256))], parse.TreeVersion)
	if err != nil {
		path = ""
	}
	doc := l.cachedTree(path, r)
	if doc == nil {
		if doc, err = l.parseRevText(r); err != nil {
			return nil, err
		}
		if path != "" {
			// Not cached is only slower: no warning (an unwritable cache
			// is reported by the lineage and the indexes, which need it).
			_ = cache.Store(path, func(w io.Writer) error {
				b, err := doc.AppendBinary(nil)
				if err == nil {
					_, err = w.Write(b)
				}
				return err
			})
		}
	}
	return &Document{Document: doc, Source: r.Source(), Label: r.Name(), Rev: r}, nil
}

// cachedTree returns r's document as an earlier parse cached it at path
// (keyed by the revision's SHA-256 and parse.TreeVersion), or nil when it
// is not there, damaged (its checksum) or another's: a parse in 1.5 ms
// instead of 3–5 ms, and the text without decompressing the archive.
func (l *Library) cachedTree(path string, r Rev) *parse.Document {
	if path == "" {
		return nil
	}
	b, err := cache.MapBytes(path)
	if err != nil {
		return nil
	}
	doc, err := parse.DecodeBinary(b)
	if err != nil || doc.Name != r.r.File || doc.Encoding != parse.Encoding(r.r.Encoding) {
		return nil
	}
	return doc
}

// parseRevText parses the text of r from the archive.
func (l *Library) parseRevText(r Rev) (*parse.Document, error) {
	var doc *parse.Document
	var err error
	if r.r.Added == "" {
		// An embedded text is canonical UTF-8 (TestEveryRevisionMatchesItsSHA256):
		// parsed as it is, without checking its encoding or copying it, 1.5 ms
		// of a fresh process for the latest revision.
		var text string
		if text, err = l.archive.TextString(r.r); err != nil {
			return nil, err
		}
		doc, err = parse.ParseText(r.r.File, text, parse.UTF8)
	} else {
		var text []byte
		if text, err = l.archive.Text(r.r); err != nil {
			return nil, err
		}
		doc, err = parse.Parse(r.r.File, text)
	}
	if err != nil {
		return nil, fmt.Errorf("embedded revision %s: %w", r.Name(), err)
	}
	doc.Encoding = parse.Encoding(r.r.Encoding)
	return doc, nil
}

// parseAll parses every revision, on all cores, without keeping them.
func (l *Library) parseAll() ([]*parse.Document, error) {
	texts, err := l.archive.All()
	if err != nil {
		return nil, err
	}
	docs := make([]*parse.Document, len(l.revs))
	errs := make([]error, len(l.revs))
	parallel(len(l.revs), func(i int) { docs[i], errs[i] = parse.Parse(l.revs[i].r.File, texts[i]) })
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("embedded revision %s: %w", l.revs[i].Name(), err)
		}
	}
	return docs, nil
}

// A Version is an embedded revision with the counts of its parse.
type Version struct {
	Rev   Rev
	Stats parse.Stats
}

// Versions lists every embedded revision with its counts. It parses
// nothing: the counts were stored in the archive's manifest when it was
// generated (and are checked against the parser by the tests).
func (l *Library) Versions() ([]Version, error) {
	out := make([]Version, len(l.revs))
	for i, r := range l.revs {
		c := r.r.Counts
		if c == nil {
			return nil, fmt.Errorf("the archive's manifest has no counts for %s: regenerate it (go generate ./corpus)", r.r.File)
		}
		out[i] = Version{Rev: r, Stats: parse.Stats{Effective: c.Effective, Era: parse.Era(c.Era), Rules: c.Rules,
			Examples: c.Examples, Glossary: c.Glossary, Chapters: c.Chapters, Parts: c.Parts, Warnings: c.Warnings}}
	}
	return out, nil
}

// All returns every embedded revision parsed, oldest first, on all cores.
// They are not kept: it is for work over the whole history (checking
// every revision).
func (l *Library) All() ([]*Document, error) {
	docs, err := l.parseAll()
	if err != nil {
		return nil, err
	}
	out := make([]*Document, len(docs))
	for i, d := range docs {
		d.Encoding = parse.Encoding(l.revs[i].r.Encoding)
		out[i] = &Document{Document: d, Source: l.revs[i].Source(), Label: l.revs[i].Name(), Rev: l.revs[i]}
	}
	return out, nil
}

// parallel runs fn(0..n-1) on all cores.
func parallel(n int, fn func(i int)) {
	jobs, wait := workers(fn)
	for i := 0; i < n; i++ {
		jobs <- i
	}
	close(jobs)
	wait()
}

// workers runs do on every value sent on jobs, on all cores; close jobs,
// then wait for the last to finish. jobs is unbuffered: a sender waits
// for a free worker, so that little is in memory at once.
func workers[T any](do func(T)) (jobs chan<- T, wait func()) {
	ch := make(chan T)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				do(j)
			}
		}()
	}
	return ch, wg.Wait
}

// eachText calls fn with the index (in Revisions) and the text of every
// embedded revision, newest first, reading the archive once and keeping
// none of the texts.
func (l *Library) eachText(fn func(i int, text []byte) error) error {
	at := make(map[string]int, len(l.revs))
	for i, r := range l.revs {
		at[r.r.File] = i
	}
	return l.archive.Each(func(r corpus.Revision, text []byte) error {
		i, ok := at[r.File]
		if !ok {
			return fmt.Errorf("the archive holds %s, which its manifest does not list", r.File)
		}
		return fn(i, text)
	})
}

// VersionsJSON is Versions as the command line's --json and the HTTP API
// print it, a row per revision.
func VersionsJSON(vs []Version) []render.VersionJSON {
	rows := make([]render.VersionJSON, len(vs))
	for i, v := range vs {
		rows[i] = render.NewVersionJSON(v.Rev.Revision(), v.Stats)
	}
	return rows
}

// TOCJSON is the document's parts and chapters as toc --json and the HTTP
// API print them.
func (d *Document) TOCJSON() any { return render.TOCJSON(d.Label, string(d.Era), d.Parts) }

// GlossaryJSON is the document's glossary terms as glossary --json and the
// HTTP API print them.
func (d *Document) GlossaryJSON() any {
	return render.GlossaryTermsJSON(d.Label, string(d.Era), d.Glossary)
}
