package scenario_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/game"
	"github.com/crules/crules/render"
	"github.com/crules/crules/scenario"
)

// The keywords the issue lists: the 2006-10-01 range 502.22–502.48 of
// the seed excerpts, and the modern evergreen ones of the latest
// revision.
var (
	seed2006  = []string{"Flashback", "Madness", "Fear", "Morph", "Amplify", "Double Strike", "Provoke", "Storm", "Affinity", "Entwine", "Modular", "Sunburst", "Bushido", "Soulshift", "Splice", "Defender", "Offering", "Ninjutsu", "Epic", "Enchant", "Convoke", "Dredge", "Transmute"}
	evergreen = []string{"Deathtouch", "First Strike", "Flash", "Flying", "Haste", "Hexproof", "Indestructible", "Lifelink", "Menace", "Reach", "Trample", "Vigilance", "Protection", "Ward", "Equip"}
)

// TestCoverage: in 2006-10-01 and in the latest revision every listed
// keyword has a model whose scenarios pass, at least five are compiled
// from the text, and no model is stale.
func TestCoverage(t *testing.T) {
	for _, tc := range []struct {
		rev  string
		want []string
	}{{"2006-10-01", seed2006}, {"latest", append(slices.Clone(evergreen), seed2006...)}} {
		doc, specs := revision(t, tc.rev)
		c, err := scenario.Cover(nil, doc, specs...)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range tc.want {
			if !slices.Contains(c.Passing, k) {
				t.Errorf("%s: %s has no model with passing scenarios", c.Rev, k)
			}
		}
		if len(c.Compiled) < 5 {
			t.Errorf("%s: %d compiled models %q, want at least 5", c.Rev, len(c.Compiled), c.Compiled)
		}
		if tc.rev == "2006-10-01" && !slices.Contains(c.AbilityWords, "Threshold") {
			t.Errorf("%s: threshold not reported as an ability word: %q", c.Rev, c.AbilityWords)
		}
		if len(c.Stale) > 0 || len(c.Failing) > 0 {
			t.Errorf("%s: stale %q, failing %q", c.Rev, c.Stale, c.Failing)
		}
		if testing.Verbose() {
			render.CoverageText(os.Stdout, c)
		}
	}
}

// TestHonestCoverage: a keyword counts as modelled in a revision only
// when a scenario written for that revision passes there.
func TestHonestCoverage(t *testing.T) {
	cover := func(rev string) *engine.Coverage {
		t.Helper()
		doc, specs := revision(t, rev)
		c, err := scenario.Cover(nil, doc, specs...)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	// 2007–2009 define lifelink and deathtouch as triggered abilities:
	// the scenarios written for those revisions, which put the trigger
	// on the stack, count them as modelled there.
	c := cover("2008-02-01")
	for _, k := range []string{"Lifelink", "Deathtouch"} {
		if !slices.Contains(c.Passing, k) {
			t.Errorf("%s: %s not counted as modelled (passing %q, no scenario %q, failing %q)", c.Rev, k, c.Passing, c.NoScenario, c.Failing)
		}
	}
	// 2001–2003's rampage triggers only on two or more blockers: its own
	// scenario passes there, the modern one is not run.
	c = cover("2002-10-07")
	if !slices.Contains(c.Passing, "Rampage") || len(c.Failing) > 0 {
		t.Errorf("%s: rampage not modelled by its own scenario: passing %q, failing %q", c.Rev, c.Passing, c.Failing)
	}
	// 2008-05-01 prints its quotation marks as "?": every model still
	// checks against its definitions.
	c = cover("2008-05-01")
	if len(c.Stale) > 0 || len(c.Failing) > 0 {
		t.Errorf("%s: stale %q, failing %q", c.Rev, c.Stale, c.Failing)
	}
}

// TestWrittenFor: a rev: line names revisions and ranges of them.
func TestWrittenFor(t *testing.T) {
	f, err := scenario.Parse("r.txt", []byte("rev: 2001 2006-07-15..2007-02-01 2026..latest\n-- script --\nend turn\n"))
	if err != nil {
		t.Fatal(err)
	}
	revs, err := f.WrittenFor(corpusArchive(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range revs {
		got = append(got, r.Name())
	}
	if want := []string{"2001-09-24", "2006-07-15", "2006-10-01", "2007-02-01", "2026-01-16"}; !slices.Equal(got, want) {
		t.Errorf("written for %q, want %q", got, want)
	}
	if got, want := f.Revisions(""), []string{"2001", "2007-02-01", "latest"}; !slices.Equal(got, want) {
		t.Errorf("Revisions = %q, want %q", got, want)
	}
	for src, want := range map[string]string{
		"rev: 2006 ..latest\n-- script --\nend turn\n":    "r.txt:1:11: rev: \"..latest\": a range is FROM..TO, two revisions",
		"rev: 2006..2007..2008\n-- script --\nend turn\n": "r.txt:1:6: rev: \"2006..2007..2008\": a range is FROM..TO, two revisions",
	} {
		if _, err := scenario.Parse("r.txt", []byte(src)); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %s", src, err, want)
		}
	}
	f, _ = scenario.Parse("r.txt", []byte("rev: 2009..2006\n-- script --\nend turn\n"))
	if _, err := f.WrittenFor(corpusArchive(t)); err == nil || !strings.Contains(err.Error(), "ends before it begins") {
		t.Errorf("a backward range: %v", err)
	}
}

// TestModelsRefuseAndInteract: every keyword model has, among the
// scenario files that name its keyword, a refused action (an illegal
// line) and a script in which a card with the keyword and a card with
// another keyword ability (or the same card's other one) both take part.
func TestModelsRefuseAndInteract(t *testing.T) {
	files, err := scenario.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range engine.Models() {
		if m.Title != "" {
			continue // split cards: a rule, not a keyword
		}
		refused, interacts := false, false
		for _, f := range files {
			if !slices.ContainsFunc(f.Keywords, func(k string) bool { return strings.EqualFold(k, m.Name) }) {
				continue
			}
			for _, s := range f.Scripts {
				with, other := false, false
				for _, st := range s.Stmts {
					refused = refused || st.Illegal
					for _, n := range append([]engine.Name{st.Object}, st.Names...) {
						c := f.Card(n.Text)
						if c == nil {
							continue
						}
						abilities := c.Abilities
						for _, h := range c.Halves {
							// A split card has its halves' abilities
							// (aftermath is printed on one).
							abilities = append(slices.Clip(abilities), h.Abilities...)
						}
						if c.Back != nil {
							// A double-faced card has its back face's
							// abilities once transformed (712.8e).
							abilities = append(slices.Clip(abilities), c.Back.Abilities...)
						}
						for _, a := range abilities {
							if strings.EqualFold(a.Keyword, m.Name) || slices.ContainsFunc(m.Formerly, func(f string) bool { return strings.EqualFold(a.Keyword, f) }) {
								with = true
							} else {
								other = true
							}
						}
					}
				}
				interacts = interacts || with && other
			}
		}
		if !refused {
			t.Errorf("%s: no scenario naming it refuses an action (no illegal line)", m.Name)
		}
		if !interacts {
			t.Errorf("%s: no script of its scenarios has a card with it and another keyword ability", m.Name)
		}
	}
	// A keyword action is no ability a card has: its scenarios refuse
	// something too, and a script meets a keyword ability (protection,
	// hexproof, madness, indestructible).
	for _, m := range engine.ActionModels() {
		refused, interacts := false, false
		for _, f := range files {
			if !slices.ContainsFunc(f.Keywords, func(k string) bool { return strings.EqualFold(k, m.Name) }) {
				continue
			}
			for _, s := range f.Scripts {
				for _, st := range s.Stmts {
					refused = refused || st.Illegal
					for _, n := range append([]engine.Name{st.Object}, st.Names...) {
						if c := f.Card(n.Text); c != nil && slices.ContainsFunc(c.Abilities, func(a game.Ability) bool { return a.Keyword != "" }) {
							interacts = true
						}
					}
				}
			}
		}
		if !refused {
			t.Errorf("keyword action %s: no scenario naming it refuses an action (no illegal line)", m.Name)
		}
		if !interacts {
			t.Errorf("keyword action %s: no script of its scenarios meets a keyword ability", m.Name)
		}
	}
}
