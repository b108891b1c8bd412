package game

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// The common verbs of card text, each with the subjects and numbers
// printed cards and the rules' keyword definitions give it:
//
//	NUM     = "a" | "an" | "one" … "ten" | DIGITS | "N" | "X"
//	PLAYERS = "you" | "each opponent" | "each player" | "target player" | "target opponent"
//	        | "defending player" | "that player"
//	OBJECT  = "target creature" | "it" | "this creature" | "this permanent" | "that creature" | "each creature"
//
//	[SOURCE] deals NUM damage to (any target | target creature or player | OBJECT | PLAYERS)
//	[PLAYERS] gain(s) NUM life · PLAYERS lose(s) NUM life
//	[PLAYERS] draw(s) NUM card(s) · [PLAYERS] mill(s) NUM card(s)
//	  · [PLAYERS] put(s) (the top NUM card(s) of | NUM card(s) from the top of) (your | their | his or her) library
//	    into (your | their | his or her) graveyard | hand (Name: the zone; mill's own definition, 701.17a)
//	put NUM KIND counter(s) on (OBJECT | each creature you control) · remove NUM KIND counter(s) from OBJECT
//	  (KIND one word, or "cumulative upkeep", the age counter's name in 2001-07-23, 502.13a)
//	move NUM KIND counter(s) from (this permanent | this creature) onto (that creature | target creature)
//	tap OBJECT · untap OBJECT · exile OBJECT · return OBJECT to its owner's hand
//	adapt NUM · monstrosity NUM · scry NUM · surveil NUM · investigate (a keyword action: what its definition means, 701.46a, 701.37a, 701.22a, 701.25a, 701.16a)
//	look at the top NUM cards of your library, then put any number of them on the bottom of your library | into your graveyard
//	  and the rest on top of your library in any order (scry's and surveil's definitions)
//	create NUM (Clue | Treasure | Food | Gold | Blood | Powerstone) token(s) (a predefined token, 111.10)
//	if that's another creature, it also gains the non-KEYWORD abilities of this creature printed below this one
//	  until end of turn (backup's: the keyword abilities printed after the first KEYWORD on the source)
//	OBJECT becomes saddled [until end of turn] (a designation, 702.171b) · harness (this permanent | it) (701.64a)
//	return this card from your graveyard to your hand · exile this card | remove this card from the game
//	  (the card with the ability, where it is; the first functions in the graveyard, 113.6m)
//	return (it | that card | this card from your graveyard) to the battlefield [under (its owner's | your) control] [tapped]
//	  (the card a dies or leaves trigger's source became; the ability's source)
//	(exile it | remove it from the game) (at the beginning of the next end step | at end of turn)
//	if it would leave the battlefield, exile it instead of putting it anywhere else
//	[for each opponent, ] create a token that's a copy of this card [that attacks that opponent this turn if able][, except EXCEPTION {, [and] EXCEPTION}] (707.9: the exceptions,
//	  "it's white", "it's 4/4", "it has no mana cost", "it's a Zombie in addition to its other types", are
//	  part of the token's copiable values)
//	create NUM P/T [COLOR [and COLOR]] SUBTYPE [artifact] creature token(s) [with KEYWORD [and KEYWORD]]
//	  [that's | that are] [tapped and attacking]
//	create a token that's a copy of (it | this creature | this permanent) [for each time its WORD cost was paid]
//	  [, except it's P/T]
//	create a token that's a copy of this creature that's tapped and attacking that player or a planeswalker they control
//	FIGHTER fights FOE · FIGHTER and FOE fight each other · have FIGHTER fight FOE (701.14a: each deals damage equal to its power to the other)
//	  (each "target creature [you control | you don't control | an opponent controls]", or "it" | "this creature": the source)
//	suspect OBJECT (701.60a) · OBJECT explores (701.44a) · OBJECT connives [NUM] (701.50a, 701.50e) · goad OBJECT (701.15a) · regenerate OBJECT (701.19a: a regeneration shield) · (it | they) can't be regenerated (of the destruction before it, 608.2c)
//
// N is a keyword's number (ByN), and so is "that many" in a keyword
// action's definition (the number of the action); X is a spell's; "it" is the object the
// instruction before targeted (That) or, with none, the source.
var verbPatterns = sync.OnceValue(func() []effectPattern {
	return []effectPattern{
		{lazyRegexp(`(?i)^(?:[^,]*\s)?deals? ` + numWord + ` damage to (any target|target creature or player|each creature|` + objectWords + `|` + playerWords + `)$`), func(m []string) Effect {
			e := Effect{Verb: "damage"}
			amount(&e, m[1])
			switch w := strings.ToLower(m[2]); w {
			case "any target", "target creature or player":
				e.Target = "any"
			case "each creature":
				e.Who = w
			default:
				if !object(&e, w) {
					players(&e, w)
				}
			}
			return e
		}},
		{lazyRegexp(`(?i)^(?:` + playerWords + ` )?gains? ` + numWord + ` life$`), func(m []string) Effect {
			e := Effect{Verb: "gain"}
			players(&e, m[1])
			amount(&e, m[2])
			return e
		}},
		// A keyword action named with its number ("Adapt 2"): what the
		// revision's own definition of the action means, done by the
		// engine (ability.CompileMeans, 701.46a).
		{lazyRegexp(`(?i)^(adapt|monstrosity|scry|surveil|discover) ` + numWord + `$`), func(m []string) Effect {
			e := Effect{Verb: "action", Name: strings.ToUpper(m[1][:1]) + strings.ToLower(m[1][1:])}
			amount(&e, m[2])
			return e
		}},
		// Scry's and surveil's definitions (701.22a, 701.25a): look at
		// the top N cards of your library, then put any number of them
		// on the bottom of it, or into your graveyard, and the rest on
		// top in any order; Name is where the cards chosen go, "bottom"
		// or "graveyard".
		{lazyRegexp(`(?i)^look at the top ` + numWord + ` cards of your library,? (?:then )?put any number of them (on the bottom of your library|into your graveyard)(?: in any order)?,? and (?:put )?the rest on top of your library in any order$`), func(m []string) Effect {
			e := Effect{Verb: "arrange", Name: "bottom"}
			if strings.Contains(strings.ToLower(m[2]), "graveyard") {
				e.Name = "graveyard"
			}
			amount(&e, m[1])
			return e
		}},
		// One with no number (701.16a: "“Investigate” means “Create a
		// Clue token.”").
		{lazyRegexp(`(?i)^(investigate)$`), func(m []string) Effect {
			return Effect{Verb: "action", Name: strings.ToUpper(m[1][:1]) + strings.ToLower(m[1][1:])}
		}},
		// Fight (701.14a): two creatures, each a target, the source or
		// the object the instruction before targeted; a target of the
		// subject is Target, a second one Other.
		{lazyRegexp(`(?i)^` + fightWords + ` fights ` + fightWords + `$`), func(m []string) Effect {
			return fightEffect(m[1], m[2])
		}},
		{lazyRegexp(`(?i)^(?:` + fightWords + ` and ` + fightWords + ` fight each other|have ` + fightWords + ` fight ` + fightWords + `)$`), func(m []string) Effect {
			if m[1] == "" {
				// "You may have it fight target creature you don't
				// control."
				return fightEffect(m[3], m[4])
			}
			return fightEffect(m[1], m[2])
		}},
		// Regenerate (701.19a): a regeneration shield on the permanent.
		{lazyRegexp(`(?i)^regenerate ` + objectWords + `$`), func(m []string) Effect {
			e := Effect{Verb: "regenerate"}
			object(&e, m[1])
			return e
		}},
		// Explore (701.44a): the permanent its controller reveals the
		// top card of their library for.
		{lazyRegexp(`(?i)^` + objectWords + ` explores$`), func(m []string) Effect {
			e := Effect{Verb: "explore"}
			object(&e, m[1])
			return e
		}},
		// Connive (701.50a), connive N (701.50e): the permanent's
		// controller draws N cards, then discards N.
		{lazyRegexp(`(?i)^` + objectWords + ` connives(?: ` + numWord + `)?$`), func(m []string) Effect {
			e := Effect{Verb: "connive", N: 1}
			object(&e, m[1])
			if m[2] != "" {
				amount(&e, m[2])
			}
			return e
		}},
		// Suspect (701.60a): the creature becomes suspected.
		{lazyRegexp(`(?i)^suspect ` + objectWords + `$`), func(m []string) Effect {
			e := Effect{Verb: "suspect"}
			object(&e, m[1])
			return e
		}},
		// Goad (701.15a): the creature is goaded by the instruction's
		// controller.
		{lazyRegexp(`(?i)^goad ` + objectWords + `$`), func(m []string) Effect {
			e := Effect{Verb: "goad"}
			object(&e, m[1])
			return e
		}},
		// Later text that modifies the destruction before it (608.2c):
		// the engine reads it with that instruction (NoRegen).
		{lazyRegexp(`(?i)^(?:it|they) can(?:'|’)t be regenerated$`), func(m []string) Effect {
			return Effect{Verb: "noregen", That: true}
		}},
		// A predefined token (111.10): its characteristics are those the
		// revision's rule gives it (PredefinedToken).
		// A token whose definition the instruction gives (investigate's
		// 2016–2021 wordings, 701.34a): "Create a colorless Clue artifact
		// token with ‘{2}, Sacrifice this artifact: Draw a card.’" (or
		// "Put … onto the battlefield", the ability in a sentence of its
		// own after it, "It has ‘…’", which ability.CompileMeans adds).
		{lazyRegexp(`(?i)^(?:create|put) an? colorless (\w+) artifact token(?: onto the battlefield)?(?: with [‘'"“](.+?)[’'"”])?$`), func(m []string) Effect {
			e := Effect{Verb: "predefined", N: 1, Name: m[1], Types: []string{"Artifact"}}
			if m[2] != "" {
				e.Abilities = []string{m[2]}
			}
			return e
		}},
		{lazyRegexp(`(?i)^create ` + numWord + ` (clue|treasure|food|gold|blood|powerstone) tokens?$`), func(m []string) Effect {
			e := Effect{Verb: "predefined", Name: strings.ToUpper(m[2][:1]) + strings.ToLower(m[2][1:])}
			amount(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^` + playerWords + ` loses? ` + numWord + ` life$`), func(m []string) Effect {
			e := Effect{Verb: "lose"}
			players(&e, m[1])
			amount(&e, m[2])
			return e
		}},
		{lazyRegexp(`(?i)^(?:` + playerWords + ` )?(draw|mill)s? ` + numWord + ` cards?$`), func(m []string) Effect {
			e := Effect{Verb: strings.ToLower(m[2])}
			players(&e, m[1])
			amount(&e, m[3])
			return e
		}},
		{lazyRegexp(`(?i)^(?:` + playerWords + ` )?puts? (?:the top ` + numWord + ` cards? of (?:your|their|his or her) library|` + numWord + ` cards? from the top of (?:your|their|his or her) library) into (?:your|their|his or her) (graveyard|hand)$`), func(m []string) Effect {
			e := Effect{Verb: "mill", Name: strings.ToLower(m[4])}
			players(&e, m[1])
			amount(&e, m[2]+m[3])
			return e
		}},
		{lazyRegexp(`(?i)^put ` + numWord + ` ([+-]\d+/[+-]\d+|cumulative upkeep|[a-z]+) counters? on (each creature you control|` + objectWords + `)$`), func(m []string) Effect {
			e := Effect{Verb: "putcounters", Name: strings.ToLower(m[2])}
			amount(&e, m[1])
			if w := strings.ToLower(m[3]); !object(&e, w) {
				e.Who = w
			}
			return e
		}},
		{lazyRegexp(`(?i)^move ` + numWord + ` ([+-]\d+/[+-]\d+|[a-z]+) counters? from (?:this permanent|this creature) onto (that creature|target creature)$`), func(m []string) Effect {
			// Graft (702.58a): from the source onto the creature the event
			// was about, or a target.
			e := Effect{Verb: "movecounters", Name: strings.ToLower(m[2])}
			amount(&e, m[1])
			if strings.EqualFold(m[3], "target creature") {
				e.Target = "creature"
			} else {
				e.Who = "that creature"
			}
			return e
		}},
		{lazyRegexp(`(?i)^remove ` + numWord + ` ([+-]\d+/[+-]\d+|[a-z]+) counters? from ` + objectWords + `$`), func(m []string) Effect {
			e := Effect{Verb: "removecounters", Name: strings.ToLower(m[2])}
			amount(&e, m[1])
			object(&e, m[3])
			return e
		}},
		{lazyRegexp(`(?i)^(tap|untap|exile) (target permanent|that permanent|` + objectWords + `)$`), func(m []string) Effect {
			e := Effect{Verb: strings.ToLower(m[1])}
			switch w := strings.ToLower(m[2]); w {
			case "target permanent":
				e.Target = "permanent"
			case "that permanent":
				e.That = true
			default:
				object(&e, w)
			}
			return e
		}},
		{lazyRegexp(`(?i)^` + objectWords + ` becomes (saddled)( until end of turn)?$`), func(m []string) Effect {
			// A designation (702.171b): Becomes names it.
			e := Effect{Verb: "designate", Becomes: strings.ToLower(m[2]), UntilEOT: m[3] != ""}
			object(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^if that(?:'|’)s another creature, it also gains the non-([a-z]+) abilities of this creature printed below this one until end of turn$`), func(m []string) Effect {
			// Backup's (702.165a): the creature the instruction before
			// targeted, unless it is the source.
			return Effect{Verb: "continuous", That: true, Cont: &Continuous{UntilEOT: true, GainBelow: strings.ToLower(m[1])}}
		}},
		{lazyRegexp(`(?i)^harness (this permanent|it)$`), func(m []string) Effect {
			// "Harness [this permanent]" means "If this permanent
			// isn't harnessed, it becomes harnessed" (701.64a).
			e := Effect{Verb: "designate", Becomes: "harnessed"}
			object(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^return this card from your graveyard to your hand$`), func(m []string) Effect {
			// Recover's (702.59a): the card with the ability, which
			// functions in the graveyard it moves the card out of.
			return Effect{Verb: "bounce", Who: "this card", From: Graveyard, HasFrom: true}
		}},
		{lazyRegexp(`(?i)^(?:exile this card|remove this card from the game)$`), func(m []string) Effect {
			// The card with the ability, where it is (recover's
			// "Otherwise, exile this card"; "remove … from the game"
			// before 2009-07-11).
			return Effect{Verb: "exile", Who: "this card"}
		}},
		{lazyRegexp(`(?i)^return ` + objectWords + ` to (?:its|their) owner's hand$`), func(m []string) Effect {
			e := Effect{Verb: "bounce"}
			object(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^return (it|that card|this card from your graveyard) to (?:the battlefield|play)(?: under (?:its owner's|your) control)?( tapped)?$`), func(m []string) Effect {
			// "This card from your graveyard" (unearth, 702.84a): the
			// ability's source, returned from there.
			who := strings.ToLower(m[1])
			if strings.HasPrefix(who, "this card") {
				who = "this card"
			}
			return Effect{Verb: "reanimate", Who: who, Tapped: m[2] != ""}
		}},
		// A delayed triggered ability the instruction creates (603.7):
		// "exile it at the beginning of the next end step" ("remove it
		// from the game at end of turn" before 2009-07-11).
		{lazyRegexp(`(?i)^(?:exile it|remove it from the game) (?:at the beginning of the next end step|at end of turn)$`), func(m []string) Effect {
			return Effect{Verb: "exile", Who: "it", Delayed: "end"}
		}},
		// A replacement effect the instruction creates (614.1a): the
		// object it names is exiled whatever way it would leave the
		// battlefield (unearth, 702.84a; "play" and "remove … from the
		// game" before 2009-07-11).
		{lazyRegexp(`(?i)^if it would leave (?:the battlefield|play), (?:exile it|remove it from the game) instead of putting it anywhere else$`), func(m []string) Effect {
			return Effect{Verb: "exileinstead", Who: "it", That: true}
		}},
		{lazyRegexp(`(?i)^create ` + numWord + ` (\d+|N|X)/(\d+|N|X) (?:((?:white|blue|black|red|green|colorless)(?: and (?:white|blue|black|red|green))?) )?([a-z]+(?: [a-z]+)*?) (artifact )?(?:creature )?tokens?(?: with ([a-z]+(?: [a-z]+)?(?: and [a-z]+(?: [a-z]+)?)?))?(?: (?:that's|that are))?( tapped and attacking)?$`), func(m []string) Effect {
			e := Effect{Verb: "create", Name: m[5], Tapped: m[8] != ""}
			amount(&e, m[1])
			e.setPT(m[2], m[3])
			if m[4] != "" {
				e.Colors, _ = ParseColor(m[4])
			}
			if m[6] != "" {
				e.Types = []string{"Artifact"}
			}
			if m[7] != "" {
				for _, k := range strings.Split(m[7], " and ") {
					e.Abilities = append(e.Abilities, keywordTitle(k))
				}
			}
			return e
		}},
		{lazyRegexp(`(?i)^(for each opponent, )?create a token that(?:'|’)s a copy of this card( that attacks that opponent this turn if able)?(?:, except ((?:` + exceptWords + `)(?:,? (?:and )?(?:` + exceptWords + `))*))?$`), func(m []string) Effect {
			// Encore's (702.141a): one token for each opponent, each
			// attacking that opponent this turn if able (508.1d).
			e := Effect{Verb: "copytoken", N: 1, Except: &CopyExcept{}, MustAttack: m[2] != ""}
			if m[1] != "" {
				e.For = "each opponent"
			}
			m = append(m[:1], m[3:]...)
			for _, x := range reExceptSep().Split(m[1], -1) {
				e.Except.read(strings.TrimSpace(x))
			}
			return e
		}},
		// A token that's a copy of the source (707.2: its copiable
		// values), one for each time a cost of Name was paid (squad), or
		// one "except it's P/T" (offspring; a P/T is part of the copiable
		// values then, 707.9b).
		{lazyRegexp(`(?i)^create (a|an|one|two|three|\d+) tokens? that(?:'s|’s| are) (?:a )?cop(?:y|ies) of (?:it|this creature|this permanent)(?: for each time its (\w+) cost was paid)?(?:, except (?:it's|it’s|they're|they’re) (\d+)/(\d+))?$`), func(m []string) Effect {
			e := Effect{Verb: "createcopy", Who: "it", Name: strings.ToLower(m[2])}
			amount(&e, m[1])
			if m[3] != "" {
				e.P, e.T = atoi(m[3]), atoi(m[4])
			}
			return e
		}},
		// A copy of the source that's tapped and attacking "that player"
		// (myriad's, 702.116a, after its "for each opponent other than
		// defending player"; "put … onto the battlefield tapped and
		// attacking" before 2016-09-30).
		{lazyRegexp(`(?i)^(?:create a token that(?:'s|’s) a copy of this creature that(?:'s|’s) tapped and attacking|put a token that(?:'s|’s) a copy of this creature onto the battlefield tapped and attacking) that player or a planeswalker (?:they control|he or she controls)$`), func(m []string) Effect {
			return Effect{Verb: "createcopy", Who: "that player", N: 1, Tapped: true}
		}},
		// What the common create above does not read: a token its
		// ability's source is attached to (", then attach this Equipment to
		// it", living weapon and its kin) and the wording before "create"
		// ("put … creature token onto the battlefield", 701.6 from
		// 2016-09-30). Name keeps the description; the engine reads its
		// colours, types and abilities (TokenCard).
		{lazyRegexp(`(?i)^(?:create (an?|N|X|\d+|two|three|four|five|six|seven|eight|nine|ten) (\d+)/(\d+) (.+?) (?:creature )?tokens?( with [a-z ,]+)?|put an? (\d+)/(\d+) (.+?) creature token onto the battlefield)(, then attach this equipment to it)?$`), func(m []string) Effect {
			e := Effect{Verb: "create", N: 1, Name: m[4] + m[5]}
			switch {
			case m[1] == "":
				// "put … onto the battlefield", the wording before
				// "create" (701.6 from 2016-09-30).
				m[2], m[3], e.Name = m[6], m[7], m[8]
			case strings.EqualFold(m[1], "N") || strings.EqualFold(m[1], "X"):
				e.ByN = NumN
			default:
				e.N = count(m[1])
			}
			e.P, e.T, e.Attach = atoi(m[2]), atoi(m[3]), m[9] != ""
			return e
		}},
	}
})

// A CopyExcept is what a token created as a copy has other than the
// copiable values of what it copies (707.9b): colours in place of its
// own, a base P/T, no mana cost, subtypes in addition to its own. They
// become part of the token's copiable values, which a copy of it copies.
type CopyExcept struct {
	Colors     Color
	SetColors  bool
	P, T       int
	SetPT      bool
	NoManaCost bool
	Subtypes   []string
}

// exceptWords are the exceptions of a token created as a copy the
// grammar reads.
const exceptWords = `it(?:'|’)s (?:white|blue|black|red|green)|it(?:'|’)s \d+/\d+|it has no mana cost|it(?:'|’)s an? [a-z]+(?: [a-z]+)* in addition to its other types`

var (
	reExceptSep  = lazyRegexp(`(?i),\s*(?:and\s+)?`)
	reExceptType = lazyRegexp(`(?i)^it(?:'|’)s an? ([a-z]+(?: [a-z]+)*) in addition to its other types$`)
	reExceptPT   = lazyRegexp(`(?i)^it(?:'|’)s (\d+)/(\d+)$`)
	reExceptCol  = lazyRegexp(`(?i)^it(?:'|’)s (white|blue|black|red|green)$`)
)

// read reads one exception of exceptWords into x.
func (x *CopyExcept) read(s string) {
	switch {
	case strings.EqualFold(s, "it has no mana cost"):
		x.NoManaCost = true
	case reExceptType().MatchString(s):
		x.Subtypes = append(x.Subtypes, strings.Fields(reExceptType().FindStringSubmatch(s)[1])...)
	case reExceptPT().MatchString(s):
		m := reExceptPT().FindStringSubmatch(s)
		x.P, x.T, x.SetPT = atoi(m[1]), atoi(m[2]), true
	case reExceptCol().MatchString(s):
		x.Colors, _ = ParseColor(reExceptCol().FindStringSubmatch(s)[1])
		x.SetColors = true
	}
}

// Apply returns a copy of c with the exceptions: the copiable values of
// a token created as a copy of c.
func (x *CopyExcept) Apply(c *Card) *Card {
	t := *c
	if x.NoManaCost {
		t.Cost = Cost{}
	}
	if x.SetColors {
		// Its colour in place of its own (a token with no mana cost,
		// as the definitions that give one have it: 105.2).
		t.Indicator = x.Colors
	}
	if x.SetPT {
		t.Power, t.Toughness, t.HasPT = x.P, x.T, true
	}
	t.Subtypes = append(append([]string(nil), c.Subtypes...), x.Subtypes...)
	return &t
}

// setPT sets the P/T an effect gives ("+N/+0", "N/N", "1/1"), each part
// the keyword's number where it is N or X.
func (e *Effect) setPT(p, t string) {
	var byP, byT bool
	e.P, byP = keywordNumber(p)
	e.T, byT = keywordNumber(t)
	if byP {
		e.ByN |= NumP
	}
	if byT {
		e.ByN |= NumT
	}
}

// An effectPattern is one entry of the effect table: a sentence's
// pattern and the Effect it reads into.
type effectPattern struct {
	re    func() *regexp.Regexp
	build func(m []string) Effect
}

const (
	numWord     = `(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|N|X|that many)`
	playerWords = `(you|each opponent|each player|target player|target opponent|defending player|that player)`
	objectWords = `(target creature|it|this creature|this permanent|that creature|each creature)`
)

// fightWords are the creatures a fight names (701.14a).
const fightWords = `(target creature you control|target creature you don't control|target creature you don’t control|target creature an opponent controls|target creature|it|this creature)`

// fightEffect reads a fight of creature a with creature b: the first
// of them that is a target is Target, the second Other; one that is not
// is the ability's source (Who: "it", "this creature").
func fightEffect(a, b string) Effect {
	e := Effect{Verb: "fight"}
	for _, w := range []string{strings.ToLower(a), strings.ToLower(b)} {
		kind, isTarget := strings.CutPrefix(strings.ReplaceAll(w, "’", "'"), "target ")
		if kind == "creature an opponent controls" {
			kind = "creature you don't control"
		}
		switch {
		case isTarget && e.Target == "":
			e.Target = kind
		case isTarget:
			e.Other = kind
		default:
			e.Who = w
		}
	}
	return e
}

// amount reads a number of NUM into e.N: digits or words, the spell's X,
// or the keyword's N.
func amount(e *Effect, s string) {
	switch {
	case strings.EqualFold(s, "X"):
		e.X = true
	case s == "N" || strings.EqualFold(s, "that many"):
		e.N, e.ByN = 1, e.ByN|NumN
	default:
		e.N = count(s)
	}
}

// players reads PLAYERS into e: a target, or whom Who names ("" for
// the controller).
func players(e *Effect, s string) {
	switch w := strings.ToLower(s); w {
	case "target player":
		e.Target = "player"
	case "target opponent":
		e.Target = "opponent"
	case "you", "":
	default:
		e.Who = w
	}
}

// object reads OBJECT into e; false when s is not one.
func object(e *Effect, s string) bool {
	switch w := strings.ToLower(s); w {
	case "target creature":
		e.Target = "creature"
	case "it", "that creature":
		// The object the instruction before targeted, or the source.
		e.That, e.Who = true, w
	case "this creature", "this permanent", "each creature":
		e.Who = w
	default:
		return false
	}
	return true
}

// keywordTitle writes a keyword as Keywords names it ("first strike":
// "First Strike").
func keywordTitle(k string) string {
	for name := range Keywords() {
		if strings.EqualFold(name, k) {
			return name
		}
	}
	return k
}

// rePredefined reads the rule of a predefined token (111.10f: "A Clue
// token is a colorless Clue artifact token with “{2}, Sacrifice this
// token: Draw a card.”"): its name, card type and ability.
var rePredefined = lazyRegexp(`(?i)^an? (\w+) token is a colorless (\w+) (artifact|enchantment) token with [“"](.+?)[”"]\.?$`)

// InlineToken returns the card of a colorless token of type typ (an
// artifact) and subtype name whose activated abilities an instruction
// gives (investigate's 2016–2021 wordings).
func InlineToken(name, typ string, abilities []string) (*Card, error) {
	c := &Card{Name: name, Types: []string{typ}, Subtypes: []string{name}}
	for _, t := range abilities {
		a, err := ParseActivated(t, name)
		if err != nil {
			return nil, fmt.Errorf("%s token: %q: %v", name, t, err)
		}
		c.Activated = append(c.Activated, a)
	}
	return c, nil
}

// PredefinedToken returns the card of a predefined token as the rule
// that defines it says (111.10): a colorless artifact or enchantment of
// the subtype its name is, with the activated ability quoted. An error
// says what the rule's words are that it doesn't read.
func PredefinedToken(rule string) (*Card, error) {
	m := rePredefined().FindStringSubmatch(strings.TrimSpace(rule))
	if m == nil {
		return nil, fmt.Errorf("no predefined token the grammar reads at %q", rule)
	}
	name := m[1]
	a, err := ParseActivated(m[4], name)
	if err != nil {
		return nil, fmt.Errorf("%s token: %q: %v", name, m[4], err)
	}
	c := &Card{Name: name, Types: []string{strings.ToUpper(m[3][:1]) + m[3][1:]}, Subtypes: []string{m[2]}, Activated: []Activated{a}}
	return c, nil
}
