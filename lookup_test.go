package crules_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/crules/crules"
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

// TestGlossaryAbbreviations: abbreviations and informal names find the
// entry of the revision's era.
func TestGlossaryAbbreviations(t *testing.T) {
	lib := open(t, crules.Options{})
	for _, tc := range []struct{ rev, term, want string }{
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
