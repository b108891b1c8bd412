package crules_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// TestTreeCached: a revision's parsed tree is cached by its first use and
// read by the next library (as by the next process) without parsing,
// equal to the parse; libraries racing on an empty cache each leave the
// one whole file; a tree file damaged anywhere (a bit flipped at every
// 1/17 of it, cut short, emptied) is refused and written again, and the document is
// still the parse.
func TestTreeCached(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var wg sync.WaitGroup
	docs := make([]*crules.Document, 4)
	for i := range docs {
		wg.Go(func() {
			lib, err := crules.Open(crules.Options{CacheDir: dir})
			if err != nil {
				t.Error(err)
				return
			}
			defer lib.Close()
			if docs[i], err = lib.Document(lib.Latest().Source()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	lib := open(t, crules.Options{CacheDir: dir})
	r := lib.Latest()
	text, err := lib.Archive().Text(r.Revision())
	if err != nil {
		t.Fatal(err)
	}
	want, err := parse.Parse(r.Revision().File, text)
	if err != nil {
		t.Fatal(err)
	}
	want.Encoding = parse.Encoding(r.Revision().Encoding)
	for i, d := range docs {
		if !reflect.DeepEqual(d.Document, want) {
			t.Fatalf("library %d: the document differs from the parse", i)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*tree-*"))
	if len(files) != 1 || strings.Contains(files[0], ".tmp") {
		t.Fatalf("cache files %v, want one tree", files)
	}
	path := files[0]
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// read opens a library on the cache, checks its document against the
	// parse and reports whether it wrote the tree file again.
	read := func(name string) (rewritten bool) {
		t.Helper()
		before, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		lib := open(t, crules.Options{CacheDir: dir})
		d, err := lib.Document(lib.Latest().Source())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(d.Document, want) {
			t.Fatalf("%s: the document differs from the parse", name)
		}
		after, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != string(good) {
			t.Fatalf("%s: the tree file holds another tree after the read", name)
		}
		return !os.SameFile(before, after)
	}
	if read("warm") {
		t.Error("warm: the tree was written again, not read")
	}
	damage := map[string]func([]byte) []byte{
		"cut short": func(b []byte) []byte { return b[:len(b)/2] },
		"empty":     func(b []byte) []byte { return nil },
	}
	for i := 0; i < len(good); i += len(good)/17 + 1 {
		damage[fmt.Sprintf("bit flipped at byte %d", i)] = func(b []byte) []byte {
			b[i] ^= 0x08
			return b
		}
	}
	for name, f := range damage {
		if err := os.WriteFile(path, f(append([]byte(nil), good...)), 0o644); err != nil {
			t.Fatal(err)
		}
		if !read(name) {
			t.Errorf("%s: the damaged tree was not written again", name)
		}
	}
}

// BenchmarkDocumentLatest: a new library (as a new process) getting the
// latest revision's document: from the cached tree, and with no cache
// to read (decompressed from the archive and parsed; the tree cannot be
// written under a file, so each run parses).
func BenchmarkDocumentLatest(b *testing.B) {
	unwritable := filepath.Join(b.TempDir(), "file")
	if err := os.WriteFile(unwritable, nil, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, dir string }{{"cached", b.TempDir()}, {"parsed", filepath.Join(unwritable, "crules")}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lib, err := crules.Open(crules.Options{CacheDir: c.dir})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := lib.Document(lib.Latest().Source()); err != nil {
					b.Fatal(err)
				}
				lib.Close()
			}
		})
	}
}

// TestCitationsCached: the citations the engine found in a revision
// and the keyword specs it read there are cached by the first library
// that runs a scenario and learned by the next, whose results (every
// check and every step of the trace, with the rules cited) are those of
// a library without a cache, for every scenario file; what is learned is
// what is cited (a citation changed in the cache shows in the trace); a
// damaged entry of either is not learned and is written again.
func TestCitationsCached(t *testing.T) {
	files, _ := filepath.Glob("scenario/testdata/scenarios/*.txt")
	if len(files) < 20 {
		t.Fatalf("%d scenario files", len(files))
	}
	unwritable := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(unwritable, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	sim := func(lib *crules.Library, file string) []*engine.Result {
		t.Helper()
		res, err := lib.SimulateFiles("", file)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		return res
	}
	for _, f := range files {
		want := sim(open(t, crules.Options{CacheDir: filepath.Join(unwritable, "crules")}), f)
		sim(open(t, crules.Options{CacheDir: dir}), f) // finds and caches
		if got := sim(open(t, crules.Options{CacheDir: dir}), f); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the results with the cached citations differ", f)
		}
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "*", "cites-*"))
	specEntries, _ := filepath.Glob(filepath.Join(dir, "*", "specs-*"))
	if len(entries) < 2 || len(specEntries) < 2 {
		// A revision whose scenarios use no keyword has no specs.
		t.Fatalf("citation entries %v, spec entries %v, want one of each per revision the scenarios run", entries, specEntries)
	}

	// The latest revision's entry, with one citation's text changed and
	// a sound checksum: the next run cites the changed text.
	lib := open(t, crules.Options{CacheDir: dir})
	latest, err := lib.Document(lib.Latest().Source())
	if err != nil {
		t.Fatal(err)
	}
	entry := ""
	for _, e := range entries {
		if strings.Contains(e, "cites-"+lib.Latest().Revision().SHA256[:16]) {
			entry = e
		}
	}
	const convoke = "scenario/testdata/scenarios/convoke.txt"
	want := sim(lib, convoke)
	found := engine.Citations(latest.Document).Found()
	if entry == "" || len(found) == 0 {
		t.Fatalf("no entry or no citations for the latest revision: %q, %d", entry, len(found))
	}
	good, err := os.ReadFile(entry)
	if err != nil {
		t.Fatal(err)
	}
	marked := 0
	for k, ref := range found {
		if !ref.IsZero() {
			ref.Text = "marked " + ref.Text
			found[k] = ref
			marked++
		}
	}
	if err := cache.Store(entry, func(w io.Writer) error { _, err := w.Write(crules.EncodeCitations(found)); return err }); err != nil {
		t.Fatal(err)
	}
	got := sim(open(t, crules.Options{CacheDir: dir}), convoke)
	if marked == 0 || !strings.Contains(fmt.Sprint(traceTexts(got)), "marked ") {
		t.Error("the citations changed in the cache were not the ones cited")
	}

	// The specs a new library learns from the cache are bound to its own
	// document's rules and are those a run reads.
	fresh := open(t, crules.Options{CacheDir: dir})
	fd, err := fresh.Document(fresh.Latest().Source())
	if err != nil {
		t.Fatal(err)
	}
	if _, n := crules.LearnSpecs(fresh, fresh.Latest(), fd.Document); n == 0 {
		t.Error("no spec learned from the cache")
	}
	for name, s := range engine.Specs(fd.Document) {
		if s != nil && (s.Text() == nil || s.Text() != fd.Rule(s.Text().ID)) {
			t.Errorf("learned spec %s is not bound to the document's rule", name)
		}
	}
	if ws := engine.Specs(latest.Document); len(ws) == 0 || !reflect.DeepEqual(engine.Specs(fd.Document), ws) {
		t.Error("the specs learned are not those the run read")
	}

	// Damaged: a bit flipped in each; not learned, and written again
	// whole.
	// The specs' entry, versioned by keyword.SpecVersion as the
	// citations' is by game.FindVersion.
	specEntry := ""
	for _, e := range specEntries {
		if strings.Contains(e, "specs-"+lib.Latest().Revision().SHA256[:16]) {
			specEntry = e
		}
	}
	if specEntry == "" {
		t.Fatalf("no spec entry for the latest revision among %v", specEntries)
	}
	for _, e := range []string{entry, specEntry} {
		b, err := os.ReadFile(e)
		if err != nil {
			t.Fatal(err)
		}
		if e == entry {
			b = append([]byte(nil), good...)
		}
		b[len(b)/2] ^= 0x20
		if err := os.WriteFile(e, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := sim(open(t, crules.Options{CacheDir: dir}), convoke); !reflect.DeepEqual(got, want) {
		t.Error("a damaged entry changed the results")
	}
	for _, e := range []string{entry, specEntry} {
		if err := cache.Load(e, func(io.Reader) error { return nil }); err != nil {
			t.Errorf("the damaged entry %s was not written again: %v", filepath.Base(e), err)
		}
	}
}

// traceTexts lists the rules each step of each script cited, with their
// text.
func traceTexts(rs []*engine.Result) []string {
	var out []string
	for _, r := range rs {
		for _, s := range r.Scripts {
			for _, st := range s.Trace {
				out = append(out, st.Rule+" "+st.Text)
			}
		}
	}
	return out
}

// BenchmarkSimulateConvoke: a new library (as a new process) running
// convoke.txt against the latest revision: with a warm cache (the tree,
// the engine's citations and keyword specs cached by the first run), and
// with none to read or write.
func BenchmarkSimulateConvoke(b *testing.B) {
	src, err := os.ReadFile("scenario/testdata/scenarios/convoke.txt")
	if err != nil {
		b.Fatal(err)
	}
	unwritable := filepath.Join(b.TempDir(), "file")
	if err := os.WriteFile(unwritable, nil, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, dir string }{{"cached", b.TempDir()}, {"uncached", filepath.Join(unwritable, "crules")}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lib, err := crules.Open(crules.Options{CacheDir: c.dir})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := lib.Simulate("convoke.txt", src, ""); err != nil {
					b.Fatal(err)
				}
				lib.Close()
			}
		})
	}
}

// TestKeywordSpecCached: keyword answers from the specs cache (written
// by the first ask, read by the next library) are those extracted from
// the document, in three revisions and for a name no revision has, with
// the same changes; the spec answered is a copy: the engine's own is
// left as extracted.
func TestKeywordSpecCached(t *testing.T) {
	dir := warmCache(t)
	for _, rev := range []string{"latest", "2006-10-01", "2005-10-01"} {
		for _, name := range []string{"convoke", "Splice", "flying", "no such keyword"} {
			var first *crules.KeywordAnswer
			var firstErr error
			for _, pass := range []string{"first", "cached"} {
				lib := open(t, crules.Options{CacheDir: dir})
				r, err := lib.Select(rev)
				if err != nil {
					t.Fatal(err)
				}
				got, err := lib.Keyword(r.Source(), name)
				if pass == "first" {
					first, firstErr = got, err
				}
				if (err == nil) != (firstErr == nil) || err != nil && err.Error() != firstErr.Error() {
					t.Fatalf("%s %s, %s: error %v, first %v", rev, name, pass, err, firstErr)
				}
				if err != nil {
					continue
				}
				d := got.Doc
				want := keyword.Find(keyword.ExtractNames(d.Document, nil, d.Label, name), name)
				want.See = keyword.See(d.Rule(parse.MustParseRuleID(want.Rule)))
				if !reflect.DeepEqual(got.Spec, want) || !reflect.DeepEqual(got.Changes, first.Changes) {
					t.Errorf("%s %s, %s: the answer differs from the extraction", rev, name, pass)
				}
				if e := engine.Spec(d.Document, name); e == got.Spec || len(want.See) > 0 && len(e.See) != 0 {
					t.Errorf("%s %s: the engine's spec was given out or changed", rev, name)
				}
			}
		}
	}
	// The cache may hold the entries of other tests' revisions too.
	lib := open(t, crules.Options{CacheDir: dir})
	for _, rev := range []string{"latest", "2006-10-01", "2005-10-01"} {
		r, err := lib.Select(rev)
		if err != nil {
			t.Fatal(err)
		}
		if entries, _ := filepath.Glob(filepath.Join(dir, "*", "specs-"+r.Revision().SHA256[:16]+"-*")); len(entries) != 1 {
			t.Errorf("%s: spec entries %v, want one", rev, entries)
		}
	}
}
