package crules

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"

	"github.com/crules/crules/cite"
	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/index"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/lexicon"
)

// Options configure a Library. The zero value works: the embedded archive,
// the user cache directory, no progress reports.
type Options struct {
	// Archive is the corpus; nil means the one embedded in the binary
	// (corpus.Default) with the revisions the user added (see Add) from
	// DataDir. corpus.Open reads one from any fs.FS.
	Archive *corpus.Archive
	// DataDir is the user's own archive of added revisions (a
	// corpus.Shelf), read and written when Archive is nil; "" means
	// corpus.DataDir() ($CRULES_DATA, else the user data directory).
	DataDir string
	// CacheDir is where derived data (the lineage, search indexes) is
	// kept, keyed by the archive's hash; "" means the user cache directory
	// (os.UserCacheDir()/crules, or $CRULES_CACHE).
	CacheDir string
	// Files is where ReadFile reads; nil means the operating system's
	// files, relative to the working directory.
	Files fs.FS
	// Progress, when set, hears about slow work, done of total steps: a
	// first use that builds a cache entry (the lineage, the term counts, a
	// search index) or rendering. The task says what, how long it usually
	// takes and where it is cached: "building the search index of
	// 2026-01-16 (once, usually 1 s; cached in DIR)". It is called with
	// done 0 first.
	Progress func(task string, done, total int)
	// Warn, when set, hears about problems that do not stop an answer:
	// a cache entry that could not be written, and the warnings of a file
	// when it is parsed (a parse.ErrorList: text skipped or guessed).
	Warn func(error)
	// Stdin is what a file named "-" reads (Resolve); nil means none.
	Stdin io.Reader
	// MaxDocs bounds the parsed revisions kept in memory; 0 means 16.
	MaxDocs int
}

// A Library answers questions about the rules: lookups, history, diffs,
// terminology, keywords, citations and search, over the embedded revisions
// and files. It parses each revision once and keeps the most recently
// used ones, reads the lineage and search indexes from the cache (building
// them on first use), and is safe for concurrent use. Close releases the
// open indexes.
type Library struct {
	archive *corpus.Archive
	seed    maphash.Seed  // of the keys of files' documents
	shelf   *corpus.Shelf // the added revisions' archive; nil when Options.Archive is set
	stamp   string        // the shelf's Stamp when it was read
	revs    []Rev
	byName  map[string]int // revision name → index in revs
	opt     Options

	mu      sync.Mutex
	docs    map[string]*docEntry
	order   []string // docs, least recently used first
	indexes map[string]*index.Index

	termsMu sync.Mutex
	terms   []lexicon.Usage // of every term of the default lexicon

	lineageMu sync.Mutex
	lineage   *diff.Lineage

	builds sync.Map // index directory → *sync.Mutex: one build at a time per index

	notCachedOnce sync.Once // see notCached

	citeOnce  sync.Once // see citeRules
	citeKnown *cite.Known
	citeErr   error

	readLatest atomic.Bool // see ReadLatest
}

// Open returns a Library over the archive the options name.
func Open(o Options) (*Library, error) {
	a := o.Archive
	var shelf *corpus.Shelf
	stamp := ""
	if a == nil {
		var err error
		if a, err = corpus.Default(); err != nil {
			return nil, err
		}
		dir := o.DataDir
		if dir == "" {
			dir, err = corpus.DataDir()
		}
		if err == nil {
			shelf = &corpus.Shelf{Dir: dir}
			stamp = shelf.Stamp()
			revs, texts, err := shelf.Load()
			if err != nil {
				return nil, err
			}
			a = a.With(revs, texts)
		}
	}
	if o.MaxDocs <= 0 {
		o.MaxDocs = 16
	}
	l := &Library{archive: a, seed: maphash.MakeSeed(), shelf: shelf, stamp: stamp, opt: o, byName: map[string]int{}, docs: map[string]*docEntry{}, indexes: map[string]*index.Index{}}
	for i, r := range a.Revisions() {
		l.revs = append(l.revs, Rev{r: r, name: r.Name(), pos: i})
		l.byName[r.Name()] = i
	}
	return l, nil
}

// Close closes the search indexes the library opened.
func (l *Library) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	var errs []error
	for name, ix := range l.indexes {
		errs = append(errs, ix.Close())
		delete(l.indexes, name)
	}
	return errors.Join(errs...)
}

// Options returns the options the library was opened with: Open(l.Options())
// opens it again, reading the revisions added since.
func (l *Library) Options() Options { return l.opt }

// Archive returns the corpus the library reads.
func (l *Library) Archive() *corpus.Archive { return l.archive }

// Revisions lists the revisions, embedded and added, oldest first.
func (l *Library) Revisions() []Rev { return l.revs }

// Sources returns every revision as a Source, oldest first.
func (l *Library) Sources() []Source {
	out := make([]Source, len(l.revs))
	for i, r := range l.revs {
		out[i] = r.Source()
	}
	return out
}

// Latest is the newest revision, embedded or added.
func (l *Library) Latest() Rev { return l.revs[len(l.revs)-1] }

// Select finds a revision by a selector as users type it: "latest" (also
// ""), "first", an exact date "2006-10-01", or a prefix "2006" or
// "2006-10" meaning the latest revision inside it; any of them with "~N"
// after it is the Nth revision before it ("latest~1"). A selector that
// names none is ErrUnknownRevision, with the nearest dates.
func (l *Library) Select(sel string) (Rev, error) {
	r, err := l.archive.Select(sel)
	if err != nil {
		var u *corpus.UnknownRevisionError
		if errors.As(err, &u) {
			return Rev{}, &Error{Kind: ErrUnknownRevision, Msg: err.Error(), Nearest: u.Nearest, Err: err}
		}
		return Rev{}, err
	}
	return l.rev(r.Name()), nil
}

// rev returns the revision named name (a date), or the zero Rev.
func (l *Library) rev(name string) Rev {
	if i, ok := l.byName[name]; ok {
		return l.revs[i]
	}
	return Rev{pos: -1}
}

// ReadFile reads a CR file as a Source. A file that cannot be read, or
// is larger than MaxFileSize, is ErrBadInput (a regular file is refused by
// its size before it is read, a device or a pipe once MaxFileSize bytes
// have come); whether it is a CR shows when it is parsed.
func (l *Library) ReadFile(path string) (Source, error) {
	data, err := readFile(l.opt.Files, path, MaxFileSize)
	if err != nil {
		return Source{}, err
	}
	return File(path, data), nil
}

// Resolve returns the source a command names: the file path when it is
// not "" ("-" reads Options.Stdin), else the revision sel selects (see
// Select). A file is parsed at once, so one that is not a CR fails here
// and its warnings reach Options.Warn before any answer.
func (l *Library) Resolve(sel, path string) (Source, error) {
	if path == "" {
		r, err := l.Select(sel)
		return r.Source(), err
	}
	if path == "-" && l.opt.Stdin != nil {
		return l.parsed(ReadFrom("<stdin>", l.opt.Stdin))
	}
	return l.parsed(l.ReadFile(path))
}

// parsed parses a file read without error (see Resolve).
func (l *Library) parsed(src Source, err error) (Source, error) {
	if err == nil && src.IsFile() {
		_, err = l.Document(src)
	}
	return src, err
}

// SourceOf reads arg as a file when there is one by that name, and as a
// revision selector otherwise: an argument of a diff. A file is parsed at
// once, as by Resolve.
func (l *Library) SourceOf(arg string) (Source, error) {
	var err error
	if l.opt.Files != nil {
		_, err = fs.Stat(l.opt.Files, arg)
	} else {
		var fi os.FileInfo
		if fi, err = os.Stat(arg); err == nil && fi.IsDir() {
			err = fs.ErrNotExist
		}
	}
	switch {
	case err == nil:
		return l.parsed(l.ReadFile(arg))
	case !errors.Is(err, fs.ErrNotExist):
		return Source{}, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
	}
	r, err := l.Select(arg)
	var e *Error
	if errors.As(err, &e) && e.Kind == ErrUnknownRevision {
		return Source{}, &Error{Kind: ErrUnknownRevision, Msg: fmt.Sprintf("%v (and no file %q)", err, arg), Nearest: e.Nearest, Err: err}
	}
	return r.Source(), err
}

// SourcesOf reads each argument as SourceOf does, in order, stopping at the
// first error: the two sides of a comparison.
func (l *Library) SourcesOf(args ...string) ([]Source, error) {
	out := make([]Source, len(args))
	for i, a := range args {
		var err error
		if out[i], err = l.SourceOf(a); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// cachePath is where the cache entry name of version lives: an entry of
// the whole history, keyed by the archive with its added revisions.
func (l *Library) cachePath(name string, version int) (string, error) {
	return l.cachePathOf(l.archive.Hash(), name, version)
}

// revCachePath is where the cache entry name of version of one revision
// lives: keyed by the embedded archive for an embedded revision, by its
// own bytes for an added one, so that adding a revision leaves the
// entries of the others valid.
func (l *Library) revCachePath(r Rev, name string, version int) (string, error) {
	key := l.archive.BaseHash()
	if r.IsAdded() {
		key = "added-" + r.r.SHA256
	}
	return l.cachePathOf(key, name, version)
}

func (l *Library) cachePathOf(key, name string, version int) (string, error) {
	dir, err := l.CacheDir()
	if err != nil {
		return "", err
	}
	return cache.Path(dir, key, name, version), nil
}

func (l *Library) progress(task string, done, total int) {
	if l.opt.Progress != nil {
		l.opt.Progress(task, done, total)
	}
}

// notCached warns, once per library, that what (the lineage, the term
// counts, a search index) could not be cached, because of err, and is
// kept in memory instead.
func (l *Library) notCached(what string, err error) {
	l.notCachedOnce.Do(func() {
		l.warn(&Error{Kind: ErrNotCached, Msg: fmt.Sprintf("could not cache %s, so it is kept in memory: %v", what, err), Err: err})
	})
}

func (l *Library) warn(err error) {
	if l.opt.Warn != nil {
		l.opt.Warn(err)
	}
}

// CacheDir is where the library keeps derived data: Options.CacheDir, or
// the user cache directory.
func (l *Library) CacheDir() (string, error) {
	if l.opt.CacheDir != "" {
		return l.opt.CacheDir, nil
	}
	return cache.Dir()
}

// CleanCache removes the cache directory and returns it. The indexes the
// library has open stay usable until Close.
func (l *Library) CleanCache() (string, error) {
	d, err := l.CacheDir()
	if err != nil {
		return "", err
	}
	return d, os.RemoveAll(d)
}

// ReadFrom reads a CR file from r (standard input, an upload) as a Source
// named name. More than MaxFileSize bytes is ErrBadInput, refused once
// that many have come.
func ReadFrom(name string, r io.Reader) (Source, error) {
	b, err := readAtMost(r, name, MaxFileSize, 0)
	if err != nil {
		return Source{}, err
	}
	return File(name, b), nil
}
