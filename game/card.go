package game

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// A Card is a card's printed characteristics, as a scenario defines it.
// A split card has no characteristics of its own: Halves holds its two
// halves, each a Card with no Halves.
type Card struct {
	Name       string
	Cost       Cost
	Supertypes []string // "Legendary"
	Types      []string // "Creature", "Instant", ...
	Subtypes   []string // "Arcane", "Spirit"
	Power      int
	Toughness  int
	HasPT      bool
	// Loyalty is a planeswalker's printed loyalty.
	Loyalty int
	// Defense is a battle's printed defense (310.4a).
	Defense int
	// Indicator is the card's colour indicator (204, from 2011-09-30),
	// 0 for none: the card is its colours besides its mana cost's.
	Indicator Color
	// OnlyIndicator makes Indicator the card's colours in place of its
	// mana cost's: a copy made "except that the copy is red" (707.9b).
	OnlyIndicator bool
	// Abilities are the keyword abilities, in printed order.
	Abilities []Ability
	// Effects is the spell's text, in printed order; Modes the modes of a
	// modal spell ("Choose one — A • B"), each an effect. ModesMany is set
	// for "Choose one or more —"; ModeCosts are the costs printed before
	// the modes' effects ("+ {1} — A", "{2} — B", spree and tiered), one
	// for each mode, nil when none is.
	Effects   []Effect
	Modes     []Effect
	ModesMany bool
	ModeCosts []Cost
	// Additional is the additional cost printed on a spell ("As an
	// additional cost to cast this spell, sacrifice a creature.").
	Additional FullCost
	// Triggered are the card's printed triggered abilities ("When NAME
	// enters the battlefield, it deals 2 damage to any target"), as the
	// grammar of package ability reads them.
	Triggered []Printed
	// Statics are the card's printed static abilities the grammar of
	// package ability reads ("This creature can't be blocked except by
	// artifact creatures and/or black creatures").
	Statics []Printed
	// Activated are the card's printed activated abilities ("{2}, {T}:
	// Draw a card."), in printed order.
	Activated []Activated
	Halves    []*Card
	// Back is a double-faced card's back face (712; 711 until 2020):
	// a Card of its own characteristics, nil for a card with one face.
	// The card itself is its front face.
	Back *Card
	// Rooms are a dungeon card's rooms (309.4), topmost first and the
	// bottommost last.
	Rooms []Room
}

// A Room is one room of a dungeon card (309.4): its name (flavour text,
// 309.4b, but what a player names to choose a path), the rooms its
// arrows point to, by index in Card.Rooms, and its room ability (309.4c),
// read by the grammar of package ability. The bottommost room has no
// arrows.
type Room struct {
	Name    string
	Next    []int
	Ability Printed
}

// Is reports whether the card has the card type t (case ignored).
func (c *Card) Is(t string) bool { return hasFold(c.Types, t) }

// HasSubtype reports whether the card has subtype t (case ignored).
func (c *Card) HasSubtype(t string) bool { return hasFold(c.Subtypes, t) }

func hasFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// Keyword returns the card's instances of keyword name.
func (c *Card) Keyword(name string) []Ability {
	var out []Ability
	for _, a := range c.Abilities {
		if strings.EqualFold(a.Keyword, name) {
			out = append(out, a)
		}
	}
	return out
}

// A Printed is an ability of a card's text read by the grammar of
// package ability: the state keeps it with the card, the engine reads it
// through that package.
type Printed interface {
	// PrintedText is the ability's text as written.
	PrintedText() string
}

// An Ability is one keyword ability as printed on a card: its keyword
// and parameters.
type Ability struct {
	Keyword string // canonical name, as in Keywords
	N       int    // "Bushido 2"
	Cost    Cost   // "Flashback {1}{R}"
	// CostText is a cost that is not mana ("Splice onto Arcane—Exile
	// four cards from your graveyard").
	CostText string
	// Parts are the parts of CostText that are not mana, read by
	// ParseFullCost ("Pay 3 life"); its mana is in Cost.
	Parts []Part
	// Quality is the quality of the written form ("Arcane", "red",
	// "artifacts", "Goblin", "creature"), or "Sunburst" when sunburst
	// sets a keyword's number ("Modular—Sunburst"), or the ability a
	// max speed ability grants, as written ("Flying"), or the activated
	// ability after a boast, exhaust or forecast keyword's dash ("{1}{R}: This
	// creature deals 1 damage to any target.").
	Quality string
	Text    string // as written
	// At is, for a keyword printed among a spell's instructions ("Magma
	// Jet deals 2 damage to any target. Scry 2."), how many of its
	// Effects are printed before it: the keyword action it means is done
	// there (ability.Performs).
	At int
}

// BasicLandTypes are the basic land types (205.3i), the words a
// text-changing effect can change into one another.
var BasicLandTypes = []string{"Plains", "Island", "Swamp", "Mountain", "Forest"}

// BasicLandType returns the basic land type w names, in its printed
// case.
func BasicLandType(w string) (string, bool) {
	for _, lt := range BasicLandTypes {
		if strings.EqualFold(w, lt) {
			return lt, true
		}
	}
	return "", false
}

// landwalkQuality reads the "[type]" of "[type]walk" (702.14a), lower
// case: its land type capitalised ("snow Forest", "Swamp"), "land" for
// the card type; false when it is not one.
func landwalkQuality(w string) (string, bool) {
	words := strings.Fields(w)
	if len(words) == 0 {
		return "", false
	}
	last := words[len(words)-1]
	if lt, ok := BasicLandType(last); ok {
		last = lt
	} else if last != "land" || len(words) == 1 {
		return "", false
	}
	for _, q := range words[:len(words)-1] {
		q = strings.TrimPrefix(q, "non")
		q = strings.TrimPrefix(q, "-")
		if !slices.Contains([]string{"basic", "legendary", "snow", "snow-covered", "world", "artifact", "creature", "enchantment"}, q) {
			return "", false
		}
	}
	return strings.Join(append(words[:len(words)-1:len(words)-1], last), " "), true
}

// LandwalkLand tells whether land o is one a landwalk of quality q
// (landwalkQuality) names: of its land type, or a land, with each of its
// supertypes and card types, without each "non" one.
func LandwalkLand(o *Object, q string) bool {
	words := strings.Fields(q)
	if !o.Is("Land") || len(words) == 0 {
		return false
	}
	if last := words[len(words)-1]; last != "land" && !o.HasSubtype(last) {
		return false
	}
	for _, w := range words[:len(words)-1] {
		name, non := strings.CutPrefix(w, "non")
		name = strings.TrimPrefix(name, "-")
		has := o.HasSupertype(name) || o.Is(strings.ToUpper(name[:1])+name[1:])
		if name == "snow-covered" {
			// A snow-covered land: one with the snow-covered ability
			// (502.14a, 2001-07-23 to 2004-06-01), or the supertype
			// (205.4e from 2004-10-01).
			has = has || o.Has("Snow-Covered")
		}
		if has == non {
			return false
		}
	}
	return true
}

// A Param is the shape of a keyword's parameters in its written form.
type Param int

// Parameter shapes.
const (
	NoParam    Param = iota
	NParam           // Bushido N
	CostParam        // Flashback [cost]
	FromParam        // Protection from [quality]
	ForParam         // Affinity for [quality]
	QualParam        // Enchant [quality]
	OntoParam        // Splice onto [quality] [cost]
	PrefixQual       // [Quality] offering
	GrantParam       // Max speed — [ability]: the keyword ability granted, as written, in Quality
	NCostParam       // Reinforce N—[cost]
	ActParam         // Boast — [Cost]: [Effect]: the activated ability, as written, in Quality
	// OptCostParam is a cost the oldest cards did not print: "Echo"
	// (702.30b: an echo cost equal to the mana cost) or "Echo {2}{R}".
	OptCostParam
	// ProtoParam is a mana cost, power and toughness: "Prototype {1}{R}
	// — 3/2" (702.160a), the power and toughness in Quality.
	ProtoParam
	// OptNParam is a number the oldest cards did not print: "Hideaway"
	// (702.75b: fixed at four before 2022-04-29) or "Hideaway 4".
	OptNParam
)

// A TextChange is a text-changing effect (612) a spell makes on its own
// text as it is cast: every instance of the word From becomes To
// (overload's "replacing all instances of the word 'target' with the
// word 'each'"), a capital kept; with Brackets, all text within square
// brackets is removed instead (cleave's, 702.148a).
type TextChange struct {
	From, To string
	Brackets bool
}

var reBrackets = lazyRegexp(`\s*\[[^\]]*\]`)

// Apply returns text changed by c.
func (c TextChange) Apply(text string) string {
	if c.Brackets {
		return reBrackets().ReplaceAllString(text, "")
	}
	re := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(c.From) + `\b`)
	return re.ReplaceAllStringFunc(text, func(w string) string {
		if w[:1] != strings.ToLower(w[:1]) {
			return strings.ToUpper(c.To[:1]) + c.To[1:]
		}
		return c.To
	})
}

// Keywords returns the keyword abilities a scenario's card line can name,
// with the shape of their parameters. "Multikicker [cost]" is read as a
// Kicker whose Quality is "Multikicker" (a variant of kicker, 702.33c).
// It is built on first use, not at every process's start.
var Keywords = sync.OnceValue(func() map[string]Param {
	return map[string]Param{
		"Flying": NoParam, "First Strike": NoParam, "Double Strike": NoParam, "Deathtouch": NoParam,
		"Defender": NoParam, "Flash": NoParam, "Haste": NoParam, "Hexproof": NoParam,
		"Indestructible": NoParam, "Lifelink": NoParam, "Menace": NoParam, "Reach": NoParam,
		"Trample": NoParam, "Vigilance": NoParam, "Fear": NoParam, "Provoke": NoParam,
		"Changeling": NoParam, "Devoid": NoParam, "Start your engines!": NoParam, "Space Sculptor": NoParam,
		"Storm": NoParam, "Convoke": NoParam, "Epic": NoParam, "Sunburst": NoParam, "Flanking": NoParam,
		"Bushido": NParam, "Soulshift": NParam, "Modular": NParam, "Amplify": NParam, "Dredge": NParam,
		"Rampage": NParam, "Frenzy": NParam, "Poisonous": NParam,
		"Exalted": NoParam, "Battle Cry": NoParam, "Prowess": NoParam, "Dethrone": NoParam, "Training": NoParam, "Ingest": NoParam, "Mentor": NoParam,
		"Afflict": NParam, "Renown": NParam, "Annihilator": NParam,
		"Afterlife": NParam, "Fabricate": NParam, "Echo": OptCostParam, "Fading": NParam, "Vanishing": NParam,
		"Cumulative Upkeep": CostParam, "Recover": CostParam, "Firebending": NParam, "Backup": NParam, "Ascend": NoParam, "Scry": NParam, "Extort": NoParam, "Exploit": NoParam, "Champion": QualParam,
		"Persist": NoParam, "Undying": NoParam, "Living Weapon": NoParam, "For Mirrodin!": NoParam, "Job Select": NoParam, "Evolve": NoParam,
		"Flashback": CostParam, "Madness": CostParam, "Mutate": CostParam, "Morph": CostParam, "Entwine": CostParam, "Kicker": CostParam,
		"Ninjutsu": CostParam, "Evoke": CostParam, "Transmute": CostParam, "Equip": CostParam, "Ward": CostParam, "Buyback": CostParam,
		"Cycling": CostParam, "Fortify": CostParam, "Outlast": CostParam, "Reinforce": NCostParam, "Scavenge": CostParam, "Crew": NParam, "Saddle": NParam, "Station": NoParam,
		"Embalm": CostParam, "Eternalize": CostParam, "Transfigure": CostParam, "Aura Swap": CostParam,
		"Protection": FromParam, "Affinity": ForParam, "Enchant": QualParam,
		"Splice": OntoParam, "Offering": PrefixQual,
		"Escape": CostParam, "Spectacle": CostParam, "Surge": CostParam, "Retrace": NoParam, "Jump-Start": NoParam,
		"Max speed": GrantParam, "Threshold": GrantParam, "∞": GrantParam, "Boast": ActParam, "Exhaust": ActParam, "Forecast": ActParam,
		// Keywords with no effect of their own (502.14a, 502.49a).
		"Snow-Covered": NoParam, "Substance": NoParam,
		// Alternative costs read by the shape of package ability.
		"Prowl": CostParam, "Freerunning": CostParam, "Dash": CostParam, "Blitz": CostParam, "Emerge": CostParam, "Web-slinging": CostParam, "Overload": CostParam, "Cleave": CostParam, "Harmonize": CostParam, "Mayhem": CostParam, "Warp": CostParam,
		"Awaken": NCostParam, "Impending": NCostParam, "Gift": QualParam,
		// Additional costs, cost changes and cast triggers.
		"Split Second": NoParam, "Undaunted": NoParam, "Delve": NoParam, "Improvise": NoParam,
		"Replicate": CostParam, "Gravestorm": NoParam, "Casualty": NParam, "Conspire": NoParam, "Bargain": NoParam, "Squad": CostParam, "Offspring": CostParam, "Cascade": NoParam, "Rebound": NoParam, "Demonstrate": NoParam, "Ripple": NParam, "Escalate": CostParam, "Spree": NoParam, "Tiered": NoParam,
		// Evasion, damage and enters-with keywords.
		"Intimidate": NoParam, "Shroud": NoParam, "Shadow": NoParam, "Horsemanship": NoParam, "Skulk": NoParam,
		"Wither": NoParam, "Infect": NoParam, "Toxic": NParam, "Absorb": NParam, "Umbra Armor": NoParam, "Totem Armor": NoParam,
		// Enters-with statics and creature-combat keywords.
		"Decayed": NoParam, "Unleash": NoParam, "Riot": NoParam, "Graft": NParam, "Bloodthirst": NParam, "Ravenous": NoParam, "Mobilize": NParam, "Devour": NParam, "Tribute": NParam, "Compleated": NoParam,
		// Cast from exile later, and leaving the battlefield.
		"Unearth": CostParam, "Encore": CostParam, "Plot": CostParam, "Foretell": CostParam, "Miracle": CostParam, "Suspend": NCostParam, "Hideaway": OptNParam,
		// Keywords of games of more than two players.
		"Melee": NoParam, "Myriad": NoParam, "Assist": NoParam, "Enlist": NoParam,
		// Keywords of special card kinds (Vehicles, Sagas, levelers).
		"Living Metal": NoParam, "Read Ahead": NoParam, "Level Up": CostParam, "Reconfigure": CostParam, "Disguise": CostParam, "Prototype": ProtoParam, "Aftermath": NoParam, "Fuse": NoParam,
		// Keywords of double-faced cards.
		"Daybound": NoParam, "Nightbound": NoParam, "Disturb": CostParam, "More Than Meets the Eye": CostParam,
	}
})

// ParseAbility reads one keyword ability as written on a card: "Bushido
// 2", "Flashback {1}{R}", "Splice onto Arcane {1}{R}", "Splice onto
// Arcane—Exile four cards from your graveyard", "Protection from red",
// "Goblin offering", "Max speed — Flying", "Boast — {1}: Draw a card.".
// It reports false when text names no keyword.
func ParseAbility(text string) (Ability, bool, error) {
	t := strings.TrimSpace(text)
	lower := strings.ToLower(t)
	if strings.HasSuffix(lower, " offering") {
		return Ability{Keyword: "Offering", Quality: strings.TrimSpace(t[:len(t)-len(" offering")]), Text: t}, true, nil
	}
	if strings.HasPrefix(lower, "multikicker ") {
		// A variant of kicker, defined among its rules (702.33c).
		a := Ability{Keyword: "Kicker", Quality: "Multikicker", Text: t}
		if err := a.setCost(t[len("multikicker "):]); err != nil {
			return a, true, fmt.Errorf("%s: expected a cost after %q", t, "Multikicker")
		}
		return a, true, nil
	}
	if w, ok := strings.CutSuffix(lower, "walk"); ok {
		// Landwalk is written "[type]walk" (702.14a; 502.6a in 2006):
		// "Swampwalk" is landwalk for Swamps, "snow swampwalk" for snow
		// Swamps, "nonbasic landwalk" for lands that aren't basic
		// (702.14c): a land type, or the card type land, after any
		// supertypes and card types, each of them perhaps "non".
		if q, ok := landwalkQuality(w); ok {
			return Ability{Keyword: "Landwalk", Quality: q, Text: t}, true, nil
		}
	}
	best := ""
	for k := range Keywords() {
		lk := strings.ToLower(k)
		if (lower == lk || strings.HasPrefix(lower, lk+" ") || strings.HasPrefix(lower, lk+"—") || strings.HasPrefix(lower, lk+"-")) && len(k) > len(best) {
			best = k
		}
	}
	if best == "" {
		return Ability{}, false, nil
	}
	a := Ability{Keyword: best, Text: t}
	rest := strings.TrimSpace(t[len(best):])
	bad := func(want string) (Ability, bool, error) {
		return a, true, fmt.Errorf("%s: expected %s after %q", t, want, best)
	}
	switch Keywords()[best] {
	case NoParam:
		if rest != "" {
			return bad("nothing")
		}
	case OptNParam:
		if rest == "" {
			break
		}
		n, err := ParseNumber(rest, 0, MaxNumber)
		if err != nil {
			return bad(fmt.Sprintf("nothing or a number from 0 to %d", MaxNumber))
		}
		a.N = n
	case NParam:
		if v, ok := strings.CutPrefix(rest, "—"); ok && strings.EqualFold(strings.TrimSpace(v), "Sunburst") {
			// "Modular—Sunburst": sunburst sets the number (502.37c).
			a.Quality = "Sunburst"
			break
		}
		n, err := ParseNumber(rest, 0, MaxNumber)
		if err != nil {
			return bad(fmt.Sprintf("a number from 0 to %d", MaxNumber))
		}
		a.N = n
	case NCostParam:
		// "Reinforce 1—{1}{W}": the number, a dash, the cost.
		i := strings.IndexAny(rest, "—-")
		if i <= 0 {
			return bad("a number, a dash and a cost")
		}
		n, err := ParseNumber(strings.TrimSpace(rest[:i]), 0, MaxNumber)
		if err != nil {
			return bad(fmt.Sprintf("a number from 0 to %d", MaxNumber))
		}
		a.N = n
		c, err := ParseCost(strings.TrimSpace(strings.TrimLeft(rest[i:], "—-")))
		if err != nil || !c.IsSet() {
			return bad("a cost after the number")
		}
		a.Cost = c
	case ProtoParam:
		cost, size, ok := strings.Cut(rest, "—")
		if !ok {
			cost, size, ok = strings.Cut(rest, " - ")
		}
		if _, _, okPT := ParsePT(strings.TrimSpace(size)); !ok || !okPT {
			return bad("a mana cost, a dash and a power/toughness (\"{1}{R} — 3/2\")")
		}
		if err := a.setCost(strings.TrimSpace(cost)); err != nil {
			return bad("a mana cost")
		}
		a.Quality = strings.TrimSpace(size)
	case CostParam, OptCostParam:
		if rest == "" && Keywords()[best] == OptCostParam {
			break
		}
		if r, _ := utf8.DecodeRuneInString(rest); unicode.IsLetter(r) {
			// A sentence of card text that begins with the keyword's
			// word ("Echo Spark deals 1 damage …"), not the keyword.
			return Ability{}, false, nil
		}
		if err := a.setCost(rest); err != nil {
			var ce *CostError
			if errors.As(err, &ce) {
				return a, true, fmt.Errorf("%s: %s", t, ce.Msg)
			}
			return bad("a cost")
		}
	case FromParam, ForParam, QualParam:
		word := map[Param]string{FromParam: "from ", ForParam: "for ", QualParam: ""}[Keywords()[best]]
		if !strings.HasPrefix(strings.ToLower(rest), word) || len(rest) == len(word) {
			return bad(`"` + word + `[quality]"`)
		}
		a.Quality = strings.TrimSpace(rest[len(word):])
	case GrantParam:
		// "Max speed — Flying": the ability it grants (702.178a), a
		// keyword ability of its own.
		g, ok := strings.CutPrefix(rest, "—")
		if !ok {
			g, ok = strings.CutPrefix(rest, "-")
		}
		g = strings.TrimSpace(g)
		if !ok || g == "" {
			return bad(`"— [ability]"`)
		}
		if inner, isKw, err := ParseAbility(g); err != nil || !isKw || Keywords()[inner.Keyword] == GrantParam {
			return bad("a keyword ability after the dash")
		}
		a.Quality = g
	case ActParam:
		// "Boast — {1}{R}: …": an activated ability of card text after
		// the dash (702.142a, 702.177a).
		g, ok := strings.CutPrefix(rest, "—")
		if !ok {
			g, ok = strings.CutPrefix(rest, "-")
		}
		g = strings.TrimSpace(g)
		if !ok || !IsActivated(g) {
			return bad(`"— [Cost]: [Effect]"`)
		}
		if _, err := ParseActivated(g, ""); err != nil {
			return a, true, fmt.Errorf("%s: %v", t, err)
		}
		a.Quality = g
	case OntoParam:
		if !strings.HasPrefix(strings.ToLower(rest), "onto ") {
			return bad(`"onto [quality] [cost]"`)
		}
		rest = strings.TrimSpace(rest[len("onto "):])
		i := strings.IndexAny(rest, "{—-")
		if i <= 0 {
			return bad("a quality and a cost")
		}
		a.Quality = strings.TrimSpace(rest[:i])
		if err := a.setCost(rest[i:]); err != nil {
			return bad("a cost")
		}
	}
	return a, true, nil
}

// setCost reads a mana cost or, after a dash, a cost in words.
func (a *Ability) setCost(s string) error {
	s = strings.TrimSpace(s)
	for _, dash := range []string{"—", "-"} {
		if t, ok := strings.CutPrefix(s, dash); ok {
			// "Ward—Pay 3 life": a cost in words, read by the one
			// cost model.
			a.CostText = strings.TrimSpace(t)
			fc, err := ParseFullCost(a.CostText, "")
			if err != nil {
				return err
			}
			a.Cost, a.Parts = fc.Mana, fc.Parts
			return nil
		}
	}
	if m := reEitherSymbol().FindStringSubmatch(s); m != nil {
		// "Cumulative upkeep {W} or {U}" (702.24-example-1): each time
		// the cost is paid, {W} or {U}, as a hybrid symbol is paid
		// (Symbol.Either, in revisions with no hybrid symbols too);
		// CostText keeps the words.
		c, err := ParseCost("{" + m[1] + "/" + m[2] + "}")
		if err != nil {
			return fmt.Errorf("bad cost %q", s)
		}
		c.Symbols[0].Either = true
		a.Cost, a.CostText = c, s
		return nil
	}
	c, err := ParseCost(s)
	if err != nil || !c.IsSet() {
		return fmt.Errorf("bad cost %q", s)
	}
	a.Cost = c
	return nil
}

// reEitherSymbol is a cost of one coloured symbol or another: "{W} or {U}".
var reEitherSymbol = lazyRegexp(`^\{([WUBRG])\} or \{([WUBRG])\}$`)

// An Effect is one instruction of a spell's text, in a small vocabulary:
//
//	the common verbs (deal damage, gain and lose life, draw, mill, counters, tap, untap, exile,
//	  return to hand, create tokens) with their subjects and numbers: see verbPatterns (verbs.go)
//	venture into the dungeon (701.46 to 2025-04-04, 701.49 after) | venture into Undercity (701.46d, from 2022-06-10: Name "Undercity")
//	[you] take the initiative (725, from 2022-06-10)
//	destroy target creature | destroy target land | counter target spell
//	you may exchange this permanent with an Aura card in your hand (aura swap: `resolve; exchange CARD`)
//	search your library for a [QUALITY] card with the same mana value | converted mana cost as this permanent
//	  and put it onto the battlefield | into play. Then shuffle your library (transfigure: `resolve; search CARD`)
//	put N KIND counters on target creature | this creature | this permanent
//	put a number of KIND counters equal to the power of the card you exiled on target creature (scavenge)
//	put a number of KIND counters on this permanent equal to the tapped creature's power (station)
//	attach this permanent | Equipment | Fortification to [another] target creature | land you control
//	  (equip, fortify, reconfigure) | move this Equipment onto target creature you control (equip to 2005)
//	copy target creature spell | copy target permanent spell | copy target Aura spell
//	  | copy target instant or sorcery spell [, except that the copy is COLOR] · destroy target non-Aura enchantment
//	reveal the top N cards of your library, or, if there are fewer than N cards in your library, you may reveal
//	  all the cards in your library · you may cast any of those cards with the same name as this spell without
//	  paying their mana costs, then put all revealed cards not cast this way on the bottom of your library in
//	  any order (ripple)
//	copy it and you may choose new targets for the copy · choose an opponent · that player copies the spell
//	  and may choose new targets for that copy (demonstrate)
//	exile cards from the top of your library until you exile a nonland card whose mana value is less than
//	  this spell's mana value · [you may] cast that card without paying its mana cost [if the resulting
//	  spell's mana value is less than this spell's mana value] · then put all cards exiled this way that
//	  weren't cast on the bottom of your library in a random order (cascade; "remove … from the game",
//	  "converted mana cost" and "play" in the older wordings)
//	create a P/T [COLOR] SUBTYPES [creature] token [, then attach this Equipment to it] (a triggered
//	  ability's: its source is attached to the token; "put … creature token onto the battlefield" before 2016)
//	a continuous effect: SUBJECT PREDICATE [and PREDICATE]… [until end of turn]
//	  ("target creature gets +3/+3 until end of turn", "equipped creature
//	  gets +2/+0", "creatures you control get +1/+1", "enchanted creature
//	  loses flying", "target permanent becomes an artifact in addition to
//	  its other types"; see parseContinuous), static on a permanent
//	[QUALITY] spells [you cast] cost {N} more | less to cast (static):
//	  "noncreature spells", "black spells and green spells"
//	spend only snow mana | mana produced by snow sources on X (a restriction of
//	  the spell's own payment)
//	if one or more +1/+1 counters would be put on a creature you control,
//	  that many plus N | twice that many +1/+1 counters are put on it instead (static)
//	if this spell was kicked | bargained | if the kicker cost was paid, it deals N damage instead
//	this creature enters with a +1/+1 counter on it for each time it was kicked (static)
//	this creature | NAME can't have more than N KIND counters on it (static, 704.5r: N in words up to ten, or digits)
//	its controller sacrifices it | sacrifice it | this creature | this permanent | the permanent (a triggered ability's, of its source)
//	that creature | each other attacking creature gets +N/+N until end of turn (a triggered ability's)
//	sacrifice it unless you pay COST | [cost] | its mana cost [for each KIND counter on it] (a triggered ability's, of its source)
//	pay COST | [cost] [for each KIND counter on it] (after "you may": what "if you do" asks)
//	sacrifice it unless you exile another OBJECT | [object] you control (the card exiled linked to the source, 607)
//	return the exiled card to the battlefield under its owner's control (the card linked to the source)
//	each opponent loses N life and you gain life equal to the total life lost this way
//	put N KIND counters on this creature | it [and it becomes renowned | monstrous]
//	defending player | that player loses N life · that player exiles the top card of their library
//	defending player sacrifices N permanents · sacrifice N creatures | permanents (chosen as it resolves)
//	put a +1/+1 counter on target attacking creature with power less than this creature's power
//	it | this creature | the blocking creature | each other attacking creature gets ±P/±T [until end of turn] [for each creature blocking it beyond the first | for each opponent you attacked with a creature this combat] (a triggered ability's)
//	return target SUBTYPE card with mana value | converted mana cost N or less from your graveyard to your hand
//	choose to have target creature defending player controls block this creature this combat if able
//	that player gets N poison counters (the player a triggered ability's event was about)
//	put N KIND counters on this creature | this permanent | it (a triggered ability's source)
//	add N {R} [. Until end of combat, you don't lose this mana as steps and phases end] (firebending's:
//	  the sentence after it keeps that mana in the pool through the combat phase's steps)
//	return it to the battlefield under its owner's control [with a KIND counter on it] (a triggered
//	  ability's: the card its event put into a graveyard, or its source; "to play" in the old wordings)
//
// The same table reads the effects of the rules' keyword definitions
// (package ability compiles them): there N, or X in the oldest
// wordings, is the keyword's number (ByN marks the fields it stands
// for, Instance puts it in), and "it" and "this creature" are the
// keyword's source.
//
// Triggered abilities ("When …", "Whenever …", "At …") are read by the
// grammar of package ability, which reads their effects here.
//
// Target is the kind of object or player the effect targets, "" for none
// ("opponent": a player other than its controller).
type Effect struct {
	// Verb is what the effect does, one of (one per line, so that two
	// additions don't conflict):
	//   - pump
	//   - return
	//   - mustblock
	//   - poison
	//   - mill
	//   - removecounters
	//   - tap
	//   - exile
	//   - bounce
	//   - reanimate
	//   - venture
	//   - initiative
	//   - addcombat
	//   - untapattackers
	//   - skipcombat
	//   - endturn
	//   - damage
	//   - draw
	//   - gain
	//   - lose
	//   - destroy
	//   - counter
	//   - copy
	//   - untap
	//   - continuous
	//   - static
	//   - create
	//   - increase
	//   - reduce
	//   - morecounters
	//   - kickdamage
	//   - kickcounters
	//   - addmana
	//   - maxcounters
	//   - sacrifice
	//   - sacrificeunless
	//   - returnlinked
	//   - pay
	//   - drain
	//   - putcounters
	//   - exiletop
	//   - sacrificeperms
	//   - reenter
	//   - copyself
	//   - newtargets
	//   - movecounters
	//   - createcopy
	//   - exileuntil
	//   - castfree
	//   - bottom
	//   - chooseopponent
	//   - revealtop
	//   - castsamename
	//   - designate
	//   - copytoken
	//   - search
	//   - exchange
	//   - unattach
	//   - exileinstead
	//   - action
	//   - looktop
	//   - hideone
	//   - lookpermit
	//   - predefined
	//   - arrange
	//   - choose
	//   - givecounters
	//   - copychosen
	//   - createunless
	//   - addorremove
	//   - multiply
	//   - fight
	//   - regenerate
	//   - noregen
	//   - goad
	//   - explore
	//   - connive
	//   - suspect
	//   - transform
	//   - convert
	//   - exileorsacrifice
	//   - exiledtohand
	// "action", "predefined" and "arrange" are a keyword action, a
	// predefined token, scry's and surveil's look at the top (verbs.go).
	Verb string
	N    int  // for "morecounters", the N of "plus N", 0 for "twice"; for "maxcounters" the most counters of kind Name
	X    bool // N is the spell's X ("deals X damage")
	// ExiledPower: N is the power of the card exiled to pay the
	// ability's cost ("equal to the power of the card you exiled").
	ExiledPower bool
	// TappedPower: N is the power of the creature tapped to pay the
	// ability's cost ("equal to the tapped creature's power", station).
	TappedPower bool
	// SacrificedPower: N is the power of the creature sacrificed to pay
	// the spell's additional cost ("damage equal to the sacrificed
	// creature's power"), as it last existed (608.2h); a copy of the
	// spell uses the original's (707.10).
	SacrificedPower bool
	// Spent is set for an amount given once for each of its colours of
	// mana spent to cast the spell ("You gain X life if {G} was spent
	// to cast this spell and X life if {W} was spent to cast it").
	Spent Color
	// Mana is the mana an "add" effect adds ("Add {G}").
	Mana Mana
	// Yours is set for a cost change to "spells you cast": only its
	// controller's spells.
	Yours  bool
	P, T   int
	Target string // "any", "creature", "player", "spell", "creature spell", "permanent spell", "aura spell", "creature you control", "creature you don't control", "land you control", "another creature you control"
	// Other is the second target of an instruction with two, chosen
	// after Target ("target creature you control fights target
	// creature you don't control", 701.14a), "" for none.
	Other string
	// NoRegen is set for a destruction the instruction after it says
	// can't be regenerated ("Destroy target creature. It can't be
	// regenerated.", 608.2c): regeneration shields don't apply (701.19c).
	NoRegen bool
	// That is set for an instruction about the object the instruction
	// before it targeted ("untap that creature", "it gains haste").
	That bool
	Name string // a token's name; the kind of counters ("putcounters", "kickcounters", "maxcounters"); the dungeon type of "venture" into one ("Undercity")
	Text string
	// Delayed is set for a spell's delayed triggered ability (603.7):
	// the step at the beginning of which the effect happens ("end" for
	// "at the beginning of the next end step", "upkeep", "end of combat"
	// for a permanent's "sacrifice it at end of combat").
	Delayed string
	// Who is whom an instruction of a triggered ability is about when
	// it is not its target: "it" or "this creature" (the source), "the
	// blocking creature", "that player" (the player its event was
	// about), "that creature" (the creature its event was about),
	// "defending player", "each other attacking creature", "them" (the
	// tokens the instruction before created).
	Who string
	// Becomes is a designation the object gets after the instruction
	// ("and it becomes renowned", 702.112a; "monstrous", 701.37a), "" for none.
	Becomes string
	// UntilEOT is set for a change that lasts until end of turn ("it
	// gets +1/+1 until end of turn").
	UntilEOT bool
	// For multiplies the numbers by a count ("for each creature
	// blocking it beyond the first", "for each opponent you attacked
	// with a creature this combat"), "" for none.
	For string
	// ByN marks the numbers that are a keyword's number in its
	// definition: "N", or "X" in the oldest wordings ("it gets +N/+N",
	// "that player gets N poison counters"). Those fields hold the
	// sign, 1 or -1; Instance puts the number in.
	ByN Numbers
	// Colors, Types, Abilities and Tapped are a created token's: its
	// colours, its card types besides Creature, the keyword abilities
	// it has ("with flying"), and whether it enters tapped and
	// attacking.
	Colors    Color
	Types     []string
	Abilities []string
	Tapped    bool
	// Cost is what "sacrifice it unless you pay" asks (Verb
	// "sacrificeunless") or "pay" pays, with Parts its parts that are
	// not mana; in a keyword's definition its Name is "[cost]" for the
	// keyword's cost, or "its mana cost". For is then "KIND counter"
	// when it is paid once for each such counter on the source.
	Cost  Cost
	Parts []Part
	// From is the zone an instruction moves its source out of
	// ("return this card from your graveyard to your hand": Graveyard),
	// where the ability then functions (113.6m; 402.8g in 2006): set
	// with HasFrom.
	From    Zone
	HasFrom bool
	// KeepCombat is set for mana an "add" instruction adds that its
	// player doesn't lose as steps and phases end until end of combat
	// (firebending's "Until end of combat, you don't lose this mana as
	// steps and phases end", 702.189a, read with the "add" before it).
	KeepCombat bool
	// Attach is set for a token created ", then attach this Equipment
	// to it" (702.92a): the effect's source is attached to it.
	Attach bool
	// MustAttack is set for a token created that attacks the opponent
	// it was created for this turn if able (encore, 702.141a).
	MustAttack bool
	// Except are a token's exceptions when it is created as a copy of
	// the ability's source ("copytoken", embalm, eternalize).
	Except *CopyExcept
	// Cont is the continuous effect of a static ability (Verb "static")
	// or of a spell (Verb "continuous"); a spell's applies to its target
	// or, for one with no target, to Cont.Subject as it resolves.
	Cont *Continuous
}

// Numbers are the numeric fields of an Effect (N, P, T) that a
// keyword's number stands for.
type Numbers uint8

// The numeric fields of an Effect.
const (
	NumN Numbers = 1 << iota
	NumP
	NumT
)

// Instance is the effect of one instance of a keyword whose number is
// n: each field ByN marks is multiplied by n.
func (e Effect) Instance(n int) Effect {
	if e.ByN&NumN != 0 {
		e.N *= n
	}
	if e.ByN&NumP != 0 {
		e.P *= n
	}
	if e.ByN&NumT != 0 {
		e.T *= n
	}
	e.ByN = 0
	return e
}

// keywordNumber reads a number of a keyword's definition: "+N", "-X",
// "3", "two"; byN is set when it is the keyword's number, and n is then
// its sign.
func keywordNumber(s string) (n int, byN bool) {
	sign := 1
	if strings.HasPrefix(s, "-") {
		sign = -1
	}
	s = strings.TrimLeft(s, "+-")
	if strings.EqualFold(s, "N") || strings.EqualFold(s, "X") {
		return sign, true
	}
	return sign * count(s), false
}

// An EffectError is card text outside the vocabulary: Offset is where,
// in bytes of the text given to ParseEffect, the part not understood
// begins.
type EffectError struct {
	Offset int
	Msg    string
}

func (e *EffectError) Error() string { return e.Msg }

// effectPatterns is built on first use: its patterns and their closures
// are some two hundred allocations every command would make at start-up
// (TestStartupInit), and few commands read card text.
var effectPatterns = sync.OnceValue(func() []effectPattern {
	return []effectPattern{
		// The effects of the first keywords compiled from their
		// definitions (bushido, rampage, flanking, provoke, soulshift,
		// frenzy, poisonous), also printed on cards.
		{lazyRegexp(`(?i)^(it|this creature|the blocking creature|each other attacking creature) gets ([+-](?:N|X|\d+))/([+-](?:N|X|\d+))( until end of turn)?(?: for each (creature blocking it beyond the first|opponent you attacked with a creature this combat))?$`), func(m []string) Effect {
			e := Effect{Verb: "pump", Who: strings.ToLower(m[1]), UntilEOT: m[4] != "", For: strings.ToLower(m[5])}
			e.setPT(m[2], m[3])
			return e
		}},
		{lazyRegexp(`(?i)^return target (\w+) card with (?:converted mana cost|mana value) (N|X|\d+) or less from your graveyard to your hand$`), func(m []string) Effect {
			e := Effect{Verb: "return", Target: "graveyard card", Name: m[1]}
			if n, byN := keywordNumber(m[2]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = n
			}
			return e
		}},
		{lazyRegexp(`(?i)^choose to have target creature defending player controls block this creature this combat if able$`), func(m []string) Effect {
			return Effect{Verb: "mustblock", Target: "creature defending player controls"}
		}},
		{lazyRegexp(`(?i)^that player gets (N|X|a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) poison counters?$`), func(m []string) Effect {
			e := Effect{Verb: "poison", Who: "that player"}
			if n, byN := keywordNumber(m[1]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = n
			}
			return e
		}},
		// The attacking family's effects (exalted, battle cry, dethrone,
		// training, afflict, ingest, renown), also printed on cards: who
		// they are about is the creature or player of the triggering event
		// ("that creature", "that player"), the defending player, the other
		// attackers or the source.
		{lazyRegexp(`(?i)^(that creature|each other attacking creature) gets? ([+-](?:N|X|\d+))/([+-](?:N|X|\d+)) until end of turn$`), func(m []string) Effect {
			e := Effect{Verb: "pump", Who: strings.ToLower(m[1]), UntilEOT: true}
			var byP, byT bool
			if e.P, byP = keywordNumber(m[2]); byP {
				e.ByN |= NumP
			}
			if e.T, byT = keywordNumber(m[3]); byT {
				e.ByN |= NumT
			}
			return e
		}},
		{lazyRegexp(`(?i)^put (N|X|a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten) ([+-]\d+/[+-]\d+|[a-z]+) counters? on (?:this creature|it)(?: and it becomes (renowned|monstrous))?$`), func(m []string) Effect {
			e := Effect{Verb: "putcounters", Who: "this creature", Name: strings.ToLower(m[2])}
			if n, byN := keywordNumber(m[1]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = count(m[1])
			}
			// A designation it gets after the counters (702.112a,
			// 701.37a).
			e.Becomes = strings.ToLower(m[3])
			return e
		}},
		{lazyRegexp(`(?i)^(defending player|that player) loses (N|X|\d+|one|two|three|four|five|six|seven|eight|nine|ten) life$`), func(m []string) Effect {
			e := Effect{Verb: "lose", Who: strings.ToLower(m[1])}
			if n, byN := keywordNumber(m[2]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = count(m[2])
			}
			return e
		}},
		{lazyRegexp(`(?i)^put (a|an|\d+|one|two|three) (\+1/\+1) counters? on target attacking creature with power less than (?:this creature|it)(?:'|’)s power$`), func(m []string) Effect {
			return Effect{Verb: "putcounters", N: count(m[1]), Name: m[2], Target: "attacking creature with power less than this creature's power"}
		}},
		{lazyRegexp(`(?i)^defending player sacrifices (N|X|a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten) permanents?$`), func(m []string) Effect {
			// The player chooses which as it resolves (701.21a).
			e := Effect{Verb: "sacrificeperms", Who: "defending player"}
			if n, byN := keywordNumber(m[1]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = count(m[1])
			}
			return e
		}},
		{lazyRegexp(`(?i)^sacrifice (a|an|N|X|one|two|three) (creature|permanent)s?$`), func(m []string) Effect {
			// Exploit's "you may sacrifice a creature" (702.110a): its
			// controller chooses which as it resolves.
			e := Effect{Verb: "sacrificeperms"}
			if n, byN := keywordNumber(m[1]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = count(m[1])
			}
			if strings.EqualFold(m[2], "creature") {
				e.Name = "Creature"
			}
			return e
		}},
		{lazyRegexp(`(?i)^that player exiles the top card of (?:his or her|their) library$`), func(m []string) Effect {
			return Effect{Verb: "exiletop", Who: "that player", N: 1}
		}},
		{lazyRegexp(`(?i)^add ((?:\{[WUBRGC0-9]+\})+)(?: to your mana pool)?$`), func(m []string) Effect {
			mana, _ := ParseMana(m[1])
			return Effect{Verb: "addmana", Mana: mana}
		}},
		{lazyRegexp(`(?i)^add (N|X|\d+|two|three|four|five) (\{[WUBRGC]\})$`), func(m []string) Effect {
			// Firebending's "add N {R}" (702.189a): N of the mana
			// symbol, the keyword's number in its definition.
			mana, _ := ParseMana(m[2])
			e := Effect{Verb: "addmana", Mana: mana}
			if n, byN := keywordNumber(m[1]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = n
			}
			return e
		}},
		{lazyRegexp(`(?i)^venture into (?:the dungeon|(undercity))$`), func(m []string) Effect {
			if m[1] != "" {
				// Venture into [quality] (701.46d): a dungeon with the
				// dungeon type, 205.3p.
				return Effect{Verb: "venture", Name: "Undercity"}
			}
			return Effect{Verb: "venture"}
		}},
		{lazyRegexp(`(?i)^(?:you )?take the initiative$`), func(m []string) Effect { return Effect{Verb: "initiative"} }},
		{lazyRegexp(`(?i)^unattach this (?:permanent|equipment)$`), func(m []string) Effect { return Effect{Verb: "unattach"} }},
		{lazyRegexp(`(?i)^put (a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten) ([+-]\d+/[+-]\d+|[a-z]+) counters? on (target creature|this creature|this permanent)$`), func(m []string) Effect {
			e := Effect{Verb: "putcounters", N: count(m[1]), Name: strings.ToLower(m[2]), Target: "creature"}
			if !strings.HasPrefix(strings.ToLower(m[3]), "target") {
				// "on this creature" (outlast): the source itself.
				e.Target, e.Who = "", "this creature"
			}
			return e
		}},
		{lazyRegexp(`(?i)^put a number of ([+-]\d+/[+-]\d+|[a-z]+) counters equal to the power of the card you exiled on target creature$`), func(m []string) Effect {
			// Scavenge: N is the power of the card exiled to pay the cost.
			return Effect{Verb: "putcounters", Name: strings.ToLower(m[1]), Target: "creature", ExiledPower: true}
		}},
		{lazyRegexp(`(?i)^put a number of ([+-]\d+/[+-]\d+|[a-z]+) counters on (this permanent|this creature) equal to the tapped creature(?:'|’)s power$`), func(m []string) Effect {
			// Station: N is the power of the creature tapped to pay the
			// cost, as the ability resolves.
			return Effect{Verb: "putcounters", Name: strings.ToLower(m[1]), Who: strings.ToLower(m[2]), TappedPower: true}
		}},
		{lazyRegexp(`(?i)^(?:attach this (?:permanent|equipment|fortification) to|move this equipment onto) (another )?target (creature|land) you control$`), func(m []string) Effect {
			// Equip, fortify: the source is attached to the target
			// (701.3a); "another" (reconfigure) is not the source itself.
			return Effect{Verb: "attach", Target: strings.ToLower(m[1]+m[2]) + " you control"}
		}},
		{lazyRegexp(`(?i)^destroy target (attacking )?creature$`), func(m []string) Effect { return Effect{Verb: "destroy", Target: m[1] + "creature"} }},
		{lazyRegexp(`(?i)^destroy target land$`), func(m []string) Effect { return Effect{Verb: "destroy", Target: "land"} }},
		// Aura swap: the source and a card of a subtype in its
		// controller's hand change places (701.12a: all of it or none).
		{lazyRegexp(`(?i)^you may exchange this permanent with an? ([a-z]+) card in your hand$`), func(m []string) Effect {
			return Effect{Verb: "exchange", Name: m[1]}
		}},
		// Transfigure: a search of its controller's library for a card
		// of a quality with the source's mana value, put onto the
		// battlefield ("into play" before 2009), then a shuffle.
		{lazyRegexp(`(?i)^search your library for an? ([a-z]+ )?card with the same (?:mana value|converted mana cost) as this (?:permanent|card) and put it (?:onto the battlefield|into play)\. then shuffle your library$`), func(m []string) Effect {
			return Effect{Verb: "search", Name: strings.TrimSpace(strings.ToLower(m[1])), Who: "this permanent"}
		}},
		// A spell's trigger copies the spell (707.10): once, once for each
		// time a cost of Name was paid (replicate), or, Name "graveyard",
		// once for each permanent put into a graveyard from the battlefield
		// this turn (gravestorm; "put a copy of it onto the stack" until
		// 2018).
		{lazyRegexp(`(?i)^(?:copy it|put a copy of it onto the stack)(?: for each (?:time its (\w+) cost was paid|(permanent) that was put into a graveyard from (?:the battlefield|play) this turn))?$`), func(m []string) Effect {
			if m[2] != "" {
				return Effect{Verb: "copyself", Name: "graveyard"}
			}
			return Effect{Verb: "copyself", Name: strings.ToLower(m[1])}
		}},
		// Demonstrate (702.144a): the controller's copy with its new
		// targets, an opponent chosen, and that player's copy (Who "that
		// player": they control it, 707.10).
		{lazyRegexp(`(?i)^copy it and you may choose new targets for the copy$`), func(m []string) Effect { return Effect{Verb: "copyself"} }},
		{lazyRegexp(`(?i)^choose an opponent$`), func(m []string) Effect { return Effect{Verb: "chooseopponent"} }},
		{lazyRegexp(`(?i)^that player copies (?:the spell|it) and may choose new targets for that copy$`), func(m []string) Effect {
			return Effect{Verb: "copyself", Who: "that player"}
		}},
		// What the copies may have: the new targets chosen as the copy
		// effect resolves.
		{lazyRegexp(`(?i)^(?:if the spell has any targets, )?you may choose new targets for (?:the copy|any (?:number )?of the copies)$`), func(m []string) Effect { return Effect{Verb: "newtargets"} }},
		// Cascade (702.85a; "remove … from the game" and "play" before
		// 2009-07-11): cards exiled from the top of the library until a
		// nonland card with a lesser mana value, which may be cast without
		// paying its mana cost (Name "lesser": only if the resulting
		// spell's mana value is less, from 2021-02-15), the rest put on
		// the bottom.
		{lazyRegexp(`(?i)^(?:exile|remove) cards from the top of your library (?:from the game )?until you (?:exile|remove) a nonland card whose (?:mana value|converted mana cost) is less than this spell['’]s (?:mana value|converted mana cost)$`), func(m []string) Effect {
			return Effect{Verb: "exileuntil"}
		}},
		{lazyRegexp(`(?i)^(?:cast|play) that card without paying its mana cost( if the resulting spell['’]s (?:mana value|converted mana cost) is less than this spell['’]s (?:mana value|converted mana cost))?$`), func(m []string) Effect {
			e := Effect{Verb: "castfree", Who: "that card"}
			if m[1] != "" {
				e.Name = "lesser"
			}
			return e
		}},
		// Discover (701.57a): the same with a bound, the keyword's
		// number N (Name "atmost"), and the card into the hand when it
		// isn't cast; the rest on the bottom.
		{lazyRegexp(`(?i)^exile cards from the top of your library until you exile a nonland card with mana value ` + numWord + ` or less$`), func(m []string) Effect {
			e := Effect{Verb: "exileuntil", Name: "atmost"}
			amount(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^cast that card without paying its mana cost if the resulting spell['’]s mana value is less than or equal to ` + numWord + `$`), func(m []string) Effect {
			e := Effect{Verb: "castfree", Who: "that card", Name: "atmost"}
			amount(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^put that card into your hand$`), func(m []string) Effect {
			return Effect{Verb: "exiledtohand", Who: "that card"}
		}},
		{lazyRegexp(`(?i)^put the remaining exiled cards on the bottom of your library in a random order$`), func(m []string) Effect {
			return Effect{Verb: "bottom"}
		}},
		{lazyRegexp(`(?i)^(?:then )?put all cards (?:exiled|removed from the game)(?: from the game)? this way that weren['’]t (?:cast|played) on the bottom of your library in a random order$`), func(m []string) Effect {
			return Effect{Verb: "bottom"}
		}},
		// Ripple (702.60a; "play" before 2009-07-11): the top N cards
		// revealed (all of them when fewer), and those with the spell's
		// name cast without paying their mana costs, a "may", the rest
		// put on the bottom.
		{lazyRegexp(`(?i)^reveal the top (N|\d+) cards of your library, or, if there are fewer than (?:N|\d+) cards in your library, you may reveal all the cards in your library$`), func(m []string) Effect {
			e := Effect{Verb: "revealtop"}
			amount(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^you may (?:cast|play) any of those cards with the same name as this spell without paying their mana costs, then put all revealed cards not (?:cast|played) this way on the bottom of your library in any order$`), func(m []string) Effect {
			return Effect{Verb: "castsamename"}
		}},
		// Hideaway (702.75a; 502.75a from 2007): the top N cards looked
		// at, one of them exiled face down, the rest put on the bottom;
		// the exiled card's permission to be looked at changes no rule
		// the engine plays.
		{lazyRegexp(`(?i)^look at the top (N|\d+|[a-z]+) cards of your library$`), func(m []string) Effect {
			e := Effect{Verb: "looktop"}
			amount(&e, m[1])
			return e
		}},
		{lazyRegexp(`(?i)^(?:exile|remove) one of them (?:from the game )?face down and put the rest on the bottom of your library in (?:any|a random) order$`), func(m []string) Effect {
			return Effect{Verb: "hideone"}
		}},
		{lazyRegexp(`(?i)^(?:as long as that card remains removed from the game, it may be looked at by any player who has controlled this permanent|the (?:removed|exiled) card gains ['‘](?:any player who has controlled|the player who controls) the permanent that (?:removed|exiled) this card(?: from the game)? may look at this card in the (?:removed-from-the-game|exile) zone\.?['’])$`), func(m []string) Effect {
			return Effect{Verb: "lookpermit"}
		}},
		{lazyRegexp(`(?i)^counter target spell$`), func(m []string) Effect { return Effect{Verb: "counter", Target: "spell"} }},
		{lazyRegexp(`(?i)^copy target (creature|permanent|aura|instant or sorcery) spell(?:, except that the copy is (white|blue|black|red|green))?$`), func(m []string) Effect {
			e := Effect{Verb: "copy", Target: strings.ToLower(m[1]) + " spell"}
			if m[2] != "" {
				// Fork's: the copy is that colour, not the original's
				// (707.9b).
				c, _ := ParseColor(m[2])
				e.Except = &CopyExcept{Colors: c, SetColors: true}
			}
			return e
		}},
		{lazyRegexp(`(?i)^destroy target non-?aura enchantment$`), func(m []string) Effect { return Effect{Verb: "destroy", Target: "non-Aura enchantment"} }},
		{lazyRegexp(`(?i)^((?:[a-z]+ )?spells(?: (?:and|or) [a-z]+ spells)?)( you (?:cast|play))? cost \{(\d+)\} (more|less) to (?:cast|play)$`), func(m []string) Effect {
			verb := map[string]string{"more": "increase", "less": "reduce"}[strings.ToLower(m[4])]
			return Effect{Verb: verb, N: atoi(m[3]), Name: strings.ToLower(m[1]), Yours: m[2] != ""}
		}},
		{lazyRegexp(`(?i)^spend only (?:snow mana|mana produced by snow sources) on X$`), func(m []string) Effect {
			return Effect{Verb: "spendonly", Name: "snow", X: true}
		}},
		{lazyRegexp(`(?i)^if one or more \+1/\+1 counters would be put on a creature you control, (?:that many plus (one|\d+)|twice that many) \+1/\+1 counters are put on it instead$`), func(m []string) Effect {
			e := Effect{Verb: "morecounters"}
			if m[1] != "" {
				e.N = count(strings.Replace(strings.ToLower(m[1]), "one", "a", 1))
			}
			return e
		}},
		{lazyRegexp(`(?i)^(?:this creature|this permanent|[^,]+?) enters(?: the battlefield)? with an? (\+1/\+1|[a-z]+) counter on it for each time it was kicked$`), func(m []string) Effect {
			return Effect{Verb: "kickcounters", Name: m[1]}
		}},
		// A spell's self-replacement on how it was cast: kicked, or
		// bargained (702.166b: its bargain cost was paid; Name "bargain").
		{lazyRegexp(`(?i)^if (?:this spell was (kicked|bargained)|the kicker cost was paid|.+'s kicker cost was paid), it deals (\d+) damage instead$`), func(m []string) Effect {
			e := Effect{Verb: "kickdamage", N: atoi(m[2])}
			if strings.EqualFold(m[1], "bargained") {
				e.Name = "bargain"
			}
			return e
		}},
		{lazyRegexp(`(?i)^sacrifice (?:it|this creature|this permanent) unless you pay (\[cost\]|its mana cost|(?:\{[^}]+\})+)(?: for each (cumulative upkeep|[a-z]+) counter on (?:it|the permanent|this permanent))?$`), func(m []string) Effect {
			// Echo (702.30a): "[cost]" is the keyword's, put in for each
			// instance; "its mana cost" in the wordings before 2006-10-01.
			// Cumulative upkeep's before 2007-09-07 (502.13a): once for
			// each age counter.
			e := Effect{Verb: "sacrificeunless", Name: strings.ToLower(m[1])}
			if c, err := ParseCost(m[1]); err == nil && strings.HasPrefix(m[1], "{") {
				e.Cost, e.Name = c, ""
			}
			if m[2] != "" {
				e.For = strings.ToLower(m[2]) + " counter"
			}
			return e
		}},
		{lazyRegexp(`(?i)^sacrifice (?:it|this creature|this permanent) unless you (?:exile another (\[object\]|[a-z]+) you control|remove another (\[object\]|[a-z]+) you control from the game)$`), func(m []string) Effect {
			// Champion (702.72a; "remove … from the game" before
			// 2009-07-11): the permanent exiled is linked to the
			// ability that returns it (607).
			what := strings.ToLower(m[1] + m[2])
			e := Effect{Verb: "sacrificeunless", Name: what}
			if what != "[object]" {
				e.Parts = []Part{ChampionPart(what)}
			}
			return e
		}},
		{lazyRegexp(`(?i)^return the (?:exiled|removed) card to (?:the battlefield|play) under its owner(?:'|’)s control$`), func(m []string) Effect {
			// Champion's second ability (702.72a): the card the first
			// exiled (607.2a).
			return Effect{Verb: "returnlinked"}
		}},
		{lazyRegexp(`(?i)^pay (\[cost\]|(?:\{[^}]+\})+)(?: for each ([a-z]+) counter on (?:it|the permanent|this permanent))?$`), func(m []string) Effect {
			// Extort's "you may pay {W/B}" (702.101a), cumulative
			// upkeep's "you may pay [cost] for each age counter on it"
			// (702.24a): what follows "If you do" happens only if it
			// is paid.
			e := Effect{Verb: "pay", Name: strings.ToLower(m[1])}
			if c, err := ParseCost(m[1]); err == nil && strings.HasPrefix(m[1], "{") {
				e.Cost, e.Name = c, ""
			}
			if m[2] != "" {
				e.For = strings.ToLower(m[2]) + " counter"
			}
			return e
		}},
		{lazyRegexp(`(?i)^each opponent loses (N|X|\d+|one|two|three|four|five) life and you gain life equal to the total life lost this way$`), func(m []string) Effect {
			// Extort (702.101a).
			e := Effect{Verb: "drain", Who: "each opponent"}
			if n, byN := keywordNumber(m[1]); byN {
				e.N, e.ByN = n, NumN
			} else {
				e.N = count(m[1])
			}
			return e
		}},
		{lazyRegexp(`(?i)^(?:its controller sacrifices it|sacrifice (it|this creature|this permanent|the permanent|them))( at end of combat| at the beginning of the next end step)?$`), func(m []string) Effect {
			// "Sacrifice it at end of combat" (decayed, 702.147a): a
			// delayed triggered ability the effect creates (603.7).
			// "Them" are the tokens the instruction before created
			// (mobilize, 702.181a).
			e := Effect{Verb: "sacrifice", Delayed: map[string]string{" at end of combat": "end of combat", " at the beginning of the next end step": "end"}[strings.ToLower(m[2])]}
			if strings.EqualFold(m[1], "them") {
				e.Who = "them"
			}
			return e
		}},
		{lazyRegexp(`(?i)^exile (?:them|the tokens) at end of combat$`), func(m []string) Effect {
			// The tokens the instruction before created, by a delayed
			// triggered ability (myriad's, 702.116a).
			return Effect{Verb: "exile", Who: "them", Delayed: "end of combat"}
		}},
		{lazyRegexp(`(?i)^return (?:it|this card) to (?:the battlefield|play) under its owner(?:'|’)s control(?: with an? ([+-]1/[+-]1|[a-z]+) counter on it)?$`), func(m []string) Effect {
			// Persist and undying (702.79a, 702.93a): the card the event
			// put into the graveyard, "it".
			e := Effect{Verb: "reenter", That: true}
			if m[1] != "" {
				e.N, e.Name = 1, strings.ToLower(m[1])
			}
			return e
		}},
		{lazyRegexp(`(?i)^(?:this creature|this permanent|it|[^,]+?) can(?:'|’)?t have more than (one|two|three|four|five|six|seven|eight|nine|ten|\d+) ([+-]1/[+-]1|[a-z]+) counters? on it$`), func(m []string) Effect {
			n, _ := number(m[1])
			return Effect{Verb: "maxcounters", N: n, Name: strings.ToLower(m[2])}
		}},
		{lazyRegexp(`(?i)^after this main phase, there is an additional combat phase followed by an additional main phase$`), func(m []string) Effect {
			return Effect{Verb: "addcombat"}
		}},
		{lazyRegexp(`(?i)^untap all creatures that attacked this turn$`), func(m []string) Effect { return Effect{Verb: "untapattackers"} }},
		{lazyRegexp(`(?i)^end the turn$`), func(m []string) Effect { return Effect{Verb: "endturn"} }},
		{lazyRegexp(`(?i)^target player skips (?:their|his or her) next combat phase this turn$`), func(m []string) Effect {
			return Effect{Verb: "skipcombat", Target: "player"}
		}},
	}
})

// TokenCard is the card of a P/T creature token an effect describes as
// desc ("black Phyrexian Germ", "white and black Spirit … with flying",
// "colorless Servo artifact"): its colours (of its colour words, 111.3),
// its creature types, which are its name too (111.4), the type
// artifact, and the keyword abilities after "with".
func TokenCard(desc string, p, t int) *Card {
	c := &Card{Types: []string{"Creature"}, Power: p, Toughness: t, HasPT: true}
	desc, with, _ := strings.Cut(desc, " with ")
	words := strings.Fields(desc)
	i := 0
	for ; i < len(words)-1; i++ {
		if strings.EqualFold(words[i], "and") {
			continue
		}
		col, ok := ParseColor(words[i])
		if !ok {
			break
		}
		c.Indicator |= col
	}
	for _, w := range words[i:] {
		if strings.EqualFold(w, "artifact") {
			c.Types = []string{"Artifact", "Creature"}
			continue
		}
		c.Subtypes = append(c.Subtypes, w)
	}
	c.Name = strings.Join(c.Subtypes, " ")
	for _, k := range strings.FieldsFunc(with, func(r rune) bool { return r == ',' }) {
		for _, w := range strings.Split(k, " and ") {
			if a, ok, err := ParseAbility(w); ok && err == nil {
				c.Abilities = append(c.Abilities, a)
			}
		}
	}
	return c
}

func atoi(s string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(s, "+"))
	return n
}

// count reads "a", "two" (printed cards spell small numbers out) or "3".
func count(s string) int {
	n, _ := number(s)
	return n
}

// ParseEffect reads one instruction of a spell's text; see Effect. Text
// outside the vocabulary is an *EffectError at the part not understood.
func ParseEffect(text string) (Effect, error) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	t := strings.TrimSuffix(strings.TrimSpace(text), ".")
	for _, table := range [][]effectPattern{effectPatterns(), verbPatterns()} {
		for _, p := range table {
			if m := p.re().FindStringSubmatch(t); m != nil {
				e := p.build(m)
				e.Text = t
				return e, nil
			}
		}
	}
	if rest, ok := cutChosen(t); ok {
		// "The chosen player draws a card" (gift, 702.174d–i): the
		// instruction, done by the player chosen as the spell was cast.
		if e, err := ParseEffect(rest); err == nil && e.Who == "" && e.Target == "" {
			e.Who, e.Text = "the chosen player", t
			return e, nil
		}
	}
	if m, ok := levelMeaning(t); ok {
		t = m
	}
	if e, ok, err := parseContinuous(t); ok {
		if err != nil {
			return Effect{}, &EffectError{Offset: lead, Msg: fmt.Sprintf("%q: %v", t, err)}
		}
		e.Text = t
		return e, nil
	}
	if strings.Contains(t, "[") {
		// Text within square brackets (cleave's, 702.148a) is read
		// as if the brackets weren't there; Text keeps them, for the
		// text-changing effect that removes it.
		if e, err := ParseEffect(strings.NewReplacer("[", "", "]", "").Replace(t)); err == nil {
			e.Text = t
			return e, nil
		}
	}
	return Effect{}, &EffectError{Offset: lead, Msg: fmt.Sprintf("unknown ability or effect %q", t)}
}

// cutChosen reads "the chosen player VERBs …" as the imperative "VERB
// …".
func cutChosen(t string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.ToLower(t[:min(len(t), len("the chosen player "))]), "the chosen player ")
	if !ok || rest != "" {
		return "", false
	}
	verb, obj, ok := strings.Cut(t[len("the chosen player "):], " ")
	base, ok2 := strings.CutSuffix(verb, "s")
	if !ok || !ok2 {
		return "", false
	}
	return base + " " + obj, true
}

// lazyRegexp compiles expr on first use: the effect patterns cost every
// crules process 0.3 ms in the package's init, whatever the command.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var reDeals = lazyRegexp(`(?i)(?:^|\s)deals? ` + numWord + ` damage to `)

// CheckDamageSource checks who deals the damage of e, a "deals N damage"
// effect of the card named self: the card itself, by its name or as
// "it", "this spell", "this creature" or "this permanent", or no one
// named ("Deal 1 damage to any target" of a spell). Any other subject
// ("xyzzy deals 1 damage", "Frobnicate: deals 1 damage") is not
// understood, not a guess: an *EffectError at the subject, its Offset in
// bytes of e.Text.
func CheckDamageSource(e Effect, self string) error {
	if e.Verb != "damage" {
		return nil
	}
	loc := reDeals().FindStringIndex(e.Text)
	if loc == nil {
		return nil
	}
	start := strings.LastIndexByte(e.Text[:loc[0]], ',') + 1
	raw := e.Text[start:loc[0]]
	subj := strings.TrimSpace(raw)
	if subj == "" || strings.EqualFold(subj, self) {
		return nil
	}
	switch strings.ToLower(subj) {
	case "it", "this spell", "this creature", "this permanent":
		return nil
	}
	return &EffectError{Offset: start + len(raw) - len(strings.TrimLeft(raw, " ")), Msg: fmt.Sprintf("%q deals the damage of %q: a source that is not %s (name it, or write \"it\" or \"this spell\")", subj, e.Text, self)}
}

// Fused returns the fused split spell split card c is cast as (702.102):
// the combined characteristics of its two halves (702.102b, 709.4), a
// mana cost that includes each half's (702.102c), and the instructions
// of the left half, then the right's (702.102d). Nil for a card that is
// no split card.
func Fused(c *Card) *Card {
	if len(c.Halves) != 2 {
		return nil
	}
	a, b := c.Halves[0], c.Halves[1]
	return &Card{Name: a.Name + " // " + b.Name, Cost: a.Cost.Plus(b.Cost),
		Supertypes: union(a.Supertypes, b.Supertypes), Types: union(a.Types, b.Types), Subtypes: union(a.Subtypes, b.Subtypes),
		Indicator: a.Indicator | b.Indicator, Abilities: append(slices.Clip(a.Abilities), b.Abilities...),
		Effects: append(slices.Clip(a.Effects), b.Effects...)}
}
