package ability

import (
	"github.com/crules/crules/game"
)

// An ExileResolves is a static ability of an instant or sorcery spell:
// if it was cast from zone If, it is exiled instead of being put into
// its owner's graveyard as it resolves, and a delayed triggered ability
// lets its controller, at the beginning of their next Step, cast the
// card from exile without paying its mana cost, a "may" (rebound,
// 702.88a). Note's argument: the spell's name; Cast is the rule of that
// cast (an alternative cost), its Note's argument the card's name.
type ExileResolves struct {
	Base
	If   game.Zone
	Step string
	Cast Base
}

// reExileResolves is the shape of such an ability:
//
//	exileresolves = "if this spell was cast from your" ZONE ", instead of putting it into your graveyard as it resolves,
//	                 exile it and, at the beginning of your next" ("upkeep" | "end step") ", you may cast this card from
//	                 exile without paying its mana cost"
var reExileResolves = lazyRegexp(`^if this spell was cast from your (hand|graveyard), instead of putting it into your graveyard as it resolves, exile it and, at the beginning of your next (upkeep|end step), you may cast this card from exile without paying its mana cost$`)

// readExileResolves reads a part of that shape.
func readExileResolves(part string) ([]Ability, bool) {
	m := reExileResolves().FindStringSubmatch(part)
	if m == nil {
		return nil, false
	}
	from, _ := game.ParseZone(m[1])
	step := map[string]string{"upkeep": "upkeep", "end step": "end"}[m[2]]
	return []Ability{&ExileResolves{Base: Base{Rule: []string{" means "}, Note: "%s was cast from its owner's " + m[1] + ": instead of being put into the graveyard as it resolves, it is exiled, and at the beginning of its controller's next " + m[2] + " they may cast it from exile without paying its mana cost"},
		If: from, Step: step, Cast: Base{Rule: []string{"follows the rules for paying alternative costs"}, Note: "%s may be cast from exile without paying its mana cost"}}}, true
}

func init() {
	staticShapes = append(staticShapes, readExileResolves)
	families = append(families, func() {
		declare("Rebound", shaped, byShapes)
	})
}
