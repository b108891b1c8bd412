package ability

import "github.com/crules/crules/game"

// The characteristic family: keywords that are characteristic-defining
// abilities (604.3 today, 405.2 before 2009). Their effect is a
// continuous effect the layers of package game apply first in its layer
// on the battlefield, and in every other zone as the object is read
// (604.3: "Characteristic-defining abilities function in all zones").

// Defines is a characteristic-defining ability: Effect is what it makes
// the object, applied to the object itself.
type Defines struct {
	Base
	Effect game.Continuous
}

// defining declares keyword as the characteristic-defining ability
// whose effect is e, and tells the layers of package game.
func defining(keyword string, rule []string, e game.Continuous) {
	game.RegisterCDA(keyword, e)
	declare(keyword, func(game.Ability, Rev) []Ability {
		return []Ability{&Defines{Base: Base{Keyword: keyword, Rule: rule}, Effect: e}}
	})
}

func init() {
	families = append(families, func() {
		// 702.73a (502.73a in 2007-10-01): "Changeling" means "This object
		// is every creature type", in layer 4.
		defining("Changeling", []string{"every creature type"}, game.Continuous{EveryCreatureType: true})
		// 702.114a: "Devoid" means "This object is colorless", in layer 5.
		defining("Devoid", []string{"is colorless"}, game.Continuous{SetColor: true, Colors: 0})
	})
}
