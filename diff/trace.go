package diff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// A Change is one point of a rule's history with what its text became
// there: Class is measured on the text (Unchanged or Renumbered when the
// text is the same as at the point before), Diff is the word diff from the
// point before, nil when the text is the same or for the first point.
type Change struct {
	Point
	Diff []Op
}

// Trace returns the history of rule id of Revs[start] (see History) with
// the class and words of each change, measured on the rules' text: for a
// titled rule (a keyword ability), the rule with all its subrules, their
// numbers left out so that renumbering alone is no change. load returns
// the parsed revision named rev; only the revisions where the lineage says
// something changed are loaded, newest first. A nil lex means Default.
func (l *Lineage) Trace(start int, id string, lex *lexicon.Lexicon, load func(rev string) (*parse.Document, error)) ([]Change, error) {
	if lex == nil {
		lex = lexicon.Default()
	}
	points := l.History(start, id)
	need := map[string]bool{}
	for i, p := range points {
		switch {
		case i == 0 || p.Class != Unchanged && p.Class != Renumbered:
			need[p.Rev] = true
		case p.Title != "" && l.SubtreeChanged(l.indexOfRev(p.Rev), points[i-1].ID, p.ID):
			need[p.Rev], need[points[i-1].Rev] = true, true
		}
	}
	var names []string
	for n := range need {
		names = append(names, n)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(names)))
	docs := map[string]*parse.Document{}
	for _, n := range names {
		d, err := load(n)
		if err != nil {
			return nil, err
		}
		docs[n] = d
	}
	texts := make([]string, len(points))
	for i, p := range points {
		d, ok := docs[p.Rev]
		if !ok {
			texts[i] = texts[i-1]
			continue
		}
		r := d.Rule(parse.MustParseRuleID(p.ID))
		if r == nil {
			return nil, fmt.Errorf("lineage names %s in %s, which the parse does not have", p.ID, p.Rev)
		}
		texts[i] = subtreeText(r)
	}
	out := make([]Change, len(points))
	for i, p := range points {
		out[i] = Change{Point: p}
		switch {
		case i == 0:
		case texts[i-1] != texts[i]:
			out[i].Class = Classify(lex, texts[i-1], texts[i], points[i-1].ID == p.ID)
			out[i].Diff = WordDiff(texts[i-1], texts[i])
		case p.Moved:
			out[i].Class = Renumbered
		default:
			out[i].Class = Unchanged
		}
	}
	return out, nil
}

func (l *Lineage) indexOfRev(rev string) int {
	for i, r := range l.Revs {
		if r == rev {
			return i
		}
	}
	return -1
}

// subtreeText is the text a rule's history compares: a titled rule with
// its subrules, without their numbers.
func subtreeText(r *parse.Rule) string {
	s := RuleText(r)
	if r.Title == "" {
		return s
	}
	var b strings.Builder
	b.WriteString(s)
	for _, c := range r.Children {
		b.WriteString("\n")
		b.WriteString(subtreeText(c))
	}
	return b.String()
}
