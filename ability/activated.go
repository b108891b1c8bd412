package ability

import "github.com/crules/crules/game"

// The activated family: keywords whose definition is an activated
// ability, "[Cost], Discard this card: Draw a card.", compiled from the
// revision's own text by the grammar of shape_activated.go. Each is
// activated by its name in lower case ("alice activates Bonesplitter:
// equip; targeting Grizzly Bears"), from the zone its cost says.

func init() {
	families = append(families, func() {
		for _, name := range []string{"Equip", "Cycling", "Fortify", "Outlast", "Reinforce", "Scavenge", "Crew", "Boast", "Exhaust", "Saddle", "Station", "Embalm", "Eternalize", "Transfigure", "Aura Swap"} {
			declare(name, activatedCompiled, byDefinition)
		}
		// Forecast (702.57): the rules quote no definition, but say
		// where and when the ability written after the dash may be
		// activated: from its owner's hand, during their upkeep, once
		// each turn, the card revealed as it is (702.57a–b).
		declare("Forecast", func(inst game.Ability, _ Rev) []Ability {
			a, err := game.ParseActivated(inst.Quality, "")
			if inst.Quality == "" || err != nil {
				return nil
			}
			return []Ability{&Activated{Base: Base{Keyword: "Forecast", Rule: []string{"only during the upkeep", "only from a player's hand"}, Note: inst.Text},
				Name: "forecast", From: game.Hand, Sorcery: a.Sorcery, Limits: game.Limits{Upkeep: true, OnceEachTurn: true}, Cost: a.Cost, Do: &a.Effect}}
		}, anchors("only from a player's hand", "only during the upkeep step"))
	})
}
