package engine

import (
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Day and night (730 today, 724 in 2021-11-19): designations the game
// itself can have, given by daybound and nightbound (702.145) and
// changed at the untap step by the spells the previous turn's active
// player cast (502.2).

var (
	// phDayNightCheck: the untap step's check (502.2 today; the day and
	// night rule's own subrules, 730.2a–b, say the same).
	phBecomesNight = []string{"didn't cast any spells during that turn, it becomes night"}
	phBecomesDay   = []string{"cast two or more spells during that turn, it becomes day", "cast two or more spells during the previous turn, it becomes day"}
	// phDayNightEnters: "If it is night, this permanent enters the
	// battlefield transformed".
	phDayNightEnters = []string{"enters the battlefield transformed", "it enters transformed"}
)

// The subrules of daybound and nightbound are found by the keyword each
// ability is: "with daybound, if it's neither day nor night" (702.145d)
// or nightbound's (702.145g), "front face up with daybound and it's
// night" (702.145c, 702.145f), "except by its daybound ability"
// (702.145b, 702.145e).

// dayNight follows daybound and nightbound as the game is: with a
// daybound permanent on the battlefield and neither day nor night, it
// becomes day; with only nightbound ones, night (702.145d, 702.145g);
// then each double-faced permanent whose face up has the ability of the
// other designation transforms (702.145c, 702.145f). The engine looks
// whenever state-based actions are checked: "any time" falls between
// the statements of a script.
func (e *engine) dayNight() {
	if e.s.DayNight == "" {
		var starts *ability.DayNight
		for _, o := range e.s.Battlefield() {
			for _, a := range all[*ability.DayNight](e, o) {
				if starts == nil || a.Starts == "day" {
					starts = a
				}
			}
		}
		if starts == nil {
			return
		}
		e.s.DayNight = starts.Starts
		e.s.Cite(e.kw(starts.Keyword, "with "+strings.ToLower(starts.Keyword)+", if it's neither"), "a player controls a permanent with %s and it's neither day nor night: it becomes %s", starts.Keyword, starts.Starts)
	}
	for _, o := range e.s.Battlefield() {
		for _, a := range all[*ability.DayNight](e, o) {
			if a.At != e.s.DayNight || !o.DoubleFaced() || o.FaceDown {
				continue
			}
			o.Transformed = !o.Transformed
			e.s.Changed()
			e.s.Cite(e.kw(a.Keyword, "face up with "+strings.ToLower(a.Keyword)+" and it's "+a.At), "it's %s and %s controls %s, with %s: they transform it, at once and not as a state-based action; it is now %s", a.At, o.Controller().Name, o.Label, a.Keyword, o.Name())
			break
		}
	}
}

// untapDayNight is the untap step's check (502.2): day becomes night if
// the previous turn's active player cast no spells during that turn,
// night becomes day if they cast two or more; neither stays neither.
func (e *engine) untapDayNight() {
	n := e.castLastTurn
	switch {
	case e.s.DayNight == "day" && n == 0:
		e.s.DayNight = "night"
		e.s.Cite(e.rules.Find(phBecomesNight...), "untap step: it's day and the previous turn's active player cast no spells during that turn: it becomes night")
	case e.s.DayNight == "night" && n >= 2:
		e.s.DayNight = "day"
		e.s.Cite(e.rules.Find(phBecomesDay...), "untap step: it's night and the previous turn's active player cast %d spells during that turn: it becomes day", n)
	default:
		return
	}
	e.dayNight()
}

// castBy counts the spells p cast this turn.
func castBy(s *game.State, p *game.Player) int {
	n := 0
	for _, o := range s.CastThisTurn {
		if o.BaseController == p {
			n++
		}
	}
	return n
}

// entersTransformed: daybound's "If it is night …, this permanent enters
// the battlefield transformed" for a double-faced permanent entering.
func (e *engine) entersTransformed(o *game.Object) {
	if e.s.DayNight != "night" || !o.DoubleFaced() || o.FaceDown || o.Transformed {
		return
	}
	for _, a := range all[*ability.DayNight](e, o) {
		if a.EntersTransformed {
			o.Transformed = true
			e.s.Changed()
			e.s.Cite(e.kw(a.Keyword, phDayNightEnters...), "it is night: %s, with %s, enters the battlefield transformed, as %s", o.Label, a.Keyword, o.Name())
			return
		}
	}
}

// transformedOnlyBy reports whether o can't transform except by its
// daybound or nightbound ability (702.145b, 702.145e), citing it.
func (e *engine) transformedOnlyBy(o *game.Object, from string) bool {
	a, ok := first[*ability.DayNight](e, o)
	if !ok {
		return false
	}
	e.s.Cite(e.kw(a.Keyword, "except by its "+strings.ToLower(a.Keyword), "except due to its "+strings.ToLower(a.Keyword)), "%s: %s has %s and can't transform except by its %s ability: nothing happens", from, o.Label, a.Keyword, a.Keyword)
	return true
}
