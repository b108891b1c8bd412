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
	if ep == nil || card == nil || !inExile(card) {
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

// exileAction takes the special action (116.2; it doesn't use the
// stack) of the card the statement names in its owner's hand whose
// ExileAction its word chooses (plot, foretell): at the time the action
// permits, its cost paid, the card is exiled and carries the permission
// the action gives.
func (e *engine) exileAction(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	if err := e.priority("take a special action"); err != nil {
		return err
	}
	o := e.s.FindIn(st.Object.Text, game.Hand)
	if o == nil || o.Owner != p {
		return refuse("%s is not in %s's hand", st.Object.Text, p.Name)
	}
	var a *ability.ExileAction
	for _, x := range all[*ability.ExileAction](e, o) {
		if x.Choice == st.Value {
			a = x
			break
		}
	}
	if a == nil {
		return refuse("%s has no %s", o.Label, st.Value)
	}
	kw, rule := strings.ToLower(a.Keyword), e.ref(a)
	switch {
	case a.MainPhase && (e.s.ActivePlayer() != p || e.s.Step != "main" || e.s.Top() != nil):
		return refuse("%s: %s may exile %s only during their main phase while the stack is empty (%s)", kw, p.Name, o.Label, rule.ID)
	case a.OwnTurn && e.s.ActivePlayer() != p:
		return refuse("%s: %s may exile %s only during their own turn (%s)", kw, p.Name, o.Label, rule.ID)
	case a.AsCast:
		// "If you could begin to cast this card": the time its card
		// type, or flash, permits.
		if err := e.timing(&casting{p: p, src: o, face: o.Card}, &Stmt{}); err != nil {
			return refuse("%s: %s could not begin to cast %s now, so may not exile it: %v (%s)", kw, p.Name, o.Label, err, rule.ID)
		}
	}
	pay, err := e.payNow(p, o, a.Cost, nil)
	if err != nil {
		return refuse("%s can't pay the %s cost %s: %v", p.Name, kw, a.Cost, err)
	}
	e.s.Cite(e.ref(a, "is a special action"), "%s: exiling %s is a special action: it doesn't use the stack", kw, o.Label)
	e.settle(pay, a.Cost, rule)
	n := e.s.Move(o, game.Exile, nil, false)
	n.FaceDown = a.FaceDown
	if a.Counters > 0 {
		n.AddCounters("time", a.Counters)
	}
	e.s.Cite(rule, a.Note, p.Name, o.Label, a.Cost)
	e.permit(n, a.Then, a.ThenCost)
	return nil
}

// clocks: at the beginning of p's upkeep, each card p owns in exile with
// an ExileClock triggers if it is suspended (a counter of its kind on
// it), an intervening "if" checked again as the trigger resolves
// (603.4): a counter is removed, and when the last one is, the clock's
// second ability triggers.
func (e *engine) clocks(p *game.Player) {
	for _, o := range p.Zone(game.Exile) {
		for _, k := range all[*ability.ExileClock](e, o) {
			if o.Counters[k.Counter] == 0 {
				continue
			}
			rule := e.ref(&k.Upkeep)
			e.trigger(o, k.Keyword, "remove a "+k.Counter+" counter from "+o.Label, rule, func(*game.State, *game.Object) {
				if !inExile(o) || o.Counters[k.Counter] == 0 {
					e.s.Cite(rule, "%s is no longer suspended: the trigger does nothing", o.Label)
					return
				}
				o.AddCounters(k.Counter, -1)
				e.s.Cite(rule, k.Upkeep.Note+" (%d left)", o.Label, o.Counters[k.Counter])
				if o.Counters[k.Counter] == 0 {
					e.lastCounter(o, k)
				}
			})
		}
	}
}

// lastCounter: the last counter of k's kind was removed from card: its
// trigger casts it without paying its mana cost as it resolves, if it is
// still exiled and can be cast (the targets of "resolve; targeting A");
// where the rules say "you may", "resolve; decline" leaves it exiled.
func (e *engine) lastCounter(card *game.Object, k *ability.ExileClock) {
	rule, kw := e.ref(&k.Last), strings.ToLower(k.Keyword)
	e.s.Cite(rule, k.Last.Note, card.Label)
	t := e.trigger(card, k.Keyword, "cast "+card.Label+" without paying its mana cost", rule, func(*game.State, *game.Object) {
		p := card.Owner
		switch {
		case !inExile(card):
			e.s.Cite(rule, "%s: %s is no longer exiled: it isn't cast", kw, card.Label)
		case k.May && e.declines():
			e.s.Cite(rule, "%s: %s chooses not to cast %s (\"you may\"): it remains exiled", kw, p.Name, card.Label)
		default:
			st := &Stmt{Verb: "cast", Player: p.Name, Object: Name{Text: card.Label}}
			if e.cur != nil {
				if cl := e.cur.Clause("targeting"); cl != nil {
					st.Clauses = append(st.Clauses, cl)
				}
			}
			e.free[card] = &ability.AltCost{Base: ability.Base{Keyword: k.Keyword, Rule: k.Last.Rule, Note: kw + ": %s is cast without paying its mana cost: its cost is %s"}, Choice: k.Choice, From: game.Exile, Cost: game.MustParseCost("{0}"), AnyTime: true}
			err := e.cast(st)
			delete(e.free, card)
			if err != nil {
				e.s.Cite(rule, "%s: %s can't be cast (%v): it remains exiled", kw, card.Label, err)
			}
		}
	})
	if k.May {
		e.mays[t] = true
	}
}
