package crules_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules"
	"github.com/crules/crules/index"
	"github.com/crules/crules/parse"
)

// TestLookup: every form of rule reference the CR prints is answered on a
// real revision, through one parser shared with cite.
func TestLookup(t *testing.T) {
	lib := open(t, crules.Options{})
	latest := lib.Latest().Source()
	ids := func(as []*crules.RuleAnswer) (out []string) {
		for _, a := range as {
			switch {
			case a.Part != nil:
				out = append(out, a.Part.Title)
			case a.Chapter != nil:
				out = append(out, a.Chapter.Title)
			default:
				out = append(out, a.Rule.ID.String())
			}
		}
		return out
	}
	for _, tc := range []struct{ refs, want string }{
		{"601.2f–h", "[601.2f 601.2g 601.2h]"},
		{"CR 601.2f-h", "[601.2f 601.2g 601.2h]"},
		{"§702.47a", "[702.47a]"},
		{"rule 702.47a", "[702.47a]"},
		{"rules 702.47a and 702.47b", "[702.47a 702.47b]"},
		{"7", "[Additional Rules]"},
		{"702", "[Keyword Abilities]"},
	} {
		as, err := lib.Lookup(latest, tc.refs)
		if got := fmt.Sprint(ids(as)); err != nil || got != tc.want {
			t.Errorf("Lookup(%q) = %s, %v; want %s", tc.refs, got, err, tc.want)
		}
	}
	// An embedded revision follows the lineage, as Rule does.
	r, _ := lib.Select("2005-10-01")
	if as, err := lib.Lookup(r.Source(), "CR 702.47a"); err != nil || len(as) != 1 || as[0].Rule.ID.String() != "502.40a" {
		t.Errorf("Lookup(CR 702.47a) in 2005: %v %v", ids(as), err)
	}
	if _, err := lib.Lookup(latest, "12"); !errors.Is(err, crules.ErrBadRequest) {
		t.Errorf("Lookup(12): %v, want ErrBadRequest", err)
	}
	if _, err := lib.Lookup(latest, "702.47a, 702.47z"); !errors.Is(err, crules.ErrNoRule) {
		t.Errorf("Lookup(702.47a, 702.47z): %v, want ErrNoRule", err)
	}
}

// TestGlossaryEras: abbreviations, informal names and the names of other
// eras find the entry of the asked revision's era: an old name asked of a
// new revision as a new name of an old one.
func TestGlossaryEras(t *testing.T) {
	lib := open(t, crules.Options{})
	for _, tc := range []struct{ rev, term, want string }{
		{"2026-01-16", "removed from the game", "Exile"},
		{"2026-01-16", "comes into play", "Enters the Battlefield"},
		{"2026-01-16", "state-based effects", "State-Based Actions"},
		{"2005-10-01", "state-based actions", "State-Based Effects"},
		{"2006-10-01", "battlefield", "In Play"},
		{"2005-10-01", "exile", "Removed from the Game"},
		{"2005-10-01", "enters", "Comes into Play"},
		{"2005-10-01", "mana value", "Converted Mana Cost"},
		{"2026-01-16", "cmc", "Mana Value"},
		{"2005-10-01", "cmc", "Converted Mana Cost"},
		{"2026-01-16", "MV", "Mana Value"},
		{"2005-10-01", "etb", "Comes into Play"},
		{"2026-01-16", "etb", "Enters the Battlefield"},
		{"2026-01-16", "ltb", "Leaves the Battlefield"},
		{"2026-01-16", "p/t", "Power"},
	} {
		r, err := lib.Select(tc.rev)
		if err != nil {
			t.Fatal(err)
		}
		a, err := lib.Glossary(r.Source(), tc.term)
		if err != nil || a.Entry.Term != tc.want || a.Asked != tc.term {
			t.Errorf("Glossary(%s, %q): %v %v, want %s", tc.rev, tc.term, a, err, tc.want)
		}
	}
}

// TestLookupMissing: the rules found are answered in order and the ones
// missing listed in one error, each with its own ErrNoRule.
func TestLookupMissing(t *testing.T) {
	lib := open(t, crules.Options{})
	as, err := lib.Lookup(lib.Latest().Source(), "702.47a 999.1 702.19a 999.2")
	var got []string
	for _, a := range as {
		got = append(got, a.Rule.ID.String())
	}
	if fmt.Sprint(got) != "[702.47a 702.19a]" {
		t.Errorf("found %v, want [702.47a 702.19a]", got)
	}
	var le *crules.LookupError
	if !errors.As(err, &le) || !errors.Is(err, crules.ErrNoRule) || len(le.Missing) != 2 {
		t.Fatalf("error %#v, want a LookupError of two ErrNoRule", err)
	}
	for i, want := range []string{"999.1", "999.2"} {
		m := le.Missing[i]
		if m.ID != want || !errors.Is(m.Err, crules.ErrNoRule) || !strings.HasPrefix(m.Err.Error(), "no rule "+want+" in ") {
			t.Errorf("missing %d: %s %v, want %s", i, m.ID, m.Err, want)
		}
	}
	if n := len(as) + len(le.Missing); n != 4 {
		t.Errorf("%d answered or missing, want the 4 asked", n)
	}
}

// TestLookupLimits: a short request cannot ask for an answer hundreds of
// times its size (issue 23: 702 repeated in a 6 KB URL answered 198 MB):
// too many references, or answers holding too much text, are ErrTooLarge
// naming the limit, while the whole of a revision, part by part, is still
// answered.
func TestLookupLimits(t *testing.T) {
	lib := open(t, crules.Options{})
	latest := lib.Latest().Source()
	as, err := lib.Lookup(latest, "1 2 3 4 5 6 7 8 9")
	if err != nil || len(as) != 9 {
		t.Fatalf("every part: %d answers, %v", len(as), err)
	}
	for _, tc := range []struct{ refs, msg string }{
		{strings.Repeat("702 ", 1500), "1500 rule references in one request; at most 256"},
		{strings.Repeat("601.2a-z ", 20), "at most 256"}, // 20 ranges of 24 subrules
		{strings.Repeat("7 ", 40), "at most 4 MB in one request"},
		{strings.Repeat("702 ", 100), "at most 4 MB in one request"},
	} {
		as, err := lib.Lookup(latest, tc.refs)
		if !errors.Is(err, crules.ErrTooLarge) || !strings.Contains(fmt.Sprint(err), tc.msg) || as != nil {
			t.Errorf("Lookup(%.20q…): %d answers, %v; want ErrTooLarge saying %q", tc.refs, len(as), err, tc.msg)
		}
	}
	if as, err := lib.Lookup(latest, strings.Repeat("702.47a ", 256)); err != nil || len(as) != 256 {
		t.Errorf("256 references: %d answers, %v; want all", len(as), err)
	}
}

// TestFileLineage: a file is looked up through the lineage as the
// embedded revision of its date is, and a rule asked of a date before it
// existed says when it first appeared.
func TestFileLineage(t *testing.T) {
	lib := open(t, crules.Options{})
	file := func(name string) crules.Source {
		src, err := lib.Resolve("", filepath.Join("..", "shared", "corpus", name))
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	f2005, f2001 := file("CR-2005-10-01.txt"), file("CR-2001-07-23.txt")
	a, err := lib.Rule(f2005, parse.MustParseRuleID("702.47a"))
	if err != nil || a.Rule.ID.String() != "502.40a" || a.Note() != "702.47a (Splice) was 502.40a in 2005-10-01" {
		t.Errorf("Rule(702.47a) of a 2005-10-01 file: %v %v", a, err)
	}
	r, err := lib.Refs(f2005, ref(t, "702.47a"))
	if err != nil || r.ID != "502.40a" {
		t.Errorf("Refs(702.47a) of a 2005-10-01 file: %v %v", r, err)
	}
	g, err := lib.Glossary(f2005, "cmc")
	if err != nil || g.Entry.Term != "Converted Mana Cost" {
		t.Errorf("Glossary(cmc) of a 2005-10-01 file: %v %v", g, err)
	}
	// A file that states no date is read as it is: its chapter 502 is
	// not taken for 702 through the embedded revisions.
	excerpt := filepath.Join(t.TempDir(), "excerpt.txt")
	if err := os.WriteFile(excerpt, []byte("502. Keyword Abilities\n\n502.1. Splice is a keyword ability.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fx, err := lib.Resolve("", excerpt)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := lib.Rule(fx, parse.MustParseRuleID("702")); !errors.Is(err, crules.ErrNoRule) || !strings.Contains(err.Error(), "nearest chapters: 502") {
		t.Errorf("Rule(702) of a file of no date: %v %v, want no chapter, nearest 502", a, err)
	}
	r2001, _ := lib.Select("2001-07-23")
	for _, src := range []crules.Source{f2001, r2001.Source()} {
		_, err := lib.Rule(src, parse.MustParseRuleID("702.51a"))
		const want = "702.51a (Convoke) is not in 2001-07-23; first in 2005-10-01, as 502.46a"
		if !errors.Is(err, crules.ErrNoRule) || err.Error() != want {
			t.Errorf("Rule(702.51a) of %s: %v, want %s", src, err, want)
		}
	}
}

// TestHistoryRefs: history reads its query as rule references are read
// everywhere, refuses clearly what it cannot trace, and suggests keyword
// names for a title it does not know.
func TestHistoryRefs(t *testing.T) {
	lib := open(t, crules.Options{})
	for _, q := range []string{"CR 702.47a", "§702.47a", "rule 702.47a", "702.47A."} {
		h, err := lib.History(q, crules.Rev{})
		if err != nil || h.ID != "702.47a" {
			t.Errorf("History(%q) = %v, %v; want 702.47a", q, h, err)
		}
	}
	for _, tc := range []struct{ q, want string }{
		{"702", "702 is a chapter; history follows a rule or subrule"},
		{"601.2f-h", "601.2f–h is a range; history follows a rule or subrule"},
		{"7", "7 is a part; history follows a rule or subrule"},
		{"702.47a 702.47b", "history follows one rule or subrule at a time"},
	} {
		_, err := lib.History(tc.q, crules.Rev{})
		if !errors.Is(err, crules.ErrBadRequest) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("History(%q): %v; want ErrBadRequest saying %q", tc.q, err, tc.want)
		}
	}
	_, err := lib.History("splise", crules.Rev{})
	var e *crules.Error
	if !errors.As(err, &e) || !errors.Is(err, crules.ErrNoRule) || !slices.Contains(e.Nearest, "Splice") || !strings.Contains(err.Error(), "did you mean: Splice") {
		t.Errorf("History(splise): %v; want ErrNoRule suggesting Splice", err)
	}
}

// TestChapterAcross: a chapter number a revision lacks answers the
// chapter of the same title there, else suggests its nearest chapters.
func TestChapterAcross(t *testing.T) {
	lib := open(t, crules.Options{})
	for _, tc := range []struct{ rev, ref, want, note string }{
		{"2005-10-01", "702", "502", "702 (Keyword Abilities) was 502 in 2005-10-01"},
		{"2026-01-16", "216", "111", "216 (Tokens) is 111 in 2026-01-16"},
		{"2026-01-16", "702", "702", ""},
	} {
		r, _ := lib.Select(tc.rev)
		as, err := lib.Lookup(r.Source(), tc.ref)
		if err != nil || len(as) != 1 || as[0].Chapter == nil || as[0].Chapter.ID.String() != tc.want || as[0].Note() != tc.note {
			t.Errorf("Lookup(%s) in %s: %v %v; want chapter %s, %q", tc.ref, tc.rev, as, err, tc.want, tc.note)
		}
	}
	r2005, _ := lib.Select("2005")
	if r, err := lib.Refs(r2005.Source(), ref(t, "702")); err != nil || r.ID != "502" || r.Note() != "702 (Keyword Abilities) was 502 in 2005-10-01" {
		t.Errorf("Refs(702) in 2005: %v %v; want 502", r, err)
	}
	for _, tc := range []struct{ rev, ref, want string }{
		{"2026-01-16", "999", "no chapter 999 in 2026-01-16; nearest chapters: 905, 904, 903, 902, 901"},
		// 800 General (multiplayer) is not 100 General: only a title one
		// chapter has is followed.
		{"1999", "800", "no chapter 800 in "},
	} {
		r, _ := lib.Select(tc.rev)
		_, err := lib.Rule(r.Source(), parse.MustParseRuleID(tc.ref))
		var e *crules.Error
		if !errors.As(err, &e) || !errors.Is(err, crules.ErrNoRule) || !strings.HasPrefix(err.Error(), tc.want) || slices.ContainsFunc(e.Nearest, func(s string) bool { return strings.Contains(s, ".") }) {
			t.Errorf("Rule(%s) in %s: %v; want %q, chapters only", tc.ref, tc.rev, err, tc.want)
		}
	}
}

// TestSearchRuleNumber: a search for one bare rule number lists that rule
// first, then the rules that cite it, within the limit; a number the
// revision lacks is searched as a word.
func TestSearchRuleNumber(t *testing.T) {
	lib := open(t, crules.Options{})
	src := lib.Latest().Source()
	ids := func(q string, limit int) []string {
		t.Helper()
		res, err := lib.Search(src, q, crules.SearchOptions{Limit: limit})
		if err != nil && !errors.Is(err, crules.ErrNoMatch) {
			t.Fatalf("%s: %v", q, err)
		}
		var out []string
		for _, h := range res.Hits {
			out = append(out, h.ID)
		}
		return out
	}
	for _, q := range []string{"702.19b", "702.19B.", " 702.19b "} {
		if got := ids(q, 10); len(got) < 2 || got[0] != "702.19b" || !slices.Contains(got, "702.19c") || slices.Index(got[1:], "702.19b") >= 0 {
			t.Errorf("%q: %v", q, got)
		}
	}
	if got := ids("702.19b", 1); !slices.Equal(got, []string{"702.19b"}) {
		t.Errorf("702.19b, limit 1: %v", got)
	}
	if got := ids("702.19", 10); len(got) == 0 || got[0] != "702.19" {
		t.Errorf("702.19: %v", got)
	}
	if got := ids("702.999", 10); len(got) != 0 {
		t.Errorf("702.999: %v", got)
	}
}

// TestSearchLimitIsPrefix: the hits of a search are the first of one
// ranking, whatever the limit: at 10 and 20 they are the first of those at
// the largest limit. The two queries are a newcomer's (issue 26): at limit
// 20, "splice onto arcane" in 2025-11-14 left out 702.71a, which ranks
// 16th at larger limits, and "counter target spell" left out 115.1.
func TestSearchLimitIsPrefix(t *testing.T) {
	lib := open(t, crules.Options{})
	for _, tc := range []struct{ rev, q, want string }{
		{"2025-11-14", "splice onto arcane", "702.71a"},
		{lib.Latest().Name(), "counter target spell", "115.1"},
	} {
		src := mustSelect(t, lib, tc.rev).Source()
		ids := func(limit int) []string {
			t.Helper()
			res, err := lib.Search(src, tc.q, crules.SearchOptions{Limit: limit})
			if err != nil {
				t.Fatalf("%s in %s, limit %d: %v", tc.q, tc.rev, limit, err)
			}
			var out []string
			for _, h := range res.Hits {
				out = append(out, h.ID)
			}
			return out
		}
		all := ids(index.MaxLimit)
		for _, n := range []int{10, 20} {
			if got := ids(n); len(got) != n || !slices.Equal(got, all[:n]) {
				t.Errorf("%q in %s, limit %d: %v; want the first %d of %v", tc.q, tc.rev, n, got, n, all)
			}
		}
		if k := slices.Index(all, tc.want); k < 0 || k >= 20 {
			t.Errorf("%q in %s: %s is at %d of %v; want within the first 20", tc.q, tc.rev, tc.want, k, all)
		}
	}
}

// TestFirstInIsFirst: a rule asked of a revision before its number
// exists says when it is first: no revision between has the number.
// 409.1g asked of 1999-04-23 is first in 2001-07-23 ("the spell becomes
// played"), though the latest 409.1g (mana abilities) is first in
// 2003-07-01. Every rule of three revisions is asked of 1999-04-23.
func TestFirstInIsFirst(t *testing.T) {
	lib := open(t, crules.Options{})
	lin, err := lib.Lineage()
	if err != nil {
		t.Fatal(err)
	}
	old, err := lib.Select("1999-04-23")
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, sel := range []string{"2003-07-01", "2009-07-11", "latest"} {
		r, err := lib.Select(sel)
		if err != nil {
			t.Fatal(err)
		}
		d, err := lib.Document(r.Source())
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range d.IDs() {
			_, err := lib.Rule(old.Source(), id)
			_, first, ok := strings.Cut(fmt.Sprint(err), "; first in ")
			if !ok {
				continue
			}
			asked++
			first, _, _ = strings.Cut(first, ",")
			for i, rev := range lin.Revs {
				if rev > old.Name() && rev < first && lin.Has(i, id.String()) {
					t.Errorf("%s asked of %s: %v; but %s has %s", id, old.Name(), err, rev, id)
					break
				}
			}
		}
	}
	if asked < 100 {
		t.Errorf("only %d rules said when they are first", asked)
	}
	if _, err := lib.Rule(old.Source(), parse.MustParseRuleID("409.1g")); err == nil || !strings.HasSuffix(err.Error(), "first in 2001-07-23") {
		t.Errorf("409.1g asked of 1999-04-23: %v", err)
	}
}
