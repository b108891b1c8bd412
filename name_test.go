package crules_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules"
)

// TestRuleNamed: a name where a rule number is expected resolves to the
// one rule or chapter titled so, else to the one rule its glossary entry
// cites, in the revision asked; anything else is ErrNoRule with
// suggestions.
func TestRuleNamed(t *testing.T) {
	lib := open(t, crules.Options{})
	r2005, err := lib.Select("2005-10-01")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src            crules.Source
		name, id, note string
	}{
		{lib.Latest().Source(), "trample", "702.19", `"trample" is 702.19 Trample`},
		{lib.Latest().Source(), "First  Strike", "702.7", `"First  Strike" is 702.7 First Strike`},
		{lib.Latest().Source(), "combat damage step", "510", `"combat damage step" is 510 Combat Damage Step`},
		{lib.Latest().Source(), "mulligan", "103.5", `"mulligan" is 103.5, which the glossary entry Mulligan cites`},
		{lib.Latest().Source(), "cmc", "202.3", `"cmc" is 202.3, which the glossary entry Mana Value cites`},
		{r2005.Source(), "splice", "502.40", `"splice" is 502.40 Splice`},
		// Titles with an exclamation mark, typed with or without it.
		{lib.Latest().Source(), "start your engines", "702.179", `"start your engines" is 702.179 Start Your Engines!`},
		{lib.Latest().Source(), "For Mirrodin!", "702.163", `"For Mirrodin!" is 702.163 For Mirrodin!`},
	} {
		n, err := lib.RuleNamed(tc.src, tc.name)
		if err != nil || n.ID.String() != tc.id || n.Note() != tc.note {
			t.Errorf("RuleNamed(%s, %q) = %+v, %v; want %s, %q", tc.src, tc.name, n, err, tc.id, tc.note)
		}
	}
	_, err = lib.RuleNamed(lib.Latest().Source(), "trampel")
	var e *crules.Error
	if !errors.Is(err, crules.ErrNoRule) || !errors.As(err, &e) || len(e.Nearest) == 0 || e.Nearest[0] != "702.19 Trample" {
		t.Errorf("RuleNamed(trampel) = %v; want ErrNoRule suggesting 702.19 Trample first", err)
	}
	// Lookup, Refs and History take names through the same resolver.
	as, err := lib.Lookup(lib.Latest().Source(), "trample")
	if err != nil || len(as) != 1 || as[0].Rule.ID.String() != "702.19" || as[0].Note() != `"trample" is 702.19 Trample` {
		t.Errorf("Lookup(trample) = %v, %v", as, err)
	}
	if _, err := lib.Lookup(lib.Latest().Source(), "no such name"); !errors.Is(err, crules.ErrNoRule) {
		t.Errorf("Lookup(no such name) = %v; want ErrNoRule", err)
	}
	if _, err := lib.Lookup(lib.Latest().Source(), "702.47z9"); !errors.Is(err, crules.ErrBadRequest) {
		t.Errorf("Lookup(702.47z9) = %v; want ErrBadRequest: a malformed number is not a name", err)
	}
	refs, err := lib.RefsOf(lib.Latest().Source(), "trample")
	if err != nil || refs.ID != "702.19" || !strings.Contains(refs.Note(), "702.19 Trample") {
		t.Errorf("RefsOf(trample) = %v, %v", refs, err)
	}
	h, err := lib.History("mulligan", crules.Rev{})
	if err != nil || h.ID != "103.5" || h.Named == nil {
		t.Errorf("History(mulligan) = %+v, %v; want 103.5, named", h, err)
	}
}

func TestIsName(t *testing.T) {
	for s, want := range map[string]bool{"trample": true, "combat damage step": true, "702.19": false, "CR 702.47a": false, "702.47z9": false, "": false, "§": false} {
		if got := crules.IsName(s); got != want {
			t.Errorf("IsName(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestSection: a subrule printed alone is headed by its titled rule, else
// by its chapter.
func TestSection(t *testing.T) {
	lib := open(t, crules.Options{})
	var got []string
	for _, ref := range []string{"702.19b", "601.2f", "702.19", "702"} {
		as, err := lib.Lookup(lib.Latest().Source(), ref)
		if err != nil {
			t.Fatal(err)
		}
		id, title := as[0].Section()
		got = append(got, strings.TrimSpace(id.String()+" "+title))
	}
	if want := []string{"702.19 Trample", "601 Casting Spells", "", ""}; !slices.Equal(got, want) {
		t.Errorf("sections = %q, want %q", got, want)
	}
}
