package lexicon

import (
	"strings"
	"time"

	"github.com/crules/crules/corpus"
)

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

// NamesAt returns every phrase that names what phrase names in some era,
// reached through the lexicon in both directions and through the names
// between ("enters" → "enters the battlefield" → "comes into play"), a
// hyphen matching a space: nearest first and, of names as near, first
// those in use in the revision effective at rev (not replaced by then,
// not yet introduced after). The match is case-insensitive; the result
// holds no duplicates and not phrase itself.
func (l *Lexicon) NamesAt(phrase string, rev corpus.Date) []string {
	key := func(s string) string { return strings.ReplaceAll(s, "-", " ") }
	day := rev.Time.Format(time.DateOnly) // Since is YYYY-MM-DD (checked by Parse): compared as text
	inUse := func(name string) bool {
		for _, t := range l.Terms {
			if key(t.Old) == key(name) && t.Since <= day || key(t.New) == key(name) && t.Since > day {
				return false
			}
		}
		return true
	}
	p := strings.ToLower(strings.Join(strings.Fields(phrase), " "))
	seen := map[string]bool{key(p): true}
	var out []string
	for hop := []string{key(p)}; len(hop) > 0; {
		var next, now, later []string // next: the names one step further, as the lexicon first writes each
		for _, n := range hop {
			for _, t := range l.Terms {
				for _, pair := range [][2]string{{t.Old, t.New}, {t.New, t.Old}} {
					if k := key(pair[1]); key(pair[0]) == n && !seen[k] {
						seen[k] = true
						next = append(next, k)
						forms := []string{pair[1]}
						if k != pair[1] {
							forms = append(forms, k)
						}
						if inUse(pair[1]) {
							now = append(now, forms...)
						} else {
							later = append(later, forms...)
						}
					}
				}
			}
		}
		out = append(append(out, now...), later...)
		hop = next
	}
	return out
}
