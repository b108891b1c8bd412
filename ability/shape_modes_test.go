package ability

import (
	"testing"

	"github.com/crules/crules/game"
)

// TestModeCostShape: escalate's, spree's and tiered's definitions are
// read into the ModeCost each says; a wording outside the shape gives
// none.
func TestModeCostShape(t *testing.T) {
	for _, tc := range []struct {
		keyword, part            string
		many, payModes, perExtra bool
	}{
		{"Escalate", "For each mode you choose beyond the first as you cast this spell, you pay an additional [cost].", false, false, true},
		{"Spree", "Choose one or more modes. As an additional cost to cast this spell, pay the costs associated with those modes.", true, true, false},
		{"Tiered", "Choose one. As an additional cost to cast this spell, pay the cost associated with that mode.", false, true, false},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword, Cost: game.MustParseCost("{1}")}, parts{tc.part})
		if len(as) != 1 {
			t.Fatalf("%s: %d abilities", tc.keyword, len(as))
		}
		m, ok := as[0].(*ModeCost)
		if !ok || m.Many != tc.many || m.PayModes != tc.payModes || m.PerExtra != tc.perExtra || m.Keyword != tc.keyword || m.Cost.String() != "{1}" {
			t.Errorf("%s: %+v", tc.keyword, as[0])
		}
	}
	if as := OfInstance(game.Ability{Keyword: "Spree"}, parts{"Choose two. As an additional cost to cast this spell, pay the costs associated with those modes."}); len(as) != 0 {
		t.Errorf("a wording outside the shape: %+v", as)
	}
}
