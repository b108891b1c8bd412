package cite

import (
	_ "embed"
	"maps"
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

// Known is what Scan knows of the rules: the numbers that ever existed and
// the titles they had, as word keys ("first strike", "for mirrodin"); a
// title that is a sentence ("There are five special actions:") is no name.
// Rules is the set of every embedded revision; With adds others.
type Known struct {
	ids       map[parse.RuleID]bool
	names     map[string]bool
	abilities map[string]bool // the names of keyword abilities (702.x, 502.x)
	maxWords  int
}

var (
	knownOnce sync.Once
	knownSet  *Known
)

// Rules is what Scan knows: the rules of every embedded revision.
func Rules() *Known {
	knownOnce.Do(func() {
		k := &Known{ids: map[parse.RuleID]bool{}, names: map[string]bool{}, abilities: map[string]bool{}}
		for line := range strings.Lines(rulesTxt) {
			fields := strings.Split(strings.TrimRight(line, "\n"), "\t")
			if id, err := parse.ParseRuleID(fields[0]); err == nil {
				k.add(id, fields[1:]...)
			}
		}
		knownSet = k
	})
	return knownSet
}

// With returns k and the numbers and titles of docs (revisions a user
// added, which rules.txt cannot list), read as TestRulesFile reads the
// embedded ones. k is left as it is.
func (k *Known) With(docs ...*parse.Document) *Known {
	n := &Known{ids: maps.Clone(k.ids), names: maps.Clone(k.names), abilities: maps.Clone(k.abilities), maxWords: k.maxWords}
	for _, d := range docs {
		for _, p := range d.Parts {
			for _, c := range p.Chapters {
				if !c.Implicit {
					n.add(c.ID, parse.Normalize(c.Title))
				}
			}
		}
		d.Walk(func(r *parse.Rule) bool {
			if !r.Implicit {
				n.add(r.ID, parse.Normalize(r.Heading()))
			}
			return true
		})
	}
	return n
}

// add records rule id with its titles.
func (k *Known) add(id parse.RuleID, titles ...string) {
	k.ids[id] = true
	for _, t := range titles {
		words := titleWords(t)
		if t == "" || strings.HasPrefix(t, "[") || len(words) == 0 || len(words) > 6 || strings.ContainsAny(t, ".:") {
			continue
		}
		key := strings.Join(words, " ")
		k.names[key] = true
		if id.Rule != 0 && (id.Chapter == 702 || id.Chapter == 502) {
			k.abilities[key] = true
		}
		k.maxWords = max(k.maxWords, len(words))
	}
}

// titleWords splits a title into lower-case words of letters and digits:
// "For Mirrodin!" → for, mirrodin; "State-Based Actions" → state, based,
// actions.
func titleWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
