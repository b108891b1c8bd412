package game_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/game"
	"github.com/crules/crules/parse"
)

// TestLayerOrder: the order of layers is read from each era's own rule:
// none before 2003-07 (timestamp and dependency only), six steps named
// by "then applying" (418.5a, 2003-07-01), six layers with P/T in 6a–6e (418.5a, 2006-10-01), seven with
// counters in a sublayer of their own (613.3, 2009-10-01), seven with
// counters among the modifiers (613.4, 2026-01-16).
func TestLayerOrder(t *testing.T) {
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rev, want string
	}{
		{"1999-04-23", "(no layers)[copy face-down control text type color ability power/toughness (defining) power/toughness (set) power/toughness (modify) power/toughness (modify, static) counters power/toughness (switch)]"},
		{"2003-07-01", "1[copy face-down] 2[text] 3[power/toughness (defining)] 4[type] 5[counters] 6[control color ability power/toughness (set) power/toughness (modify) power/toughness (modify, static) power/toughness (switch)]"},
		{"2006-10-01", "1[copy face-down] 2[control] 3[text] 4[type] 5[color ability] 6a[power/toughness (defining)] 6b[power/toughness (set) power/toughness (modify)] 6c[counters] 6d[power/toughness (modify, static)] 6e[power/toughness (switch)]"},
		{"2009-10-01", "1[copy face-down] 2[control] 3[text] 4[type] 5[color] 6[ability] 7a[power/toughness (defining)] 7b[power/toughness (set)] 7c[power/toughness (modify) power/toughness (modify, static)] 7d[counters] 7e[power/toughness (switch)]"},
		{"2026-01-16", "1a[copy] 1b[face-down] 2[control] 3[text] 4[type] 5[color] 6[ability] 7a[power/toughness (defining)] 7b[power/toughness (set)] 7c[power/toughness (modify) power/toughness (modify, static) counters] 7d[power/toughness (switch)]"},
	} {
		r, err := a.Select(tc.rev)
		if err != nil {
			t.Fatal(err)
		}
		text, err := a.Text(r)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := parse.Parse(r.File, text)
		if err != nil {
			t.Fatal(err)
		}
		lo := game.NewRules(doc).Layers()
		if lo == game.ModernLayers {
			t.Errorf("%s: no layer rule read", tc.rev)
			continue
		}
		var got []string
		for _, s := range lo.Steps {
			var cs []string
			for _, c := range s.Changes {
				cs = append(cs, c.String())
			}
			got = append(got, fmt.Sprintf("%s[%s]", s.Name, strings.Join(cs, " ")))
			if s.Rule.IsZero() {
				t.Errorf("%s: layer %s cites no rule", tc.rev, s.Name)
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.rev, g, tc.want)
		}
		// A type-changing effect applies whole in layer 4 from 2003-07
		// to 2005-08 only.
		if whole := tc.rev == "2003-07-01"; lo.TypeWhole != whole {
			t.Errorf("%s: TypeWhole %v, want %v", tc.rev, lo.TypeWhole, whole)
		}
	}
}
