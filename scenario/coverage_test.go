package scenario_test

import (
	"os"
	"slices"
	"testing"

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
		c, err := scenario.Cover(doc, specs...)
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
