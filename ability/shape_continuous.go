package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// A StaticEffect is a keyword's static ability whose effect is a
// continuous effect on the object that has it, applied by the layers
// (613) as the keyword's definition words it: living metal's "During
// your turn, this permanent is an artifact creature in addition to its
// other types" (702.161a). The engine hands Effect to the layers of
// package game (State.KeywordStatics). Note's arguments: the object's
// label, the definition's text.
type StaticEffect struct {
	Base
	Effect game.Continuous
	Text   string
}

// readStaticEffect is the shape
//
//	static = ["during your turn,"] ("this permanent" | "this creature" | "this object") PREDICATE
//
// read by the effect table of card text (game.ParseEffect): a continuous
// effect on the object itself, with no target and no duration, which is
// no characteristic-defining ability (those are declared by hand,
// characteristic.go).
func readStaticEffect(part string) ([]Ability, bool) {
	rest := strings.TrimPrefix(part, "during your turn, ")
	if !strings.HasPrefix(rest, "this ") {
		return nil, false
	}
	ef, err := game.ParseEffect(part)
	if err != nil || ef.Verb != "continuous" || ef.Cont == nil {
		return nil, false
	}
	c := *ef.Cont
	if !c.Subject.Self || ef.Target != "" || ef.That || c.UntilEOT || c.UntilEOC || c.Defining {
		return nil, false
	}
	return []Ability{&StaticEffect{Base: Base{Rule: []string{" means "}, Note: "%s: %q"}, Effect: c, Text: part}}, true
}

func init() {
	staticShapes = append(staticShapes, readStaticEffect)
	families = append(families, func() {
		declare("Living Metal", shaped, byShapes)
	})
}
