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
	if _, _, err := CompileMeans("To “scry N” means to look at the top N cards of your library."); err == nil {
		t.Error("scry read as a “means” template")
	}
}
