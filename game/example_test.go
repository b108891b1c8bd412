package game_test

import (
	"fmt"

	"github.com/crules/crules/game"
)

// Guardian of Vitu-Ghazi's cost, reduced by convoke (a colourless, a red
// and a green-white creature) and by an offering that overshoots.
func Example() {
	cost := game.MustParseCost("{6}{G}{W}")
	fmt.Println(cost, cost.Value(0), cost.Colors())
	left, _ := cost.Reduce(game.MustParseCost("{1}{1}{W}"))
	fmt.Println(left)
	zero, unused := game.MustParseCost("{2}").Reduce(game.MustParseCost("{R}{R}{R}"))
	fmt.Println(zero, unused)
	// Output:
	// {6}{G}{W} 8 white-green
	// {4}{G}
	// {0} {1}
}

// A Gray Ogre with a +1/+1 counter and "+4/+4 until end of turn", then
// "becomes 0/1 until end of turn": the setting effect applies first
// (layer 7b), the others after it (7c), as 613.5's example says.
func ExampleState_AddEffect() {
	s := game.New(nil, "alice", "bob")
	ogre := &game.Card{Name: "Gray Ogre", Types: []string{"Creature"}, Power: 2, Toughness: 2, HasPT: true}
	o := s.Create(ogre, "Gray Ogre", s.Players[0], game.Battlefield)
	o.Counters["+1/+1"] = 1
	s.AddEffect(&game.Continuous{Objects: []*game.Object{o}, AddPT: true, P: 4, T: 4, UntilEOT: true})
	fmt.Println(o.Power(), o.Toughness())
	s.AddEffect(&game.Continuous{Objects: []*game.Object{o}, SetPT: true, P: 0, T: 1, UntilEOT: true})
	fmt.Println(o.Power(), o.Toughness())
	s.EndTurnEffects()
	fmt.Println(o.Power(), o.Toughness())
	// Output:
	// 7 7
	// 5 6
	// 3 3
}
