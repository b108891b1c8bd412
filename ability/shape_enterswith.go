package ability

import (
	"strconv"
	"strings"

	"github.com/crules/crules/game"
)

// The grammar of the replacement effects that make a permanent enter
// with counters (614.1c; 419.1b in 2006-10-01), one for the rules'
// keyword definitions and for card text (readStatic):
//
//	enters = ["if" CONDITION ","] object ("enters" ["the battlefield"] | "comes into play") "with" NUM KIND "counters on it"
//	       | "you may have" object "enter" ["the battlefield"] "with an additional" KIND "counter on it" [". if you don't, it gains" KEYWORD]
//	       | object ("enters" ["the battlefield"] | "comes into play") "tapped"
//	object = "this permanent" | "this creature" | NAME
//	NUM    = "N" | "X" | "a" | "one" … "ten" | DIGITS
//
// N is the keyword's number (graft N, bloodthirst N); the condition is
// one of the turn's history (bloodthirst's "an opponent was dealt damage
// this turn"). The "you may" is the controller's choice as the permanent
// enters (unleash, riot): `resolve; decline` declines it.

// readEntersWith reads t (no final period) as a replacement effect of
// the object named self ("" in a keyword's definition) that has it
// enter with counters; it reports false when t is not one.
func readEntersWith(t, self string) (*EntersWith, bool, error) {
	low := strings.ToLower(strings.NewReplacer("’", "'").Replace(t))
	objects := []string{"this permanent", "this creature"}
	if self != "" {
		objects = append(objects, strings.ToLower(self))
	}
	w := &EntersWith{Base: Base{Rule: []string{" means ", "enters with", "comes into play with", "enter the battlefield with", "enter with"}}}
	at := 0
	if strings.HasPrefix(low, "you may have ") {
		at = len("you may have ")
		obj := ""
		for _, o := range objects {
			if hasWord(low[at:], o) {
				obj = o
			}
		}
		if obj == "" {
			return nil, false, nil
		}
		at += len(obj) + 1
		rest := low[at:]
		rest, ok := strings.CutPrefix(rest, "enter ")
		if !ok {
			return nil, false, nil
		}
		rest = strings.TrimPrefix(rest, "the battlefield ")
		body, haste, _ := strings.Cut(rest, ". ")
		kind, with := strings.CutPrefix(body, "with an additional ")
		kind, on := strings.CutSuffix(kind, " counter on it")
		if !with || !on || kind == "" || strings.Contains(kind, " ") {
			return nil, true, textErr(len(low)-len(rest), "unknown counters %q (known: \"with an additional KIND counter on it\")", t[len(low)-len(rest):])
		}
		w.N, w.Kind, w.May = 1, kind, true
		w.Note = "%s: %s has %s enter with an additional " + kind + " counter"
		if haste == "" {
			return w, true, nil
		}
		// "If you don't, it gains KEYWORD" (riot's haste).
		if k, ok := strings.CutPrefix(haste, "if you don't, it gains "); ok {
			if a, isKw, err := game.ParseAbility(k); isKw && err == nil {
				w.Gains = append(w.Gains, a)
				return w, true, nil
			}
		}
		return nil, true, textErr(len(low)-len(haste), "unknown sentence %q (known: \"If you don't, it gains KEYWORD\")", t[len(low)-len(haste):])
	}
	if rest, ok := strings.CutPrefix(low, "if "); ok {
		cond, _, ok := strings.Cut(rest, ", ")
		if !ok {
			return nil, false, nil
		}
		c, ok := readCondition(t[len("if ") : len("if ")+len(cond)])
		if !ok {
			if !strings.Contains(rest, " with ") || !strings.Contains(rest, "counter") {
				return nil, false, nil
			}
			return nil, true, textErr(len("if "), "unknown condition %q (known: \"if an opponent was dealt damage this turn\", …)", t[len("if "):len("if ")+len(cond)])
		}
		w.If = c
		at = len("if ") + len(cond) + len(", ")
	}
	obj := ""
	for _, o := range objects {
		if hasWord(low[at:], o) {
			obj = o
		}
	}
	if obj == "" {
		return nil, false, nil
	}
	rest := low[at+len(obj):]
	switch rest {
	case " enters tapped", " enters the battlefield tapped", " comes into play tapped":
		if w.If != nil {
			return nil, false, nil
		}
		w.Rule = []string{`effects that read "[this permanent] enters . . ."`, `effects that read "[this permanent] enters the battlefield . . ."`}
		w.Tapped, w.Note = true, "%s enters tapped"
		return w, true, nil
	}
	verb := ""
	for _, v := range []string{" enters the battlefield with ", " enters with ", " comes into play with "} {
		if strings.HasPrefix(rest, v) {
			verb = v
			break
		}
	}
	if verb == "" {
		return nil, false, nil
	}
	rest = rest[len(verb):]
	num, counters, _ := strings.Cut(rest, " ")
	kind, ok := strings.CutSuffix(counters, " counters on it")
	if !ok {
		kind, ok = strings.CutSuffix(counters, " counter on it")
	}
	if !ok || kind == "" || strings.Contains(kind, " ") {
		if strings.Contains(counters, "for each time it was kicked") {
			// A kicked spell's self-replacement (the effect table's).
			return nil, false, nil
		}
		return nil, true, textErr(len(low)-len(rest), "unknown counters %q (known: \"N KIND counters on it\")", t[len(low)-len(rest):])
	}
	if num == "x" {
		w.Per = "x"
	} else if w.N, w.ByN, ok = readNumber(num); !ok {
		return nil, true, textErr(len(low)-len(rest), "expected a number at %q", t[len(low)-len(rest):])
	}
	w.Kind = kind
	w.Note = "%s: %s enters with %d " + kind + " counters"
	return w, true, nil
}

// readDevour reads devour's "As this object enters, you may sacrifice
// any number of creatures. This permanent enters with N +1/+1 counters on
// it for each creature sacrificed this way" (702.82a; "comes into play"
// until 2009, "enters the battlefield" until 2024-07-30): an EntersWith
// whose number is N for each creature its controller sacrifices as it
// enters.
func readDevour(part string) (*EntersWith, bool) {
	rest, ok := strings.CutPrefix(part, "as this object ")
	if !ok {
		return nil, false
	}
	verb := ""
	for _, v := range []string{"enters the battlefield", "comes into play", "enters"} {
		if strings.HasPrefix(rest, v+", ") {
			verb = v
			break
		}
	}
	if verb == "" {
		return nil, false
	}
	rest = rest[len(verb)+2:]
	what, then, ok := strings.Cut(strings.TrimPrefix(rest, "you may sacrifice any number of "), ". ")
	if !ok || what != "creatures" || !strings.HasPrefix(rest, "you may sacrifice any number of ") {
		return nil, false
	}
	w, ok, err := readEntersWith(strings.TrimSuffix(then, " for each creature sacrificed this way"), "")
	if !ok || err != nil || !strings.HasSuffix(then, " for each creature sacrificed this way") || w.May || w.If != nil || w.Per != "" {
		return nil, false
	}
	w.Per, w.Sacrifice = "sacrificed", "Creature"
	w.Note = "%s: %d creatures sacrificed as %s enters, so it enters with %d +1/+1 counters"
	return w, true
}

// readTribute reads tribute's "As this creature enters, choose an
// opponent. That player may put an additional N +1/+1 counters on it as
// it enters" (702.104a; until 2017-04-28 "may have this creature enter
// the battlefield with an additional N +1/+1 counters on it"): an
// EntersWith whose "may" is the chosen opponent's.
func readTribute(part string) (*EntersWith, bool) {
	rest, ok := strings.CutPrefix(part, "as this creature enters")
	if !ok {
		return nil, false
	}
	rest = strings.TrimPrefix(rest, " the battlefield")
	rest, ok = strings.CutPrefix(rest, ", choose an opponent. that player may ")
	if !ok {
		return nil, false
	}
	for _, f := range []struct{ pre, post string }{
		{"put an additional ", " counters on it as it enters"},
		{"put an additional ", " counters on it as it enters the battlefield"},
		{"have this creature enter the battlefield with an additional ", " counters on it"},
		{"have this creature enter with an additional ", " counters on it"},
	} {
		what, ok := strings.CutPrefix(rest, f.pre)
		if what, ok2 := strings.CutSuffix(what, f.post); ok && ok2 {
			num, kind, _ := strings.Cut(what, " ")
			n, byN, ok := readNumber(num)
			if !ok || kind == "" || strings.Contains(kind, " ") {
				return nil, false
			}
			return &EntersWith{Base: Base{Rule: []string{" means ", "choose an opponent"}, Note: "%s: %s chooses %s, who puts %d additional " + kind + " counters on %s as it enters"},
				N: n, ByN: byN, Kind: kind, May: true, Opponent: true}, true
		}
	}
	return nil, false
}

// readCompleated reads compleated's "If this permanent would enter with
// one or more loyalty counters on it and the player who cast it chose to
// pay life for any part of its cost represented by Phyrexian mana
// symbols, it instead enters with that many loyalty counters minus two
// for each of those mana symbols" (702.150a; "enter the battlefield"
// until 2024-07-30): an EntersWith of -2 loyalty counters for each
// Phyrexian symbol paid with life, never below none.
func readCompleated(part string) (*EntersWith, bool) {
	p := strings.NewReplacer(" the battlefield", "").Replace(part)
	const want = "if this permanent would enter with one or more loyalty counters on it and the player who cast it chose to pay life for any part of its cost represented by phyrexian mana symbols, it instead enters with that many loyalty counters minus two for each of those mana symbols"
	if p != want {
		return nil, false
	}
	return &EntersWith{Base: Base{Rule: []string{" means "}, Note: "%s: %d Phyrexian mana symbols of its cost were paid with life: %s enters with %d loyalty counters instead of %d"},
		N: -2, Kind: "loyalty", Per: "phyrexian"}, true
}

// readEntersWithPart is the static shape of a definition's part.
func readEntersWithPart(part string) ([]Ability, bool) {
	if w, ok := readDevour(part); ok {
		return []Ability{w}, true
	}
	if w, ok := readTribute(part); ok {
		return []Ability{w}, true
	}
	if w, ok := readCompleated(part); ok {
		return []Ability{w}, true
	}
	w, ok, err := readEntersWith(part, "")
	if !ok || err != nil {
		return nil, false
	}
	return []Ability{w}, true
}

func init() {
	staticShapes = append(staticShapes, readEntersWithPart)
	families = append(families, func() {
		// "You may have this permanent enter with an additional +1/+1
		// counter on it" and "This permanent can't block as long as it
		// has a +1/+1 counter on it" (702.98a); riot's "… If you don't,
		// it gains haste" (702.136a).
		declare("Unleash", shaped, byShapes)
		declare("Riot", shaped, byShapes)
		// "This permanent enters with N +1/+1 counters on it" and
		// "Whenever another creature enters, if this permanent has a
		// +1/+1 counter on it, you may move a +1/+1 counter from this
		// permanent onto that creature" (702.58a).
		declare("Graft", shaped, byShapes)
		// "This permanent enters with X +1/+1 counters on it" and "When
		// this permanent enters, if X is 5 or more, draw a card"
		// (702.156a).
		declare("Ravenous", shaped, byShapes)
		// "As this object enters, you may sacrifice any number of
		// creatures. This permanent enters with N +1/+1 counters on it
		// for each creature sacrificed this way" (702.82a).
		declare("Devour", shaped, byShapes)
		// "As this creature enters, choose an opponent. That player may
		// put an additional N +1/+1 counters on it as it enters"
		// (702.104a). The triggered abilities that check "if tribute
		// wasn't paid" (702.104b) are not modelled.
		declare("Tribute", shaped, byShapes)
		// "If this permanent would enter with one or more loyalty
		// counters on it and the player who cast it chose to pay life
		// for any part of its cost represented by Phyrexian mana
		// symbols, it instead enters with that many loyalty counters
		// minus two for each of those mana symbols" (702.150a).
		declare("Compleated", shaped, byShapes)
		// "If an opponent was dealt damage this turn, this permanent
		// enters with N +1/+1 counters on it" (702.54a). The special
		// form "Bloodthirst X" (702.54b: X is the total damage the
		// opponents were dealt this turn), quoted as a part of its own,
		// is not modelled: only the first part is read.
		declare("Bloodthirst", func(inst game.Ability, r Rev) []Ability {
			return shapedFrom(inst, firstPart(r.Parts(inst.Keyword)))
		}, byShape(func(parts []string) error { return CheckShapes(firstPart(parts)) }))
	})
}

// firstPart is the first part of a definition, none when it has none.
func firstPart(parts []string) []string { return parts[:min(1, len(parts))] }

// readNumber reads NUM in lower case: "n", the keyword's number (byN),
// digits, or "a" … "ten".
func readNumber(num string) (n int, byN, ok bool) {
	if num == "n" {
		return 0, true, true
	}
	if n, err := strconv.Atoi(num); err == nil && n >= 0 {
		return n, false, true
	}
	words := map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
	n, ok = words[num]
	return n, false, ok
}
