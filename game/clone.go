package game

import (
	"maps"
	"slices"
)

// Clone returns a copy of the state for a "what if": players, zones,
// objects, the stack, combat, requirements and the triggered abilities
// waiting are copied, and every pointer between them points into the
// copy, so that changing the copy leaves s as it was. Cards, the rules
// and what abilities do (their Resolve and Check functions, delayed
// triggers' Fire) are shared: they are not changed by play. The trace is
// copied.
func (s *State) Clone() *State {
	c := *s
	c.held, c.holding = nil, false
	cp := &c
	pm := make(map[*Player]*Player, len(s.Players))
	c.Players = make([]*Player, len(s.Players))
	for i, p := range s.Players {
		q := *p
		c.Players[i] = &q
		pm[p] = &q
	}
	n := len(s.Stack) + len(s.Pending)
	for _, p := range s.Players {
		for z := range p.zones {
			n += len(p.zones[z])
		}
	}
	slab := make([]Object, n) // the copies, allocated at once
	om := make(map[*Object]*Object, n)
	todo := make([]*Object, 0, n) // copies whose pointers are not yet fixed
	obj := func(o *Object) *Object {
		if o == nil {
			return nil
		}
		if n, ok := om[o]; ok {
			return n
		}
		var n *Object
		if len(slab) > 0 {
			n, slab = &slab[0], slab[1:]
		} else {
			n = new(Object)
		}
		om[o] = n
		*n = *o
		todo = append(todo, n)
		return n
	}
	for i, p := range s.Players {
		q := c.Players[i]
		for z := range p.zones {
			q.zones[z] = make([]*Object, len(p.zones[z]))
			for j, o := range p.zones[z] {
				q.zones[z][j] = obj(o)
			}
		}
	}
	c.Stack = mapObjects(s.Stack, obj)
	c.CastThisTurn = mapObjects(s.CastThisTurn, obj)
	c.Pending = mapObjects(s.Pending, obj)
	c.Combat = Combat{
		Defending:        pm[s.Combat.Defending],
		Attackers:        mapObjects(s.Combat.Attackers, obj),
		Blockers:         make(map[*Object][]*Object, len(s.Combat.Blockers)),
		Blocking:         make(map[*Object]*Object, len(s.Combat.Blocking)),
		FirstStrikeDealt: make(map[*Object]bool, len(s.Combat.FirstStrikeDealt)),
	}
	for a, bs := range s.Combat.Blockers {
		c.Combat.Blockers[obj(a)] = mapObjects(bs, obj)
	}
	for b, a := range s.Combat.Blocking {
		c.Combat.Blocking[obj(b)] = obj(a)
	}
	for o, v := range s.Combat.FirstStrikeDealt {
		c.Combat.FirstStrikeDealt[obj(o)] = v
	}
	c.Requirements = make([]Requirement, len(s.Requirements))
	for i, r := range s.Requirements {
		c.Requirements[i] = Requirement{Blocker: obj(r.Blocker), Attacker: obj(r.Attacker), Rule: r.Rule}
	}
	c.Delayed = slices.Clone(s.Delayed)
	for i, d := range c.Delayed {
		c.Delayed[i].Controller = pm[d.Controller]
	}
	c.Trace = slices.Clone(s.Trace)
	c.Effects = make([]*Continuous, len(s.Effects))
	effects := make([]Continuous, len(s.Effects)) // the copies, allocated at once
	for i, e := range s.Effects {
		effects[i] = *e
		c.Effects[i] = &effects[i]
	}
	// Fix the pointers inside each copy; an object reached only through
	// another (an ability's source that left the battlefield) is copied
	// and fixed in turn.
	target := func(t Target) Target {
		if t.Player != nil {
			t.Player = pm[t.Player]
		}
		t.Object = obj(t.Object)
		return t
	}
	for _, e := range c.Effects {
		e.Source, e.CopyOf = obj(e.Source), obj(e.CopyOf)
		e.Controls = pm[e.Controls]
		e.Objects = mapObjects(e.Objects, obj)
	}
	for i := 0; i < len(todo); i++ {
		n := todo[i]
		n.Owner, n.BaseController = pm[n.Owner], pm[n.BaseController]
		if len(n.Counters) > 0 {
			n.Counters = maps.Clone(n.Counters)
		} else {
			n.Counters = nil // most objects have none; AddCounters makes the map
		}
		n.st = cp
		n.AttachedTo = obj(n.AttachedTo)
		if n.Spell != nil {
			sp := *n.Spell
			sp.Targets = mapTargets(sp.Targets, target)
			sp.Spliced = slices.Clone(sp.Spliced)
			for i := range sp.Spliced {
				sp.Spliced[i].Targets = mapTargets(sp.Spliced[i].Targets, target)
			}
			sp.Modes = slices.Clone(sp.Modes)
			n.Spell = &sp
		}
		if n.Ability != nil {
			ab := *n.Ability
			ab.Source = obj(ab.Source)
			ab.Targets = mapTargets(ab.Targets, target)
			n.Ability = &ab
		}
	}
	return cp
}

func mapObjects(os []*Object, f func(*Object) *Object) []*Object {
	if os == nil {
		return nil
	}
	out := make([]*Object, len(os))
	for i, o := range os {
		out[i] = f(o)
	}
	return out
}

func mapTargets(ts []Target, f func(Target) Target) []Target {
	if ts == nil {
		return nil
	}
	out := make([]Target, len(ts))
	for i, t := range ts {
		out[i] = f(t)
	}
	return out
}
