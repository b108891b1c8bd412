package ability

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// A Program is a triggered keyword compiled from a revision's own quoted
// definition by the grammar of triggered abilities (text.go), the one
// scenario card text is read by. Its effects are sentences of the
// effect table of card text (game.ParseEffect), each optionally led by
// "you may" or, after one, "if you do,":
//
//	definition = condition ", " effect {". " effect} ["."]
//	effect     = ["you may " | "if you do, " | "if you don't, " | "if you can't, "] EFFECT
//
// In a definition, N (X in the oldest wordings) is the keyword's
// number, and "it", "this creature" and "this permanent" its source:
// Bushido's "it gets +N/+N until end of turn" is the entry of card text
// "it gets +2/+2 until end of turn" for "Bushido 2". Definitions
// outside the grammar do not compile, and the keyword then has no
// ability in that revision. Instance turns a Program into the Trigger
// of one printed instance: the same value a hand-written declaration
// gives.
type Program struct {
	clause
	effects []sentence
	// statics are the abilities of a static definition (shape_static.go,
	// shape_damage.go), made once for each keyword instance that compiles it.
	statics func(inst game.Ability) []Ability
}

// A sentence is one effect of a triggered ability: an instruction of
// the effect table, and whether its controller may decline it.
type sentence struct {
	effect game.Effect
	may    bool
	// otherwise is set for the sentence after "If you don't,": it
	// happens only when the "you may" before it was declined.
	otherwise bool
	// cant is set for the sentence after "If you can't,": it happens
	// only when the one before it couldn't be done; done for the one
	// after "If you do,".
	cant, done bool
}

// A memo keeps what a reading of a definition gave, the value or the
// error, so that each wording is read once per process whatever asks.
type memo[T any] struct{ m sync.Map }

// get returns what read gives for key, reading it the first time.
func (c *memo[T]) get(key string, read func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	if r, ok := c.m.Load(key); ok {
		return r.(result).v, r.(result).err
	}
	v, err := read()
	c.m.Store(key, result{v, err})
	return v, err
}

var compiledCache memo[*Program] // by definition

// Compile reads a definition; it returns an error naming the part
// outside the grammar.
func Compile(def string) (*Program, error) {
	return compiledCache.get(def, func() (*Program, error) { return compile(def) })
}

func compile(def string) (*Program, error) {
	d := strings.TrimSuffix(strings.TrimSpace(def), ".")
	if p, ok, err := compileStatic(d); ok {
		return p, err
	}
	c, err := readClause(d, "")
	if err != nil {
		return nil, fmt.Errorf("no trigger the grammar knows at %q: %v", d, err)
	}
	effects, err := readEffects(d, c.effectAt, "")
	if err != nil {
		return nil, err
	}
	return &Program{clause: c, effects: effects}, nil
}

// compileStatic reads d as a static ability (shape_static.go) or as the
// rules of what a keyword's damage does (shape_damage.go); it reports
// false when d is none of their shapes. A subrule "A creature with
// KEYWORD …" names its keyword; a quoted definition names none.
func compileStatic(d string) (*Program, bool, error) {
	kw := ""
	if w, ok := strings.CutPrefix(strings.ToLower(d), "a creature with "); ok {
		kw, _, _ = strings.Cut(w, " ")
	}
	read := func() ([]Ability, bool, error) {
		if out, ok, err := readDamage(d); ok {
			return out, ok, err
		}
		return readStatic(d, "", kw)
	}
	if _, ok, err := read(); !ok || err != nil {
		if err != nil {
			err = fmt.Errorf("no static ability the grammar knows at %q: %v", d, err)
		}
		return nil, ok, err
	}
	var byInst sync.Map // keyword and number → []Ability
	return &Program{statics: func(inst game.Ability) []Ability {
		key := inst.Keyword + " " + strconv.Itoa(inst.N)
		if v, ok := byInst.Load(key); ok {
			return v.([]Ability)
		}
		out, _, _ := read()
		for _, a := range out {
			Info(a).Keyword = inst.Keyword
			switch a := a.(type) {
			case *Untargetable:
				if kw == "" {
					// A definition names no keyword: the trace does.
					a.Note = "%s has " + strings.ToLower(inst.Keyword) + " and " + strings.TrimPrefix(a.Note, "%s ")
				}
			case *DamageRider:
				a.N = inst.N
			case *Prevents:
				if a.ByN {
					a.N = inst.N
				}
			}
		}
		byInst.Store(key, out)
		return out
	}}, true, nil
}

// Abilities returns the abilities one printed instance of the keyword
// is: its static abilities, or the Trigger of Instance.
func (pr *Program) Abilities(inst game.Ability, def string) []Ability {
	if pr.statics != nil {
		return pr.statics(inst)
	}
	return []Ability{pr.Instance(inst, def)}
}

// Instance returns the Trigger one printed instance of the keyword is;
// def is the definition compiled, shown in the trace with the number put
// in.
func (pr *Program) Instance(inst game.Ability, def string) *Trigger {
	note := def
	for _, v := range []string{"+N/+N", "+X/+X"} {
		note = strings.ReplaceAll(note, v, fmt.Sprintf("+%d/+%d", inst.N, inst.N))
	}
	// "create N 1/1 … tokens", "put N +1/+1 counters".
	note = strings.ReplaceAll(note, " N ", fmt.Sprintf(" %d ", inst.N))
	if inst.Cost.IsSet() {
		// "sacrifice it unless you pay [cost]"; a cost printed in words
		// ("{W} or {U}") as printed.
		note = strings.ReplaceAll(note, "[cost]", cmp.Or(inst.CostText, inst.Cost.String()))
	}
	if inst.Quality != "" {
		// "exile another [object] you control".
		note = strings.ReplaceAll(note, "[object]", strings.TrimPrefix(strings.TrimPrefix(inst.Quality, "an "), "a "))
	}
	t := &Trigger{Base: Base{Keyword: inst.Keyword, Rule: []string{" means ", "whenever"}, Note: note},
		On: pr.on, Subject: pr.subject, Yours: pr.yours, Min: pr.min, PerBlocker: pr.without, If: pr.cond, IfPaid: pr.ifPaid, Spell: pr.spell, N: inst.N,
		Counter: pr.counter, PerCounter: pr.each, Onto: pr.onto}
	t.setEffects(pr.effects, inst.N)
	for i := range t.Effects {
		switch t.Effects[i].Effect.Name {
		case "[cost]":
			// "sacrifice it unless you pay [cost]": the instance's.
			t.Effects[i].Effect.Cost, t.Effects[i].Effect.Parts = inst.Cost, inst.Parts
		case "[object]":
			// Champion's "exile another [object] you control": "a
			// Goblin", "an Elf".
			q := strings.TrimPrefix(strings.TrimPrefix(inst.Quality, "an "), "a ")
			t.Effects[i].Effect.Parts = []game.Part{game.ChampionPart(q)}
		}
	}
	return t
}
