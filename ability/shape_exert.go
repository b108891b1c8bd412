package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// Exert is "You may exert this creature as it attacks. When you do, …"
// (701.43d): an optional cost to attack (508.1g), chosen with the
// declaration's clause `exert A`; the creature doesn't untap during its
// controller's next untap step (701.43a), and the triggered ability
// printed after it, linked to it (607.2h), triggers. Then is that
// ability, read by the trigger grammar. Note's argument: the creature.
type Exert struct {
	Base
	Then *Trigger
	Text string
}

// PrintedText is the card text the ability was read from.
func (x *Exert) PrintedText() string { return x.Text }

// readExert is the shape of card text:
//
//	exert = "you may exert" ("this creature" | NAME) "as it attacks. when you do," EFFECT
func readExert(t, self string) (*Exert, bool, error) {
	low := strings.ToLower(t)
	var rest string
	ok := false
	for _, who := range []string{"this creature", strings.ToLower(self)} {
		if r, found := strings.CutPrefix(low, "you may exert "+who+" as it attacks. when you do, "); found && who != "" {
			rest, ok = t[len(t)-len(r):], true
			break
		}
	}
	if !ok {
		return nil, false, nil
	}
	tr, read, err := ReadTriggered("Whenever this creature attacks, "+rest, self)
	if !read || err != nil {
		return nil, true, err
	}
	return &Exert{Base: Base{Keyword: "Exert", Rule: []string{"optional cost to attack", "you choose to have it not untap"}, Note: "%s is exerted as it attacks: it won't untap during its controller's next untap step"}, Then: tr, Text: t}, true, nil
}

// Exerts reports whether o has an exert ability in revision r.
func Exerts(o *game.Object, r Rev) (*Exert, bool) { return First[*Exert](o, r) }
