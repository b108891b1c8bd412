package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// A casting gathers the decisions of 601.2 (409.1 before 2009) before
// anything moves, so that a refused cast leaves the game as it was.
type casting struct {
	p     *game.Player
	src   *game.Object
	face  *game.Card
	half  *game.Card
	info  *game.SpellInfo
	total game.Cost        // additional costs as they are chosen, then the total cost (601.2f)
	alt   *ability.AltCost // the alternative cost chosen, if any
	tap   []*game.Object
	sac   []*game.Object
	exile []*game.Object // cards exiled from the graveyard to pay (delve)
	steps []func()
	pay   *payment // the mana, life and cost parts chosen, paid once all is decided
}

// object is the spell as it will be on the stack in s, for the checks of
// its targets: its characteristic-defining abilities apply (a devoid
// spell is colourless, 604.3).
func (c *casting) object(s *game.State) *game.Object {
	return s.Bind(&game.Object{Label: c.src.Label, Card: c.src.Card, Half: c.half, Owner: c.p, BaseController: c.p, Zone: game.Stack, FaceDown: c.alt != nil && c.alt.FaceDown, Transformed: c.transformed(), Spell: c.info})
}

// transformed reports whether the spell is cast transformed, its back
// face up (712.8c): for an alternative cost that says so, of a
// double-faced card.
func (c *casting) transformed() bool {
	return c.alt != nil && c.alt.Transformed && c.src.Card.Back != nil
}

func (c *casting) cite(e *engine, r game.Ref, format string, args ...any) {
	note := fmt.Sprintf(format, args...)
	c.steps = append(c.steps, func() { e.s.Cite(r, "%s", note) })
}

func (e *engine) cast(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	c := &casting{p: p, info: &game.SpellInfo{}}
	if err := e.altCost(c, st); err != nil {
		return err
	}
	if c.alt != nil {
		// A prototyped spell has only its alternative mana cost, power
		// and toughness, from its casting on (718.3a–b).
		c.info.Prototype = c.alt.Prototype
	}
	c.pay = &payment{p: p, src: c.src}
	if p.CantCast {
		why := "an effect"
		if uc := e.bans[p]; uc != nil {
			why = strings.ToLower(uc.Keyword) + ", " + e.ref(&uc.CantCast).ID.String()
		}
		return refuse("%s can't cast spells for the rest of the game (%s)", p.Name, why)
	}
	if err := e.stackLocked(true); err != nil {
		return err
	}
	c.face = c.src.Card
	if c.transformed() {
		// Only the face up on the stack is evaluated (712.11c).
		c.face = c.src.Card.Back
	}
	both := ""
	for _, cl := range st.Clauses {
		if ability.BothHalvesChoices[cl.Word] {
			both = cl.Word
		}
	}
	if both != "" {
		// Both halves, a fused split spell (702.102), from the hand only.
		f, ok := first[*ability.Fuses](e, c.src)
		ok = ok && f.Choice == both
		switch {
		case !ok || len(c.face.Halves) != 2:
			return refuse("%s has no %s: only a split card with it is cast as both halves", c.src.Label, both)
		case c.src.Zone != game.Hand:
			return refuse("%s is cast fused only from its owner's hand (%s)", c.src.Label, e.ref(f).ID)
		case st.Clause("half") != nil:
			return refuse("%s: a fused split spell is both halves, not the half chosen (%s)", c.src.Label, e.ref(f).ID)
		}
		c.half = game.Fused(c.face)
		c.face = c.half
		c.cite(e, e.ref(f), f.Note, p.Name, c.src.Label, c.half.Cost)
	} else if len(c.face.Halves) == 2 {
		split := e.rules.Titled("Split Cards")
		hc := st.Clause("half")
		if hc == nil {
			return refuse("%s is a split card: choose the half cast (half NAME)", c.face.Name)
		}
		for _, h := range c.face.Halves {
			if strings.EqualFold(h.Name, hc.Names[0].Text) {
				c.half = h
			}
		}
		if c.half == nil {
			return refuse("%s has no half named %s", c.face.Name, hc.Names[0].Text)
		}
		c.face = c.half
		c.cite(e, game.Within(split, "chooses which half", "announce which", "half being cast", "half being played"), "%s chooses to cast %s; on the stack only that half's characteristics exist", p.Name, c.half.Name)
		for _, hf := range halfFroms(e, c.half) {
			switch {
			case hf.Only && c.src.Zone != hf.Zone:
				return refuse("%s can't be cast from any zone other than a %s (%s)", c.half.Name, hf.Zone, e.ref(hf).ID)
			case !hf.Only && c.src.Zone == hf.Zone:
				c.cite(e, e.ref(hf), hf.Note, c.half.Name, hf.Zone)
			}
		}
	}
	if c.alt != nil && c.alt.FaceDown {
		c.cite(e, e.ref(c.alt), c.alt.Note, p.Name, c.src.Label, c.alt.Cost)
	}
	if err := e.reveal(c, st); err != nil {
		return err
	}
	if err := e.timing(c, st); err != nil {
		return err
	}
	c.cite(e, e.rules.Find(phAnnounce...), "%s announces %s and puts it on the stack", p.Name, c.face.Name)
	if err := e.knownChoices(c, st); err != nil {
		return err
	}
	if err := e.modes(c, st); err != nil {
		return err
	}
	if err := e.changeText(c); err != nil {
		return err
	}
	if err := e.optionalCosts(c, st); err != nil {
		return err
	}
	if err := e.splices(c, st); err != nil {
		return err
	}
	if err := e.targets(c, st); err != nil {
		return err
	}
	if err := e.totalCost(c, st); err != nil {
		return err
	}
	if err := e.chooseParts(c.pay, c.face.Additional.Parts, st); err != nil {
		return err
	}
	if c.alt != nil {
		if err := e.chooseParts(c.pay, c.alt.Additional, st); err != nil {
			return err
		}
	}
	if err := e.pay(c, st); err != nil {
		return err
	}
	// Everything is decided: the card moves, the costs are paid.
	c.info.Cast, c.info.From = true, c.src.Zone
	spell := e.s.Move(c.src, game.Stack, nil, false)
	spell.Half = c.half
	spell.Spell = c.info
	spell.FaceDown = c.alt != nil && c.alt.FaceDown
	spell.Transformed = c.transformed()
	if c.alt != nil {
		c.info.Alt = c.alt.Choice
		c.info.FaceDownWith = faceDownWith(c.alt)
	}
	if c.alt != nil && c.alt.ExileAfter {
		e.effects = append(e.effects, e.exileAfter(spell, c.alt))
	}
	if c.half != nil {
		for _, inst := range c.half.Abilities {
			for _, a := range ability.OfInstance(inst, e) {
				if x, ok := a.(*ability.ExileCastFrom); ok && c.info.From == x.Zone {
					e.effects = append(e.effects, e.exileAfter(spell, &ability.AltCost{Base: x.Base}))
				}
			}
		}
	}
	for _, f := range c.steps {
		f()
	}
	for _, o := range c.tap {
		o.Tapped = true
	}
	for _, o := range c.sac {
		e.leaveBattlefield(o, game.Graveyard, "sacrificed")
	}
	for _, o := range c.exile {
		e.s.Move(o, game.Exile, nil, false)
	}
	for _, o := range c.pay.sac {
		c.info.Sacrificed = append(c.info.Sacrificed, o.Power())
	}
	e.settle(c.pay, c.total, e.rules.Find(phPay...))
	e.s.CastThisTurn = append(e.s.CastThisTurn, spell)
	c.info.CastNumber = len(e.s.CastThisTurn)
	e.s.Cite(e.rules.Find(phCastDone...), "%s becomes %s (spell %d this turn)", stackName(spell), e.term("cast", "played"), c.info.CastNumber)
	e.onCast(spell)
	return nil
}

// altCost finds the card cast and the alternative cost the statement
// chooses by its clause (flashback, madness, face down): the card must be
// in the zone that cost permits casting from, else in its owner's hand.
func (e *engine) altCost(c *casting, st *Stmt) error {
	p := c.p
	if o := e.s.Find(st.Object.Text); o != nil && o.Owner == p && e.free[o] != nil && o.Zone == e.free[o].From {
		// An ability resolving casts it without paying its mana cost.
		c.src, c.alt = o, e.free[o]
		return nil
	}
	if ok, err := e.permitted(c, st); ok {
		return err
	}
	var alts []string
	for _, cl := range st.Clauses {
		if ability.AltChoices[cl.Word] != "" {
			alts = append(alts, ability.AltChoices[cl.Word])
		}
	}
	if len(alts) > 1 {
		return refuse("%s: at most one alternative cost can be applied to a spell (%s)", strings.Join(alts, " and "), e.rules.Find("only one alternative cost can be applied", "can't apply two alternative methods of playing or two alternative costs").ID)
	}
	for _, z := range []game.Zone{game.Hand, game.Graveyard, game.Exile} {
		o := e.s.FindIn(st.Object.Text, z)
		if o == nil || o.Owner != p {
			continue
		}
		for _, a := range all[*ability.AltCost](e, o) {
			if st.Clause(a.Choice) != nil && o.Zone == a.From {
				if a.Permitted && !e.permits[o] {
					return refuse("%s may be %s from the %s for its %s cost only while its %s ability permits it (%s)", o.Label, e.term("cast", "played"), e.zone(a.From), ability.AltChoices[a.Choice], a.Keyword, e.ref(a).ID)
				}
				if err := e.altAllowed(c, o, a); err != nil {
					return err
				}
				c.src, c.alt = o, a
				return nil
			}
		}
	}
	for _, cl := range st.Clauses {
		if ability.AltChoices[cl.Word] != "" {
			// A choice of an alternative cost the card does not have,
			// or from a zone it is not in.
			o := e.s.Find(st.Object.Text)
			if o != nil && o.Owner == p {
				for _, a := range all[*ability.AltCost](e, o) {
					if a.Choice == cl.Word {
						return refuse("%s is not in %s's %s", st.Object.Text, p.Name, a.From)
					}
				}
			}
			return refuse("%s has no %s", st.Object.Text, ability.AltChoices[cl.Word])
		}
	}
	if err := e.notCast(e.s.Find(st.Object.Text)); err != nil {
		return err
	}
	if hc := st.Clause("half"); hc != nil && len(hc.Names) > 0 {
		// A half cast from a zone of its own (aftermath's graveyard,
		// 702.127a): the card is found there.
		for _, z := range []game.Zone{game.Graveyard, game.Exile} {
			o := e.s.FindIn(st.Object.Text, z)
			if o == nil || o.Owner != p {
				continue
			}
			for _, h := range o.Card.Halves {
				for _, hf := range halfFroms(e, h) {
					if strings.EqualFold(h.Name, hc.Names[0].Text) && hf.Zone == z && !hf.Only {
						c.src = o
						return nil
					}
				}
			}
		}
	}
	if o := e.s.Find(st.Object.Text); o != nil && o.Card.Is("Land") {
		// A land is played as a special action, never cast (305.1,
		// 305.9; 212.6 in 2006).
		r := e.rules.FindUnder([]string{"Lands", "Land"}, phPlayLand...)
		if r.IsZero() {
			r = e.rules.Find(phPlayLand...)
		}
		return refuse("%s is a land card: it can't be %s as a spell; a land is played (%s)", o.Label, e.term("cast", "played"), r.ID)
	}
	c.src = e.s.FindIn(st.Object.Text, game.Hand)
	if c.src == nil || c.src.Owner != p {
		return refuse("%s is not in %s's %s", st.Object.Text, p.Name, game.Hand)
	}
	return nil
}

// changeText applies the text-changing effect of the alternative cost
// chosen (612; overload, 702.96a) to the spell's instructions as it is
// cast: they are read again from the changed text, before targets are
// chosen, so that "each" needs none (702.96b).
func (e *engine) changeText(c *casting) error {
	if c.alt == nil || c.alt.Change == nil || len(c.face.Modes) > 0 {
		return nil
	}
	kw := strings.ToLower(c.alt.Keyword)
	changed := []game.Effect{}
	var texts []string
	for _, ef := range c.face.Effects {
		t := c.alt.Change.Apply(ef.Text)
		n, err := game.ParseEffect(t)
		if err != nil {
			return refuse("%s: %q, the text %s changes, is no instruction the engine reads (%s)", kw, t, kw, e.ref(c.alt).ID)
		}
		n.Text = t
		changed = append(changed, n)
		texts = append(texts, t)
	}
	c.info.Changed = changed
	c.cite(e, e.ref(c.alt, "change its text"), "%s: every %q in the text of %s becomes %q: %s", kw, c.alt.Change.From, c.face.Name, c.alt.Change.To, strings.Join(texts, "; "))
	return nil
}

// altAllowed refuses alternative cost a of card o when the spell it
// would become is not of a type the cost permits, or when its condition
// is false as the spell is cast (601.2b: the choice is made as the
// spell is announced).
func (e *engine) altAllowed(c *casting, o *game.Object, a *ability.AltCost) error {
	kw := strings.ToLower(a.Keyword)
	if len(a.Types) > 0 && !slices.ContainsFunc(a.Types, o.Card.Is) {
		types := strings.ToLower(strings.Join(a.Types, " or "))
		return refuse("%s is not an %s card: casting it for its %s cost would not make an %s spell (%s)", o.Label, types, kw, types, e.ref(a).ID)
	}
	if a.If == nil {
		return nil
	}
	if ok, why := e.condition(a.If, o, c.p, nil); !ok {
		return refuse("the %s cost of %s can be paid only if %s, and that is false%s (%s)", kw, o.Label, a.If.Text, why, e.ref(a).ID)
	}
	return nil
}

// timing: a sorcery-speed spell needs the caster's main phase and an
// empty stack, unless an ability lets it be cast as an instant (flash,
// or a cost paid with permanents that permits it).
func (e *engine) timing(c *casting, st *Stmt) error {
	if c.face.Is("Instant") || c.alt != nil && c.alt.AnyTime {
		return nil
	}
	if f, ok := first[*ability.InstantSpeed](e, c.src); ok {
		c.cite(e, e.ref(f), f.Note, c.face.Name)
		return nil
	}
	for _, a := range all[*ability.PayWithPermanents](e, c.src) {
		if a.AnyTime && st.Clause(a.Choice) != nil {
			return nil
		}
	}
	if e.s.ActivePlayer() != c.p || e.s.Top() != nil || e.s.Step != "main" {
		return refuse("%s can be %s only in its controller's main phase with an empty stack (%s)", c.face.Name, e.term("cast", "played"), e.timingRef(c.face).ID)
	}
	return nil
}

// typeTitles are the titles of the rules of the card types whose first
// subrule says when a card of that type may be cast (307.1 for a
// sorcery today, 212.7a in 2006).
var typeTitles = []struct{ typ, title string }{
	{"Sorcery", "Sorceries"}, {"Creature", "Creatures"}, {"Artifact", "Artifacts"},
	{"Enchantment", "Enchantments"}, {"Planeswalker", "Planeswalkers"}, {"Battle", "Battles"},
	{"Kindred", "Kindred"}, {"Tribal", "Tribals"},
}

var (
	// phPlayLand finds the rule that says when a land is played.
	phPlayLand = []string{"play a land card", "land card from", "play a land"}
	// phTypeTiming finds that subrule: "may cast a sorcery card from
	// their hand during a main phase of their turn".
	phTypeTiming = []string{"during a main phase"}
	// phNonInstant says it for every type before 2006 (408.1d of
	// 2002-10-07): "Spells other than instants can be played only
	// during a player's main phase".
	phNonInstant = []string{"spells other than instants can be played only during", "other than instants"}
)

// timingRef is the rule that says when a card like face may be cast:
// the rule of its card type, or the general one of its revision.
func (e *engine) timingRef(face *game.Card) game.Ref {
	for _, t := range typeTitles {
		if face.Is(t.typ) {
			if r := e.rules.FindUnder([]string{t.title}, phTypeTiming...); !r.IsZero() {
				return r
			}
		}
	}
	if r := e.rules.Find(phNonInstant...); !r.IsZero() {
		return r
	}
	return e.rules.Find(phSorcery...)
}

// reveal: the cards revealed for amplify, which must share a creature
// type with the spell.
func (e *engine) reveal(c *casting, st *Stmt) error {
	cl := st.Clause("reveal")
	if cl == nil {
		return nil
	}
	var ew *ability.EntersWith
	for _, x := range all[*ability.EntersWith](e, c.src) {
		if x.Per == "revealed" {
			ew = x
		}
	}
	if ew == nil {
		return refuse("%s has no ability that reveals cards as it enters", c.face.Name)
	}
	rule := e.ref(ew)
	var labels []string
	for _, n := range cl.Names {
		o := e.s.FindIn(n.Text, game.Hand)
		if o == nil || o.Owner != c.p || o == c.src || slices.Contains(labels, o.Label) {
			return refuse("%s is not another card in %s's hand (%s)", n.Text, c.p.Name, rule.ID)
		}
		if !game.ShareCreatureType(o, c.src) || !o.Is("Creature") {
			return refuse("%s shares no creature type with %s (%s)", o.Label, c.face.Name, rule.ID)
		}
		labels = append(labels, o.Label)
	}
	e.revealed[c.src.Label] = labels
	c.cite(e, rule, "%s: %s reveals %s", strings.ToLower(ew.Keyword), c.p.Name, strings.Join(labels, ", "))
	return nil
}

// optionalCosts: the player announces the optional additional costs
// they intend to pay (kicker, multikicker N times, buyback) as they
// choose modes (601.2b, 409.1b in 2006); each is added to the total cost
// and remembered on the spell ("if it was kicked", "for each time it was
// kicked"). A choice of one the card does not have is refused.
func (e *engine) optionalCosts(c *casting, st *Stmt) error {
	for _, a := range all[*ability.AddCost](e, c.src) {
		cl := st.Clause(a.Choice)
		if a.AllModes || cl == nil {
			continue
		}
		n, what := 1, a.Cost.String()
		if a.Opponent {
			// "You may choose an opponent" (gift, 702.174a): the
			// clause names them.
			if len(cl.Names) != 1 {
				return refuse("%s: name the opponent chosen (%s)", a.Choice, e.ref(a).ID)
			}
			q := e.s.Player(cl.Names[0].Text)
			if q == nil || q == c.p || q.Lost {
				return refuse("%s: %s is not an opponent of %s in the game (%s)", a.Choice, cl.Names[0].Text, c.p.Name, e.ref(a).ID)
			}
			c.info.Chosen, what = q.Name, q.Name
		} else if len(a.Parts) > 0 {
			// A cost in words: the clause names what it takes
			// ("casualty Grizzly Bears" sacrifices it).
			var named []*Clause
			for _, part := range a.Parts {
				if w := part.Choice(); w != "" {
					named = append(named, &Clause{Word: w, Pos: cl.Pos, Names: cl.Names})
				}
			}
			if err := e.chooseParts(c.pay, a.Parts, &Stmt{Clauses: named}); err != nil {
				return refuse("%s: %v (%s)", a.Choice, err, e.ref(a).ID)
			}
			what = game.FullCost{Parts: a.Parts}.String()
		}
		if a.Repeatable {
			n = cl.N
			what = fmt.Sprintf("%d %s", n, plural(n, "time"))
			if n > 0 {
				what += fmt.Sprintf(" (%s each)", a.Cost)
			}
		}
		for range n {
			c.total = c.total.Plus(a.Cost)
			c.info.Optional = append(c.info.Optional, a.Choice)
		}
		if a.Kicks && n > 0 {
			c.info.Kicked = true
		}
		c.cite(e, e.ref(a), a.Note, c.p.Name, what)
	}
	return nil
}

// knownChoices refuses a choice of an optional additional cost or a
// cost reduction the card does not have ("kicker" for a spell with no
// kicker).
func (e *engine) knownChoices(c *casting, st *Stmt) error {
	for _, cl := range st.Clauses {
		if ability.AddChoices[cl.Word] && !hasAddCost(e, c.src, cl.Word) {
			return refuse("%s has no %s", c.face.Name, cl.Word)
		}
		if ability.ReduceChoices[cl.Word] && !hasReduction(e, c.src, cl.Word) {
			return refuse("%s has no %s", c.face.Name, cl.Word)
		}
		if ability.PayerChoices[cl.Word] && !slices.ContainsFunc(all[*ability.AnotherPays](e, c.src), func(a *ability.AnotherPays) bool { return a.Choice == cl.Word }) {
			return refuse("%s has no %s", c.face.Name, cl.Word)
		}
	}
	return nil
}

// hasReduction reports whether o has a cost reduction chosen by word.
func hasReduction(e *engine, o *game.Object, word string) bool {
	for _, a := range all[*ability.PayWithPermanents](e, o) {
		if a.Choice == word {
			return true
		}
	}
	return false
}

// hasAddCost reports whether o has an optional additional cost chosen by
// word.
func hasAddCost(e *engine, o *game.Object, word string) bool {
	for _, a := range all[*ability.AddCost](e, o) {
		if a.Choice == word {
			return true
		}
	}
	return false
}

// modes: a modal spell needs a mode, or all modes with entwine.
func (e *engine) modes(c *casting, st *Stmt) error {
	if len(c.face.Modes) == 0 {
		if st.Clause("mode") != nil {
			// 601.2b (409.1b in 2006): a mode is announced only for a
			// modal spell.
			return refuse("%s is not modal: it has no mode to choose (%s)", c.face.Name, e.rules.Find(phModes...).ID)
		}
		return nil
	}
	for _, a := range all[*ability.AddCost](e, c.src) {
		if !a.AllModes || st.Clause(a.Choice) == nil {
			continue
		}
		for i := range c.face.Modes {
			c.info.Modes = append(c.info.Modes, i)
		}
		c.total = c.total.Plus(a.Cost)
		c.info.Optional = append(c.info.Optional, a.Choice)
		c.cite(e, e.ref(a), a.Note, a.Cost)
		return nil
	}
	mcs := all[*ability.ModeCost](e, c.src)
	many := c.face.ModesMany || slices.ContainsFunc(mcs, func(m *ability.ModeCost) bool { return m.Many })
	mc := st.Clause("mode")
	var chosen []int
	if mc != nil {
		chosen = mc.Ns
	}
	if len(chosen) == 0 || !many && len(chosen) != 1 {
		if many {
			return refuse("%s is modal: choose one or more modes of %d (mode N, M)", c.face.Name, len(c.face.Modes))
		}
		return refuse("%s is modal: choose one mode of %d (mode N)", c.face.Name, len(c.face.Modes))
	}
	var names []string
	for _, n := range chosen {
		if n < 1 || n > len(c.face.Modes) {
			return refuse("%s has no mode %d: choose of %d (%s)", c.face.Name, n, len(c.face.Modes), e.rules.Find(phModes...).ID)
		}
		if slices.Contains(c.info.Modes, n-1) {
			return refuse("mode %d of %s can't be chosen more than once (%s)", n, c.face.Name, e.rules.Find(phModeOnce...).ID)
		}
		c.info.Modes = append(c.info.Modes, n-1)
		names = append(names, strconv.Itoa(n))
		c.cite(e, e.rules.Find(phModes...), "mode %d chosen: %s", n, c.face.Modes[n-1].Text)
	}
	which := strings.Join(names, ", ")
	for _, m := range mcs {
		var added game.Cost
		switch {
		case m.PayModes:
			if len(c.face.ModeCosts) != len(c.face.Modes) {
				return refuse("%s has no cost printed with its modes for %s to add (%s)", c.face.Name, strings.ToLower(m.Keyword), e.ref(m).ID)
			}
			for _, i := range c.info.Modes {
				added = added.Plus(c.face.ModeCosts[i])
			}
		case m.PerExtra:
			for range len(chosen) - 1 {
				added = added.Plus(m.Cost)
			}
		}
		c.total = c.total.Plus(added)
		c.cite(e, e.ref(m), strings.ToLower(m.Keyword)+": "+m.Note, which, cmp.Or(added.String(), "{0}"))
	}
	return nil
}

// effects returns what the spell will do: its chosen modes or its text,
// as its own text-changing effect left it.
func effects(face *game.Card, info *game.SpellInfo) []game.Effect {
	if info.Changed != nil {
		return info.Changed
	}
	if len(face.Modes) == 0 {
		return face.Effects
	}
	var out []game.Effect
	for _, m := range info.Modes {
		out = append(out, face.Modes[m])
	}
	return out
}

// splices adds spliced cards (702.47 today, 502.40 in 2006).
func (e *engine) splices(c *casting, st *Stmt) error {
	seen := map[*game.Object]bool{}
	for _, cl := range st.Clauses {
		if !ability.SpliceChoices[cl.Word] {
			continue
		}
		o := e.s.FindIn(cl.Names[0].Text, game.Hand)
		if o == nil || o.Owner != c.p {
			return refuse("%s is not in %s's hand", cl.Names[0].Text, c.p.Name)
		}
		sp, ok := first[*ability.Splice](e, o)
		if !ok || sp.Choice != cl.Word {
			return refuse("%s has no %s ability", o.Card.Name, cl.Word)
		}
		if o == c.src {
			return refuse("%s can't be spliced onto itself", o.Card.Name)
		}
		if !sp.OntoSpell(c.face) {
			return refuse("%s can be spliced only onto %s spells, and %s isn't one (%s)", o.Card.Name, sp.Onto, c.face.Name, e.ref(sp).ID)
		}
		if seen[o] {
			return refuse("%s can't be spliced onto the same spell more than once (%s)", o.Label, e.ref(&sp.Once).ID)
		}
		seen[o] = true
		sl := game.Splice{Card: o.Card, Label: o.Label}
		var names []Name
		if cl.Sub != nil {
			names = cl.Sub.Names
		}
		targets, err := e.chooseTargets(c, o.Card.Effects, names)
		if err != nil {
			return refuse("%s can't be spliced: %v (%s)", o.Label, err, e.ref(&sp.Choices).ID)
		}
		sl.Targets = targets
		c.info.Spliced = append(c.info.Spliced, sl)
		what := sp.Cost.String()
		if sp.CostText != "" {
			fc, err := game.ParseFullCost(sp.CostText, o.Card.Name)
			if err != nil {
				return refuse("%s: %v", o.Label, err)
			}
			if err := e.chooseParts(c.pay, fc.Parts, st); err != nil {
				return err
			}
			c.total = c.total.Plus(fc.Mana)
			what = sp.CostText
		} else {
			c.total = c.total.Plus(sp.Cost)
		}
		c.cite(e, e.ref(sp), sp.Note, c.p.Name, o.Label, c.face.Name, what, c.p.Name)
		c.cite(e, e.ref(&sp.Keeps), sp.Keeps.Note, c.face.Name, c.face.Cost.Colors(), o.Card.Name)
	}
	if len(c.info.Spliced) > 0 {
		c.cite(e, e.rules.Find(phModes...), "splicing is announced with the modes, before targets")
	}
	return nil
}

// targets chooses the main spell's targets (and an Aura's).
func (e *engine) targets(c *casting, st *Stmt) error {
	var names []Name
	if cl := st.Clause("targeting"); cl != nil {
		names = cl.Names
	}
	effs := effects(c.face, c.info)
	faceDown := c.alt != nil && c.alt.FaceDown
	if en, ok := first[*ability.Enchants](e, c.src); ok && !faceDown {
		effs = append([]game.Effect{{Verb: "attach", Target: strings.ToLower(en.What.Text)}}, effs...)
	}
	if faceDown {
		effs = nil
	}
	for _, ps := range all[*ability.PaidSpell](e, c.src) {
		if ps.Spells && !c.face.Is("Instant") && !c.face.Is("Sorcery") {
			continue
		}
		if c.alt != nil && c.alt.Choice == ps.Paid || c.info.WasPaid(ps.Paid) {
			effs = paidEffects(effs, ps)
			c.cite(e, e.ref(ps), ps.Note, c.face.Name, texts(ps.Effects))
		} else if slices.ContainsFunc(ps.Effects, func(ef game.Effect) bool { return ef.Target != "" }) {
			c.cite(e, e.ref(&ps.Optional), ps.Optional.Note, c.face.Name)
		}
	}
	if c.alt != nil && c.alt.Mutates != nil {
		// 702.140a: a mutating creature spell targets a non-Human
		// creature with the same owner as the spell.
		c.info.Mutating = true
		effs = append([]game.Effect{{Verb: "merge", Target: ability.MergeTarget, Text: ability.MergeTarget}}, effs...)
	}
	t, err := e.chooseTargets(c, effs, names)
	if err != nil {
		return refuse("%v", err)
	}
	c.info.Targets = t
	if len(t) > 0 {
		var ns []string
		for _, x := range t {
			n := x.Name()
			if n == "" && x.Object != nil {
				n = x.Object.Label + " (face down, no name)"
			}
			ns = append(ns, n)
		}
		c.cite(e, e.rules.Find(phTargets...), "targets: %s", strings.Join(ns, ", "))
	}
	return nil
}

// chooseTargets matches named targets to the effects that target.
func (e *engine) chooseTargets(c *casting, effs []game.Effect, names []Name) ([]game.Target, error) {
	var out []game.Target
	i := 0
	for _, ef := range effs {
		for _, want := range []string{ef.Target, ef.Other} {
			if want == "" {
				continue
			}
			if i >= len(names) {
				return nil, fmt.Errorf("%q needs a target", ef.Text)
			}
			t, err := e.target(names[i].Text)
			if err != nil {
				return nil, err
			}
			if err := e.canTarget(c.object(e.s), c.p, want, t); err != nil {
				return nil, err
			}
			out = append(out, t)
			i++
		}
	}
	if i < len(names) {
		return nil, fmt.Errorf("too many targets: %s", names[i].Text)
	}
	return out, nil
}

func (e *engine) target(name string) (game.Target, error) {
	if p := e.s.Player(name); p != nil {
		return game.Target{Player: p}, nil
	}
	o := e.s.Find(name)
	if o == nil {
		return game.Target{}, fmt.Errorf("no %s to target", name)
	}
	return game.Target{Object: o}, nil
}

// canTarget is the one legality check of a target (601.2c and 608.2b
// today, 409.1c and 413.2a in 2006), for spells, activated and
// triggered abilities, copies and new targets, on announcement and on
// resolution: src is the spell, or the source of the ability, and
// controller the player who controls the spell or ability; want is what
// the text asks for ("creature", "any", "player", "spell", "creature
// spell", "permanent spell", an Aura's enchant quality). Then the target's own abilities may forbid it
// (protection, hexproof).
func (e *engine) canTarget(src *game.Object, controller *game.Player, want string, t game.Target) error {
	if t.Player != nil {
		if want == "opponent" && t.Player == controller {
			return fmt.Errorf("%s is not an opponent of %s", t.Player.Name, controller.Name)
		}
		if want == "player" || want == "any" || want == "opponent" {
			return nil
		}
		return fmt.Errorf("%s is a player, not a %s%s", t.Player.Name, want, e.enchantCite(src, want))
	}
	o := t.Object
	switch want {
	case "spell":
		if o.Zone != game.Stack || o.Spell == nil {
			return fmt.Errorf("%s is not a spell", o.Label)
		}
		return nil
	case "creature spell", "permanent spell", "aura spell", "instant or sorcery spell":
		if o.Zone != game.Stack || o.Spell == nil {
			return fmt.Errorf("%s is not a spell", o.Label)
		}
		if want == "instant or sorcery spell" {
			if !o.Is("Instant") && !o.Is("Sorcery") {
				return fmt.Errorf("%s is not an %s", o.Label, want)
			}
			return nil
		}
		kind, _ := strings.CutSuffix(want, " spell")
		if kind == "permanent" && !o.IsPermanent() || kind != "permanent" && !ability.Q(kind).Matches(o) {
			return fmt.Errorf("%s is not a %s", o.Label, want)
		}
		return nil
	case "creature", "any":
		if want == "any" && o.Zone == game.Battlefield && o.Is("Planeswalker") && strings.Contains(strings.ToLower(e.rules.Find(phAnyTarget...).Text), "planeswalker") {
			break
		}
		if want == "any" && o.Zone == game.Battlefield && o.Is("Battle") && strings.Contains(strings.ToLower(e.rules.Find(phAnyTarget...).Text), "battle") {
			break
		}
		if o.Zone != game.Battlefield || !o.Is("Creature") {
			return fmt.Errorf("%s is not a creature on the battlefield%s", o.Label, e.enchantCite(src, want))
		}
	case "player", "opponent":
		return fmt.Errorf("%s is not a player", o.Label)
	case ability.MergeTarget:
		// 702.140a: "a non-Human creature with the same owner as this
		// spell".
		var rule game.Ref
		if m := e.mutates(src); m != nil {
			rule = e.ref(&m.Target)
		}
		if o.Zone != game.Battlefield || !o.Is("Creature") {
			return fmt.Errorf("%s is not a creature on the battlefield: a mutating creature spell targets a non-Human creature (%s)", o.Label, rule.ID)
		}
		if o.HasSubtype("Human") {
			return fmt.Errorf("%s is a Human: a mutating creature spell targets a non-Human creature (%s)", o.Label, rule.ID)
		}
		if o.Owner != src.Owner {
			return fmt.Errorf("%s is owned by %s: a mutating creature spell targets a creature with the same owner as the spell (%s)", o.Label, o.Owner.Name, rule.ID)
		}
	case "permanent":
		if o.Zone != game.Battlefield {
			return fmt.Errorf("%s is not a permanent", o.Label)
		}
	case "creature you don't control":
		// Fight's foe (701.14a): a creature of another player.
		if o.Zone != game.Battlefield || !o.Is("Creature") || o.Controller() == controller {
			return fmt.Errorf("%s is not a creature %s doesn't control", o.Label, controller.Name)
		}
	case "creature you control", "land you control", "another creature you control":
		// Equip, fortify, reconfigure: a permanent of the type its
		// controller controls (and, "another", not the source).
		kind := strings.TrimPrefix(strings.TrimSuffix(want, " you control"), "another ")
		if o.Zone != game.Battlefield || !o.Is(kind) || o.Controller() != controller {
			return fmt.Errorf("%s is not a %s %s controls", o.Label, kind, controller.Name)
		}
		if o == src && strings.HasPrefix(want, "another ") {
			return fmt.Errorf("%s is the source itself, not another %s", o.Label, kind)
		}
	default: // an Aura's enchant quality, a card type
		if o.Zone != game.Battlefield || !ability.Q(want).Matches(o) {
			a := "a"
			if strings.ContainsRune("aeiou", rune(want[0])) {
				a = "an"
			}
			r := e.attachRule(src)
			if r.IsZero() {
				// A spell's own target ("destroy target attacking
				// creature"): the rule by which targets are chosen.
				r = e.rules.Find(phTargets...)
			}
			return fmt.Errorf("%s is not %s %s on the battlefield (%s)", o.Label, a, want, r.ID)
		}
	}
	return e.shielded(src, controller, o)
}

// enchantCite is " (RULE)", the rule of what src enchants, when want
// is what it enchants: the reason an Aura or local enchantment spell
// can't target an object; "" for any other spell.
func (e *engine) enchantCite(src *game.Object, want string) string {
	if en, ok := first[*ability.Enchants](e, src); ok && strings.EqualFold(en.What.Text, want) {
		if r := e.attachRule(src); !r.IsZero() {
			return " (" + r.ID.String() + ")"
		}
	}
	return ""
}

// attachRule cites what src, an Aura or a local enchantment, can
// enchant: its enchant ability, or the rule of its subtype.
func (e *engine) attachRule(src *game.Object) game.Ref {
	if en, ok := first[*ability.Enchants](e, src); ok {
		if en.Local {
			return e.rules.Find(en.Rule...)
		}
		return e.ref(en)
	}
	return game.Ref{}
}

// shielded checks a target's own abilities that forbid it: protection
// from a quality the source has, hexproof against an opponent.
func (e *engine) shielded(src *game.Object, controller *game.Player, o *game.Object) error {
	for _, pr := range all[*ability.Protection](e, o) {
		if pr.From.Matches(src) {
			w := what(src)
			switch {
			case pr.From.Everything():
				w = "spells or abilities"
			case e.playerNamed(pr.From.Text) != nil:
				w = "spells or abilities " + e.playerNamed(pr.From.Text).Name + " controls"
			}
			return fmt.Errorf("%s has protection from %s and can't be the target of %s (%s)", o.Label, pr.From.Text, w, e.protRef(pr, pr.Target).ID)
		}
	}
	for _, u := range all[*ability.Untargetable](e, o) {
		if !u.ByOpponents || o.Controller() != controller {
			r := e.ref(u)
			if u.Keyword == "" {
				// Card text: the rule by which targets are chosen
				// (601.2c; 409.1c in 2006).
				r = e.rules.Find(phTargets...)
			}
			return fmt.Errorf(u.Note+" (%s)", o.Label, r.ID)
		}
	}
	return nil
}

// protRef cites the subrule of protection pr that forbids what phrases
// select: protection from everything and from a player (702.16j–k) say
// it in subrules of their own.
func (e *engine) protRef(pr *ability.Protection, phrases []string) game.Ref {
	switch {
	case pr.From.Everything():
		return e.ref(pr, pr.Everything...)
	case e.playerNamed(pr.From.Text) != nil:
		return e.ref(pr, pr.Player...)
	}
	return e.ref(pr, phrases...)
}

// playerNamed is the player named name, or nil.
func (e *engine) playerNamed(name string) *game.Player {
	for _, p := range e.s.Players {
		if strings.EqualFold(p.Name, name) {
			return p
		}
	}
	return nil
}

// what names a source for a refusal: "a red spell", "an ability of a
// red source".
func what(src *game.Object) string {
	col := src.Colors().String()
	if src.Zone == game.Stack && src.Ability == nil {
		return "a " + col + " spell"
	}
	return "an ability of " + src.Label + " (" + col + ")"
}

// totalCost: the mana cost or an alternative cost, plus additional
// costs, minus reductions, never below zero.
func (e *engine) totalCost(c *casting, st *Stmt) error {
	x := 0
	base := c.face.Cost
	if a := c.alt; a != nil && a.Additional == nil {
		base = a.Cost
	}
	if cl := st.Clause("x"); cl != nil {
		// 601.2b (409.1b in 2006): the value of a variable cost is
		// announced; a spell whose costs have no {X} has none.
		if !base.HasX() && !c.total.HasX() && !c.face.Additional.Mana.HasX() {
			return refuse("%s has no {X} in its cost: there is no value of X to announce (%s)", c.face.Name, e.rules.Find(phVariable...).ID)
		}
		x = cl.N
	}
	c.info.X = x
	base = base.WithX(x)
	if a := c.alt; a != nil {
		if a.If != nil {
			c.cite(e, e.ref(a), "%s: %s, so the %s cost of %s may be paid", strings.ToLower(a.Keyword), a.If.Text, strings.ToLower(a.Keyword), c.face.Name)
		}
		if !a.FaceDown && a.Note != "" {
			// A permission an exiled card carries has cited its rule
			// as the card was chosen (permitted).
			c.cite(e, e.ref(a), a.Note, c.face.Name, base)
		}
	}
	total := base.Plus(c.total)
	// 601.2f (409.1f in 2006): plus all cost increases, then minus all
	// cost reductions.
	spell := c.object(e.s)
	for _, verb := range []string{"increase", "reduce"} {
		for _, o := range e.s.Battlefield() {
			for _, ef := range textEffects(o) {
				if ef.Verb != verb || ef.Yours && o.Controller() != c.p || !spellOf(ef.Name, spell) {
					continue
				}
				n := game.Cost{Symbols: []game.Symbol{{Generic: ef.N}}}
				if verb == "increase" {
					total = total.Plus(n)
					c.cite(e, e.rules.Find(phTotalCost...), "%s: %s costs {%d} more; increases apply before reductions", o.Label, c.face.Name, ef.N)
					continue
				}
				var left game.Cost
				total, left = total.Reduce(n)
				c.cite(e, e.rules.Find(phTotalCost...), "%s: %s costs {%d} less, after the increases%s", o.Label, c.face.Name, ef.N, wasted(left))
			}
		}
	}
	if a := c.alt; a != nil && a.With != nil {
		var err error
		if total, err = e.altParts(c, a, st, total); err != nil {
			return err
		}
	}
	for _, r := range all[*ability.Reduction](e, c.src) {
		n, what := 0, r.Per.Text
		for _, o := range e.s.Controlled(c.p) {
			if r.Per.Matches(o) && !r.Opponents {
				n++
			}
		}
		if r.Opponents {
			n, what = len(e.s.Opponents(c.p)), strings.ToLower(r.Keyword)
			if left := len(e.s.Players) - 1 - n; left > 0 {
				c.cite(e, e.ref(r, "left the game"), "%s: players who have left the game (%d) are not counted as opponents", strings.ToLower(r.Keyword), left)
			}
		}
		var left game.Cost
		total, left = total.Reduce(game.Cost{Symbols: []game.Symbol{{Generic: n}}})
		c.cite(e, e.ref(r), r.Note, what, n, n, wasted(left))
	}
	total, err := e.payWithPermanents(c, st, total)
	if err != nil {
		return err
	}
	c.total = total
	c.info.Total = total
	c.cite(e, e.rules.Find(phTotalCost...), "total cost of %s: %s", c.face.Name, total)
	// What another player pays of it is left out of what its caster
	// pays (assist).
	c.total, err = e.anotherPays(c, st, total)
	return err
}

// altParts chooses the permanents alternative cost a takes besides its
// mana (emerge's creature sacrificed, web-slinging's tapped creature
// returned), as the cost is chosen (601.2b), paid with the total cost
// (601.2h), and reduces total by generic mana equal to the mana value
// of the one chosen when a says so (emerge).
func (e *engine) altParts(c *casting, a *ability.AltCost, st *Stmt, total game.Cost) (game.Cost, error) {
	before := c.pay.objects()
	if err := e.chooseParts(c.pay, a.With, st); err != nil {
		return total, refuse("%s: %v (%s)", strings.ToLower(a.Keyword), err, e.ref(a).ID)
	}
	kw := strings.ToLower(a.Keyword)
	for _, o := range c.pay.objects() {
		if slices.Contains(before, o) {
			continue
		}
		c.cite(e, e.ref(a), "%s: %s is chosen to pay %s's %s cost", kw, o.Label, c.face.Name, kw)
		if a.ReduceBy == "" {
			continue
		}
		n := o.ManaValues(true)[0]
		if a.ReduceBy == "power" {
			n = max(o.Power(), 0)
		}
		var left game.Cost
		total, left = total.Reduce(game.Cost{Symbols: []game.Symbol{{Generic: n}}})
		c.cite(e, e.ref(a, "reduced"), "%s: the total cost of %s is reduced by {%d}, the %s of %s%s", kw, c.face.Name, n, a.ReduceBy, o.Label, wasted(left))
	}
	return total, nil
}

func wasted(left game.Cost) string {
	if left.Value(0) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s of the reduction is unused: a cost is never reduced below zero)", left)
}

// pay chooses the mana (and the life, for Phyrexian symbols) named by a
// pay clause, or chooses the mana; it is paid with the rest once the
// spell is on the stack.
func (e *engine) pay(c *casting, st *Stmt) error {
	cost, n, rule, err := e.spendOnly(c.face, c.info.X, c.total)
	if err != nil {
		return err
	}
	if err := e.chooseMana(c.pay, cost, st); err != nil {
		if n == 0 {
			return err
		}
		probe := *c.pay
		if e.chooseMana(&probe, c.total, st) != nil {
			return err
		}
		return refuse("only snow mana may be spent on X: %d of %s must be paid with snow mana (%s)", n, c.total, rule.ID)
	}
	if n > 0 {
		c.cite(e, rule, "only snow mana is spent on X: %d of %s is paid with snow mana (%s)", n, c.total, c.pay.mana)
	}
	c.info.Paid = c.pay.mana
	c.info.PhyrexianLife = c.pay.phyrexian
	return nil
}

// payWithPermanents pays part of total with the permanents each of the
// spell's abilities of that kind names by its clause, tapped or
// sacrificed once the cost is paid, and returns what is left.
func (e *engine) payWithPermanents(c *casting, st *Stmt, total game.Cost) (game.Cost, error) {
	done := map[string]bool{}
	for _, a := range all[*ability.PayWithPermanents](e, c.src) {
		cl := st.Clause(a.Choice)
		if cl == nil || done[a.Choice] {
			// A second instance is redundant: the clause is read once.
			continue
		}
		done[a.Choice] = true
		rule := e.ref(a)
		if a.One && len(cl.Names) > 1 {
			return total, refuse("%s: only one %s permanent can be sacrificed (%s)", cl.Word, a.Of.Text, e.ref(a, " means ").ID)
		}
		for _, n := range cl.Names {
			name, colour, _ := strings.Cut(n.Text, "=")
			o := e.s.FindIn(strings.TrimSpace(name), game.Battlefield)
			if a.Graveyard {
				o = e.s.FindIn(strings.TrimSpace(name), game.Graveyard)
				if o == nil || o.Owner != c.p || slices.Contains(c.exile, o) {
					return total, refuse("%s is not a card in %s's graveyard (%s)", strings.TrimSpace(name), c.p.Name, e.ref(a, " means ").ID)
				}
			} else if o == nil || o.Controller() != c.p || !a.Of.Matches(o) || !a.Sacrifice && o.Tapped || slices.Contains(c.tap, o) || slices.Contains(c.sac, o) {
				what := "an untapped " + a.Of.Text
				if a.Sacrifice {
					what = "a " + a.Of.Text + " permanent"
				}
				return total, refuse("%s is not %s %s controls (%s)", strings.TrimSpace(name), what, c.p.Name, e.ref(a, " means ").ID)
			}
			if a.Generic && a.Exact && total.Generic() == 0 {
				return total, refuse("no generic mana is left in the total cost %s for %s to pay (%s)", total, o.Label, rule.ID)
			}
			r, what := game.Cost{Symbols: []game.Symbol{{Generic: 1}}}, "{1}"
			switch {
			case a.ItsCost:
				r, what = o.Card.Cost, o.Card.Cost.String()
			case colour != "":
				col, ok := game.ParseColor(colour)
				if !ok || col.Count() != 1 || o.Colors()&col == 0 {
					return total, refuse("%s is %s and can't pay {%s} (%s)", o.Label, o.Colors(), colour, rule.ID)
				}
				r, what = game.Cost{Symbols: []game.Symbol{{Color: col}}}, "{"+col.Letter()+"}"
			}
			before := total
			var left game.Cost
			total, left = total.Reduce(r)
			if left.Value(0) > 0 && !a.ItsCost {
				if a.Exact {
					return total, refuse("no mana is left in the total cost %s for %s to pay (%s)", before, o.Label, rule.ID)
				}
				what = "nothing: the cost is already zero, and it is never reduced below zero"
				if before.Value(0) > 0 {
					what = fmt.Sprintf("nothing: %s is still owed, but none of it is mana %s can pay", before, o.Label)
				}
			}
			how := "tapped"
			switch {
			case a.Graveyard:
				c.exile, how = append(c.exile, o), e.term("exiled", "removed from the game")
			case a.Sacrifice:
				c.sac = append(c.sac, o)
			default:
				c.tap = append(c.tap, o)
			}
			c.cite(e, rule, a.Note, a.Of.Text, o.Label, o.Colors(), what, total, wasted(left), how)
		}
	}
	return total, nil
}

// faceDownWith are the abilities a spell cast face down for alternative
// cost alt has besides the 2/2 of 708.2 (disguise's ward {2}); none when
// it isn't cast face down.
func faceDownWith(alt *ability.AltCost) []game.Ability {
	if alt == nil || !alt.FaceDown {
		return nil
	}
	return alt.FaceDownWith
}

// halfFroms are the abilities of split card half h that say which zones
// it may be cast from (aftermath's, 702.127a).
func halfFroms(e *engine, h *game.Card) []*ability.HalfFrom {
	var out []*ability.HalfFrom
	for _, inst := range h.Abilities {
		for _, a := range ability.OfInstance(inst, e) {
			if hf, ok := a.(*ability.HalfFrom); ok {
				out = append(out, hf)
			}
		}
	}
	return out
}

// anotherPays has the player an "assist PLAYER=N" clause names pay N of the
// generic mana in total, once it is determined (601.2f), from their mana pool
// (702.132a): another player in the game, chosen by the caster of a
// spell with an ability of that kind; it returns what is left for the
// caster to pay. The mana leaves that player's pool as the spell
// becomes cast.
func (e *engine) anotherPays(c *casting, st *Stmt, total game.Cost) (game.Cost, error) {
	a, ok := first[*ability.AnotherPays](e, c.src)
	var cl *Clause
	if ok {
		cl = st.Clause(a.Choice)
	}
	if cl == nil {
		return total, nil
	}
	rule := e.ref(a)
	if len(cl.Names) != 1 {
		return total, refuse("%s: name one player, PLAYER=N (%s)", a.Choice, rule.ID)
	}
	name, num, _ := strings.Cut(cl.Names[0].Text, "=")
	n, err := strconv.Atoi(strings.TrimSpace(num))
	p := e.s.Player(strings.TrimSpace(name))
	switch {
	case err != nil || n < 0:
		return total, refuse("%s: %q is not PLAYER=N", a.Choice, cl.Names[0].Text)
	case p == nil || p == c.p || p.Left:
		return total, refuse("%s: %s is not another player in the game: %s chooses another player (%s)", a.Choice, strings.TrimSpace(name), c.p.Name, rule.ID)
	case n > total.Generic():
		return total, refuse("%s: %s can pay only generic mana, {%d} of the total cost %s, not {%d} (%s)", a.Choice, p.Name, total.Generic(), total, n, rule.ID)
	}
	paid, ok := game.AutoPay(p.Pool, game.Cost{Symbols: []game.Symbol{{Generic: n}}})
	if !ok {
		return total, refuse("%s: %s's mana pool (%s) can't pay {%d} (%s)", a.Choice, p.Name, p.Pool, n, rule.ID)
	}
	before := total
	total, _ = total.Reduce(game.Cost{Symbols: []game.Symbol{{Generic: n}}})
	c.steps = append(c.steps, func() { p.Pool.Sub(paid) })
	c.cite(e, rule, a.Note, p.Name, paid, c.face.Name, before, total)
	return total, nil
}

// texts joins the text of effects, one sentence each.
func texts(effects []game.Effect) string {
	var out []string
	for _, ef := range effects {
		out = append(out, ef.Text)
	}
	return strings.Join(out, ". ")
}

// paidEffects adds the instructions of ps to a spell's effs: before
// them (gift's, 702.174j) or after (awaken's).
func paidEffects(effs []game.Effect, ps *ability.PaidSpell) []game.Effect {
	if ps.First {
		return append(slices.Clip(ps.Effects), effs...)
	}
	return append(slices.Clip(effs), ps.Effects...)
}
