package engine

import (
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// permit gives card, just exiled, the permission ep describes
// (game.CastPermit): its owner may cast it from exile, the card carrying
// the permission until it leaves exile (400.7).
func (e *engine) permit(card *game.Object, ep *ability.ExilePermit, cost *game.Cost) {
	if card == nil || !inExile(card) {
		return
	}
	p := &game.CastPermit{Keyword: ep.Keyword, Choice: ep.Choice, Rule: e.ref(ep), Player: card.Owner, Free: ep.Free, Cost: cost, MainPhase: ep.MainPhase}
	if ep.Later {
		p.After = e.s.Turn
	}
	card.Permit = p
	e.s.Cite(p.Rule, ep.Note, card.Owner.Name, card.Label)
}

// exiledCard is the card in exile that object o, which has just left its
// zone for exile, became: the newest object of its owner's exile with
// o's card.
func exiledCard(o *game.Object) *game.Object {
	ex := o.Owner.Zone(game.Exile)
	for i := len(ex) - 1; i >= 0; i-- {
		if ex[i].Card == o.Card {
			return ex[i]
		}
	}
	return nil
}

// permitted finds the card in exile a cast statement names that carries
// a permission to be cast from there (game.CastPermit), when the
// statement chooses that permission (its clause, or none where it needs
// none): the caster, the turn and the time must be those the permission
// names. ok is false when no permission applies.
func (e *engine) permitted(c *casting, st *Stmt) (ok bool, err error) {
	o := e.s.FindIn(st.Object.Text, game.Exile)
	if o == nil || o.Permit == nil {
		return false, nil
	}
	pm := o.Permit
	for _, cl := range st.Clauses {
		if ability.AltChoices[cl.Word] != "" && cl.Word != pm.Choice {
			return false, nil
		}
	}
	if pm.Choice != "" && st.Clause(pm.Choice) == nil {
		return false, nil
	}
	kw := strings.ToLower(pm.Keyword)
	switch {
	case c.p != pm.Player:
		return true, refuse("%s may be cast from exile by %s only, whom its %s permission names (%s)", o.Label, pm.Player.Name, kw, pm.Rule.ID)
	case e.s.Turn <= pm.After:
		return true, refuse("%s may be cast from exile by its %s permission only after the turn it was exiled has ended (%s)", o.Label, kw, pm.Rule.ID)
	case pm.MainPhase && (e.s.ActivePlayer() != c.p || e.s.Top() != nil || e.s.Step != "main"):
		return true, refuse("%s may be cast from exile by its %s permission only during %s's main phase while the stack is empty (%s)", o.Label, kw, c.p.Name, pm.Rule.ID)
	}
	c.src = o
	switch {
	case pm.Free:
		c.alt = &ability.AltCost{Base: ability.Base{Keyword: pm.Keyword}, Choice: pm.Choice, From: game.Exile, Cost: game.MustParseCost("{0}"), AnyTime: pm.MainPhase}
		c.cite(e, pm.Rule, "%s: %s casts %s from exile without paying its mana cost", kw, c.p.Name, o.Label)
	case pm.Cost != nil:
		c.alt = &ability.AltCost{Base: ability.Base{Keyword: pm.Keyword}, Choice: pm.Choice, From: game.Exile, Cost: *pm.Cost}
		c.cite(e, pm.Rule, "%s: %s casts %s from exile for %s rather than its mana cost", kw, c.p.Name, o.Label, pm.Cost)
	default:
		c.cite(e, pm.Rule, "%s: %s casts %s from exile, paying its mana cost", kw, c.p.Name, o.Label)
	}
	return true, nil
}
