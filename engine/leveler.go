package engine

import (
	"fmt"

	"github.com/crules/crules/game"
)

// Leveler cards (711, from 2010-04-23): a level symbol is a static
// ability that applies as long as the creature has a number of level
// counters in its range (711.2a–b); below the first range the creature
// has its uppermost power/toughness box (711.5), its printed one. The
// layers apply it (game.Continuous.Counter); the engine cites the rule
// when the counters put make one begin to apply.
var (
	phLevelRange  = []string{"level counters on it, but no more than n2"}
	phLevelPlus   = []string{"or more level counters on it, it"}
	levelerTitles = []string{"Leveler Cards"}
)

// citeCounterStatics cites, for each static ability of o's text whose
// effect depends on the number of counters of kind k on it and which
// applies now but did not with before of them, its rule and its layers.
func (e *engine) citeCounterStatics(o *game.Object, k string, before int) {
	for _, ef := range textEffects(o) {
		c := ef.Cont
		if ef.Verb != "static" || c == nil || c.Counter != k {
			continue
		}
		in := func(n int) bool { return n >= c.CounterMin && (c.CounterMax == 0 || n <= c.CounterMax) }
		if in(before) || !in(o.Counters[k]) {
			continue
		}
		ph := phLevelRange
		if c.CounterMax == 0 {
			ph = phLevelPlus
		}
		r := e.rules.FindUnder(levelerTitles, ph...)
		if r.IsZero() {
			continue
		}
		e.s.Cite(r, "%s has %d %s %s: %q applies", o.Label, o.Counters[k], k, plural(o.Counters[k], "counter"), ef.Text)
		cc := *c
		cc.Static = true
		e.citeLayers(&cc, fmt.Sprintf("%s: its level symbol", o.Label), e.s.AffectedBy(o, cc))
	}
}
