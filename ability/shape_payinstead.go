package ability

import "strings"

// readPayInstead is the shape of a cost paid in part with objects rather
// than mana (delve, 702.66a; improvise, 702.126a):
//
//	instead = "for each generic mana in this spell's total cost, you may" action "rather than pay that mana"
//	action  = "tap an untapped" QUALITY "you control" | "exile a card from your graveyard"
//	old     = "as an additional cost to" ("play" | "cast") "this spell, you may" remove ". each card" ("removed" | "exiled") "this way reduces the cost to" ("play" | "cast") "this spell by {1}"
//	remove  = "remove any number of cards in your graveyard from the game" | "exile any number of cards from your graveyard"
//
// Each object pays one generic mana; in the first wording one with no
// generic mana left to pay is refused (Exact), in the old one (delve
// until 2013-07-13) it is exiled all the same and reduces nothing.
func readPayInstead(part string) ([]Ability, bool) {
	base := Base{Rule: []string{" means "}, Note: "%[2]s is %[7]s and pays %[4]s; cost now %[5]s%[6]s"}
	if rest, ok := strings.CutPrefix(part, "for each generic mana in this spell's total cost, you may "); ok {
		action, ok := strings.CutSuffix(rest, " rather than pay that mana")
		if !ok {
			return nil, false
		}
		if action == "exile a card from your graveyard" {
			return []Ability{&PayWithPermanents{Base: base, Graveyard: true, Generic: true, Exact: true}}, true
		}
		if q, ok := strings.CutPrefix(action, "tap an untapped "); ok {
			if q, ok := strings.CutSuffix(q, " you control"); ok && q != "" && !strings.Contains(q, " of that color") {
				return []Ability{&PayWithPermanents{Base: base, Of: Q(q), Generic: true, Exact: true}}, true
			}
		}
		return nil, false
	}
	for _, verb := range []string{"play", "cast"} {
		for _, remove := range []string{"remove any number of cards in your graveyard from the game. each card removed", "exile any number of cards from your graveyard. each card exiled"} {
			if part == "as an additional cost to "+verb+" this spell, you may "+remove+" this way reduces the cost to "+verb+" this spell by {1}" {
				return []Ability{&PayWithPermanents{Base: base, Graveyard: true, Generic: true}}, true
			}
		}
	}
	return nil, false
}

func init() {
	staticShapes = append(staticShapes, readPayInstead)
	families = append(families, func() {
		declare("Delve", shaped, byShapes)
		declare("Improvise", shaped, byShapes)
	})
}
