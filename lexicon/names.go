package lexicon

import "strings"

// OtherNames returns the phrases that name what phrase names in other eras:
// the old phrases it replaced ("exile" → "remove from the game",
// "removed-from-the-game"), then the new phrase that replaced it ("converted
// mana cost" → "mana value"), each hyphenated one also with spaces
// ("removed from the game"). The match is case-insensitive; the result
// holds no duplicates and not phrase itself.
func (l *Lexicon) OtherNames(phrase string) []string {
	p := strings.ToLower(strings.Join(strings.Fields(phrase), " "))
	var out []string
	add := func(s string) {
		for _, v := range []string{s, strings.ReplaceAll(s, "-", " ")} {
			if v != p && !contains(out, v) {
				out = append(out, v)
			}
		}
	}
	for _, t := range l.Terms {
		if t.New == p {
			add(t.Old)
		}
	}
	for _, t := range l.Terms {
		if t.Old == p {
			add(t.New)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
