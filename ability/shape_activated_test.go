package ability

import (
	"strings"
	"testing"

	"github.com/crules/crules/game"
)

// The definitions of 702.29a, 702.77a, 702.107a, 702.6a, 702.67a, 702.97a
// and 702.122a (2016-09-30), of 702.171a and 702.184a (2026-01-16)
// and of 502.18a (2001-07-23), read as activated abilities with an
// instance's cost and number.
func TestCompileActivated(t *testing.T) {
	cases := []struct {
		def, inst string
		from      game.Zone
		sorcery   bool
		cost      string
		verb      string
		target    string
		n         int
	}{
		{"[Cost], Discard this card: Draw a card.", "Cycling {2}", game.Hand, false, "{2}, Discard this card", "draw", "", 1},
		{"[Cost], Discard this card from your hand: Draw a card. Play this ability only if this card is in your hand.", "Cycling {2}", game.Hand, false, "{2}, Discard this card from your hand", "draw", "", 1},
		{"[Cost], Discard this card: Put N +1/+1 counters on target creature.", "Reinforce 3—{3}{G}", game.Hand, false, "{3}{G}, Discard this card", "putcounters", "creature", 3},
		{"[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery.", "Outlast {1}{W}", game.Battlefield, true, "{1}{W}, {T}", "putcounters", "", 1},
		{"[cost]: Move this Equipment onto target creature you control. Play this ability only any time you could play a sorcery.", "Equip {1}", game.Battlefield, true, "{1}", "attach", "creature you control", 0},
		{"[Cost]: Attach this Fortification to target land you control. Activate only as a sorcery.", "Fortify {1}", game.Battlefield, true, "{1}", "attach", "land you control", 0},
		{"Tap any number of untapped creatures you control with total power N or greater: This permanent becomes an artifact creature until end of turn.", "Crew 3", game.Battlefield, false, "Tap any number of untapped creatures you control with total power 3 or greater", "continuous", "", 0},
		{"[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters equal to the power of the card you exiled on target creature. Activate only as a sorcery.", "Scavenge {4}{G}{G}", game.Graveyard, true, "{4}{G}{G}, Exile this card from your graveyard", "putcounters", "creature", 0},
		// Unearth, of four sentences: the first returns the card from
		// the graveyard, where the ability functions.
		{"[Cost]: Return this card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of the next end step. If it would leave the battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery.", "Unearth {B}", game.Graveyard, true, "{B}", "reanimate", "", 0},
		{"[Cost]: Return this card from your graveyard to play. It gains haste. Remove it from the game at end of turn. If it would leave play, remove it from the game instead of putting it anywhere else. Play this ability only any time you could play a sorcery.", "Unearth {B}", game.Graveyard, true, "{B}", "reanimate", "", 0},
		{"Tap any number of other untapped creatures you control with total power N or greater: This permanent becomes saddled until end of turn. Activate only as a sorcery.", "Saddle 2", game.Battlefield, true, "Tap any number of other untapped creatures you control with total power 2 or greater", "designate", "", 0},
		{"Tap another untapped creature you control: Put a number of charge counters on this permanent equal to the tapped creature’s power. Activate only as a sorcery.", "Station", game.Battlefield, true, "Tap another untapped creature you control", "putcounters", "", 0},
	}
	for _, c := range cases {
		p, err := CompileActivated(c.def)
		if err != nil {
			t.Errorf("%q: %v", c.def, err)
			continue
		}
		inst, ok, err := game.ParseAbility(c.inst)
		if !ok || err != nil {
			t.Fatalf("%q: %v", c.inst, err)
		}
		a := p.Instance(inst)
		if a.From != c.from || a.Sorcery != c.sorcery || a.Cost.String() != c.cost || a.Do.Verb != c.verb || a.Do.Target != c.target || a.Do.N != c.n {
			t.Errorf("%q for %q: from %v, sorcery %v, cost %q, %s %q N=%d", c.def, c.inst, a.From, a.Sorcery, a.Cost, a.Do.Verb, a.Do.Target, a.Do.N)
		}
		if a.Do.Verb == "reanimate" {
			var then []string
			for _, x := range a.Then {
				then = append(then, x.Verb+"/"+x.Delayed)
			}
			if got := strings.Join(then, " "); got != "continuous/ exile/end exileinstead/" {
				t.Errorf("%q: then %s, want it to gain haste, be exiled at the next end step, and be exiled if it would leave", c.def, got)
			}
		}
		if a.Name != strings.ToLower(inst.Keyword) {
			t.Errorf("%q: activated by %q", c.inst, a.Name)
		}
	}
	// Boast and exhaust (702.142a, 702.177a): the instance's own ability,
	// written after its dash, with the definition's restrictions.
	limits := []struct {
		def, inst string
		want      game.Limits
		sorcery   bool
	}{
		{"[Cost]: [Effect]. Activate only if this creature attacked this turn and only once each turn.", "Boast — {1}{R}: This creature deals 1 damage to any target.", game.Limits{Attacked: true, OnceEachTurn: true}, false},
		{"[Cost]: [Effect]. Activate this ability only if this creature attacked this turn and only once each turn.", "Boast — {1}: Draw a card.", game.Limits{Attacked: true, OnceEachTurn: true}, false},
		{"[Cost]: [Effect]. Activate only once.", "Exhaust — {2}{G}: Put two +1/+1 counters on this creature. Activate only as a sorcery.", game.Limits{Once: true}, true},
	}
	for _, c := range limits {
		p, err := CompileActivated(c.def)
		if err != nil {
			t.Errorf("%q: %v", c.def, err)
			continue
		}
		inst, ok, err := game.ParseAbility(c.inst)
		if !ok || err != nil {
			t.Fatalf("%q: %v", c.inst, err)
		}
		a := p.Instance(inst)
		if a.Limits != c.want || a.Sorcery != c.sorcery || a.Do == nil || a.Do.Verb == "" || a.Cost.String() != inst.Quality[:strings.Index(inst.Quality, ":")] {
			t.Errorf("%q for %q: limits %+v, sorcery %v, cost %q", c.def, c.inst, a.Limits, a.Sorcery, a.Cost)
		}
	}
	for _, def := range []string{
		"[Cost]: [Effect]. Activate only while you are the monarch.",
		"[Cost], {T}: [Effect]. Activate only once.",
		"[Cost]: Return this card from your graveyard to the battlefield. It gains haste. Shuffle it into your library at the beginning of the next end step.",
	} {
		if _, err := CompileActivated(def); err == nil {
			t.Errorf("%q compiled: the grammar has no such cost or effect", def)
		}
	}
}
