package engine

import (
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Sagas (714, from 2018-04-27): lore counters, put as a Saga enters and
// as its controller's precombat main phase begins, trigger its chapter
// abilities; the state-based action of 704.5s sacrifices it after its
// final chapter. Each step cites the revision's rule found by what it
// says.
var (
	phSagaEnters = []string{"as a saga without the read ahead ability enters the battlefield", "as a saga enters the battlefield, its controller puts a lore counter"}
	phSagaMain   = []string{"that player puts a lore counter on each saga they control"}
	phChapter    = []string{"when one or more lore counters are put onto this saga"}
	sbaSaga      = []string{"number of lore counters on a saga permanent"}
	sagaTitles   = []string{"Saga Cards"}
)

// chapters returns the chapter abilities of o (none once it lost its
// abilities) and its final chapter number (714.2d: the greatest, 0 when
// it has none).
func (e *engine) chapters(o *game.Object) ([]*ability.Trigger, int) {
	var out []*ability.Trigger
	final := 0
	for _, t := range all[*ability.Trigger](e, o) {
		if len(t.Chapters) > 0 {
			out = append(out, t)
			final = max(final, slices.Max(t.Chapters))
		}
	}
	return out, final
}

// sagaEnters puts a lore counter on o, a Saga that has just entered the
// battlefield (714.3a), in the revisions that have Sagas; a Saga with a
// LoreChoice (read ahead's, 702.155) enters with the number of lore
// counters its controller chose instead (the statement's "lore N").
func (e *engine) sagaEnters(o *game.Object) {
	if !o.HasSubtype("Saga") {
		return
	}
	if lc, ok := first[*ability.LoreChoice](e, o); ok {
		_, final := e.chapters(o)
		n := 1
		if e.cur != nil {
			if cl := e.cur.Clause("lore"); cl != nil {
				n = cl.N
			}
		}
		n = max(1, min(n, final))
		e.s.Cite(e.ref(lc), lc.Note, o.Label, n, n, final)
		e.entering = o
		e.putCounters(o, "lore", n, o.Controller())
		e.entering = nil
		return
	}
	r := e.rules.FindUnder(sagaTitles, phSagaEnters...)
	if r.IsZero() {
		return
	}
	e.s.Cite(r, "%s enters: %s puts a lore counter on it", o.Label, o.Controller().Name)
	e.putCounters(o, "lore", 1, o.Controller())
}

// loreTurn is the turn-based action of the active player's precombat
// main phase (714.3b): a lore counter on each Saga they control (with one
// or more chapter abilities, where the revision says so).
func (e *engine) loreTurn(p *game.Player) {
	r := e.rules.FindUnder(sagaTitles, phSagaMain...)
	if r.IsZero() {
		return
	}
	for _, o := range e.s.Controlled(p) {
		if !o.HasSubtype("Saga") {
			continue
		}
		if _, final := e.chapters(o); final == 0 && strings.Contains(strings.ToLower(r.Text), "one or more chapter abilities") {
			continue
		}
		e.s.Cite(r, "%s's precombat main phase begins: %s puts a lore counter on %s", p.Name, p.Name, o.Label)
		e.putCounters(o, "lore", 1, p)
	}
}

// countersPut is the argument of a CountersPut event, one putting of
// counters on an object: for each kind put, how many of it were on the
// object before and after, and the player who put them (122.6a). It is
// one event (603.2c): "one or more counters are put" sees it once, "a
// counter is put" once for each counter.
type countersPut struct {
	was, now map[string]int
	by       *game.Player
}

// before records the counters of kind k on o before they are put.
func (c *countersPut) before(o *game.Object, k string) {
	if c.was == nil {
		c.was = map[string]int{}
	}
	c.was[k] = o.Counters[k]
}

// put is the number of counters of kind k put ("" any kind).
func (c countersPut) put(k string) int {
	n := 0
	for kind, was := range c.was {
		if k == "" || k == kind {
			n += max(0, c.now[kind]-was)
		}
	}
	return n
}

// fireChapter triggers o's chapter ability t once for each of its
// chapter numbers that the count of lore counters on o passed, from
// before to after (714.2b).
func (e *engine) fireChapter(o *game.Object, t *ability.Trigger, before, after int) {
	limit, limited := first[*ability.ChapterLimit](e, o)
	for _, n := range t.Chapters {
		if before < n && after >= n {
			if limited && after != n && e.enteredThisTurn(o) {
				e.s.Cite(e.ref(limit), limit.Note, o.Label, after, n)
				continue
			}
			e.s.Cite(e.rules.FindUnder(sagaTitles, phChapter...), "%s now has %d lore %s, at least %d: its chapter %d ability triggers", o.Label, after, plural(after, "counter"), n, n)
			e.chapterAbility[e.queue(o, t, nil, nil)] = o
		}
	}
}

// enteredThisTurn reports whether o entered the battlefield this turn:
// it is entering now, or its entering is in the turn's history.
func (e *engine) enteredThisTurn(o *game.Object) bool {
	return o == e.entering || e.s.Happened(string(ability.Enters), func(h game.Happened) bool { return h.Object == o.ID })
}

// checkLore refuses, before top resolves, a statement whose "lore N"
// clause makes no choice the rules give, or a number outside them, and
// one that makes none where the rules ask for it: a Saga spell with a
// LoreChoice enters with the number its controller chooses, from one to
// its final chapter number (702.155b).
func (e *engine) checkLore(st *Stmt, top *game.Object) error {
	cl := st.Clause("lore")
	lc, ok := first[*ability.LoreChoice](e, top)
	ok = ok && top.Spell != nil && top.HasSubtype("Saga")
	if cl == nil {
		if ok {
			return refuse("%s's controller chooses the number of lore counters it enters with, from one to its final chapter number (resolve; lore N; %s)", top.Label, e.ref(lc).ID)
		}
		return nil
	}
	if !ok {
		return refuse("lore: %s is no Saga spell whose controller chooses the number of lore counters it enters with", stackName(top))
	}
	if _, final := e.chapters(top); cl.N < 1 || cl.N > final {
		return refuse("lore %d: the number is chosen from one to %s's final chapter number, %d (%s)", cl.N, top.Label, final, e.ref(lc).ID)
	}
	return nil
}

// chapterPending reports whether o is the source of a chapter ability
// that has triggered but not yet left the stack (waiting to be put on
// it, or on it).
func (e *engine) chapterPending(o *game.Object) bool {
	for _, a := range e.s.Pending {
		if e.chapterAbility[a] == o {
			return true
		}
	}
	for _, a := range e.s.Stack {
		if e.chapterAbility[a] == o {
			return true
		}
	}
	return false
}

// sbaSagaDone returns 704.5s for Saga o: with as many lore counters as
// its final chapter number and no chapter ability of it waiting or on
// the stack, its controller sacrifices it. A Saga with no chapter
// ability (one that lost them) has final chapter number 0 (714.2d) and
// is sacrificed too, except in the revisions whose rule names a Saga
// "with one or more chapter abilities" (from 2025-06-06).
func (e *engine) sbaSagaDone(o *game.Object, do func([]string, func(game.Ref)) bool) {
	_, final := e.chapters(o)
	n := o.Counters["lore"]
	if n < final || e.chapterPending(o) {
		return
	}
	r := e.sbaRef(sbaSaga...)
	if r.IsZero() || final == 0 && strings.Contains(strings.ToLower(r.Text), "one or more chapter abilities") {
		return
	}
	do(sbaSaga, func(r game.Ref) {
		e.s.Cite(r, "%s has %d lore %s and its final chapter number is %d: %s sacrifices it", o.Label, n, plural(n, "counter"), final, o.Controller().Name)
		e.leaveBattlefield(o, game.Graveyard, "sacrificed")
	})
}
