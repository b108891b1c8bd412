package ability

import "github.com/crules/crules/game"

// readEntersWith is the shape of a permanent's own counters as it enters
//
//	enterswith = ("this permanent" | "this creature") ("enters" | "enters the battlefield" | "comes into play")
//	             "with" NUM KIND "counters on it"
//
// read by the effect table of card text (game.ParseEffect), NUM the
// keyword's number where it is N (X in the oldest wordings): an
// EntersWith, a replacement effect on its entering (614.1c).
func readEntersWith(part string) ([]Ability, bool) {
	e, err := game.ParseEffect(part)
	if err != nil || e.Verb != "enterscounters" {
		return nil, false
	}
	return []Ability{&EntersWith{Base: Base{Rule: []string{" means "}}, N: e.N, Kind: e.Name, byN: e.ByN&game.NumN != 0}}, true
}

func init() {
	staticShapes = append(staticShapes, readEntersWith)
	families = append(families, func() {
		// "This permanent enters with N fade counters on it" and "At
		// the beginning of your upkeep, remove a fade counter from this
		// permanent. If you can't, sacrifice the permanent" (702.32a;
		// "comes into play with X" until 2005-08-01).
		declare("Fading", shaped, byShapes)
		// "This permanent enters with N time counters on it", "At the
		// beginning of your upkeep, if this permanent has a time counter
		// on it, remove a time counter from it" and "When the last time
		// counter is removed from this permanent, sacrifice it"
		// (702.63a).
		declare("Vanishing", shaped, byShapes)
	})
}
