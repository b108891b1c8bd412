package engine

import (
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Dungeons (309, from 2021-07-23) and the keyword action "venture into
// the dungeon" (701.46, 701.49 from 2025-06-06): a player brings a
// dungeon card they own from outside the game into the command zone,
// moves their venture marker down its rooms, each move triggering the
// room ability of the room entered, and the state-based action of
// 704.5t removes a dungeon whose marker is on its bottommost room once
// no room ability of it is waiting or on the stack; the player has
// completed it (309.7). Each step cites the revision's rule found by
// what it says.
var (
	ventureTitles  = []string{"Venture into the Dungeon"}
	dungeonTitles  = []string{"Dungeons"}
	phVentureStart = []string{"venture into the dungeon while they don't own a dungeon card in the command zone"}
	phVentureMove  = []string{"they choose an adjacent room"}
	phVentureDone  = []string{"venture marker is in the bottommost room of a dungeon card"}
	phRoomAbility  = []string{"when you move your venture marker into this room"}
	phMarkerTop    = []string{"they put their venture marker on the topmost room"}
	phCompletes    = []string{"completes a dungeon as that dungeon card is removed from the game"}
	phNotCast      = []string{"dungeon cards are not permanents"}
	phVentureInto  = []string{"is a variant of venture into the dungeon"}
	sbaDungeon     = []string{"venture marker is on the bottommost room of a dungeon card"}
)

// dungeonOf returns the dungeon card p owns in the command zone, or nil
// (309.3: one at a time).
func (e *engine) dungeonOf(p *game.Player) *game.Object {
	for _, o := range p.Zone(game.Command) {
		if o.Card.Is("Dungeon") {
			return o
		}
	}
	return nil
}

// bottommost reports whether d's venture marker is on its bottommost
// room, the one no arrow points away from.
func bottommost(d *game.Object) bool { return len(d.Card.Rooms[d.Room].Next) == 0 }

// A ventureStep is what one venture into the dungeon does: it completes
// the dungeon the marker is in the bottommost room of (done), brings the
// dungeon card labelled enter into the command zone, or moves the marker
// to room of the dungeon there; nothing when the player owns no dungeon
// card to bring (none).
type ventureStep struct {
	done  bool
	enter string
	room  int
	none  bool
}

// ventureChoices are the choices made by the statement under way for
// the ventures into the dungeon it resolves: the dungeon cards chosen
// ("; dungeon A") and the rooms ("; room A"), taken in order.
type ventureChoices struct {
	dungeons, rooms []Name
	d, r            int
}

// plan returns the steps of n ventures into the dungeon by p, from the
// state now, with the choices of vc from where they stand; a choice
// missing where the rules let the player choose, or naming what they
// can't choose, is refused with the rule. A venture into [quality]
// (quality "Undercity", 701.46d) chooses only a dungeon card of that
// dungeon type to bring into the game.
func (e *engine) plan(p *game.Player, n int, quality string, vc *ventureChoices) ([]ventureStep, error) {
	var cur *game.Card
	room := 0
	if d := e.dungeonOf(p); d != nil {
		cur, room = d.Card, int(d.Room)
	}
	var outside []*game.Object
	for _, o := range p.Zone(game.Outside) {
		if o.Card.Is("Dungeon") {
			outside = append(outside, o)
		}
	}
	var steps []ventureStep
	var curLabel string
	if d := e.dungeonOf(p); d != nil {
		curLabel = d.Label
	}
	for range n {
		if cur != nil && len(cur.Rooms[room].Next) > 0 {
			next := cur.Rooms[room].Next
			j := next[0]
			if len(next) > 1 || vc.r < len(vc.rooms) {
				if vc.r >= len(vc.rooms) {
					var names []string
					for _, k := range next {
						names = append(names, cur.Rooms[k].Name)
					}
					return nil, refuse("%s's venture marker leaves %s, from which arrows point to %s: choose one with \"; room NAME\" (%s)", p.Name, cur.Rooms[room].Name, strings.Join(names, " and "), e.rules.FindUnder(ventureTitles, phVentureMove...).ID)
				}
				w := vc.rooms[vc.r]
				vc.r++
				j = slices.IndexFunc(next, func(k int) bool { return strings.EqualFold(cur.Rooms[k].Name, w.Text) })
				if j < 0 {
					return nil, refuse("no arrow points from %s to %s: %s moves their venture marker to an adjacent room, following an arrow pointing away from it (%s)", cur.Rooms[room].Name, w.Text, p.Name, e.rules.FindUnder(ventureTitles, phVentureMove...).ID)
				}
				j = next[j]
			}
			room = j
			steps = append(steps, ventureStep{room: j})
			continue
		}
		if cur != nil {
			// The bottommost room: the dungeon is completed and is
			// outside the game again, to be chosen again.
			steps = append(steps, ventureStep{done: true})
			outside = append(outside, &game.Object{Label: curLabel, Card: cur})
			cur = nil
		}
		cands := outside
		if quality != "" {
			cands = slices.DeleteFunc(slices.Clone(outside), func(o *game.Object) bool { return !o.Card.HasSubtype(quality) })
		}
		if len(cands) == 0 {
			steps = append(steps, ventureStep{none: true})
			continue
		}
		pick := cands[0]
		if len(cands) > 1 || vc.d < len(vc.dungeons) {
			if vc.d >= len(vc.dungeons) {
				return nil, refuse("%s chooses a dungeon card they own from outside the game: choose one with \"; dungeon NAME\" (%s)", p.Name, e.rules.FindUnder(ventureTitles, phVentureStart...).ID)
			}
			w := vc.dungeons[vc.d]
			vc.d++
			i := slices.IndexFunc(cands, func(o *game.Object) bool { return strings.EqualFold(o.Label, w.Text) })
			if i < 0 {
				if quality != "" && slices.ContainsFunc(outside, func(o *game.Object) bool { return strings.EqualFold(o.Label, w.Text) }) {
					return nil, refuse("%s ventures into %s: %s is not a dungeon card with the dungeon type %s (%s)", p.Name, quality, w.Text, quality, e.rules.FindUnder(ventureTitles, phVentureInto...).ID)
				}
				return nil, refuse("%s owns no dungeon card %s outside the game (%s)", p.Name, w.Text, e.rules.FindUnder(ventureTitles, phVentureStart...).ID)
			}
			pick = cands[i]
		}
		outside = slices.DeleteFunc(slices.Clone(outside), func(o *game.Object) bool { return o == pick })
		cur, room, curLabel = pick.Card, 0, pick.Label
		steps = append(steps, ventureStep{enter: pick.Label})
	}
	return steps, nil
}

// ventures returns how many times the top of the stack ventures into
// the dungeon as it resolves, into which quality of dungeon ("" for
// any, 701.46d), and who does.
func (e *engine) ventures(top *game.Object) (int, string, *game.Player) {
	if top.Ability != nil {
		n := e.ventureCount[top]
		if n == 0 {
			// Combat damage on the stack has no source.
			return 0, "", nil
		}
		return n, e.ventureInto[top], top.Ability.Source.Controller()
	}
	face := top.Card
	if top.Half != nil {
		face = top.Half
	}
	n, quality := 0, ""
	if top.Spell != nil && !top.FaceDown {
		for _, ef := range effects(face, top.Spell) {
			if ef.Verb == "venture" {
				n++
				quality = ef.Name
			}
		}
	}
	return n, quality, top.Controller()
}

// checkVentures checks, before top resolves, the choices of the
// statement for the ventures into the dungeon it makes: every one the
// rules ask for, none more.
func (e *engine) checkVentures(st *Stmt, top *game.Object) error {
	e.vc = &ventureChoices{}
	if cl := st.Clause("dungeon"); cl != nil {
		e.vc.dungeons = cl.Names
	}
	if cl := st.Clause("room"); cl != nil {
		e.vc.rooms = cl.Names
	}
	n, quality, p := e.ventures(top)
	if n == 0 {
		if len(e.vc.dungeons)+len(e.vc.rooms) > 0 {
			return refuse("%s doesn't venture into the dungeon: there is no dungeon or room to choose", stackName(top))
		}
		return nil
	}
	check := *e.vc
	if _, err := e.plan(p, n, quality, &check); err != nil {
		return err
	}
	switch {
	case check.d < len(check.dungeons):
		return refuse("%s can't bring %s into the game: %s owns a dungeon card in the command zone (%s)", p.Name, check.dungeons[check.d].Text, p.Name, e.rules.FindUnder(dungeonTitles, "can own only one dungeon card in the command zone").ID)
	case check.r < len(check.rooms):
		return refuse("%s's venture marker moves %d %s: no more rooms to choose (%s)", p.Name, n, plural(n, "time"), check.rooms[check.r].Text)
	}
	return nil
}

// venture is the keyword action of p venturing into the dungeon (701.46
// or 701.49), or into a dungeon of the dungeon type quality (701.46d),
// by the instruction of from.
func (e *engine) venture(p *game.Player, quality, from string) {
	if e.vc == nil {
		e.vc = &ventureChoices{}
	}
	steps, err := e.plan(p, 1, quality, e.vc)
	if err != nil {
		// Only a statement that resolves checks the choices first.
		e.s.Cite(e.rules.FindUnder(ventureTitles, phVentureMove...), "%s: %s ventures into the dungeon: %v", from, p.Name, err)
		return
	}
	after := false // the dungeon entered is the one 701.46c brings after a completed one
	for _, s := range steps {
		switch {
		case s.done:
			d := e.dungeonOf(p)
			e.s.Cite(e.rules.FindUnder(ventureTitles, phVentureDone...), "%s: %s ventures into the dungeon with the venture marker in the bottommost room of %s: %s removes it from the game", from, p.Name, d.Label, p.Name)
			e.complete(d)
			after = true
		case s.none && quality != "":
			e.s.Cite(e.rules.FindUnder(ventureTitles, phVentureInto...), "%s: %s ventures into %s but owns no dungeon card with the dungeon type %s outside the game: nothing happens", from, p.Name, quality, quality)
		case s.none:
			e.s.Cite(e.rules.FindUnder(ventureTitles, phVentureStart...), "%s: %s ventures into the dungeon but owns no dungeon card outside the game: nothing happens", from, p.Name)
		case s.enter != "":
			o := p.Zone(game.Outside)[slices.IndexFunc(p.Zone(game.Outside), func(o *game.Object) bool { return o.Label == s.enter })]
			r := e.rules.FindUnder(ventureTitles, phVentureStart...)
			what := "a dungeon card they own from outside the game"
			if quality != "" {
				r = e.rules.FindUnder(ventureTitles, phVentureInto...)
				what = "a dungeon card with the dungeon type " + quality + " they own from outside the game"
			}
			if after {
				r = e.rules.FindUnder(ventureTitles, phVentureDone...)
			}
			e.s.Cite(r, "%s: %s ventures into %s: %s puts %s, %s, into the command zone", from, p.Name, ventureWhere(quality), p.Name, o.Label, what)
			d := e.s.Move(o, game.Command, p, false)
			e.s.Cite(e.rules.FindUnder(dungeonTitles, phMarkerTop...), "%s puts their venture marker on the topmost room of %s, %s", p.Name, d.Label, d.Card.Rooms[0].Name)
			e.intoRoom(d)
		default:
			d := e.dungeonOf(p)
			from := d.Card.Rooms[d.Room].Name
			d.Room = int16(s.room)
			e.s.Changed()
			e.s.Cite(e.rules.FindUnder(ventureTitles, phVentureMove...), "%s ventures into %s: the venture marker moves from %s to %s", p.Name, ventureWhere(quality), from, d.Card.Rooms[s.room].Name)
			e.intoRoom(d)
		}
	}
}

// ventureWhere names where a venture goes: "the dungeon", or the
// quality of a venture into [quality] ("Undercity").
func ventureWhere(quality string) string {
	if quality == "" {
		return "the dungeon"
	}
	return quality
}

// intoRoom triggers the room ability of the room d's venture marker has
// just moved into (309.4c), controlled by d's owner.
func (e *engine) intoRoom(d *game.Object) {
	t, ok := d.Card.Rooms[d.Room].Ability.(*ability.Trigger)
	if !ok {
		return
	}
	e.s.Cite(e.rules.FindUnder(dungeonTitles, phRoomAbility...), "%s's venture marker moves into %s of %s: its room ability triggers", d.Owner.Name, d.Card.Rooms[d.Room].Name, d.Label)
	e.roomAbility[e.queue(d, t, nil, nil)] = d
}

// complete removes dungeon card d from the game, to outside it: its
// owner has completed it (309.7).
func (e *engine) complete(d *game.Object) {
	p := d.Owner
	e.s.Move(d, game.Outside, nil, false)
	p.Completed = append(slices.Clip(p.Completed), d.Card.Name)
	e.s.Cite(e.rules.FindUnder(dungeonTitles, phCompletes...), "%s completes %s (%d %s completed)", p.Name, d.Label, len(p.Completed), plural(len(p.Completed), "dungeon"))
}

// roomPending reports whether d is the source of a room ability that
// has triggered but not yet left the stack.
func (e *engine) roomPending(d *game.Object) bool {
	for _, a := range e.s.Pending {
		if e.roomAbility[a] == d {
			return true
		}
	}
	for _, a := range e.s.Stack {
		if e.roomAbility[a] == d {
			return true
		}
	}
	return false
}

// sbaDungeons returns 704.5t for each player's dungeon: with the
// venture marker on its bottommost room and no room ability of it
// waiting or on the stack, its owner removes it from the game.
func (e *engine) sbaDungeons(do func([]string, func(game.Ref)) bool) {
	for _, p := range e.s.Players {
		d := e.dungeonOf(p)
		if d == nil || !bottommost(d) || e.roomPending(d) {
			continue
		}
		do(sbaDungeon, func(r game.Ref) {
			e.s.Cite(r, "%s's venture marker is on %s, the bottommost room of %s, and no room ability of it waits or is on the stack: %s removes it from the game", p.Name, d.Card.Rooms[d.Room].Name, d.Label, p.Name)
			e.complete(d)
		})
	}
}

// notCast refuses to cast a dungeon card (309.2c).
func (e *engine) notCast(o *game.Object) error {
	if o == nil || !o.Card.Is("Dungeon") {
		return nil
	}
	return refuse("%s is a dungeon card: dungeon cards are not permanents and can't be cast (%s)", o.Label, e.rules.FindUnder(dungeonTitles, phNotCast...).ID)
}

// expectRoom is what "expect room PLAYER" reads: the room PLAYER's
// venture marker is on, "none" without a dungeon in the command zone.
func (e *engine) expectRoom(p *game.Player) string {
	d := e.dungeonOf(p)
	if d == nil {
		return "none"
	}
	return d.Card.Rooms[d.Room].Name
}
