package index_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/index"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

var (
	ixOnce  sync.Once
	latest  *index.Index
	ixErr   error
	testDir string
)

// TestMain builds the latest revision's index once for all tests.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "crules-index")
	if err != nil {
		panic(err)
	}
	testDir = dir
	code := m.Run()
	if latest != nil {
		latest.Close()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

func docsOf(t testing.TB, rev string) []index.Doc {
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, err := a.Select(rev)
	if err != nil {
		t.Fatal(err)
	}
	text, err := a.Text(r)
	if err != nil {
		t.Fatal(err)
	}
	d, err := parse.Parse(r.File, text)
	if err != nil {
		t.Fatal(err)
	}
	return index.Documents(d, r.Name())
}

func latestIndex(t testing.TB) *index.Index {
	ixOnce.Do(func() {
		dir := filepath.Join(testDir, "latest")
		if ixErr = index.Build(dir, docsOf(t, "latest"), nil); ixErr == nil {
			latest, ixErr = index.Open(dir)
		}
	})
	if ixErr != nil {
		t.Fatal(ixErr)
	}
	return latest
}

type judged struct {
	query    string
	accepted []string
}

func judgedQueries(t testing.TB, file string) []judged {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []judged
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		c := strings.Split(l, "\t")
		var acc []string
		if strings.HasPrefix(c[1], "g:") {
			acc = []string{c[1]}
		} else {
			acc = strings.Fields(c[1])
		}
		out = append(out, judged{c[0], acc})
	}
	return out
}

func accepts(accepted []string, h index.Hit) bool {
	for _, a := range accepted {
		if strings.HasPrefix(a, "g:") {
			if h.Kind == index.KindGlossary && strings.EqualFold(h.Title, a[2:]) {
				return true
			}
			continue
		}
		want, err := parse.ParseRuleID(a)
		got, err2 := parse.ParseRuleID(h.ID)
		if err == nil && err2 == nil && want.Contains(got) {
			return true
		}
	}
	return false
}

// TestMeanReciprocalRank evaluates the judged query set on the latest
// revision and fails below 0.8; the held-out set, which the ranking was not
// tuned on, is reported and held to 0.6.
func TestMeanReciprocalRank(t *testing.T) {
	ix := latestIndex(t)
	qs := judgedQueries(t, "testdata/queries.tsv")
	if len(qs) < 40 {
		t.Fatalf("%d judged queries, want at least 40", len(qs))
	}
	if mrr := meanReciprocalRank(t, ix, qs); mrr < 0.8 {
		t.Errorf("mean reciprocal rank %.3f, want at least 0.8", mrr)
	}
	if mrr := meanReciprocalRank(t, ix, judgedQueries(t, "testdata/heldout.tsv")); mrr < 0.6 {
		t.Errorf("held-out mean reciprocal rank %.3f, want at least 0.6", mrr)
	}
}

func meanReciprocalRank(t *testing.T, ix *index.Index, qs []judged) float64 {
	sum := 0.0
	for _, q := range qs {
		hits, err := ix.Search(q.query, index.Options{Limit: 10})
		if err != nil {
			t.Fatalf("%q: %v", q.query, err)
		}
		rr := 0.0
		for i, h := range hits {
			if accepts(q.accepted, h) {
				rr = 1 / float64(i+1)
				break
			}
		}
		if rr < 1 {
			var got []string
			for _, h := range hits[:min(3, len(hits))] {
				got = append(got, h.ID+" "+h.Title)
			}
			t.Logf("%q: reciprocal rank %.2f; top: %s; accepted %v", q.query, rr, strings.Join(got, " | "), q.accepted)
		}
		sum += rr
	}
	mrr := sum / float64(len(qs))
	t.Logf("mean reciprocal rank over %d judged queries: %.3f", len(qs), mrr)
	return mrr
}

func TestBadQueries(t *testing.T) {
	ix := latestIndex(t)
	for _, q := range []string{`"unbalanced`, strings.Repeat("splice ", 1500), "mana\x00burn", "\x1b[31m", "", "   ", "title:"} {
		if _, err := ix.Search(q, index.Options{}); !errors.Is(err, index.ErrBadQuery) {
			t.Errorf("Search(%.40q) = %v, want a bad-query error", q, err)
		}
	}
	// An unknown field is named, with the known ones; a colon elsewhere
	// (a time, a rule number, a word ending a clause) is a word.
	if _, err := ix.Search("splice foo:bar", index.Options{}); !errors.Is(err, index.ErrBadQuery) ||
		!strings.Contains(err.Error(), `no field "foo"`) || !strings.Contains(err.Error(), "era, id, keyword, kind, rev, text, title") {
		t.Errorf("Search(foo:bar) = %v", err)
	}
	// A field that holds one of a few values names them for another.
	for q, want := range map[string]string{"kind:bogus splice": "kind is one of chapter, rule, subrule, example, glossary", "ERA:5O2 convoke": "era is one of 502, 702"} {
		if _, err := ix.Search(q, index.Options{}); !errors.Is(err, index.ErrBadQuery) || !strings.Contains(err.Error(), want) {
			t.Errorf("Search(%q) = %v, want a bad query saying %q", q, err, want)
		}
	}
	if hits, err := ix.Search("KIND:Glossary exile", index.Options{}); err != nil || len(hits) == 0 {
		t.Errorf("Search(KIND:Glossary exile) = %d hits, %v", len(hits), err)
	}
	for _, q := range []string{"splice: onto", "12:30 upkeep", "702.47a:"} {
		if _, err := ix.Search(q, index.Options{}); errors.Is(err, index.ErrBadQuery) {
			t.Errorf("Search(%q) = %v, want a search", q, err)
		}
	}
	for _, limit := range []int{-1, 1000} {
		if _, err := ix.Search("splice", index.Options{Limit: limit}); !errors.Is(err, index.ErrBadQuery) {
			t.Errorf("limit %d: %v", limit, err)
		}
	}
}

func TestQueryForms(t *testing.T) {
	ix := latestIndex(t)
	for _, tc := range []struct{ q, first string }{
		{"title:splice", "702.47"},
		{"kind:glossary deathtouch", "Deathtouch"}, // a glossary hit's ID is its term
		{`"discard a card" splice`, "702.47a"},
		{"{T} mana ability", ""},
		{"+1/+1 counter and a -1/-1 counter on it", "122.3"}, // 704.5q says the same
		{"702.47a", "702.47a"},
		{"exile", ""},
	} {
		hits, err := ix.Search(tc.q, index.Options{Limit: 5})
		if err != nil || len(hits) == 0 {
			t.Errorf("%q: %v, %d hits", tc.q, err, len(hits))
			continue
		}
		if tc.first != "" && hits[0].ID != tc.first {
			t.Errorf("%q: first hit %s, want %s", tc.q, hits[0].ID, tc.first)
		}
		for _, h := range hits {
			for _, m := range h.Marks {
				if m[0] < 0 || m[1] > len(h.Snippet) || m[0] >= m[1] {
					t.Errorf("%q: mark %v outside snippet %q", tc.q, m, h.Snippet)
				}
			}
		}
	}
	// Marks cover the matched words exactly, curly apostrophes or not.
	hits, _ := ix.Search("can't splice onto arcane", index.Options{Limit: 10})
	for _, h := range hits {
		for _, m := range h.Marks {
			w := strings.ToLower(h.Snippet[m[0]:m[1]])
			if !strings.HasPrefix(w, "splic") && !strings.HasPrefix(w, "onto") && !strings.HasPrefix(w, "arcan") && w != "can't" && w != "can’t" {
				t.Errorf("%s: mark %q in %q", h.ID, w, h.Snippet)
			}
		}
	}
	// Old wording is found from the new: "exile" also finds "removed from the game".
	hits, _ = ix.Search("exile", index.Options{Limit: 20})
	old := false
	for _, h := range hits {
		if strings.Contains(strings.ToLower(h.Snippet), "removed") {
			old = true
		}
	}
	if !old {
		t.Error("exile does not reach the old wording")
	}
}

// TestAllRevisions: the merged index finds mana burn at 300.3 in the
// revisions that had it.
func TestAllRevisions(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	var per [][]index.Doc
	for i, r := range revs {
		per = append(per, index.Documents(docs[i], r.Name()))
	}
	merged := index.Merge(per, lineage(t).Next)
	total := 0
	for _, p := range per {
		total += len(p)
	}
	if len(merged) >= total/4 {
		t.Errorf("merging %d documents of 113 revisions left %d", total, len(merged))
	}
	dir := filepath.Join(testDir, "all")
	if err := index.Build(dir, merged, nil); err != nil {
		t.Fatal(err)
	}
	ix, err := index.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	hits, err := ix.Search("mana burn", index.Options{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range hits[:min(3, len(hits))] {
		if h.ID == "300.3" && slices.Contains(h.Revs, "2003-07-01") && h.Revs[len(h.Revs)-1] == "2009-05-01" && slices.Contains(h.IDs, "300.4") {
			found = true
		}
	}
	if !found {
		for _, h := range hits {
			t.Logf("%s %s %v", h.ID, h.Title, h.Revs)
		}
		t.Error("mana burn across revisions: 300.3 (2003–2009) not among the first three hits")
	}
}

// lineage builds the lineage of the corpus for grouping.
func lineage(t *testing.T) *diff.Lineage {
	revs, docs := corpustest.Docs(t)
	names := make([]string, len(revs))
	for i, r := range revs {
		names[i] = r.Name()
	}
	return diff.BuildLineage(names, docs, nil)
}

// TestSuggest: "did you mean" offers words as printed (not stems), a swap
// of two letters counting as one slip; stop words are named, not
// corrected.
func TestSuggest(t *testing.T) {
	ix := latestIndex(t)
	for q, want := range map[string]string{"splcie": "splice", "deathtuch": "deathtouch", "comander": "commander", "trampel": "trample"} {
		if got := ix.Suggest(q, 3); len(got) == 0 || got[0] != want {
			t.Errorf("Suggest(%q) = %v, want %s first", q, got, want)
		}
	}
	if got := ix.Suggest("the", 5); len(got) != 0 {
		t.Errorf("Suggest(the) = %v, want nothing", got)
	}
	if got := ix.Unindexed(`the "splice onto" of rev:the`); !slices.Equal(got, []string{"the", "of"}) {
		t.Errorf("Unindexed = %v, want [the of]", got)
	}
}

// TestHeadingSnippet: a heading rule ("702.47. Splice") has no text of its
// own; its snippet comes from its subrules, marked where the words are.
func TestHeadingSnippet(t *testing.T) {
	ix := latestIndex(t)
	hits, err := ix.Search("title:splice", index.Options{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.ID != "702.47" {
			continue
		}
		if !strings.HasPrefix(h.Snippet, "Splice is a static ability") || len(h.Marks) == 0 {
			t.Fatalf("702.47: snippet %q, marks %v", h.Snippet, h.Marks)
		}
		for _, m := range h.Marks {
			if w := strings.ToLower(h.Snippet[m[0]:m[1]]); w != "splice" {
				t.Errorf("702.47: mark on %q", w)
			}
		}
		return
	}
	t.Fatal("702.47 not among the hits")
}
