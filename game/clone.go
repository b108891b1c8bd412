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
// triggers' Fire) are shared: they are not changed by play. The trace,
// to which play only appends, is shared up to its length: an append to
// either state's trace leaves the other's as it was.
//
// The copy is made in few allocations (a "what if" copies the state at
// every choice): the players, the objects, the lists of objects (zones,
// the stack, combat, effects) and the effects each in one array. A list
// in the copy has no spare capacity, so appending to one moves it out of
// the shared array.
func (s *State) Clone() *State {
	c := *s
	c.held = nil
	cp := &c
	players := make([]Player, len(s.Players))
	c.Players = make([]*Player, len(s.Players))
	for i, p := range s.Players {
		players[i] = *p
		c.Players[i] = &players[i]
	}
	player := func(p *Player) *Player {
		for i, q := range s.Players {
			if q == p {
				return c.Players[i]
			}
		}
		return nil
	}

	// The objects a state holds and the slots of the lists pointing to
	// them, counted to allocate each kind at once.
	objects := len(s.Stack) + len(s.Pending)
	slots := len(s.Stack) + len(s.Pending) + len(s.CastThisTurn) + len(s.Combat.Attackers)
	for _, p := range s.Players {
		for z := range p.zones {
			objects += len(p.zones[z])
			slots += len(p.zones[z])
		}
	}
	for _, bs := range s.Combat.Blockers {
		slots += len(bs)
	}
	for _, e := range s.Effects {
		slots += len(e.Objects)
	}
	cm := newCopies(objects)
	obj := cm.copy
	lists := make([]*Object, slots)
	mapObjects := func(os []*Object) []*Object {
		if os == nil {
			return nil
		}
		out := lists[:len(os):len(os)]
		lists = lists[len(os):]
		for i, o := range os {
			out[i] = obj(o)
		}
		return out
	}

	for i, p := range s.Players {
		q := c.Players[i]
		for z := range p.zones {
			q.zones[z] = mapObjects(p.zones[z])
			if q.zones[z] == nil {
				q.zones[z] = []*Object{}
			}
		}
	}
	c.Stack = mapObjects(s.Stack)
	c.CastThisTurn = mapObjects(s.CastThisTurn)
	// The log is only appended to: the copy shares its entries, and its
	// first append makes its own array.
	c.Log = s.Log[:len(s.Log):len(s.Log)]
	c.Activations = s.Activations[:len(s.Activations):len(s.Activations)]
	c.Pending = mapObjects(s.Pending)
	c.Combat = Combat{
		Defending:        player(s.Combat.Defending),
		Attackers:        mapObjects(s.Combat.Attackers),
		Blockers:         make(map[*Object][]*Object, len(s.Combat.Blockers)),
		Blocking:         make(map[*Object]*Object, len(s.Combat.Blocking)),
		FirstStrikeDealt: make(map[*Object]bool, len(s.Combat.FirstStrikeDealt)),
	}
	for a, bs := range s.Combat.Blockers {
		c.Combat.Blockers[obj(a)] = mapObjects(bs)
	}
	for b, a := range s.Combat.Blocking {
		c.Combat.Blocking[obj(b)] = obj(a)
	}
	if s.Combat.Defender != nil {
		c.Combat.Defender = make(map[*Object]*Player, len(s.Combat.Defender))
		for a, p := range s.Combat.Defender {
			c.Combat.Defender[obj(a)] = player(p)
		}
	}
	for _, p := range s.Combat.PlayersAttacked {
		c.Combat.PlayersAttacked = append(c.Combat.PlayersAttacked, player(p))
	}
	if s.Combat.Attacked != nil {
		c.Combat.Attacked = make(map[*Object]*Object, len(s.Combat.Attacked))
		for a, b := range s.Combat.Attacked {
			c.Combat.Attacked[obj(a)] = obj(b)
		}
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
		c.Delayed[i].Controller = player(d.Controller)
	}
	c.Trace = s.Trace[:len(s.Trace):len(s.Trace)]
	c.Effects = make([]*Continuous, len(s.Effects))
	effects := make([]Continuous, len(s.Effects))
	for i, e := range s.Effects {
		effects[i] = *e
		c.Effects[i] = &effects[i]
	}
	// Fix the pointers inside each copy; an object reached only through
	// another (an ability's source that left the battlefield) is copied
	// and fixed in turn.
	target := func(t Target) Target {
		if t.Player != nil {
			t.Player = player(t.Player)
		}
		t.Object = obj(t.Object)
		return t
	}
	for _, e := range c.Effects {
		e.Source, e.CopyOf = obj(e.Source), obj(e.CopyOf)
		e.Controls = player(e.Controls)
		e.Objects = mapObjects(e.Objects)
	}
	for i := 0; i < cm.made(); i++ {
		n := cm.at(i)
		n.Owner, n.BaseController, n.noted = player(n.Owner), player(n.BaseController), player(n.noted)
		if n.Protector != nil {
			n.Protector = player(n.Protector)
		}
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

// copies maps the objects of a state to their copies in a table with
// open addressing, hashed by the objects' IDs (equal IDs, as objects made
// by hand may have, only lengthen a probe): one allocation where a Go
// map takes several, for a table filled once and read a few times per
// object.
type copies struct {
	table []copied // a power of two in length, at most half full
	slab  []Object // the copies, allocated at once: slab[:used] made
	used  int
	extra []*Object // the copies made once slab was full
}

type copied struct{ from, to *Object }

func newCopies(n int) *copies {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return &copies{table: make([]copied, size), slab: make([]Object, n)}
}

// made is the number of copies made; at(i) the ith.
func (m *copies) made() int { return m.used + len(m.extra) }

func (m *copies) at(i int) *Object {
	if i < m.used {
		return &m.slab[i]
	}
	return m.extra[i-m.used]
}

// copy returns o's copy, made the first time o is seen (its pointers are
// fixed later, through made); nil for nil.
func (m *copies) copy(o *Object) *Object {
	if o == nil {
		return nil
	}
	mask := len(m.table) - 1
	i := int(uint64(o.ID)*0x9E3779B97F4A7C15>>32) & mask
	for ; m.table[i].from != nil; i = (i + 1) & mask {
		if m.table[i].from == o {
			return m.table[i].to
		}
	}
	var n *Object
	if m.used < len(m.slab) {
		n = &m.slab[m.used]
		m.used++
	} else {
		n = new(Object)
		m.extra = append(m.extra, n)
	}
	*n = *o
	m.table[i] = copied{o, n}
	if 2*m.made() > len(m.table) {
		m.grow()
	}
	return n
}

func (m *copies) grow() {
	old := m.table
	m.table = make([]copied, 2*len(old))
	mask := len(m.table) - 1
	for _, e := range old {
		if e.from == nil {
			continue
		}
		i := int(uint64(e.from.ID)*0x9E3779B97F4A7C15>>32) & mask
		for m.table[i].from != nil {
			i = (i + 1) & mask
		}
		m.table[i] = e
	}
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
