package crules_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/index"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/lexicon"
)

// TestCachesBuiltOnce: the term counts and the lineage are built on first
// use (with progress reports naming what is built and how long it takes),
// then read from the cache by the next library without any work, the
// same answers; a damaged cache file (one digit of a count, one bit of the
// lineage's body) is built again, not trusted: the lineage's body when a
// history reads the damaged part.
func TestCachesBuiltOnce(t *testing.T) {
	t.Setenv("CRULES_CACHE", t.TempDir())
	var tasks []string
	record := func(task string, done, total int) {
		if done == 0 {
			tasks = append(tasks, task)
		}
	}
	first := open(t, crules.Options{Progress: record})
	terms, err := first.Terms("")
	if err != nil {
		t.Fatal(err)
	}
	hist, err := first.History("splice", crules.Rev{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 2 || !strings.Contains(tasks[0], "usually") || !strings.Contains(tasks[1], "history of every rule") {
		t.Errorf("first use reported %q; want the term counts, then the lineage, each saying how long it takes", tasks)
	}
	// The counts are the lexicon's own measure of the texts.
	a := first.Archive()
	revs := a.Revisions()
	var names []string
	var lower [][]byte
	for _, r := range revs {
		text, err := a.Text(r)
		if err != nil {
			t.Fatal(err)
		}
		names, lower = append(names, r.Name()), append(lower, lexicon.ToLowerASCII(text))
	}
	for k, term := range lexicon.Default().Terms {
		if want := lexicon.Measure(term, names, lower); !slices.Equal(terms[k].Counts, want.Counts) || terms[k].Shift != want.Shift {
			t.Errorf("%s → %s: counted %v (shift %s), measured %v (shift %s)", term.Old, term.New, terms[k].Counts[:3], terms[k].Shift, want.Counts[:3], want.Shift)
		}
	}

	// A rule the latest revision changed: its history reads the rules of
	// the latest revision, the last part of the lineage's file.
	lin, err := first.Lineage()
	if err != nil {
		t.Fatal(err)
	}
	changed := ""
	for _, k := range lin.Step(lin.Steps() - 1) {
		if k.B != "" && k.Class != diff.Unchanged && k.Class != diff.Renumbered {
			changed = k.B
			break
		}
	}
	if changed == "" {
		t.Fatal("the last step of the lineage changes no rule")
	}
	check := func(name string) {
		t.Helper()
		tasks = nil
		again := open(t, crules.Options{Progress: record})
		terms2, err := again.Terms("")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := again.History(changed, crules.Rev{}); err != nil {
			t.Fatalf("%s: history of %s: %v", name, changed, err)
		}
		hist2, err := again.History("splice", crules.Rev{})
		if err != nil {
			t.Fatal(err)
		}
		if len(terms2) != len(terms) || !slices.Equal(terms2[3].Counts, terms[3].Counts) || len(hist2.Changes) != len(hist.Changes) {
			t.Errorf("%s: the cache answers otherwise", name)
		}
		for i := range hist.Changes {
			if hist2.Changes[i].Point != hist.Changes[i].Point || hist2.Changes[i].Class != hist.Changes[i].Class {
				t.Errorf("%s: change %d of splice: %+v, first %+v", name, i, hist2.Changes[i].Point, hist.Changes[i].Point)
			}
		}
		switch {
		case name == "warm" && len(tasks) != 0:
			t.Errorf("warm: built %q again", tasks)
		case name == "damaged" && len(tasks) != 2:
			t.Errorf("damaged: built %q, want both again", tasks)
		}
	}
	check("warm")

	dir, err := first.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	damaged := 0
	for _, f := range files {
		if base := filepath.Base(f); strings.HasPrefix(base, "terms-") || strings.HasPrefix(base, "lineage.") {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(base, "terms-") {
				// One count one higher: still JSON, a wrong answer if trusted.
				i := len(b) / 2
				for b[i] < '0' || b[i] > '8' {
					i++
				}
				b[i]++
			} else {
				// One bit of the body, the head intact: in the rules of
				// the latest revision (the last part), which the history
				// of the rule changed there reads: the lineage is refused
				// then, and built again.
				b[len(b)-100] ^= 0x10
			}
			if err := os.WriteFile(f, b, 0o644); err != nil {
				t.Fatal(err)
			}
			damaged++
		}
	}
	if damaged != 2 {
		t.Fatalf("found %d cache files of %v, want the term counts and the lineage", damaged, files)
	}
	check("damaged")
}

// TestCachesBuiltOnceAcrossLibraries: libraries that share a cache
// folder but nothing else, as processes do, all asking at once for the
// lineage, the term counts and a search index on first use: each is built
// once (the others wait for it and read it), and all get the same answer.
// Temporary files an interrupted build left in the cache are removed by
// the next build of their entry.
func TestCachesBuiltOnceAcrossLibraries(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	probe := open(t, crules.Options{CacheDir: dir})
	hash, latest := probe.Archive().BaseHash(), probe.Latest().Name()
	leftovers := []string{
		cache.Path(dir, hash, "index-"+latest, index.MappingVersion) + ".tmp123",
		filepath.Join(filepath.Dir(cache.Path(dir, hash, "lineage", 0)), fmt.Sprintf(".lineage.v%d.tmp456", diff.LineageVersion)),
	}
	if err := os.MkdirAll(filepath.Join(leftovers[0], "store"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leftovers[1], []byte("half a lineage"), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 4
	var mu sync.Mutex
	built := map[string]int{} // task → libraries that reported it
	changes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		seen := map[string]bool{}
		lib := open(t, crules.Options{CacheDir: dir, Progress: func(task string, done, total int) {
			what, _, _ := strings.Cut(task, " (")
			mu.Lock()
			if !seen[what] {
				seen[what] = true
				built[what]++
			}
			mu.Unlock()
		}})
		wg.Go(func() {
			if _, err := lib.Terms(""); err != nil {
				t.Error(err)
			}
			h, err := lib.History("splice", crules.Rev{})
			if err != nil {
				t.Error(err)
				return
			}
			changes[i] = len(h.Changes)
			if _, err := lib.Search(lib.Latest().Source(), "splice onto arcane", crules.SearchOptions{}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for task, k := range built {
		if k != 1 {
			t.Errorf("%d libraries at once: %q built %d times, want once", n, task, k)
		}
	}
	if len(built) != 3 {
		t.Errorf("built %v, want the term counts, the lineage and the index once each", built)
	}
	for i := range changes {
		if changes[i] != changes[0] || changes[i] == 0 {
			t.Errorf("the history of splice has %v changes in the libraries", changes)
			break
		}
	}
	for _, f := range leftovers {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s is left in the cache", filepath.Base(f))
		}
	}
}

// TestUnwritableCache: with a cache folder that cannot be created (its
// parent is a file), a search and the term counts are answered from
// memory, as from a cache, with one warning saying so (ErrNotCached); the
// index built in memory is kept for the next search.
func TestUnwritableCache(t *testing.T) {
	t.Parallel()
	parent := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(parent, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []error
	lib := open(t, crules.Options{
		CacheDir: filepath.Join(parent, "crules"),
		Warn:     func(err error) { warnings = append(warnings, err) },
	})
	for range 2 {
		res, err := lib.Search(lib.Latest().Source(), "splice onto arcane", crules.SearchOptions{})
		if err != nil || len(res.Hits) == 0 || !strings.HasPrefix(res.Hits[0].ID, "702.47") {
			t.Fatalf("search with an unwritable cache: %v, %v", res, err)
		}
	}
	if !lib.IndexOpen(lib.Latest().Source(), false) {
		t.Error("the index built in memory was not kept open")
	}
	if terms, err := lib.Terms(""); err != nil || len(terms) == 0 {
		t.Errorf("terms with an unwritable cache: %v, %v", terms, err)
	}
	if len(warnings) != 1 || !errors.Is(warnings[0], crules.ErrNotCached) {
		t.Errorf("warnings %v, want one ErrNotCached", warnings)
	}
}

// TestDamagedIndexRebuilt: a cached search index whose segment has one
// bit flipped is built again by the next library (as by the next
// process), which answers as the first did.
func TestDamagedIndexRebuilt(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	first := open(t, crules.Options{CacheDir: dir})
	src := first.Latest().Source()
	want, err := first.Search(src, "splice onto arcane", crules.SearchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	first.Close()
	zaps, _ := filepath.Glob(filepath.Join(dir, "*", "index-*", "store", "*.zap"))
	if len(zaps) != 1 {
		t.Fatalf("segments %v, want one", zaps)
	}
	b, err := os.ReadFile(zaps[0])
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/3] ^= 0x04
	if err := os.WriteFile(zaps[0], b, 0o600); err != nil {
		t.Fatal(err)
	}
	built := false
	again := open(t, crules.Options{CacheDir: dir, Progress: func(task string, _, _ int) {
		built = built || strings.HasPrefix(task, "building the search index")
	}})
	got, err := again.Search(src, "splice onto arcane", crules.SearchOptions{})
	if err != nil || !built {
		t.Fatalf("after damage: %v, rebuilt %v", err, built)
	}
	for i := range want.Hits {
		if i >= len(got.Hits) || got.Hits[i].ID != want.Hits[i].ID || got.Hits[i].Snippet != want.Hits[i].Snippet {
			t.Errorf("hit %d: %+v, first %+v", i, got.Hits[min(i, len(got.Hits)-1)], want.Hits[i])
		}
	}
}
