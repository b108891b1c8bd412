package ability

import "strings"

// The grammar of the rules that change what damage a source with a
// keyword does (wither, infect, toxic: 120.3), read from their subrules
// "Damage dealt to a creature by a source with KEYWORD …", which the
// rules quote as no definition:
//
//	damage  = result {" " result}
//	result  = "Damage dealt to a creature by a source with" KEYWORD ("isn't marked" | "doesn't stay") "on that creature"
//	              ". Rather, it causes" ["that source's controller to put"] "that many -1/-1 counters" ["to be put"] "on that creature"
//	        | "Damage dealt to a player by a source with" KEYWORD "doesn't cause that player to lose life"
//	              ". Rather, it causes" ("the player to get" | "that source's controller to give the player") "that many poison counters"
//	        | "Combat damage dealt to a player by a creature with" KEYWORD "causes that creature's controller to give the player"
//	              "a number of poison counters equal to that creature's total" KEYWORD "value, in addition to the damage's other results"
//
// Cross-references ("See rule 120.3.", "(see rule 212.3g)") are no part
// of the rule's meaning.

var (
	reSeeRule       = lazyRegexp(`(?i)\s*(\(see rule [0-9a-z.]+\)|see rules? [0-9a-z.]+\.?)`)
	reDamageCounter = lazyRegexp(`^(?i)damage dealt to a creature by a source with (\w+) (?:isn't marked|doesn't stay) on that creature\. rather, it causes (?:that source's controller to put that many -1/-1 counters|that many -1/-1 counters to be put) on that creature\.?`)
	reDamagePoison  = lazyRegexp(`^(?i)damage dealt to a player by a source with (\w+) doesn't cause that player to lose life\. rather, it causes (?:the player to get|that source's controller to give the player) that many poison counters\.?`)
	reDamageToxic   = lazyRegexp(`^(?i)combat damage dealt to a player by a creature with (\w+) causes that creature's controller to give the player a number of poison counters equal to that creature's total (\w+) value, in addition to the damage's other results\.?`)
)

// readDamage reads d as the rules of what a keyword's damage does; it
// reports false when d does not begin as one.
func readDamage(d string) ([]Ability, bool, error) {
	t := strings.TrimSpace(reSeeRule().ReplaceAllString(d, ""))
	low := strings.ToLower(t)
	if !strings.HasPrefix(low, "damage dealt to a ") && !strings.HasPrefix(low, "combat damage dealt to a ") {
		return nil, false, nil
	}
	var out []Ability
	at := 0
	for at < len(t) {
		rest := t[at:]
		var m []string
		var r *DamageRider
		switch {
		case reDamageCounter().MatchString(rest):
			m = reDamageCounter().FindStringSubmatch(rest)
			r = &DamageRider{Base: Base{Rule: []string{"damage dealt to a creature"}, Note: "%s is dealt %d damage by %s, which has " + strings.ToLower(m[1]) + ": %d -1/-1 counters are put on it instead of the damage being marked"}, Counters: true}
		case reDamagePoison().MatchString(rest):
			m = reDamagePoison().FindStringSubmatch(rest)
			r = &DamageRider{Base: Base{Rule: []string{"damage dealt to a player"}, Note: "%s is dealt %d damage by %s, which has " + strings.ToLower(m[1]) + ": %s gets %d poison counters instead of losing life"}, Poison: true}
		case reDamageToxic().MatchString(rest):
			m = reDamageToxic().FindStringSubmatch(rest)
			if !strings.EqualFold(m[1], m[2]) {
				return nil, true, textErr(at, "%q: the total value of another keyword than %q", rest, m[1])
			}
			r = &DamageRider{Base: Base{Rule: []string{"combat damage dealt to a player"}, Note: "%s deals combat damage to %s and has " + strings.ToLower(m[1]) + " %d: %s gets %d poison counters besides"}, Toxic: true}
		default:
			return nil, true, textErr(at, "no rule of damage the grammar knows at %q", rest)
		}
		out = append(out, r)
		at += len(m[0])
		for at < len(t) && t[at] == ' ' {
			at++
		}
	}
	return out, true, nil
}
