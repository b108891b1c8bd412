package game_test

import (
	"testing"

	"github.com/crules/crules/game"
)

func TestCost(t *testing.T) {
	for _, tc := range []struct {
		in     string
		value  int
		colors string
	}{
		{"{6}{G}{W}", 8, "white-green"},
		{"{X}{R}", 1, "red"},
		{"{G/W}{G/W}", 2, "white-green"},
		{"{0}", 0, "colorless"},
		{"{C}{C}", 2, "colorless"},
		{"{2}{U}{U}", 4, "blue"},
		{"{1}{W/P}{W/P}", 3, "white"},   // 202.3g
		{"{2/W}{2/W}{2/W}", 6, "white"}, // 202.3f: the largest component
		{"{G/W/P}", 1, "white-green"},
	} {
		c, err := game.ParseCost(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if c.String() != tc.in || c.Value(0) != tc.value || c.Colors().String() != tc.colors {
			t.Errorf("%s: printed %s, value %d, colours %s", tc.in, c, c.Value(0), c.Colors())
		}
	}
	for _, bad := range []string{"{Q}", "{1", "G", "{W/W}", "{100}", "{2/W/U}", "{2/P}", "{P}"} {
		if _, err := game.ParseCost(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if c := game.MustParseCost("{X}{X}{R}"); c.Value(3) != 7 || c.WithX(3).String() != "{6}{R}" {
		t.Errorf("X: %d %s", c.Value(3), c.WithX(3))
	}
}

// TestReduce: reductions never go below zero; a coloured reduction takes
// its colour, else generic (offering, 502.42c).
func TestReduce(t *testing.T) {
	for _, tc := range []struct{ cost, by, want, unused string }{
		{"{4}{R}{R}", "{1}{R}", "{3}{R}", ""},
		{"{4}{R}{R}", "{R}{R}{R}", "{3}", ""},
		{"{4}{R}{R}", "{B}{R}", "{3}{R}", ""},
		{"{4}", "{6}", "{0}", "{2}"},
		{"{G}{G}", "{1}", "{G}{G}", "{1}"},
		{"{G/W}", "{W}", "{0}", ""},
	} {
		got, unused := game.MustParseCost(tc.cost).Reduce(game.MustParseCost(tc.by))
		if got.String() != tc.want || unused.String() != tc.unused {
			t.Errorf("%s - %s = %s (unused %q), want %s (unused %q)", tc.cost, tc.by, got, unused, tc.want, tc.unused)
		}
	}
}

func TestPay(t *testing.T) {
	mana := func(s string) game.Mana {
		m, err := game.ParseMana(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tc := range []struct {
		mana, cost string
		pays       bool
	}{
		{"{3}{G}{W}", "{3}{G}{W}", true},
		{"{G}{G}{G}{W}{W}", "{3}{G}{W}", true},
		{"{3}{G}", "{3}{G}{W}", false},
		{"{4}{G}{W}", "{3}{G}{W}", false},
		{"{G}{W}", "{G/W}{G/W}", true},
		{"{1}", "{C}", true},
		{"{R}", "{C}", false},
	} {
		if got := mana(tc.mana).Pays(game.MustParseCost(tc.cost)); got != tc.pays {
			t.Errorf("%s pays %s = %v", tc.mana, tc.cost, got)
		}
	}
	for _, tc := range []struct {
		mana, cost string
		life       int
		pays       bool
	}{
		{"{1}", "{1}{B/P}{B/P}", 4, true},
		{"{1}{B}", "{1}{B/P}{B/P}", 2, true},
		{"{1}{B}{B}", "{1}{B/P}{B/P}", 0, true},
		{"{1}", "{1}{B/P}{B/P}", 2, false},       // one symbol left unpaid
		{"{1}{B}{B}", "{1}{B/P}{B/P}", 2, false}, // one mana left over
		{"{1}", "{1}{B/P}{B/P}", 6, false},       // more life than symbols
		{"{1}", "{1}{B/P}", 3, false},            // life comes in twos
		{"{2}{W}{W}", "{2/W}{2/W}{2/W}", 0, true},
		{"{6}", "{2/W}{2/W}{2/W}", 0, true},
		{"{1}{W}{W}", "{2/W}{2/W}{2/W}", 0, false},
		{"{G}", "{G/W/P}", 0, true},
		{"{0}", "{G/W/P}", 2, true},
	} {
		if got := mana(tc.mana).PaysWith(game.MustParseCost(tc.cost), tc.life); got != tc.pays {
			t.Errorf("%s and %d life pays %s = %v", tc.mana, tc.life, tc.cost, got)
		}
	}
	if _, ok := game.AutoPay(mana("{1}"), game.MustParseCost("{1}{B/P}")); ok {
		t.Error("AutoPay paid a Phyrexian symbol with life")
	}
	if spent, ok := game.AutoPay(mana("{6}"), game.MustParseCost("{2/W}{2/W}{2/W}")); !ok || spent != mana("{6}") {
		t.Errorf("AutoPay {2/W}x3 with {6}: %s %v", spent, ok)
	}
	if rest, ok := game.MustParseCost("{1}{U/P}{B/P}").PayLife(mana("{1}{B}"), 1); !ok || rest.String() != "{1}{B/P}" {
		t.Errorf("PayLife: %s %v, want the symbol the pool can't pay left out", rest, ok)
	}
	spent, ok := game.AutoPay(mana("{2}{G}{G}{W}"), game.MustParseCost("{2}{G}"))
	if !ok || spent != mana("{2}{G}") {
		t.Errorf("AutoPay: %s %v, want colourless first", spent, ok)
	}
	if _, ok := game.AutoPay(mana("{5}"), game.MustParseCost("{G}")); ok {
		t.Error("AutoPay paid {G} with colourless")
	}
}

func TestParseFullCost(t *testing.T) {
	for _, tc := range []struct {
		in, mana string
		kinds    []game.PartKind
		self     []bool
	}{
		{"{2}, {T}", "{2}", []game.PartKind{game.Tap}, []bool{true}},
		{"{R}, Sacrifice a creature", "{R}", []game.PartKind{game.Sacrifice}, []bool{false}},
		{"Sacrifice Mogg Fanatic", "", []game.PartKind{game.Sacrifice}, []bool{true}},
		{"{B}, Pay 2 life", "{B}", []game.PartKind{game.PayLife}, []bool{false}},
		{"{U}, {Q}", "{U}", []game.PartKind{game.Untap}, []bool{true}},
		{"Remove a +1/+1 counter from this creature", "", []game.PartKind{game.RemoveCounters}, []bool{true}},
		{"{1}, Exile two cards from your graveyard, Discard a card", "{1}", []game.PartKind{game.ExileFrom, game.Discard}, []bool{false, false}},
		{"Return a land you control to its owner's hand", "", []game.PartKind{game.ReturnToHand}, []bool{false}},
		{"tap two untapped creatures you control that each share a color with it", "", []game.PartKind{game.TapUntapped}, []bool{false}},
		{"sacrifice an artifact, enchantment, or token", "", []game.PartKind{game.Sacrifice}, []bool{false}},
		{"{1}, Sacrifice an artifact, enchantment, or token, Discard a card", "{1}", []game.PartKind{game.Sacrifice, game.Discard}, []bool{false, false}},
	} {
		c, err := game.ParseFullCost(tc.in, "Mogg Fanatic")
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if c.Mana.String() != tc.mana || len(c.Parts) != len(tc.kinds) || c.String() != tc.in {
			t.Errorf("%s: mana %s, %d parts, printed %q", tc.in, c.Mana, len(c.Parts), c)
			continue
		}
		for i, p := range c.Parts {
			if p.Kind != tc.kinds[i] || p.Self != tc.self[i] {
				t.Errorf("%s: part %d is %v (self %v)", tc.in, i, p.Kind, p.Self)
			}
		}
	}
	if c, _ := game.ParseFullCost("tap two untapped creatures you control that each share a color with it", ""); c.Parts[0].N != 2 || c.Parts[0].What != "creature" || !c.Parts[0].Shares || c.Parts[0].Choice() != "tap" {
		t.Errorf("conspire's cost: %+v", c.Parts[0])
	}
	if c, _ := game.ParseFullCost("Tap an untapped artifact you control", ""); c.Parts[0].N != 1 || c.Parts[0].What != "artifact" || c.Parts[0].Shares {
		t.Errorf("a tap cost without a colour: %+v", c.Parts[0])
	}
	for in, off := range map[string]int{"{2}, Frob a card": 5, "{1}{Z}": 3, "{1}, {2}": 5, "Remove a +1/+1 counter from Grizzly Bears": 0} {
		_, err := game.ParseFullCost(in, "Mogg Fanatic")
		ce, ok := err.(*game.CostError)
		if !ok || ce.Offset != off {
			t.Errorf("%s: error %v, want one at offset %d", in, err, off)
		}
	}
}

func TestParseAbility(t *testing.T) {
	for _, tc := range []struct {
		in, kw, quality, cost, costText string
		n                               int
	}{
		{"Bushido 2", "Bushido", "", "", "", 2},
		{"Splice onto Arcane {1}{R}", "Splice", "Arcane", "{1}{R}", "", 0},
		{"Splice onto Arcane—Exile four cards from your graveyard", "Splice", "Arcane", "", "Exile four cards from your graveyard", 0},
		{"Goblin offering", "Offering", "Goblin", "", "", 0},
		{"Protection from red", "Protection", "red", "", "", 0},
		{"Double strike", "Double Strike", "", "", "", 0},
		{"Affinity for artifacts", "Affinity", "artifacts", "", "", 0},
		{"Multikicker {1}{G}", "Kicker", "Multikicker", "{1}{G}", "", 0},
		{"Buyback {4}", "Buyback", "", "{4}", "", 0},
	} {
		a, ok, err := game.ParseAbility(tc.in)
		if !ok || err != nil || a.Keyword != tc.kw || a.Quality != tc.quality || a.Cost.String() != tc.cost || a.CostText != tc.costText || a.N != tc.n {
			t.Errorf("%s: %+v %v %v", tc.in, a, ok, err)
		}
	}
	if _, ok, _ := game.ParseAbility("Draw a card"); ok {
		t.Error("Draw a card read as a keyword")
	}
	if _, _, err := game.ParseAbility("Flying 2"); err == nil {
		t.Error("Flying 2: no error")
	}
}

// {S} is paid only with mana a snow source produced (107.4h); a
// reduction of generic mana leaves it alone.
func TestSnowMana(t *testing.T) {
	c := game.MustParseCost("{S}{R}")
	if c.String() != "{S}{R}" || c.Value(0) != 2 || c.Generic() != 0 {
		t.Fatalf("{S}{R}: %s, value %d, generic %d", c, c.Value(0), c.Generic())
	}
	plain := mustParseMana(t, "{R}{G}")
	snow := mustParseMana(t, "{G} snow")
	if plain.PaysWith(c, 0) {
		t.Error("mana no snow source produced paid {S}")
	}
	if _, ok := game.AutoPay(plain, c); ok {
		t.Error("AutoPay paid {S} with mana no snow source produced")
	}
	pool := mustParseMana(t, "{R}").Plus(snow)
	if !pool.PaysWith(c, 0) {
		t.Error("{R} and snow {G} did not pay {S}{R}")
	}
	spent, ok := game.AutoPay(pool.Plus(plain), c)
	if !ok || spent.String() != "{R}{G} (snow {G})" {
		t.Errorf("AutoPay spent %s, %v; want {R}{G} (snow {G})", spent, ok)
	}
	left := pool.Plus(plain)
	if !left.Sub(spent) || left.String() != "{R}{G}" || left.SnowTotal() != 0 {
		t.Errorf("left %s after paying", left)
	}
	if r, _ := game.MustParseCost("{4}{S}").Reduce(game.MustParseCost("{5}")); r.String() != "{S}" {
		t.Errorf("{4}{S} reduced by {5} is %s, want {S}", r)
	}
	if _, err := game.ParseMana("{S}"); err == nil {
		t.Error("{S} read as an amount of mana")
	}
}

// Mana of which only part is snow reads back as String prints it, and
// a restriction to snow mana turns generic mana into {S}, never more
// than there is.
func TestPartlySnow(t *testing.T) {
	m := mustParseMana(t, "{1}{R}{R} (snow {R})")
	if m.String() != "{1}{R}{R} (snow {R})" || m.SnowTotal() != 1 || m.SnowOf(game.Red) != 1 {
		t.Errorf("{1}{R}{R} (snow {R}) read as %s", m)
	}
	for _, bad := range []string{"{R} (snow {R}{R})", "{R} (snow {G})", "{R} (snow {S})"} {
		if _, err := game.ParseMana(bad); err == nil {
			t.Errorf("%s read as mana", bad)
		}
	}
	for _, tc := range []struct {
		cost string
		n    int
		want string
	}{
		{"{3}{R}", 2, "{1}{R}{S}{S}"},
		{"{1}{R}", 2, "{R}{S}"},
		{"{R}", 1, "{R}"},
		{"{2}{R}", 0, "{2}{R}"},
	} {
		if got := game.MustParseCost(tc.cost).SnowGeneric(tc.n).String(); got != tc.want {
			t.Errorf("%s with %d snow: %s, want %s", tc.cost, tc.n, got, tc.want)
		}
	}
}

func mustParseMana(t *testing.T, s string) game.Mana {
	t.Helper()
	m, err := game.ParseMana(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
