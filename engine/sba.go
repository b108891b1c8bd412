package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// The state-based actions, found by what each says in any era (704.5
// today, 420.5 "state-based effects" before 2009). An action whose rule
// the revision does not have does not happen there.
var (
	sbaLife      = []string{"if a player has 0 or less life", "a player with 0 or less life", "a player with 0 life or less"}
	sbaEmptyDraw = []string{"attempted to draw a card from a library with no cards in it", "attempted to draw a card from an empty library", "draw a card from an empty library", "required to draw more cards than were in his or her library"}
	// Drawing more cards than are left, said only in 102.2 in
	// 1999-04-23, not under 420.5.
	phDrawMoreThanLeft = []string{"required to draw more cards than are left in his or her library"}
	sbaPoison          = []string{"ten or more poison counters"}
	sbaToken           = []string{"if a token is in a zone other than the battlefield", "a token in a zone other than the in-play zone", "token in a zone other than", "or is in a zone other than the battlefield, it ceases to exist"}
	sbaDeathtouch      = []string{"dealt damage by a source with deathtouch since the last time state-based actions were checked"}
	sbaLoyalty         = []string{"if a planeswalker has loyalty 0", "a planeswalker with loyalty 0"}
	sbaUniqueness      = []string{"planeswalkers that share a planeswalker type"}
	sbaLegend          = []string{"this is called the \"legend rule.\"", "called the \"legend rule\"", "legend rule"}
	sbaWorld           = []string{"this is called the \"world rule.\"", "called the \"world rule\"", "if two or more permanents have the supertype world", "if two or more enchant worlds are in play"}
	sbaAura            = []string{"if an aura is attached to an illegal object or player", "an aura attached to an illegal", "enchants an illegal or nonexistent permanent"}
	sbaEquipment       = []string{"if an equipment or fortification is attached to an illegal", "an equipment or fortification attached to an illegal", "an equipment attached to an illegal permanent"}
	sbaAnnihilate      = []string{"has both a +1/+1 counter and a -1/-1 counter on it"}
	// An Equipment that's also a creature can't equip a creature
	// (301.5c; 212.2i before 2009).
	phEquipCreature = []string{"equipment that's also a creature can", "also a creature can"}
	sbaUnattach     = []string{"neither an aura, an equipment, nor a fortification"}
	sbaMaxCounter   = []string{"has more than n counters of that kind on it"}
	sbaRoles        = []string{"more than one role controlled by the same player attached to it"}
	sbaLeaves       = []string{"all objects (see rule 109) owned by that player leave the game", "owned by that player leave the game"}
	sbaGameOver     = []string{"wins the game if that player's opponents have all left the game", "wins the game", "a game immediately ends when"}
	// Damage to a planeswalker, and whether "any target" includes one.
	phAnyTarget          = []string{"require \"any target,\"", "\"any target\""}
	phPlaneswalkerDamage = []string{"damage dealt to a planeswalker causes that many loyalty counters to be removed", "loyalty counters to be removed"}
	sbaSimultanous       = []string{"performs all applicable state-based actions simultaneously as a single event", "all applicable effects resolve as a single event", "resolve simultaneously as a single event"}
)

// sbaRef cites the state-based action that says one of phrases: a
// subrule of the rule titled "State-Based Actions" (704 today) or
// "State-Based Effects" (420 before 2009); the zero Ref when the
// revision has no such action.
func (e *engine) sbaRef(phrases ...string) game.Ref {
	return e.rules.FindUnder(sbaTitles, phrases...)
}

// sbaTitles are the titles of the state-based actions' rule.
var sbaTitles = []string{"State-Based Actions", "State-Based Effects"}

// sba performs state-based actions (704.3; 420.3 in 2006): whenever a
// player would receive priority the game checks every condition and
// performs all the actions that apply at once, as one event, then checks
// again, until none applies. When one of them waits for a player's
// choice (the legend rule's "keep") none is performed and e.choice holds
// the refusal until a statement makes it.
func (e *engine) sba() {
	e.choice = nil
	// Effects "for as long as" a condition end as soon as it fails
	// (611.2b); they are checked here, before a player would receive
	// priority.
	e.endDurations()
	e.endSectors()
	e.dayNight()
	for round := 0; round < 20; round++ {
		e.noteControl()
		acts, err := e.sbaCheck()
		if err != nil {
			e.choice = err
			return
		}
		if len(acts) == 0 {
			return
		}
		switch {
		case round > 0:
			e.s.Cite(e.sbaRef(sbaSimultanous...), "state-based actions are checked again: %d apply, performed at once", len(acts))
		case len(acts) > 1:
			e.s.Cite(e.sbaRef(sbaSimultanous...), "%d state-based actions apply and are performed at once", len(acts))
		}
		for _, a := range acts {
			a()
		}
		e.leaveGame()
		if e.over {
			// The game is over (104.2a): nothing more happens in it.
			return
		}
	}
}

// sbaCheck returns the state-based actions that apply now, each to be
// performed after all have been found, or the refusal of one that waits
// for a player's choice.
func (e *engine) sbaCheck() ([]func(), error) {
	// The check changes nothing: the layers, applied once per state
	// version, are applied once for all the permanents it asks about.
	var acts []func()
	do := func(phrases []string, f func(r game.Ref)) bool {
		r := e.sbaRef(phrases...)
		if r.IsZero() {
			return false
		}
		acts = append(acts, func() { f(r) })
		return true
	}
	for _, p := range e.s.Players {
		if p.Lost || p.Left {
			continue
		}
		switch {
		case p.Life <= 0:
			do(sbaLife, func(r game.Ref) { e.lose(p, r, fmt.Sprintf("%d life", p.Life)) })
		case p.DrewFromEmpty:
			lose := func(r game.Ref) { e.lose(p, r, "attempted to draw from an empty library") }
			if !do(sbaEmptyDraw, lose) {
				// 1999-04-23 says it outside 420.5, in 102.2 ("he or
				// loses instead", sic): the loss is found at this check,
				// before any player would receive priority.
				if r := e.rules.Find(phDrawMoreThanLeft...); !r.IsZero() {
					acts = append(acts, func() { lose(r) })
				}
			}
		case p.Poison >= 10:
			do(sbaPoison, func(r game.Ref) { e.lose(p, r, fmt.Sprintf("%d poison counters", p.Poison)) })
		}
		p.DrewFromEmpty = false
	}
	for _, o := range e.s.Objects() {
		switch {
		case o.Token && o.Zone != game.Battlefield:
			do(sbaToken, func(r game.Ref) {
				e.s.Remove(o)
				e.s.Cite(r, "%s is a token in %s and ceases to exist", o.Label, e.zone(o.Zone))
			})
		case o.Copy && o.Zone != game.Stack:
			do(phCopyGone, func(r game.Ref) {
				e.s.Remove(o)
				e.s.Cite(r, "the copy of %s ceases to exist (it is in %s)", o.Name(), e.zone(o.Zone))
			})
		}
	}
	for _, o := range e.s.Battlefield() {
		acts = append(acts, e.sbaPermanent(o, o.Characteristics(), do)...)
	}
	e.sbaDungeons(do)
	e.ascend()
	d := e.designations()
	e.sbaSpeeds(d, do)
	more, err := e.sectors(d)
	if err != nil {
		return nil, err
	}
	acts = append(acts, more...)
	acts = append(acts, e.worldRule()...)
	acts = append(acts, e.roleRule()...)
	for _, rule := range []func() ([]func(), error){e.legendRule, e.uniqueness} {
		more, err := rule()
		if err != nil {
			return nil, err
		}
		acts = append(acts, more...)
	}
	return acts, nil
}

// sbaPermanent returns the state-based actions of permanent o, whose
// characteristics are ch.
func (e *engine) sbaPermanent(o *game.Object, ch game.Chars, do func([]string, func(game.Ref)) bool) []func() {
	var acts []func()
	if ch.Is("Creature") {
		switch t := ch.Toughness; {
		case t <= 0:
			do(phZeroTough, func(r game.Ref) {
				e.s.Cite(r, "%s has toughness %d and is put into its owner's graveyard", o.Label, t)
				e.leaveBattlefield(o, game.Graveyard, "toughness 0 or less")
			})
		case o.Damage > 0 && o.Damage >= t:
			do(phLethal, func(r game.Ref) { e.destroy(o, r, fmt.Sprintf("%d damage, toughness %d", o.Damage, t)) })
		case o.Damage > 0 && !o.Doomed.IsZero():
			r := e.sbaRef(sbaDeathtouch...)
			if r.IsZero() {
				r = o.Doomed
			}
			acts = append(acts, func() {
				e.destroy(o, r, "damage from a source whose damage in any amount destroys")
			})
		}
	}
	if ch.Is("Planeswalker") && o.Counters["loyalty"] <= 0 {
		do(sbaLoyalty, func(r game.Ref) {
			e.s.Cite(r, "%s has loyalty 0 and is put into its owner's graveyard", o.Label)
			e.leaveBattlefield(o, game.Graveyard, "loyalty 0")
		})
	}
	if ch.Is("Battle") {
		e.sbaBattle(o, do)
	}
	hasSub := func(t string) bool {
		return slices.ContainsFunc(ch.Subtypes, func(x string) bool { return strings.EqualFold(x, t) })
	}
	if hasSub("Saga") {
		e.sbaSagaDone(o, do)
	}
	if o.AttachedTo != nil {
		if act := e.sbaDetach(o, ch, hasSub); act != nil {
			return append(acts, act)
		}
	}
	en, aura := (*ability.Enchants)(nil), false
	if hasSub("Aura") || slices.ContainsFunc(ch.Subtypes, ability.IsLocal) {
		en, aura = first[*ability.Enchants](e, o)
	}
	if aura {
		if why := e.illegalAttachment(o, en.What); why != "" {
			do(sbaAura, func(r game.Ref) {
				e.s.Cite(r, "%s %s and is put into its owner's graveyard", o.Label, why)
				o.AttachedTo = nil
				e.s.Changed()
				e.leaveBattlefield(o, game.Graveyard, why)
			})
		}
	} else if o.AttachedTo != nil && hasSub("Equipment") {
		why := e.illegalAttachment(o, ability.Q("creature"))
		if why == "" && ch.Is("Creature") {
			// 301.5c (212.2i before 2009): an Equipment that's also a
			// creature can't equip a creature.
			why = "is also a creature, and an Equipment that's also a creature can't equip a creature"
		}
		if why != "" {
			do(sbaEquipment, func(r game.Ref) {
				e.s.Cite(r, "%s %s and becomes unattached; it remains a permanent", o.Label, why)
				e.unattach(o)
			})
		}
	}
	if n := min(o.Counters["+1/+1"], o.Counters["-1/-1"]); n > 0 {
		do(sbaAnnihilate, func(r game.Ref) {
			o.AddCounters("+1/+1", -n)
			o.AddCounters("-1/-1", -n)
			e.s.Cite(r, "%d +1/+1 and %d -1/-1 counters are removed from %s", n, n, o.Label)
		})
	}
	for _, ef := range textEffects(o) {
		if ef.Verb != "maxcounters" || o.Counters[ef.Name] <= ef.N {
			continue
		}
		do(sbaMaxCounter, func(r game.Ref) {
			// All but N remain, however many another action of this
			// check (704.5q) removed.
			if n := o.Counters[ef.Name] - ef.N; n > 0 {
				o.AddCounters(ef.Name, -n)
				e.s.Cite(r, "%s can't have more than %d %s counters on it: %d removed", o.Label, ef.N, ef.Name, n)
			}
		})
	}
	return acts
}

// sbaDetach returns, for permanent o attached to something, the
// state-based action that unattaches a permanent that can't be attached
// at all (704.5p today, 420.5m from 2007): one that is neither an Aura,
// an Equipment nor a Fortification, and, where the revision says so
// (from 2009-09-04), a creature or a battle whatever its subtypes; nil
// when it does not apply.
func (e *engine) sbaDetach(o *game.Object, ch game.Chars, hasSub func(string) bool) func() {
	r := e.sbaRef(sbaUnattach...)
	if r.IsZero() {
		return nil
	}
	text := strings.ToLower(r.Text)
	why := ""
	switch {
	case ch.Is("Creature") && strings.Contains(text, "creature is attached"):
		why = "is a creature"
	case ch.Is("Battle") && strings.Contains(text, "battle or creature is attached"):
		why = "is a battle"
	case !hasSub("Aura") && !hasSub("Equipment") && !hasSub("Fortification"):
		why = "is neither an Aura, an Equipment nor a Fortification"
	default:
		return nil
	}
	to := o.AttachedTo
	return func() {
		e.s.Cite(r, "%s %s attached to %s: it becomes unattached and remains a permanent", o.Label, why, to.Label)
		e.unattach(o)
	}
}

// illegalAttachment says why o, an Aura or Equipment that can be
// attached to what, is attached illegally or to nothing; "" when its
// attachment is legal.
func (e *engine) illegalAttachment(o *game.Object, what ability.Quality) string {
	to := o.AttachedTo
	switch {
	case to == nil:
		return "is attached to nothing"
	case to.Zone != game.Battlefield || !slices.Contains(e.s.Battlefield(), to):
		return "is attached to nothing"
	case !what.Matches(to):
		return fmt.Sprintf("is attached to %s, which is not %s", to.Label, what.Text)
	}
	for _, pr := range all[*ability.Protection](e, to) {
		if pr.From.Matches(o) {
			return fmt.Sprintf("is attached to %s, which has protection from %s", to.Label, pr.From.Text)
		}
	}
	return ""
}

// unattach makes o unattached: what its static abilities gave the
// permanent ends with it.
func (e *engine) unattach(o *game.Object) {
	o.AttachedTo = nil
	e.s.Changed()
}

// legendRule applies the legend rule of the revision: since 2013-07-13
// a player who controls two or more legendary permanents with the same
// name chooses one and the rest go to the graveyard; from 2004 to 2013
// all of them go, each player's alike; from 1999 to 2003 all but the one
// there the longest.
func (e *engine) legendRule() ([]func(), error) {
	r := e.sbaRef(sbaLegend...)
	if r.IsZero() {
		return nil, nil
	}
	// Until 2004 a creature of the creature type Legend is subject to it
	// too: "If two or more Legends or Legendary permanents with the same
	// name" (420.5e of 1999-04-23), "have the subtype Legend or the
	// supertype legendary" (2003-07-01).
	text := strings.ToLower(r.Text)
	typeLegend := strings.Contains(text, "legends or legendary") || strings.Contains(text, "subtype legend")
	var legends []*game.Object
	for _, o := range e.s.Battlefield() {
		if o.Name() != "" && (o.HasSupertype("Legendary") || typeLegend && slices.ContainsFunc(o.Characteristics().Subtypes, func(s string) bool { return strings.EqualFold(s, "Legend") })) {
			legends = append(legends, o)
		}
	}
	if len(legends) < 2 {
		return nil, nil
	}
	return e.unique(r, "legend rule", "named", legends, func(o *game.Object) []string { return []string{o.Name()} })
}

// unique applies r, a uniqueness rule (the legend rule, the planeswalker
// uniqueness rule), to the permanents of objs that share a key (share
// says how: "named", "of the planeswalker type"), as the
// revision's text says: "that player chooses one of them" (the
// statement's "keep" choice; without one the check waits for it), or
// all but the one there the longest ("earliest timestamp", "the
// longest"), or all of them; only one player's permanents are grouped
// when the text says "controlled by the same player" or "if a player
// controls".
func (e *engine) unique(r game.Ref, name, share string, objs []*game.Object, keys func(*game.Object) []string) ([]func(), error) {
	text := strings.ToLower(r.Text)
	perPlayer := strings.Contains(text, "controlled by the same player") || strings.Contains(text, "if a player controls")
	groups := map[string][]*game.Object{}
	shown := map[string]string{}
	var order []string
	for _, o := range objs {
		for _, key := range keys(o) {
			k := strings.ToLower(key)
			if perPlayer {
				k = o.Controller().Name + "\x00" + k
			}
			if groups[k] == nil {
				order = append(order, k)
				shown[k] = key
			}
			groups[k] = append(groups[k], o)
		}
	}
	var acts []func()
	for _, k := range order {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		var keep *game.Object
		how := "all are put into their owners' graveyards"
		switch {
		case strings.Contains(text, "chooses one"):
			o, err := e.keepOf(r, name, g)
			if err != nil {
				return nil, err
			}
			keep, how = o, "their controller keeps "+o.Label
		case strings.Contains(text, "earliest timestamp") || strings.Contains(text, "the longest"):
			keep, how = g[0], "the one there the longest is kept"
			for _, o := range g {
				if o.ID < keep.ID {
					keep = o
				}
			}
		}
		acts = append(acts, func() {
			e.s.Cite(r, "%s: %d permanents %s %s: %s", name, len(g), share, shown[k], how)
			for _, o := range g {
				if o != keep && o.Zone == game.Battlefield && slices.Contains(e.s.Battlefield(), o) {
					e.leaveBattlefield(o, game.Graveyard, name)
				}
			}
		})
	}
	return acts, nil
}

// keepOf is the permanent of g, one player's permanents under the
// uniqueness rule r, that the player keeps: the one the statement's
// "keep" choice names ("; keep NAME" on an action, or "PLAYER keeps
// NAME", which only g's controller can make). Without one the rule waits
// for the choice: the refusal says which rule and what to write.
func (e *engine) keepOf(r game.Ref, name string, g []*game.Object) (*game.Object, error) {
	p := g[0].Controller()
	if e.cur != nil {
		if cl := e.cur.Clause("keep"); cl != nil {
			for _, n := range cl.Names {
				for _, o := range g {
					if !strings.EqualFold(o.Label, n.Text) {
						continue
					}
					if e.cur.Verb == "keep" && !strings.EqualFold(e.cur.Player, p.Name) {
						return nil, refuse("%s can't choose for the %s: %s controls %s and chooses%s", e.cur.Player, name, p.Name, o.Label, see(r))
					}
					e.kept = true
					return o, nil
				}
			}
		}
	}
	labels := make([]string, len(g))
	for i, o := range g {
		labels[i] = o.Label
	}
	return nil, refuse("the %s%s waits for %s's choice: of %s, %s keeps one and the rest are put into their owners' graveyards; write \"; keep NAME\" on the action or \"%s keeps NAME\"", name, see(r), p.Name, strings.Join(labels, ", "), p.Name, p.Name)
}

// unkept refuses a statement whose "keep" choice kept nothing: no
// uniqueness rule let a player choose among permanents it names (in the
// revisions before 2013-07-13 the legend rule lets no one choose).
func (e *engine) unkept(st *Stmt) error {
	cl := st.Clause("keep")
	if cl == nil || e.kept {
		return nil
	}
	var ns []string
	for _, n := range cl.Names {
		ns = append(ns, n.Text)
	}
	return refuse("keep: no state-based action lets a player choose to keep %s; see the legend rule%s", strings.Join(ns, ", "), see(e.sbaRef(sbaLegend...)))
}

// worldRule: of two or more permanents with the supertype world, all but
// the one that has had it for the shortest time go to their owners'
// graveyards; all of them when two or more tie for it (704.5k; 420.5i
// in 2006). The time is the timestamp of its entering or of the copy
// effect that made it a world permanent (Object.WorldSince).
func (e *engine) worldRule() []func() {
	var ws []*game.Object
	newest := 0
	for _, o := range e.s.Battlefield() {
		if t := o.WorldSince(); t > 0 {
			ws = append(ws, o)
			newest = max(newest, t)
		}
	}
	if len(ws) < 2 {
		return nil
	}
	r := e.sbaRef(sbaWorld...)
	if r.IsZero() {
		return nil
	}
	var keep *game.Object
	var tied []string
	for _, o := range ws {
		if o.WorldSince() == newest {
			keep = o
			tied = append(tied, o.Label)
		}
	}
	// Before the supertype world (2004-10-01) the rule speaks of
	// enchant worlds (420.5i of 2001-07-23).
	what, been, as := "world permanents", "has had the world supertype", "with the world supertype"
	if strings.Contains(strings.ToLower(r.Text), "enchant worlds") {
		what, been, as = "enchant worlds", "has been an enchant world", "as an enchant world"
	}
	return []func(){func() {
		if len(tied) > 1 {
			keep = nil
			e.s.Cite(r, "world rule: %d %s; %s tie for the shortest time %s: all are put into their owners' graveyards", len(ws), what, strings.Join(tied, ", "), as)
		} else {
			e.s.Cite(r, "world rule: %d %s; all but %s, which %s for the shortest time, are put into their owners' graveyards", len(ws), what, keep.Label, been)
		}
		for _, o := range ws {
			if o != keep {
				e.leaveBattlefield(o, game.Graveyard, "world rule")
			}
		}
	}}
}

// roleRule is 704.5y (from 2023-10-13): of the Roles one player controls
// attached to one permanent, all but the one with the most recent
// timestamp go to their owners' graveyards.
func (e *engine) roleRule() []func() {
	groups := map[[2]any][]*game.Object{}
	var order [][2]any
	for _, o := range e.s.Battlefield() {
		if o.AttachedTo == nil || !o.HasSubtype("Role") {
			continue
		}
		k := [2]any{o.AttachedTo, o.Controller()}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], o)
	}
	var acts []func()
	for _, k := range order {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		r := e.sbaRef(sbaRoles...)
		if r.IsZero() {
			return nil
		}
		newest := g[0]
		for _, o := range g {
			if o.Timestamp > newest.Timestamp {
				newest = o
			}
		}
		acts = append(acts, func() {
			e.s.Cite(r, "%d Roles %s controls are attached to %s: all but %s, the newest, are put into their owners' graveyards", len(g), newest.Controller().Name, newest.AttachedTo.Label, newest.Label)
			for _, o := range g {
				if o != newest {
					e.leaveBattlefield(o, game.Graveyard, "a newer Role of the same player")
				}
			}
		})
	}
	return acts
}

// uniqueness is the planeswalker uniqueness rule of 2007-10-01 to 2017:
// two or more planeswalkers that share a planeswalker type all go; from
// 2013-07-13 their controller chooses one of them, as the legend rule.
func (e *engine) uniqueness() ([]func(), error) {
	var pws []*game.Object
	for _, o := range e.s.Battlefield() {
		if o.Is("Planeswalker") {
			pws = append(pws, o)
		}
	}
	if len(pws) < 2 {
		return nil, nil
	}
	r := e.sbaRef(sbaUniqueness...)
	if r.IsZero() {
		return nil, nil
	}
	return e.unique(r, "planeswalker uniqueness rule", "of the planeswalker type", pws, func(o *game.Object) []string { return o.Characteristics().Subtypes })
}

// lose makes p lose the game for the reason the rule r gives.
func (e *engine) lose(p *game.Player, r game.Ref, why string) {
	p.Lost = true
	e.s.Cite(r, "%s loses the game (%s)", p.Name, why)
}

// leaveGame takes the players who lost out of the game: in a multiplayer
// game (800.4a) every object they own leaves it, spells and abilities
// they control on the stack cease to exist, and the game goes on; when
// one player is left, that player wins.
func (e *engine) leaveGame() {
	for _, p := range e.s.Players {
		if !p.Lost || p.Left {
			continue
		}
		p.Left = true
		if len(e.s.Players) > 2 {
			e.leaveMultiplayer(p)
		}
	}
	if in := e.s.InGame(); len(in) == 1 && !e.over {
		e.over, e.overNote = true, in[0].Name+" won"
		e.s.Cite(e.rules.Find(sbaGameOver...), "%s wins the game: every opponent has left it", in[0].Name)
	}
}

// leaveMultiplayer removes from the game every object p owns, and the
// spells and abilities p controls (800.4a); the initiative p has goes
// to another player (725.4).
func (e *engine) leaveMultiplayer(p *game.Player) {
	var gone []string
	for _, o := range e.s.Objects() {
		if o.Owner == p || (o.Zone == game.Stack && o.Controller() == p) {
			e.s.Remove(o)
			if o.Ability == nil && o.Zone != game.Library && o.Zone != game.Hand {
				gone = append(gone, o.Label)
			}
		}
	}
	note := "nothing else leaves"
	if len(gone) > 0 {
		note = strings.Join(gone, ", ") + " leave with them"
	}
	e.s.Cite(e.rules.Find(sbaLeaves...), "%s leaves the game: every object they own and every spell and ability they control leave it too (%s)", p.Name, note)
	// The effects that give p control of objects end: those return to
	// the player who controlled them before (800.4a's example).
	for _, c := range e.s.EndControlOf(p) {
		for _, o := range c.Objects {
			if o.Zone == game.Battlefield && o.Owner != p {
				e.s.Cite(e.rules.Find(sbaLeaves...), "%s leaves the game: the effect of %s that gave them control of %s ends; %s controls it again", p.Name, c.Label, o.Label, o.Controller().Name)
			}
		}
	}
	e.s.Pending = slices.DeleteFunc(e.s.Pending, func(a *game.Object) bool { return a.Controller() == p })
	// What p still controls and doesn't own is exiled.
	exiled := e.s.Controlled(p)
	for _, o := range exiled {
		e.s.Cite(e.rules.Find(sbaLeaves...), "%s leaves the game: %s, which they still control, is %s", p.Name, o.Label, e.term("exiled", "removed from the game"))
		e.s.Move(o, game.Exile, nil, false)
	}
	for _, o := range e.s.Battlefield() {
		if o.AttachedTo != nil && o.AttachedTo.Owner == p {
			o.AttachedTo = nil
			e.s.Changed()
		}
	}
	e.s.Combat.Attackers = slices.DeleteFunc(e.s.Combat.Attackers, func(o *game.Object) bool { return o.Owner == p || slices.Contains(exiled, o) })
	if p.Initiative {
		e.initiativeLeaves(p)
	}
}
