package ability

import "strings"

// A StackLock is a spell's static ability that functions while the
// spell is on the stack: players can't cast other spells (Spells) or
// activate abilities that aren't mana abilities (Abilities); split
// second, 702.61a ("play other spells or abilities" until 2009). Mana
// abilities and special actions stay allowed and triggered abilities
// trigger as normal (Allowed, the subrule that says so from 2009-07-11).
// Note's arguments: the spell and what is refused.
type StackLock struct {
	Base
	Spells, Abilities bool
	Allowed           Base
}

// readStackLock is the shape
//
//	lock = "as long as this spell is on the stack, players can't" what {" or " what}
//	what = ("cast" | "play") "other spells" | ["activate"] "abilities that aren't mana abilities"
func readStackLock(part string) ([]Ability, bool) {
	rest, ok := strings.CutPrefix(part, "as long as this spell is on the stack, players can't ")
	if !ok {
		return nil, false
	}
	l := &StackLock{Base: Base{Rule: []string{" means "}, Note: "%s is on the stack: players can't %s"},
		Allowed: Base{Rule: []string{"may activate mana abilities", "triggered abilities trigger"}}}
	verb := ""
	for _, w := range strings.Split(rest, " or ") {
		for _, v := range []string{"cast ", "play ", "activate "} {
			if x, ok := strings.CutPrefix(w, v); ok {
				verb, w = v, x
			}
		}
		switch {
		case w == "other spells" && (verb == "cast " || verb == "play "):
			l.Spells = true
		case w == "abilities that aren't mana abilities" && verb != "":
			l.Abilities = true
		default:
			return nil, false
		}
	}
	return []Ability{l}, true
}

func init() {
	staticShapes = append(staticShapes, readStackLock)
	families = append(families, func() {
		declare("Split Second", shaped, byShapes)
	})
}
