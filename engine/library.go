package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Cards cast from exile without paying their mana costs as an ability
// resolves: the verbs that exile cards from the top of a library one at
// a time, cast the one they stop at and put the rest on the bottom
// (cascade, 702.85a), three instructions of one ability which share the
// cards exiled; and a spell exiled as it resolves, to be cast again at
// its controller's next upkeep (rebound, 702.88a).

// exiledWay are the cards one ability exiled from a library "this
// way", and the card it stopped at (nil when the library ran out).
type exiledWay struct {
	cards []*game.Object
	hit   *game.Object
}

// exileUntil exiles cards from the top of the library of the source's
// controller until a nonland card whose mana value is less than the
// source's, or until the library runs out.
func (e *engine) exileUntil(d doing, ef game.Effect, bound int) {
	p := d.src.Controller()
	mv := d.src.ManaValues(e.s.SplitCombined)[0]
	fits := func(v int) bool { return v < mv }
	if ef.Name == "atmost" {
		// Discover N (701.57a): "with mana value N or less".
		fits = func(v int) bool { return v <= bound }
	}
	ex := &exiledWay{}
	e.exiledWay[d.src] = ex
	for len(p.Zone(game.Library)) > 0 {
		n := e.s.Move(p.Zone(game.Library)[0], game.Exile, nil, false)
		ex.cards = append(ex.cards, n)
		if !n.Is("Land") && slices.ContainsFunc(n.ManaValues(e.s.SplitCombined), fits) {
			ex.hit = n
			break
		}
	}
	labels := strings.Join(labelsOf(ex.cards), ", ")
	if ef.Name == "atmost" {
		if ex.hit == nil {
			e.cite(d, "%s: %s exiles the cards of their library (%s): none is a nonland card with mana value %d or less", d.head, p.Name, cmp.Or(labels, "none"), bound)
			return
		}
		e.cite(d, "%s: %s exiles %s from the top of their library, until %s, a nonland card with mana value %d, %d or less", d.head, p.Name, labels, ex.hit.Label, ex.hit.ManaValues(e.s.SplitCombined)[0], bound)
		return
	}
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
func (e *engine) castFree(d doing, ef game.Effect, bound int) {
	ex := e.exiledWay[d.src]
	if ex == nil || ex.hit == nil {
		e.cite(d, "%s: no card was exiled to cast", d.head)
		return
	}
	c, p := ex.hit, d.src.Controller()
	if v := c.ManaValues(true)[0]; ef.Name == "atmost" && v > bound {
		e.cite(d, "%s: the resulting spell's mana value %d is more than %d: %s is not cast", d.head, v, bound, c.Label)
		return
	}
	if ef.Name == "lesser" {
		mv := d.src.ManaValues(e.s.SplitCombined)[0]
		if v := c.ManaValues(true)[0]; v >= mv {
			e.cite(d, "%s: the resulting spell's mana value %d is not less than %d: %s is not cast", d.head, v, mv, c.Label)
			return
		}
	}
	if err := e.castWithoutPaying(c, p, ability.Base{Keyword: d.name, Rule: []string{" means "}}); err != nil {
		e.cite(d, "%s: %s is not cast (%v)", d.head, c.Label, err)
	}
}

// topCards: the source's controller reveals or looks at ("reveals",
// "looks at") the top n cards of their library, all of them when fewer;
// they stay there, remembered for the instruction after (castSameName,
// hideOne).
func (e *engine) topCards(d doing, n int, verb string) {
	p := d.src.Controller()
	lib := p.Zone(game.Library)
	ex := &exiledWay{cards: slices.Clone(lib[:min(n, len(lib))])}
	e.exiledWay[d.src] = ex
	e.cite(d, "%s: %s %s the top %d %s of their library: %s", d.head, p.Name, verb, len(ex.cards), plural(len(ex.cards), "card"), cmp.Or(strings.Join(labelsOf(ex.cards), ", "), "none"))
}

// castSameName casts each card topCards revealed with the same name as
// the source without paying its mana cost, then puts the others on the
// bottom of the library, in any order.
func (e *engine) castSameName(d doing) {
	ex := e.exiledWay[d.src]
	delete(e.exiledWay, d.src)
	if ex == nil {
		return
	}
	p := d.src.Controller()
	var rest []*game.Object
	for _, c := range ex.cards {
		if e.s.FindIn(c.Label, game.Library) != c {
			continue
		}
		if c.Card.Name != d.src.Card.Name {
			rest = append(rest, c)
			continue
		}
		if err := e.castWithoutPaying(c, p, ability.Base{Keyword: d.name, Rule: []string{" means "}}); err != nil {
			e.cite(d, "%s: %s is not cast (%v)", d.head, c.Label, err)
			rest = append(rest, c)
		}
	}
	for _, c := range rest {
		e.s.Move(c, game.Library, nil, false)
	}
	if len(rest) > 0 {
		e.cite(d, "%s: %s put on the bottom of %s's library in any order", d.head, strings.Join(labelsOf(rest), ", "), p.Name)
	}
}

// castWithoutPaying has p cast card c from its zone (exile, a library)
// as an ability resolves, without paying its mana cost: an alternative
// cost of {0} (118.9),
// whose rule by is, at any time. Its targets are those of the resolving
// statement ("resolve; targeting A").
func (e *engine) castWithoutPaying(c *game.Object, p *game.Player, by ability.Base) error {
	cast := &Stmt{Verb: "cast", Player: p.Name, Object: Name{Text: c.Label}}
	if e.cur != nil {
		if cl := e.cur.Clause("targeting"); cl != nil {
			cast.Clauses = append(cast.Clauses, cl)
		}
	}
	by.Note = "%s is cast without paying its mana cost: its cost is %s"
	e.free[c] = &ability.AltCost{Base: by, From: c.Zone, Cost: game.MustParseCost("{0}"), AnyTime: true}
	defer delete(e.free, c)
	return e.cast(cast)
}

// exileResolves exiles spell as it resolves instead of putting it into
// its owner's graveyard, if it was cast from the zone x names, and
// creates x's delayed triggered ability: at the beginning of its
// controller's next step x names, they may cast the card from exile
// without paying its mana cost (rebound). It reports false when x
// doesn't apply.
func (e *engine) exileResolves(spell *game.Object, x *ability.ExileResolves) bool {
	if spell.Copy || !spell.Spell.Cast || spell.Spell.From != x.If {
		return false
	}
	p := spell.Controller()
	e.s.Cite(e.ref(x), x.Note, spell.Name())
	card := e.leaveStack(spell, game.Exile, "it resolves")
	if card == nil || !inExile(card) {
		return true
	}
	rule := e.ref(&x.Cast)
	e.s.Delayed = append(e.s.Delayed, game.Delayed{Controller: p, Step: x.Step, Once: true, Fire: func(s *game.State) {
		e.mays[e.trigger(card, x.Keyword, fmt.Sprintf(x.Cast.Note, card.Label), e.ref(x), func(s *game.State, ab *game.Object) {
			switch {
			case !inExile(card):
				e.s.Cite(rule, "%s is no longer in exile: it isn't cast", card.Label)
			case e.declines():
				e.s.Cite(rule, "%s chooses not to cast %s (\"you may\"): it stays in exile", p.Name, card.Label)
			default:
				if err := e.castWithoutPaying(card, p, x.Cast); err != nil {
					e.s.Cite(rule, "%s is not cast (%v): it stays in exile", card.Label, err)
				}
			}
		})] = true
	}})
	e.s.Cite(e.rules.Find(phDelayed...), "%s creates a delayed triggered ability: at the beginning of %s's next %s, they may cast %s from exile without paying its mana cost", spell.Name(), p.Name, map[string]string{"upkeep": "upkeep", "end": "end step"}[x.Step], card.Label)
	return true
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

// hideOne exiles face down the card among those topCards looked at that
// the statement's "exile" choice names (the first of them without one),
// linked to the source (607.2a), and puts the rest on the bottom of the
// library in order.
func (e *engine) hideOne(d doing) {
	ex := e.exiledWay[d.src]
	delete(e.exiledWay, d.src)
	if ex == nil || len(ex.cards) == 0 {
		e.cite(d, "%s: no card was looked at: none is exiled", d.head)
		return
	}
	p := d.src.Controller()
	chosen := ex.cards[0]
	if e.cur != nil {
		if cl := e.cur.Clause("exile"); cl != nil && len(cl.Names) > 0 {
			for _, c := range ex.cards {
				if strings.EqualFold(c.Label, cl.Names[0].Text) {
					chosen = c
				}
			}
		}
	}
	n := e.s.Move(chosen, game.Exile, nil, false)
	n.FaceDown = true
	e.linked[d.src] = append(e.linked[d.src], n)
	var rest []string
	for _, c := range ex.cards {
		if c != chosen {
			e.s.Move(c, game.Library, nil, false)
			rest = append(rest, c.Label)
		}
	}
	e.cite(d, "%s: %s exiles %s face down and puts %s on the bottom of their library", d.head, p.Name, n.Label, cmp.Or(strings.Join(rest, ", "), "nothing"))
}
