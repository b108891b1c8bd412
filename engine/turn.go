package engine

import "github.com/crules/crules/game"

// phaseOf is the phase of each step (500.1 today, 300.1 in 2006).
var phaseOf = map[string]string{
	"untap": "beginning", "upkeep": "beginning", "draw": "beginning",
	"main":                "main",
	"beginning of combat": "combat", "declare attackers": "combat", "declare blockers": "combat",
	"first-strike damage": "combat", "combat damage": "combat", "end of combat": "combat",
	"end": "ending", "cleanup": "ending",
}

// Rules the steps cite, in any era.
var (
	phManaBurn    = []string{"this is called mana burn", "mana burn"}
	phManaEmpties = []string{"each player's mana pool empties at the end of each step and phase", "mana pool empties at the end of each step and phase", "empties at the end of each step and phase"}
)

// toStep moves the turn to step: the step or phase that ends empties
// every mana pool. Since Magic 2010 each pool empties at the end of each
// step and phase (106.4, 300.3 before 2010 it was each phase only); in
// the rules that have mana burn (300.3 in 2006-10-01) mana is lost only
// when a phase ends, and its player loses 1 life for each mana lost.
func (e *engine) toStep(step string) {
	from := e.s.Step
	if from == step {
		return
	}
	phaseEnds := phaseOf[from] != phaseOf[step]
	if burn := e.rules.Find(phManaBurn...); !burn.IsZero() {
		if phaseEnds {
			for _, p := range e.s.Players {
				if n := p.Pool.Total(); n > 0 {
					e.s.Cite(burn, "the %s phase ends: %s's unused mana %s is lost, and %s loses %d life (mana burn)", phaseOf[from], p.Name, p.Pool, p.Name, n)
					p.Pool = game.Mana{}
					p.Life -= n
				}
			}
		}
	} else {
		for _, p := range e.s.Players {
			if p.Pool.Total() > 0 {
				e.s.Cite(e.rules.Find(phManaEmpties...), "the %s ends: %s's mana pool empties (%s is lost)", stepName(from), p.Name, p.Pool)
				p.Pool = game.Mana{}
			}
		}
	}
	e.s.Step = step
}

// stepName names a step for the trace: "the main phase", "the upkeep
// step".
func stepName(step string) string {
	if step == "main" {
		return "main phase"
	}
	return step + " step"
}
