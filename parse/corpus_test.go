package parse_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
)

const (
	seedsDir     = "../../shared/seeds"
	sharedCorpus = "../../shared/corpus"
)

// corpusDocs is every embedded revision's parse, by revision name.
func corpusDocs(t testing.TB) map[string]*parse.Document {
	revs, docs := corpustest.Docs(t)
	m := make(map[string]*parse.Document, len(revs))
	for i, r := range revs {
		m[r.Name()] = docs[i]
	}
	return m
}

// TestCorpusGolden parses every embedded revision and compares their counts with
// testdata/revisions.golden (refresh with -update, and read the diff).
func TestCorpusGolden(t *testing.T) {
	ds := corpusDocs(t)
	a, _ := corpus.Default()
	var b bytes.Buffer
	fmt.Fprintln(&b, "# rev\teffective\tera\tlayout\trules\texamples\tglossary\tchapters\tparts\twarnings")
	for _, r := range a.Revisions() {
		d := ds[r.Name()]
		s := d.Stats()
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n", r.Name(), s.Effective, s.Era, d.Layout, s.Rules, s.Examples, s.Glossary, s.Chapters, s.Parts, s.Warnings)
		if s.Effective != r.Name() {
			t.Errorf("%s: effective date read as %q", r.File, s.Effective)
		}
		if d.Fragment {
			t.Errorf("%s: read as a fragment", r.File)
		}
		wantEra := parse.Era702
		if r.Date.Before(mustDate("2009-07-11").Time) {
			wantEra = parse.Era502
		}
		if d.Era != wantEra {
			t.Errorf("%s: era %q, want %q", r.File, d.Era, wantEra)
		}
		if len(d.Credits) == 0 {
			t.Errorf("%s: no credits", r.File)
		}
		for _, w := range d.Warnings {
			if w.Severity != parse.SeverityWarning {
				t.Errorf("%s: %v", r.File, w)
			}
		}
	}
	golden.Check(t, "testdata/revisions.golden", b.Bytes())
}

func mustDate(s string) corpus.Date {
	var d corpus.Date
	if err := d.UnmarshalText([]byte(s)); err != nil {
		panic(err)
	}
	return d
}

func TestSpotChecks(t *testing.T) {
	ds := corpusDocs(t)
	// The checks of the whole-history work: the glossary of
	// 2001-09-24 without its three subheadings as terms, 502.36 Scry of
	// 2004-06-01 whole, no phantom chapter 432 in 2007-07-13, and the index
	// of 1999 kept, an entry a line.
	if n := len(ds["2001-09-24"].Glossary); n != 204 {
		t.Errorf("2001-09-24: %d glossary entries, want 204", n)
	}
	if e := ds["2001-09-24"].GlossaryEntry("Expansion Symbol"); e == nil || len(e.Definition) < 30 {
		t.Errorf("2001-09-24: Expansion Symbol does not hold its list of sets: %v", e)
	}
	if r := ds["2004-06-01"].Rule(parse.MustParseRuleID("502.36")); r == nil || len(r.Children) != 2 || r.Children[1].Printed.String() != "502.35b" {
		t.Errorf("2004-06-01: 502.36 Scry should have 502.36a and 502.36b (printed 502.35b): %+v", r)
	}
	if c := ds["2007-07-13"].Chapter(432); c != nil {
		t.Errorf("2007-07-13 has a chapter 432 (%q), from the misprint 432.2b", c.Title)
	}
	for _, rev := range []string{"1999-04-23", "1999-11-01"} {
		ix := ds[rev].Index
		if len(ix) != 128 || ix[0].Text != "Abilities, 402" || ix[len(ix)-1].Text != "removed from game, 217.7" {
			t.Errorf("%s: index of %d entries, want 128 from \"Abilities, 402\" to \"removed from game, 217.7\"", rev, len(ix))
		}
	}
	for _, tc := range []struct {
		rev                string
		rules, glossary    int
		lookups            map[string]string // rule → title
		glossaryTerm, defn string
	}{
		{"2026-01-16", 3114, 725, map[string]string{"702.47": "Splice", "702.51": "Convoke", "702": "Keyword Abilities"}, "Splice", "See rule 702.47, “Splice.”"},
		{"2008-10-01", 1173, 398, map[string]string{"502.40": "Splice", "502": "Keyword Abilities"}, "Splice", "Splice is a static ability that functions while a card is in your hand."},
		{"2006-10-01", 973, 357, map[string]string{"502.40": "Splice", "502.46": "Convoke", "502.22": "Flashback"}, "", ""},
		{"2019-10-04", 2386, 562, map[string]string{"702.46": "Splice"}, "Splice", "See rule 702.46, “Splice.”"},
		{"2009-07-11", 1472, 408, map[string]string{"702.44": "Splice", "702.37": "Storm"}, "", ""},
	} {
		d := ds[tc.rev]
		if s := d.Stats(); s.Rules != tc.rules || s.Glossary != tc.glossary {
			t.Errorf("%s: %d rules and subrules, %d glossary entries; want %d and %d", tc.rev, s.Rules, s.Glossary, tc.rules, tc.glossary)
		}
		for id, title := range tc.lookups {
			rid := parse.MustParseRuleID(id)
			got := ""
			if rid.Level() == parse.LevelChapter {
				if c := d.Chapter(rid.Chapter); c != nil {
					got = c.Title
				}
			} else if r := d.Rule(rid); r != nil {
				got = r.Title
			}
			if got != title {
				t.Errorf("%s: %s is %q, want %q", tc.rev, id, got, title)
			}
		}
		if tc.glossaryTerm != "" {
			g := d.GlossaryEntry(strings.ToLower(tc.glossaryTerm))
			if g == nil || !strings.Contains(g.Definition[0].Text+g.Definition[len(g.Definition)-1].Text, tc.defn) {
				t.Errorf("%s: glossary %q = %+v, want a definition citing %q", tc.rev, tc.glossaryTerm, g, tc.defn)
			}
		}
	}
	// The 1999 revisions print an index of terms between glossary and
	// credits; it is not read as glossary entries.
	for _, rev := range []string{"1999-04-23", "1999-11-01"} {
		g := ds[rev].Glossary
		if last := g[len(g)-1].Term; last != "Zone" || len(ds[rev].Index) == 0 {
			t.Errorf("%s: last glossary term %q, %d index lines", rev, last, len(ds[rev].Index))
		}
	}
	// Storm's subrules are printed "702. 37a" in 2009-07-11; they are read.
	if r := ds["2009-07-11"].Rule(parse.MustParseRuleID("702.37a")); r == nil || !strings.HasPrefix(r.Text, "Storm is a triggered ability") {
		t.Errorf("2009-07-11 702.37a = %+v", r)
	}
	// A continuation line that starts with a rule number stays text.
	r := ds["2003-10-01"].Rule(parse.MustParseRuleID("200.9c"))
	if r == nil || !strings.HasSuffix(r.Text, `See rule 419.8 "Sources of Damage."`) {
		t.Errorf("2003-10-01 200.9c = %+v", r)
	}
	if ds["2003-10-01"].Rule(parse.MustParseRuleID("419.8")).Pos.Line == 321 {
		t.Error("2003-10-01: the continuation line 321 was read as rule 419.8")
	}
}

// TestSeedsMatchTheirRevision checks the user's seed excerpts against the
// revisions they were taken from: every rule of the excerpt has the same
// text (typography aside) and examples there.
func TestSeedsMatchTheirRevision(t *testing.T) {
	ds := corpusDocs(t)
	for _, tc := range []struct {
		seed, rev string
		first     string // the first rule of the excerpt
		rules     int
	}{
		{"001_f6e5894a2328e0af.txt", "2006-10-01", "502.40b", 33},
		{"000_aee8361e3633320d.txt", "2019-10-04", "702.46", 6},
		{"003_45e1050897cd7326.txt", "2006-10-01", "502.37a", 26},
		{"004_3851f8d3a89899c0.txt", "2006-10-01", "502.22", 32},
	} {
		seed := parseSeed(t, tc.seed)
		if n := seed.Stats().Rules; n != tc.rules {
			t.Errorf("%s: %d rules, want %d", tc.seed, n, tc.rules)
		}
		if ids := seed.IDs(); len(ids) == 0 || ids[0].String() != tc.first {
			t.Errorf("%s: first rule %v, want %s", tc.seed, ids, tc.first)
		}
		full := ds[tc.rev]
		ids := seed.IDs()
		last := ids[len(ids)-1]
		seed.Walk(func(r *parse.Rule) bool {
			if r.Implicit {
				return true
			}
			f := full.Rule(r.ID)
			if f == nil {
				t.Errorf("%s: %s not in %s", tc.seed, r.ID, tc.rev)
				return true
			}
			got, want := parse.Normalize(r.Title+r.Text), parse.Normalize(f.Title+f.Text)
			if r.ID == last && len(r.Examples) == 0 {
				want = want[:min(len(want), len(got))] // the excerpt may stop mid-rule
			}
			if got != want {
				t.Errorf("%s: %s differs from %s:\nseed: %s\n%s: %s", tc.seed, r.ID, tc.rev, r.Title+r.Text, tc.rev, f.Title+f.Text)
			}
			if len(r.Examples) != len(f.Examples) && r.ID != last {
				t.Errorf("%s: %s has %d examples, %s has %d", tc.seed, r.ID, len(r.Examples), tc.rev, len(f.Examples))
			} else {
				for i := range r.Examples {
					if parse.Normalize(r.Examples[i].Text) != parse.Normalize(f.Examples[i].Text) {
						t.Errorf("%s: %s example %d differs", tc.seed, r.ID, i+1)
					}
				}
			}
			return true
		})
	}
	// The spot checks by name.
	for _, id := range []string{"502.40a", "502.46a"} {
		if ds["2006-10-01"].Rule(parse.MustParseRuleID(id)) == nil {
			t.Errorf("2006-10-01 has no %s", id)
		}
	}
}

func parseSeed(t *testing.T, name string) *parse.Document {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(seedsDir, name))
	if err != nil {
		t.Fatalf("the seeds must sit beside the repository: %v", err)
	}
	d, err := parse.Parse(name, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

// TestSeedsParseAsFragments: every seed yields its rules, and its web-page
// junk becomes positioned warnings.
func TestSeedsParseAsFragments(t *testing.T) {
	entries, err := os.ReadDir(seedsDir)
	if err != nil {
		t.Fatal(err)
	}
	wantWarnings := map[string][]int{ // lines where skipped junk starts
		"000_aee8361e3633320d.txt": {1, 66},
		"002_19de83fc8624363a.txt": {1, 20, 26},
		"003_45e1050897cd7326.txt": {59},
		"004_3851f8d3a89899c0.txt": {1},
	}
	for _, e := range entries {
		d := parseSeed(t, e.Name())
		if !d.Fragment {
			t.Errorf("%s: not read as a fragment", e.Name())
		}
		if d.Stats().Rules == 0 {
			t.Errorf("%s: no rules", e.Name())
		}
		var lines []int
		for _, w := range d.Warnings {
			if strings.Contains(w.Msg, "skipped") {
				lines = append(lines, w.Pos.Line)
			}
			if !strings.HasPrefix(w.Error(), e.Name()+":") {
				t.Errorf("warning without position: %v", w)
			}
		}
		if want := wantWarnings[e.Name()]; fmt.Sprint(lines) != fmt.Sprint(want) && want != nil {
			t.Errorf("%s: junk skipped at lines %v, want %v", e.Name(), lines, want)
		}
	}
	split := parseSeed(t, "002_19de83fc8624363a.txt")
	for _, id := range []string{"708", "708.1", "708.3a", "708.4d"} {
		rid := parse.MustParseRuleID(id)
		if rid.Level() == parse.LevelChapter {
			if c := split.Chapter(708); c == nil || c.Title != "Split Cards" {
				t.Errorf("split-card seed: chapter 708 = %+v", c)
			}
		} else if split.Rule(rid) == nil {
			t.Errorf("split-card seed: no %s", id)
		}
	}
}

// BenchmarkParseLatest parses 2026-01-16 from its canonical text (as the
// embedded corpus hands it over) and from the published bytes (UTF-8 with
// BOM, bare CR), as --file does.
func BenchmarkParseLatest(b *testing.B) {
	a, _ := corpus.Default()
	r, _ := a.Select("2026-01-16")
	text, _ := a.Text(r)
	raw, _ := a.Raw(r)
	for _, bc := range []struct {
		name string
		src  []byte
	}{{"canonical", text}, {"published", raw}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := parse.Parse(r.File, bc.src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkParseAll(b *testing.B) {
	a, _ := corpus.Default()
	texts, _ := a.All()
	b.ReportAllocs()
	for b.Loop() {
		for i, t := range texts {
			if _, err := parse.Parse(a.Revisions()[i].File, t); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestWrappedHyphens: in the hard-wrapped revisions no word is left ending
// in "- " where the joined form ("State-Based", "snow-covered") is printed
// anywhere in the corpus: a compound split over two lines is read whole.
// Suspended hyphens ("power- and toughness-changing") stay, since
// "power-and" is printed nowhere.
func TestWrappedHyphens(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	var all strings.Builder
	for _, d := range docs {
		all.WriteString(strings.ToLower(d.Text))
	}
	corpusText := all.String()
	split := regexp.MustCompile(`([A-Za-z]+)- ([A-Za-z]+)`)
	lineEnd := regexp.MustCompile(`[A-Za-z]-[ \t]*\r?[\r\n]`)
	wrapped, atLineEnd := 0, 0
	for i, d := range docs {
		if d.Layout != parse.LayoutWrapped {
			continue
		}
		wrapped++
		atLineEnd += len(lineEnd.FindAllStringIndex(d.Text, -1))
		var texts []string
		d.Walk(func(r *parse.Rule) bool {
			texts = append(texts, r.Title, r.Text)
			for _, e := range r.Examples {
				texts = append(texts, e.Text)
			}
			return true
		})
		for _, g := range d.Glossary {
			texts = append(texts, g.Term)
			for _, p := range g.Definition {
				texts = append(texts, p.Text)
			}
		}
		for _, ps := range [][]*parse.Paragraph{d.Intro, d.Credits, d.Index} {
			for _, p := range ps {
				texts = append(texts, p.Text)
			}
		}
		for _, text := range texts {
			for _, m := range split.FindAllStringSubmatch(text, -1) {
				if w := strings.ToLower(m[1] + "-" + m[2]); strings.Contains(corpusText, w) {
					t.Errorf("%s: %q is printed %q elsewhere in the corpus", revs[i].File, m[0], w)
				}
			}
		}
	}
	if wrapped < 7 || atLineEnd < 80 {
		t.Fatalf("%d wrapped revisions with %d lines ending in a hyphen; the corpus has 7 with 83", wrapped, atLineEnd)
	}
	t.Logf("%d wrapped revisions, %d lines ending in a hyphen", wrapped, atLineEnd)
}

// TestManifestCounts: the counts the archive's manifest stores for "crules
// versions" are what this parser reads (go generate ./corpus refreshes
// them when the parser changes).
func TestManifestCounts(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	for i, r := range revs {
		s, c := docs[i].Stats(), r.Counts
		if c == nil {
			t.Fatalf("%s: the manifest has no counts: go generate ./corpus", r.File)
		}
		got := parse.Stats{Effective: c.Effective, Era: parse.Era(c.Era), Rules: c.Rules, Examples: c.Examples,
			Glossary: c.Glossary, Chapters: c.Chapters, Parts: c.Parts, Warnings: c.Warnings}
		if got != s {
			t.Errorf("%s: the manifest says %+v, the parser reads %+v: go generate ./corpus", r.File, got, s)
		}
	}
}

// TestNormalizeRuneWise: Normalize, which keeps the prefix it would not
// change as it is, equals the rune-wise loop on the title, text and
// examples of every rule and every glossary paragraph of every revision.
func TestNormalizeRuneWise(t *testing.T) {
	check := func(s string) {
		if got, want := parse.Normalize(s), parse.NormalizeRunes(s); got != want {
			t.Fatalf("Normalize(%q) = %q, the rune-wise loop %q", s, got, want)
		}
	}
	_, docs := corpustest.Docs(t)
	kept := 0
	for _, d := range docs {
		d.Walk(func(r *parse.Rule) bool {
			for _, s := range []string{r.Title, r.Text} {
				check(s)
				if parse.Normalize(s) == s {
					kept++
				}
			}
			for _, e := range r.Examples {
				check(e.Text)
			}
			return true
		})
		for _, g := range d.Glossary {
			check(g.Term)
			for _, p := range g.Definition {
				check(p.Text)
			}
		}
	}
	if kept == 0 {
		t.Error("no text was kept as it is: the prefix is never taken")
	}
}
