package ability

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// A Program is a triggered keyword compiled from a revision's own quoted
// definition by the grammar of triggered abilities (text.go), the one
// scenario card text is read by. The effects a definition may have:
//
//	effect     = who "gets" P "/" T "until end of turn" ["for each creature blocking it beyond the first"]
//	           | "you may return target" SUBTYPE "card with" ("converted mana cost" | "mana value") N "or less from your graveyard to your hand"
//	           | "you may choose to have target creature defending player controls block this creature this combat if able"
//	           | "If you do, untap that creature"
//	           | "that player gets" N "poison counters"
//	who        = "it" | "this creature" | "the blocking creature"
//
// N (X in the oldest wordings) in the definition is the keyword's
// number. Definitions outside the grammar do not compile, and the
// keyword then has no ability in that revision. Instance turns a
// Program into the Trigger of one printed instance: the same value a
// hand-written declaration gives.
type Program struct {
	clause
	target  *progTarget
	effects []progOp
	// statics are the abilities of a static definition (shape_static.go,
	// shape_damage.go), made once for each keyword instance that compiles it.
	statics func(inst game.Ability) []Ability
}

type progTarget struct {
	subtype            string // "Spirit"
	n                  string // "N", "4"
	creature, opponent bool
}

type progOp struct {
	kind     string
	who      string
	p, t     string
	beyond   bool
	untilEOT bool
	n        string
	may      bool
}

// The grammar's effects, compiled on first use: every command links
// this package, few compile a definition.
var (
	rePump    = lazyRegexp(`^(?i)(it|this creature|the blocking creature) gets ([+-](?:N|X|\d+))/([+-](?:N|X|\d+))( until end of turn)?( for each creature blocking it beyond the first)?$`)
	reReturn  = lazyRegexp(`^(?i)you may return target (\w+) card with (?:converted mana cost|mana value) (N|X|\d+) or less from your graveyard to your hand$`)
	reProvoke = lazyRegexp(`^(?i)you may choose to have target creature defending player controls block this creature this combat if able$`)
	reUntap   = lazyRegexp(`^(?i)if you do, untap that creature$`)
	rePoison  = lazyRegexp(`^(?i)that player gets (N|X|\d+) poison counters?$`)
)

func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var compiledCache sync.Map // definition → *Program or error

// Compile reads a definition; it returns an error naming the part
// outside the grammar.
func Compile(def string) (*Program, error) {
	if v, ok := compiledCache.Load(def); ok {
		if err, bad := v.(error); bad {
			return nil, err
		}
		return v.(*Program), nil
	}
	p, err := compile(def)
	if err != nil {
		compiledCache.Store(def, err)
		return nil, err
	}
	compiledCache.Store(def, p)
	return p, nil
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
	ops, target, _, err := readEffects(d, c.effectAt, "", false)
	if err != nil {
		return nil, err
	}
	return &Program{clause: c, target: target, effects: ops}, nil
}

// readOp reads one sentence of a keyword's effect; ok is false outside
// the grammar.
func readOp(s string) (progOp, *progTarget, bool) {
	switch {
	case rePump().MatchString(s):
		x := rePump().FindStringSubmatch(s)
		return progOp{kind: "pump", who: strings.ToLower(x[1]), p: x[2], t: x[3], untilEOT: x[4] != "", beyond: x[5] != ""}, nil, true
	case reReturn().MatchString(s):
		x := reReturn().FindStringSubmatch(s)
		return progOp{kind: "return", may: true}, &progTarget{subtype: x[1], n: x[2]}, true
	case reProvoke().MatchString(s):
		return progOp{kind: "mustblock", may: true}, &progTarget{creature: true, opponent: true}, true
	case reUntap().MatchString(s):
		return progOp{kind: "untap", may: true}, nil, true
	case rePoison().MatchString(s):
		return progOp{kind: "poison", n: rePoison().FindStringSubmatch(s)[1]}, nil, true
	}
	return progOp{}, nil, false
}

// instance is the target with the keyword's number n put in.
func (pt *progTarget) instance(n int) *Target {
	if pt.creature {
		return &Target{Text: "target creature defending player controls", Zone: game.Battlefield, Types: []string{"Creature"}, Opponent: true}
	}
	return &Target{Text: fmt.Sprintf("target %s card with mana value %d or less in your graveyard", pt.subtype, value(pt.n, n)),
		Zone: game.Graveyard, Subtype: pt.subtype, MaxMV: value(pt.n, n), HasMaxMV: true, Yours: true}
}

// instance is the op with the keyword's number n put in.
func (o progOp) instance(n int) Op {
	return Op{Kind: o.kind, Who: o.who, P: value(o.p, n), T: value(o.t, n), Beyond: o.beyond, UntilEOT: o.untilEOT, N: value(o.n, n), May: o.may}
}

// value reads "+N", "-1" with N = n.
func value(s string, n int) int {
	sign := 1
	if strings.HasPrefix(s, "-") {
		sign = -1
	}
	s = strings.TrimLeft(s, "+-")
	if s == "N" || s == "X" {
		return sign * n
	}
	v, _ := strconv.Atoi(s)
	return sign * v
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
	t := &Trigger{Base: Base{Keyword: inst.Keyword, Rule: []string{" means ", "whenever"}, Note: note},
		On: pr.on, Subject: pr.subject, Min: pr.min, PerBlocker: pr.without, If: pr.cond, IfPaid: pr.ifPaid, N: inst.N}
	if pt := pr.target; pt != nil {
		t.Target = pt.instance(inst.N)
	}
	for _, o := range pr.effects {
		t.Effects = append(t.Effects, o.instance(inst.N))
	}
	return t
}
