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
