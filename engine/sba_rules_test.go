package engine

import (
	"testing"

	"github.com/crules/crules/game"
	"github.com/crules/crules/internal/corpustest"
)

// TestSBARulesFound checks that every state-based action each revision
// defines is found in it by what it says: an action whose rule is not
// found does not happen (sbaCheck), so a wording the phrases miss
// silently drops a rule of that revision (a player at 0 life went on
// playing in 1999-11-01..2003-07-01, one who drew from an empty library
// in 1999-04-23..2006-07-15). Poison counters and the world rule are
// state-based effects from 2001-07-23 (420.5h, 420.5i); before that the
// world rule is only in the glossary, and 1999-04-23 says the loss of a
// player who draws from an empty library only in 102.2.
func TestSBARulesFound(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	always := map[string][]string{
		"0 life": sbaLife, "a token out of play": sbaToken, "the legend rule": sbaLegend,
		"an illegal Aura": sbaAura,
	}
	from2001 := map[string][]string{"ten poison counters": sbaPoison, "the world rule": sbaWorld}
	for i, r := range revs {
		rules := game.NewRules(docs[i])
		check := func(what string, ref game.Ref) {
			if ref.IsZero() {
				t.Errorf("%s: no state-based action found for %s", r.Name(), what)
			}
		}
		for what, ph := range always {
			check(what, rules.FindUnder(sbaTitles, ph...))
		}
		if r.Name() >= "2001-07-23" {
			for what, ph := range from2001 {
				check(what, rules.FindUnder(sbaTitles, ph...))
			}
		}
		draw := rules.FindUnder(sbaTitles, sbaEmptyDraw...)
		if draw.IsZero() {
			draw = rules.Find(phDrawMoreThanLeft...)
		}
		check("a draw from an empty library", draw)
		check("lethal damage", rules.Find(phLethal...))
		check("toughness 0", rules.Find(phZeroTough...))
		check("the trace of a draw from an empty library", rules.Find(phEmptyLibrary...))
	}
}
