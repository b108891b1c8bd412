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
// definition by a small grammar:
//
//	definition = trigger "," effect ["." effect] "."
//	trigger    = ("Whenever" | "When") ("this creature" | "this permanent" | "a creature with KEYWORD") event
//	event      = "blocks or becomes blocked" | ("becomes" | "is") "blocked by a creature without KEYWORD"
//	           | "becomes blocked by two or more creatures"
//	           | "becomes blocked" | "attacks and isn't blocked" | "attacks"
//	           | "deals combat damage to a player"
//	           | "is put into a graveyard from" ("play" | "the battlefield")
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
	on      []Event
	without string // "becomes blocked by a creature without flanking"
	min     int    // "becomes blocked by two or more creatures"
	target  *progTarget
	effects []progOp
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

// The grammar's expressions, compiled on first use: every command links
// this package, few compile a definition.
var (
	reTrigger = lazyRegexp(`^(?i)(?:whenever|when) (?:this creature|this permanent|it|a creature with \w+) (blocks or becomes blocked|(?:becomes|is) blocked by a creature without (\w+)|becomes blocked by two or more creatures|becomes blocked|attacks and isn't blocked|attacks|deals combat damage to a player|is put into a graveyard from (?:play|the battlefield)), `)
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
	d := strings.TrimSpace(def)
	m := reTrigger().FindStringSubmatch(d)
	if m == nil {
		return nil, fmt.Errorf("no trigger the grammar knows at %q", d)
	}
	pr := &Program{without: strings.ToLower(m[2])}
	switch ev := strings.ToLower(m[1]); {
	case ev == "blocks or becomes blocked":
		pr.on = []Event{Blocks, BecomesBlocked}
	case ev == "becomes blocked by two or more creatures":
		pr.on, pr.min = []Event{BecomesBlocked}, 2
	case strings.Contains(ev, "blocked by a creature without"):
		pr.on = []Event{BecomesBlocked}
	case strings.HasPrefix(ev, "is put into a graveyard"):
		pr.on = []Event{Dies}
	default:
		pr.on = []Event{Event(ev)}
	}
	rest := strings.TrimSuffix(strings.TrimSpace(d[len(m[0]):]), ".")
	for _, sentence := range strings.Split(rest, ". ") {
		s := strings.TrimSpace(sentence)
		switch {
		case rePump().MatchString(s):
			x := rePump().FindStringSubmatch(s)
			pr.effects = append(pr.effects, progOp{kind: "pump", who: strings.ToLower(x[1]), p: x[2], t: x[3], untilEOT: x[4] != "", beyond: x[5] != ""})
		case reReturn().MatchString(s):
			x := reReturn().FindStringSubmatch(s)
			pr.target = &progTarget{subtype: x[1], n: x[2]}
			pr.effects = append(pr.effects, progOp{kind: "return", may: true})
		case reProvoke().MatchString(s):
			pr.target = &progTarget{creature: true, opponent: true}
			pr.effects = append(pr.effects, progOp{kind: "mustblock", may: true})
		case reUntap().MatchString(s):
			pr.effects = append(pr.effects, progOp{kind: "untap", may: true})
		case rePoison().MatchString(s):
			pr.effects = append(pr.effects, progOp{kind: "poison", n: rePoison().FindStringSubmatch(s)[1]})
		default:
			return nil, fmt.Errorf("no effect the grammar knows at %q", s)
		}
	}
	return pr, nil
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

// Instance returns the Trigger one printed instance of the keyword is;
// def is the definition compiled, shown in the trace with the number put
// in.
func (pr *Program) Instance(inst game.Ability, def string) *Trigger {
	note := def
	for _, v := range []string{"+N/+N", "+X/+X"} {
		note = strings.ReplaceAll(note, v, fmt.Sprintf("+%d/+%d", inst.N, inst.N))
	}
	t := &Trigger{Base: Base{Keyword: inst.Keyword, Rule: []string{" means ", "whenever"}, Note: note},
		On: pr.on, Min: pr.min, PerBlocker: pr.without, N: inst.N}
	if pt := pr.target; pt != nil {
		switch {
		case pt.creature:
			t.Target = &Target{Text: "target creature defending player controls", Zone: game.Battlefield, Types: []string{"Creature"}, Opponent: true}
		default:
			t.Target = &Target{Text: fmt.Sprintf("target %s card with mana value %d or less in your graveyard", pt.subtype, value(pt.n, inst.N)),
				Zone: game.Graveyard, Subtype: pt.subtype, MaxMV: value(pt.n, inst.N), HasMaxMV: true, Yours: true}
		}
	}
	for _, o := range pr.effects {
		t.Effects = append(t.Effects, Op{Kind: o.kind, Who: o.who, P: value(o.p, inst.N), T: value(o.t, inst.N), Beyond: o.beyond, UntilEOT: o.untilEOT, N: value(o.n, inst.N), May: o.may})
	}
	return t
}
