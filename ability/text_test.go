package ability

import (
	"reflect"
	"strings"
	"testing"

	"github.com/crules/crules/game"
)

// TestReadIfPaid: a triggered ability's intervening "if" on how its
// source was cast, and the sacrifice of its source.
func TestReadIfPaid(t *testing.T) {
	for _, tc := range []struct{ text, self, ifPaid, verb string }{
		{"When Kor Evoker enters, if it was kicked, gain 3 life", "Kor Evoker", "kicker", "gain"},
		{"When this permanent enters the battlefield, if its evoke cost was paid, its controller sacrifices it.", "", "evoke", "sacrifice"},
		{"When this permanent comes into play, if its evoke cost was paid, its controller sacrifices it.", "", "evoke", "sacrifice"},
		{"At the beginning of your upkeep, if its buyback cost was paid, draw a card", "Relic", "buyback", "draw"},
		{"When Mulldrifter enters, draw 2 cards", "Mulldrifter", "", "draw"},
		{"At the beginning of your end step, sacrifice this creature", "Ball Lightning", "", "sacrifice"},
	} {
		tr, ok, err := ReadTriggered(tc.text, tc.self)
		if !ok || err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if tr.IfPaid != tc.ifPaid || len(tr.Effects) != 1 || tr.Effects[0].Effect.Verb != tc.verb || len(tr.On) == 0 {
			t.Errorf("%q: if paid %q, effects %+v, on %v; want %q, %q", tc.text, tr.IfPaid, tr.Effects, tr.On, tc.ifPaid, tc.verb)
		}
	}
	// An effect not understood after the clause is reported where it
	// begins.
	const bad = "When X enters, if it was kicked, frobnicate"
	_, _, err := ReadTriggered(bad, "X")
	ee, ok := err.(*TextError)
	if !ok || ee.Offset != len("When X enters, if it was kicked, ") {
		t.Errorf("%q: %v, want an error at the effect", bad, err)
	}
}

// TestReadTriggered: the shapes of trigger conditions, one grammar for
// card text and keyword definitions.
func TestReadTriggered(t *testing.T) {
	for _, tc := range []struct {
		text    string
		on      []Event
		subject Subject
	}{
		{"Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn", []Event{Blocks, BecomesBlocked}, Self},
		{"Whenever Samurai attacks, draw a card", []Event{Attacks}, Self},
		{"When CARDNAME dies, you gain 2 life", []Event{Dies}, Self},
		{"When Samurai is put into a graveyard from play, you gain 2 life", []Event{Dies}, Self},
		{"When Samurai leaves play, you gain 2 life", []Event{Leaves}, Self},
		{"When it comes into play, draw a card", []Event{Enters}, Self},
		{"Whenever a creature dies, you gain 1 life", []Event{Dies}, AnyCreature},
		{"Whenever another creature you control enters, you gain 1 life", []Event{Enters}, AnotherYours},
		{"Whenever you cast a spell, you gain 1 life", []Event{Casts}, You},
		{"Whenever an opponent draws a card, you gain 1 life", []Event{Draws}, AnOpponent},
		{"Whenever a player gains life, you lose 1 life", []Event{GainsLife}, APlayer},
		{"Whenever Samurai deals combat damage to a player, draw a card", []Event{DealsCombatDamage}, Self},
		{"Whenever Samurai is dealt damage, draw a card", []Event{DealtDamage}, Self},
		{"When the last defense counter is removed from this permanent, draw a card", []Event{LastDefenseRemoved}, Self},
		{"At end of turn, you lose 1 life", []Event{EndStepBegins}, Self},
		{"At end of combat, you lose 1 life", []Event{EndOfCombat}, Self},
		{"Whenever a +1/+1 counter is put on Samurai, you gain 1 life", []Event{CountersPut}, Self},
		{"Whenever one or more counters are put on another creature you control, you gain 1 life", []Event{CountersPut}, AnotherYours},
		{"Whenever you put one or more +1/+1 counters on a creature, you gain 1 life", []Event{CountersPut}, You},
	} {
		tr, ok, err := ReadTriggered(tc.text, "Samurai")
		if !ok || err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if len(tr.On) != len(tc.on) || tr.On[0] != tc.on[0] || tr.Subject != tc.subject {
			t.Errorf("%q: on %v subject %q, want %v %q", tc.text, tr.On, tr.Subject, tc.on, tc.subject)
		}
	}
	// Bushido's definition and a card printing its sentence are the
	// same ability.
	p, err := Compile("Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.")
	if err != nil {
		t.Fatal(err)
	}
	kw := p.Instance(game.Ability{Keyword: "Bushido", N: 1}, "")
	card, _, _ := ReadTriggered("Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn", "Samurai")
	same := func(a, b Op) bool {
		a.Effect.Text, b.Effect.Text = "", ""
		return reflect.DeepEqual(a, b)
	}
	if len(kw.Effects) != 1 || len(card.Effects) != 1 || !same(kw.Effects[0], card.Effects[0]) || kw.Effects[0].Effect.Verb != "pump" || len(kw.On) != len(card.On) {
		t.Errorf("bushido 1 %+v, card text %+v: want the same ability", kw.Effects, card.Effects)
	}
	if tr, _, err := ReadTriggered("When this creature dies, if you have 5 or less life, you gain 3 life", "X"); err != nil || tr.If == nil || tr.If.Kind != "lifeatmost" || tr.If.N != 5 {
		t.Errorf("intervening if: %+v, %v", tr, err)
	}
	if _, _, err := ReadTriggered("Whenever X explores, draw a card", "X"); err == nil || err.(*TextError).Offset != len("Whenever X ") {
		t.Errorf("unknown event: %v, want an error at it", err)
	}
}

// TestReadCountersPut: what a trigger on counters being put waits for:
// their kind, once per putting or per counter (603.2c), and on what.
func TestReadCountersPut(t *testing.T) {
	for _, tc := range []struct {
		text, counter string
		each          bool
		subject, onto Subject
	}{
		{"Whenever one or more +1/+1 counters are put on Hydra, draw a card", "+1/+1", false, Self, ""},
		{"Whenever a +1/+1 counter is put on this creature, draw a card", "+1/+1", true, Self, ""},
		{"Whenever a counter is put on Hydra, draw a card", "", true, Self, ""},
		{"When one or more lore counters are put onto it, draw a card", "lore", false, Self, ""},
		{"Whenever a counter is placed on Hydra, draw a card", "", true, Self, ""},
		{"Whenever one or more counters are put on a creature you control, draw a card", "", false, CreatureYouControl, ""},
		{"Whenever you put one or more counters on a creature, draw a card", "", false, You, AnyCreature},
		{"Whenever you put one or more -1/-1 counters on a creature an opponent controls, draw a card", "-1/-1", false, You, OpponentsCreature},
	} {
		tr, ok, err := ReadTriggered(tc.text, "Hydra")
		if !ok || err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if !tr.Fires(CountersPut) || tr.Counter != tc.counter || tr.PerCounter != tc.each || tr.Subject != tc.subject || tr.Onto != tc.onto {
			t.Errorf("%q: on %v counter %q each %v subject %q onto %q; want %q %v %q %q", tc.text, tr.On, tr.Counter, tr.PerCounter, tr.Subject, tr.Onto, tc.counter, tc.each, tc.subject, tc.onto)
		}
	}
	for _, tc := range []struct{ text, at string }{
		{"Whenever one or more +1/+1 counters are put on a land, draw a card", "a land"},
		{"Whenever you put one or more counters on Hydra, draw a card", "Hydra"},
		{"Whenever a +1/+1 counter is moved on Hydra, draw a card", "moved"},
		{"Whenever a +1/+1 counter is put in Hydra, draw a card", "in Hydra"},
	} {
		_, _, err := ReadTriggered(tc.text, "Hydra")
		ee, ok := err.(*TextError)
		if !ok || !strings.HasPrefix(tc.text[ee.Offset:], tc.at) {
			t.Errorf("%q: %v, want an error at %q", tc.text, err, tc.at)
		}
	}
}
