package ability

import (
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
// its types, subtypes or supertypes, or, for a quality naming a player,
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
	if col, ok := game.ParseColor(q.Text); ok && col != 0 {
		return o.Colors()&col != 0
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
