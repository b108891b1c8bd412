package engine

import (
	"slices"
	"strings"

	"github.com/crules/crules/game"
)

// An assignOrder is the damage assignment order the active player
// announced for an attacking creature blocked by two or more creatures,
// in the turn it was announced.
type assignOrder struct {
	turn     int
	blockers []*game.Object
}

// orderBlockers is the turn-based action of the declare blockers step
// in the revisions that have a damage assignment order (509.2 from
// 2009-07-11 to 2024-07-30): right after blockers are declared, the
// active player orders the creatures blocking each attacking creature
// blocked by two or more, all of them, once. Combat damage is then
// assigned in that order (510.1c). Revisions without the order refuse
// it: the damage is divided as its controller chooses.
func (e *engine) orderBlockers(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	rule := e.rules.Find(phAssignOrder...)
	if rule.IsZero() {
		return refuse("there is no damage assignment order in this revision: a blocked creature's combat damage is divided as its controller chooses%s", see(e.rules.Find(phDivide...)))
	}
	if len(e.s.Combat.Attackers) == 0 || !e.blocksDone || e.s.Step != "declare blockers" {
		return refuse("the damage assignment order is announced in the declare blockers step, once blockers are declared%s", see(rule))
	}
	if e.s.ActivePlayer() != p {
		return refuse("the active player, %s, announces the damage assignment order%s", e.s.ActivePlayer().Name, see(rule))
	}
	if len(st.Names) < 2 {
		return refuse("name the creatures blocking an attacking creature, in order")
	}
	var att *game.Object
	var order []*game.Object
	for _, n := range st.Names[1:] {
		b := e.s.FindIn(n.Text, game.Battlefield)
		a, blocking := e.s.Combat.Blocking[b]
		switch {
		case b == nil || !blocking:
			return refuse("%s is not blocking", n.Text)
		case att != nil && a != att:
			return refuse("%s blocks %s, not %s: order one attacking creature's blockers at a time", b.Label, a.Label, att.Label)
		case slices.Contains(order, b):
			return refuse("%s is named twice", b.Label)
		}
		att = a
		order = append(order, b)
	}
	bs := liveBlockers(e, e.s.Combat.Blockers[att])
	if len(bs) < 2 {
		return refuse("%s is blocked by one creature: only a creature blocked by two or more has a damage assignment order%s", att.Label, see(rule))
	}
	if o, ok := e.orders[att]; ok && o.turn == e.s.Turn {
		return refuse("the damage assignment order of %s was already announced%s", att.Label, see(rule))
	}
	for _, b := range bs {
		if !slices.Contains(order, b) {
			return refuse("%s blocks %s and is left out of its damage assignment order%s", b.Label, att.Label, see(rule))
		}
	}
	e.orders[att] = assignOrder{turn: e.s.Turn, blockers: order}
	names := make([]string, len(order))
	for i, b := range order {
		names[i] = b.Label
	}
	e.s.Cite(rule, "%s announces the damage assignment order of %s: %s", p.Name, att.Label, strings.Join(names, ", then "))
	return nil
}

// inOrder returns the blockers of att in the damage assignment order
// announced this turn, else as given.
func (e *engine) inOrder(att *game.Object, bs []*game.Object) []*game.Object {
	o, ok := e.orders[att]
	if !ok || o.turn != e.s.Turn {
		return bs
	}
	out := make([]*game.Object, 0, len(bs))
	for _, b := range o.blockers {
		if slices.Contains(bs, b) {
			out = append(out, b)
		}
	}
	return out
}

// byOrder puts the assignments to att's blockers in the damage
// assignment order announced this turn, a blocker the division leaves
// out assigned 0, those to a player after; as given when none was
// announced.
func (e *engine) byOrder(att *game.Object, as []assignment) []assignment {
	o, ok := e.orders[att]
	if !ok || o.turn != e.s.Turn {
		return as
	}
	out := slices.Clone(as)
	for _, b := range e.inOrder(att, liveBlockers(e, e.s.Combat.Blockers[att])) {
		if !slices.ContainsFunc(as, func(x assignment) bool { return x.to == b }) {
			out = append(out, assignment{b, 0})
		}
	}
	rank := func(x assignment) int {
		if i := slices.Index(o.blockers, x.to); i >= 0 {
			return i
		}
		return len(o.blockers)
	}
	slices.SortStableFunc(out, func(a, b assignment) int { return rank(a) - rank(b) })
	return out
}
