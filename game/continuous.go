package game

import (
	"fmt"
	"strconv"
	"strings"
)

// cardTypes are the card types a type-changing effect can name.
var cardTypes = []string{"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}

var subjectTypes = map[string]string{
	"creature": "Creature", "creatures": "Creature", "artifact": "Artifact", "artifacts": "Artifact",
	"land": "Land", "lands": "Land", "permanent": "", "permanents": "", "enchantment": "Enchantment", "enchantments": "Enchantment",
}

// parseContinuous reads a continuous effect of card text (611):
//
//	[during your turn, | as long as this creature has COUNTERS,] SUBJECT PREDICATE [and PREDICATE]… [until end of turn]
//	switch target creature's power and toughness [until end of turn]
//
//	gain control of target creature [until end of turn | for as long as you control NAME]
//	you control enchanted creature (or permanent; equipped creature)
//
// where SUBJECT is "target creature" (or permanent, artifact, land),
// "that creature" or "it" (the target of the instruction before),
// "this creature" (the source of the ability),
// "equipped creature", "enchanted creature", "fortified land", or a set of permanents
// ("creatures you control", "other white creatures you control", "all
// creatures", "noncreature artifacts"), and PREDICATE one of "gets
// +N/+N", "has base power and toughness N/N", "becomes N/N" (the wording
// before 2009), "gains KEYWORD", "has KEYWORD", "loses KEYWORD", "loses
// all abilities", "is COLOUR", "becomes a N/N artifact creature" (the
// card types replace the old ones), "becomes an artifact in addition to
// its other types". It reports false when t is not of this form, and an
// error when it is but a part is not understood.
func parseContinuous(t string) (Effect, bool, error) {
	l := strings.Join(strings.Fields(strings.ToLower(t)), " ")
	e := &Continuous{}
	if rest, ok := strings.CutSuffix(l, " until end of turn"); ok {
		e.UntilEOT, l = true, rest
	} else if rest, ok := strings.CutSuffix(l, " until end of combat"); ok {
		e.UntilEOC, l = true, rest
	}
	ef := Effect{Verb: "continuous", Cont: e}
	still := ""
	if rest, ok := strings.CutSuffix(strings.ReplaceAll(l, "’", "'"), ". it's still a land"); ok {
		// "That land becomes a 0/0 Elemental creature with haste.
		// It's still a land." (awaken, 702.113a): the new card type
		// replaces the others but land (205.1b).
		still, l = "Land", rest
	}
	if rest, ok := strings.CutPrefix(l, "during your turn, "); ok {
		// A static ability's effect that exists only during its
		// controller's turn (living metal's, 702.161a).
		e.YourTurn, l = true, rest
	}
	if m := reCountersLong().FindStringSubmatch(l); m != nil {
		// "As long as this creature has at least N1 level counters on
		// it, but no more than N2 …" (711.2a), "… has N3 or more level
		// counters on it" (711.2b): "it" is the creature.
		if m[1] != "" {
			e.Counter = m[2]
			e.CounterMin, _ = strconv.Atoi(m[1])
			e.CounterMax, _ = strconv.Atoi(m[3])
		} else {
			e.Counter = m[5]
			e.CounterMin, _ = strconv.Atoi(m[4])
		}
		l = m[6]
		if rest, ok := strings.CutPrefix(l, "it "); ok {
			l = "this creature " + rest
		}
	}
	if rest, ok := strings.CutPrefix(l, "change the text of "); ok {
		// A text-changing effect (612, layer 3), for the rest of the
		// game unless it says otherwise; the words are chosen as it
		// resolves.
		subj, kind, ok := strings.Cut(rest, " by replacing all instances of one ")
		words := map[string]string{"color word with another": TextColor, "basic land type with another": TextLandType}
		if !ok || words[kind] == "" {
			return ef, true, fmt.Errorf("expected \"change the text of target permanent by replacing all instances of one color word with another\" (or \"basic land type with another\")")
		}
		if subj != "target permanent" && subj != "target creature" {
			return ef, true, fmt.Errorf("unknown object %q of a text change (known: target permanent, target creature)", subj)
		}
		subject(e, &ef, subj+" x")
		e.TextWords = words[kind]
		return ef, true, nil
	}
	if rest, ok := strings.CutPrefix(l, "gain control of "); ok {
		// A control-changing effect (layer 2): its controller gains
		// control of the target, until end of turn, for as long as they
		// control the ability's source (611.2b), or for the rest of the
		// game.
		if r, _, ok := strings.Cut(rest, " for as long as you control "); ok {
			e.WhileControl, rest = true, r
		}
		n, ok := subject(e, &ef, rest+" x")
		if !ok || n != len(rest)+1 || ef.Target == "" && !ef.That {
			return ef, true, fmt.Errorf("unknown object %q of \"gain control of\" (known: target creature, permanent, artifact or land)", rest)
		}
		e.GainControl = true
		return ef, true, nil
	}
	if rest, ok := strings.CutPrefix(l, "you control "); ok {
		// A static control-changing effect (layer 2): the controller of
		// the Aura or Equipment controls what it is attached to ("You
		// control enchanted creature").
		n, ok := subject(e, &ef, rest+" x")
		if !ok || n != len(rest)+1 || e.Subject.Attached == "" {
			return ef, true, fmt.Errorf("unknown object %q of \"you control\" (known: enchanted creature, enchanted permanent, equipped creature)", rest)
		}
		e.GainControl = true
		return ef, true, nil
	}
	if rest, ok := strings.CutPrefix(l, "this creature's power and toughness are each equal to the number of "); ok {
		// A characteristic-defining ability (604.3, 208.2a).
		switch rest = strings.TrimSuffix(rest, "."); rest {
		case DefineHand, DefineCreatures:
			e.Subject.Self, e.Subject.Type, e.Define = true, "Creature", rest
			return ef, true, nil
		}
		return ef, true, fmt.Errorf("unknown count %q (known: %q, %q)", rest, DefineHand, DefineCreatures)
	}
	if rest, ok := strings.CutPrefix(l, "this object is "); ok {
		// A characteristic-defining ability of colour or type (604.3):
		// "NAME is all colors", "NAME is colorless", "NAME is every
		// creature type".
		e.Subject.Self, e.Defining = true, true
		switch rest = strings.TrimSuffix(rest, "."); rest {
		case "every creature type":
			e.EveryCreatureType = true
			return ef, true, nil
		case "all colors", "all colours":
			e.SetColor, e.Colors = true, White|Blue|Black|Red|Green
			return ef, true, nil
		}
		if c, ok := ParseColor(rest); ok {
			e.SetColor, e.Colors = true, c
			return ef, true, nil
		}
		return ef, true, fmt.Errorf("unknown characteristic %q (known: \"every creature type\", \"all colors\", \"colorless\", a colour)", rest)
	}
	if rest, ok := strings.CutPrefix(l, "switch "); ok {
		subj, ok := strings.CutSuffix(rest, "'s power and toughness")
		if !ok {
			return ef, false, nil
		}
		n, ok := subject(e, &ef, subj+" x")
		if !ok || n != len(subj)+1 {
			return ef, true, fmt.Errorf("unknown subject %q of a switch", subj)
		}
		e.Switch = true
		return ef, true, nil
	}
	n, ok := subject(e, &ef, l)
	if !ok || n >= len(l) {
		return ef, false, nil
	}
	preds := predicates(l[n:])
	if len(preds) == 0 {
		return ef, false, nil
	}
	for i, p := range preds {
		if err := predicate(e, p); err != nil {
			if i == 0 && !strings.Contains(p, "copy") {
				return ef, false, nil
			}
			return ef, true, err
		}
	}
	if still != "" {
		if len(e.SetTypes) == 0 {
			return ef, true, fmt.Errorf("\"it's still a %s\" follows no \"becomes\" a card type", strings.ToLower(still))
		}
		e.SetTypes = append(e.SetTypes, still)
	}
	if e.CopyTarget {
		if ef.Target != "" {
			return ef, true, fmt.Errorf("a copy effect's subject can't be a target too")
		}
		ef.Target, e.copyOf = e.copyOf, ""
	}
	return ef, true, nil
}

// subject reads the subject at the start of l; it returns how many bytes
// it took.
func subject(e *Continuous, ef *Effect, l string) (int, bool) {
	w := strings.Fields(l)
	if len(w) < 2 {
		return 0, false
	}
	at := 0
	take := func(k int) {
		for _, x := range w[:k] {
			at += len(x) + 1
		}
		w = w[k:]
	}
	switch w[0] {
	case "it":
		// The object the instruction before targeted.
		ef.That = true
		take(1)
		return at, true
	case "the":
		if w[1] != "tokens" {
			return 0, false
		}
		// "The tokens gain haste" (encore, 702.141a): those the
		// instruction before created.
		ef.Who = "them"
		take(2)
		return at, true
	case "that":
		ty, ok := subjectTypes[w[1]]
		if !ok || strings.HasSuffix(w[1], "s") {
			return 0, false
		}
		ef.That, e.Subject.Type = true, ty
		take(2)
		return at, true
	case "this":
		ty, ok := subjectTypes[w[1]]
		if !ok || strings.HasSuffix(w[1], "s") {
			return 0, false
		}
		e.Subject.Self, e.Subject.Type = true, ty
		take(2)
		return at, true
	case "target", "equipped", "enchanted", "fortified":
		ty, ok := subjectTypes[w[1]]
		if !ok {
			return 0, false
		}
		if w[0] == "target" {
			ef.Target = strings.ToLower(w[1])
		} else {
			e.Subject.Attached = w[0]
		}
		e.Subject.Type = ty
		take(2)
		return at, true
	}
	each := w[0] == "each"
	if w[0] == "all" || each {
		take(1)
	}
	if len(w) > 0 && w[0] == "other" {
		e.Subject.Other = true
		take(1)
	}
	if len(w) > 0 {
		if c, ok := ParseColor(w[0]); ok && c != 0 {
			e.Subject.Color = c
			take(1)
		}
	}
	if len(w) > 0 && strings.HasPrefix(w[0], "non") {
		ty, ok := subjectTypes[strings.TrimPrefix(w[0], "non")]
		if !ok {
			return 0, false
		}
		e.Subject.Non = ty
		take(1)
	}
	if len(w) == 0 {
		return 0, false
	}
	ty, ok := subjectTypes[w[0]]
	if !ok || strings.HasSuffix(w[0], "s") == each {
		return 0, false // "each creature", "all creatures"
	}
	e.Subject.Type = ty
	take(1)
	if len(w) >= 2 && w[0] == "you" && w[1] == "control" {
		e.Subject.YouControl = true
		take(2)
	}
	return at, true
}

var predicateVerbs = []string{"get", "gets", "gain", "gains", "has", "have", "lose", "loses", "is", "are", "become", "becomes"}

// predicates splits "gets +1/+1 and has flying" at each "and" that
// begins a predicate ("has base power and toughness 1/1" is one).
func predicates(l string) []string {
	var out []string
	for i, part := range strings.Split(l, " and ") {
		verb, _, _ := strings.Cut(strings.TrimSpace(part), " ")
		if i > 0 && !hasFold(predicateVerbs, verb) {
			out[len(out)-1] += " and " + part
			continue
		}
		out = append(out, strings.TrimSpace(part))
	}
	return out
}

// ParsePT reads a power/toughness box, "3/2": two numbers from 0.
func ParsePT(s string) (p, t int, ok bool) {
	if strings.ContainsAny(s, "+-") {
		return 0, 0, false
	}
	return pt(s)
}

func pt(s string) (int, int, bool) {
	a, b, ok := strings.Cut(s, "/")
	p, e1 := strconv.Atoi(strings.TrimPrefix(a, "+"))
	t, e2 := strconv.Atoi(strings.TrimPrefix(b, "+"))
	return p, t, ok && e1 == nil && e2 == nil
}

// predicate reads one predicate into e.
func predicate(e *Continuous, p string) error {
	verb, rest, _ := strings.Cut(p, " ")
	switch verb {
	case "get", "gets":
		if !strings.HasPrefix(rest, "+") && !strings.HasPrefix(rest, "-") {
			return fmt.Errorf("expected +N/+N after %q", verb)
		}
		x, y, ok := pt(rest)
		if !ok {
			return fmt.Errorf("expected +N/+N after %q", verb)
		}
		e.AddPT, e.P, e.T = true, e.P+x, e.T+y
		return nil
	case "has", "have":
		if v, ok := strings.CutPrefix(rest, "base power and toughness "); ok {
			x, y, ok := pt(v)
			if !ok {
				return fmt.Errorf("expected N/N after \"base power and toughness\"")
			}
			e.SetPT, e.P, e.T = true, x, y
			return nil
		}
		return gain(e, rest)
	case "gain", "gains":
		return gain(e, rest)
	case "lose", "loses":
		if rest == "all abilities" {
			e.LoseAll = true
			return nil
		}
		a, ok, err := ParseAbility(rest)
		if !ok || err != nil {
			return fmt.Errorf("%q is not a keyword ability to lose", rest)
		}
		e.Lose, e.LoseQuality = append(e.Lose, a.Keyword), append(e.LoseQuality, a.Quality)
		return nil
	case "is", "are", "become", "becomes":
		if v, ok := strings.CutPrefix(rest, "a copy of target "); ok {
			if _, ok := subjectTypes[v]; !ok || strings.HasSuffix(v, "s") {
				return fmt.Errorf("expected \"a copy of target creature\" (or permanent, artifact, land)")
			}
			e.CopyTarget, e.copyOf = true, v
			return nil
		}
		if v, ok := strings.CutPrefix(rest, "not "); ok {
			// "it's not a creature" (impending, 702.176a): it stops
			// being one.
			w := strings.Fields(v)
			if len(w) != 2 || (w[0] != "a" && w[0] != "an") || !isCardType(w[1]) {
				return fmt.Errorf("expected \"not a CARDTYPE\"")
			}
			e.LoseTypes = append(e.LoseTypes, strings.ToUpper(w[1][:1])+w[1][1:])
			return nil
		}
		return becomes(e, rest)
	}
	return fmt.Errorf("unknown predicate %q", p)
}

func gain(e *Continuous, rest string) error {
	a, ok, err := ParseAbility(rest)
	if !ok || err != nil {
		return fmt.Errorf("%q is not a keyword ability to gain", rest)
	}
	a.Text = rest
	if len(a.Text) > 0 {
		a.Text = strings.ToUpper(a.Text[:1]) + a.Text[1:]
	}
	e.Gain = append(e.Gain, a)
	return nil
}

// becomes reads "[a|an] [N/N] [COLOUR] [SUBTYPES] [TYPES] [in addition
// to its other types] [with ABILITIES]": the subtypes are the words
// before the first card type ("a 0/0 Elemental creature with haste").
func becomes(e *Continuous, rest string) error {
	add := false
	if r, with, ok := strings.Cut(rest, " with "); ok {
		for _, a := range strings.Split(strings.ReplaceAll(with, ", and ", ", "), ", ") {
			for _, b := range strings.Split(a, " and ") {
				if err := gain(e, b); err != nil {
					return err
				}
			}
		}
		rest = r
	}
	for _, suf := range []string{" in addition to its other types", " in addition to their other types"} {
		if r, ok := strings.CutSuffix(rest, suf); ok {
			rest, add = r, true
		}
	}
	w := strings.Fields(rest)
	if len(w) > 0 && (w[0] == "a" || w[0] == "an") {
		w = w[1:]
	}
	if len(w) > 0 {
		if x, y, ok := pt(w[0]); ok {
			e.SetPT, e.P, e.T = true, x, y
			w = w[1:]
		}
	}
	var cols []string
	for len(w) > 0 {
		if _, ok := ParseColor(w[0]); !ok {
			break
		}
		cols = append(cols, w[0])
		w = w[1:]
	}
	if len(cols) > 0 {
		c, _ := ParseColor(strings.Join(cols, " "))
		e.SetColor, e.Colors = true, c
	}
	var types []string
	for len(w) > 1 && !isCardType(w[0]) {
		// A subtype before the card types, as printed ("Elemental").
		e.AddSubtypes = append(e.AddSubtypes, strings.ToUpper(w[0][:1])+w[0][1:])
		w = w[1:]
	}
	for _, x := range w {
		found := false
		for _, ct := range cardTypes {
			if strings.EqualFold(x, ct) || strings.EqualFold(x, ct+"s") {
				types, found = append(types, ct), true
			}
		}
		if !found {
			return fmt.Errorf("%q is not a card type, colour or power/toughness", x)
		}
	}
	if add {
		e.AddTypes = types
	} else {
		e.SetTypes = types
	}
	if len(e.AddSubtypes) > 0 && len(types) == 0 {
		return fmt.Errorf("subtypes %v need a card type after them", e.AddSubtypes)
	}
	if !e.SetPT && !e.SetColor && len(types) == 0 {
		return fmt.Errorf("expected a power/toughness, colour or card type after %q", "becomes")
	}
	return nil
}

// reCountersLong is the condition of a static ability on the counters on
// its source: "as long as this creature has at least N1 KIND counters on
// it, but no more than N2 KIND counters on it, " or "as long as this
// creature has N3 or more KIND counters on it, ".
var reCountersLong = lazyRegexp(`^as long as this creature has (?:at least (\d+) ([a-z]+) counters on it, but no more than (\d+) [a-z]+ counters on it|(\d+) or more ([a-z]+) counters on it), (.+)$`)

// reLevel is a leveler's level symbol as a scenario card writes it, the
// abilities and power/toughness box of its striation after it (711.2):
// "LEVEL 2-6 3/3 First strike", "LEVEL 7+ 4/4 Double strike, Flying".
var reLevel = lazyRegexp(`^(?i:level) (\d+)(?:-(\d+)|\+) (\d+/\d+)(?: (.+))?$`)

// levelMeaning rewrites a level symbol into what it means (711.2a–b):
// "As long as this creature has at least N1 level counters on it, but no
// more than N2 level counters on it, it has base power and toughness
// [P/T] and has [abilities]", read then by the effect table.
func levelMeaning(t string) (string, bool) {
	m := reLevel().FindStringSubmatch(t)
	if m == nil {
		return "", false
	}
	cond := "has " + m[1] + " or more level counters on it"
	if m[2] != "" {
		cond = "has at least " + m[1] + " level counters on it, but no more than " + m[2] + " level counters on it"
	}
	s := "as long as this creature " + cond + ", it has base power and toughness " + m[3]
	if m[4] != "" {
		for _, a := range strings.Split(m[4], ",") {
			s += " and has " + strings.TrimSpace(a)
		}
	}
	return s, true
}

// isCardType reports whether x is a card type, singular or plural.
func isCardType(x string) bool {
	for _, ct := range cardTypes {
		if strings.EqualFold(x, ct) || strings.EqualFold(x, ct+"s") {
			return true
		}
	}
	return false
}
