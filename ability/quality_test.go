package ability

import (
	"strings"
	"testing"

	"github.com/crules/crules/game"
)

func TestQuality(t *testing.T) {
	bob, alice := &game.Player{Name: "bob"}, &game.Player{Name: "alice"}
	sable := &game.Object{Label: "Bronze Sable", Card: &game.Card{Name: "Bronze Sable", Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Sable"}}, BaseController: bob, Owner: bob}
	shock := &game.Object{Label: "Shock", Card: &game.Card{Name: "Shock", Cost: game.MustParseCost("{R}"), Types: []string{"Instant"}}, BaseController: alice, Owner: alice}
	elf := &game.Object{Label: "Elf", Card: &game.Card{Name: "Elf", Cost: game.MustParseCost("{G}"), Supertypes: []string{"Legendary"}, Types: []string{"Creature"}, Subtypes: []string{"Elf"}}, BaseController: alice, Owner: alice}
	for _, tc := range []struct {
		q    string
		o    *game.Object
		want bool
	}{
		{"artifacts", sable, true},
		{"creatures", sable, true},
		{"creatures", shock, false},
		{"red", shock, true},
		{"red", sable, false},
		{"instants", shock, true},
		{"Sables", sable, true},
		{"Elves", elf, true},
		{"legendary", elf, true},
		{"bob", sable, true},
		{"bob", shock, false},
		{"everything", shock, true},
		{"", shock, false},
	} {
		if got := Q(tc.q).Matches(tc.o); got != tc.want {
			t.Errorf("%q matches %s = %v, want %v", tc.q, tc.o.Label, got, tc.want)
		}
	}
	if !Q("bob").MatchesPlayer(bob) || Q("bob").MatchesPlayer(alice) || !Q("everything").MatchesPlayer(alice) {
		t.Error("a player quality matches the wrong player")
	}
}

// undeclared are the keywords a card line can name whose behaviour is
// still a procedure of package engine; one that gains a declaration
// fails the test until it is taken off this list.
var undeclared = map[string]bool{}

// TestDeclared: every keyword a card line can name has a declaration,
// but the ones listed as still procedures.
func TestDeclared(t *testing.T) {
	for name := range game.Keywords() {
		_, ok := registry()[strings.ToLower(name)]
		switch {
		case !ok && !undeclared[name]:
			t.Errorf("%s has no declaration", name)
		case ok && undeclared[name]:
			t.Errorf("%s is declared now: take it off the undeclared list", name)
		}
	}
}
