package engine

import (
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Abilities a spell has as it resolves, and one its permanent has at any
// time: the city's blessing (702.131) and scry as a keyword ability
// (502.36, 2004-06-01 to 2007-02-01).

// ascend gives the city's blessing to each player who controls a
// permanent with ascend and at least its number of permanents (702.131b:
// "any time"; checked whenever state-based actions are).
func (e *engine) ascend() {
	bf := e.s.Battlefield()
	for _, o := range bf {
		p := o.Controller()
		if p.Blessed {
			continue
		}
		for _, inst := range o.Abilities() {
			if !ability.Blesses(inst.Keyword) {
				continue
			}
			for _, x := range ability.OfInstance(inst, e) {
				a, ok := x.(*ability.Ascend)
				if !ok {
					continue
				}
				n := 0
				for _, q := range bf {
					if q.Controller() == p {
						n++
					}
				}
				if n >= a.Min {
					p.Blessed = true
					e.s.Cite(e.ref(a), a.Note+" (%s)", p.Name, n, o.Label)
				}
			}
		}
	}
}

// ascendSpell gives the city's blessing to the controller of a resolving
// instant or sorcery spell with ascend who controls at least its number
// of permanents (702.131a).
func (e *engine) ascendSpell(spell *game.Object) {
	a, ok := first[*ability.Ascend](e, spell)
	p := spell.Controller()
	if !ok || p.Blessed || !spell.Is("Instant") && !spell.Is("Sorcery") {
		return
	}
	n := len(e.s.Controlled(p))
	if n < a.Min {
		e.s.Cite(e.ref(&a.Spell), "%s controls %d permanents, fewer than %d: no city's blessing", p.Name, n, a.Min)
		return
	}
	p.Blessed = true
	e.s.Cite(e.ref(&a.Spell), a.Spell.Note, p.Name, n)
}

// scryChoice returns the cards a resolving spell with scry puts on the
// bottom of its controller's library, the statement's "bottom" clause
// (none without one): each among the top N cards of the library, each
// once; an error refuses the resolution.
func (e *engine) scryChoice(spell *game.Object) ([]*game.Object, error) {
	sc, ok := first[*ability.Scry](e, spell)
	var cl *Clause
	if e.cur != nil {
		cl = e.cur.Clause("bottom")
	}
	if cl == nil {
		return nil, nil
	}
	if !ok {
		// No scry ability (the keyword ability of 2004–2007): a scry
		// keyword action in its text chooses as it is done (arrange).
		return nil, nil
	}
	lib := spell.Controller().Zone(game.Library)
	top := lib[:min(sc.N, len(lib))]
	var out []*game.Object
	for _, n := range cl.Names {
		i := slices.IndexFunc(top, func(o *game.Object) bool { return o.Label == n.Text })
		if i < 0 || slices.Contains(out, top[i]) {
			return nil, refuse("%s is not among the top %d cards of %s's library (each chosen once) (%s)", n.Text, sc.N, spell.Controller().Name, e.ref(sc).ID)
		}
		out = append(out, top[i])
	}
	return out, nil
}

// scry does a resolving spell's scry (502.36a): its controller looks at
// the top N cards of their library and puts those chosen on the bottom,
// in the order named, the rest staying on top in their order.
func (e *engine) scry(spell *game.Object, bottom []*game.Object) {
	sc, ok := first[*ability.Scry](e, spell)
	if !ok {
		return
	}
	p := spell.Controller()
	lib := p.Zone(game.Library)
	n := min(sc.N, len(lib))
	e.s.Cite(e.ref(sc), sc.Note+": %s", p.Name, n, strings.Join(labels(lib[:n]), ", "))
	for _, o := range bottom {
		e.s.Move(o, game.Library, nil, false)
	}
	if len(bottom) > 0 {
		e.s.Cite(e.ref(sc), "%s puts %s on the bottom of their library, the rest on top", p.Name, strings.Join(labels(bottom), ", "))
	}
}
