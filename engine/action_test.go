package engine_test

import (
	"strings"
	"testing"

	"github.com/crules/crules/parse"
)

// TestMillFromDefinition: milling follows the revision's own definition
// of mill (701.17a), read as a template: reworded to put the cards into
// the hand, the same card mills into the hand.
func TestMillFromDefinition(t *testing.T) {
	const script = `rev: latest

-- cards --
Thought Scour: {U} Instant; Target player mills two cards
Island: Land — Island
Grizzly Bears: {1}{G} Creature — Bear 2/2

-- script: mill two --
library bob: Island, Grizzly Bears
hand alice: Thought Scour
mana alice: {U}
alice casts Thought Scour; targeting bob
resolve
expect %s bob: Island, Grizzly Bears
expect library bob: none
`
	for _, tc := range []struct{ zone, want string }{{"graveyard", "graveyard"}, {"hand", "hand"}} {
		src := "701. Keyword Actions\n\n701.17. Mill\n\n701.17a For a player to mill a number of cards, that player puts that many cards from the top of their library into their " + tc.zone + ".\n"
		doc, err := parse.Parse("excerpt.txt", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		res := runChecks(t, "mill into the "+tc.zone, "mill.txt", strings.Replace(script, "%s", tc.want, 1), doc)
		cited := false
		for _, s := range res.Scripts[0].Trace {
			cited = cited || s.Rule == "701.17a"
		}
		if !cited {
			t.Errorf("mill into the %s: 701.17a not cited", tc.zone)
		}
	}
}
