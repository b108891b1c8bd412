package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// The keyword actions (701) the engine performs. A keyword action is no
// ability an object has: it is a verb of the effect table, and these
// declarations are its models, counted apart by engine.Cover. Mill's
// verb is read from mill's own definition (CompileAction); the others
// are the engine's procedures, each implementing its action's
// definition (the rule's first subrule) as declared.txt lists it.

func init() {
	families = append(families, func() {
		declareAction("Mill", byDefinition)
		// "“Adapt N” means “…”": card text's "Adapt 2" does what the
		// revision's definition means (CompileMeans).
		declareAction("Adapt", byDefinition)
		declareAction("Monstrosity", byDefinition)
		declareAction("Investigate", byDefinition)
		declareAction("Scry", byDefinition)
		declareAction("Surveil", byDefinition)
		declareAction("Fateseal", byDefinition)
		declareAction("Harness", byDefinition)
		declareAction("Bolster", byDefinition)
		declareAction("Blight", byDefinition)
		declareAction("Proliferate", byDefinition)
		declareAction("Populate", byDefinition)
		declareAction("Endure", byDefinition)
		declareAction("Amass", byDefinition)
		declareAction("Time Travel", byDefinition)
		declareAction("Forage", byDefinition)
		// Double and triple are no template: their subrules say what
		// doubling each thing means (701.10b–g, 701.11b–c), which the
		// engine's "multiply" verb implements, each citing its subrule.
		declareAction("Double")
		declareAction("Triple")
		for _, name := range []string{"Attach", "Counter", "Create", "Destroy", "Discard", "Exile", "Sacrifice", "Venture into the Dungeon"} {
			declareAction(name)
		}
		// "Tap" until 2009-05-01 (501.7).
		declareAction("Tap and Untap", formerly("Tap"))
		// "To transform a permanent, turn it over so that its other face
		// is up" (701.27a) is no instruction of the effect table but the
		// engine's procedure on a double-faced card (engine/dfc.go),
		// whose 2011–2015 wording has no template at all.
		declareAction("Transform")
		// "To convert a permanent, turn it so that its other face is
		// up. This follows rules 701.27a–f, …" (701.28a): transform's
		// procedure, citing convert.
		declareAction("Convert")
	})
}

// printedActions are the keyword actions a card may print as it prints a
// keyword ability, alone with its number ("Scry 1"), because they were
// keyword abilities once (scry, 502.36, 2004–2007).
var printedActions = []string{"Scry"}

// Performs is a keyword printed on a spell whose definition is
// instructions the spell's controller follows as it resolves, where it is
// printed among the spell's instructions (Opt: "Scry 1. Draw a card.";
// Magma Jet: "… deals 2 damage to any target. Scry 2."): scry the
// keyword ability of 2004–2007 (502.36a: "“Scry N” means “Look at the
// top N cards …”") and, where the revision has no ability of that name,
// the keyword action it prints as it once printed the ability (701.22a).
// The engine does the definition as CompileMeans reads it.
type Performs struct {
	Base
	N int
	// At is where it is printed among the spell's instructions
	// (game.Ability.At): done before instruction At.
	At int
}

func performs(inst game.Ability) *Performs {
	return &Performs{Base: Base{Keyword: inst.Keyword, Rule: []string{" means "}}, N: inst.N, At: inst.At}
}

// PrintedAction reports whether keyword name, printed on a card, is a
// keyword action wherever the revision has no ability of that name.
func PrintedAction(name string) bool {
	for _, a := range printedActions {
		if strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}
