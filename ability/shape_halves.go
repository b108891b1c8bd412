package ability

import "github.com/crules/crules/game"

// The shapes of a split card's half that is cast from a zone of its own
// (aftermath, 702.127a): "You may cast this half of this split card
// from your graveyard", "This half of this split card can't be cast
// from any zone other than a graveyard", and "If this spell was cast
// from a graveyard, exile it instead of putting it anywhere else any
// time it would leave the stack":
//
//	halffrom = "you may cast this half of this split card from your graveyard"
//	         | "this half of this split card can't be cast from any zone other than a graveyard"
//	exile    = "if this spell was cast from a graveyard, exile it instead of putting it anywhere else any time it would leave the stack"

// A HalfFrom is a split card's half's static ability: it may be cast
// from Zone (its owner's), or, with Only, from no other zone. Note's
// arguments: the half's name, the zone.
type HalfFrom struct {
	Base
	Zone game.Zone
	Only bool
}

// An ExileCastFrom is a spell's static ability: cast from Zone, it is
// exiled instead of put anywhere else any time it would leave the stack.
type ExileCastFrom struct {
	Base
	Zone game.Zone
}

func readHalves(part string) ([]Ability, bool) {
	switch part {
	case "you may cast this half of this split card from your graveyard":
		return []Ability{&HalfFrom{Base: Base{Rule: []string{"you may cast this half"}, Note: "%s may be cast from its owner's %s"}, Zone: game.Graveyard}}, true
	case "this half of this split card can't be cast from any zone other than a graveyard":
		return []Ability{&HalfFrom{Base: Base{Rule: []string{"can't be cast from any zone other than"}, Note: "%s can't be cast from any zone other than a %s"}, Zone: game.Graveyard, Only: true}}, true
	case "if this spell was cast from a graveyard, exile it instead of putting it anywhere else any time it would leave the stack":
		return []Ability{&ExileCastFrom{Base: Base{Rule: []string{"exile it instead of putting it anywhere else"}}, Zone: game.Graveyard}}, true
	}
	return nil, false
}

func init() {
	staticShapes = append(staticShapes, readHalves)
	families = append(families, func() {
		declare("Aftermath", shaped, byShapes)
	})
}
