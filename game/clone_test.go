package game

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// midGame builds a two-player game in progress: 40-card libraries, full
// hands, ten permanents each with counters and modifications, a spell
// with targets and a triggered ability on the stack, and a combat.
func midGame() *State {
	s := New(nil, "alice", "bob")
	bear := &Card{Name: "Grizzly Bears", Cost: MustParseCost("{1}{G}"), Types: []string{"Creature"}, Subtypes: []string{"Bear"}, Power: 2, Toughness: 2, HasPT: true}
	shock := &Card{Name: "Shock", Cost: MustParseCost("{R}"), Types: []string{"Instant"}}
	for _, p := range s.Players {
		for range 40 {
			s.Create(bear, "Grizzly Bears", p, Library)
		}
		for range 7 {
			s.Create(shock, "Shock", p, Hand)
		}
		for range 10 {
			o := s.Create(bear, "Grizzly Bears", p, Battlefield)
			o.Counters["+1/+1"] = 1
			s.AddEffect(&Continuous{Objects: []*Object{o}, AddPT: true, P: 1, T: 1, UntilEOT: true})
		}
		for range 5 {
			s.Create(bear, "Grizzly Bears", p, Graveyard)
		}
	}
	a, b := s.Players[0].Zone(Battlefield)[0], s.Players[1].Zone(Battlefield)[0]
	spell := s.Create(shock, "Shock", s.Players[0], Stack)
	spell.Spell = &SpellInfo{Targets: []Target{{Object: b}}}
	ab := &Object{Label: "Bushido trigger", Owner: s.Players[1], BaseController: s.Players[1], Card: bear, Ability: &AbilityInfo{Source: b, Keyword: "Bushido", Targets: []Target{{Player: s.Players[0]}}}}
	s.Push(ab)
	s.Combat.Attackers = []*Object{a}
	s.Combat.Blockers[a] = []*Object{b}
	s.Combat.Blocking[b] = a
	s.Requirements = []Requirement{{Blocker: b, Attacker: a}}
	// The turn's history so far: draws, casts, a creature that died.
	for i := range 20 {
		s.Log = append(s.Log, Happened{Event: "draws a card", Player: i % 2}, Happened{Event: "dies", Object: i + 1, Creature: true})
	}
	return s
}

// TestClone: a copy changed leaves the original as it was, and its
// pointers stay inside the copy.
func TestClone(t *testing.T) {
	s := midGame()
	c := s.Clone()
	ca, cb := c.Players[0].Zone(Battlefield)[0], c.Players[1].Zone(Battlefield)[0]
	if ca == s.Players[0].Zone(Battlefield)[0] || ca.Controller() != c.Players[0] {
		t.Fatal("the copy shares objects or players with the original")
	}
	if c.Combat.Blockers[ca][0] != cb || c.Combat.Blocking[cb] != ca || c.Requirements[0].Blocker != cb {
		t.Error("combat in the copy points outside it")
	}
	if c.Stack[0].Spell.Targets[0].Object != cb || c.Stack[1].Ability.Source != cb || c.Stack[1].Ability.Targets[0].Player != c.Players[0] {
		t.Error("the stack of the copy points outside it")
	}
	ca.Counters["+1/+1"] = 5
	ca.Tapped = true
	c.Players[0].Life = 3
	c.Move(cb, Graveyard, nil, false)
	c.Stack[0].Spell.Targets[0] = Target{Player: c.Players[1]}
	a := s.Players[0].Zone(Battlefield)[0]
	if c.Effects[0].Objects[0] != ca || ca.Power() != 8 || a.Power() != 4 {
		t.Errorf("the copy's effects point outside it: %d/%d", ca.Power(), a.Power())
	}
	if a.Counters["+1/+1"] != 1 || a.Tapped || s.Players[0].Life != 20 || len(s.Players[1].Zone(Battlefield)) != 10 || s.Stack[0].Spell.Targets[0].Object == nil {
		t.Error("changing the copy changed the original")
	}
}

// BenchmarkStateClone: a game-state copy for a "what if" (issue 19's
// target: 50 µs or less).
func BenchmarkStateClone(b *testing.B) {
	s := midGame()
	b.ReportAllocs()
	for b.Loop() {
		s.Clone()
	}
}

// TestCloneNoCounters: an object without counters is copied without a
// map of its own, and counters put on it in the copy stay there.
func TestCloneNoCounters(t *testing.T) {
	s := midGame()
	o := s.Players[0].Zone(Hand)[0]
	c := s.Clone()
	co := c.Players[0].Zone(Hand)[0]
	co.AddCounters("+1/+1", 2)
	c.Players[0].Zone(Battlefield)[0].AddCounters("+1/+1", 1)
	if co.Counters["+1/+1"] != 2 || len(o.Counters) != 0 || s.Players[0].Zone(Battlefield)[0].Counters["+1/+1"] != 1 {
		t.Errorf("counters put in the copy: %v in the copy, %v in the original", co.Counters, o.Counters)
	}
	// Two for each object's counters (20 here), the rest for the state:
	// 92 with a map from objects to copies and a slice per list.
	if n := testing.AllocsPerRun(20, func() { s.Clone() }); n > 60 {
		t.Errorf("a copy of the game in progress costs %v allocations, want at most 60 (198 with a map per object)", n)
	}
}

// TestCloneListsApart: the copy's lists share one array, and its trace
// the original's; appending to any of them changes no other list and
// not the original.
func TestCloneListsApart(t *testing.T) {
	s := midGame()
	s.Cite(Ref{}, "before the copy")
	c := s.Clone()
	snapshot := func(s *State) []string {
		var out []string
		for _, p := range s.Players {
			for z := range p.zones {
				out = append(out, fmt.Sprint(p.Name, " ", Zone(z), " ", labels(p.zones[z])))
			}
		}
		out = append(out, fmt.Sprint("stack", labels(s.Stack)), fmt.Sprint("attackers", labels(s.Combat.Attackers)))
		for _, e := range s.Effects {
			out = append(out, fmt.Sprint("effect", labels(e.Objects)))
		}
		return append(out, fmt.Sprint("trace", len(s.Trace)))
	}
	was, copied := snapshot(s), snapshot(c)
	if !slices.Equal(was, copied) {
		t.Fatalf("the copy differs from the original:\n%v\n%v", copied, was)
	}
	hand := c.Players[0].zones[Hand]
	c.Players[0].zones[Hand] = append(hand, c.Players[1].zones[Hand][0])
	c.Combat.Attackers = append(c.Combat.Attackers, c.Players[0].zones[Battlefield][1])
	c.Effects[0].Objects = append(c.Effects[0].Objects, c.Players[0].zones[Battlefield][2])
	c.Cite(Ref{}, "in the copy")
	s.Cite(Ref{}, "in the original")
	now := snapshot(c)
	appended := []string{"alice hand ", "attackers", "effect", "trace"}
	for i := range copied {
		if now[i] != copied[i] && !slices.ContainsFunc(appended, func(p string) bool { return strings.HasPrefix(now[i], p) }) {
			t.Errorf("appending to other lists of the copy changed %s to %s", copied[i], now[i])
		}
	}
	if got := snapshot(s); !slices.Equal(got[:len(got)-1], was[:len(was)-1]) {
		t.Errorf("appending to the copy's lists changed the original:\n%v\n%v", got, was)
	}
	if len(s.Trace) != 2 || len(c.Trace) != 2 || s.Trace[1].Note != "in the original" || c.Trace[1].Note != "in the copy" {
		t.Errorf("traces after appending to both: original %v, copy %v", s.Trace, c.Trace)
	}
}

// TestCloneUnlisted: objects reached only through others (a chain of
// attachments from an ability's source, none in a zone, all with the
// same ID) are copied once each and the chain kept, past the copies
// allocated at once.
func TestCloneUnlisted(t *testing.T) {
	s := New(nil, "alice", "bob")
	var chain *Object
	for i := range 40 {
		chain = &Object{Label: fmt.Sprint("aura ", i), Owner: s.Players[0], BaseController: s.Players[0], AttachedTo: chain}
	}
	s.Push(&Object{Label: "trigger", Owner: s.Players[1], BaseController: s.Players[1], Ability: &AbilityInfo{Source: chain, Targets: []Target{{Object: chain.AttachedTo}}}})
	c := s.Clone()
	ab := c.Stack[0].Ability
	if ab.Targets[0].Object != ab.Source.AttachedTo {
		t.Errorf("the target and the source's attachment are two copies of one object")
	}
	seen := map[*Object]bool{}
	o, n := ab.Source, 0
	for orig := chain; orig != nil; orig, o = orig.AttachedTo, o.AttachedTo {
		if o == nil || o == orig || o.Label != orig.Label || o.st != c || o.BaseController != c.Players[0] || seen[o] {
			t.Fatalf("copy %d of the chain: %+v", n, o)
		}
		seen[o] = true
		n++
	}
	if o != nil || n != 40 {
		t.Errorf("the copied chain has %d objects and goes on: %v", n, o)
	}
}

func labels(os []*Object) []string {
	var out []string
	for _, o := range os {
		out = append(out, o.Label)
	}
	return out
}

// TestLayeredOncePerVersion: the layers are applied once per version of
// the state: questions asked between two changes read one result, a
// change (counters here) is seen by the next question, and a copy of
// the state computes its own.
func TestLayeredOncePerVersion(t *testing.T) {
	s := midGame()
	o := s.Players[0].Zone(Battlefield)[0]
	before := o.Power()
	first := s.layered()
	if again := s.layered(); reflect.ValueOf(again).Pointer() != reflect.ValueOf(first).Pointer() {
		t.Error("the layers were applied again with no change to the state")
	}
	o.AddCounters("+1/+1", 1)
	if got := o.Power(); got != before+1 {
		t.Errorf("power after a +1/+1 counter: %d, want %d", got, before+1)
	}
	if reflect.ValueOf(s.layered()).Pointer() == reflect.ValueOf(first).Pointer() {
		t.Error("the characteristics of the state before the change are still read")
	}
	c := s.Clone()
	if got := c.Players[0].Zone(Battlefield)[0].Power(); got != before+1 {
		t.Errorf("the copy's power %d, want %d", got, before+1)
	}
}

// TestCloneLog: the copy shares the turn's history, and an event
// appended to the copy's is not the original's (nor the other way).
func TestCloneLog(t *testing.T) {
	s := midGame()
	n := len(s.Log)
	c := s.Clone()
	c.Log = append(c.Log, Happened{Event: "gains life"})
	s.Log = append(s.Log, Happened{Event: "loses life"})
	if len(c.Log) != n+1 || c.Log[n].Event != "gains life" || s.Log[n].Event != "loses life" {
		t.Errorf("copy's history %v, original's %v: appends leaked", c.Log[n:], s.Log[n:])
	}
	if !c.Happened("dies", func(h Happened) bool { return h.Creature }) || c.Happened("dies", func(h Happened) bool { return !h.Creature }) {
		t.Error("Happened doesn't read the history it was given")
	}
}
