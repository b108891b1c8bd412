package crules_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
	"golang.org/x/text/encoding/unicode"
)

// addNew adds corpustest.NewRevision to a fresh user archive and returns a
// library opened over it, with a cache of its own.
func addNew(t *testing.T) (*crules.Library, string) {
	t.Helper()
	data := t.TempDir()
	lib := open(t, crules.Options{DataDir: data})
	a, err := lib.Add(crules.File("new.txt", corpustest.NewRevision(t)), "new.txt")
	if err != nil {
		t.Fatal(err)
	}
	if a.Rev != corpustest.NewDate || a.Replaced != "" {
		t.Fatalf("Add = %+v, want %s replacing nothing", a, corpustest.NewDate)
	}
	if !lib.Changed() {
		t.Error("Changed is false after an addition")
	}
	return open(t, crules.Options{DataDir: data}), data
}

// TestAddNewRevision: a revision the project has never seen, once added,
// is the latest, selectable, listed with its source, and every question
// reaches it: its new rule, its renumbering, its words.
func TestAddNewRevision(t *testing.T) {
	t.Parallel()
	lib, _ := addNew(t)
	if got := lib.Latest(); got.Name() != corpustest.NewDate || !got.IsAdded() {
		t.Fatalf("latest = %s (added %v), want %s added", got, got.IsAdded(), corpustest.NewDate)
	}
	if n := len(lib.Revisions()); n != 126 {
		t.Errorf("%d revisions, want 126", n)
	}
	if v := lib.BuildInfo(); v.Revisions != 125 || v.Last != "2026-01-16" || v.Added != 1 || v.Hash != lib.Archive().BaseHash() ||
		!strings.Contains(v.String(), "embedded history: 125 revisions, 1999-04-23 to 2026-01-16") || !strings.HasSuffix(v.String(), "added by you: 1 (crules versions)\n") {
		t.Errorf("the build information with an addition: %+v\n%s", v, v)
	}
	for _, sel := range []string{"latest", "2026", "2026-02", corpustest.NewDate} {
		if r, err := lib.Select(sel); err != nil || r.Name() != corpustest.NewDate {
			t.Errorf("Select(%q) = %v, %v; want %s", sel, r, err, corpustest.NewDate)
		}
	}
	vs, err := lib.Versions()
	if err != nil {
		t.Fatal(err)
	}
	last := vs[len(vs)-1]
	if last.Stats.Rules != vs[len(vs)-2].Stats.Rules+4 || !strings.Contains(last.Rev.Origin(), "new.txt") {
		t.Errorf("versions' last: %d rules (2026-01-16 has %d), origin %q", last.Stats.Rules, vs[len(vs)-2].Stats.Rules, last.Rev.Origin())
	}
	if o := vs[0].Rev.Origin(); o != "embedded" {
		t.Errorf("first revision's origin = %q", o)
	}

	src := lib.Latest().Source()
	as, err := lib.Lookup(src, "702.190a")
	if err != nil || !strings.Contains(as[0].Rule.Text, corpustest.NewWord) {
		t.Fatalf("702.190a in the added revision: %v", err)
	}
	h, err := lib.History("702.187c", mustSelect(t, lib, "2026-01-16"))
	if err != nil {
		t.Fatal(err)
	}
	lastChange := h.Changes[len(h.Changes)-1]
	if lastChange.Rev != corpustest.NewDate || lastChange.ID != "702.187d" {
		t.Errorf("history of 702.187c ends at %s %s, want %s 702.187d", lastChange.Rev, lastChange.ID, corpustest.NewDate)
	}
	res, err := lib.Search(src, corpustest.NewWord, crules.SearchOptions{})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].ID != "702.190a" {
		t.Fatalf("search %s: %v, %+v", corpustest.NewWord, err, res)
	}
	if _, err := lib.Search(mustSelect(t, lib, "2026-01-16").Source(), corpustest.NewWord, crules.SearchOptions{}); !errors.Is(err, crules.ErrNoMatch) {
		t.Errorf("search %s in 2026-01-16: %v, want no match", corpustest.NewWord, err)
	}
	c, err := lib.Diff(mustSelect(t, lib, "2026-01-16").Source(), src, crules.DiffOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Counts[diffClass(t, "added")] < 3 {
		t.Errorf("diff 2026-01-16 latest: counts %v, want the three added rules", c.Counts)
	}
	cov, err := lib.Coverage(src)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(cov.Unmodelled, "Zephyrcall") || len(cov.Stale) == 0 {
		t.Errorf("coverage of the added revision: unmodelled %v, stale %d", cov.Unmodelled, len(cov.Stale))
	}
}

func mustSelect(t *testing.T, lib *crules.Library, sel string) crules.Rev {
	t.Helper()
	r, err := lib.Select(sel)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestAddRefusals: a file already held (here a real revision in UTF-16,
// its text the embedded one's), one that is not a CR and one that states
// no date are refused, and nothing is written.
func TestAddRefusals(t *testing.T) {
	data := t.TempDir()
	lib := open(t, crules.Options{DataDir: data})
	raw, err := os.ReadFile(filepath.Join("..", "shared", "corpus", "CR-2025-11-14.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := parse.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	u16, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	_, err = lib.Add(crules.File("cr-utf16.txt", u16), "cr-utf16.txt")
	if !errors.Is(err, crules.ErrAlreadyHeld) || !strings.Contains(err.Error(), "already held (embedded)") {
		t.Errorf("adding 2025-11-14 in UTF-16: %v, want already held", err)
	}
	noDate := strings.Replace(text, "These rules are effective as of November 14, 2025.", "", -1)
	for name, b := range map[string][]byte{"photo.jpg": {0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0}, "notes.txt": []byte("Shopping list\n\n1. Milk\n"), "nodate.txt": []byte(noDate)} {
		if _, err := lib.Add(crules.File(name, b), name); !errors.Is(err, crules.ErrBadInput) || !strings.HasPrefix(err.Error(), name+":") {
			t.Errorf("adding %s: %v, want a positioned ErrBadInput", name, err)
		}
	}
	if entries, _ := os.ReadDir(data); len(entries) != 0 {
		t.Errorf("refused additions wrote %d files", len(entries))
	}
}

// TestAddReplaces: a file of a date the user's archive holds with another
// text replaces it, with a warning; the same file again is refused.
func TestAddReplaces(t *testing.T) {
	data := t.TempDir()
	var warned []error
	lib := open(t, crules.Options{DataDir: data, Warn: func(err error) { warned = append(warned, err) }})
	first := corpustest.NewRevision(t)
	if _, err := lib.Add(crules.File("a.txt", first), "a.txt"); err != nil {
		t.Fatal(err)
	}
	lib = open(t, crules.Options{DataDir: data, Warn: func(err error) { warned = append(warned, err) }})
	reissued := []byte(strings.Replace(string(first), corpustest.NewWord, "zephyrquills", 1))
	a, err := lib.Add(crules.File("b.txt", reissued), "b.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.Replaced, "added ") || len(warned) != 1 || !strings.Contains(warned[0].Error(), "replacing") {
		t.Errorf("re-issue: replaced %q, warnings %v", a.Replaced, warned)
	}
	lib = open(t, crules.Options{DataDir: data})
	if _, err := lib.Add(crules.File("b.txt", reissued), "b.txt"); !errors.Is(err, crules.ErrAlreadyHeld) {
		t.Errorf("the re-issue again: %v, want already held", err)
	}
	revs, texts, err := corpus.Shelf{Dir: data}.Load()
	if err != nil || len(revs) != 1 || !strings.Contains(string(texts[0]), "zephyrquills") || revs[0].Source != "b.txt" {
		t.Fatalf("the archive holds %d revisions (%v)", len(revs), err)
	}
	if entries, _ := os.ReadDir(data); len(entries) != 3 { // added.json, .lock, one text
		t.Errorf("the archive's directory holds %d files, want 3", len(entries))
	}
}

func diffClass(t *testing.T, name string) diff.Class {
	t.Helper()
	c, ok := diff.ParseClass(name)
	if !ok {
		t.Fatalf("no class %q", name)
	}
	return c
}

// TestAddExtendsCaches: after an addition, the lineage is the cached one
// extended with the added revision, not rebuilt; the search index of an
// embedded revision stays valid and the added one's is built once; and no
// history of the older revisions changes.
func TestAddExtendsCaches(t *testing.T) {
	t.Parallel()
	data, cacheDir := t.TempDir(), warmCache(t)
	var tasks []string
	o := crules.Options{DataDir: data, CacheDir: cacheDir, Progress: func(task string, done, total int) {
		if len(tasks) == 0 || tasks[len(tasks)-1] != task {
			tasks = append(tasks, task)
		}
	}}
	before := open(t, o)
	old := mustSelect(t, before, "2026-01-16")
	queries := []struct {
		id string
		at crules.Rev
	}{{"702.187c", old}, {"502.40a", mustSelect(t, before, "2006-10-01")}, {"100.1", old}, {"splice", crules.Rev{}}}
	var hs []*crules.History
	for _, q := range queries {
		h, err := before.History(q.id, q.at)
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, h)
	}
	if _, err := before.Search(old.Source(), "mayhem", crules.SearchOptions{}); err != nil {
		t.Fatal(err)
	}
	termsBefore, err := before.Terms("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := before.Add(crules.File("new.txt", corpustest.NewRevision(t)), "new.txt"); err != nil {
		t.Fatal(err)
	}

	tasks = nil
	after := open(t, o)
	for i, q := range queries {
		at := q.at
		if !at.IsZero() {
			at = mustSelect(t, after, at.Name())
		}
		h, err := after.History(q.id, at)
		if err != nil {
			t.Fatal(err)
		}
		want := hs[i].Changes
		wantID := want[len(want)-1].ID
		if q.id == "702.187c" { // renumbered in the added revision
			wantID = "702.187d"
		}
		if got := h.Changes[len(h.Changes)-1]; got.Rev != corpustest.NewDate || got.ID != wantID {
			t.Errorf("history of %s ends at %s %s, want %s %s", q.id, got.Rev, got.ID, corpustest.NewDate, wantID)
		}
		h.Changes = h.Changes[:len(h.Changes)-1]
		if len(h.Changes) != len(want) {
			t.Errorf("history of %s: %d changes, %d before the addition", q.id, len(h.Changes), len(want))
			continue
		}
		for j := range want {
			if h.Changes[j].Point != want[j].Point || len(h.Changes[j].Diff) != len(want[j].Diff) {
				t.Errorf("history of %s, change %d: %+v, before the addition %+v", q.id, j, h.Changes[j].Point, want[j].Point)
			}
		}
	}
	for _, src := range []crules.Source{mustSelect(t, after, "2026-01-16").Source(), after.Latest().Source()} {
		if _, err := after.Search(src, "mayhem", crules.SearchOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	termsAfter, err := after.Terms("")
	if err != nil {
		t.Fatal(err)
	}
	for k, u := range termsAfter {
		if n := len(u.Counts); n != 126 || !slices.Equal(u.Counts[:n-1], termsBefore[k].Counts) {
			t.Errorf("terms %s→%s: %d counts, the 125 of before changed", u.Old, u.New, n)
			break
		}
	}
	if len(tasks) != 3 || !strings.HasPrefix(tasks[0], "extending the history of every rule with 1 added revisions") ||
		!strings.HasPrefix(tasks[1], "building the search index of "+corpustest.NewDate) ||
		!strings.HasPrefix(tasks[2], "counting the lexicon's phrases in the 1 revisions") {
		t.Errorf("after the addition, the slow work was %q; want the lineage extended, the added revision's index built, its phrases counted", tasks)
	}
	tasks = nil
	again := open(t, o)
	if _, err := again.Search(again.Latest().Source(), "mayhem", crules.SearchOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := again.Terms(""); err != nil {
		t.Fatal(err)
	}
	if _, err := again.Lineage(); err != nil || len(tasks) != 0 {
		t.Errorf("a third library built %q (%v); want everything cached", tasks, err)
	}
}

// TestEmbeddedAndAddedAlike: one revision read from the embedded archive
// and the same published file in the user's archive (in place of the
// embedded one) give the same answers: the path a release takes before
// it is folded into the embedded archive (go generate ./corpus) answers as
// the path after.
func TestEmbeddedAndAddedAlike(t *testing.T) {
	t.Parallel()
	const date = "2026-01-16"
	raw, err := os.ReadFile(filepath.Join("..", "shared", "corpus", "CR-"+date+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	embedded := open(t, crules.Options{DataDir: t.TempDir()})
	e := mustSelect(t, embedded, date)
	// What Add writes, without its refusal of a text held already.
	text, enc, err := parse.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	canon, eols := corpus.Canonicalize([]byte(text))
	r := e.Revision()
	r.Source, r.Added, r.EOL, r.Encoding, r.Offset = "test", "2026-11-25T00:00:00Z", eols, string(enc), 0
	data := t.TempDir()
	if _, err := (corpus.Shelf{Dir: data}).Put(r, canon); err != nil {
		t.Fatal(err)
	}
	added := open(t, crules.Options{DataDir: data})
	a := mustSelect(t, added, date)
	if !a.IsAdded() || e.IsAdded() || len(added.Revisions()) != 125 {
		t.Fatalf("%s added %v, embedded %v; %d revisions", date, a.IsAdded(), e.IsAdded(), len(added.Revisions()))
	}
	if b, err := added.Archive().Raw(a.Revision()); err != nil || !bytes.Equal(b, raw) {
		t.Errorf("the added revision's bytes as published: %v", err)
	}
	de, err := embedded.Document(e.Source())
	if err != nil {
		t.Fatal(err)
	}
	da, err := added.Document(a.Source())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(de.Document, da.Document) {
		t.Error("the two parses differ")
	}
	answers := func(lib *crules.Library, r crules.Rev) []byte {
		hits, err := lib.Search(r.Source(), "mayhem graveyard", crules.SearchOptions{})
		if err != nil {
			t.Fatal(err)
		}
		h, err := lib.History("702.187c", r)
		if err != nil {
			t.Fatal(err)
		}
		c, err := lib.Diff(mustSelect(t, lib, "2025-11-14").Source(), r.Source(), crules.DiffOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cov, err := lib.Coverage(r.Source())
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal([]any{hits.Hits, h.Changes, c.Counts, cov}) // what the answers print
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if got, want := answers(added, a), answers(embedded, e); !bytes.Equal(got, want) {
		t.Errorf("answers differ:\nadded    %s\nembedded %s", got, want)
	}
}

// TestAddFile: a file added by a relative path is read, added, and listed
// with its absolute path, whatever the working directory is later; a
// missing file is bad input and adds nothing.
func TestAddFile(t *testing.T) {
	dir, data := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "new.txt"), corpustest.NewRevision(t), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	lib := open(t, crules.Options{DataDir: data})
	if _, err := lib.AddFile("missing.txt"); !errors.Is(err, crules.ErrBadInput) {
		t.Errorf("AddFile(missing.txt) = %v, want ErrBadInput", err)
	}
	a, err := lib.AddFile("new.txt")
	if err != nil || a.Rev != corpustest.NewDate {
		t.Fatalf("AddFile = %+v, %v; want %s", a, err, corpustest.NewDate)
	}
	vs, err := open(t, crules.Options{DataDir: data}).Versions()
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "new.txt")
	if got := crules.VersionsJSON(vs)[len(vs)-1].Source; !strings.HasSuffix(got, "from "+want) {
		t.Errorf("source = %q, want it to end with from %s", got, want)
	}
}

// TestAddExtendsSearchAll: after an addition the all-revisions index is
// extended from the cached one of the embedded revisions, indexing about
// one revision's documents (issue 22), and it answers as an index of the
// 126 built whole: the added revision's words are found, every other
// answer is the same, hit for hit, in the same order.
func TestAddExtendsSearchAll(t *testing.T) {
	t.Parallel()
	data, cacheDir := t.TempDir(), warmCache(t)
	type task struct {
		name  string
		total int
	}
	var tasks []task
	o := crules.Options{DataDir: data, CacheDir: cacheDir, Progress: func(name string, done, total int) {
		if len(tasks) == 0 || tasks[len(tasks)-1].name != name {
			tasks = append(tasks, task{name, total})
		}
	}}
	before := open(t, o)
	if _, err := before.IndexAll(); err != nil {
		t.Fatal(err)
	}
	if _, err := before.Add(crules.File("new.txt", corpustest.NewRevision(t)), "new.txt"); err != nil {
		t.Fatal(err)
	}
	tasks = nil
	after := open(t, o)
	if _, err := after.IndexAll(); err != nil {
		t.Fatal(err)
	}
	// The last slow work is the extension: no whole build follows it.
	extended := -1
	if n := len(tasks); n > 0 && strings.HasPrefix(tasks[n-1].name, "extending the search index of all revisions with 1 added") {
		extended = tasks[n-1].total
	}
	// The added revision's documents are new (those it changed) or move
	// their latest revision on (the others): about one revision's, not
	// the ~19,700 of every revision.
	t.Logf("extending the all-revisions index indexed %d documents", extended)
	if extended < 1000 || extended > 6000 {
		t.Errorf("extending the all-revisions index indexed %d documents (tasks %v); want about one revision's", extended, tasks)
	}

	// The index of the 126 built whole, on a cache of the embedded
	// revisions' lineage (extended byte for byte as a build gives it) and
	// no all-revisions index to extend.
	var wholeTasks []string
	whole := open(t, crules.Options{DataDir: data, CacheDir: warmCache(t), Progress: func(name string, done, total int) {
		if len(wholeTasks) == 0 || wholeTasks[len(wholeTasks)-1] != name {
			wholeTasks = append(wholeTasks, name)
		}
	}})
	if _, err := whole.IndexAll(); err != nil {
		t.Fatal(err)
	}
	if n := len(wholeTasks); n == 0 || !strings.HasPrefix(wholeTasks[n-1], "building the search index of all revisions") {
		t.Fatalf("the index to compare with was not built whole: %q", wholeTasks)
	}
	queries := []string{corpustest.NewWord, "zephyrcall", "mayhem", "flying reach", "mana burn", "splice onto arcane",
		`"remove from the game"`, "interrupt", "planeswalker redirect", "title:trample", "702.187", "phase out", "legend rule"}
	for _, q := range queries {
		got, err := after.Search(crules.Source{}, q, crules.SearchOptions{AllRevs: true, Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		want, err := whole.Search(crules.Source{}, q, crules.SearchOptions{AllRevs: true, Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if !bytes.Equal(g, w) {
			t.Errorf("search --all-revs %q: the extended index answers\n%s\nthe index built whole\n%s", q, g, w)
		}
		if q == corpustest.NewWord && (len(got.Hits) == 0 || got.Hits[0].Rev != corpustest.NewDate) {
			t.Errorf("search --all-revs %q: %+v, want a hit in %s", q, got.Hits, corpustest.NewDate)
		}
	}
}

// TestAddCites: a citation of a rule only an added revision has ("see
// 702.190a", the keyword's name beside its number) is one once that
// revision is added, judged current; the embedded rules alone do not know
// it.
func TestAddCites(t *testing.T) {
	text := []byte("// see 702.190a\n// Zephyrcall 702.190\n")
	rep, err := open(t, crules.Options{DataDir: t.TempDir()}).CiteText("Bot.java", text)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 0 {
		t.Fatalf("without the addition: %d findings, want none: %+v", len(rep.Findings), rep.Findings)
	}
	lib, _ := addNew(t)
	rep, err = lib.CiteText("Bot.java", text)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%d:%s stale=%v", f.Line, f.ID, f.Stale))
	}
	if want := []string{"1:702.190a stale=false", "2:702.190 stale=false"}; !slices.Equal(got, want) {
		t.Errorf("with the addition: %q, want %q", got, want)
	}
}
