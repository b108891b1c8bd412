package ability

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// A keyword action (701) whose definition is a template of the effect
// table: "For a player to mill a number of cards, that player puts that
// many cards from the top of their library into their graveyard."
//
//	action = ("For a player to" | "To") VERB ("a number of cards" | "a card") ", " ("that player" | "they") EFFECT
//
// EFFECT is an entry of the effect table of card text
// (game.ParseEffect) in which "that many" is the action's number (ByN).
var reAction = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(?:for a player to|to) (\w+) (?:a number of cards|a card), (?:that player|they) (.+)$`)
})

var actionCache sync.Map // definition → game.Effect or error

// CompileAction reads a keyword action's definition, the first
// sentence of its rule: the verb it defines and the instruction it
// means. It returns an error when the definition is no template the
// grammar knows.
func CompileAction(def string) (verb string, e game.Effect, err error) {
	type compiled struct {
		verb string
		e    game.Effect
		err  error
	}
	if v, ok := actionCache.Load(def); ok {
		c := v.(compiled)
		return c.verb, c.e, c.err
	}
	first, _, _ := strings.Cut(strings.TrimSpace(def), ". ")
	first = strings.TrimSuffix(first, ".")
	m := reAction().FindStringSubmatch(first)
	if m == nil {
		err = fmt.Errorf("no keyword action template at %q", first)
	} else {
		verb = strings.ToLower(m[1])
		e, err = game.ParseEffect(m[2])
	}
	actionCache.Store(def, compiled{verb, e, err})
	return verb, e, err
}

// An ActionStep is one sentence of a keyword action's definition in the
// shape "“Adapt N” means “If this permanent has no +1/+1 counters on it,
// put N +1/+1 counters on it.”": the instruction, with N the action's
// number (ByN), done only when Cond, an "if" clause, holds.
type ActionStep struct {
	Cond   *Condition
	Effect game.Effect
	// May is set for a step its player may decline ("You may cast
	// that card …", discover's, 701.57a), Otherwise for one that
	// happens only when the "may" before it was declined ("If you
	// don't cast it, …").
	May, Otherwise bool
}

// reMeans reads the shape of the definitions that say what an action's
// words mean (701.46a adapt, 701.37a monstrosity):
//
//	means = "“" NAME [" N"] "” means “" SENTENCE {" " SENTENCE} "”" [REMARK]
//	SENTENCE = ["If " CONDITION ", "] EFFECT "."
//
// NAME may be followed by what it acts on in brackets ("“Harness [this
// permanent]” means …", 701.64a). REMARK is what the subrule says after
// the quotation ("Monstrous is a condition of that permanent …", 701.28a
// in 2013): no step. Sentences before the quotation say what kind of
// ability it is ("Scry is a static ability that functions while a spell
// or ability is resolving.", 502.36a of 2004–2007): no step either. The
// number is N, or X in 2004-06-01's scry ("“Scry X” means “Look at the
// top X cards …”"), where X in the sentences is that number.
var reMeans = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[^“"]*?\. )?[“"]([A-Za-z]+(?: [a-z]+)*?)( [NX]| \[[a-z ]+\])?[”"] means [“"](.+?)[”"]\.?(?:\s+.*)?$`)
})

// reX is the number X of a definition that names it so.
var reX = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bX\b`) })

var meansCache sync.Map // definition → compiledMeans

type compiledMeans struct {
	name  string
	steps []ActionStep
	err   error
}

// CompileMeans reads a keyword action's definition that says what its
// words mean: the action's name and the steps it means, each sentence
// an "if" clause the trigger grammar reads (readCondition) and an
// instruction of the effect table. It returns an error, at the words
// not understood, when the definition is no such template.
func CompileMeans(def string) (name string, steps []ActionStep, err error) {
	if v, ok := meansCache.Load(def); ok {
		c := v.(compiledMeans)
		return c.name, c.steps, c.err
	}
	name, steps, err = compileMeans(strings.TrimSpace(def))
	meansCache.Store(def, compiledMeans{name, steps, err})
	return name, steps, err
}

// reMeansTo reads the other shape of such definitions (701.22a scry,
// 701.25a surveil): "To “scry N” means to look at …" (the quotation
// marks "?" in 2008-05-01's text; none in "To proliferate means to …",
// 701.34a).
var reMeansTo = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^To [“"?]?([a-z]+(?: [a-z]+)*?)(?: N)?[”"?]? means to (.+?)\.?$`)
})

// reInstructs reads a third shape (701.63a endure): "Certain abilities
// instruct a permanent to endure N. To do so, …".
var reInstructs = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^Certain abilities instruct a permanent to ([a-z]+)(?: N)?\. To do so, (.+?)\.?$`)
})

// reMeansQuoted reads a fourth (701.47a amass): "To amass [subtype] N
// means “If you don't control an Army creature, …”": [subtype] stands for
// the subtype the action names, SUBTYPE in the steps.
var reMeansQuoted = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^To ([a-z]+)(?: \[subtype\])?(?: N)? means [“"](.+?)[”"]\.?(?:\s+.*)?$`)
})

// Subtype is the word a step of a keyword action's definition has where
// the definition says "[subtype]" (amass, 701.47a): the engine puts the
// subtype the action names in its place.
const Subtype = "SUBTYPE"

func compileMeans(def string) (string, []ActionStep, error) {
	if i := strings.Index(def, " See rule "); i > 0 {
		// A cross-reference after the definition (701.56a's "See rule
		// 702.62, “Suspend.”"): no step.
		def = def[:i]
	}
	m := reMeans().FindStringSubmatch(def)
	if m == nil {
		if t := reMeansQuoted().FindStringSubmatch(def); t != nil {
			m = []string{t[0], strings.ToUpper(t[1][:1]) + t[1][1:], "", strings.ReplaceAll(t[2], "[subtype]", Subtype)}
		}
	}
	if m == nil {
		if t := reInstructs().FindStringSubmatch(def); t != nil {
			m = []string{t[0], strings.ToUpper(t[1][:1]) + t[1][1:], "", t[2]}
		}
	}
	if m == nil {
		if t := reMeansTo().FindStringSubmatch(def); t != nil {
			m = []string{t[0], strings.ToUpper(t[1][:1]) + t[1][1:], "", t[2]}
		}
	}
	if m == nil {
		return "", nil, fmt.Errorf("no “… N” means “…” template at %q", def)
	}
	body := m[3]
	if m[2] == " X" {
		body = reX().ReplaceAllString(body, "N")
	}
	if e, err := game.ParseEffect(strings.TrimSuffix(body, ".")); err == nil {
		// One instruction of several sentences (scry's "Look at the top
		// N cards of your library. Put any number of them on the
		// bottom …", 502.36a).
		return m[1], []ActionStep{{Effect: e}}, nil
	}
	var steps []ActionStep
	for _, s := range strings.SplitAfter(body, ". ") {
		s = strings.TrimSuffix(strings.TrimSpace(s), ".")
		if s == "" {
			continue
		}
		if rest, ok := cutPrefixFold(s, "It has "); ok && len(steps) > 0 && steps[len(steps)-1].Effect.Verb == "predefined" {
			// The ability of the token the sentence before creates
			// (701.33a in 2016: "… onto the battlefield. It has ‘…’").
			ab := strings.TrimRight(strings.TrimLeft(rest, "‘'\"“"), "’'\"”")
			last := &steps[len(steps)-1].Effect
			last.Abilities = append(last.Abilities, ab)
			continue
		}
		var st ActionStep
		if rest, ok := cutPrefixFold(s, "You may "); ok {
			st.May, s = true, rest
		} else if rest, ok := cutPrefixFold(strings.ReplaceAll(s, "’", "'"), "If you don't cast it, "); ok {
			st.Otherwise, s = true, rest
		}
		if rest, ok := cutPrefixFold(s, "If "); ok {
			cond, effect, ok := strings.Cut(rest, ", ")
			if !ok {
				return "", nil, fmt.Errorf("%q: an \"if\" clause with no instruction after it", s)
			}
			c, ok := readCondition(cond)
			if !ok {
				return "", nil, fmt.Errorf("%q: unknown condition %q", s, cond)
			}
			st.Cond, s = c, effect
		}
		e, err := game.ParseEffect(s)
		if err != nil {
			return "", nil, fmt.Errorf("%q: %v", s, err)
		}
		st.Effect = e
		steps = append(steps, st)
	}
	return m[1], steps, nil
}

// cutPrefixFold is strings.CutPrefix, ignoring case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// ActionName reads a keyword action's definition in either template,
// CompileAction's or CompileMeans's: the name of the action it defines,
// or why neither reads it.
func ActionName(def string) (string, error) {
	verb, _, err := CompileAction(def)
	if err == nil {
		return verb, nil
	}
	name, _, err2 := CompileMeans(def)
	if err2 != nil {
		return "", fmt.Errorf("%v; %v", err, err2)
	}
	return name, nil
}
