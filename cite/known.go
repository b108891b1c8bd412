package cite

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"

	"github.com/crules/crules/parse"
)

// rulesTxt lists every rule, subrule and chapter number any embedded
// revision has, one a line, with the titles it had in any revision after
// a tab. TestRulesFile rebuilds it from the corpus (go test -update).
//
//go:embed rules.txt
var rulesTxt string

// known is what Scan knows of the rules: the numbers that ever existed and
// the titles they had, as word keys ("first strike", "for mirrodin"); a
// title that is a sentence ("There are five special actions:") is no name.
type known struct {
	ids       map[parse.RuleID]bool
	names     map[string]bool
	abilities map[string]bool // the names of keyword abilities (702.x, 502.x)
	maxWords  int
}

var (
	knownOnce sync.Once
	knownSet  *known
)

func knownRules() *known {
	knownOnce.Do(func() {
		k := &known{ids: map[parse.RuleID]bool{}, names: map[string]bool{}, abilities: map[string]bool{}}
		for line := range strings.Lines(rulesTxt) {
			fields := strings.Split(strings.TrimRight(line, "\n"), "\t")
			if id, err := parse.ParseRuleID(fields[0]); err == nil {
				k.ids[id] = true
			}
			for _, t := range fields[1:] {
				words := titleWords(t)
				if len(words) == 0 || len(words) > 6 || strings.ContainsAny(t, ".:") {
					continue
				}
				k.names[strings.Join(words, " ")] = true
				if strings.HasPrefix(fields[0], "702.") || strings.HasPrefix(fields[0], "502.") {
					k.abilities[strings.Join(words, " ")] = true
				}
				k.maxWords = max(k.maxWords, len(words))
			}
		}
		knownSet = k
	})
	return knownSet
}

// titleWords splits a title into lower-case words of letters and digits:
// "For Mirrodin!" → for, mirrodin; "State-Based Actions" → state, based,
// actions.
func titleWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
