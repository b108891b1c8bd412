package ability

import (
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/game"
)

// TestAltCostShape: each wording of flashback, escape, spectacle and
// surge the rules have had is read by the shape of an alternative cost
// into the AltCost it says; a wording outside the shape gives none.
func TestAltCostShape(t *testing.T) {
	for _, tc := range []struct {
		keyword string
		parts   []string
		from    game.Zone
		exile   bool
		types   []string
		cond    string
	}{
		{"Flashback", []string{"You may play this card from your graveyard by paying [cost] rather than paying its mana cost. If you do, remove this card from the game instead of putting it anywhere else any time it would leave the stack."}, game.Graveyard, true, nil, ""},
		{"Flashback", []string{"You may cast this card from your graveyard by paying [cost] rather than paying its mana cost", "If the flashback cost was paid, exile this card instead of putting it anywhere else any time it would leave the stack."}, game.Graveyard, true, nil, ""},
		{"Flashback", []string{"You may cast this card from your graveyard if the resulting spell is an instant or sorcery spell by paying [cost] rather than paying its mana cost", "If the flashback cost was paid, exile this card instead of putting it anywhere else any time it would leave the stack."}, game.Graveyard, true, []string{"Instant", "Sorcery"}, ""},
		{"Escape", []string{"You may cast this card from your graveyard by paying [cost] rather than paying its mana cost."}, game.Graveyard, false, nil, ""},
		{"Spectacle", []string{"You may pay [cost] rather than pay this spell’s mana cost if an opponent lost life this turn."}, game.Hand, false, nil, "thisturn"},
		{"Surge", []string{"You may pay [cost] rather than pay this spell's mana cost as you cast this spell if you or one of your teammates has cast another spell this turn."}, game.Hand, false, nil, "thisturn"},
		{"Prowl", []string{"You may pay [cost] rather than pay this spell’s mana cost if a player was dealt combat damage this turn by a source that, at the time it dealt that damage, was under your control and had any of this spell’s creature types."}, game.Hand, false, nil, "thisturn"},
		{"Mayhem", []string{"As long as you discarded this card this turn, you may cast it from your graveyard by paying [cost] rather than paying its mana cost."}, game.Graveyard, false, nil, "thisturn"},
		{"Freerunning", []string{"You may pay [cost] rather than pay this spell’s mana cost if a player was dealt combat damage this turn by a creature that, at the time it dealt that damage, was an Assassin creature or a commander under your control."}, game.Hand, false, nil, "thisturn"},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword, Cost: game.MustParseCost("{1}{R}")}, parts(tc.parts))
		if len(as) != 1 {
			t.Fatalf("%s %q: %d abilities, want 1", tc.keyword, tc.parts, len(as))
		}
		a, ok := as[0].(*AltCost)
		if !ok || a.Choice != strings.ToLower(tc.keyword) || a.From != tc.from || a.ExileAfter != tc.exile || !slices.Equal(a.Types, tc.types) || a.Cost.String() != "{1}{R}" {
			t.Errorf("%s %q: %+v", tc.keyword, tc.parts, as[0])
			continue
		}
		got := ""
		if a.If != nil {
			got = a.If.Kind
		}
		if got != tc.cond {
			t.Errorf("%s: condition %+v, want kind %q", tc.keyword, a.If, tc.cond)
		}
	}
	// Retrace and jump-start permit casting from the graveyard for the
	// mana cost plus a discard, an additional cost (601.2b).
	for _, tc := range []struct {
		keyword string
		parts   []string
		what    string
		exile   bool
	}{
		{"Retrace", []string{"You may play this card from your graveyard by discarding a land card as an additional cost to play it."}, "land card", false},
		{"Retrace", []string{"You may cast this card from your graveyard by discarding a land card as an additional cost to cast it."}, "land card", false},
		{"Jump-Start", []string{"You may cast this card from your graveyard if the resulting spell is an instant or sorcery spell by discarding a card as an additional cost to cast it", "If this spell was cast using its jump-start ability, exile this card instead of putting it anywhere else any time it would leave the stack."}, "card", true},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword}, parts(tc.parts))
		if len(as) != 1 {
			t.Fatalf("%s %q: %d abilities, want 1", tc.keyword, tc.parts, len(as))
		}
		a, ok := as[0].(*AltCost)
		if !ok || a.From != game.Graveyard || a.ExileAfter != tc.exile || len(a.Additional) != 1 || a.Additional[0].Kind != game.Discard || a.Additional[0].What != tc.what {
			t.Errorf("%s %q: %+v", tc.keyword, tc.parts, as[0])
		}
	}
	// Dash and blitz: a delayed triggered ability for the permanent the
	// spell becomes, and what it has while the cost was paid; dash's
	// 2015 wording "rather that its mana cost" is read as "rather than".
	for _, tc := range []struct {
		keyword string
		parts   []string
		later   string
		grants  int
	}{
		{"Dash", []string{"You may cast this card by paying [cost] rather that its mana cost", "If this spell’s dash cost was paid, return the permanent this spell becomes to its owner’s hand at the beginning of the next end step", "As long as this permanent’s dash cost was paid, it has haste."}, "bounce", 1},
		{"Blitz", []string{"You may cast this card by paying [cost] rather than its mana cost", "If this spell's blitz cost was paid, sacrifice the permanent this spell becomes at the beginning of the next end step", "As long as this permanent's blitz cost was paid, it has haste and 'When this permanent is put into a graveyard from the battlefield, draw a card.'"}, "sacrifice", 2},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword, Cost: game.MustParseCost("{1}{R}")}, parts(tc.parts))
		if len(as) != 3 {
			t.Fatalf("%s: %d abilities, want 3", tc.keyword, len(as))
		}
		d, ok := as[1].(*PaidDelayed)
		if !ok || d.Paid != strings.ToLower(tc.keyword) || d.Do.Verb != tc.later || d.Do.Delayed != "end" {
			t.Errorf("%s: %+v, want a delayed %s", tc.keyword, as[1], tc.later)
		}
		w, ok := as[2].(*WhilePaid)
		if !ok || w.Paid != strings.ToLower(tc.keyword) || len(w.Grants) != tc.grants {
			t.Errorf("%s: %+v, want %d abilities granted", tc.keyword, as[2], tc.grants)
		}
		if _, ok := w.Grants[0].(*IgnoresSickness); !ok {
			t.Errorf("%s grants %+v, want haste", tc.keyword, w.Grants[0])
		}
	}
	// Awaken: a spell ability the spell has only while the cost was
	// paid, its number put in; a sentence outside the effect table
	// leaves it without a model.
	as := OfInstance(game.Ability{Keyword: "Awaken", N: 3, Cost: game.MustParseCost("{5}{U}")}, parts{"You may pay [cost] rather than pay this spell’s mana cost as you cast this spell", "If this spell’s awaken cost was paid, put N +1/+1 counters on target land you control. That land becomes a 0/0 Elemental creature with haste. It’s still a land."})
	if len(as) != 2 {
		t.Fatalf("Awaken: %d abilities, want 2", len(as))
	}
	if ps, ok := as[1].(*PaidSpell); !ok || ps.Paid != "awaken" || len(ps.Effects) != 2 || ps.Effects[0].N != 3 || ps.Effects[0].Target != "land you control" ||
		!ps.Effects[1].That || !slices.Equal(ps.Effects[1].Cont.SetTypes, []string{"Creature", "Land"}) || !slices.Equal(ps.Effects[1].Cont.AddSubtypes, []string{"Elemental"}) || len(ps.Effects[1].Cont.Gain) != 1 {
		t.Errorf("Awaken: %+v", as[1])
	}
	if as := OfInstance(game.Ability{Keyword: "Awaken", N: 3}, parts{"You may pay [cost] rather than pay this spell’s mana cost as you cast this spell", "If this spell’s awaken cost was paid, put N +1/+1 counters on target land you control. It frobs."}); len(as) != 0 {
		t.Errorf("Awaken with an unknown sentence: %+v, want no model", as)
	}
	// Impending, both wordings: the counters it enters with, its
	// "it's not a creature" and its end step trigger, each only when the
	// cost was paid.
	for _, ps := range []parts{
		{"You may choose to pay [cost] rather than pay this spell’s mana cost", "If you chose to pay this spell’s impending cost, it enters with N time counters on it", "As long as this permanent has a time counter on it, if it was cast for its impending cost, it’s not a creature", "At the beginning of your end step, if this permanent was cast for its impending cost and there is at least one time counter on it, remove a time counter from it."},
		{"You may choose to pay [cost] rather than pay this spell’s mana cost", "If you chose to pay this permanent’s impending cost, it enters with N time counters on it", "As long as this permanent’s impending cost was paid and it has a time counter on it, it’s not a creature", "At the beginning of your end step, if this permanent’s impending cost was paid and it has a time counter on it, remove a time counter from it."},
	} {
		as := OfInstance(game.Ability{Keyword: "Impending", N: 4, Cost: game.MustParseCost("{1}{G}{G}")}, ps)
		if len(as) != 4 {
			t.Fatalf("Impending %q: %d abilities, want 4", ps, len(as))
		}
		w, ok := as[1].(*EntersWith)
		if !ok || w.N != 4 || w.Kind != "time" || w.If == nil || w.If.Kind != "paid" || w.If.Who != "impending" {
			t.Errorf("Impending: %+v, want 4 time counters when paid", as[1])
		}
		se, ok := as[2].(*StaticEffect)
		if !ok || se.Effect.Paid != "impending" || se.Effect.Counter != "time" || se.Effect.CounterMin != 1 || !slices.Equal(se.Effect.LoseTypes, []string{"Creature"}) {
			t.Errorf("Impending: %+v, want not a creature", as[2])
		}
		tr, ok := as[3].(*Trigger)
		if !ok || tr.If == nil || tr.If.Kind != "paid" || tr.If.And == nil || tr.If.And.Kind != "hascounter" || tr.If.And.Counter != "time" {
			t.Errorf("Impending: %+v, want an end step trigger if paid and a time counter", as[3])
		}
	}
	if as := OfInstance(game.Ability{Keyword: "Impending", N: 4}, parts{"You may choose to pay [cost] rather than pay this spell’s mana cost", "As long as this permanent’s impending cost was paid and it has a time counter on it, it’s not a wizard"}); len(as) != 0 {
		t.Errorf("Impending with an unknown predicate: %+v, want no model", as)
	}
	// Warp: the card its delayed exile exiles may be cast from exile on a
	// later turn; a permission after an instruction other than an exile
	// is outside the shape.
	warp := []string{"You may cast this card from your hand by paying [cost] rather than its mana cost", "If this spell's warp cost was paid, exile the permanent this spell becomes at the beginning of the next end step. Its owner may cast this card after the current turn has ended for as long as it remains exiled."}
	as = OfInstance(game.Ability{Keyword: "Warp", Cost: game.MustParseCost("{1}{R}")}, parts(warp))
	if len(as) != 2 {
		t.Fatalf("Warp: %d abilities, want 2", len(as))
	}
	if d, ok := as[1].(*PaidDelayed); !ok || d.Do.Verb != "exile" || d.Then == nil || !d.Then.Later || d.Then.Free {
		t.Errorf("Warp: %+v, want a delayed exile and a permission on a later turn", as[1])
	}
	bounce := []string{warp[0], strings.Replace(warp[1], "exile the permanent this spell becomes", "return the permanent this spell becomes to its owner's hand", 1)}
	if as := OfInstance(game.Ability{Keyword: "Warp", Cost: game.MustParseCost("{1}{R}")}, parts(bounce)); len(as) != 0 {
		t.Errorf("Warp with a bounce: %+v, want no model", as)
	}
	// Emerge and web-slinging: a cost in words paid besides [cost];
	// emerge's reduction by the sacrificed creature's mana value.
	for _, tc := range []struct {
		keyword string
		parts   []string
		kind    game.PartKind
		what    string
		reduce  string
	}{
		{"Emerge", []string{"You may cast this spell by paying [cost] and sacrificing a creature rather than paying its mana cost", "If you chose to pay this spell’s emerge cost, its total cost is reduced by an amount of generic mana equal to the sacrificed creature’s converted mana cost."}, game.Sacrifice, "creature", "mana value"},
		{"Emerge", []string{"You may cast this spell by paying [cost] and sacrificing a creature rather than paying its mana cost", "If you chose to pay this spell's emerge cost, its total cost is reduced by an amount of generic mana equal to the sacrificed creature's mana value."}, game.Sacrifice, "creature", "mana value"},
		{"Web-slinging", []string{"You may cast this spell by paying [cost] and returning a tapped creature you control to its owner’s hand rather than paying its mana cost."}, game.ReturnToHand, "tapped creature", ""},
		{"Harmonize", []string{"You may cast this card from your graveyard by paying [cost] and tapping up to one untapped creature you control rather than paying this spell’s mana cost", "If you cast this spell using its harmonize ability, its total cost is reduced by an amount of generic mana equal to the tapped creature’s power", "If the harmonize cost was paid, exile this card instead of putting it anywhere else any time it would leave the stack."}, game.TapOthers, "creature", "power"},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword, Cost: game.MustParseCost("{1}{R}")}, parts(tc.parts))
		if len(as) != 1 {
			t.Fatalf("%s: %d abilities, want 1", tc.keyword, len(as))
		}
		a, ok := as[0].(*AltCost)
		if !ok || len(a.With) != 1 || a.With[0].Kind != tc.kind || a.With[0].What != tc.what || a.ReduceBy != tc.reduce || a.Cost.String() != "{1}{R}" {
			t.Errorf("%s %q: %+v", tc.keyword, tc.parts, as[0])
		}
	}
	// Overload and cleave: a text-changing effect on the spell's own
	// text.
	for _, tc := range []struct {
		keyword string
		parts   []string
		change  game.TextChange
	}{
		{"Overload", []string{"You may choose to pay [cost] rather than pay this spell’s mana cost", "If you chose to pay this spell’s overload cost, change its text by replacing all instances of the word ‘target’ with the word ‘each.’"}, game.TextChange{From: "target", To: "each"}},
		{"Cleave", []string{"You may cast this spell by paying [cost] rather than paying its mana cost", "If this spell's cleave cost was paid, change its text by removing all text found within square brackets in the spell's rules text."}, game.TextChange{Brackets: true}},
	} {
		as := OfInstance(game.Ability{Keyword: tc.keyword, Cost: game.MustParseCost("{1}{R}")}, parts(tc.parts))
		if len(as) != 1 {
			t.Fatalf("%s: %d abilities, want 1", tc.keyword, len(as))
		}
		if a, ok := as[0].(*AltCost); !ok || a.Change == nil || *a.Change != tc.change {
			t.Errorf("%s %q: %+v", tc.keyword, tc.parts, as[0])
		}
	}
	for _, bad := range [][]string{
		{"You may pay [cost] rather than pay this spell's mana cost if a player was dealt combat damage this turn by a source that, at the time it dealt that damage, was under your control and had any of this spell's colors."},
		{"You may cast this card from your graveyard by paying [cost] rather than paying its mana cost.", "If the dash cost was paid, exile this card instead of putting it anywhere else any time it would leave the stack."},
		{"You may cast this card by paying [cost] rather than its mana cost", "If this spell's dash cost was paid, return the permanent this spell becomes to its owner's hand at the beginning of the next end step"},
		{"You may cast this card by paying [cost] rather than its mana cost", "If this spell's escape cost was paid, return the permanent this spell becomes to its owner's hand at the beginning of the next upkeep"},
		{"You may cast this card by paying [cost] rather than its mana cost", "As long as this permanent's escape cost was paid, it has banding."},
		{"You may cast this spell by paying [cost] and sacrificing a creature rather than paying its mana cost", "If you chose to pay this spell's escape cost, its total cost is reduced by an amount of generic mana equal to the sacrificed creature's power."},
		{"You may cast this card from your graveyard by paying [cost] and tapping two untapped creatures you control rather than paying this spell's mana cost"},
		{"You may choose to pay [cost] rather than pay this spell's mana cost", "If you chose to pay this spell's overload cost, change its text by replacing all instances of the word 'target' with the word 'each.'"},
	} {
		if as := OfInstance(game.Ability{Keyword: "Escape", Cost: game.MustParseCost("{R}")}, parts(bad)); len(as) != 0 {
			t.Errorf("%q: %+v, want no ability outside the shape", bad, as)
		}
		if ok, err := ReadsParts("Escape", bad); !ok || err == nil {
			t.Errorf("%q: ReadsParts = %v, %v; want an error", bad, ok, err)
		}
	}
}
