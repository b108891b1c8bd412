package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

// runChecks runs the scenario src (its file name name) against doc and
// reports each check of its first script that fails, led by what.
func runChecks(t *testing.T, what, name, src string, doc *parse.Document) *engine.Result {
	t.Helper()
	f, err := scenario.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Run(&f.Scenario, doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Scripts[0].Checks {
		if !c.Pass {
			t.Errorf("%s: %s: %s: got %s", what, c.Pos(), c.Text, c.Got)
		}
	}
	return res
}

// excerpt builds a one-keyword revision from a definition.
func excerpt(t *testing.T, name, written, def string) *parse.Document {
	t.Helper()
	src := "702. Keyword Abilities\n\n702.45. " + name + "\n\n702.45a " + name + " is a triggered ability. \u201c" + written + "\u201d means \u201c" + def + "\u201d\n\n702.45b If a creature has multiple instances of " + strings.ToLower(name) + ", each triggers separately.\n"
	doc, err := parse.Parse("excerpt.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

const blockScript = `rev: latest

-- cards --
Devoted Retainer: {W} Creature — Human Samurai 1/1; Bushido 1
Hill Giant: {3}{R} Creature — Giant 3/3

-- script: a blocker with bushido 1 --
battlefield alice: Hill Giant
battlefield bob: Devoted Retainer
alice attacks with Hill Giant
bob blocks Hill Giant with Devoted Retainer
resolve
expect pt Devoted Retainer: %s
end turn
expect pt Devoted Retainer: 1/1
`

// TestCompiledFromText: bushido's behaviour follows the definition it is
// given. The printed definition gives +1/+1; a reworded one (+N/+0, or
// triggering only when it becomes blocked) changes the outcome.
func TestCompiledFromText(t *testing.T) {
	for _, tc := range []struct {
		def, pt string
		trigger bool
	}{
		{"Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.", "2/2", true},
		{"Whenever this creature blocks or becomes blocked, it gets +N/+0 until end of turn.", "2/1", true},
		{"Whenever this creature blocks or becomes blocked, it gets +0/+N until end of turn.", "1/2", true},
		{"Whenever this creature blocks or becomes blocked, it gets +2/+2 until end of turn.", "3/3", true},
		{"Whenever this creature becomes blocked, it gets +N/+N until end of turn.", "1/1", false},
	} {
		doc := excerpt(t, "Bushido", "Bushido N", tc.def)
		src := strings.Replace(blockScript, "%s", tc.pt, 1)
		if !tc.trigger {
			src = strings.Replace(src, "resolve\n", "", 1)
		}
		res := runChecks(t, fmt.Sprintf("%q", tc.def), "bushido.txt", src, doc)
		steps := res.Scripts[0].Trace
		cited := false
		for _, s := range steps {
			if s.Rule == "702.45a" && strings.Contains(s.Text, tc.def) {
				cited = true
			}
		}
		if tc.trigger && !cited {
			t.Errorf("%q: the trace does not cite 702.45a with the definition", tc.def)
		}
	}
}

// TestCompileRejects: a definition outside the grammar compiles to no
// model, and the coverage reports the model stale.
func TestCompileRejects(t *testing.T) {
	doc := excerpt(t, "Bushido", "Bushido N", "Whenever this creature blocks or becomes blocked, shuffle N cards into your library.")
	c, err := scenario.Cover(nil, doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Stale) != 1 || !strings.Contains(c.Stale[0], "shuffle N cards") {
		t.Errorf("stale = %q, want bushido's effect named", c.Stale)
	}
	if len(c.Compiled) != 0 {
		t.Errorf("compiled = %q, want none", c.Compiled)
	}
}

// TestCompiledSoulshift: soulshift returns the card type its definition
// names, with the mana value it allows; reword either and the outcome
// follows.
func TestCompiledSoulshift(t *testing.T) {
	const src = `-- cards --
Hundred-Talon Kami: {4}{W} Creature — Spirit 2/3; Soulshift 4
Kami of Ancient Law: {1}{W} Creature — Spirit 2/2
Samurai of the Pale Curtain: {W}{W} Creature — Fox Samurai 2/2

-- script: the kami dies --
battlefield alice: Hundred-Talon Kami
graveyard alice: %s
%sdestroy Hundred-Talon Kami; targeting %s
resolve
expect hand alice: %s
`
	for _, tc := range []struct{ def, card, hand string }{
		{"When this permanent is put into a graveyard from the battlefield, you may return target Spirit card with mana value N or less from your graveyard to your hand.", "Kami of Ancient Law", "Kami of Ancient Law"},
		{"When this permanent is put into a graveyard from the battlefield, you may return target Spirit card with mana value N or less from your graveyard to your hand.", "Samurai of the Pale Curtain", "none"},
		{"When this permanent is put into a graveyard from the battlefield, you may return target Samurai card with mana value N or less from your graveyard to your hand.", "Samurai of the Pale Curtain", "Samurai of the Pale Curtain"},
		{"When this permanent is put into a graveyard from the battlefield, you may return target Spirit card with mana value 1 or less from your graveyard to your hand.", "Kami of Ancient Law", "none"},
	} {
		doc := excerpt(t, "Soulshift", "Soulshift N", tc.def)
		// A card the definition does not allow is refused as the target
		// when the trigger is put on the stack; nothing is left to resolve.
		illegal := ""
		if tc.hand == "none" {
			illegal = "illegal "
		}
		s := strings.NewReplacer("graveyard alice: %s", "graveyard alice: "+tc.card, "%sdestroy", illegal+"destroy", "targeting %s", "targeting "+tc.card, "hand alice: %s", "hand alice: "+tc.hand).Replace(src)
		if illegal != "" {
			s = strings.Replace(s, "\nresolve\n", "\n", 1)
		}
		f, err := scenario.Parse("soulshift.txt", []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Run(&f.Scenario, doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Scripts[0].Checks {
			if !c.Pass {
				t.Errorf("%q with %s: %s: got %s", tc.def, tc.card, c.Text, c.Got)
			}
		}
	}
}
