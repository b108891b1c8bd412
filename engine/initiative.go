package engine

import (
	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// The initiative (725; 721 from 2022-06-10, titled "The Initiative"
// from 2022-10-07), read from ability.TheInitiative: an effect makes a
// player take it, and the player who had it ceases to have it; its
// three inherent triggered abilities have no source and are controlled
// by the player who had it as they triggered: at the beginning of that
// player's upkeep, and as a player takes it, that player ventures into
// Undercity (701.46d); combat damage dealt to that player by creatures
// of another makes their controller take it.

// initRef cites the subrule of the initiative b's Rule selects.
func (e *engine) initRef(b *ability.Base) game.Ref {
	return e.rules.FindUnder(ability.TheInitiative.Titles, b.Rule...)
}

// initiativeHolder returns the player who has the initiative, or nil.
func (e *engine) initiativeHolder() *game.Player {
	for _, p := range e.s.Players {
		if p.Initiative {
			return p
		}
	}
	return nil
}

// takeInitiative is p taking the initiative by the instruction of from:
// the player who has it ceases to have it (725.3); one who has it keeps
// it (725.5). Either way the ability "Whenever a player takes the
// initiative" triggers.
func (e *engine) takeInitiative(p *game.Player, from string) {
	in := ability.TheInitiative
	if p.Initiative {
		e.s.Cite(e.initRef(&in.Again), "%s: "+in.Again.Note, from, p.Name)
	} else {
		note := "%s: " + in.Takes.Note
		args := []any{from, p.Name}
		if q := e.initiativeHolder(); q != nil {
			q.Initiative = false
			note += "; %s ceases to have it"
			args = append(args, q.Name)
		}
		p.Initiative = true
		e.s.Cite(e.initRef(&in.Takes), note, args...)
	}
	e.initiativeTrigger(p, &in.Taken, true, func() {
		e.venture(p, in.Dungeon, in.Taken.Keyword+" trigger")
	})
}

// initiativeLeaves gives the initiative p had as p leaves the game to
// the active player or, if they are leaving too, the next player in turn
// order who isn't (725.4).
func (e *engine) initiativeLeaves(p *game.Player) {
	in := ability.TheInitiative
	n := len(e.s.Players)
	for i := range n {
		q := e.s.Players[(e.s.Active+i)%n]
		if q.Lost || q.Left {
			continue
		}
		p.Initiative = false
		e.s.Cite(e.initRef(&in.Leaves), in.Leaves.Note, p.Name, q.Name)
		e.takeInitiative(q, p.Name+" leaves the game")
		return
	}
}

// initiativeTrigger triggers the initiative's inherent ability b,
// controlled by p, the player who has the initiative; ventures marks
// one that ventures into the dungeon as it resolves, whose choices the
// statement resolving it makes.
func (e *engine) initiativeTrigger(p *game.Player, b *ability.Base, ventures bool, resolve func()) {
	// The ability has no source: the trace names it by its player.
	src := &game.Object{Label: p.Name, Owner: p, BaseController: p, Card: &game.Card{Name: p.Name}}
	a := e.trigger(src, b.Keyword, b.Note, e.initRef(b), func(*game.State, *game.Object) { resolve() })
	if ventures {
		e.ventureCount[a], e.ventureInto[a] = 1, ability.TheInitiative.Dungeon
	}
}

// initiativeUpkeep triggers, as p's upkeep begins, the ability of the
// initiative if p has it.
func (e *engine) initiativeUpkeep(p *game.Player) {
	if !p.Initiative {
		return
	}
	in := ability.TheInitiative
	e.initiativeTrigger(p, &in.Upkeep, true, func() {
		e.venture(p, in.Dungeon, in.Upkeep.Keyword+" trigger")
	})
}

// initiativeDamage triggers, after combat damage was dealt to holder,
// the player who had the initiative, by creatures of the players by
// (each once, in the order they dealt it), the ability that makes each
// of them take the initiative.
func (e *engine) initiativeDamage(holder *game.Player, by []*game.Player) {
	in := ability.TheInitiative
	for _, q := range by {
		e.initiativeTrigger(holder, &in.Damage, false, func() {
			e.takeInitiative(q, in.Damage.Keyword+" trigger")
		})
	}
}

// expectInitiative is what "expect initiative" reads: the player who
// has the initiative, "none" before any takes it (725.1).
func (e *engine) expectInitiative() string {
	if p := e.initiativeHolder(); p != nil {
		return p.Name
	}
	return "none"
}
