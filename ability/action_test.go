package ability

import (
	"strings"
	"testing"
)

// TestCompileAction: a keyword action's definition read as a template
// of the effect table; one outside it is an error.
func TestCompileAction(t *testing.T) {
	verb, e, err := CompileAction("For a player to mill a number of cards, that player puts that many cards from the top of their library into their graveyard. ")
	if err != nil || verb != "mill" || e.Verb != "mill" || e.Name != "graveyard" || e.Instance(3).N != 3 {
		t.Errorf("mill: %q %+v %v", verb, e, err)
	}
	if _, _, err := CompileAction("To scry N, a player looks at the top N cards of their library, then puts any number of them on the bottom of their library and the rest on top in any order."); err == nil {
		t.Error("scry compiled: its definition is no template of the effect table")
	}
}

// TestCompileMeans: adapt's definition (701.46a) read as what its words
// mean: an "if" on the source's +1/+1 counters, then N of them put on
// it; a reworded definition is read as worded (another kind of counter,
// no condition); one the grammar doesn't read is an error naming its
// words.
func TestCompileMeans(t *testing.T) {
	name, steps, err := CompileMeans("“Adapt N” means “If this permanent has no +1/+1 counters on it, put N +1/+1 counters on it.”")
	if err != nil || name != "Adapt" || len(steps) != 1 {
		t.Fatalf("adapt: %q %+v %v", name, steps, err)
	}
	if c := steps[0].Cond; c == nil || c.Kind != "nocounters" || c.Counter != "+1/+1" {
		t.Errorf("adapt's condition: %+v", c)
	}
	if e := steps[0].Effect.Instance(3); e.Verb != "putcounters" || e.N != 3 || e.Name != "+1/+1" {
		t.Errorf("adapt's instruction, N=3: %+v", e)
	}
	_, steps, err = CompileMeans(`"Adapt N" means "Put N charge counters on it."`)
	if err != nil || len(steps) != 1 || steps[0].Cond != nil || steps[0].Effect.Name != "charge" {
		t.Errorf("reworded adapt: %+v %v", steps, err)
	}
	if _, _, err := CompileMeans("“Adapt N” means “If this permanent is blue, put N +1/+1 counters on it.”"); err == nil || !strings.Contains(err.Error(), "this permanent is blue") {
		t.Errorf("an unknown condition: %v", err)
	}
	// (Looking at the top N cards is an instruction of its own since
	// hideaway, 702.75a: an instruction the table doesn't know.)
	if _, _, err := CompileMeans("To “scry N” means to stare at the top N cards of your library."); err == nil {
		t.Error("scry read as a “means” template")
	}
}

// TestCompileMeansInvestigate: investigate's three wordings each make a
// Clue: 2016's in two sentences ("It has ‘…’" adds the ability to the
// token the first creates), 2016–2021's inline, and today's a predefined
// token whose rule (111.10f) the engine reads.
func TestCompileMeansInvestigate(t *testing.T) {
	for _, def := range []string{
		"“Investigate” means “Put a colorless Clue artifact token onto the battlefield. It has ‘{2}, Sacrifice this artifact: Draw a card.’”",
		"“Investigate” means “Create a colorless Clue artifact token with ‘{2}, Sacrifice this artifact: Draw a card.’”",
	} {
		name, steps, err := CompileMeans(def)
		if err != nil || name != "Investigate" || len(steps) != 1 {
			t.Fatalf("%s: %q %+v %v", def, name, steps, err)
		}
		if e := steps[0].Effect; e.Verb != "predefined" || e.Name != "Clue" || len(e.Abilities) != 1 || e.Abilities[0] != "{2}, Sacrifice this artifact: Draw a card." {
			t.Errorf("%s: %+v", def, e)
		}
	}
	_, steps, err := CompileMeans("“Investigate” means “Create a Clue token.” See rule 111.10f.")
	if err != nil || len(steps) != 1 || steps[0].Effect.Verb != "predefined" || steps[0].Effect.Name != "Clue" || len(steps[0].Effect.Abilities) != 0 {
		t.Errorf("today's investigate: %+v %v", steps, err)
	}
}

// TestCompileMeansTo: scry's and surveil's definitions, "To “scry N”
// means to …", read as one instruction that looks at the top N cards and
// puts the chosen ones on the bottom, or into the graveyard; 2008-05-01's
// "?" quotation marks too.
func TestCompileMeansTo(t *testing.T) {
	for def, want := range map[string]string{
		"To “scry N” means to look at the top N cards of your library, then put any number of them on the bottom of your library in any order and the rest on top of your library in any order.": "bottom",
		"To ?scry N? means to look at the top N cards of your library, put any number of them on the bottom of your library in any order, and put the rest on top of your library in any order.": "bottom",
		"To “surveil N” means to look at the top N cards of your library, then put any number of them into your graveyard and the rest on top of your library in any order.":                     "graveyard",
	} {
		name, steps, err := CompileMeans(def)
		if err != nil || len(steps) != 1 || steps[0].Effect.Verb != "arrange" || steps[0].Effect.Name != want || steps[0].Effect.Instance(2).N != 2 {
			t.Errorf("%s: %q %+v %v", def, name, steps, err)
		}
	}
}
