package engine

import (
	"fmt"
	"slices"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// A player's speed (702.179, from 2025-02-07): the state-based action of
// 704.5z gives a player who controls a permanent with an ability of kind
// ability.Speed and has no speed its starting speed; a player with
// speed has the inherent triggered ability that increases it, once
// each turn, when opponents lose life during their turn.
var sbaSpeed = []string{"and that player has no speed"}

// sbaSpeeds returns 704.5z for each player with no speed who controls a
// permanent with a Speed ability.
func (e *engine) sbaSpeeds(d designated, do func([]string, func(game.Ref)) bool) {
	for _, p := range e.s.InGame() {
		o := d.speed[p]
		if p.Speed > 0 || o == nil {
			continue
		}
		sp := d.sp
		do(sbaSpeed, func(r game.Ref) {
			p.Speed = sp.Start
			e.s.Cite(r, sp.Note+" (%s)", p.Name, sp.Start, o.Label)
		})
	}
}

// speedLoss is the inherent triggered ability of a player's speed
// (702.179d), as player q loses life: it triggers for the active player
// if q is their opponent, once each turn, if their speed is less than
// the most it can be; it has no source and its player controls it.
func (e *engine) speedLoss(q *game.Player) {
	a := e.s.ActivePlayer()
	if a.Speed == 0 || !slices.Contains(e.s.Opponents(a), q) || e.speedTurn[a] == e.s.Turn {
		return
	}
	sp, ok := ability.DeclaredOf[*ability.Speed](e)
	if !ok {
		return
	}
	rule := e.ref(&sp.Grow)
	if a.Speed >= sp.Max {
		e.s.Cite(rule, "%s loses life during %s's turn, but %s's speed is %d, not less than %d: the ability does not trigger", q.Name, a.Name, a.Name, a.Speed, sp.Max)
		return
	}
	e.speedTurn[a] = e.s.Turn
	// The ability has no source: the trace names it by its player.
	src := &game.Object{Label: a.Name + "'s speed", Owner: a, BaseController: a, Card: &game.Card{Name: a.Name + "'s speed"}}
	e.trigger(src, sp.Grow.Keyword, fmt.Sprintf("whenever one or more opponents lose life during your turn, if your speed is less than %d, your speed increases by 1", sp.Max), rule, func(s *game.State, ab *game.Object) {
		if a.Speed >= sp.Max {
			e.s.Cite(e.rules.Find(phIntervening...), "%s's speed is %d, not less than %d: the ability does nothing", a.Name, a.Speed, sp.Max)
			return
		}
		e.s.Cite(rule, sp.Grow.Note, a.Name, a.Speed, a.Speed+1)
		a.Speed++
		e.maxSpeed(a)
	})
}

// maxSpeed cites, as p's speed changes, the max speed abilities of the
// permanents p controls that now grant their ability (702.178a).
func (e *engine) maxSpeed(p *game.Player) {
	for _, o := range e.s.Controlled(p) {
		for _, m := range all[*ability.MaxSpeed](e, o) {
			if m.Active(o) {
				e.s.Cite(e.ref(m), m.Note, o.Label, m.Grants.Text, p.Name, p.Speed)
			}
		}
	}
}
