package crules

import (
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
	"github.com/crules/crules/xref"
)

// Refs are the citations around a rule (with its subrules) or chapter.
type Refs struct {
	Doc      *Document
	ID       parse.RuleID // the rule's number in Doc (502.40a for 702.47a asked of 2005-10-01)
	Outgoing []*xref.Ref  // what it cites
	Incoming []*xref.Ref  // what cites it
	Terms    []string     // the glossary terms its text uses
	// Found is the rule or chapter as Rule finds it; its Asked is set
	// when the number asked for was followed through the lineage.
	Found *RuleAnswer
}

// Note says how the rule relates to the number asked for, as
// RuleAnswer.Note does: "" unless it was renumbered.
func (r *Refs) Note() string { return r.Found.Note() }

// JSON is the citations as the command line's --json prints them, with
// "asked" when the rule was followed through the lineage.
func (r *Refs) JSON() any {
	asked := ""
	if !r.Found.Asked.IsZero() {
		asked = r.Found.Asked.String()
	}
	return render.RefsJSON(r.Doc.Document, r.ID.String(), r.Doc.Label, asked, r.Outgoing, r.Incoming, r.Terms)
}

// Refs lists what rule id of src (with its subrules, or a chapter's rules)
// cites, what cites it, and the glossary terms it uses. A rule is found as
// Rule finds it: 702.47a of 2005-10-01 lists the citations of 502.40a. No
// such rule is ErrNoRule.
func (l *Library) Refs(src Source, id parse.RuleID) (*Refs, error) {
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	a, err := l.resolve(d, id)
	if err != nil {
		return nil, err
	}
	c, r := a.Chapter, a.Rule
	if r != nil {
		id = r.ID
	}
	var within []parse.RuleID
	if c != nil {
		within = append(within, id)
		for _, r := range c.Rules {
			within = append(within, subtree(r)...)
		}
	} else {
		within = subtree(r)
	}
	g := d.Graph()
	out := &Refs{Doc: d, ID: id, Terms: []string{}, Found: a}
	seen := map[string]bool{}
	for _, x := range within {
		out.Outgoing = append(out.Outgoing, g.Outgoing(x)...)
		out.Incoming = append(out.Incoming, g.IncomingRule(x)...)
		if r := d.Rule(x); r != nil {
			for _, e := range g.RuleTerms(r) {
				if !seen[e.Term] {
					seen[e.Term] = true
					out.Terms = append(out.Terms, e.Term)
				}
			}
		}
	}
	return out, nil
}

func subtree(r *parse.Rule) []parse.RuleID {
	ids := []parse.RuleID{r.ID}
	for _, c := range r.Children {
		ids = append(ids, subtree(c)...)
	}
	return ids
}

// Check lints documents: unresolved citations, title mismatches,
// duplicate numbers, lettering gaps, examples outside rules; one list of
// findings per document, on all cores.
func Check(docs ...*Document) [][]xref.Finding {
	out := make([][]xref.Finding, len(docs))
	parallel(len(docs), func(i int) { out[i] = xref.Check(docs[i].Graph()) })
	return out
}
