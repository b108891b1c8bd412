package game

import (
	"fmt"
	"strconv"
	"strings"
)

// A PartKind is the kind of a cost part that is not mana (601.2h and
// 602.2b today, 409.1h in 2006-10-01).
type PartKind uint8

// The kinds of non-mana cost parts.
const (
	Tap            PartKind = iota + 1 // {T}: tap this permanent
	Untap                              // {Q}: untap this permanent
	Sacrifice                          // sacrifice a permanent
	Discard                            // discard a card
	ExileFrom                          // exile cards from a zone
	PayLife                            // pay N life
	RemoveCounters                     // remove counters from this permanent
	PutCounters                        // put counters on this permanent
	ReturnToHand                       // return a permanent to its owner's hand
	Reveal                             // reveal a card from the hand
	TapOthers                          // tap untapped creatures with total power N or greater
	TapUntapped                        // tap N untapped permanents of a quality
)

var partWords = map[PartKind]string{Tap: "tap", Untap: "untap", Sacrifice: "sacrifice", Discard: "discard", ExileFrom: "exile", PayLife: "pay life", RemoveCounters: "remove counters", PutCounters: "put counters", ReturnToHand: "return", Reveal: "reveal", TapOthers: "tap", TapUntapped: "tap"}

// String names the kind: "sacrifice", "pay life".
func (k PartKind) String() string { return partWords[k] }

// A Part is one non-mana part of a cost. N is how many objects, how much
// life or how many counters; Self is set when the part names the object
// whose cost it is ("Sacrifice Mogg Fanatic", "this creature"), else
// What is the quality of the objects chosen ("creature", "artifact",
// "card", "Goblin") or the kind of counter ("+1/+1"); From is the zone
// the objects are chosen from. Text is the part as printed. For
// TapOthers N is the least total power of the creatures tapped (for
// TapUntapped, how many are tapped), Max, when not 0, the most of them,
// and Other is set when the object itself can't be one of them. Shares
// is set when each object must share a colour with the object whose
// cost it is ("that each share a color with it", conspire).
type Part struct {
	Kind   PartKind
	N      int
	Max    int
	Self   bool
	Other  bool
	Shares bool
	What   string
	From   Zone
	Text   string
}

// Choice is the clause word a script names the objects of the part by:
// "sacrifice A", "discard A", "exile A", "return A", "reveal A"; "" for
// a part that chooses nothing.
func (p Part) Choice() string {
	switch p.Kind {
	case Sacrifice, Discard, ExileFrom, ReturnToHand, Reveal, TapOthers, TapUntapped:
		if !p.Self {
			return partWords[p.Kind]
		}
	}
	return ""
}

// ChampionPart is the cost "exile another OBJECT you control" of
// champion (702.72a): a permanent of the quality what ("Goblin",
// "creature") its controller controls, other than the source.
func ChampionPart(what string) Part {
	return Part{Kind: ExileFrom, N: 1, Other: true, From: Battlefield, What: what, Text: "exile another " + what + " you control"}
}

// A FullCost is a whole cost: its mana part and its other parts, in
// printed order. The zero FullCost costs nothing.
type FullCost struct {
	Mana  Cost
	Parts []Part
}

// String prints the cost as printed: "{2}, {T}, Sacrifice a creature".
func (c FullCost) String() string { return c.join(false) }

// Paid is the cost as what a player pays, after "pays": a part written
// as an order ("Pay 3 life", from "Ward—Pay 3 life") without its verb.
func (c FullCost) Paid() string { return c.join(true) }

// join lists the cost's mana and parts, each part as written or, with
// paid, without a leading "Pay ".
func (c FullCost) join(paid bool) string {
	var out []string
	if c.Mana.IsSet() {
		out = append(out, c.Mana.String())
	}
	for _, p := range c.Parts {
		t := p.Text
		if paid && len(t) > 4 && strings.EqualFold(t[:4], "pay ") {
			t = t[4:]
		}
		out = append(out, t)
	}
	return strings.Join(out, ", ")
}

// Has reports whether the cost has a part of kind k.
func (c FullCost) Has(k PartKind) bool {
	for _, p := range c.Parts {
		if p.Kind == k {
			return true
		}
	}
	return false
}

var numberWords = map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// number reads "a", "two" or "3".
func number(s string) (int, bool) {
	if n, ok := numberWords[strings.ToLower(s)]; ok {
		return n, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}

var (
	reSacrifice = lazyRegexp(`(?i)^sacrifice (a|an|one|two|three|\d+) (.+?)s?$`)
	reDiscard   = lazyRegexp(`(?i)^discard (a|an|one|two|three|\d+) (.+?)s?$`)
	reExile     = lazyRegexp(`(?i)^exile (a|an|one|two|three|four|five|six|\d+) (.+?)s? from your (graveyard|hand)$`)
	reLife      = lazyRegexp(`(?i)^pay (\d+) life$`)
	reCounters  = lazyRegexp(`(?i)^(remove|put) (a|an|one|two|three|\d+) ([+-]\d+/[+-]\d+|[a-z]+) counters? (?:from|on) (.+)$`)
	reReturn    = lazyRegexp(`(?i)^return (a|an|one|two|\d+) (.+?)s? you control to (?:its|their) owner's hand$`)
	reTapOthers = lazyRegexp(`(?i)^tap (?:any number of (other )?untapped creatures you control with (?:total )?power (\d+) or greater|(up to one) untapped creature you control)$`)
	reTapN      = lazyRegexp(`(?i)^tap (a|an|another|one|two|three|\d+) (other )?untapped (.+?)s? you control( that (?:each )?shares? a colou?r with it)?$`)
	reReveal    = lazyRegexp(`(?i)^reveal (a|an|one|two|\d+) (.+?)s? from your hand$`)
)

// ParseFullCost reads a cost as printed before an activated ability's
// colon or after "As an additional cost": parts separated by commas,
// mana in brace notation, {T} and {Q}, and the non-mana parts "Sacrifice
// a creature", "Sacrifice NAME" (or "this creature"), "Discard a card",
// "Exile two cards from your graveyard", "Pay 2 life", "Remove a +1/+1
// counter from NAME", "Put a -1/-1 counter on this creature", "Return a
// land you control to its owner's hand", "Reveal a Goblin card from
// your hand", "Tap any number of other untapped creatures you control
// with total power 3 or greater", "Tap another untapped creature you
// control", "Tap two untapped creatures you control that each share a
// color with it", and the card itself from another zone: "Discard this card"
// ("from your hand" before 2004-10), "Exile this card from your
// graveyard", "Reveal this card from your hand". self is the name of the card whose cost it is. An error is
// a *CostError at the part not understood.
func ParseFullCost(text, self string) (FullCost, error) {
	var c FullCost
	off := 0
	isSelf := func(s string) bool {
		s = strings.ToLower(strings.TrimSpace(s))
		return s == strings.ToLower(self) || s == "~" || strings.HasPrefix(s, "this ") || s == "it"
	}
	for _, raw := range costSegments(text) {
		lead := len(raw) - len(strings.TrimLeft(raw, " "))
		t := strings.TrimSpace(raw)
		at := off + lead
		off += len(raw) + 1
		fail := func(format string, args ...any) (FullCost, error) {
			return FullCost{}, &CostError{Offset: at, Msg: fmt.Sprintf(format, args...)}
		}
		if t == "" {
			return fail("cost %q: an empty part", text)
		}
		if strings.HasPrefix(t, "{") {
			// Mana, {T} and {Q}, possibly together: "{1}{T}" is not
			// printed, but "{T}" and "{2}" are parts of their own.
			switch strings.ToUpper(t) {
			case "{T}":
				c.Parts = append(c.Parts, Part{Kind: Tap, Self: true, Text: "{T}"})
				continue
			case "{Q}":
				c.Parts = append(c.Parts, Part{Kind: Untap, Self: true, Text: "{Q}"})
				continue
			}
			m, err := ParseCost(t)
			if err != nil {
				ce := err.(*CostError)
				return FullCost{}, &CostError{Offset: at + ce.Offset, Msg: ce.Msg}
			}
			if c.Mana.IsSet() {
				return fail("cost %q: two mana parts", text)
			}
			c.Mana = m
			continue
		}
		p := Part{Text: t}
		lower := strings.ToLower(t)
		switch {
		case strings.HasPrefix(lower, "sacrifice "):
			p.Kind, p.N, p.From = Sacrifice, 1, Battlefield
			if rest := t[len("sacrifice "):]; isSelf(rest) {
				p.Self = true
			} else if m := reSacrifice().FindStringSubmatch(t); m != nil {
				p.N, _ = number(m[1])
				p.What = m[2]
			} else {
				return fail("unknown cost %q", t)
			}
		case strings.HasPrefix(lower, "discard "):
			if rest := strings.TrimSuffix(lower[len("discard "):], " from your hand"); rest == "this card" || rest == "~" {
				// "Discard this card" (cycling): the card itself, from
				// its owner's hand.
				p.Kind, p.N, p.Self, p.From = Discard, 1, true, Hand
				break
			}
			m := reDiscard().FindStringSubmatch(t)
			if m == nil {
				return fail("unknown cost %q", t)
			}
			p.Kind, p.From, p.What = Discard, Hand, m[2]
			p.N, _ = number(m[1])
		case strings.HasPrefix(lower, "exile "):
			if rest := lower[len("exile "):]; rest == "this card from your graveyard" || rest == "~ from your graveyard" {
				// "Exile this card from your graveyard" (scavenge,
				// embalm): the card itself, from its owner's graveyard.
				p.Kind, p.N, p.Self, p.From = ExileFrom, 1, true, Graveyard
				break
			}
			if rest := t[len("exile "):]; isSelf(rest) {
				p.Kind, p.N, p.Self, p.From = ExileFrom, 1, true, Battlefield
				break
			}
			m := reExile().FindStringSubmatch(t)
			if m == nil {
				return fail("unknown cost %q", t)
			}
			p.Kind, p.What = ExileFrom, m[2]
			p.N, _ = number(m[1])
			p.From, _ = ParseZone(m[3])
		case strings.HasPrefix(lower, "pay "):
			m := reLife().FindStringSubmatch(t)
			if m == nil {
				return fail("unknown cost %q", t)
			}
			p.Kind = PayLife
			p.N, _ = number(m[1])
		case strings.HasPrefix(lower, "remove ") || strings.HasPrefix(lower, "put "):
			m := reCounters().FindStringSubmatch(t)
			if m == nil || !isSelf(m[4]) {
				return fail("unknown cost %q (counters are removed from or put on the object itself)", t)
			}
			p.Kind, p.Self, p.What = RemoveCounters, true, m[3]
			if strings.EqualFold(m[1], "put") {
				p.Kind = PutCounters
			}
			p.N, _ = number(m[2])
		case strings.HasPrefix(lower, "return "):
			if rest, ok := strings.CutSuffix(t[len("return "):], " to its owner's hand"); ok && isSelf(rest) {
				p.Kind, p.N, p.Self, p.From = ReturnToHand, 1, true, Battlefield
				break
			}
			m := reReturn().FindStringSubmatch(t)
			if m == nil {
				return fail("unknown cost %q", t)
			}
			p.Kind, p.From, p.What = ReturnToHand, Battlefield, m[2]
			p.N, _ = number(m[1])
		case strings.HasPrefix(lower, "tap "):
			if m := reTapN().FindStringSubmatch(t); m != nil {
				// Conspire: "tap two untapped creatures you control that
				// each share a color with it"; station: "Tap another
				// untapped creature you control".
				p.Kind, p.From, p.What, p.Shares = TapUntapped, Battlefield, strings.ToLower(m[3]), m[4] != ""
				p.Other = strings.EqualFold(m[1], "another") || m[2] != ""
				if p.N = 1; !strings.EqualFold(m[1], "another") {
					p.N, _ = number(m[1])
				}
				break
			}
			// Crew: "Tap any number of other untapped creatures you
			// control with total power N or greater".
			m := reTapOthers().FindStringSubmatch(t)
			if m == nil {
				return fail("unknown cost %q", t)
			}
			p.Kind, p.From, p.What, p.Other = TapOthers, Battlefield, "creature", m[1] != ""
			p.N, _ = number(m[2])
			if m[3] != "" {
				// Harmonize's "tapping up to one untapped creature
				// you control": none, or one of any power.
				p.Max = 1
			}
		case strings.HasPrefix(lower, "reveal "):
			if rest, ok := strings.CutSuffix(t[len("reveal "):], " from your hand"); ok && isSelf(rest) {
				// "Reveal this card from your hand" (forecast): the card
				// itself, from its owner's hand.
				p.Kind, p.N, p.Self, p.From = Reveal, 1, true, Hand
				break
			}
			m := reReveal().FindStringSubmatch(t)
			if m == nil {
				return fail("unknown cost %q", t)
			}
			p.Kind, p.From, p.What = Reveal, Hand, m[2]
			p.N, _ = number(m[1])
		default:
			return fail("unknown cost %q", t)
		}
		c.Parts = append(c.Parts, p)
	}
	return c, nil
}

// costSegments splits a cost at its commas into parts, keeping a list
// of qualities together: a segment of one word that begins no part, or
// one led by "or" or "and" ("enchantment" and "or token" of "Sacrifice
// an artifact, enchantment, or token", bargain), continues the part
// before.
func costSegments(text string) []string {
	var out []string
	for _, raw := range strings.Split(text, ",") {
		t := strings.ToLower(strings.TrimSpace(raw))
		w, rest, _ := strings.Cut(t, " ")
		quality := w == "or" || w == "and" || rest == "" && w != "" && !strings.HasPrefix(w, "{") && !costVerbs[w]
		if len(out) > 0 && quality && !strings.HasPrefix(strings.TrimSpace(out[len(out)-1]), "{") {
			out[len(out)-1] += "," + raw
			continue
		}
		out = append(out, raw)
	}
	return out
}

// costVerbs are the words a non-mana cost part begins with.
var costVerbs = map[string]bool{"sacrifice": true, "discard": true, "exile": true, "pay": true, "remove": true, "put": true, "return": true, "tap": true, "reveal": true}

// An Activated is an activated ability printed on a card, or read from
// a keyword's definition: "Cost: Effect." with its restrictions.
// "Activate only as a sorcery." ("Play this ability only any time you
// could play a sorcery." before 2009) sets Sorcery; the other
// restrictions on its use are its Limits. From is the zone its object
// must be in: the hand for a cost that discards the card itself
// ("Discard this card"), the graveyard for one that exiles it from there,
// else the battlefield.
//
// Then are the instructions after the first, in order, for an effect of
// several sentences ("Return this card from your graveyard to the
// battlefield. It gains haste. Exile it at the beginning of the next end
// step.", unearth): "it" in them is the object the first returned, or
// the source. An effect that returns "this card from your graveyard" is
// activated from the graveyard.
type Activated struct {
	Cost    FullCost
	Effect  Effect
	Then    []Effect
	Sorcery bool
	Limits
	From Zone
	Text string
}

// Effects are the ability's instructions in order: Effect, then Then.
func (a *Activated) Effects() []Effect { return append([]Effect{a.Effect}, a.Then...) }

// Limits are the restrictions on an activated ability's use (602.5)
// besides its timing, each a condition of "Activate only …": "once each
// turn", "once" (exhaust, 702.177a), "if this creature attacked this
// turn" (boast, 702.142a), "during your upkeep". They apply to the
// object however its control changes (602.5b); a new object (400.7) is
// not bound by the old one's activations.
type Limits struct {
	OnceEachTurn bool
	Once         bool
	Attacked     bool
	Upkeep       bool
	// AttachedToCreature: "only if this permanent is attached to a
	// creature" (reconfigure's unattach ability, 702.151a).
	AttachedToCreature bool
}

// restrictionConds are the conditions of "Activate only …" the grammar
// reads, the longer of two alike first.
const restrictionConds = `if this permanent is attached to a creature|as a sorcery|any time you could (?:cast|play) a sorcery|once each turn|once|if this creature attacked this turn|during your upkeep|(?:if|when) this card is in your hand`

// reRestriction is the restriction sentence an activated ability's text
// ends with: "Activate only if this creature attacked this turn and only
// once each turn." ("Activate this ability only …" before 2021, "Play
// this ability only …" before 2009).
var (
	reRestriction     = lazyRegexp(`(?i)(?:^|\.)\s*(?:activate|play) (?:this ability )?only ((?:` + restrictionConds + `)(?:,? and (?:only )?(?:` + restrictionConds + `))*)\.?\s*$`)
	reRestrictionCond = lazyRegexp(`(?i)` + restrictionConds)
)

// cutRestrictions reads the restriction sentence body ends with into a
// and returns the text before it; body as it was when it ends with none.
func cutRestrictions(a *Activated, body string) string {
	m := reRestriction().FindStringSubmatchIndex(body)
	if m == nil {
		return body
	}
	for _, c := range reRestrictionCond().FindAllString(body[m[2]:m[3]], -1) {
		switch c = strings.ToLower(c); {
		case strings.Contains(c, "sorcery"):
			a.Sorcery = true
		case strings.Contains(c, "attached to a creature"):
			a.AttachedToCreature = true
		case c == "once each turn":
			a.OnceEachTurn = true
		case c == "once":
			a.Once = true
		case strings.Contains(c, "attacked"):
			a.Attacked = true
		case strings.Contains(c, "upkeep"):
			a.Upkeep = true
		case strings.Contains(c, "in your hand"):
			// Cycling from 1999 to 2002: "Play this ability only if
			// this card is in your hand" (its cost discards it from
			// there anyway).
			a.From = Hand
		}
	}
	return body[:m[0]]
}

// ParseRestrictions reads text that is only restrictions, "Activate
// only once." (a keyword's definition after its "[Effect]"), into a;
// an error when any of it is something else.
func ParseRestrictions(a *Activated, text string) error {
	if rest := cutRestrictions(a, text); strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), ".")) != "" {
		return &EffectError{Msg: fmt.Sprintf("%q is no restriction on an activated ability's use (\"Activate only …\")", strings.TrimSpace(text))}
	}
	return nil
}

// reActivated is where an activated ability's cost ends: the first ": "
// after a mana symbol or a cost word.
var reActivated = lazyRegexp(`(?i)^(?:\{|sacrifice |discard |exile |pay |remove |put |return |reveal |tap )[^:]*:\s`)

// IsActivated reports whether text is written as an activated ability,
// "COST: EFFECT".
func IsActivated(text string) bool { return reActivated().MatchString(strings.TrimSpace(text)) }

// ParseActivated reads an activated ability "COST: EFFECT." of the card
// named self (see ParseFullCost and ParseEffect). An error is a
// *CostError or an *EffectError at the part not understood, its Offset
// in bytes of text.
func ParseActivated(text, self string) (Activated, error) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	t := strings.TrimSpace(text)
	colon := strings.Index(t, ":")
	if colon < 0 {
		return Activated{}, &EffectError{Offset: lead, Msg: fmt.Sprintf("%q is not an activated ability (COST: EFFECT)", t)}
	}
	cost, err := ParseFullCost(t[:colon], self)
	if err != nil {
		ce := err.(*CostError)
		return Activated{}, &CostError{Offset: lead + ce.Offset, Msg: ce.Msg}
	}
	a, err := ParseActivatedEffect(cost, t[colon+1:], self)
	if err != nil {
		ee := err.(*EffectError)
		return Activated{}, &EffectError{Offset: lead + colon + 1 + ee.Offset, Msg: ee.Msg}
	}
	a.Text = t
	return a, nil
}

// ParseActivatedEffect reads what follows the colon of an activated
// ability whose cost is cost: its effect and its restrictions. A
// keyword's definition ("[Cost], Discard this card: Draw a card.") is
// read by it with the instance's cost, as card text is. An error is an
// *EffectError, its Offset in bytes of body.
func ParseActivatedEffect(cost FullCost, body, self string) (Activated, error) {
	a := Activated{Cost: cost, From: Battlefield, Text: cost.String() + ":" + body}
	for _, p := range cost.Parts {
		if p.Self && (p.Kind == Discard || p.Kind == ExileFrom) {
			a.From = p.From
		}
	}
	// The restrictions follow an effect: text that is nothing else is
	// an unknown effect below.
	if r := a; strings.TrimSpace(cutRestrictions(&r, body)) != "" {
		body = cutRestrictions(&a, body)
	}
	ef, err := ParseEffect(body)
	if err != nil {
		// An effect of several sentences, each of the effect table.
		if first, then, ok := sentences(body); ok {
			ef, err, a.Then = first, nil, then
		}
	}
	if b := strings.TrimSpace(body); err != nil && self != "" && len(b) > len(self) && strings.EqualFold(b[:len(self)+1], self+" ") {
		// "Shivan Dragon gets +1/+0 until end of turn": the card's
		// name is the source itself.
		if ef2, err2 := ParseEffect("this creature" + b[len(self):]); err2 == nil && (ef2.Verb == "continuous" || ef2.Verb == "pump") {
			ef, err = ef2, nil
			ef.Text = b
		}
	}
	if err == nil && self != "" {
		if err := CheckDamageSource(ef, self); err != nil {
			ee := err.(*EffectError)
			return Activated{}, &EffectError{Offset: len(body) - len(strings.TrimLeft(body, " ")) + ee.Offset, Msg: ee.Msg}
		}
	}
	if err != nil {
		ee := err.(*EffectError)
		return Activated{}, &EffectError{Offset: ee.Offset, Msg: fmt.Sprintf("unknown effect %q of an activated ability", strings.TrimSuffix(strings.TrimSpace(body), "."))}
	}
	for _, x := range append([]Effect{ef}, a.Then...) {
		if x.Verb == "static" || x.Verb == "increase" || x.Verb == "reduce" || x.Verb == "spendonly" || x.Verb == "morecounters" || x.Verb == "maxcounters" || x.Verb == "kickdamage" {
			return Activated{}, &EffectError{Offset: len(body) - len(strings.TrimLeft(body, " ")), Msg: fmt.Sprintf("%q is not an effect an activated ability can have", strings.TrimSpace(x.Text))}
		}
	}
	a.Effect = ef
	for _, x := range a.Effects() {
		if x.Verb == "reanimate" && x.Who == "this card" {
			// "Return this card from your graveyard …": it functions
			// while the card is there.
			a.From = Graveyard
		}
	}
	return a, nil
}

// sentences reads body as instructions of one sentence each, in order:
// the first, and those after it; false when one is outside the effect
// table.
func sentences(body string) (Effect, []Effect, bool) {
	var out []Effect
	for _, part := range strings.SplitAfter(strings.TrimSpace(body), ". ") {
		s := strings.TrimSuffix(strings.TrimSpace(part), ".")
		if s == "" {
			continue
		}
		e, err := ParseEffect(s)
		if err != nil {
			return Effect{}, nil, false
		}
		out = append(out, e)
	}
	if len(out) < 2 {
		return Effect{}, nil, false
	}
	return out[0], out[1:], true
}

var reAdditional = lazyRegexp(`(?i)^as an additional cost to (?:cast|play) (?:this spell|[^,]+), `)

// ParseAdditional reads a spell's additional cost as printed: "As an
// additional cost to cast this spell, sacrifice a creature." ("to play
// NAME" before 2009). It reports false when text is not one; an error
// is a *CostError at the part not understood.
func ParseAdditional(text, self string) (FullCost, bool, error) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	t := strings.TrimSpace(text)
	m := reAdditional().FindString(t)
	if m == "" {
		return FullCost{}, false, nil
	}
	c, err := ParseFullCost(strings.TrimSuffix(t[len(m):], "."), self)
	if err != nil {
		ce := err.(*CostError)
		return FullCost{}, true, &CostError{Offset: lead + len(m) + ce.Offset, Msg: ce.Msg}
	}
	return c, true, nil
}
