package ability

import (
	"strconv"
	"strings"
)

// The grammar of static abilities that prevent or replace what would
// happen to their object, one for keyword definitions and card text:
//
//	prevent = "If a source would deal damage to" object ", prevent" (N | X | digits) "of that damage"
//	saves   = "If enchanted" ("permanent" | "creature") "would be destroyed, instead remove all damage marked on it and destroy" ("this Aura" | NAME)
//	object  = "this creature" | "this permanent" | NAME
//
// N (X) is the keyword's number (absorb N).

// Prevents is a prevention effect (615) of the object's own: damage a
// source would deal it is reduced by N, each time a source would deal
// it damage (702.64b: "only N damage from any one source at any one
// time"). Note's arguments: N, the damage, the object, the source.
type Prevents struct {
	Base
	N    int
	ByN  bool   // N is the keyword's number
	Text string // as printed on a card; "" for a keyword's
}

// SavesEnchanted is an Aura's replacement effect (614): if the permanent
// it enchants would be destroyed, instead all damage marked on that
// permanent is removed and the Aura is destroyed (umbra armor). Note's
// arguments: the permanent, the Aura.
type SavesEnchanted struct {
	Base
	Text string // as printed on a card; "" for a keyword's
}

// PrintedText is the card text the ability was read from.
func (p *Prevents) PrintedText() string { return p.Text }

// PrintedText is the card text the ability was read from.
func (s *SavesEnchanted) PrintedText() string { return s.Text }

// readReplacement reads t (no final period) as a prevention or
// replacement effect of the object named self ("" in a keyword's
// definition); it reports false when t is none of the shapes.
func readReplacement(t, self string) (Ability, bool, error) {
	low := strings.ToLower(t)
	objects := []string{"this creature", "this permanent"}
	if self != "" {
		objects = append(objects, strings.ToLower(self))
	}
	if rest, ok := strings.CutPrefix(low, "if a source would deal damage to "); ok {
		for _, o := range objects {
			if n, ok := strings.CutPrefix(rest, o+", prevent "); ok {
				n, ok := strings.CutSuffix(n, " of that damage")
				if !ok {
					break
				}
				p := &Prevents{Base: Base{Rule: []string{" means ", "prevent"}, Note: "prevent %d of the %d damage that would be dealt to %s by %s"}}
				switch v, err := strconv.Atoi(n); {
				case n == "n" || n == "x":
					p.ByN = true
				case err == nil && v >= 0:
					p.N = v
				default:
					return nil, true, textErr(len(t)-len(n)-len(" of that damage"), "expected a number at %q", t[len(t)-len(n)-len(" of that damage"):])
				}
				return p, true, nil
			}
		}
		return nil, true, textErr(len("if a source would deal damage to "), "unknown prevention %q (known: \"If a source would deal damage to this creature, prevent N of that damage\")", t)
	}
	for _, what := range []string{"permanent", "creature"} {
		rest, ok := strings.CutPrefix(low, "if enchanted "+what+" would be destroyed, instead remove all damage marked on it and destroy ")
		if !ok {
			continue
		}
		if rest == "this aura" || self != "" && rest == strings.ToLower(self) {
			return &SavesEnchanted{Base: Base{Rule: []string{" means ", "instead"}, Note: "%s would be destroyed: instead all damage marked on it is removed and %s is destroyed"}}, true, nil
		}
		return nil, true, textErr(len(t)-len(rest), "expected \"this Aura\" at %q", t[len(t)-len(rest):])
	}
	return nil, false, nil
}
