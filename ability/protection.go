package ability

import "github.com/crules/crules/game"

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
		declare("Hexproof", func(game.Ability, Rev) []Ability {
			return []Ability{&Untargetable{Base: Base{Keyword: "Hexproof", Note: "%s has hexproof and can't be the target of spells or abilities its opponents control"}, ByOpponents: true}}
		})
	})
}

// Enchants is an Aura's enchant ability: what it can target as a spell
// and be attached to (702.5 today, 502.45 in 2006-10-01 numbering aside).
type Enchants struct {
	Base
	What Quality
}

func init() {
	families = append(families, func() {
		declare("Enchant", func(inst game.Ability, _ Rev) []Ability {
			return []Ability{&Enchants{Base: Base{Keyword: "Enchant"}, What: Q(inst.Quality)}}
		}, anchors("can't legally", "can't enchant", "what an aura can"), qualified())
	})
}
