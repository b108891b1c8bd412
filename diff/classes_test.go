package diff_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// TestHandLabelledClasses measures the classifier against
// testdata/classes.tsv, pairs read and labelled by hand.
func TestHandLabelledClasses(t *testing.T) {
	f, err := os.Open("testdata/classes.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type row struct{ a, b, ida, idb, label, note string }
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			c := strings.Split(l, "\t")
			for len(c) < 6 {
				c = append(c, "")
			}
			rows = append(rows, row{c[0], c[1], c[2], c[3], c[4], c[5]})
		}
	}
	results := map[string]*diff.Result{}
	revPairs := map[string]bool{}
	good := 0
	for _, r := range rows {
		k := r.a + " " + r.b
		revPairs[k] = true
		if results[k] == nil {
			results[k] = diff.Compare(load(t, r.a), load(t, r.b), nil)
		}
		want, ok := diff.ParseClass(r.label)
		if !ok {
			t.Fatalf("classes.tsv: bad label %q", r.label)
		}
		p, found := results[k].Match(1, parse.MustParseRuleID(r.idb))
		for _, x := range results[k].Pairs { // a merge shares its B with the main match
			if x.A != nil && x.B != nil && x.A.ID.String() == r.ida && x.B.ID.String() == r.idb {
				p, found = x, true
			}
		}
		got := "nothing"
		switch {
		case !found:
		case want == diff.Added && p.A == nil:
			got = "added"
		case p.A != nil && p.A.ID.String() == r.ida:
			got = p.Class.String()
		case p.A != nil:
			got = p.Class.String() + " of " + p.A.ID.String()
		default:
			got = p.Class.String()
		}
		if got == r.label {
			good++
		} else {
			t.Logf("%s→%s %s→%s: labelled %s, classified %s (%s)", r.a, r.b, r.ida, r.idb, r.label, got, r.note)
		}
	}
	acc := float64(good) / float64(len(rows))
	t.Logf("class accuracy on %d hand-labelled pairs over %d revision pairs: %d agree (%.1f%%)", len(rows), len(revPairs), good, 100*acc)
	if len(rows) < 60 || len(revPairs) < 5 {
		t.Errorf("the labelled set must hold at least 60 pairs over 5 revision pairs")
	}
	if acc < 0.9 {
		t.Errorf("class accuracy %.1f%%, want at least 90%%", 100*acc)
	}
}

// TestEncodingArtefactsAreTypography: 2008-05-01 printed "?" for every
// quote, apostrophe, dash and trademark sign its conversion lost, and
// 2008-07-15 put them back; 2009-05-01 lost its long dashes the same way.
// Those rules changed in typography only; a rule reworded in the same
// revision is still edited.
func TestEncodingArtefactsAreTypography(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want map[string]diff.Class
	}{
		{"2008-02-01", "2008-05-01", map[string]diff.Class{
			"101.1":  diff.Typography, // opponents' decks → opponents? decks
			"100.1b": diff.Typography, // "Multiplayer Rules." → ?Multiplayer Rules.?
			"100.5":  diff.Typography, // DCI(r) → DCI?
			"217.1d": diff.Typography, // controller—or → controller?or
			"409.1i": diff.Typography, // 409.1a–h → 409.1a?h
			"104.1b": diff.Edited,     // reworded, and its apostrophes lost
			"203.2e": diff.Edited,
		}},
		{"2008-05-01", "2008-07-15", map[string]diff.Class{
			"101.1":  diff.Typography,
			"104.6":  diff.Typography, // Odyssey? → _Odyssey_(TM)
			"404.4b": diff.Typography, // once?the next → once -- the next
			"103.2":  diff.Edited,     // "see rule 407, ?Adding ...?" → "see rule 402.9"
			"202.2b": diff.Edited,     // another → an
		}},
		{"2009-02-01", "2009-05-01", map[string]diff.Class{
			"212.2c": diff.Typography, // Artifact -- Equipment → Artifact ? Equipment
		}},
	} {
		res := diff.Compare(load(t, tc.a), load(t, tc.b), nil)
		for id, want := range tc.want {
			p, ok := res.Match(1, parse.MustParseRuleID(id))
			if !ok || p.A == nil {
				t.Errorf("%s→%s: %s unmatched", tc.a, tc.b, id)
				continue
			}
			if p.Class != want {
				t.Errorf("%s→%s %s→%s: %s, want %s\n%q\n%q", tc.a, tc.b, p.A.ID, id, p.Class, want, p.A.Text, p.B.Text)
			}
		}
	}
}

// TestClassifyGlyphs: what counts as a change of glyphs only.
func TestClassifyGlyphs(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want diff.Class
	}{
		{"his or her opponents' decks.", "his or her opponents? decks.", diff.Typography},
		{`See section 6, "Multiplayer Rules."`, "See section 6, ?Multiplayer Rules.?", diff.Typography},
		{"This is called 'the Legend rule.'", `This is called "the Legend rule."`, diff.Typography},
		{"a long dash: \"Artifact -- Equipment.\"", "a long dash: \"Artifact ? Equipment.\"", diff.Typography},
		{"the DCI(r) Floor Rules", "the DCI? Floor Rules", diff.Typography},
		{"the DCI(r) Floor Rules", "the DCI Floor Rules", diff.Typography},
		{"the DCI Floor Rules", "the DCI? Floor Rules", diff.Edited}, // a "?" stands for something
		{`It reads "Is it?"`, `It reads "Is it."`, diff.Edited},
		{"two-player game", "two player game", diff.Edited},
		{"the player's deck", "the players' deck", diff.Edited},
	} {
		if got := diff.Classify(lexicon.Default(), tc.a, tc.b, true); got != tc.want {
			t.Errorf("Classify(%q, %q) = %s, want %s", tc.a, tc.b, got, tc.want)
		}
	}
}
