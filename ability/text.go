package ability

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// The grammar of triggered abilities, one for the rules' keyword
// definitions (compile.go) and for the card text of scenarios
// (ReadTriggered):
//
//	triggered = condition ", " ["if " cond ", "] effect ["." effect] ["."]
//	condition = ("When" | "Whenever") subject event
//	          | "When you" ("cast" | "play") "this spell"
//	          | ("When" | "Whenever") counters
//	          | "At the beginning of" ("your" | "each" | "each player's" | "the" | "the next") ("upkeep" | "end step")
//	          | "At the beginning of each combat" | "At the beginning of combat on your turn"
//	          | "At end of turn" | "At end of combat" ["on your turn"]
//	          | ("When" | "Whenever") "the last" KIND "counter is removed from" ("this permanent" | "this battle" | NAME)
//	subject   = "this creature" | "this permanent" | "this Equipment" | "it" | "CARDNAME" | NAME | "a creature with KEYWORD"
//	          | "a creature" | "another creature" | "a creature you control" | "another creature you control"
//	          | "a creature an opponent controls"
//	          | "you" | "an opponent" | "a player"
//	event     = (of an object) ("enters the battlefield" | "enters" | "comes into play") ["under your control"]
//	          | "dies" | "is put into a graveyard from" ("play" | "the battlefield")
//	          | (of "a creature") "is put into your graveyard from" ("play" | "the battlefield")
//	          | "leaves the battlefield" | "leaves play"
//	          | "attacks and isn't blocked" | "attacks alone" | "attacks the player with the most life or tied for most life"
//	          | "and at least one other creature with power greater than" ("this creature's" | "NAME's") "power attack"
//	          | "attacks" | "blocks or becomes blocked" | "blocks"
//	          | "becomes blocked by two or more creatures" | ("becomes" | "is") "blocked by a creature without KEYWORD"
//	          | "becomes blocked" | "deals combat damage to a player" | "deals damage" | "is dealt damage"
//	          | "becomes the target of a spell or ability" | "mutates" | "is turned face up"
//	          | (of a player) "cast(s) a spell" | "cast(s) a" ["non"] QUALITY "spell" | "play(s) a spell"
//	          | "draw(s) a card" | "discard(s) a card"
//	          | "gain(s) life" | "lose(s) life"
//	counters  = ("one or more" [KIND] "counters are" | "a" [KIND] "counter is") ("put" | "placed") ("on" | "onto") object
//	          | "you put one or more" [KIND] "counters on" object
//	object    = subject, a creature or the object itself
//	cond      = "it was kicked" | "it was bargained" | "its KEYWORD cost was paid" | "a KEYWORD cost was paid for it"
//	          | "you have N or less life" | "you have N or more life"
//	          | "a creature died this turn" | "you gained life this turn" | "it entered this turn"
//	          | "it was cast from your hand|graveyard" | "it isn't renowned" | … (historyConditions)
//	          | "it had no" KIND "counters on it" | "this permanent has a" KIND "counter on it"
//	          | "this permanent came under your control since the beginning of your last upkeep"
//	          | "this permanent is on the battlefield"
//	          | "that creature's power is greater than this creature's power and/or that creature's toughness is greater than this creature's toughness"
//	effect    = ["for each opponent other than defending player, "] ["you may " | ("if you do, " | "if you copy the spell, " | "if you reveal cards from your library this way, "
//	            | "if one or more tokens are created this way, ") | ("if you don't, " | "otherwise, ") | "if you can't, "] an effect of the effect table of card text (game.ParseEffect)
//
// NAME is the card's own name; a keyword's definition has no name and
// its N is the keyword's number.

// A Subject is whom a trigger condition watches: its own object (""),
// or any object or player of a kind.
type Subject string

// The subjects of trigger conditions other than the object itself.
const (
	Self               Subject = ""
	AnyCreature        Subject = "a creature"
	AnotherCreature    Subject = "another creature"
	CreatureYouControl Subject = "a creature you control"
	AnotherYours       Subject = "another creature you control"
	OpponentsCreature  Subject = "a creature an opponent controls"
	// IntoYourGraveyard is a creature put into the graveyard of the
	// trigger source's owner ("When a creature is put into your
	// graveyard from the battlefield", recover's, 702.59a).
	IntoYourGraveyard Subject = "a creature put into your graveyard"
	You               Subject = "you"
	AnOpponent        Subject = "an opponent"
	APlayer           Subject = "a player"
)

// OfPlayer reports whether s watches players rather than objects.
func (s Subject) OfPlayer() bool { return s == You || s == AnOpponent || s == APlayer }

// A Condition is an intervening "if" clause (603.4; 410.10 in 2006):
// checked as the event happens, and again as the ability resolves.
type Condition struct {
	Text string // as written: "you have 10 or less life"
	// Kind is "lifeatmost" or "lifeatleast" (the controller's life
	// against N), "thisturn" (an event of the turn's history: Event
	// happened to Who, "a creature", "a creature you control", "a source
	// you control", "you", "an opponent" or "it", the source), "castfrom" (the source was cast from zone From),
	// "undesignated" (the source doesn't have the designation Who
	// names: "it isn't renowned", 702.112a), "nocounters" (the source
	// had no Counter counters on it, as it last existed on the
	// battlefield: 603.10a), "hascounter" (the source has a Counter
	// counter on it: graft, 702.58a; vanishing, 702.63a), "xatleast"
	// (the X chosen for the spell the source was is at least N:
	// ravenous, 107.3m), "bigger" (the object the event happened to has
	// a greater power or toughness than the source), "sinceupkeep" (the
	// source came under its controller's control since the beginning of
	// their last upkeep), or "onbattlefield" (the source is on the
	// battlefield), "paid" (the cost Who names was paid to cast the
	// spell the source was: impending, 702.176a).
	Kind    string
	N       int
	Event   Event
	Who     string
	From    game.Zone
	Counter string
	// Shares and Subtype narrow a "thisturn" event to one whose object
	// had, as it happened, a creature type of the object the condition
	// is checked for ("had any of this spell's creature types", prowl),
	// or the creature type Subtype ("was an Assassin creature",
	// freerunning).
	Shares  bool
	Subtype string
	// And is a second condition that must hold too ("this permanent's
	// impending cost was paid and it has a time counter on it").
	And *Condition
}

// historyConditions are the conditions on the turn's history, built on
// first use.
var historyConditions = sync.OnceValue(func() map[string]Condition {
	return map[string]Condition{
		"a creature died this turn":              {Kind: "thisturn", Event: Dies, Who: "a creature"},
		"a creature you control died this turn":  {Kind: "thisturn", Event: Dies, Who: "a creature you control"},
		"you gained life this turn":              {Kind: "thisturn", Event: GainsLife, Who: "you"},
		"you lost life this turn":                {Kind: "thisturn", Event: LosesLife, Who: "you"},
		"an opponent lost life this turn":        {Kind: "thisturn", Event: LosesLife, Who: "an opponent"},
		"an opponent was dealt damage this turn": {Kind: "thisturn", Event: PlayerDealtDamage, Who: "an opponent"},
		"you cast a spell this turn":             {Kind: "thisturn", Event: Casts, Who: "you"},
		// Surge's (702.117a): the spell being cast is not cast yet, so any
		// spell cast this turn is another; a game of the engine has no
		// teams (810), so a player's teammates cast nothing.
		"you or one of your teammates has cast another spell this turn": {Kind: "thisturn", Event: Casts, Who: "you"},
		"you drew a card this turn":                                     {Kind: "thisturn", Event: Draws, Who: "you"},
		"you discarded this card this turn":                             {Kind: "thisturn", Event: Discards, Who: "it"},
		"you discarded it this turn":                                    {Kind: "thisturn", Event: Discards, Who: "it"},
		"it entered the battlefield this turn":                          {Kind: "thisturn", Event: Enters, Who: "it"},
		"it entered this turn":                                          {Kind: "thisturn", Event: Enters, Who: "it"},
		"it came into play this turn":                                   {Kind: "thisturn", Event: Enters, Who: "it"},
		"it was cast from your hand":                                    {Kind: "castfrom", From: game.Hand},
		"it was cast from your graveyard":                               {Kind: "castfrom", From: game.Graveyard},
		"it isn't renowned":                                             {Kind: "undesignated", Who: "renowned"},
		"it isn’t renowned":                                             {Kind: "undesignated", Who: "renowned"},
		"this creature isn't renowned":                                  {Kind: "undesignated", Who: "renowned"},
	}
})

// clause is a trigger condition read: the events, whom they watch, the
// intervening "if", and where in the text the effect begins.
type clause struct {
	on       []Event
	subject  Subject
	yours    bool   // "at the beginning of your upkeep"
	delayed  string // "at the beginning of the next end step": "end"
	without  string // "becomes blocked by a creature without flanking"
	min      int    // "by two or more creatures"
	cond     *Condition
	ifPaid   string  // "if its evoke cost was paid": "evoke"; "if it was kicked": "kicker"
	counter  string  // "one or more +1/+1 counters": "+1/+1"
	each     bool    // "a counter is put": once for each counter
	onto     Subject // "you put one or more counters on a creature": "a creature"
	spell    string  // "whenever you cast a noncreature spell": "noncreature"
	effectAt int
}

// objectEvents are the events of an object, longest wording first so
// that a prefix never hides a longer one.
var objectEvents = []struct {
	text string
	on   []Event
	min  int
}{
	{"enters the battlefield", []Event{Enters}, 0},
	{"comes into play", []Event{Enters}, 0},
	{"enters", []Event{Enters}, 0},
	{"dies", []Event{Dies}, 0},
	{"is put into a graveyard from play", []Event{Dies}, 0},
	{"is put into a graveyard from the battlefield", []Event{Dies}, 0},
	{"leaves the battlefield", []Event{Leaves}, 0},
	{"leaves play", []Event{Leaves}, 0},
	{"attacks and isn't blocked", []Event{AttacksUnblocked}, 0},
	{"attacks alone", []Event{AttacksAlone}, 0},                                                  // 702.83b
	{"attacks the player with the most life or tied for most life", []Event{AttacksMostLife}, 0}, // 702.105a
	{"attacks", []Event{Attacks}, 0},
	{"blocks or becomes blocked", []Event{Blocks, BecomesBlocked}, 0},
	{"blocks", []Event{Blocks}, 0},
	{"becomes blocked by two or more creatures", []Event{BecomesBlocked}, 2},
	{"becomes blocked", []Event{BecomesBlocked}, 0},
	{"deals combat damage to a player", []Event{DealsCombatDamage}, 0},
	{"deals damage", []Event{DealsDamage}, 0},
	{"is dealt damage", []Event{DealtDamage}, 0},
	{"becomes the target of a spell or ability", []Event{BecomesTarget}, 0},
	{"mutates", []Event{Mutates}, 0}, // 702.140d
	{"is turned face up", []Event{TurnedFaceUp}, 0},
}

// playerEvents are the events of a player: the verb as "you" and as
// "an opponent" write it.
var playerEvents = []struct {
	you, they string
	on        Event
}{
	{"cast a spell", "casts a spell", Casts},
	{"play a spell", "plays a spell", Casts}, // before 2009 (409.1 in 2006)
	{"draw a card", "draws a card", Draws},
	{"discard a card", "discards a card", Discards},
	{"gain life", "gains life", GainsLife},
	{"lose life", "loses life", LosesLife},
}

// A TextError is text outside the grammar: Offset is where, in bytes of
// the text read, the part not understood begins.
type TextError = game.EffectError

func textErr(at int, format string, args ...any) error {
	return &TextError{Offset: at, Msg: fmt.Sprintf(format, args...)}
}

// hasWord reports whether s begins with the words w, followed by the
// end, a space or a comma.
func hasWord(s, w string) bool {
	if !strings.HasPrefix(s, w) {
		return false
	}
	return len(s) == len(w) || s[len(w)] == ' ' || s[len(w)] == ','
}

// readClause reads the trigger condition at the start of t (trimmed),
// for the card named self ("" for a keyword's definition).
func readClause(t, self string) (clause, error) {
	low := strings.ToLower(t)
	var c clause
	at := 0
	skip := func(w string) bool {
		if hasWord(low[at:], w) {
			at += len(w)
			for at < len(low) && low[at] == ' ' {
				at++
			}
			return true
		}
		return false
	}
	comma := func() error {
		if !strings.HasPrefix(low[at:], ", ") && !strings.HasPrefix(low[at:], ",") {
			return textErr(at, "expected \", EFFECT\" after the trigger condition at %q", t[at:])
		}
		at++
		for at < len(low) && low[at] == ' ' {
			at++
		}
		return nil
	}
	switch {
	case skip("at the beginning of each combat"):
		// Every beginning of combat step, additional ones too.
		c.on = []Event{CombatBegins}
	case skip("at the beginning of combat on your turn"):
		c.on, c.yours = []Event{CombatBegins}, true
	case skip("at the beginning of"):
		start := at
		whose := ""
		for _, w := range []string{"each player's", "the next", "your", "each", "the"} {
			if skip(w) {
				whose = w
				break
			}
		}
		step := ""
		for _, w := range []string{"upkeep", "end step"} {
			if skip(w) {
				step = strings.TrimSuffix(w, " step")
			}
		}
		if whose == "" || step == "" {
			return c, textErr(start, "unknown step %q (known: \"At the beginning of your upkeep|each upkeep|your end step|each end step|the next end step, EFFECT\")", t[start:])
		}
		c.on = []Event{map[string]Event{"upkeep": UpkeepBegins, "end": EndStepBegins}[step]}
		switch whose {
		case "the next":
			c.delayed = step
		case "your":
			c.yours = true
		}
	case skip("at end of turn"):
		c.on = []Event{EndStepBegins}
	case skip("at end of combat on your turn"):
		// It triggers as the end of combat step begins (511.2 today,
		// 311.1 in 2006).
		c.on, c.yours = []Event{EndOfCombat}, true
	case skip("at end of combat"):
		c.on = []Event{EndOfCombat}
	case skip("whenever"), skip("when"):
		if w, ok := strings.CutPrefix(low[at:], "the last "); ok {
			if kind, _, ok := strings.Cut(w, " counter is removed from "); ok && kind != "" && !strings.Contains(kind, " ") {
				// A Siege's "When the last defense counter is removed
				// from this permanent" (310.11b); vanishing's "the last
				// time counter" (702.63a).
				skip("the last " + kind + " counter is removed from")
				if !skip("this permanent") && !skip("this battle") && (self == "" || !skip(strings.ToLower(self))) {
					return c, textErr(at, "expected \"this permanent\" or the card's name after \"the last %s counter is removed from\"", kind)
				}
				c.on = []Event{LastDefenseRemoved}
				if kind != "defense" {
					c.on, c.counter = []Event{LastCounterRemoved}, kind
				}
				break
			}
		}
		if skip("you cast this spell") || skip("you play this spell") {
			// A spell's own cast trigger (replicate, gravestorm): it
			// triggers as the spell becomes cast.
			c.on = []Event{Cast}
			break
		}
		if ok, err := c.readCounters(t, low, &at, self, skip); ok || err != nil {
			if err != nil {
				return c, err
			}
			break
		}
		if err := c.readSubject(t, low, &at, self, skip); err != nil {
			return c, err
		}
	default:
		return c, textErr(0, "unknown trigger %q (a triggered ability begins \"When\", \"Whenever\" or \"At\")", t)
	}
	if err := comma(); err != nil {
		return c, err
	}
	if skip("if") {
		start := at
		end := strings.Index(low[at:], ",")
		if end < 0 {
			return c, textErr(start, "expected \", EFFECT\" after the condition %q", t[start:])
		}
		if paid, ok := readIfPaid(low[at : at+end]); ok {
			c.ifPaid = paid
		} else if cond, ok := readCondition(t[at : at+end]); ok {
			c.cond = cond
		} else {
			return c, textErr(start, "unknown condition %q (known: \"if it was kicked\", \"if its KEYWORD cost was paid\", \"if you have N or less life\", \"if a creature died this turn\", \"if you gained life this turn\", \"if it was cast from your graveyard\", …)", t[at:at+end])
		}
		at += end
		if err := comma(); err != nil {
			return c, err
		}
	}
	c.effectAt = at
	return c, nil
}

// readSubject reads the subject and event of a "When"/"Whenever"
// condition at *at.
func (c *clause) readSubject(t, low string, at *int, self string, skip func(string) bool) error {
	start := *at
	switch {
	case skip("a creature with"):
		// "a creature with flanking": the creature with the keyword
		// defined, itself.
		if i := strings.IndexByte(low[*at:], ' '); i > 0 {
			*at += i + 1
		}
	case readObject(&c.subject, self, skip):
	case skip("you"):
		c.subject = You
	case skip("an opponent"):
		c.subject = AnOpponent
	case skip("a player"):
		c.subject = APlayer
	default:
		end := strings.IndexByte(t[start:], ',')
		if end < 0 {
			end = len(t) - start
		}
		return textErr(start, "unknown subject %q of a trigger (known: \"this creature\", \"this permanent\", %q, \"a creature\", \"another creature\", \"a creature you control\", \"you\", \"an opponent\", \"a player\")", t[start:start+end], self)
	}
	evAt := *at
	if c.subject.OfPlayer() {
		if q, ok := readCastQuality(low, at, c.subject == You); ok {
			// "Whenever you cast a noncreature spell" (702.108a).
			c.on, c.spell = []Event{Casts}, q
			return nil
		}
		for _, pe := range playerEvents {
			w := pe.they
			if c.subject == You {
				w = pe.you
			}
			if skip(w) {
				c.on = []Event{pe.on}
				return nil
			}
		}
	} else {
		for _, w := range []string{"becomes blocked by a creature without", "is blocked by a creature without"} {
			if skip(w) {
				end := strings.IndexAny(low[*at:], " ,")
				if end <= 0 {
					return textErr(*at, "expected a keyword after %q", w)
				}
				c.on, c.without = []Event{BecomesBlocked}, low[*at:*at+end]
				*at += end
				return nil
			}
		}
		if c.subject == AnyCreature && (skip("is put into your graveyard from the battlefield") || skip("is put into your graveyard from play")) {
			c.on, c.subject = []Event{Dies}, IntoYourGraveyard
			return nil
		}
		if readStronger(low, at, self) {
			c.on = []Event{AttacksWithStronger}
			return nil
		}
		for _, oe := range objectEvents {
			if skip(oe.text) {
				c.on, c.min = oe.on, oe.min
				if c.on[0] == Enters && skip("under your control") {
					// "a creature enters the battlefield under your
					// control", the wording before "a creature you
					// control enters" (2024-07-30).
					switch c.subject {
					case AnyCreature:
						c.subject = CreatureYouControl
					case AnotherCreature:
						c.subject = AnotherYours
					default:
						return textErr(evAt, "\"under your control\" follows \"a creature\" or \"another creature\"")
					}
				}
				return nil
			}
		}
	}
	end := strings.IndexByte(t[evAt:], ',')
	if end < 0 {
		end = len(t) - evAt
	}
	known := "enters the battlefield|comes into play, dies, leaves the battlefield, attacks, blocks, becomes blocked, deals combat damage to a player, deals damage, is dealt damage, becomes the target of a spell or ability"
	if c.subject.OfPlayer() {
		known = "cast a spell, draw a card, discard a card, gain life, lose life"
	}
	return textErr(evAt, "unknown event %q of a trigger (known: %s)", t[evAt:evAt+end], known)
}

// readObject reads the subject of a trigger that is an object into *s:
// the object itself (Self) or a creature of a kind.
func readObject(s *Subject, self string, skip func(string) bool) bool {
	switch {
	case skip("this creature"), skip("this permanent"), skip("this artifact"), skip("this enchantment"), skip("this equipment"), skip("cardname"):
	case self != "" && skip(strings.ToLower(self)):
	case skip("another creature you control"):
		*s = AnotherYours
	case skip("a creature you control"):
		*s = CreatureYouControl
	case skip("a creature an opponent controls"):
		*s = OpponentsCreature
	case skip("another creature"):
		*s = AnotherCreature
	case skip("a creature"):
		*s = AnyCreature
	case skip("it"):
	default:
		return false
	}
	return true
}

// readCounters reads a condition on counters being put (122.6) at *at:
// whose counters, of what kind ("" any), on what object. It reports
// false, reading nothing, when the condition is not about counters.
func (c *clause) readCounters(t, low string, at *int, self string, skip func(string) bool) (bool, error) {
	words := strings.Fields(low[*at:min(len(low), *at+60)])
	counterWord := func(i int) bool {
		return len(words) > i && strings.HasPrefix(words[i], "counter") || len(words) > i+1 && strings.HasPrefix(words[i+1], "counter")
	}
	player := false
	switch {
	case len(words) > 5 && strings.Join(words[:5], " ") == "you put one or more" && counterWord(5):
		player = true
		skip("you put one or more")
	case len(words) > 3 && strings.Join(words[:3], " ") == "one or more" && counterWord(3):
		skip("one or more")
	case len(words) > 1 && words[0] == "a" && counterWord(1):
		c.each = true
		skip("a")
	default:
		return false, nil
	}
	if w, _, _ := strings.Cut(low[*at:], " "); !strings.HasPrefix(w, "counter") {
		// The kind: "+1/+1", "lore".
		c.counter = w
		skip(w)
	}
	verb := map[bool]string{true: "counter is", false: "counters are"}[c.each]
	if player {
		verb = "counters"
	}
	// "placed" is the older cards' word (200.10c in 2008-07-15 to 121.6 in
	// 2016-11-11: a counter being "placed").
	if !skip(verb) || !player && !skip("put") && !skip("placed") {
		return true, textErr(*at, "expected %q at %q", verb+" put", t[*at:])
	}
	if !skip("onto") && !skip("on") {
		return true, textErr(*at, "expected \"on\" and the object the counters are put on at %q", t[*at:])
	}
	objAt := *at
	var s Subject
	if !readObject(&s, self, skip) || player && s == Self {
		end := strings.IndexByte(t[objAt:], ',')
		if end < 0 {
			end = len(t) - objAt
		}
		return true, textErr(objAt, "unknown object %q the counters are put on (known: \"this creature\", %q, \"a creature\", \"a creature you control\", \"another creature you control\"; after \"you put\", a creature)", t[objAt:objAt+end], self)
	}
	c.on = []Event{CountersPut}
	if player {
		c.subject, c.onto = You, s
	} else {
		c.subject = s
	}
	return true, nil
}

// readIfPaid reads an intervening "if" on how the source was cast: the
// word of the cost paid (see game.CostsPaid.WasPaid).
func readIfPaid(low string) (string, bool) {
	switch low {
	case "it was kicked":
		return "kicker", true // any cost that kicks
	case "it was bargained", "this spell was bargained":
		// Its bargain cost was paid (702.166b).
		return "bargain", true
	}
	if w, ok := strings.CutPrefix(low, "a "); ok {
		// "if a replicate cost was paid for it"
		if w, ok := strings.CutSuffix(w, " cost was paid for it"); ok && w != "" && !strings.Contains(w, " ") {
			return w, true
		}
	}
	if w, ok := strings.CutPrefix(low, "its "); ok {
		if w, ok := strings.CutSuffix(w, " cost was paid"); ok && w != "" && !strings.Contains(w, " ") {
			return w, true
		}
	}
	return "", false
}

// reDealtDamage reads a condition on the combat damage dealt to players
// this turn by a source its controller controlled, as that source was
// when it dealt the damage (prowl, 702.76a; freerunning, 702.173a): the
// source's kind, and what it had ("any of this spell's creature types")
// or was ("an Assassin creature"); a commander (903) is no object of a
// game the engine plays, so "or a commander" adds none.
var reDealtDamage = lazyRegexp(`^a player was dealt combat damage this turn by (a source|a creature) that, at the time it dealt that damage, was (?:under your control and had any of this spell's creature types|an? ([a-z-]+) creature or a commander under your control)$`)

// rePaidCondition reads a condition on the cost paid to cast the spell
// the source was: "this permanent's impending cost was paid", "this
// permanent was cast for its impending cost" (702.176a's wordings).
var rePaidCondition = lazyRegexp(`(?i)^(?:this permanent's ([\w-]+) cost was paid|this permanent was cast for its ([\w-]+) cost)$`)

// reUndesignated reads a condition that the source lacks a designation.
var reUndesignated = lazyRegexp(`(?i)^(?:it|this permanent|this creature) isn(?:'|’)t (renowned|monstrous|harnessed)$`)

var (
	reControlsNo = lazyRegexp(`(?i)^you don(?:'|’)t control an? ([A-Za-z]+) creature$`)
	reNotSubtype = lazyRegexp(`^it isn(?:'|’)t an? ([A-Z][A-Za-z]*)$`)
)

// readCondition reads an intervening "if" clause's condition.
func readCondition(s string) (*Condition, bool) {
	if m := rePaidCondition().FindStringSubmatch(strings.ReplaceAll(strings.TrimSpace(s), "’", "'")); m != nil {
		return &Condition{Text: strings.TrimSpace(s), Kind: "paid", Who: strings.ToLower(m[1] + m[2])}, true
	}
	if a, b, ok := strings.Cut(s, " and "); ok {
		// Two conditions, both of which must hold.
		c1, ok1 := readCondition(a)
		c2, ok2 := readCondition(b)
		if ok1 && ok2 && c1.And == nil {
			c1.Text, c1.And = strings.TrimSpace(s), c2
			return c1, true
		}
	}
	if c, ok := historyConditions()[strings.ToLower(strings.TrimSpace(s))]; ok {
		c.Text = strings.TrimSpace(s)
		return &c, true
	}
	if m := reUndesignated().FindStringSubmatch(strings.TrimSpace(s)); m != nil {
		// "this permanent isn't monstrous" (701.37a).
		return &Condition{Text: strings.TrimSpace(s), Kind: "undesignated", Who: strings.ToLower(m[1])}, true
	}
	if m := reControlsNo().FindStringSubmatch(strings.TrimSpace(s)); m != nil {
		// "you don't control an Army creature" (amass, 701.47a).
		return &Condition{Text: strings.TrimSpace(s), Kind: "controlsno", Subtype: m[1]}, true
	}
	if m := reNotSubtype().FindStringSubmatch(strings.TrimSpace(s)); m != nil {
		// "it isn't a [subtype]" (amass, 701.47a): the creature the
		// action chose.
		return &Condition{Text: strings.TrimSpace(s), Kind: "notsubtype", Subtype: m[1]}, true
	}
	if strings.EqualFold(strings.TrimSpace(s), "this permanent is on the battlefield") {
		// Cumulative upkeep's (702.24a).
		return &Condition{Text: strings.TrimSpace(s), Kind: "onbattlefield"}, true
	}
	if strings.EqualFold(strings.TrimSpace(s), "this permanent came under your control since the beginning of your last upkeep") {
		return &Condition{Text: strings.TrimSpace(s), Kind: "sinceupkeep"}, true
	}
	if m := reDealtDamage().FindStringSubmatch(strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "’", "'"))); m != nil {
		c := &Condition{Text: strings.TrimSpace(s), Kind: "thisturn", Event: DealsCombatDamage, Who: m[1] + " you control", Shares: m[2] == ""}
		if m[2] != "" {
			c.Subtype = strings.ToUpper(m[2][:1]) + m[2][1:]
		}
		return c, true
	}
	if strings.EqualFold(strings.ReplaceAll(strings.TrimSpace(s), "’", "'"), biggerCondition) {
		return &Condition{Text: strings.TrimSpace(s), Kind: "bigger"}, true
	}
	if kind, ok := readNoCounters(strings.ToLower(strings.TrimSpace(s))); ok {
		return &Condition{Text: strings.TrimSpace(s), Kind: "nocounters", Counter: kind}, true
	}
	var x int
	if k, err := fmt.Sscanf(strings.ToLower(strings.TrimSpace(s)), "x is %d or more", &x); err == nil && k == 1 && fmt.Sprintf("x is %d or more", x) == strings.ToLower(strings.TrimSpace(s)) {
		// Ravenous's "if X is 5 or more" (702.156a): the X chosen as its
		// spell was cast (107.3m).
		return &Condition{Text: strings.TrimSpace(s), Kind: "xatleast", N: x}, true
	}
	if kind, ok := readHasCounter(strings.ToLower(strings.TrimSpace(s))); ok {
		return &Condition{Text: strings.TrimSpace(s), Kind: "hascounter", Counter: kind}, true
	}
	var n int
	var more string
	if k, err := fmt.Sscanf(strings.ToLower(strings.TrimSpace(s)), "you have %d or %s life", &n, &more); err != nil || k != 2 {
		return nil, false
	}
	kind := map[string]string{"less": "lifeatmost", "fewer": "lifeatmost", "more": "lifeatleast"}[more]
	if kind == "" || fmt.Sprintf("you have %d or %s life", n, more) != strings.ToLower(strings.TrimSpace(s)) {
		return nil, false
	}
	return &Condition{Text: strings.TrimSpace(s), Kind: kind, N: n}, true
}

// biggerCondition compares the object an event happened to with the
// trigger's source (evolve, 702.100a): Kind "bigger".
const biggerCondition = "that creature's power is greater than this creature's power and/or that creature's toughness is greater than this creature's toughness"

// readHasCounter reads "this permanent has a KIND counter on it"
// (graft's "+1/+1"): the kind.
func readHasCounter(low string) (string, bool) {
	if w, ok := strings.CutPrefix(low, "there is at least one "); ok {
		// Impending's 2024 wording (702.176a).
		if kind, ok := strings.CutSuffix(w, " counter on it"); ok && kind != "" && !strings.Contains(kind, " ") {
			return kind, true
		}
	}
	for _, subj := range []string{"this permanent", "this creature", "it"} {
		if w, ok := strings.CutPrefix(low, subj+" has a "); ok {
			kind, ok := strings.CutSuffix(w, " counter on it")
			if ok && kind != "" && !strings.Contains(kind, " ") {
				return kind, true
			}
		}
	}
	return "", false
}

// readNoCounters reads "it had no KIND counters on it" (persist's
// "-1/-1", undying's "+1/+1") or "this permanent has no KIND counters on
// it" (adapt's, 701.46a): the kind.
func readNoCounters(low string) (string, bool) {
	w, ok := strings.CutPrefix(low, "it had no ")
	if !ok {
		w, ok = strings.CutPrefix(low, "this permanent has no ")
	}
	if !ok {
		return "", false
	}
	kind, ok := strings.CutSuffix(w, " counters on it")
	if !ok || kind == "" || strings.Contains(kind, " ") {
		return "", false
	}
	return kind, true
}

// readEffects reads the effect of a triggered ability, from t[at:]:
// sentences of the effect table of card text (game.ParseEffect), each
// optionally led by "you may" or, after one, "if you do,"; "Those tokens
// enter tapped and attacking" after a "create" is part of it. self is the
// card's name ("" in a keyword's definition).
func readEffects(t string, at int, self string) ([]sentence, error) {
	var out []sentence
	pos := at
	for _, part := range strings.SplitAfter(t[at:], ". ") {
		s := strings.TrimSuffix(strings.TrimSpace(part), ".")
		here := pos + len(part) - len(strings.TrimLeft(part, " "))
		pos += len(part)
		if s == "" {
			continue
		}
		may, otherwise, cant, done := false, false, false, false
		forEach := ""
		if w, ok := cutFold(s, "for each opponent other than defending player, "); ok {
			// Myriad's (702.116a): the instruction once for each of
			// those opponents, "that player".
			forEach, s, here = "opponent other than defending player", w, here+len(s)-len(w)
		}
		if w, ok := cutFold(s, "then "); ok {
			// "Then you may pay …" (702.24a): the order the sentences
			// are in.
			s, here = w, here+len("then ")
		}
		low := strings.ToLower(s)
		switch {
		case strings.HasPrefix(low, "if you can't, "), strings.HasPrefix(low, "if you can’t, "):
			// It happens when the instruction before it couldn't be
			// done.
			if len(out) == 0 {
				return nil, textErr(here, "\"if you can't\" follows no instruction at %q", s)
			}
			w := strings.IndexByte(s, ',') + 2
			cant, s, here = true, s[w:], here+w
		case strings.HasPrefix(low, "you may "):
			may, s, here = true, s[len("you may "):], here+len("you may ")
		case strings.HasPrefix(low, "if you do, "), strings.HasPrefix(low, "if you copy the spell, "), strings.HasPrefix(low, "if you reveal cards from your library this way, "),
			strings.HasPrefix(low, "if one or more tokens are created this way, "), strings.HasPrefix(low, "if you put one or more tokens onto the battlefield this way, "):
			// It follows the choice of the "you may" before it ("If you
			// copy the spell", demonstrate's; "If you reveal cards from your
			// library this way", ripple's; "If one or more tokens are
			// created this way", myriad's).
			if !slices.ContainsFunc(out, func(x sentence) bool { return x.may }) {
				return nil, textErr(here, "\"if you do\" follows no \"you may\" at %q", s)
			}
			w := strings.Index(low, ", ") + 2
			may, done, s, here = true, true, s[w:], here+w
		case strings.HasPrefix(low, "if you don't, "), strings.HasPrefix(low, "if you don’t, "), strings.HasPrefix(low, "otherwise, "),
			strings.HasPrefix(low, "if you don't cast it, "), strings.HasPrefix(low, "if you don’t cast it, "):
			// It happens when the "you may" before it was declined
			// (recover's "Otherwise, exile this card", 702.59a;
			// discover's "If you don't cast it, put that card into
			// your hand", 701.57a).
			w := len("if you don't, ")
			switch {
			case strings.HasPrefix(low, "if you don't cast it, "):
				w = len("if you don't cast it, ")
			case strings.HasPrefix(low, "if you don’t cast it, "):
				w = len("if you don’t cast it, ")
			case strings.HasPrefix(low, "if you don’t, "):
				w = len("if you don’t, ")
			case strings.HasPrefix(low, "otherwise, "):
				w = len("otherwise, ")
			}
			if !slices.ContainsFunc(out, func(x sentence) bool { return x.may }) {
				return nil, textErr(here, "\"if you don't\" follows no \"you may\" at %q", s)
			}
			otherwise, s, here = true, s[w:], here+w
		}
		if w := strings.ToLower(strings.NewReplacer("’", "'").Replace(s)); w == "until end of combat, you don't lose this mana as steps and phases end" && len(out) > 0 && out[len(out)-1].effect.Verb == "addmana" {
			// Firebending's (702.189a): the mana the sentence before
			// adds stays in the pool through the steps of combat.
			out[len(out)-1].effect.KeepCombat = true
			continue
		}
		if w := strings.ToLower(s); (w == "those tokens enter tapped and attacking" || w == "they enter tapped and attacking") && len(out) > 0 && out[len(out)-1].effect.Verb == "create" {
			// Mobilize's (702.181a): the tokens the sentence before
			// creates enter tapped and attacking.
			out[len(out)-1].effect.Tapped = true
			continue
		}
		e, err := game.ParseEffect(s)
		if err == nil && self != "" {
			err = game.CheckDamageSource(e, self)
		}
		if first, then, ok := strings.Cut(s, ", then "); err != nil && ok && !may && !cant && !otherwise {
			// Two instructions in one sentence, in order: "put an age
			// counter on this permanent, then sacrifice this permanent
			// unless you pay [cost] …" (502.13a in 2006).
			e1, err1 := game.ParseEffect(first)
			e2, err2 := game.ParseEffect(then)
			if err1 == nil && err2 == nil {
				out = append(out, sentence{effect: e1}, sentence{effect: e2})
				continue
			}
		}
		if err != nil {
			off := 0
			if ee, ok := err.(*game.EffectError); ok {
				off = ee.Offset
			}
			return nil, textErr(here+off, "unknown effect %q of a triggered ability", s)
		}
		if forEach != "" {
			e.For = forEach
		}
		out = append(out, sentence{effect: e, may: may, otherwise: otherwise, cant: cant, done: done})
	}
	if len(out) == 0 {
		return nil, textErr(at, "a triggered ability needs an effect after its condition")
	}
	return out, nil
}

// cutFold cuts prefix from s, case ignored.
func cutFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// ReadTriggered reads a triggered ability as card text prints it ("When
// NAME enters the battlefield, it deals 2 damage to any target",
// "Whenever this creature blocks or becomes blocked, it gets +1/+1 until
// end of turn", "At the beginning of your upkeep, you gain 1 life") on
// the card named self, by the grammar keyword definitions compile with;
// self is "" for a part of a keyword's definition ("When this permanent
// enters, if its evoke cost was paid, its controller sacrifices it").
// It reports false when text is not written as a triggered ability. An
// error is a *TextError at the part not understood, its Offset in bytes
// of text.
//
// A Saga's chapter abilities are read by ReadChapter: only a Saga has
// them, and "XX deals 1 damage" on a card named XX is not one.
func ReadTriggered(text, self string) (*Trigger, bool, error) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	t := strings.TrimSuffix(strings.TrimSpace(text), ".")
	low := strings.ToLower(t)
	if !hasWord(low, "when") && !hasWord(low, "whenever") && !hasWord(low, "at") {
		return nil, false, nil
	}
	shift := func(err error) error {
		ee := err.(*TextError)
		return &TextError{Offset: lead + ee.Offset, Msg: ee.Msg}
	}
	c, err := readClause(t, self)
	if err != nil {
		return nil, true, shift(err)
	}
	effects, err := readEffects(t, c.effectAt, self)
	if err != nil {
		return nil, true, shift(err)
	}
	tr := &Trigger{Base: Base{Note: t}, On: c.on, Subject: c.subject, Yours: c.yours, Delayed: c.delayed,
		Min: c.min, PerBlocker: c.without, If: c.cond, IfPaid: c.ifPaid, Counter: c.counter, PerCounter: c.each, Onto: c.onto, Spell: c.spell}
	tr.setEffects(effects, 0)
	return tr, true, nil
}

// A Saga's chapter ability (714.2): "I — EFFECT", "I, II — EFFECT", the
// Roman numerals before an em dash (or a hyphen). "{rN}—[Effect]" means
// "When one or more lore counters are put onto this Saga, if the number
// of lore counters on it was less than N and became at least N,
// [effect]" (714.2b); "{rN1}, {rN2}—[Effect]" is one for each (714.2c).
//
//	chapter = numeral {", " numeral} (" — " | "—" | " - ") effect

// ReadChapter reads text as a Saga's chapter ability ("I, II — EFFECT")
// on the card named self. It reports false when text does not begin
// with a chapter symbol; an error is a *TextError at the part not
// understood, its Offset in bytes of text.
func ReadChapter(text, self string) (*Trigger, bool, error) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	tr, ok, err := readChapter(strings.TrimSuffix(strings.TrimSpace(text), "."), self)
	if err != nil {
		ee := err.(*TextError)
		return nil, true, &TextError{Offset: lead + ee.Offset, Msg: ee.Msg}
	}
	return tr, ok, nil
}

// readChapter reads t as a chapter ability of the card named self: a
// trigger on lore counters being put on it, with its chapter numbers.
// It reports false when t does not begin with a chapter symbol.
func readChapter(t, self string) (*Trigger, bool, error) {
	at, end := 0, 0
	var chapters []int
	for {
		end = at
		for end < len(t) && strings.IndexByte("IVX", t[end]) >= 0 {
			end++
		}
		n := roman(t[at:end])
		if n == 0 {
			if len(chapters) == 0 {
				return nil, false, nil
			}
			return nil, true, textErr(at, "%q: expected a chapter number (I, II, III…)", t)
		}
		chapters = append(chapters, n)
		if !strings.HasPrefix(t[end:], ", ") {
			break
		}
		at = end + 2
	}
	rest := t[end:]
	dash := 0
	for _, d := range []string{" — ", "— ", " —", "—", " - "} {
		if strings.HasPrefix(rest, d) {
			dash = len(d)
			break
		}
	}
	if dash == 0 {
		if len(chapters) == 1 && end < len(t) && t[end] != ' ' {
			// A word that begins with I, V or X ("It deals …").
			return nil, false, nil
		}
		return nil, true, textErr(end, "%q: expected \" — EFFECT\" after the chapter numbers", t)
	}
	effects, err := readEffects(t, end+dash, self)
	if err != nil {
		return nil, true, err
	}
	tr := &Trigger{Base: Base{Note: t}, On: []Event{CountersPut}, Counter: "lore", Chapters: chapters}
	tr.setEffects(effects, 0)
	return tr, true, nil
}

// A dungeon's room (309.4): its name, an em dash (or a hyphen), the
// effect of its room ability, and the rooms its arrows point to, if any
// but the next one listed:
//
//	room = NAME (" — " | " - ") effect [(" → " | " -> ") NAME {", " NAME}]
//
// The ability is "When you move your venture marker into this room,
// [effect]" (309.4c).

// ReadRoom reads t as a room of the dungeon card named self: the room's
// name, the names its arrows point to (none written: nil), and its room
// ability. An error is a *TextError at the part not understood, its
// Offset in bytes of t.
func ReadRoom(t, self string) (name string, next []string, tr *Trigger, err error) {
	lead := len(t) - len(strings.TrimLeft(t, " \t"))
	body := strings.TrimRight(t, " \t")
	dash, dl := -1, 0
	for _, d := range []string{" — ", " - "} {
		if i := strings.Index(body, d); i > 0 && (dash < 0 || i < dash) {
			dash, dl = i, len(d)
		}
	}
	if dash < 0 || strings.TrimSpace(body[:dash]) == "" {
		return "", nil, nil, textErr(lead, "%q: a room is \"NAME — EFFECT\" (309.4)", strings.TrimSpace(t))
	}
	name = strings.TrimSpace(body[:dash])
	effAt := dash + dl
	eff := body[effAt:]
	for _, a := range []string{" → ", " -> "} {
		if i := strings.Index(eff, a); i >= 0 {
			at := effAt + i + len(a)
			for _, n := range strings.Split(body[at:], ",") {
				w := strings.TrimSpace(n)
				if w == "" {
					return "", nil, nil, textErr(at, "%q: expected a room's name after the arrow", strings.TrimSpace(t))
				}
				next = append(next, w)
				at += len(n) + 1
			}
			eff = eff[:i]
			break
		}
	}
	text := strings.TrimSuffix(strings.TrimSpace(eff), ".")
	effects, err := readEffects(body[:effAt]+text, effAt, self)
	if err != nil {
		return "", nil, nil, err
	}
	tr = &Trigger{Base: Base{Note: "When you move your venture marker into this room, " + text}, On: []Event{IntoRoom}}
	tr.setEffects(effects, 0)
	return name, next, tr, nil
}

// roman reads a Roman numeral from I to XX; 0 when s is not one.
func roman(s string) int {
	vals := map[byte]int{'I': 1, 'V': 5, 'X': 10}
	n := 0
	for i := 0; i < len(s); i++ {
		v := vals[s[i]]
		if i+1 < len(s) && vals[s[i+1]] > v {
			v = -v
		}
		n += v
	}
	if n <= 0 || n > 20 {
		return 0
	}
	return n
}

// effectTarget is the target an effect of card text asks for.
func effectTarget(e game.Effect) *Target {
	switch e.Target {
	case "any":
		return &Target{Text: "any target", Zone: game.Battlefield, Types: []string{"Creature"}, OrPlayer: true}
	case "creature":
		return &Target{Text: "target creature", Zone: game.Battlefield, Types: []string{"Creature"}}
	case "player":
		return &Target{Text: "target player", Player: true}
	case "opponent":
		return &Target{Text: "target opponent", Player: true, Opponent: true}
	case "attacking creature with power less than this creature's power":
		return &Target{Text: "target attacking creature with power less than this creature's power", Zone: game.Battlefield, Types: []string{"Creature"}, Attacking: true, Weaker: true}
	case "creature you don't control":
		return &Target{Text: "target creature you don't control", Zone: game.Battlefield, Types: []string{"Creature"}, Opponent: true}
	case "creature you control":
		return &Target{Text: "target creature you control", Zone: game.Battlefield, Types: []string{"Creature"}, Yours: true}
	case "creature defending player controls":
		return &Target{Text: "target creature defending player controls", Zone: game.Battlefield, Types: []string{"Creature"}, Opponent: true}
	case "graveyard card":
		return &Target{Text: fmt.Sprintf("target %s card with mana value %d or less in your graveyard", e.Name, e.N),
			Zone: game.Graveyard, Subtype: e.Name, MaxMV: e.N, HasMaxMV: true, Yours: true}
	}
	return nil
}

// PrintedText is the text of the card the trigger was read from: a
// game.Card keeps its triggered abilities as game.Printed values.
func (t *Trigger) PrintedText() string { return t.Note }

// setEffects gives a trigger the effects its text was read into, with
// the keyword's number n put in: its ops in order, and its target, the
// first effect's that has one.
func (tr *Trigger) setEffects(effects []sentence, n int) {
	for _, x := range effects {
		e := x.effect.Instance(n)
		if tr.Target == nil {
			tr.Target = effectTarget(e)
		}
		tr.Effects = append(tr.Effects, Op{Kind: "effect", Effect: e, May: x.may, Otherwise: x.otherwise, IfCant: x.cant, IfDone: x.done})
		if e.HasFrom && !slices.Contains(tr.Functions, e.From) {
			// An ability whose effect moves its object out of a zone
			// functions only in that zone (113.6m; 402.8g in 2006).
			tr.Functions = append(tr.Functions, e.From)
		}
	}
}
