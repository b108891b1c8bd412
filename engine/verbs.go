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
	if ef.SacrificedPower && d.src.Spell != nil {
		// The power of the creature sacrificed to cast it, as it last
		// existed (608.2h); a copy's is the original's (707.10).
		n := 0
		for _, p := range d.src.Spell.Sacrificed {
			n = p
		}
		e.s.Cite(e.rules.Find(phLKI...), "%s: the sacrificed creature's power as it last existed on %s: %d", stackName(d.src), e.zone(game.Battlefield), n)
		return n
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
	case ef.Who == "the chosen player":
		// The opponent chosen as the spell was cast (gift, 702.174a),
		// which its permanent remembers.
		if q := e.s.Player(d.src.ChosenPlayer()); q != nil && !q.Lost {
			return []*game.Player{q}
		}
		return nil
	}
	return []*game.Player{ctrl}
}

// creator is the player who creates the tokens of instruction ef: the
// one its Who names ("the chosen player creates a Food token"), or the
// controller of its source; nil for none left in the game.
func (e *engine) creator(d doing, ef game.Effect) *game.Player {
	if ef.Who == "the chosen player" {
		ps := e.players(d, ef, nil)
		if len(ps) == 0 {
			return nil
		}
		return ps[0]
	}
	return d.src.Controller()
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
	case ef.That && e.picked != nil:
		// The creature an instruction before chose: "put N +1/+1
		// counters on that creature" (701.39a).
		if e.s.FindIn(e.picked.Label, game.Battlefield) == e.picked {
			return []*game.Object{e.picked}
		}
		return nil
	case ef.Who == "a creature you control":
		// One its controller chooses (blight's, 701.68a).
		if o := e.pick(d, game.Effect{Verb: "choose", Who: ef.Who}); o != nil {
			return []*game.Object{o}
		}
		return nil
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
		if ef.Spent != 0 {
			// Once for each of the colours spent to cast it; a copy
			// of a spell was not cast: no mana was spent (707.10).
			var paid game.Mana
			if d.src.Spell != nil {
				paid = d.src.Spell.Paid
			}
			k := (paid.Colors() & ef.Spent).Count()
			e.s.Cite(e.rules.Find(phFollow...), "%s: the mana spent to cast %s is %s: %d of the colours it names", from, stackName(d.src), paid, k)
			n *= k
		}
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
		if len(on) == 0 && ef.Who == "a creature you control" {
			e.cite(d, "%s: %s controls no creature: no counters are put", cmp.Or(d.head, from), d.src.Controller().Name)
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
	case "transform", "convert":
		e.transform(d, ef, t)
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
	case "choose":
		e.picked = e.pick(d, ef)
		if e.picked == nil {
			e.cite(d, "%s: %s controls no %s: none is chosen", cmp.Or(d.head, from), d.src.Controller().Name, chooseWhat(ef))
			return true
		}
		e.cite(d, "%s: %s chooses %s (toughness %d), %s", cmp.Or(d.head, from), d.src.Controller().Name, e.picked.Label, e.picked.Toughness(), chooseWhat(ef))
	case "givecounters":
		e.giveCounters(d, ef)
	case "exileorsacrifice":
		e.exileOrSacrifice(d, ef, n)
	case "multiply":
		e.multiply(d, ef, t)
	case "addorremove":
		e.addOrRemove(d, ef)
	case "createunless":
		e.createUnless(d, ef, n)
	case "copychosen":
		// A token that's a copy of the creature token chosen: its
		// copiable values (707.2), those a token created as a copy
		// has too, exceptions included (707.9b).
		p := d.src.Controller()
		o := e.pick(d, ef)
		if o == nil {
			r := e.rules.Find(phNoTokens...)
			if r.IsZero() {
				r = d.rule
			}
			e.s.Cite(r, "%s: %s controls no creature token: no token is created", cmp.Or(d.head, from), p.Name)
			return true
		}
		c := o.Characteristics().Card
		n := e.s.Create(c, e.label(c.Name+" token"), p, game.Battlefield)
		n.Token = true
		e.cite(d, "%s: %s chooses %s, a creature token they control", cmp.Or(d.head, from), p.Name, o.Label)
		e.s.Cite(e.rules.Find(phCopiable...), "%s: %s creates %s, a token that's a copy of %s", cmp.Or(d.head, from), p.Name, n.Label, o.Label)
		e.s.Changed()
		e.fire(n, ability.Enters, nil)
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
		e.topCards(d, n, "reveals")
	case "castsamename":
		e.castSameName(d)
	case "looktop":
		e.topCards(d, n, "looks at")
	case "hideone":
		e.hideOne(d)
	case "lookpermit":
		e.cite(d, "%s: the exiled card may be looked at by the player the instruction names; no other rule changes", d.head)
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
	ctrl := e.creator(d, ef)
	if ctrl == nil {
		return
	}
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
	e.picked = nil
	defer func() { e.picked = nil }()
	// The permanent adapts (its steps put counters on it); a player
	// scries, surveils or investigates.
	who := d.src.Controller().Name
	for _, st := range steps {
		if st.Effect.Who == "this creature" || st.Effect.Who == "this permanent" || st.Effect.Who == "that permanent" {
			// The permanent adapts, or endures (701.63a).
			who = d.src.Label
		}
	}
	what := ""
	for _, st := range steps {
		if st.Effect.Verb == "designate" && st.Effect.Who == "it" {
			// "Harness [this permanent]": the player harnesses the
			// source (701.64a).
			what = " " + d.src.Label
		}
	}
	verb := strings.ToLower(ef.Name) + "s"
	if v, ok := strings.CutSuffix(strings.ToLower(ef.Name), "ry"); ok {
		verb = v + "ries" // scries
	} else if strings.HasSuffix(ef.Name, "ss") {
		verb = strings.ToLower(ef.Name) + "es" // harnesses
	}
	if n > 0 {
		e.s.Cite(r, "%s: %s %s %d", d.from, who, verb, n)
		sub.head = fmt.Sprintf("%s %d", ef.Name, n)
	} else {
		e.s.Cite(r, "%s: %s %s%s", d.from, who, verb, what)
	}
	// The subtype the action names in place of the definition's
	// "[subtype]" (amass, 701.47a; "amass N" is "amass Zombies N",
	// 701.47d).
	subtype := "Zombie"
	if len(ef.Types) > 0 {
		subtype = ef.Types[0]
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
			cond := *st.Cond
			cond.Subtype = strings.ReplaceAll(cond.Subtype, ability.Subtype, subtype)
			cond.Text = strings.ReplaceAll(cond.Text, ability.Subtype, subtype)
			// "it" after a choice is the creature chosen (701.47a).
			o := d.src
			if e.picked != nil && strings.HasPrefix(cond.Text, "it ") {
				o = e.picked
			}
			if ok, why := e.condition(&cond, o, d.src.Controller(), nil); !ok {
				e.s.Cite(r, "%s: \"if %s\" is false%s: the instruction after it is not followed", sub.head, cond.Text, why)
				continue
			}
		}
		step := st.Effect.Instance(n)
		step.Name = strings.ReplaceAll(step.Name, ability.Subtype, subtype)
		var t *game.Target
		if step.Cont != nil && len(step.Cont.AddSubtypes) > 0 {
			c := *step.Cont
			c.AddSubtypes = []string{strings.ReplaceAll(c.AddSubtypes[0], ability.Subtype, subtype)}
			step.Cont = &c
			step.Text = strings.ReplaceAll(step.Text, ability.Subtype, subtype)
			if e.picked == nil || e.s.FindIn(e.picked.Label, game.Battlefield) != e.picked {
				continue
			}
			t = &game.Target{Object: e.picked}
		}
		e.effect(sub, step, t)
	}
}

// createPredefined creates n predefined tokens (111.10): their
// characteristics are what the revision's rule of the token says
// (game.PredefinedToken), cited; a revision with no such rule, or one
// the grammar doesn't read, creates none, and the trace says why.
func (e *engine) createPredefined(d doing, ef game.Effect, n int) {
	ctrl := e.creator(d, ef)
	if ctrl == nil {
		return
	}
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
	if ef.Who == "an opponent" {
		p = e.arrangedOpponent(p)
	}
	r := d.rule
	if r.IsZero() {
		r = e.rules.Find(phFollow...)
	}
	lib := p.Zone(game.Library)
	looked := append([]*game.Object(nil), lib[:min(n, len(lib))]...)
	seen := len(looked)
	pick := func(word string) []*game.Object {
		var out []*game.Object
		if e.cur == nil {
			return nil
		}
		if cl := e.cur.Clause(word); cl != nil {
			for _, nm := range cl.Names {
				i := slices.IndexFunc(looked, func(o *game.Object) bool { return strings.EqualFold(o.Label, nm.Text) })
				if i < 0 {
					e.s.Cite(r, "%s: %s is not among the top %d %s of %s's library: it stays where it is", d.from, nm.Text, seen, plural(seen, "card"), p.Name)
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
	if p != d.src.Controller() {
		// Fateseal's: an opponent's library, "that library" (701.29a).
		where = "on the bottom of that library"
		e.s.Cite(r, "%s: %s looks at the top %d %s of %s's library (%s), puts %s %s and %s on top", d.from, d.src.Controller().Name, len(all), plural(len(all), "card"), p.Name, strings.Join(all, ", "), orNone(labelsOf(away)), where, orNone(labelsOf(top)))
		e.s.Changed()
		return
	}
	e.s.Cite(r, "%s: %s looks at the top %d %s of their library (%s), puts %s %s and %s on top", d.from, p.Name, len(all), plural(len(all), "card"), strings.Join(all, ", "), orNone(labelsOf(away)), where, orNone(labelsOf(top)))
	e.s.Changed()
}

// arrangedOpponent is the opponent of p whose library an instruction
// looks at the top of (fateseal's "an opponent's library", 701.29a):
// the one whose library holds the cards the resolving statement names,
// or else the first opponent in turn order.
func (e *engine) arrangedOpponent(p *game.Player) *game.Player {
	var opps []*game.Player
	for _, q := range e.s.InGame() {
		if q != p {
			opps = append(opps, q)
		}
	}
	if len(opps) == 0 {
		return p
	}
	if e.cur != nil {
		for _, w := range []string{"bottom", "top"} {
			if cl := e.cur.Clause(w); cl != nil {
				for _, nm := range cl.Names {
					if o := e.s.FindIn(nm.Text, game.Library); o != nil && o.Owner != p {
						return o.Owner
					}
				}
			}
		}
	}
	return opps[0]
}

// chooseWhat says what a "choose" instruction chooses.
func chooseWhat(ef game.Effect) string {
	if ef.Who == "creature token you control" {
		return "a creature token they control"
	}
	switch ef.Name {
	case "":
		return "a creature they control"
	case "least toughness":
		return "a creature they control with the least toughness or tied for least toughness among creatures they control"
	}
	return "an " + ef.Name + " creature they control"
}

// choosable are the creatures p may choose for a "choose" instruction
// or "a creature you control": those p controls, of the subtype Name
// names, or those with the least toughness among them (bolster's ties,
// 701.39a).
func (e *engine) choosable(p *game.Player, ef game.Effect) []*game.Object {
	var out []*game.Object
	for _, o := range e.s.Battlefield() {
		if ef.Who == "creature token you control" && !o.Token {
			continue
		}
		if o.Is("Creature") && o.Controller() == p && (ef.Name == "" || ef.Name == "least toughness" || o.HasSubtype(ef.Name)) {
			out = append(out, o)
		}
	}
	if ef.Name == "least toughness" && len(out) > 0 {
		least := out[0].Toughness()
		for _, o := range out {
			least = min(least, o.Toughness())
		}
		out = slices.DeleteFunc(out, func(o *game.Object) bool { return o.Toughness() != least })
	}
	return out
}

// pick is the creature the statement resolving chooses among the
// candidates (`resolve; choose NAME`; checkChoose refuses one that
// isn't among them), or the only one; nil for none.
func (e *engine) pick(d doing, ef game.Effect) *game.Object {
	cands := e.choosable(d.src.Controller(), ef)
	if e.cur != nil {
		if cl := e.cur.Clause("choose"); cl != nil && len(cl.Names) == 1 {
			for _, o := range cands {
				if strings.EqualFold(o.Label, cl.Names[0].Text) {
					return o
				}
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return cands[0]
}

// giveCounters gives each permanent and player the resolving statement
// chooses (`resolve; choose A, bob`; checkChoose refuses one with no
// counter) one more counter of each kind it has, all at once, or, where
// the definition says "of a kind", of the one kind it has or the kind
// `; kind KIND` names (proliferate's, 701.34a; 701.26a–b until
// 2019-01-25). A player's counters are poison counters.
func (e *engine) giveCounters(d doing, ef game.Effect) {
	p := d.src.Controller()
	var names []Name
	if e.cur != nil {
		if cl := e.cur.Clause("choose"); cl != nil {
			names = cl.Names
		}
	}
	if len(names) == 0 {
		e.cite(d, "%s: %s chooses no permanent or player", cmp.Or(d.head, d.from), p.Name)
		return
	}
	var chosen []string
	for _, nm := range names {
		chosen = append(chosen, nm.Text)
	}
	e.cite(d, "%s: %s chooses %s", cmp.Or(d.head, d.from), p.Name, strings.Join(chosen, ", "))
	for _, nm := range names {
		if q, err := e.player(nm.Text); err == nil {
			if q.Poison > 0 {
				q.Poison++
				e.cite(d, "%s: %s gets an additional poison counter (%d)", cmp.Or(d.head, d.from), q.Name, q.Poison)
			}
			continue
		}
		o := e.s.FindIn(nm.Text, game.Battlefield)
		kinds := counterKinds(o)
		if len(kinds) == 0 {
			e.cite(d, "%s: %s no longer has a counter: it gets none", cmp.Or(d.head, d.from), nm.Text)
			continue
		}
		give := map[string]int{}
		switch {
		case ef.Name == "each kind":
			for _, k := range kinds {
				give[k] = 1
			}
		case len(kinds) == 1:
			give[kinds[0]] = 1
		default:
			k := kinds[0]
			if cl := e.cur.Clause("kind"); cl != nil && slices.Contains(kinds, cl.Names[0].Text) {
				k = cl.Names[0].Text
			}
			give[k] = 1
			r := e.rules.Find(phKindChosen...)
			if r.IsZero() {
				r = d.rule
			}
			e.s.Cite(r, "%s: %s has more than one kind of counter (%s): %s chooses %s", cmp.Or(d.head, d.from), o.Label, strings.Join(kinds, ", "), p.Name, k)
		}
		e.putCounterKinds(o, give, p)
	}
}

// createUnless: the source's controller creates the token the
// instruction describes unless they put n counters of kind Becomes on
// the source, their choice as it resolves (`resolve; decline` declines
// to put them; a source no longer on the battlefield gets none, 400.7):
// endure's (701.63a). With n 0 nothing happens (701.63b).
func (e *engine) createUnless(d doing, ef game.Effect, n int) {
	src, p := d.src, d.src.Controller()
	head := cmp.Or(d.head, d.from)
	if n == 0 {
		r := e.rules.Find(phNothingZero...)
		if r.IsZero() {
			r = d.rule
		}
		e.s.Cite(r, "%s: N is 0: nothing happens, no counters and no token", head)
		return
	}
	on := e.s.FindIn(src.Label, game.Battlefield) == src
	if on && !e.declines() {
		e.cite(d, "%s: %s puts %d %s %s on %s rather than create a token", head, p.Name, n, ef.Becomes, plural(n, "counter"), src.Label)
		e.putCounters(src, ef.Becomes, n, p)
		return
	}
	why := p.Name + " declines to put the counters"
	if !on {
		why = src.Label + " is no longer on the " + strings.TrimPrefix(e.zone(game.Battlefield), "the ")
	}
	e.cite(d, "%s: %s: %s creates the token", head, why, p.Name)
	e.create(d, game.Effect{Verb: "create", Name: ef.Name, P: ef.P, T: ef.T}, 1)
}

// forageChoice reads what the statement resolving chooses for
// "exile N cards from your graveyard or sacrifice a Food" (forage's,
// 701.61a): the cards `; exile A, B, C` names, each in p's graveyard,
// or the permanent of subtype kind `; sacrifice F` names; with no
// clause, the only way p can, or nothing when p can do neither. An
// error says what to write.
func (e *engine) forageChoice(p *game.Player, n int, kind string, st *Stmt) (exile []*game.Object, sac *game.Object, err error) {
	gy := p.Zone(game.Graveyard)
	var foods []*game.Object
	for _, o := range e.s.Controlled(p) {
		if o.HasSubtype(kind) {
			foods = append(foods, o)
		}
	}
	ex, sa := st.Clause("exile"), st.Clause("sacrifice")
	switch {
	case ex != nil && sa != nil:
		return nil, nil, refuse("exile cards or sacrifice a %s: one or the other", kind)
	case ex != nil:
		if len(ex.Names) != n {
			return nil, nil, refuse("%d cards are exiled from %s's graveyard, not %d", n, p.Name, len(ex.Names))
		}
		for _, nm := range ex.Names {
			o := e.s.FindIn(nm.Text, game.Graveyard)
			if o == nil || o.Owner != p || slices.Contains(exile, o) {
				return nil, nil, refuse("%s is not a card in %s's graveyard (each named once)", nm.Text, p.Name)
			}
			exile = append(exile, o)
		}
		return exile, nil, nil
	case sa != nil:
		o := e.s.FindIn(sa.Names[0].Text, game.Battlefield)
		if len(sa.Names) != 1 || o == nil || o.Controller() != p || !o.HasSubtype(kind) {
			return nil, nil, refuse("%s is not a %s %s controls", sa.Names[0].Text, kind, p.Name)
		}
		return nil, o, nil
	}
	switch {
	case len(gy) >= n && len(foods) > 0, len(gy) > n, len(foods) > 1:
		return nil, nil, refuse("%s chooses: \"; exile A, B, C\" (%d cards from their graveyard) or \"; sacrifice A\" (a %s)", p.Name, n, kind)
	case len(gy) == n:
		return slices.Clone(gy), nil, nil
	case len(foods) == 1:
		return nil, foods[0], nil
	}
	return nil, nil, nil
}

// exileOrSacrifice follows forage's choice (forageChoice).
func (e *engine) exileOrSacrifice(d doing, ef game.Effect, n int) {
	p := d.src.Controller()
	head := cmp.Or(d.head, d.from)
	st := e.cur
	if st == nil {
		st = &Stmt{}
	}
	exile, sac, err := e.forageChoice(p, n, ef.Name, st)
	switch {
	case err != nil:
		e.cite(d, "%s: %v: nothing happens", head, err)
	case sac != nil:
		e.s.Cite(e.defined("Sacrifice", phSacrifice...), "%s: %s sacrifices %s", head, p.Name, sac.Label)
		e.leaveBattlefield(sac, game.Graveyard, "sacrificed")
	case len(exile) > 0:
		e.cite(d, "%s: %s exiles %s from their graveyard", head, p.Name, strings.Join(labelsOf(exile), ", "))
		for _, o := range exile {
			e.s.Move(o, game.Exile, nil, false)
		}
	default:
		e.cite(d, "%s: %s has fewer than %d cards in their graveyard and no %s: nothing happens", head, p.Name, n, ef.Name)
	}
}

// multiply doubles (N 2) or triples (N 3) what the instruction names
// (701.10, 701.11): a creature's power and/or toughness, +X/+Y where X
// and Y are (N-1) times its values as the instruction is followed
// (a negative value the same way: -X, 701.10c, 701.11c), a continuous
// effect (613.4c); a life total, gaining or losing what makes it N times
// what it was (701.10d); the counters of a kind, as many more as (N-1)
// times those it has (701.10e). Each step cites its subrule.
func (e *engine) multiply(d doing, ef game.Effect, t *game.Target) {
	name, how := "Double", "doubles"
	if ef.N == 3 {
		name, how = "Triple", "triples"
	}
	k := ef.N - 1
	ctrl := d.src.Controller()
	head := cmp.Or(d.name, d.from)
	cite := func(phrase, format string, args ...any) {
		// The subrule that says what this doubling means; where the
		// revision defines none (tripling a life total), the rule of
		// following the instruction.
		r := e.kw(name, phrase)
		if r.IsZero() || !strings.Contains(strings.ToLower(keyword.Normalize(r.Text)), phrase) {
			r = e.rules.Find(phFollow...)
		}
		e.s.Cite(r, format, args...)
	}
	if ef.Name == "life" {
		was := ctrl.Life
		ctrl.Life += was * k
		cite("life total", "%s: %s %s their life total: %d becomes %d", head, ctrl.Name, how, was, ctrl.Life)
		switch {
		case was > 0:
			e.firePlayer(ctrl, ability.GainsLife, nil)
		case was < 0:
			e.firePlayer(ctrl, ability.LosesLife, nil)
		}
		return
	}
	for _, o := range e.objects(d, game.Effect{Target: ef.Target, Who: ef.Who}, t) {
		if ef.Becomes == "counters" {
			n := o.Counters[ef.Name]
			cite("number of a kind of counters", "%s: %s %s the %s counters on %s: %d more", head, ctrl.Name, how, ef.Name, o.Label, n*k)
			if n > 0 {
				e.putCounters(o, ef.Name, n*k, ctrl)
			}
			continue
		}
		p, tt := o.PT()
		c := &game.Continuous{Source: d.src, Label: head, Objects: []*game.Object{o}, AddPT: true, UntilEOT: ef.UntilEOT}
		if strings.Contains(ef.Name, "power") {
			c.P = p * k
		}
		if strings.Contains(ef.Name, "toughness") {
			c.T = tt * k
		}
		sub := "gets +x/+0"
		if (p < 0 && c.P != 0) || (tt < 0 && c.T != 0) {
			sub = "less than 0"
		}
		cite(sub, "%s: %s %s %s's %s (%d/%d): it gets %+d/%+d", head, ctrl.Name, how, o.Label, ef.Name, p, tt, c.P, c.T)
		e.s.AddEffect(c)
		e.citeLayers(c, fmt.Sprintf("%s: %q applies to %s", head, ef.Text, o.Label), c.Objects)
	}
}

// addOrRemove: each permanent its controller chooses (`resolve; choose
// A, B`; checkChoose refuses one they don't control or with no counter
// of the kind) gets one more counter of kind Name, or one fewer when
// `; remove B` names it (time travel's, 701.56a). Removing the last
// triggers what waits for it. A suspended card (702.62b) is none the
// engine has: suspend is not modelled.
func (e *engine) addOrRemove(d doing, ef game.Effect) {
	p := d.src.Controller()
	head := cmp.Or(d.head, d.from)
	var chosen, removed []Name
	if e.cur != nil {
		if cl := e.cur.Clause("choose"); cl != nil {
			chosen = cl.Names
		}
		if cl := e.cur.Clause("remove"); cl != nil {
			removed = cl.Names
		}
	}
	if len(chosen) == 0 {
		e.cite(d, "%s: %s chooses nothing", head, p.Name)
		return
	}
	for _, nm := range chosen {
		o := e.s.FindIn(nm.Text, game.Battlefield)
		if o == nil || o.Counters[ef.Name] == 0 {
			e.cite(d, "%s: %s no longer has a %s counter: nothing happens to it", head, nm.Text, ef.Name)
			continue
		}
		if slices.ContainsFunc(removed, func(r Name) bool { return strings.EqualFold(r.Text, nm.Text) }) {
			o.AddCounters(ef.Name, -1)
			e.s.Changed()
			e.cite(d, "%s: %s removes a %s counter from %s (%d left)", head, p.Name, ef.Name, o.Label, o.Counters[ef.Name])
			if o.Counters[ef.Name] == 0 {
				e.fire(o, ability.LastCounterRemoved, lastCounter(ef.Name))
			}
			continue
		}
		e.cite(d, "%s: %s puts a %s counter on %s", head, p.Name, ef.Name, o.Label)
		e.putCounters(o, ef.Name, 1, p)
	}
}

// phNothingZero finds endure's rule of endure 0 (701.63b).
var phNothingZero = []string{"no counters are put on that permanent and no tokens are created"}

// phNoTokens finds populate's rule of no creature token (701.36b).
var phNoTokens = []string{"no creature tokens when instructed"}

// phKindChosen finds the rule of the kind of counter chosen where a
// permanent has several (701.23b–701.26b until 2019-01-25).
var phKindChosen = []string{"chooses which kind of counter to add"}

// counterKinds are the kinds of counter o has, sorted; none for nil.
func counterKinds(o *game.Object) []string {
	if o == nil {
		return nil
	}
	var out []string
	for k, n := range o.Counters {
		if n > 0 {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
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
	o, ok := actor(d, ef, t)
	if !ok {
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

// actor is the permanent an instruction makes act ("it explores",
// "target creature connives"): its target, or its source when it has
// none; false for a target that is gone.
func actor(d doing, ef game.Effect, t *game.Target) (*game.Object, bool) {
	switch {
	case t != nil && t.Object != nil:
		return t.Object, true
	case ef.Target != "":
		return nil, false
	}
	return d.src, true
}

// connive follows "it connives [N]" (701.50a, 701.50e): the permanent's
// controller draws N cards, then discards N, the cards the statement
// resolving it names (`resolve; discard A`, chosen among the cards in
// hand once drawn: connivingChoice), and puts a +1/+1 counter on the
// permanent for each nonland card discarded, none on a permanent that
// has left the battlefield (701.50c).
func (e *engine) connive(d doing, ef game.Effect, t *game.Target, n int) {
	from := cmp.Or(d.head, d.from)
	o, ok := actor(d, ef, t)
	if !ok {
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
