package ability

import (
	"slices"
	"strings"

	"github.com/crules/crules/game"
)

// The trigger conditions of the attacking keywords that are not a
// single event's words: a creature attacking together with a stronger
// one (training), and a player casting a spell of a quality (prowess).

// readStronger reads, at *at of low after the subject, "and at least
// one other creature with power greater than this creature's power
// attack" (702.149a), the creature named by "this creature's", "its" or
// the card's own name; it moves *at past it and reports true, or reads
// nothing.
func readStronger(low string, at *int, self string) bool {
	rest, ok := strings.CutPrefix(low[*at:], "and at least one other creature with power greater than ")
	if !ok {
		return false
	}
	whose := []string{"this creature's ", "this creature’s ", "its "}
	if self != "" {
		whose = append(whose, strings.ToLower(self)+"'s ", strings.ToLower(self)+"’s ")
	}
	for _, w := range whose {
		if r, ok := strings.CutPrefix(rest, w+"power attack"); ok && (r == "" || r[0] == ',' || r[0] == ' ') {
			*at = len(low) - len(r)
			return true
		}
	}
	return false
}

// readCastQuality reads, at *at of low after a player subject, "cast a
// noncreature spell" ("casts" after a player other than "you"): the
// quality of the spell, "non" and a card type or a colour. It moves *at
// past it and reports true, or reads nothing; "cast a spell" is not
// read here.
func readCastQuality(low string, at *int, you bool) (string, bool) {
	verb := "casts "
	if you {
		verb = "cast "
	}
	rest, ok := strings.CutPrefix(low[*at:], verb)
	if !ok {
		return "", false
	}
	for _, a := range []string{"a ", "an "} {
		if r, ok := strings.CutPrefix(rest, a); ok {
			q, after, ok := strings.Cut(r, " spell")
			if !ok || !spellQuality(q) || after != "" && after[0] != ',' && after[0] != ' ' {
				return "", false
			}
			*at = len(low) - len(after)
			return q, true
		}
	}
	return "", false
}

// spellQuality reports whether q, less a leading "non", is a colour or
// a card type or supertype (or "permanent").
func spellQuality(q string) bool {
	q = strings.TrimPrefix(q, "non")
	return slices.Contains(colorWords, q) || q == "multicolored" || q == "monocolored" || q == "colorless" ||
		q != "spell" && slices.Contains(cardTypeWords, q)
}

// CastMatches reports whether the spell cast is of the quality a Casts
// trigger waits for: any spell when it names none, else one with the
// quality, or without it after "non" ("noncreature", 702.108a).
func (t *Trigger) CastMatches(spell *game.Object) bool {
	if t.Spell == "" {
		return true
	}
	if spell == nil {
		return false
	}
	if q, ok := strings.CutPrefix(t.Spell, "non"); ok {
		return !Q(q).Matches(spell)
	}
	return Q(t.Spell).Matches(spell)
}
