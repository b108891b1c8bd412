package engine

import (
	"cmp"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// The verbs that exile cards from the top of a library one at a time,
// cast the one they stop at without paying its mana cost, and put the
// rest on the bottom (cascade, 702.85a): three instructions of one
// ability, which share the cards exiled.

// exiledWay are the cards one ability exiled from a library "this
// way", and the card it stopped at (nil when the library ran out).
type exiledWay struct {
	cards []*game.Object
	hit   *game.Object
}

// exileUntil exiles cards from the top of the library of the source's
// controller until a nonland card whose mana value is less than the
// source's, or until the library runs out.
func (e *engine) exileUntil(d doing) {
	p := d.src.Controller()
	mv := d.src.ManaValues(e.s.SplitCombined)[0]
	ex := &exiledWay{}
	e.exiledWay[d.src] = ex
	for len(p.Zone(game.Library)) > 0 {
		n := e.s.Move(p.Zone(game.Library)[0], game.Exile, nil, false)
		ex.cards = append(ex.cards, n)
		if !n.Is("Land") && slices.ContainsFunc(n.ManaValues(e.s.SplitCombined), func(v int) bool { return v < mv }) {
			ex.hit = n
			break
		}
	}
	labels := strings.Join(labelsOf(ex.cards), ", ")
	if ex.hit == nil {
		e.cite(d, "%s: %s exiles the cards of their library (%s): none is a nonland card with mana value less than %d", d.head, p.Name, cmp.Or(labels, "none"), mv)
		return
	}
	e.cite(d, "%s: %s exiles %s from the top of their library, until %s, a nonland card with mana value %d, less than %s's %d", d.head, p.Name, labels, ex.hit.Label, ex.hit.ManaValues(e.s.SplitCombined)[0], d.src.Name(), mv)
}

// castFree casts the card exileUntil stopped at without paying its mana
// cost (an alternative cost, 118.9), as the ability resolves: its
// targets are the resolving statement's ("resolve; targeting A"). With
// Name "lesser", only if the resulting spell's mana value is less than
// the source's.
func (e *engine) castFree(d doing, ef game.Effect) {
	ex := e.exiledWay[d.src]
	if ex == nil || ex.hit == nil {
		e.cite(d, "%s: no card was exiled to cast", d.head)
		return
	}
	c, p := ex.hit, d.src.Controller()
	if ef.Name == "lesser" {
		mv := d.src.ManaValues(e.s.SplitCombined)[0]
		if v := c.ManaValues(true)[0]; v >= mv {
			e.cite(d, "%s: the resulting spell's mana value %d is not less than %d: %s is not cast", d.head, v, mv, c.Label)
			return
		}
	}
	cast := &Stmt{Verb: "cast", Player: p.Name, Object: Name{Text: c.Label}}
	if e.cur != nil {
		if cl := e.cur.Clause("targeting"); cl != nil {
			cast.Clauses = append(cast.Clauses, cl)
		}
	}
	e.free[c] = &ability.AltCost{Base: ability.Base{Keyword: d.name, Rule: []string{" means "}, Note: "%s is cast without paying its mana cost: its cost is %s"},
		From: game.Exile, Cost: game.MustParseCost("{0}"), AnyTime: true}
	err := e.cast(cast)
	delete(e.free, c)
	if err != nil {
		e.cite(d, "%s: %s is not cast (%v)", d.head, c.Label, err)
	}
}

// bottomExiled puts the cards exileUntil exiled that weren't cast on the
// bottom of their owner's library, in a random order.
func (e *engine) bottomExiled(d doing) {
	ex := e.exiledWay[d.src]
	delete(e.exiledWay, d.src)
	if ex == nil {
		return
	}
	var put []string
	for _, c := range ex.cards {
		if inExile(c) {
			e.s.Move(c, game.Library, nil, false)
			put = append(put, c.Label)
		}
	}
	if len(put) == 0 {
		e.cite(d, "%s: every card exiled this way was cast", d.head)
		return
	}
	e.cite(d, "%s: %s %s put on the bottom of %s's library in a random order", d.head, strings.Join(put, ", "), map[bool]string{true: "is", false: "are"}[len(put) == 1], d.src.Controller().Name)
}
