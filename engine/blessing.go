package engine

import (
	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Abilities a spell has as it resolves, and one its permanent has at any
// time: the city's blessing (702.131). Scry, a keyword ability of
// 2004–2007, is its definition done as the spell resolves
// (ability.Performs, keywordAction).

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
