package cite

import (
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
)

// TestRulesFile rebuilds rules.txt from every embedded revision: run
// go test ./cite -run RulesFile -update after the corpus changes.
func TestRulesFile(t *testing.T) {
	_, docs := corpustest.Docs(t)
	titles := map[parse.RuleID][]string{}
	add := func(id parse.RuleID, title string) {
		ts := titles[id]
		if title != "" && !strings.HasPrefix(title, "[") && !slices.Contains(ts, title) {
			ts = append(ts, title)
		}
		titles[id] = ts
	}
	for _, d := range docs {
		for _, p := range d.Parts {
			for _, c := range p.Chapters {
				if !c.Implicit {
					add(c.ID, parse.Normalize(c.Title))
				}
			}
		}
		d.Walk(func(r *parse.Rule) bool {
			if !r.Implicit {
				add(r.ID, parse.Normalize(r.Heading()))
			}
			return true
		})
	}
	ids := make([]parse.RuleID, 0, len(titles))
	for id := range titles {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, parse.RuleID.Compare)
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(id.String())
		for _, t := range titles[id] {
			b.WriteString("\t" + t)
		}
		b.WriteByte('\n')
	}
	golden.Check(t, "rules.txt", []byte(b.String()))
}
