package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
	"github.com/crules/crules/keyword"
)

// The common verbs of card text (game/verbs.go), followed for a spell or
// an ability: whom they act on, and how much.

// amount is how much an instruction says: its number, or the spell's X.
func (e *engine) amount(d doing, ef game.Effect) int {
	if ef.X && d.src.Spell != nil {
		return d.src.Spell.X
	}
	return ef.N
}

// players are the players an instruction acts on, in APNAP order
// (101.4): its target, those its Who names, or its controller.
func (e *engine) players(d doing, ef game.Effect, t *game.Target) []*game.Player {
	ctrl := d.src.Controller()
	switch {
	case t != nil && t.Player != nil:
		return []*game.Player{t.Player}
	case ef.Target != "":
		// A target no longer there.
		return nil
	case ef.Who == "each opponent":
		var out []*game.Player
		for _, q := range e.s.InGame() {
			if q != ctrl {
				out = append(out, q)
			}
		}
		return out
	case ef.Who == "each player":
		return e.s.InGame()
	case ef.Who == "defending player":
		return []*game.Player{e.defending(d.src)}
	case ef.Who == "that player":
		if d.player == nil {
			return nil
		}
		return []*game.Player{d.player}
	}
	return []*game.Player{ctrl}
}

// objects are the permanents an instruction acts on: its target (or the
// one the instruction before targeted), its source ("this creature",
// "it" with no target before), or every permanent its Who names.
func (e *engine) objects(d doing, ef game.Effect, t *game.Target) []*game.Object {
	ctrl := d.src.Controller()
	switch {
	case t != nil && t.Object != nil:
		return []*game.Object{t.Object}
	case ef.Target != "" || ef.That && t != nil:
		return nil
	case ef.Who == "each creature" || ef.Who == "each creature you control":
		var out []*game.Object
		for _, o := range e.s.Battlefield() {
			if o.Is("Creature") && (ef.Who == "each creature" || o.Controller() == ctrl) {
				out = append(out, o)
			}
		}
		return out
	case ef.Who == "it" || ef.Who == "this creature" || ef.Who == "this permanent":
		if e.s.FindIn(d.src.Label, game.Battlefield) == d.src {
			return []*game.Object{d.src}
		}
	case ef.Who == "them":
		// The tokens the instruction before created, those still on
		// the battlefield (400.7).
		var out []*game.Object
		for _, o := range d.them {
			if e.s.FindIn(o.Label, game.Battlefield) == o {
				out = append(out, o)
			}
		}
		return out
	}
	return nil
}

// verb follows an instruction of the common verbs; it reports false for
// any other.
func (e *engine) verb(d doing, ef game.Effect, t *game.Target) bool {
	from := d.from
	n := e.amount(d, ef)
	switch ef.Verb {
	case "fight":
		e.fight(d, ef, t)
	case "regenerate":
		for _, o := range e.objects(d, ef, t) {
			if o.Shields < 255 {
				o.Shields++
			}
			e.s.Cite(e.regenRule("the next time"), "%s: %s regenerates: the next time it would be destroyed this turn, instead all damage is removed from it and its controller taps it (a regeneration shield)", cmp.Or(d.head, from), o.Label)
		}
	case "explore":
		e.explore(d, ef, t)
	case "connive":
		e.connive(d, ef, t, n)
	case "suspect":
		// 701.60a: until it leaves the battlefield; a suspected
		// permanent can't become suspected again (701.60d).
		for _, o := range e.objects(d, ef, t) {
			if o.Suspected {
				e.s.Cite(e.action("Suspect", "can't become suspected again"), "%s: %s is already suspected", cmp.Or(d.head, from), o.Label)
				continue
			}
			o.Suspected = true
			e.s.Cite(e.action("Suspect", "becomes suspected"), "%s: %s becomes suspected: it has menace and \"This creature can't block\"", cmp.Or(d.head, from), o.Label)
		}
	case "goad":
		// 701.15a: until the next turn of the instruction's
		// controller; the same player goading it again adds nothing
		// (701.15d).
		ctrl := d.src.Controller()
		bit := uint8(1) << slices.Index(e.s.Players, ctrl)
		for _, o := range e.objects(d, ef, t) {
			if o.Goaded&bit != 0 {
				e.s.Cite(e.action("Goad", "same player goading it again", "until the next turn"), "%s: %s has already goaded %s: no additional combat requirement", cmp.Or(d.head, from), ctrl.Name, o.Label)
				continue
			}
			o.Goaded |= bit
			e.s.Cite(e.action("Goad", "until the next turn"), "%s: %s goads %s: it is goaded until %s's next turn", cmp.Or(d.head, from), ctrl.Name, o.Label, ctrl.Name)
		}
	case "noregen":
		// Read with the destruction before it (NoRegen).
	case "damage":
		var to []game.Target
		switch {
		case t != nil:
			to = []game.Target{*t}
		case ef.Target != "":
		case ef.Who == "each creature" || ef.That || ef.Who == "this creature" || ef.Who == "this permanent":
			for _, o := range e.objects(d, ef, t) {
				to = append(to, game.Target{Object: o})
			}
		default:
			for _, q := range e.players(d, ef, t) {
				to = append(to, game.Target{Player: q})
			}
		}
		for _, x := range to {
			e.s.Cite(e.rules.Find(phFollow...), "%s: %s deals %d damage to %s", from, d.src.Name(), n, x.Name())
			e.damage(d.src, x, n, false)
		}
	case "gain", "lose":
		for _, q := range e.players(d, ef, t) {
			if ef.Verb == "gain" {
				q.Life += n
				e.s.Cite(e.rules.Find(phFollow...), "%s: %s gains %d life", from, q.Name, n)
				e.firePlayer(q, ability.GainsLife, nil)
				continue
			}
			q.Life -= n
			e.cite(d, "%s: %s loses %d life", cmp.Or(d.head, from), q.Name, n)
			e.firePlayer(q, ability.LosesLife, nil)
		}
	case "draw":
		for _, q := range e.players(d, ef, t) {
			for range n {
				e.draw(q)
			}
		}
	case "mill":
		rule, to := e.millRule(ef)
		for _, q := range e.players(d, ef, t) {
			lib := q.Zone(game.Library)
			k := min(n, len(lib))
			var milled []string
			for _, c := range lib[:k] {
				milled = append(milled, c.Label)
			}
			for _, c := range append([]*game.Object(nil), lib[:k]...) {
				e.s.Move(c, to, nil, false)
			}
			if k < n {
				e.s.Cite(e.action("Mill", "they mill as many as possible"), "%s: %s has %d %s in their library and mills as many as possible", from, q.Name, len(lib), plural(len(lib), "card"))
			}
			e.s.Cite(rule, "%s: %s mills %d %s (%s): from the top of their library into their %s", from, q.Name, k, plural(k, "card"), strings.Join(milled, ", "), to)
		}
	case "putcounters":
		on := e.objects(d, ef, t)
		if len(on) == 0 && t == nil && ef.Who == "this creature" {
			e.cite(d, "%s: %s is no longer on the %s: no counters are put on it", cmp.Or(d.head, from), d.src.Label, e.zone(game.Battlefield))
		}
		for _, o := range on {
			e.cite(d, "%s: %s puts %d %s %s on %s", cmp.Or(d.head, from), d.src.Controller().Name, n, ef.Name, plural(n, "counter"), o.Label)
			e.putCounters(o, ef.Name, n, d.src.Controller())
			if ef.Becomes != "" && o.Designate(ef.Becomes) {
				e.cite(d, "%s: %s becomes %s", cmp.Or(d.head, from), o.Label, ef.Becomes)
			}
		}
	case "movecounters":
		// From the source onto the creature the event was about (or the
		// target): as many as it has, up to n (122.5).
		to := d.object
		if t != nil {
			to = t.Object
		}
		src := d.src
		switch {
		case e.s.FindIn(src.Label, game.Battlefield) != src:
			e.cite(d, "%s: %s is no longer on the %s: no counter is moved", cmp.Or(d.head, from), src.Label, e.zone(game.Battlefield))
		case to == nil || e.s.FindIn(to.Label, game.Battlefield) != to:
			e.cite(d, "%s: the creature is no longer on the %s: no counter is moved", cmp.Or(d.head, from), e.zone(game.Battlefield))
		default:
			k := min(n, src.Counters[ef.Name])
			src.AddCounters(ef.Name, -k)
			e.cite(d, "%s: %s moves %d %s %s from %s onto %s", cmp.Or(d.head, from), src.Controller().Name, k, ef.Name, plural(k, "counter"), src.Label, to.Label)
			if k > 0 {
				e.putCounters(to, ef.Name, k, src.Controller())
			}
		}
	case "removecounters":
		on := e.objects(d, ef, t)
		e.couldnt = len(on) == 0
		for _, o := range on {
			had := o.Counters[ef.Name]
			k := min(n, had)
			o.AddCounters(ef.Name, -k)
			e.s.Changed()
			if k < n {
				// "If you can't, …" (702.32a).
				e.couldnt = true
				e.cite(d, "%s: %s has %d %s %s: %d can't be removed", cmp.Or(d.head, from), o.Label, had, ef.Name, plural(had, "counter"), n)
			}
			if k == 0 {
				continue
			}
			e.s.Cite(e.rules.Find(phFollow...), "%s: %d %s %s removed from %s", from, k, ef.Name, plural(k, "counter")+map[bool]string{true: " is", false: " are"}[k == 1], o.Label)
			if o.Counters[ef.Name] == 0 {
				e.fire(o, ability.LastCounterRemoved, lastCounter(ef.Name))
			}
		}
	case "designate":
		// "This permanent becomes saddled until end of turn": a
		// designation of the permanent, no copiable value, gone as it
		// leaves the battlefield (a new object, 400.7) or, until end of
		// turn, in the cleanup step.
		for _, o := range e.objects(d, ef, t) {
			if ef.Becomes == ability.Harnessed.Name {
				// "If this permanent isn't harnessed, it becomes
				// harnessed" (701.64a): it stays so until it leaves
				// the battlefield (701.64b).
				if o.Harnessed {
					e.s.Cite(e.kw(ability.Harnessed.Keyword, phHarness...), "%s: %s is already harnessed", cmp.Or(d.head, from), o.Label)
					continue
				}
				o.Harnessed = true
				e.s.Cite(e.kw(ability.Harnessed.Keyword, phHarness...), "%s: %s becomes harnessed", cmp.Or(d.head, from), o.Label)
				continue
			}
			o.Saddled = true
			e.cite(d, "%s: %s becomes %s%s", cmp.Or(d.head, from), o.Label, ef.Becomes, map[bool]string{true: " until end of turn"}[ef.UntilEOT])
		}
	case "tap", "untap":
		// A keyword's own tap cites the keyword; card text, the keyword
		// action (701.26a, 701.26b).
		if d.rule.IsZero() {
			d.rule = e.actionOr("Tap and Untap", "to "+ef.Verb+" a permanent")
		}
		for _, o := range e.objects(d, ef, t) {
			o.Tapped = ef.Verb == "tap"
			e.cite(d, "%s: %s %ss", cmp.Or(d.name, from), o.Label, ef.Verb)
		}
	case "exile", "bounce":
		to, what := game.Exile, "exiled"
		if ef.Verb == "bounce" {
			to, what = game.Hand, "returned to its owner's hand"
		}
		if ef.Who == "this card" && d.src.Zone != game.Battlefield {
			// The card with the ability, where it is; a new object
			// there is not it (400.7).
			c := d.src
			if e.s.FindIn(c.Label, c.Zone) != c {
				e.s.Cite(e.rules.Find(phNewObject...), "%s: %s is no longer where the ability functions: nothing happens", from, c.Label)
				return true
			}
			at := c.Zone
			if to == game.Exile {
				what = e.term("exiled", "removed from the game")
			}
			if n, _ := e.move(c, to, c.Owner, what); n != nil {
				e.s.Cite(e.rules.Find(phFollow...), "%s: %s in %s is %s", from, c.Label, e.zone(at), what)
			}
			return true
		}
		r := e.rules.Find(phFollow...)
		if ef.Verb == "exile" {
			r = e.actionOr("Exile", "to exile an object")
		}
		for _, o := range e.objects(d, ef, t) {
			e.s.Cite(r, "%s: %s is %s", from, o.Label, what)
			e.leaveBattlefield(o, to, what)
		}
	case "reanimate":
		c := d.card
		if ef.Who == "this card" {
			// The ability's source, returned from the graveyard it
			// functions in (unearth).
			c = d.src
		}
		if c == nil || e.s.FindIn(c.Label, c.Zone) != c || c.Zone == game.Battlefield {
			// A new object the ability can't find (400.7).
			e.s.Cite(e.rules.Find(phNewObject...), "%s: %s is not where the ability's event put it: nothing returns", from, d.src.Label)
			return true
		}
		owner := c.Owner
		o, _ := e.move(c, game.Battlefield, owner, "returned to the battlefield")
		if o == nil {
			return true
		}
		o.Tapped = ef.Tapped
		e.returned = o
		e.s.Changed()
		e.s.Cite(e.rules.Find(phFollow...), "%s: %s returns to %s under %s's control%s", from, o.Label, e.term("the battlefield", "play"), owner.Name, map[bool]string{true: " tapped"}[ef.Tapped])
		e.fire(o, ability.Enters, nil)
	case "create":
		e.create(d, ef, n)
	case "action":
		e.keywordAction(d, ef, n)
	case "predefined":
		e.createPredefined(d, ef, n)
	case "arrange":
		e.arrange(d, ef, n)
	case "search":
		// "Search your library for a creature card with the same mana
		// value as this permanent": the source's mana value as it last
		// existed (608.2h); the card its controller finds is named by
		// the statement resolving it (`resolve; search CARD`), none
		// when none fits. Then the library is shuffled.
		p := d.src.Controller()
		mv := d.src.ManaValues(e.s.SplitCombined)[0]
		what := strings.TrimSpace(ef.Name + " card")
		var found *game.Object
		if cl := e.cur.Clause("search"); cl != nil && len(cl.Names) == 1 {
			found = e.s.FindIn(cl.Names[0].Text, game.Library)
			if found == nil || found.Owner != p || ef.Name != "" && !found.Is(ef.Name) || !slices.Contains(found.ManaValues(e.s.SplitCombined), mv) {
				e.s.Cite(e.rules.Find(phFollow...), "%s: %s is not a %s in %s's library with mana value %d: %s finds nothing", from, cl.Names[0].Text, what, p.Name, mv, p.Name)
				found = nil
			}
		}
		if found == nil {
			e.s.Cite(e.rules.Find(phFollow...), "%s: %s searches their library for a %s with mana value %d and finds none; then shuffles", from, p.Name, what, mv)
			return true
		}
		e.s.Cite(e.rules.Find(phFollow...), "%s: %s searches their library and finds %s (mana value %d), puts it onto %s, then shuffles", from, p.Name, found.Label, mv, e.zone(game.Battlefield))
		if o, _ := e.move(found, game.Battlefield, p, "put onto the battlefield"); o != nil {
			e.fire(o, ability.Enters, nil)
		}
	case "exchange":
		e.exchange(d, ef)
	case "copytoken":
		// "Create a token that's a copy of this card, except …": the
		// card's copiable values (707.2) with the exceptions, which
		// become part of the token's (707.9b): a copy of the token has
		// them too.
		ctrl := d.src.Controller()
		c := ef.Except.Apply(d.src.Card)
		// One token, or one for each opponent (encore).
		for_ := []*game.Player{nil}
		if ef.For == "each opponent" {
			for_ = e.players(d, game.Effect{Who: "each opponent"}, nil)
		}
		e.created = nil
		for _, opp := range for_ {
			o := e.s.Create(c, e.label(c.Name+" token"), ctrl, game.Battlefield)
			o.Token = true
			e.created = append(e.created, o)
			e.s.Cite(e.rules.Find(phCopiable...), "%s: %s creates %s, a token that's a copy of %s", from, ctrl.Name, o.Label, d.src.Label)
			if ef.Text != "" {
				if _, except, ok := strings.Cut(ef.Text, "except "); ok {
					e.s.Cite(e.rules.Find(phCopyExcept...), "%s's copiable values: %s's, except %s", o.Label, d.src.Label, except)
				}
			}
			if ef.MustAttack && opp != nil {
				// A requirement (508.1d) for this turn's declarations
				// of attackers.
				e.mustAttack = append(e.mustAttack, mustAttack{o: o, p: opp, turn: e.s.Turn})
				e.s.Cite(e.rules.Find(phFollow...), "%s: %s attacks %s this turn if able", from, o.Label, opp.Name)
			}
			e.s.Changed()
			e.fire(o, ability.Enters, nil)
		}
	case "createcopy":
		e.createCopies(d, ef, n)
	case "exileuntil":
		e.exileUntil(d, ef, n)
	case "castfree":
		e.castFree(d, ef, n)
	case "exiledtohand":
		// Discover's "If you don't cast it, put that card into your
		// hand" (701.57a): the card exileUntil stopped at, if it is
		// still in exile.
		if ex := e.exiledWay[d.src]; ex != nil && ex.hit != nil && e.s.FindIn(ex.hit.Label, game.Exile) == ex.hit {
			e.cite(d, "%s: %s puts %s into their hand", cmp.Or(d.head, from), d.src.Controller().Name, ex.hit.Label)
			e.move(ex.hit, game.Hand, nil, "put into the hand")
		}
	case "bottom":
		e.bottomExiled(d)
	case "revealtop":
		e.revealTop(d, n)
	case "castsamename":
		e.castSameName(d)
	default:
		return false
	}
	return true
}

// phExchange are the words of the rule of an exchange: all of it or
// none (701.12a; 701.8a from 2009, the glossary's "Exchange" before).
var phExchange = []string{"no part of the exchange occurs", "exchange something"}

// exchange follows "You may exchange this permanent with an Aura card in
// your hand": unless its controller declines, the card the statement
// names (`resolve; exchange CARD`) is put onto the battlefield attached
// to what the source enchants, and the source returns to its owner's
// hand. When either half can't be completed (no such card, one that
// can't enchant that permanent, a source its controller doesn't own or
// that has left the battlefield) nothing happens.
func (e *engine) exchange(d doing, ef game.Effect) {
	src, p := d.src, d.src.Controller()
	if e.declines() {
		e.s.Cite(e.rules.Find(phFollow...), "%s: %s declines to exchange %s", d.from, p.Name, src.Label)
		return
	}
	none := func(why string) {
		e.s.Cite(e.defined("Exchange", phExchange...), "%s: %s; the exchange can't be completed and nothing happens", d.from, why)
	}
	var card *game.Object
	if cl := e.cur.Clause("exchange"); cl != nil && len(cl.Names) == 1 {
		card = e.s.FindIn(cl.Names[0].Text, game.Hand)
	}
	host := src.AttachedTo
	switch {
	case e.s.FindIn(src.Label, game.Battlefield) != src:
		none(src.Label + " is no longer on the " + strings.TrimPrefix(e.zone(game.Battlefield), "the "))
		return
	case src.Owner != p:
		none(fmt.Sprintf("%s doesn't own %s: it would go to %s's hand, not to the hand the card comes from", p.Name, src.Label, src.Owner.Name))
		return
	case card == nil || card.Owner != p || !card.Card.HasSubtype(ef.Name):
		none(fmt.Sprintf("%s names no %s card in %s's hand (exchange CARD)", e.cur.Text, ef.Name, p.Name))
		return
	case host == nil:
		none(src.Label + " enchants nothing")
		return
	}
	en, ok := first[*ability.Enchants](e, card)
	if !ok || !en.What.Matches(host) {
		none(fmt.Sprintf("%s can't enchant %s", card.Label, host.Label))
		return
	}
	for _, pr := range all[*ability.Protection](e, host) {
		if pr.From.Matches(card) {
			none(fmt.Sprintf("%s can't enchant %s, which has protection from %s", card.Label, host.Label, pr.From.Text))
			return
		}
	}
	e.s.Cite(e.defined("Exchange", phExchange...), "%s: %s exchanges %s with %s from their hand, which is put onto %s attached to %s", d.from, p.Name, src.Label, card.Label, e.zone(game.Battlefield), host.Label)
	src.AttachedTo = nil
	e.s.Changed()
	e.leaveBattlefield(src, game.Hand, "exchanged")
	n := e.s.Move(card, game.Battlefield, p, false)
	n.AttachedTo = host
	e.s.Changed()
	e.fire(n, ability.Enters, nil)
}

// lastCounter is the kind of counter whose last one was removed: what
// a LastCounterRemoved event concerns.
type lastCounter string

// create creates n token creatures (111.1): their characteristics are
// the ones the effect that creates them gives.
func (e *engine) create(d doing, ef game.Effect, n int) {
	ctrl := d.src.Controller()
	// The description's words give colours, artifact and abilities
	// ("white and black Spirit … with flying", TokenCard); an effect
	// read by the common verbs gives them apart, in Colors, Types and
	// Abilities.
	c := game.TokenCard(ef.Name, ef.P, ef.T)
	c.Indicator |= ef.Colors
	if len(ef.Types) > 0 {
		c.Types = append(append([]string(nil), ef.Types...), "Creature")
	}
	for _, k := range ef.Abilities {
		if a, ok, err := game.ParseAbility(k); ok && err == nil {
			c.Abilities = append(c.Abilities, a)
		}
	}
	desc, with, _ := strings.Cut(ef.Name, " with ")
	if with != "" {
		with = " with " + with
	}
	e.created = nil
	for range n {
		o := e.s.Create(c, e.label(c.Name+" token"), ctrl, game.Battlefield)
		o.Token = true
		e.created = append(e.created, o)
		what := ""
		if ef.Tapped {
			o.Tapped = true
			e.s.Combat.Attackers = append(e.s.Combat.Attackers, o)
			what = " tapped and attacking (it was never declared as an attacker)"
		}
		e.s.Cite(e.actionOr("Create", "to create one or more tokens"), "%s: %s creates a %d/%d %s token%s%s", d.from, ctrl.Name, ef.P, ef.T, desc, with, what)
		e.s.Changed()
		e.fire(o, ability.Enters, nil)
		if ef.Attach {
			// ", then attach this Equipment to it" (702.92a).
			e.attachCreated(d.src, o, d.from)
		}
	}
}

// createCopies creates n tokens that are copies of the instruction's
// source, or one for each time the cost ef.Name names was paid to cast
// it (squad): each has the copiable values of the source (707.2), its
// card's, with the P/T of an "except it's P/T" (offspring; 707.9b). A
// token was not cast: no cost was paid for it, so its own "if its
// squad cost was paid" triggers do nothing.
func (e *engine) createCopies(d doing, ef game.Effect, n int) {
	src, ctrl := d.src, d.src.Controller()
	why := ""
	if ef.Name != "" {
		if src.Paid != nil {
			n = src.Paid.TimesPaid(ef.Name)
		} else {
			n = 0
		}
		why = fmt.Sprintf(" (its %s cost was paid %d %s)", ef.Name, n, plural(n, "time"))
	}
	c := *src.Face()
	except := ""
	if ef.P > 0 || ef.T > 0 {
		c.Power, c.Toughness = ef.P, ef.T
		except = fmt.Sprintf(", except it's %d/%d", ef.P, ef.T)
	}
	rule := e.rules.Find(phCopiable...)
	if except != "" {
		rule = e.rules.Find(phCopyExcept...)
	}
	if ef.Who == "that player" {
		e.createAttackingCopies(d, &c, rule)
		return
	}
	for range n {
		o := e.s.Create(&c, e.label(c.Name+" token"), ctrl, game.Battlefield)
		o.Token = true
		e.s.Cite(rule, "%s: %s creates %s, a token that's a copy of %s%s%s", d.from, ctrl.Name, o.Label, src.Label, except, why)
		e.s.Changed()
		e.fire(o, ability.Enters, nil)
	}
}

// createAttackingCopies creates, for each opponent of the source's
// controller in the game other than the source's defending player (802.2a:
// the one it attacks), a token copy of it that's tapped and attacking that
// player (myriad's, 702.116a): each was never declared as an attacker, and
// only the player it attacks can block it.
func (e *engine) createAttackingCopies(d doing, c *game.Card, rule game.Ref) {
	src, ctrl := d.src, d.src.Controller()
	def := e.defending(src)
	e.created = nil
	for _, p := range e.s.InGame() {
		if p == ctrl || p == def {
			continue
		}
		o := e.s.Create(c, e.label(c.Name+" token"), ctrl, game.Battlefield)
		o.Token, o.Tapped = true, true
		e.created = append(e.created, o)
		e.s.Combat.Attackers = append(e.s.Combat.Attackers, o)
		if e.s.Combat.Defender == nil {
			e.s.Combat.Defender = map[*game.Object]*game.Player{}
		}
		e.s.Combat.Defender[o] = p
		e.s.Cite(rule, "%s: %s creates %s, a token that's a copy of %s, tapped and attacking %s (it was never declared as an attacker; %s, %s's defending player, gets none)", d.from, ctrl.Name, o.Label, src.Label, p.Name, def.Name, src.Label)
		e.s.Changed()
		e.fire(o, ability.Enters, nil)
	}
}

// millRule is the rule milling follows, and the zone the milled cards
// go to: the revision's own definition of mill (701.17a today), read as
// a template of the effect table (ability.CompileAction), where it
// defines mill; otherwise the card's own words ("put the top two cards
// of your library into your graveyard").
func (e *engine) millRule(ef game.Effect) (game.Ref, game.Zone) {
	zones := map[string]game.Zone{"graveyard": game.Graveyard, "hand": game.Hand}
	to := game.Graveyard
	if z, ok := zones[ef.Name]; ok {
		to = z
	}
	r := e.kw("Mill", "to mill")
	if r.IsZero() {
		return e.rules.Find(phFollow...), to
	}
	if _, def, err := ability.CompileAction(r.Text); err == nil && def.Verb == "mill" {
		if z, ok := zones[def.Name]; ok {
			to = z
		}
	}
	return r, to
}

// sacrificeThem sacrifices the tokens an instruction before created
// ("sacrifice them at the beginning of the next end step"): those still
// on the battlefield, each the object it was (400.7).
func (e *engine) sacrificeThem(d doing, from string) {
	r := e.defined("Sacrifice", phSacrifice...)
	left := 0
	for _, o := range d.them {
		if e.s.FindIn(o.Label, game.Battlefield) != o {
			continue
		}
		left++
		e.s.Cite(r, "%s: %s sacrifices %s", from, o.Controller().Name, o.Label)
		e.leaveBattlefield(o, game.Graveyard, "sacrificed")
	}
	if left == 0 {
		e.s.Cite(e.rules.Find(phFollow...), "%s: none of them is still on the %s: nothing is sacrificed", from, e.zone(game.Battlefield))
	}
}

// keywordAction does a keyword action card text names with its number
// ("Adapt 2"): what the revision's own definition of the action means
// (ability.CompileMeans; 701.46a), its N the number, each "if" checked
// on the source as the step is done, every step citing the definition.
// A revision that doesn't define the action, or words it in a way the
// grammar doesn't read, does nothing, and the trace says why.
func (e *engine) keywordAction(d doing, ef game.Effect, n int) {
	r := e.kw(ef.Name, "means")
	if r.IsZero() {
		e.s.Cite(e.rules.Find(phFollow...), "%s: this revision defines no keyword action %s: nothing happens", d.from, ef.Name)
		return
	}
	_, steps, err := ability.CompileMeans(keyword.Normalize(r.Text))
	if err != nil {
		e.s.Cite(r, "%s: the definition of %s is not read (%v): nothing happens", d.from, ef.Name, err)
		return
	}
	sub := d
	sub.rule, sub.name, sub.head = r, ef.Name, ef.Name
	// The permanent adapts (its steps put counters on it); a player
	// scries, surveils or investigates.
	who := d.src.Controller().Name
	for _, st := range steps {
		if st.Effect.Who == "this creature" || st.Effect.Who == "this permanent" {
			who = d.src.Label
		}
	}
	verb := strings.ToLower(ef.Name) + "s"
	if v, ok := strings.CutSuffix(strings.ToLower(ef.Name), "ry"); ok {
		verb = v + "ries" // scries
	}
	if n > 0 {
		e.s.Cite(r, "%s: %s %s %d", d.from, who, verb, n)
		sub.head = fmt.Sprintf("%s %d", ef.Name, n)
	} else {
		e.s.Cite(r, "%s: %s %s", d.from, who, verb)
	}
	declined := false
	for _, st := range steps {
		if st.May && e.declines() {
			declined = true
			e.s.Cite(r, "%s: %s declines: %q doesn't happen", sub.head, d.src.Controller().Name, st.Effect.Text)
			continue
		}
		if st.Otherwise && !declined && st.Effect.Verb != "exiledtohand" {
			// "If you don't cast it": declined, or not cast, which
			// the verb itself sees (the card still in exile).
			continue
		}
		if st.Cond != nil {
			if ok, why := e.condition(st.Cond, d.src, d.src.Controller(), nil); !ok {
				e.s.Cite(r, "%s: \"if %s\" is false%s: %s does nothing more", sub.head, st.Cond.Text, why, d.src.Label)
				continue
			}
		}
		e.effect(sub, st.Effect.Instance(n), nil)
	}
}

// createPredefined creates n predefined tokens (111.10): their
// characteristics are what the revision's rule of the token says
// (game.PredefinedToken), cited; a revision with no such rule, or one
// the grammar doesn't read, creates none, and the trace says why.
func (e *engine) createPredefined(d doing, ef game.Effect, n int) {
	ctrl := d.src.Controller()
	var c *game.Card
	var err error
	r := d.rule
	if len(ef.Types) > 0 {
		// The instruction defines the token itself.
		c, err = game.InlineToken(ef.Name, ef.Types[0], ef.Abilities)
	} else {
		if r = e.rules.Find("a " + strings.ToLower(ef.Name) + " token is"); r.IsZero() {
			e.s.Cite(e.rules.Find(phFollow...), "%s: this revision defines no %s token: none is created", d.from, ef.Name)
			return
		}
		c, err = game.PredefinedToken(keyword.Normalize(r.Text))
	}
	if r.IsZero() {
		r = e.rules.Find(phFollow...)
	}
	if err != nil {
		e.s.Cite(r, "%s: %v: none is created", d.from, err)
		return
	}
	e.created = nil
	for range n {
		o := e.s.Create(c, e.label(c.Name+" token"), ctrl, game.Battlefield)
		o.Token = true
		e.created = append(e.created, o)
		e.s.Cite(e.actionOr("Create", "to create one or more tokens"), "%s: %s creates %s", d.from, ctrl.Name, o.Label)
		if len(c.Activated) > 0 {
			e.s.Cite(r, "%s is a colorless %s %s token with %q", o.Label, c.Subtypes[0], strings.ToLower(c.Types[0]), c.Activated[0].Text)
		}
		e.s.Changed()
		e.fire(o, ability.Enters, nil)
	}
}

// arrange looks at the top n cards of the source's controller's library
// and puts those the resolving statement names where the instruction
// says (scry: `resolve; bottom A, B`, in that order; surveil:
// `resolve; graveyard A`), the rest back on top, in the order `top B, A`
// names (the first named on top) or as they were. A card named that is
// not among those looked at stays where it is, and the trace says so
// (checkArrange refuses one not in the library at all).
func (e *engine) arrange(d doing, ef game.Effect, n int) {
	p := d.src.Controller()
	r := d.rule
	if r.IsZero() {
		r = e.rules.Find(phFollow...)
	}
	lib := p.Zone(game.Library)
	looked := append([]*game.Object(nil), lib[:min(n, len(lib))]...)
	pick := func(word string) []*game.Object {
		var out []*game.Object
		if e.cur == nil {
			return nil
		}
		if cl := e.cur.Clause(word); cl != nil {
			for _, nm := range cl.Names {
				i := slices.IndexFunc(looked, func(o *game.Object) bool { return strings.EqualFold(o.Label, nm.Text) })
				if i < 0 {
					e.s.Cite(r, "%s: %s is not among the top %d %s of %s's library: it stays where it is", d.from, nm.Text, len(looked), plural(len(looked), "card"), p.Name)
					continue
				}
				out = append(out, looked[i])
				looked = slices.Delete(looked, i, i+1)
			}
		}
		return out
	}
	all := labelsOf(looked)
	away := pick(ef.Name)
	top := append(pick("top"), looked...)
	to, where := game.Library, "on the bottom of their library"
	if ef.Name == "graveyard" {
		to, where = game.Graveyard, "into their graveyard"
	}
	for _, o := range away {
		e.s.Move(o, to, nil, false)
	}
	for i := len(top) - 1; i >= 0; i-- {
		e.s.Move(top[i], game.Library, nil, true)
	}
	e.s.Cite(r, "%s: %s looks at the top %d %s of their library (%s), puts %s %s and %s on top", d.from, p.Name, len(all), plural(len(all), "card"), strings.Join(all, ", "), orNone(labelsOf(away)), where, orNone(labelsOf(top)))
	e.s.Changed()
}

// orNone joins labels, or says "none".
func orNone(labels []string) string {
	if len(labels) == 0 {
		return "none"
	}
	return strings.Join(labels, ", ")
}

// fight follows "A fights B" (701.14a): each creature deals damage equal
// to its power to the other, at once, damage that isn't combat damage
// (701.14d); a creature that fights itself deals damage equal to twice its
// power to itself (701.14c). When either is no longer on the battlefield,
// no longer a creature, or an illegal target, neither fights (701.14b).
// The fighters are the source (Who) and the targets, t and d.other, in
// the order the text names them.
func (e *engine) fight(d doing, ef game.Effect, t *game.Target) {
	from := cmp.Or(d.head, d.from)
	var fighters []*game.Object
	if ef.Who != "" {
		fighters = append(fighters, d.src)
	}
	ts := []*game.Target{t, d.other}
	for i, want := range []string{ef.Target, ef.Other} {
		if want == "" {
			continue
		}
		x := ts[i]
		if x == nil || x.Object == nil || !e.legal(d.src, want, *x) {
			name := "its target"
			if x != nil {
				name = x.Name()
			}
			e.s.Cite(e.action("Fight", "illegal target"), "%s: %s is an illegal target now: neither creature fights or deals damage", from, name)
			return
		}
		fighters = append(fighters, x.Object)
	}
	if len(fighters) != 2 {
		return
	}
	for _, o := range fighters {
		if e.s.FindIn(o.Label, game.Battlefield) != o || !o.Is("Creature") {
			e.s.Cite(e.action("Fight", "no longer on the battlefield"), "%s: %s is no longer a creature on the %s: neither creature fights or deals damage", from, o.Label, e.zone(game.Battlefield))
			return
		}
	}
	a, b := fighters[0], fighters[1]
	pa, _ := a.PT()
	pb, _ := b.PT()
	if a == b {
		e.s.Cite(e.action("Fight", "fights itself"), "%s: %s fights itself: it deals damage equal to twice its power (%d) to itself", from, a.Label, 2*max(pa, 0))
		e.damage(a, game.Target{Object: a}, 2*pa, false)
		return
	}
	e.s.Cite(e.action("Fight", "deals damage equal to its power"), "%s: %s (power %d) and %s (power %d) fight: each deals damage equal to its power to the other, not combat damage", from, a.Label, max(pa, 0), b.Label, max(pb, 0))
	e.damage(a, game.Target{Object: b}, pa, false)
	e.damage(b, game.Target{Object: a}, pb, false)
}

// regenRule cites regenerate's rule that says one of phrases (701.19
// today, 501.5 from 2007-05-01), or, where the revision defines no such
// keyword action, its rule of regeneration (614.8, 419.6b) or of later
// text modifying earlier text (608.2c).
func (e *engine) regenRule(phrases ...string) game.Ref {
	if r := e.kw("Regenerate", phrases...); !r.IsZero() {
		return r
	}
	if r := e.rules.Find("regeneration is a destruction-replacement effect"); !r.IsZero() {
		return r
	}
	return e.rules.Find(phFollow...)
}

// explore follows "it explores" (701.44a): the permanent's controller
// reveals the top card of their library; a land card goes to their
// hand, otherwise the permanent gets a +1/+1 counter and the player may
// put the card into their graveyard (`resolve; graveyard CARD`), or
// leave it on top. A permanent that has left the battlefield explores
// by its last known information (701.44c): its controller then, and no
// counter; it explores even if some of that was impossible (701.44b).
func (e *engine) explore(d doing, ef game.Effect, t *game.Target) {
	from := cmp.Or(d.head, d.from)
	o := d.src
	if t != nil && t.Object != nil {
		o = t.Object
	} else if ef.Target != "" {
		return
	}
	p := o.Controller()
	r := e.action("Explore", "reveals the top card")
	lib := p.Zone(game.Library)
	var top *game.Object
	if len(lib) > 0 {
		top = lib[0]
	}
	cl := e.cur.Clause("graveyard")
	if top == nil {
		e.s.Cite(r, "%s: %s explores: %s's library is empty, no card is revealed", from, o.Label, p.Name)
	} else if top.Is("Land") {
		e.s.Cite(r, "%s: %s explores: %s reveals %s, a land card, and puts it into their hand", from, o.Label, p.Name, top.Label)
		e.move(top, game.Hand, nil, "put into the hand")
	} else {
		e.s.Cite(r, "%s: %s explores: %s reveals %s, not a land card", from, o.Label, p.Name, top.Label)
	}
	if top == nil || !top.Is("Land") {
		if e.s.FindIn(o.Label, game.Battlefield) == o {
			e.s.Cite(r, "%s: %s puts a +1/+1 counter on %s", from, p.Name, o.Label)
			e.putCounters(o, "+1/+1", 1, p)
		} else {
			e.s.Cite(e.action("Explore", "last known information"), "%s: %s is no longer on %s: no counter is put on it", from, o.Label, e.zone(game.Battlefield))
		}
	}
	if top != nil && !top.Is("Land") {
		if cl != nil && len(cl.Names) == 1 && strings.EqualFold(cl.Names[0].Text, top.Label) {
			e.s.Cite(r, "%s: %s puts %s into their graveyard", from, p.Name, top.Label)
			e.move(top, game.Graveyard, nil, "put into the graveyard")
		} else {
			e.s.Cite(r, "%s: %s may put %s into their graveyard and doesn't: it stays on top of their library", from, p.Name, top.Label)
		}
	}
}

// connive follows "it connives [N]" (701.50a, 701.50e): the permanent's
// controller draws N cards, then discards N, the cards the statement
// resolving it names (`resolve; discard A`, chosen among the cards in
// hand once drawn: connivingChoice), and puts a +1/+1 counter on the
// permanent for each nonland card discarded, none on a permanent that
// has left the battlefield (701.50c).
func (e *engine) connive(d doing, ef game.Effect, t *game.Target, n int) {
	from := cmp.Or(d.head, d.from)
	o := d.src
	if t != nil && t.Object != nil {
		o = t.Object
	} else if ef.Target != "" {
		return
	}
	p := o.Controller()
	r := e.action("Connive", "draws a card, then discards a card", "draws")
	e.s.Cite(r, "%s: %s connives: %s draws %d, then discards %d", from, o.Label, p.Name, n, n)
	for range n {
		e.draw(p)
	}
	chosen, _ := e.conniveChoice(p, n)
	nonland := 0
	for _, c := range chosen {
		land := c.Is("Land")
		var words []string
		if e.cur != nil {
			for _, a := range all[*ability.Instead](e, c) {
				if a.Watch == "discard" && e.cur.Clause(a.Choice) != nil {
					words = append(words, a.Choice)
				}
			}
		}
		label := c.Label
		if nc, err := e.move(c, game.Graveyard, nil, "discarded", words...); err == nil {
			e.s.Cite(e.action("Discard", "to discard a card", "discard"), "%s discards %s", p.Name, label)
			e.firePlayer(p, ability.Discards, nc)
		}
		if !land {
			nonland++
		}
	}
	if nonland == 0 {
		e.s.Cite(r, "%s: no nonland card was discarded: no +1/+1 counter", from)
		return
	}
	if e.s.FindIn(o.Label, game.Battlefield) != o {
		e.s.Cite(e.action("Connive", "last known information"), "%s: %s is no longer on %s: no counter is put on it", from, o.Label, e.zone(game.Battlefield))
		return
	}
	e.s.Cite(r, "%s: %d nonland %s discarded: %s puts %d +1/+1 %s on %s", from, nonland, plural(nonland, "card"), p.Name, nonland, plural(nonland, "counter"), o.Label)
	e.putCounters(o, "+1/+1", nonland, p)
}

// conniveChoice reads the cards player p discards as an instruction to
// connive n resolves, from the statement's `discard A, B`: each in p's
// hand once the n cards are drawn (the top n of the library before),
// as many as p can discard; refused otherwise.
func (e *engine) conniveChoice(p *game.Player, n int) ([]*game.Object, error) {
	var cl *Clause
	if e.cur != nil {
		cl = e.cur.Clause("discard")
	}
	hand := len(p.Zone(game.Hand))
	if cl == nil {
		if hand == 0 {
			return nil, nil
		}
		return nil, refuse("%s chooses the %d %s they discard as it resolves: \"resolve; discard A\" (%s)", p.Name, min(n, hand), plural(min(n, hand), "card"), e.action("Connive", "then discards").ID)
	}
	var out []*game.Object
	for _, nm := range cl.Names {
		c := e.s.FindIn(nm.Text, game.Hand)
		if c == nil || c.Owner != p || slices.Contains(out, c) {
			return nil, refuse("%s is not a card in %s's hand (each chosen once)", nm.Text, p.Name)
		}
		out = append(out, c)
	}
	if len(out) != min(n, hand) {
		return nil, refuse("%s discards %d %s, not %d", p.Name, min(n, hand), plural(min(n, hand), "card"), len(out))
	}
	return out, nil
}

// conniveCheck checks, before an instruction to connive n resolves, the
// cards the statement names to discard: each in player p's hand or
// among the top n cards of their library, which p will have drawn, and
// as many as p will be able to discard.
func (e *engine) conniveCheck(p *game.Player, n int) error {
	hand, lib := p.Zone(game.Hand), p.Zone(game.Library)
	can := slices.Concat(hand, lib[:min(n, len(lib))])
	want := min(n, len(can))
	r := e.action("Connive", "then discards")
	cl := e.cur.Clause("discard")
	if cl == nil {
		if want == 0 {
			return nil
		}
		return refuse("%s chooses the %d %s they discard as it resolves, once drawn: \"resolve; discard A\" (%s)", p.Name, want, plural(want, "card"), r.ID)
	}
	var seen []*game.Object
	for _, nm := range cl.Names {
		i := slices.IndexFunc(can, func(c *game.Object) bool { return strings.EqualFold(c.Label, nm.Text) })
		if i < 0 || slices.Contains(seen, can[i]) {
			return refuse("%s is not a card in %s's hand once %s draws (each chosen once) (%s)", nm.Text, p.Name, p.Name, r.ID)
		}
		seen = append(seen, can[i])
	}
	if len(seen) != want {
		return refuse("%s discards %d %s, not %d (%s)", p.Name, want, plural(want, "card"), len(seen), r.ID)
	}
	return nil
}

// actionMay reports whether the revision's definition of keyword action
// name has a step its player may decline (discover's "You may cast that
// card …", 701.57a): `resolve; decline` declines it.
func (e *engine) actionMay(name string) bool {
	r := e.kw(name, "means")
	if r.IsZero() {
		return false
	}
	_, steps, err := ability.CompileMeans(keyword.Normalize(r.Text))
	return err == nil && slices.ContainsFunc(steps, func(st ability.ActionStep) bool { return st.May })
}
