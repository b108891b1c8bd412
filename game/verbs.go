package game

import (
	"fmt"
	"regexp"
	"slices"
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
//	put NUM KIND counter(s) on (OBJECT | each creature you control | a creature you control) · remove NUM KIND counter(s) from OBJECT
//	choose a [SUBTYPE] creature you control [with the least toughness or tied for least toughness among creatures you control]
//	  (bolster's, amass's: the creature "that creature" and "it" name after it)
//	(it | this creature | this permanent) endures NUM (a keyword action, 701.63a) · amass [SUBTYPES] NUM (701.47a)
//	it becomes a SUBTYPE in addition to its other types (amass's: the creature chosen) · forage (701.61a)
//	exile NUM cards from your graveyard or sacrifice a SUBTYPE (forage's)
//	(double | triple) (target creature's | its | this creature's) (power | toughness | power and toughness) [until end of turn]
//	  · (double | triple) your life total · (double | triple) the number of KIND counters on (target creature | target permanent
//	  | this creature | it) (keyword actions, 701.10, 701.11)
//	that permanent's controller creates an N/N DESC creature token unless they put NUM KIND counters on that permanent (endure's)
//	choose any number of permanents you control with one or more KIND counters on them and/or suspended cards you own in exile
//	  with one or more KIND counters on them and, for each of those objects, put a KIND counter on it or remove a KIND counter
//	  from it (time travel's)
//	choose a creature token you control and (create a token | put a token onto the battlefield) that's a copy of that creature token
//	  (populate's: the token's copiable values, 707.2)
//	choose any number of permanents and/or players that have a counter, then give each [exactly] one additional counter
//	  of (a | each) kind that permanent or player already has (proliferate's)
//	  (KIND one word, or "cumulative upkeep", the age counter's name in 2001-07-23, 502.13a)
//	move NUM KIND counter(s) from (this permanent | this creature) onto (that creature | target creature)
//	tap OBJECT · untap OBJECT · exile OBJECT · return OBJECT to its owner's hand
//	adapt NUM · monstrosity NUM · scry NUM · surveil NUM · fateseal NUM · bolster NUM · blight NUM · investigate · proliferate · populate · time travel
//	  (a keyword action: what its definition means, 701.46a, 701.37a, 701.22a, 701.25a, 701.29a, 701.39a, 701.68a, 701.16a, 701.34a,
//	  701.36a)
//	look at the top NUM cards of (your | an opponent's) library, then put any number of them on the bottom of (your | that) library
//	  | into your graveyard and the rest on top of (your | that) library in any order (scry's, surveil's and fateseal's definitions)
//	create NUM (Clue | Treasure | Food | Gold | Blood | Powerstone) token(s) (a predefined token, 111.10)
//	if that's another creature, it also gains the non-KEYWORD abilities of this creature printed below this one
//	  until end of turn (backup's: the keyword abilities printed after the first KEYWORD on the source)
//	OBJECT becomes (saddled | harnessed) [until end of turn] (a designation, 702.171b, 701.64a) · harness (this permanent | it)
//	  (a keyword action: what its definition means, 701.64a)
//	(transform | convert) (OBJECT | target permanent | that permanent | all SUBTYPEs) (keyword actions, 701.27a, 701.28a)
//	return this card from your graveyard to your hand · exile this card | remove this card from the game
//	  (the card with the ability, where it is; the first functions in the graveyard, 113.6m)
//	return (it | that card | this card from your graveyard) to the battlefield [under (its owner's | your) control] [tapped]
//	  (the card a dies or leaves trigger's source became; the ability's source)
//	(exile it | remove it from the game) (at the beginning of the next end step | at end of turn)
//	if it would leave the battlefield, exile it instead of putting it anywhere else
//	you gain X life if {C} was spent to cast this spell and X life if {C} was spent to cast it
//	deals damage equal to the sacrificed creature's power to (any target | target creature or player)
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
		// Damage as much as the power of the creature sacrificed to
		// cast the spell (Fling's).
		{lazyRegexp(`(?i)^(?:[^,]*\s)?deals? damage equal to the sacrificed creature(?:'|’)s power to (any target|target creature or player)$`), func(m []string) Effect {
			return Effect{Verb: "damage", Target: "any", SacrificedPower: true}
		}},
		{lazyRegexp(`(?i)^you gain ` + numWord + ` life if \{([WUBRG])\} was spent to cast this spell and (?:` + numWord + `) life if \{([WUBRG])\} was spent to cast it$`), func(m []string) Effect {
			e := Effect{Verb: "gain"}
			amount(&e, m[1])
			a, _ := ParseColor(colorWord[strings.ToUpper(m[2])])
			b, _ := ParseColor(colorWord[strings.ToUpper(m[4])])
			e.Spent = a | b
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
		{lazyRegexp(`(?i)^(adapt|monstrosity|scry|surveil|fateseal|bolster|blight|discover) ` + numWord + `$`), func(m []string) Effect {
			e := Effect{Verb: "action", Name: strings.ToUpper(m[1][:1]) + strings.ToLower(m[1][1:])}
			amount(&e, m[2])
			return e
		}},
		// Scry's and surveil's definitions (701.22a, 701.25a; 502.36a's
		// two sentences in 2004–2007): look at
		// the top N cards of your library, then put any number of them
		// on the bottom of it, or into your graveyard, and the rest on
		// top in any order; Name is where the cards chosen go, "bottom"
		// or "graveyard".
		// Fateseal's (701.29a): the top N cards of an opponent's library,
		// put back on the bottom or top of "that library" (Who "an
		// opponent"); "opponent?s" in 2008-05-01's text.
		{lazyRegexp(`(?i)^look at the top ` + numWord + ` cards of (your|an opponent(?:'|’|\?)s) library(?:,? (?:then )?|\. )put any number of them (on the bottom of (?:your|that) library|into your graveyard)(?: in any order)?,? and (?:put )?the rest on top of (?:your|that) library in any order$`), func(m []string) Effect {
			e := Effect{Verb: "arrange", Name: "bottom"}
			if strings.Contains(strings.ToLower(m[3]), "graveyard") {
				e.Name = "graveyard"
			}
			if !strings.EqualFold(m[2], "your") {
				e.Who = "an opponent"
			}
			amount(&e, m[1])
			return e
		}},
		// One with no number (701.16a: "“Investigate” means “Create a
		// Clue token.”").
		{lazyRegexp(`(?i)^(investigate|proliferate|populate|time travel|forage)$`), func(m []string) Effect {
			return Effect{Verb: "action", Name: titleWords(m[1])}
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
		// The creature an action chooses among those its controller
		// controls: bolster's "with the least toughness or tied for
		// least toughness among creatures you control" (701.39a), Name
		// "least toughness"; amass's "an Army creature you control"
		// (701.47a), Name the subtype. The instructions after it name
		// it "that creature" or "it".
		{lazyRegexp(`(?i)^choose an? (?:([a-z]+) )?creature you control( with the least toughness or tied for least toughness among creatures you control)?$`), func(m []string) Effect {
			e := Effect{Verb: "choose", Who: "creature you control"}
			switch {
			case m[2] != "":
				e.Name = "least toughness"
			case m[1] != "":
				e.Name = strings.ToUpper(m[1][:1]) + strings.ToLower(m[1][1:])
			}
			return e
		}},
		// "Amass Orcs 2" (701.47a; "amass 2" before 2023-10-13, and
		// errata's "amass Zombies N" since, 701.47d): Types holds the
		// subtype, singular.
		{lazyRegexp(`(?i)^amass (?:([a-z]+) )?` + numWord + `$`), func(m []string) Effect {
			e := Effect{Verb: "action", Name: "Amass"}
			if m[1] != "" {
				e.Types = []string{strings.ToUpper(m[1][:1]) + strings.TrimSuffix(strings.ToLower(m[1][1:]), "s")}
			}
			amount(&e, m[2])
			return e
		}},
		// A subtype the creature chosen gets (amass's "it becomes a
		// [subtype] in addition to its other types", 701.47a).
		{lazyRegexp(`^it becomes an? ([A-Z][A-Za-z]*) in addition to its other types$`), func(m []string) Effect {
			return Effect{Verb: "continuous", That: true, Who: "it", Cont: &Continuous{AddSubtypes: []string{m[1]}}}
		}},
		// Doubling and tripling (701.10, 701.11): N the factor, Name
		// what is multiplied, "power", "toughness", "power and
		// toughness", "life" or a kind of counters.
		{lazyRegexp(`(?i)^(double|triple) (target creature(?:'|’)s|its|this creature(?:'|’)s) (power and toughness|power|toughness)( until end of turn)?$`), func(m []string) Effect {
			e := Effect{Verb: "multiply", N: factor(m[1]), Name: strings.ToLower(m[3]), UntilEOT: m[4] != ""}
			if strings.HasPrefix(strings.ToLower(m[2]), "target") {
				e.Target = "creature"
			} else {
				e.Who = "this creature"
			}
			return e
		}},
		{lazyRegexp(`(?i)^(double|triple) your life total$`), func(m []string) Effect {
			return Effect{Verb: "multiply", N: factor(m[1]), Name: "life"}
		}},
		{lazyRegexp(`(?i)^(double|triple) the number of ([+-]\d+/[+-]\d+|[a-z]+) counters on (target creature|target permanent|this creature|it)$`), func(m []string) Effect {
			e := Effect{Verb: "multiply", N: factor(m[1]), Name: strings.ToLower(m[2]), Becomes: "counters"}
			switch w := strings.ToLower(m[3]); w {
			case "target creature":
				e.Target = "creature"
			case "target permanent":
				e.Target = "permanent"
			default:
				e.Who = "this creature"
			}
			return e
		}},
		// Forage's (701.61a): NUM cards exiled from the graveyard, or a
		// permanent of subtype Name sacrificed, the player's choice.
		{lazyRegexp(`(?i)^exile ` + numWord + ` cards from your graveyard or sacrifice an? ([a-z]+)$`), func(m []string) Effect {
			e := Effect{Verb: "exileorsacrifice", Name: strings.ToUpper(m[2][:1]) + strings.ToLower(m[2][1:])}
			amount(&e, m[1])
			return e
		}},
		// A permanent instructed to endure (701.63a): "it endures 2",
		// the ability's source.
		{lazyRegexp(`(?i)^(?:it|this creature|this permanent) (endure)s ` + numWord + `$`), func(m []string) Effect {
			e := Effect{Verb: "action", Name: "Endure"}
			amount(&e, m[2])
			return e
		}},
		// Endure's (701.63a): a token, unless the permanent's
		// controller puts counters on it (Name the token's description,
		// Becomes the kind of counters; `resolve; decline` declines to
		// put them).
		{lazyRegexp(`(?i)^that permanent(?:'|’)s controller creates an? (N|\d+)/(N|\d+) (.+?) creature token unless they put ` + numWord + ` ([+-]\d+/[+-]\d+) counters on that permanent$`), func(m []string) Effect {
			e := Effect{Verb: "createunless", Name: m[3], Becomes: m[5], Who: "that permanent"}
			e.setPT(m[1], m[2])
			amount(&e, m[4])
			return e
		}},
		// Time travel's (701.56a): each of the chosen permanents with
		// counters of kind Name gets one more or one fewer, its
		// controller's choice.
		{lazyRegexp(`(?i)^choose any number of permanents you control with one or more (\w+) counters on them and/or suspended cards you own in exile with one or more \w+ counters on them and, for each of those objects, put an? \w+ counter on it or remove an? \w+ counter from it$`), func(m []string) Effect {
			return Effect{Verb: "addorremove", Name: strings.ToLower(m[1])}
		}},
		// Populate's (701.36a; "put a token onto the battlefield that's
		// a copy …" until 2016-09-30, 701.27a): the creature token
		// chosen is copied (707.2: its copiable values).
		{lazyRegexp(`(?i)^choose a creature token you control and (?:create a token|put a token onto the battlefield) that(?:'|’)s a copy of that creature token$`), func(m []string) Effect {
			return Effect{Verb: "copychosen", Who: "creature token you control"}
		}},
		// Proliferate's (701.34a): the permanents and players chosen
		// get one more counter of each kind they have (Name "each
		// kind"), or, until 2019-01-25, "exactly one additional counter
		// of a kind" (Name "a kind", 701.26a).
		{lazyRegexp(`(?i)^choose any number of permanents and/or players that have a counter,? then give each (?:exactly )?one additional counter of (a|each) kind that permanent or player already has$`), func(m []string) Effect {
			return Effect{Verb: "givecounters", Name: strings.ToLower(m[1]) + " kind"}
		}},
		// "a creature you control": one its controller chooses (blight's,
		// 701.68a).
		{lazyRegexp(`(?i)^put ` + numWord + ` ([+-]\d+/[+-]\d+|cumulative upkeep|[a-z]+) counters? on (each creature you control|a creature you control|` + objectWords + `)$`), func(m []string) Effect {
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
		{lazyRegexp(`(?i)^` + objectWords + ` becomes (saddled|harnessed)( until end of turn)?$`), func(m []string) Effect {
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
		{lazyRegexp(`(?i)^harness (?:this permanent|it)$`), func(m []string) Effect {
			// A keyword action (701.64a): "Harness [this permanent]"
			// means what the revision's definition says, "If this
			// permanent isn't harnessed, it becomes harnessed".
			return Effect{Verb: "action", Name: "Harness"}
		}},
		{lazyRegexp(`(?i)^(transform|convert) (target permanent|that permanent|all (\w+)s|` + objectWords + `)$`), func(m []string) Effect {
			// The keyword actions transform and convert (701.27a,
			// 701.28a): the permanent turns over so that its other face
			// is up; "all Humans" (Moonmist's, 712.9) every permanent
			// of that subtype.
			e := Effect{Verb: strings.ToLower(m[1])}
			switch w := strings.ToLower(m[2]); {
			case w == "target permanent":
				e.Target = "permanent"
			case w == "that permanent":
				e.That = true
			case m[3] != "":
				e.Who, e.Name = "all", m[3]
			default:
				object(&e, w)
			}
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
	// Types and Supertypes are card types and supertypes "in addition
	// to its other types" ("except it's an enchantment in addition to
	// its other types", 707.9b).
	Types      []string
	Supertypes []string
}

// exceptWords are the exceptions of a token created as a copy the
// grammar reads.
const exceptWords = `it(?:'|’)s (?:white|blue|black|red|green)|it(?:'|’)s \d+/\d+|it has no mana cost|it(?:'|’)s an? [a-z]+(?: [a-z]+)* in addition to its other types`

var (
	reExceptSep  = lazyRegexp(`(?i),\s*(?:and\s+)?`)
	reExceptList = lazyRegexp(`(?i)^(?:` + exceptWords + `)(?:,? (?:and )?(?:` + exceptWords + `))*$`)
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
		for _, w := range strings.Fields(reExceptType().FindStringSubmatch(s)[1]) {
			w = strings.ToUpper(w[:1]) + w[1:]
			switch {
			case slices.Contains(cardTypes, w):
				x.Types = append(x.Types, w)
			case slices.Contains(supertypes, w):
				x.Supertypes = append(x.Supertypes, w)
			default:
				x.Subtypes = append(x.Subtypes, w)
			}
		}
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
		// Its colour in place of its own (105.2).
		t.Indicator, t.OnlyIndicator = x.Colors, true
	}
	if x.SetPT {
		t.Power, t.Toughness, t.HasPT = x.P, x.T, true
	}
	t.Subtypes = append(append([]string(nil), c.Subtypes...), x.Subtypes...)
	t.Types = union(c.Types, x.Types)
	t.Supertypes = union(c.Supertypes, x.Supertypes)
	return &t
}

// colorWord names the colour of a mana symbol's letter.
var colorWord = map[string]string{"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

// supertypes are the supertypes an exception can add.
var supertypes = []string{"Legendary", "Snow", "Basic", "World"}

// ParseCopyExcept reads the exceptions of a copy effect after its
// "except" ("it's 7/7", "it's a Shapeshifter Rogue in addition to its
// other types", "it's an enchantment in addition to its other types",
// joined by commas and "and"); false when one is none of exceptWords.
func ParseCopyExcept(s string) (*CopyExcept, bool) {
	if !reExceptList().MatchString(strings.TrimSpace(s)) {
		return nil, false
	}
	x := &CopyExcept{}
	for _, p := range reExceptSep().Split(strings.TrimSpace(s), -1) {
		x.read(strings.TrimSpace(p))
	}
	return x, true
}

// applyChars makes the exceptions part of the copiable values ch a copy
// effect gives (707.9b).
func (x *CopyExcept) applyChars(ch *Chars) {
	if x.NoManaCost {
		ch.Cost = Cost{}
	}
	if x.SetColors {
		ch.Colors = x.Colors
	}
	if x.SetPT {
		ch.Power, ch.Toughness, ch.HasPT, ch.NoDefinePT = x.P, x.T, true, true
	}
	ch.Types = union(ch.Types, x.Types)
	ch.Supertypes = union(ch.Supertypes, x.Supertypes)
	ch.Subtypes = union(ch.Subtypes, x.Subtypes)
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
	objectWords = `(target creature|target land you control|it|this creature|this permanent|that creature|each creature)`
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
	case "target land you control":
		// Awaken's (702.113a): a land its controller controls.
		e.Target = "land you control"
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

// factor is 2 for "double", 3 for "triple".
func factor(w string) int {
	if strings.EqualFold(w, "triple") {
		return 3
	}
	return 2
}

// titleWords writes each word of s with a capital ("time travel":
// "Time Travel").
func titleWords(s string) string {
	w := strings.Fields(strings.ToLower(s))
	for i, x := range w {
		w[i] = strings.ToUpper(x[:1]) + x[1:]
	}
	return strings.Join(w, " ")
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
