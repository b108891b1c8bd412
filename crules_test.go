package crules_test

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/crules/crules"
	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// TestMain gives the tests (and the example) a cache of their own.
func TestMain(m *testing.M) { os.Exit(corpustest.MainWithCache(m)) }

func open(t *testing.T, o crules.Options) *crules.Library {
	t.Helper()
	lib, err := crules.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lib.Close() })
	return lib
}

// TestEra: a revision's era, known from its date, is the era its parse
// finds.
func TestEra(t *testing.T) {
	lib := open(t, crules.Options{})
	docs, err := lib.All()
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range lib.Revisions() {
		if r.Era() != docs[i].Era {
			t.Errorf("%s: era %q, its parse says %q", r, r.Era(), docs[i].Era)
		}
	}
}

func TestErrors(t *testing.T) {
	lib := open(t, crules.Options{Files: fstest.MapFS{
		"prose.txt":  {Data: []byte("Hello, world.\n")},
		"splice.txt": {Data: []byte("702.47. Splice\n\n702.47a Splice is a static ability.\n")},
	}})
	latest := lib.Latest().Source()
	var e *crules.Error
	_, err := lib.Select("1850")
	if !errors.Is(err, crules.ErrUnknownRevision) || !errors.As(err, &e) || len(e.Nearest) == 0 || e.Nearest[0] != "1999-04-23" {
		t.Errorf("Select(1850): %v", err)
	}
	if _, err := crules.ParseRuleID("seven"); !errors.Is(err, crules.ErrBadRequest) {
		t.Errorf("ParseRuleID(seven): %v", err)
	}
	_, err = lib.Rule(latest, parse.MustParseRuleID("702.47z"))
	if !errors.Is(err, crules.ErrNoRule) || !errors.As(err, &e) || e.Nearest[0] != "702.47a" {
		t.Errorf("Rule(702.47z): %v", err)
	}
	_, err = lib.Glossary(latest, "splise")
	if !errors.Is(err, crules.ErrNoTerm) || !errors.As(err, &e) || e.Nearest[0] != "Splice" {
		t.Errorf("Glossary(splise): %v", err)
	}
	if _, err := lib.Glossary(latest, " "); !errors.Is(err, crules.ErrBadRequest) {
		t.Errorf("Glossary(\" \"): %v", err)
	}
	if _, err := lib.Keyword(latest, "splise"); !errors.Is(err, crules.ErrNoKeyword) {
		t.Errorf("Keyword(splise): %v", err)
	}
	if _, err := lib.Terms("mana burn"); !errors.Is(err, crules.ErrNoPhrase) {
		t.Errorf("Terms(mana burn): %v", err)
	}
	if _, err := lib.ReadFile("missing.txt"); !errors.Is(err, crules.ErrBadInput) || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile(missing.txt): %v", err)
	}
	src, err := lib.ReadFile("prose.txt")
	if err != nil {
		t.Fatal(err)
	}
	var list parse.ErrorList
	if _, err := lib.Document(src); !errors.Is(err, crules.ErrBadInput) || !errors.As(err, &list) {
		t.Errorf("Document(prose.txt): %v", err)
	}
	// A file that states no date is looked up in itself, not through the
	// lineage.
	src, err = lib.SourceOf("splice.txt")
	if err != nil || !src.IsFile() {
		t.Fatalf("SourceOf(splice.txt): %v %v", src, err)
	}
	if a, err := lib.Rule(src, parse.MustParseRuleID("702.47a")); err != nil || a.Note() != "" {
		t.Errorf("Rule(702.47a) of a file: %v, %v", a, err)
	}
	if _, err := lib.Rule(src, parse.MustParseRuleID("502.40a")); !errors.Is(err, crules.ErrNoRule) {
		t.Errorf("Rule(502.40a) of a file: %v", err)
	}
	if _, err := lib.SourceOf("nowhere"); !errors.Is(err, crules.ErrUnknownRevision) {
		t.Errorf("SourceOf(nowhere): %v", err)
	}
}

// TestAcrossRevisions: the lookups the issue names answer with the rule or
// term of the revision asked about.
func TestAcrossRevisions(t *testing.T) {
	lib := open(t, crules.Options{})
	sel := func(s string) crules.Source {
		r, err := lib.Select(s)
		if err != nil {
			t.Fatal(err)
		}
		return r.Source()
	}
	for _, tc := range []struct{ rev, id, want, note string }{
		{"2005", "702.47a", "502.40a", "702.47a (Splice) was 502.40a in 2005-10-01"},
		{"latest", "502.40a", "702.47a", "502.40a (Splice) is 702.47a in 2026-01-16"},
		{"2006", "702.51", "502.46", "702.51 (Convoke) was 502.46 in 2006-10-01"},
		{"latest", "702.47a", "702.47a", ""},
	} {
		a, err := lib.Rule(sel(tc.rev), parse.MustParseRuleID(tc.id))
		if err != nil || a.Rule.ID.String() != tc.want || a.Note() != tc.note {
			t.Errorf("Rule(%s, %s): %v %q, want %s %q", tc.rev, tc.id, err, a.Note(), tc.want, tc.note)
		}
	}
	for _, tc := range []struct{ rev, term, want string }{
		{"2005", "mana value", "Converted Mana Cost"},
		{"2006", "exile", "Removed from the Game"},
		{"latest", "exile", "Exile"},
	} {
		a, err := lib.Glossary(sel(tc.rev), tc.term)
		if err != nil || a.Entry.Term != tc.want {
			t.Errorf("Glossary(%s, %q): %v, want %s", tc.rev, tc.term, err, tc.want)
		}
	}
}

// TestMissingAcrossRevisions: a subrule that no revision has is looked for
// near what its rule was in the revision asked about, not near its own
// number (702.47q of 2005: around 502.40, Splice then, not 609.x).
func TestMissingAcrossRevisions(t *testing.T) {
	lib := open(t, crules.Options{})
	r, err := lib.Select("2005")
	if err != nil {
		t.Fatal(err)
	}
	_, err = lib.Rule(r.Source(), parse.MustParseRuleID("702.47q"))
	var e *crules.Error
	if !errors.Is(err, crules.ErrNoRule) || !errors.As(err, &e) {
		t.Fatalf("Rule(2005, 702.47q): %v, want ErrNoRule", err)
	}
	if len(e.Nearest) < 2 || e.Nearest[0] != "502.40" {
		t.Errorf("Rule(2005, 702.47q) suggests %v, want 502.40 and its subrules first", e.Nearest)
	}
	for _, n := range e.Nearest {
		if id := parse.MustParseRuleID(n); id.Chapter != 502 || id.Rule != 40 {
			t.Errorf("Rule(2005, 702.47q) suggests %s, outside 502.40", n)
		}
	}
	want := "no rule 702.47q in 2005-10-01; 702.47 (Splice) was 502.40 in 2005-10-01; nearest: "
	if len(e.Msg) < len(want) || e.Msg[:len(want)] != want {
		t.Errorf("Rule(2005, 702.47q): %q, want it to start %q", e.Msg, want)
	}
}

// TestRefsAcrossRevisions: refs follows renumbering as Rule does, so the
// citations of 702.47a in 2005 are those of 502.40a, Splice then.
func TestRefsAcrossRevisions(t *testing.T) {
	lib := open(t, crules.Options{})
	r, err := lib.Select("2005")
	if err != nil {
		t.Fatal(err)
	}
	refs, err := lib.Refs(r.Source(), ref(t, "702.47a"))
	if err != nil {
		t.Fatalf("Refs(2005, 702.47a): %v", err)
	}
	if refs.ID != "502.40a" || refs.Note() != "702.47a (Splice) was 502.40a in 2005-10-01" {
		t.Errorf("Refs(2005, 702.47a) = %s %q, want 502.40a with the note Rule gives", refs.ID, refs.Note())
	}
	var cites []string
	for _, x := range refs.Outgoing {
		cites = append(cites, x.Target.ID.String())
	}
	if len(cites) == 0 || cites[0] != "409.1b" {
		t.Errorf("Refs(2005, 702.47a) cites %v, want 502.40a's 409.1b first", cites)
	}
	direct, err := lib.Refs(r.Source(), ref(t, "502.40a"))
	if err != nil || direct.Note() != "" || len(direct.Outgoing) != len(refs.Outgoing) {
		t.Errorf("Refs(2005, 502.40a): %v %q, want the same citations and no note", err, direct.Note())
	}
}

// TestRefsRange: a range gathers the citations of each of its rules, a
// part those of its chapters.
func TestRefsRange(t *testing.T) {
	lib := open(t, crules.Options{})
	latest := lib.Latest().Source()
	all, err := lib.Refs(latest, ref(t, "CR 601.2f–h"))
	if err != nil || all.ID != "601.2f–h" {
		t.Fatalf("Refs(CR 601.2f–h) = %v, %v", all, err)
	}
	n := 0
	for _, id := range []string{"601.2f", "601.2g", "601.2h"} {
		one, err := lib.Refs(latest, ref(t, id))
		if err != nil {
			t.Fatal(err)
		}
		n += len(one.Outgoing)
	}
	if n == 0 || len(all.Outgoing) != n {
		t.Errorf("Refs(601.2f–h) cites %d, want the %d of its rules", len(all.Outgoing), n)
	}
	part, err := lib.Refs(latest, ref(t, "7"))
	chapter, _ := lib.Refs(latest, ref(t, "702"))
	if err != nil || part.ID != "7" || len(part.Outgoing) <= len(chapter.Outgoing) || len(part.Found) != 1 || part.Found[0].Part == nil {
		t.Errorf("Refs(7): %v, want more citations than its chapter 702's", err)
	}
}

func ref(t *testing.T, s string) parse.RuleRef {
	t.Helper()
	r, err := crules.ParseOneRef(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestDocumentsShared: concurrent callers get one parse of a revision;
// the least recently used ones are dropped.
func TestDocumentsShared(t *testing.T) {
	lib := open(t, crules.Options{MaxDocs: 2})
	src := lib.Latest().Source()
	docs := make([]*crules.Document, 8)
	var wg sync.WaitGroup
	for i := range docs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := lib.Document(src)
			if err != nil {
				t.Error(err)
			}
			docs[i] = d
		}()
	}
	wg.Wait()
	for _, d := range docs[1:] {
		if d != docs[0] {
			t.Fatal("two parses of one revision were handed out")
		}
	}
	for _, s := range []string{"2005", "2006"} {
		r, _ := lib.Select(s)
		lib.Document(r.Source())
	}
	if d, _ := lib.Document(src); d == docs[0] {
		t.Error("the least recently used document was kept beyond MaxDocs")
	}
}

func TestCite(t *testing.T) {
	lib := open(t, crules.Options{})
	fsys := fstest.MapFS{
		"src/ConvokeAbility.java": {Data: []byte("// Convoke, rule 502.46 of the Comprehensive Rules\nclass ConvokeAbility {}\n")},
		"src/Splice.java":         {Data: []byte("// CR 702.47a: splice onto Arcane\n")},
		"src/.git/x":              {Data: []byte("rule 502.46\n")},
		"src/logo.png":            {Data: []byte("\x89PNG\x00rule 502.46")},
	}
	rep, err := lib.Cite(fsys, "src")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Files != 2 || len(rep.Findings) != 2 || rep.Stale != 1 {
		t.Fatalf("%d files, %d citations, %d stale: %+v", rep.Files, len(rep.Findings), rep.Stale, rep.Findings)
	}
	if f := rep.Findings[0]; f.File != "src/ConvokeAbility.java" || !f.Stale || f.Line != 1 {
		t.Errorf("first finding: %+v", f)
	}

	// Paths on disk, a folder and a file, merged into one report whose
	// files are named as given.
	dir := t.TempDir()
	for name, f := range fsys {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err = lib.CitePaths(filepath.Join(dir, "src"), filepath.Join(dir, "src", "Splice.java"))
	if err != nil || rep.Files != 3 || len(rep.Findings) != 3 || rep.Stale != 1 {
		t.Fatalf("CitePaths: %v, %+v", err, rep)
	}
	if f := rep.Findings[2]; f.File != filepath.Join(dir, "src", "Splice.java") || f.Stale {
		t.Errorf("finding of a file given: %+v", f)
	}
	if _, err := lib.CitePaths(filepath.Join(dir, "nowhere")); !errors.Is(err, crules.ErrBadInput) {
		t.Errorf("CitePaths(nowhere) = %v, want ErrBadInput", err)
	}
	rep, err = open(t, crules.Options{Files: fsys}).CitePaths("src")
	if err != nil || rep.Files != 2 || rep.Findings[0].File != "src/ConvokeAbility.java" {
		t.Errorf("CitePaths over Options.Files: %v, %+v", err, rep)
	}
}

// TestResolve: a file a command names is parsed at once, its warnings
// reported once through Options.Warn, from disk or standard input; a
// revision is selected.
func TestResolve(t *testing.T) {
	seed := filepath.Join("..", "shared", "seeds", "001_f6e5894a2328e0af.txt")
	data, err := os.ReadFile(seed)
	if err != nil {
		t.Fatal(err)
	}
	var warned []error
	lib := open(t, crules.Options{Warn: func(err error) { warned = append(warned, err) }, Stdin: bytes.NewReader(data)})
	for _, path := range []string{seed, seed, "-"} {
		src, err := lib.Resolve("latest", path)
		if err != nil || !src.IsFile() {
			t.Fatalf("Resolve(%s): %v %v", path, src, err)
		}
	}
	if len(warned) != 2 { // the file once (parsed once), standard input once
		t.Fatalf("warnings reported %d times, want 2: %v", len(warned), warned)
	}
	var list parse.ErrorList
	if !errors.As(warned[0], &list) || len(list) != 1 || !strings.Contains(list[0].Error(), "001_f6e5894a2328e0af.txt:1:1: warning: subrule 502.40b has no rule 502.40") {
		t.Errorf("warning %v", warned[0])
	}
	if _, err := lib.Resolve("latest", "go.mod"); !errors.Is(err, crules.ErrBadInput) {
		t.Errorf("Resolve(go.mod) = %v, want ErrBadInput", err)
	}
	src, err := lib.Resolve("2005", "")
	if err != nil || src.IsFile() || src.Rev.Name() != "2005-10-01" {
		t.Errorf("Resolve(2005) = %v, %v", src, err)
	}
	srcs, err := lib.SourcesOf(seed, "2005")
	if err != nil || len(srcs) != 2 || !srcs[0].IsFile() || srcs[1].Rev.Name() != "2005-10-01" {
		t.Errorf("SourcesOf(seed, 2005) = %v, %v", srcs, err)
	}
}

// TestBuildIndex: the index built ahead is the one a search then opens
// from the cache, named as the note names it.
func TestBuildIndex(t *testing.T) {
	dir := t.TempDir()
	lib := open(t, crules.Options{CacheDir: dir})
	r, _ := lib.Select("2005")
	name, err := lib.BuildIndex(r, false)
	if err != nil || name != "2005-10-01" {
		t.Fatalf("BuildIndex(2005) = %q, %v", name, err)
	}
	var built []string
	again := open(t, crules.Options{CacheDir: dir, Progress: func(task string, _, _ int) { built = append(built, task) }})
	if _, err := again.Search(r.Source(), "splice onto arcane", crules.SearchOptions{}); err != nil || len(built) != 0 {
		t.Errorf("search after BuildIndex: %v, built %q", err, built)
	}
}

// TestComplete: completions are what the parser reads, in the form typed.
func TestComplete(t *testing.T) {
	lib := open(t, crules.Options{})
	d, err := lib.Document(lib.Latest().Source())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args       []string
		word, want string
	}{
		{nil, "702.47", "702.47a"},
		{[]string{"CR"}, "702.47", "702.47a"},
		{nil, "§702.47", "§702.47a"},
		{nil, "601.2f-", "601.2f-h"},
		{nil, "601.2f-601.2", "601.2f-601.2h"},
		{[]string{"rule", "702.47a", "and"}, "702.47", "702.47b"},
	} {
		if got := d.CompleteRule(c.args, c.word); !slices.Contains(got, c.want) {
			t.Errorf("CompleteRule(%q, %q) = %.80q, want %q among them", c.args, c.word, got, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		word string
	}{{[]string{"banana"}, "702.47"}, {nil, "601.2f-x"}, {nil, "601.2f-601.2e"}, {nil, "x702.47"}} {
		if got := d.CompleteRule(c.args, c.word); len(got) != 0 {
			t.Errorf("CompleteRule(%q, %q) = %.80q, want none", c.args, c.word, got)
		}
	}
	if got := d.CompleteTerm(nil, "mana v"); !slices.Contains(got, "Mana Value") {
		t.Errorf("CompleteTerm(mana v) = %q", got)
	}
	if got := d.CompleteHistory(nil, "conv"); !slices.Contains(got, "convoke") {
		t.Errorf("CompleteHistory(conv) = %q", got)
	}
	if got := d.CompleteHistory(nil, "§702.5"); !slices.Contains(got, "§702.51a") {
		t.Errorf("CompleteHistory(§702.5) = %.80q", got)
	}
	if got := d.CompleteHistory(nil, "702.5"); !slices.Contains(got, "702.51a") {
		t.Errorf("CompleteHistory(702.5) = %.80q", got)
	}
	if got := d.CompleteTerm(nil, "cm"); !slices.Contains(got, "cmc") {
		t.Errorf("CompleteTerm(cm) = %q, want the abbreviation cmc among them", got)
	}
	// A part number offers the part and its chapters, as the table of
	// contents lists them, not the rules of its first chapter.
	if got := d.CompleteRule(nil, "7"); len(got) < 2 || got[0] != "7" || got[1] != "700" || slices.Contains(got, "700.1") {
		t.Errorf("CompleteRule(7) = %.80q, want 7, 700, … and no rules", got)
	}
	if got := d.CompleteRule(nil, "702"); len(got) < 2 || got[0] != "702" || !slices.Contains(got, "702.47a") {
		t.Errorf("CompleteRule(702) = %.80q, want 702 then its rules", got)
	}
	if got := lib.CompleteRev("2006"); len(got) == 0 || got[0] != "2006-10-01" || slices.Contains(got, "latest") {
		t.Errorf("CompleteRev(2006) = %q", got)
	}
}

// TestDiffStat: Diff with Stat counts what Diff lists: read from the lineage
// for adjacent revisions (no tree parsed), counted from Diff for others,
// narrowed to a rule or a class; the text of diff --stat is the same
// either way.
func TestDiffStat(t *testing.T) {
	lib := open(t, crules.Options{})
	if _, err := lib.Lineage(); err != nil {
		t.Fatal(err)
	}
	sel := func(q string) crules.Source {
		r, err := lib.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		return r.Source()
	}
	for _, tc := range []struct {
		a, b      string
		o         crules.DiffOptions
		fromSteps bool
	}{
		{"2025-11-14", "2026-01-16", crules.DiffOptions{}, true},
		{"2008-05-01", "2008-07-15", crules.DiffOptions{}, true},
		{"2009-05-01", "2009-07-11", crules.DiffOptions{}, true},
		{"2005-10-01", "2026-01-16", crules.DiffOptions{}, false},
		{"2025-11-14", "2026-01-16", crules.DiffOptions{Classes: []diff.Class{diff.Edited}}, false},
		{"2005-10-01", "2006-02-01", crules.DiffOptions{Rule: parse.MustParseRuleID("502.40")}, false},
	} {
		a, b := sel(tc.a), sel(tc.b)
		so := tc.o
		so.Stat = true
		got, err := lib.Diff(a, b, so)
		if err != nil {
			t.Fatal(err)
		}
		if (got.A.Document == nil) != tc.fromSteps {
			t.Errorf("%s → %s %+v: parsed %t, want %t", tc.a, tc.b, tc.o, got.A.Document != nil, !tc.fromSteps)
		}
		want, err := lib.Diff(a, b, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Pairs) != 0 || !maps.Equal(got.Counts, want.Counts) || !reflect.DeepEqual(got.Chapters, want.View().ChapterCounts()) {
			t.Errorf("%s → %s %+v: %v %v, Diff %v %v", tc.a, tc.b, tc.o, got.Counts, got.Chapters, want.Counts, want.View().ChapterCounts())
		}
		var x, y strings.Builder
		(&render.TextPrinter{W: &x}).Diff(got.View(), true)
		(&render.TextPrinter{W: &y}).Diff(want.View(), true)
		if x.String() != y.String() || !strings.Contains(x.String(), " → ") {
			t.Errorf("%s → %s: --stat prints\n%s\nDiff's\n%s", tc.a, tc.b, x.String(), y.String())
		}
	}
}

// TestDiffRuleCounts: a comparison narrowed to a rule counts that rule's
// pairs, not the whole documents'.
func TestDiffRuleCounts(t *testing.T) {
	lib := open(t, crules.Options{})
	a, _ := lib.Select("2005")
	b, _ := lib.Select("2006")
	c, err := lib.Diff(a.Source(), b.Source(), crules.DiffOptions{Rule: parse.MustParseRuleID("502.40")})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, k := range c.Counts {
		n += k
	}
	if c.Rule.String() != "502.40" || n != 6 || c.Counts[diff.Unchanged]+len(c.Pairs) != n {
		t.Errorf("counts %v for %d pairs listed", c.Counts, len(c.Pairs))
	}
}

// TestDiffRuleAcross: a rule a revision has not is narrowed there to its
// counterpart, as Rule answers it: 702.47a of the 502 era is 502.40a, and
// chapter 702 is 502, Keyword Abilities; neither side having it is
// ErrNoRule, suggesting chapters for a chapter.
func TestDiffRuleAcross(t *testing.T) {
	lib := open(t, crules.Options{})
	a, _ := lib.Select("2005")
	b, _ := lib.Select("2006")
	total := func(c *crules.Comparison) int {
		n := 0
		for _, k := range c.Counts {
			n += k
		}
		return n
	}
	for _, tc := range []struct {
		rule, in string
		n        int
		note     string
	}{
		{"702.47a", "502.40a", 1, "702.47a (Splice) was 502.40a in 2005-10-01"},
		{"702.47", "502.40", 6, "702.47 (Splice) was 502.40 in 2005-10-01"},
		{"702", "502", -1, "702 (Keyword Abilities) was 502 in 2005-10-01"},
	} {
		c, err := lib.Diff(a.Source(), b.Source(), crules.DiffOptions{Rule: parse.MustParseRuleID(tc.rule)})
		if err != nil {
			t.Errorf("Diff(2005, 2006, %s): %v", tc.rule, err)
			continue
		}
		if note(c.InA) != tc.note || !strings.HasSuffix(note(c.InB), " was "+tc.in+" in 2006-10-01") {
			t.Errorf("Diff(2005, 2006, %s): in A %q, in B %q; want %s in both", tc.rule, note(c.InA), note(c.InB), tc.in)
		}
		want, err := lib.Diff(a.Source(), b.Source(), crules.DiffOptions{Rule: parse.MustParseRuleID(tc.in)})
		if err != nil {
			t.Fatal(err)
		}
		if n := total(c); n != total(want) || tc.n >= 0 && n != tc.n {
			t.Errorf("Diff(2005, 2006, %s): %d pairs (%v), want %d as under %s", tc.rule, n, c.Counts, total(want), tc.in)
		}
	}
	// One side has it: the other is narrowed to its counterpart, and the
	// pairs are those of the rule either way.
	c, err := lib.Diff(a.Source(), lib.Latest().Source(), crules.DiffOptions{Rule: parse.MustParseRuleID("702.47")})
	if err != nil || note(c.InA) != "702.47 (Splice) was 502.40 in 2005-10-01" || note(c.InB) != "" || total(c) != 6 {
		t.Errorf("Diff(2005, latest, 702.47) = %+v, %v; want 6 pairs, 502.40 in A", c, err)
	}
	// Across the 2009 renumbering 702.47a is Epic in 2009-07-11: its
	// counterpart in 2008-05-01 is Epic's 502.44a by the lineage, not
	// Splice's 502.40a (what 702.47a means in the latest revision), in
	// either order.
	old, _ := lib.Select("2008-05-01")
	renum, _ := lib.Select("2009-07-11")
	for _, sides := range [][2]crules.Source{{old.Source(), renum.Source()}, {renum.Source(), old.Source()}} {
		c, err := lib.Diff(sides[0], sides[1], crules.DiffOptions{Rule: parse.MustParseRuleID("702.47a")})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Pairs) != 1 || !strings.Contains(c.Pairs[0].A.Text, "Epic") || !strings.Contains(c.Pairs[0].B.Text, "Epic") {
			t.Errorf("Diff(%s, %s, 702.47a): %d pairs %v, want Epic with Epic", c.A.Label, c.B.Label, len(c.Pairs), c.Counts)
		}
		if got := strings.Join(c.Notes(), "; "); got != "702.47a (Epic) was 502.44a in 2008-05-01" {
			t.Errorf("Diff(%s, %s, 702.47a): notes %q", c.A.Label, c.B.Label, got)
		}
	}
	_, err = lib.Diff(a.Source(), b.Source(), crules.DiffOptions{Rule: parse.MustParseRuleID("999")})
	var e *crules.Error
	if !errors.As(err, &e) || !errors.Is(err, crules.ErrNoRule) || len(e.Nearest) == 0 || strings.Contains(e.Nearest[0], ".") {
		t.Errorf("Diff(2005, 2006, 999) = %v; want ErrNoRule suggesting chapters", err)
	}
}

// note is a's Note, "" for none.
func note(a *crules.RuleAnswer) string {
	if a == nil {
		return ""
	}
	return a.Note()
}

// TestSimulateFiles: scenario files are read and run in order; a missing
// one is bad input.
func TestSimulateFiles(t *testing.T) {
	lib := open(t, crules.Options{})
	one := filepath.Join("scenario", "testdata", "scenarios", "convoke.txt")
	rs, err := lib.SimulateFiles("", one)
	if err != nil || len(rs) == 0 || engine.Failed(rs...) != 0 {
		t.Fatalf("SimulateFiles(convoke.txt): %d results, %v", len(rs), err)
	}
	two, err := lib.SimulateFiles("latest", one, one)
	if err != nil || len(two) != 2 {
		t.Errorf("SimulateFiles(convoke.txt twice, latest): %d results, %v", len(two), err)
	}
	// Before Convoke existed, the scripts are not run: the keyword the
	// revision lacks is bad input at its column, and no check passes by
	// rules of another era.
	old, err := lib.SimulateFiles("2001", one)
	if !errors.Is(err, crules.ErrBadInput) || len(old) != 0 || !strings.Contains(err.Error(), "convoke.txt:6:61: Guardian of Vitu-Ghazi: Convoke is not a keyword of revision 2001-09-24") {
		t.Errorf("SimulateFiles(convoke.txt, 2001) = %d results, %v; want bad input at the keyword's column", len(old), err)
	}
	if _, err := lib.SimulateFiles("", one, "nowhere.txt"); !errors.Is(err, crules.ErrBadInput) {
		t.Errorf("SimulateFiles(nowhere.txt) = %v, want ErrBadInput", err)
	}
	// A refused file does not hide the errors of the files after it:
	// each is reported, in order, and the files that could run ran.
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("keyword: Flying\nrev: latest\n\n-- cards --\nBird: {W} Creature — Bird 1/1; Flyng\n\n-- script: x --\nbattlefield alice: Bird\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err = lib.SimulateFiles("", bad, one, "nowhere.txt")
	msg := ""
	if err != nil {
		msg = err.Error()
	}
	if !errors.Is(err, crules.ErrBadInput) || len(rs) == 0 || !strings.Contains(msg, "bad.txt:5:32: Bird: unknown ability or effect \"Flyng\"") || !strings.Contains(msg, "nowhere.txt") ||
		strings.Index(msg, "Flyng") > strings.Index(msg, "nowhere.txt") {
		t.Errorf("SimulateFiles(bad.txt, convoke.txt, nowhere.txt) = %d results, %v; want convoke's results and both errors, in order", len(rs), err)
	}
}

// TestParseOneRef: one reference in any form Lookup takes; a list is a
// bad request, and so is what is no rule number.
func TestParseOneRef(t *testing.T) {
	for s, want := range map[string]string{"rule 702.47a": "702.47a", "§702.47A": "702.47a", "CR 702": "702", "702.47.": "702.47", "7": "7", "601.2f-h": "601.2f–h"} {
		if r, err := crules.ParseOneRef(s); err != nil || r.String() != want {
			t.Errorf("ParseOneRef(%q) = %v, %v; want %s", s, r, err, want)
		}
	}
	for _, s := range []string{"702.1 and 702.2", "seven", ""} {
		if _, err := crules.ParseOneRef(s); !errors.Is(err, crules.ErrBadRequest) {
			t.Errorf("ParseOneRef(%q) = %v, want ErrBadRequest", s, err)
		}
	}
	lib := open(t, crules.Options{})
	srcs := lib.Sources()
	if len(srcs) != len(lib.Revisions()) || srcs[0].Rev.Name() != lib.Revisions()[0].Name() || srcs[len(srcs)-1].Rev.Name() != lib.Latest().Name() {
		t.Errorf("Sources: %d, first %v", len(srcs), srcs[0])
	}
}

// TestSelectArithmetic: "~N" counts revisions back from any selector, in
// the library as in the corpus, and counting past the first is an unknown
// revision.
func TestSelectArithmetic(t *testing.T) {
	lib := open(t, crules.Options{})
	revs := lib.Revisions()
	for sel, want := range map[string]string{
		"latest~1":     revs[len(revs)-2].Name(),
		"2006-10-01~2": "2006-05-01",
		"first~0":      revs[0].Name(),
	} {
		if r, err := lib.Select(sel); err != nil || r.Name() != want {
			t.Errorf("Select(%q) = %s, %v; want %s", sel, r, err, want)
		}
	}
	if _, err := lib.Select("first~1"); !errors.Is(err, crules.ErrUnknownRevision) {
		t.Errorf("Select(first~1) = %v; want ErrUnknownRevision", err)
	}
}

// TestDocumentOfFile: a file's document is parsed once per name and
// content: the same bytes again are the same document, other bytes
// under the same name (or the same bytes under another) are parsed anew.
func TestDocumentOfFile(t *testing.T) {
	lib := open(t, crules.Options{})
	text, err := os.ReadFile(filepath.Join("..", "shared", "corpus", "CR-2026-01-16.txt"))
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(text, []byte("Convoke"), []byte("Convoka"), 1)
	doc := func(name string, data []byte) *crules.Document {
		d, err := lib.Document(crules.File(name, data))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	a := doc("cr.txt", text)
	if doc("cr.txt", slices.Clone(text)) != a {
		t.Error("the same bytes were parsed again")
	}
	b := doc("cr.txt", edited)
	if b == a || doc("other.txt", text) == a {
		t.Error("other bytes, or another name, gave the document of cr.txt")
	}
	if !bytes.Contains(b.Source.Data, []byte("Convoka")) {
		t.Error("the edited file's document holds the first file's bytes")
	}
}

// TestEmbeddedParsedAsText: an embedded revision, parsed from its text as
// it is, is the document parse.Parse reads from its bytes, every field.
func TestEmbeddedParsedAsText(t *testing.T) {
	lib := open(t, crules.Options{})
	a := lib.Archive()
	for _, r := range lib.Revisions() {
		d, err := lib.Document(r.Source())
		if err != nil {
			t.Fatal(err)
		}
		var raw corpus.Revision
		for _, x := range a.Revisions() {
			if x.Name() == r.Name() {
				raw = x
			}
		}
		text, err := a.Text(raw)
		if err != nil {
			t.Fatal(err)
		}
		want, err := parse.Parse(raw.File, text)
		if err != nil {
			t.Fatal(err)
		}
		want.Encoding = parse.Encoding(raw.Encoding)
		if !reflect.DeepEqual(d.Document, want) {
			t.Errorf("%s: parsed from the text, not the document parse.Parse reads", r.Name())
		}
	}
}

// TestDiffIgnoreTypography: 2006-10-01 straightened the curly quotes and
// apostrophes of 2005-10-01. Ignoring typography, the rules whose words
// stayed count as unchanged (or renumbered), the comparison says how
// many, and the word diffs of the rest show no quote or dash as a change.
func TestDiffIgnoreTypography(t *testing.T) {
	lib := open(t, crules.Options{})
	a, _ := lib.Select("2005-10-01")
	b, _ := lib.Select("2006-10-01")
	plain, err := lib.Diff(a.Source(), b.Source(), crules.DiffOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := lib.Diff(a.Source(), b.Source(), crules.DiffOptions{IgnoreTypography: true})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Typography != 0 || c.Typography < 400 {
		t.Fatalf("typography alone: %d without the option, %d with it; want 0 and the hundreds of rules whose quotes changed", plain.Typography, c.Typography)
	}
	if got := plain.Counts[diff.Typography] - c.Counts[diff.Typography]; got != c.Typography ||
		c.Counts[diff.Unchanged]+c.Counts[diff.Renumbered] != plain.Counts[diff.Unchanged]+plain.Counts[diff.Renumbered]+c.Typography {
		t.Errorf("counts %v, without the option %v: %d typography alone", c.Counts, plain.Counts, c.Typography)
	}
	v := c.View()
	changed := 0
	for _, p := range c.Pairs {
		if p.A == nil || p.B == nil {
			continue
		}
		ops := v.WordDiff(p)
		for i, op := range ops {
			if op.Kind == diff.Delete && i+1 < len(ops) && ops[i+1].Kind == diff.Insert {
				changed++
				if parse.Typography(op.Text) == parse.Typography(ops[i+1].Text) {
					t.Errorf("%s: %q → %q shown as a change", p.B.ID, op.Text, ops[i+1].Text)
				}
			}
		}
	}
	if changed == 0 {
		t.Error("no word changed: the test tests nothing")
	}
	// What 2005's 502.40a printed as “Splice onto …” is unchanged, and
	// narrowed to it, the comparison counts its one change of typography.
	one, err := lib.Diff(a.Source(), b.Source(), crules.DiffOptions{Rule: parse.MustParseRuleID("502.40a"), IgnoreTypography: true})
	if err != nil || one.Counts[diff.Unchanged] != 1 || one.Typography != 1 || len(one.Pairs) != 0 {
		t.Errorf("502.40a: %v, %d typography alone, %v; want unchanged, 1", one.Counts, one.Typography, err)
	}
}
