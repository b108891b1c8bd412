package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// The protection family: what can't target, block, damage, enchant or
// equip a permanent.

// Protection from a quality (702.16 today, 502.7 in 2006-10-01): the
// permanent can't be the target of spells with the quality or abilities
// from sources with it, can't be enchanted or equipped by such
// permanents, can't be blocked by such creatures, and damage such
// sources would deal it is prevented. Each use cites its own subrule:
// Target, Attach, Block, Damage.
type Protection struct {
	Base
	From                          Quality
	Target, Attach, Block, Damage []string
	// Player and Everything select the subrules of protection from a
	// player (702.16k) and from everything (702.16j), which say what
	// each forbids in their own words.
	Player, Everything []string
}

// Untargetable: the permanent can't be the target of spells or
// abilities; ByOpponents limits that to those its controller's
// opponents control (hexproof). Note's argument: its label.
type Untargetable struct {
	Base
	ByOpponents bool
	Text        string // as printed on a card; "" for a keyword's
}

func init() {
	families = append(families, func() {
		declare("Protection", func(inst game.Ability, _ Rev) []Ability {
			// "from A and from B", "from each color": separate
			// protection abilities (702.16g–h).
			var out []Ability
			for _, q := range Qualities(inst.Quality) {
				out = append(out, &Protection{Base: Base{Keyword: "Protection", Rule: []string{"can't be the target", "can't be targeted"}}, From: Q(q),
					Target: []string{"can't be the target", "can't be targeted"},
					Attach: []string{"can't be enchanted", "can't be equipped"},
					Block:  []string{"can't be blocked"},
					Damage: []string{"damage"},
					Player: FromPlayer.Phrases, Everything: FromEverything.Phrases})
			}
			return out
		}, anchors("can't be blocked", "can't be the target", "can't be targeted", "damage"), qualified(FromPlayer, FromEverything, FromBoth, FromEach))
		// "This permanent or player can't be the target of spells or
		// abilities" (shape_static.go).
		declare("Shroud", compiled, byDefinition)
		declare("Hexproof", func(game.Ability, Rev) []Ability {
			return []Ability{&Untargetable{Base: Base{Keyword: "Hexproof", Note: "%s has hexproof and can't be the target of spells or abilities its opponents control"}, ByOpponents: true}}
		})
	})
}

// Enchants is an Aura's enchant ability: what it can target as a spell
// and be attached to (702.5 today, 502.45 in 2006-10-01 numbering aside).
// Before Auras (1999 to 2005-02-01) a local enchantment says it by its
// type line instead: "Enchant Creature" is the type enchantment and the
// subtype enchant creature (212.2 of 1999-04-23), whose spell targets a
// creature and whose permanent enchants one (214.8c; 212.4d from
// 2003-07-01). Local is set for that one: it is no keyword, its Rule
// phrases select that subrule among the revision's rules, and as a
// subtype it stays with a permanent that loses all abilities.
type Enchants struct {
	Base
	What  Quality
	Local bool
}

// LocalPrefix begins the subtype of a local enchantment ("Enchant
// Creature"); what follows is what it enchants.
const LocalPrefix = "Enchant "

// WorldLine is the type line of an enchant world of 2001-07-23 to
// 2004-06-01: a global enchantment the world rule governs, no local one
// (212.4j of 2003-07-01).
const WorldLine = LocalPrefix + "World"

// localRule selects the subrule saying what a local-enchantment spell
// targets and its permanent enchants, in each wording before Auras.
var localRule = []string{"local enchantment spell must be attached to a target", "local enchantment spell requires a target", "local-enchantment spell requires a target"}

// IsLocal reports whether subtype s is a local enchantment's ("Enchant
// Creature").
func IsLocal(s string) bool {
	return len(s) > len(LocalPrefix) && strings.EqualFold(s[:len(LocalPrefix)], LocalPrefix)
}

// Local returns the enchant restriction of a local enchantment's
// subtype s ("Enchant Creature"), and whether s is one.
func Local(s string) (*Enchants, bool) {
	if !IsLocal(s) {
		return nil, false
	}
	return &Enchants{Base: Base{Rule: localRule}, What: Q(strings.ToLower(s[len(LocalPrefix):])), Local: true}, true
}

func init() {
	families = append(families, func() {
		declare("Enchant", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&Enchants{Base: Base{Keyword: "Enchant"}, What: Q(inst.Quality)}}
		}, anchors("can't legally", "can't enchant", "what an aura can"), qualified())
	})
}
