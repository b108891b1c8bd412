package ability

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/crules/crules/game"
)

// A Quality is what protection, affinity, enchant or offering names: a
// colour ("red"), a card type, subtype or supertype, singular or plural
// ("artifacts", "creatures", "Goblins", "legendary"), a player
// ("bob"), or "everything" (702.16a and 702.16j–k today, 502.7a in
// 2006-10-01). The zero Quality matches nothing.
type Quality struct {
	Text string
}

// Q returns the quality written text.
func Q(text string) Quality { return Quality{Text: strings.TrimSpace(text)} }

// A QualityForm is a quality that is not a characteristic value: a
// player, everything, or a shorthand for several qualities. Phrases are
// what the keyword's rules say of it in a revision that defines it.
type QualityForm struct {
	Name    string // "a player", "everything", "A and from B", "each color"
	Phrases []string
}

// The forms of protection's quality besides a characteristic value.
var (
	// 702.16k (from 2013-11-01): "Protection from [a player]".
	FromPlayer = QualityForm{"a player", []string{"protection from [a player]", "protection from a specific player", "from a specific player"}}
	// 702.16j (from 2009-02-01): "Protection from everything".
	FromEverything = QualityForm{"everything", []string{"protection from everything"}}
	// 702.16g (from 2009-05-01): "from [quality A] and from [quality
	// B]", two protection abilities.
	FromBoth = QualityForm{"[quality A] and from [quality B]", []string{"and from [quality b]"}}
	// 702.16h (from 2019-08-23): "from each [characteristic]", one for
	// each quality it could have.
	FromEach = QualityForm{"each [characteristic]", []string{"protection from each ["}}
)

// colorWords are the five colours, the qualities "each color" stands for.
var colorWords = []string{"white", "blue", "black", "red", "green"}

// Qualities splits the quality of an instance into the qualities of the
// separate abilities it is shorthand for: "red and from blue" is red and
// blue (702.16g), "each color" the five colours (702.16h); any other is
// itself.
func Qualities(text string) []string {
	t := strings.TrimSpace(text)
	if strings.EqualFold(t, "each color") || strings.EqualFold(t, "each colour") {
		return slices.Clone(colorWords)
	}
	var out []string
	for _, sep := range []string{", and from ", " and from ", ", from "} {
		t = strings.ReplaceAll(t, sep, "\x00")
	}
	for _, p := range strings.Split(t, "\x00") {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// cardTypeWords are the card types and supertypes a quality may name,
// today's and older ones (tribal), singular.
var cardTypeWords = []string{"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery", "tribal",
	"basic", "legendary", "snow", "world", "permanent", "spell"}

// characteristic reports whether q is a characteristic value of the
// revision rules: a colour, multicolored, monocolored or colorless, a
// card type or supertype, or a subtype the revision lists, singular or
// plural.
func characteristic(q string, rules *game.Rules) bool {
	l := strings.ToLower(strings.TrimSpace(q))
	if slices.Contains(colorWords, l) || l == "multicolored" || l == "monocolored" || l == "colorless" {
		return true
	}
	for _, w := range singular(l) {
		if slices.Contains(cardTypeWords, w) {
			return true
		}
	}
	for _, w := range singular(q) {
		if rules.IsSubtype(w) {
			return true
		}
	}
	return false
}

// IsCharacteristic reports whether q is a characteristic value of the
// revision whose rules are rules: a colour, a card type or supertype, or
// a subtype the revision lists, singular or plural.
func IsCharacteristic(q string, rules *game.Rules) bool { return characteristic(q, rules) }

// CheckQuality reports, as an error, a quality of the keyword instance
// inst that revision r (whose rules are rules) does not define: neither
// a characteristic value of the revision nor a form of quality the
// keyword's declaration allows and the revision's rules of the keyword
// mention. players are the names of the game's players. It returns nil
// for a keyword without a quality.
func CheckQuality(inst game.Ability, r Rev, rules *game.Rules, players []string) error {
	d, ok := registry()[strings.ToLower(inst.Keyword)]
	if ok && inst.CostText != "" && !d.Words {
		return fmt.Errorf("a cost in words (%q) is not modelled for %s: only a mana cost", inst.CostText, strings.ToLower(d.Name))
	}
	if !ok || !d.Qualified {
		return nil
	}
	allows := func(f QualityForm) error {
		if !slices.ContainsFunc(d.Forms, func(g QualityForm) bool { return g.Name == f.Name }) {
			return fmt.Errorf("%s takes no quality %q", strings.ToLower(d.Name), f.Name)
		}
		for _, p := range f.Phrases {
			if r.Mentions(d.Name, p) {
				return nil
			}
		}
		return fmt.Errorf("%s from %s is not defined: the revision's rules of %s know no such quality", strings.ToLower(d.Name), f.Name, strings.ToLower(d.Name))
	}
	parts := Qualities(inst.Quality)
	if lower := strings.ToLower(strings.TrimSpace(inst.Quality)); strings.HasPrefix(lower, "each ") {
		if !strings.HasPrefix(lower, "each colo") {
			return fmt.Errorf("%q: the characteristic after \"each\" is not understood (known: each color)", inst.Quality)
		}
		if err := allows(FromEach); err != nil {
			return err
		}
	} else if len(parts) > 1 {
		if err := allows(FromBoth); err != nil {
			return err
		}
	}
	for _, q := range parts {
		switch {
		case q == "":
			return fmt.Errorf("%q: a quality is missing", inst.Quality)
		case characteristic(q, rules):
		case strings.EqualFold(q, "everything"):
			if err := allows(FromEverything); err != nil {
				return err
			}
		case slices.ContainsFunc(players, func(p string) bool { return strings.EqualFold(p, q) }):
			if err := allows(FromPlayer); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%q is not a quality: neither a colour, a card type, a subtype nor a supertype of the revision, nor a player", q)
		}
	}
	return nil
}

// Everything reports whether q is "everything".
func (q Quality) Everything() bool { return strings.EqualFold(q.Text, "everything") }

// singular strips a plural ending: "artifacts" → "artifact",
// "sorceries" → "sorcery", "Elves" → "Elf".
func singular(w string) []string {
	l := strings.ToLower(w)
	out := []string{l}
	switch {
	case strings.HasSuffix(l, "ies"):
		out = append(out, strings.TrimSuffix(l, "ies")+"y")
	case strings.HasSuffix(l, "ves"):
		out = append(out, strings.TrimSuffix(l, "ves")+"f")
	case strings.HasSuffix(l, "s"):
		out = append(out, strings.TrimSuffix(l, "s"))
	}
	return out
}

// Matches reports whether object o has the quality: its colour, one of
// its types, subtypes or supertypes (each of them for a quality of
// several words, "artifact creature"), or, for a quality naming a player,
// that o is controlled by that player (or owned by them with no
// controller). Everything matches every object.
func (q Quality) Matches(o *game.Object) bool {
	if o == nil || q.Text == "" {
		return false
	}
	if q.Everything() {
		return true
	}
	if p := o.Controller(); p != nil && strings.EqualFold(p.Name, q.Text) {
		return true
	}
	if o.Controller() == nil && o.Owner != nil && strings.EqualFold(o.Owner.Name, q.Text) {
		return true
	}
	switch strings.ToLower(q.Text) {
	case "multicolored": // two or more colours (105.4)
		return bits.OnesCount(uint(o.Colors())) >= 2
	case "monocolored": // exactly one colour (105.4)
		return bits.OnesCount(uint(o.Colors())) == 1
	case "colorless":
		return o.Colors() == 0
	case "tapped", "untapped": // a permanent's status (110.5)
		return o.Zone == game.Battlefield && o.Tapped == (strings.ToLower(q.Text) == "tapped")
	case "attacking": // declared as an attacker, not yet removed from combat (506.4)
		return o.Zone == game.Battlefield && o.Game() != nil && slices.Contains(o.Game().Combat.Attackers, o)
	}
	if col, ok := game.ParseColor(q.Text); ok && col != 0 {
		return o.Colors()&col != 0
	}
	if words := strings.Fields(q.Text); len(words) > 1 {
		// "Artifact creature": each word (212.4c of 2003-10-01, an
		// enchant artifact creature).
		for _, w := range words {
			if !Q(w).Matches(o) {
				return false
			}
		}
		return true
	}
	if l := strings.ToLower(q.Text); l == "permanent" || l == "permanents" {
		// An enchant permanent (214.8a of 1999) enchants any of them.
		return o.Zone == game.Battlefield
	}
	for _, w := range singular(q.Text) {
		if o.Is(w) || o.HasSubtype(w) || o.HasSupertype(w) {
			return true
		}
	}
	return false
}

// MatchesPlayer reports whether player p has the quality: a quality
// naming that player, or everything.
func (q Quality) MatchesPlayer(p *game.Player) bool {
	return p != nil && (q.Everything() || strings.EqualFold(q.Text, p.Name))
}
