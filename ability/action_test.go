package ability

import "testing"

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
