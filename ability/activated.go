package ability

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/game"
)

// The activated family: keywords whose definition is an activated
// ability, "[Cost], Discard this card: Draw a card.", compiled from the
// revision's own text by the grammar of shape_activated.go. Each is
// activated by its name in lower case ("alice activates Bonesplitter:
// equip; targeting Grizzly Bears"), from the zone its cost says.

func init() {
	families = append(families, func() {
		for _, name := range []string{"Equip", "Cycling", "Fortify", "Outlast", "Reinforce", "Scavenge", "Crew", "Boast", "Exhaust", "Saddle", "Station", "Embalm", "Eternalize", "Transfigure", "Aura Swap", "Level Up"} {
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
		declare("Reconfigure", activatedParts, byShape(readsActivatedParts))
	})
}

// activatedParts declares a keyword whose definition is several
// activated abilities, a quoted part each, compiled by the grammar
// above: reconfigure's "[Cost]: Attach this permanent to another target
// creature you control. Activate only as a sorcery" and "[Cost]:
// Unattach this permanent. Activate only if this permanent is attached
// to a creature and only as a sorcery" (702.151a), both activated by the
// keyword's name (the one with a target by a statement naming one).
// Where the keyword's rules say that attaching the Equipment "causes the
// Equipment to stop being a creature until it becomes unattached"
// (702.151b, outside the quoted definition, so written here), it has
// that static ability too, which lets it equip while a creature
// (301.5c).
func activatedParts(inst game.Ability, r Rev) []Ability {
	var out []Ability
	for _, part := range r.Parts(inst.Keyword) {
		p, err := CompileActivated(strings.TrimSuffix(strings.TrimSpace(part), "."))
		if err != nil {
			return nil
		}
		out = append(out, p.Instance(inst))
	}
	if len(out) > 0 && r.Mentions(inst.Keyword, "causes the equipment to stop being a creature") {
		out = append(out, &StaticEffect{Base: Base{Keyword: inst.Keyword, Rule: []string{"stop being a creature"}, Note: "%s: %s"},
			Effect: game.Continuous{Subject: game.Subject{Self: true}, LoseTypes: []string{"Creature"}, WhileAttached: true},
			Text:   "attached to another creature, it stops being a creature until it becomes unattached"})
	}
	return out
}

// readsActivatedParts reports why the parts of a definition are not
// each an activated ability the grammar reads.
func readsActivatedParts(parts []string) error {
	if len(parts) == 0 {
		return fmt.Errorf("no quoted definition")
	}
	for _, part := range parts {
		if _, err := CompileActivated(strings.TrimSuffix(strings.TrimSpace(part), ".")); err != nil {
			return err
		}
	}
	return nil
}

// StopsBeingCreature reports whether a is the static ability by which an
// Equipment attached to a creature stops being one (702.151b): such an
// Equipment may equip while a creature (301.5c).
func StopsBeingCreature(a Ability) bool {
	se, ok := a.(*StaticEffect)
	return ok && se.Effect.WhileAttached && slices.ContainsFunc(se.Effect.LoseTypes, func(t string) bool { return strings.EqualFold(t, "Creature") })
}
