package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/crules/crules/game"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// A program is a triggered keyword compiled from the revision's own
// quoted definition by a small grammar:
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
// N (X in the oldest wordings) in the definition is the keyword's number.
// The definition is the quoted one or, in the oldest revisions that
// quote none (flanking before 2004), the keyword's first subrule that
// begins "Whenever" or "When". Definitions outside the
// grammar do not compile, and the keyword then has no compiled model in
// that revision.
type program struct {
	event   string // "blocks or becomes blocked", "becomes blocked", "dies", …
	without string // "becomes blocked by a creature without flanking"
	min     int    // "becomes blocked by two or more creatures"
	effects []op
}

// An op is one compiled effect.
type op struct {
	kind     string // "pump", "return", "provoke", "untap", "poison"
	who      string // "it", "the blocking creature"
	p, t     string // "+N", "-1"
	beyond   bool   // "for each creature blocking it beyond the first"
	subtype  string
	n        string
	untilEOT bool
}

var (
	reTrigger = regexp.MustCompile(`^(?i)(?:whenever|when) (?:this creature|this permanent|it|a creature with \w+) (blocks or becomes blocked|(?:becomes|is) blocked by a creature without (\w+)|becomes blocked by two or more creatures|becomes blocked|attacks and isn't blocked|attacks|deals combat damage to a player|is put into a graveyard from (?:play|the battlefield)), `)
	rePump    = regexp.MustCompile(`^(?i)(it|this creature|the blocking creature) gets ([+-](?:N|X|\d+))/([+-](?:N|X|\d+))( until end of turn)?( for each creature blocking it beyond the first)?$`)
	reReturn  = regexp.MustCompile(`^(?i)you may return target (\w+) card with (?:converted mana cost|mana value) (N|X|\d+) or less from your graveyard to your hand$`)
	reProvoke = regexp.MustCompile(`^(?i)you may choose to have target creature defending player controls block this creature this combat if able$`)
	reUntap   = regexp.MustCompile(`^(?i)if you do, untap that creature$`)
	rePoison  = regexp.MustCompile(`^(?i)that player gets (N|X|\d+) poison counters?$`)
)

// compile reads a quoted definition; it returns an error naming the part
// outside the grammar.
func compile(def string) (*program, error) {
	d := strings.TrimSpace(def)
	m := reTrigger.FindStringSubmatch(d)
	if m == nil {
		return nil, fmt.Errorf("no trigger the grammar knows at %q", d)
	}
	pr := &program{event: strings.ToLower(m[1]), without: strings.ToLower(m[2])}
	switch {
	case pr.event == "becomes blocked by two or more creatures":
		pr.event, pr.min = "becomes blocked", 2
	case strings.Contains(pr.event, "blocked by a creature without"):
		pr.event = "becomes blocked by"
	}
	if strings.HasPrefix(pr.event, "is put into a graveyard") {
		pr.event = "dies"
	}
	rest := strings.TrimSuffix(strings.TrimSpace(d[len(m[0]):]), ".")
	for _, sentence := range strings.Split(rest, ". ") {
		s := strings.TrimSpace(sentence)
		switch {
		case rePump.MatchString(s):
			x := rePump.FindStringSubmatch(s)
			pr.effects = append(pr.effects, op{kind: "pump", who: strings.ToLower(x[1]), p: x[2], t: x[3], untilEOT: x[4] != "", beyond: x[5] != ""})
		case reReturn.MatchString(s):
			x := reReturn.FindStringSubmatch(s)
			pr.effects = append(pr.effects, op{kind: "return", subtype: x[1], n: x[2]})
		case reProvoke.MatchString(s):
			pr.effects = append(pr.effects, op{kind: "provoke"})
		case reUntap.MatchString(s):
			pr.effects = append(pr.effects, op{kind: "untap"})
		case rePoison.MatchString(s):
			pr.effects = append(pr.effects, op{kind: "poison", n: rePoison.FindStringSubmatch(s)[1]})
		default:
			return nil, fmt.Errorf("no effect the grammar knows at %q", s)
		}
	}
	return pr, nil
}

// source returns the text a compiled model is built from: the quoted
// definition, or the first subrule that begins "Whenever" or "When".
func source(s *keyword.Spec) (string, bool) {
	if s == nil {
		return "", false
	}
	if len(s.Definition) == 1 {
		return s.Definition[0], true
	}
	if len(s.Definition) > 1 || s.Text() == nil {
		return "", false
	}
	for _, c := range s.Text().Children {
		t := parse.Normalize(c.Text)
		if strings.HasPrefix(t, "Whenever ") || strings.HasPrefix(t, "When ") {
			return t, true
		}
	}
	return "", false
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

// program returns the compiled model of keyword name in this revision,
// or nil when the revision's definition is not in the grammar.
func (e *engine) program(name string) *program {
	if p, ok := e.programs[name]; ok {
		return p
	}
	var p *program
	if def, ok := source(e.spec(name)); ok {
		p, _ = compile(def)
	}
	e.programs[name] = p
	return p
}

// event fires ability a of o if it is a compiled trigger for event ev.
// arg is what the event concerns: the blockers of a blocked creature
// ([]*game.Object), the player dealt damage, the new object of a
// creature that died.
func (e *engine) event(o *game.Object, a game.Ability, ev string, arg any) {
	if _, ok := compiledModels[a.Keyword]; !ok {
		return
	}
	pr := e.program(a.Keyword)
	if pr == nil {
		return
	}
	matches := pr.event == ev
	if ev == "becomes blocked" && pr.event == "blocks or becomes blocked" {
		matches = true
	}
	if ev == "blocks" && pr.event == "blocks or becomes blocked" {
		matches = true
	}
	var blockers []*game.Object
	if bs, ok := arg.([]*game.Object); ok {
		blockers = bs
	}
	if ev == "becomes blocked" && pr.event == "becomes blocked by" {
		var without []*game.Object
		for _, b := range blockers {
			if !b.Has(pr.without) {
				without = append(without, b)
			}
		}
		// One trigger for each blocking creature without the keyword.
		for _, b := range without {
			e.fire(o, a, pr, []*game.Object{b}, arg)
		}
		return
	}
	if !matches || len(blockers) < pr.min {
		return
	}
	e.fire(o, a, pr, blockers, arg)
}

func (e *engine) fire(o *game.Object, a game.Ability, pr *program, blockers []*game.Object, arg any) {
	rule := e.kw(a.Keyword, " means ", "whenever")
	text, _ := source(e.spec(a.Keyword))
	for _, v := range []string{"+N/+N", "+X/+X"} {
		text = strings.ReplaceAll(text, v, fmt.Sprintf("+%d/+%d", a.N, a.N))
	}
	e.trigger(o, a.Keyword, text, rule, func(s *game.State, ab *game.Object) {
		for _, x := range pr.effects {
			e.runOp(o, a, x, blockers, arg, ab, rule)
		}
	})
}

func (e *engine) runOp(o *game.Object, a game.Ability, x op, blockers []*game.Object, arg any, ab *game.Object, rule game.Ref) {
	switch x.kind {
	case "pump":
		whos := []*game.Object{o}
		if x.who == "the blocking creature" {
			whos = blockers
		}
		p, t := value(x.p, a.N), value(x.t, a.N)
		if x.beyond {
			k := max(0, len(e.s.Combat.Blockers[o])-1)
			p, t = p*k, t*k
		}
		for _, w := range whos {
			if w.Zone != game.Battlefield || e.s.FindIn(w.Label, game.Battlefield) != w {
				continue
			}
			w.Mods = append(w.Mods, game.Mod{P: p, T: t, UntilEOT: x.untilEOT, Source: a.Keyword})
			e.s.Cite(rule, "%s: %s gets %+d/%+d until end of turn (now %d/%d)", a.Keyword, w.Label, p, t, w.Power(), w.Toughness())
		}
	case "return":
		if len(ab.Ability.Targets) == 0 {
			e.s.Cite(rule, "%s: no target chosen; nothing returns", a.Keyword)
			return
		}
		c := ab.Ability.Targets[0].Object
		max := value(x.n, a.N)
		if c == nil || c.Zone != game.Graveyard || c.Owner != o.Owner || !c.HasSubtype(x.subtype) || c.ManaValues(e.s.SplitCombined)[0] > max {
			e.s.Cite(rule, "%s: the target is illegal (a %s card with mana value %d or less in the graveyard): nothing returns", a.Keyword, x.subtype, max)
			return
		}
		e.s.Move(c, game.Hand, nil, false)
		e.s.Cite(rule, "%s %d: %s returns from the graveyard to its owner's hand", a.Keyword, a.N, c.Label)
	case "provoke":
		if len(ab.Ability.Targets) == 0 || ab.Ability.Targets[0].Object == nil {
			e.s.Cite(rule, "provoke: no creature chosen")
			return
		}
		b := ab.Ability.Targets[0].Object
		e.s.Requirements = append(e.s.Requirements, game.Requirement{Blocker: b, Attacker: o, Rule: rule})
		e.s.Cite(rule, "provoke: %s must block %s this combat if able", b.Label, o.Label)
	case "untap":
		if len(ab.Ability.Targets) > 0 && ab.Ability.Targets[0].Object != nil {
			ab.Ability.Targets[0].Object.Tapped = false
			e.s.Cite(rule, "provoke: %s untaps", ab.Ability.Targets[0].Object.Label)
		}
	case "poison":
		if pl, ok := arg.(*game.Player); ok {
			n := value(x.n, a.N)
			pl.Poison += n
			e.s.Cite(rule, "%s %d: %s gets %d poison counters", a.Keyword, a.N, pl.Name, n)
		}
	}
}
