package crules

import (
	"fmt"
	"strings"

	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
	"github.com/crules/crules/xref"
)

// Refs are the citations around a rule (with its subrules), a range of
// rules, a chapter or a part.
type Refs struct {
	Doc *Document
	// ID is what was asked, numbered as in Doc: "502.40a" for 702.47a
	// asked of 2005-10-01, "502" for 702 there, "601.2f–h" for a range, "7" for a part.
	ID       string
	Outgoing []*xref.Ref // what it cites
	Incoming []*xref.Ref // what cites it
	Terms    []string    // the glossary terms its text uses
	// Found is each rule or chapter as Rule finds it, or the part; a
	// rule's Asked is set when the number asked for was followed through
	// the lineage.
	Found []*RuleAnswer

	asked string // the reference as asked
}

// Note says how the rules relate to the numbers asked for, as
// RuleAnswer.Note does: "" unless one was renumbered.
func (r *Refs) Note() string {
	var notes []string
	for _, a := range r.Found {
		if n := a.Note(); n != "" {
			notes = append(notes, n)
		}
	}
	return strings.Join(notes, "; ")
}

// JSON is the citations as the command line's --json prints them, with
// "asked" when a rule was followed through the lineage.
func (r *Refs) JSON() any {
	asked := ""
	for _, a := range r.Found {
		if !a.Asked.IsZero() || a.Named != nil {
			asked = r.asked
		}
	}
	return render.RefsJSON(r.Doc.Document, r.ID, r.Doc.Label, asked, r.Outgoing, r.Incoming, r.Terms)
}

// Refs lists what the rules of ref in src cite (a rule with its
// subrules, each rule of a range, a chapter's or a part's rules), what
// cites them, and the glossary terms they use. A rule is found as Rule
// finds it: 702.47a of 2005-10-01 lists the citations of 502.40a. No such
// rule is ErrNoRule.
func (l *Library) Refs(src Source, ref parse.RuleRef) (*Refs, error) {
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	out := &Refs{Doc: d, ID: ref.String(), Terms: []string{}, asked: ref.String()}
	var within []parse.RuleID
	if ref.Part > 0 {
		p, err := findPart(d, ref.Part)
		if err != nil {
			return nil, err
		}
		out.Found = append(out.Found, &RuleAnswer{Doc: d, Part: p})
		for _, c := range p.Chapters {
			within = append(within, chapterRules(c)...)
		}
	}
	for _, id := range ref.IDs() {
		a, err := l.resolve(d, id)
		if err != nil {
			return nil, err
		}
		out.Found = append(out.Found, a)
		if a.Chapter != nil {
			within = append(within, chapterRules(a.Chapter)...)
		} else {
			within = append(within, subtree(a.Rule)...)
		}
	}
	switch n := len(out.Found); {
	case ref.Part == 0 && out.Found[0].Rule != nil:
		first, last := out.Found[0].Rule.ID, out.Found[n-1].Rule.ID
		out.ID = first.String()
		if n > 1 {
			out.ID = parse.RuleRef{ID: first, Last: last}.String()
		}
	case n == 1 && out.Found[0].Chapter != nil:
		out.ID = out.Found[0].Chapter.ID.String() // 502 for 702 asked of 2005-10-01
	}
	g := d.Graph()
	seen := map[string]bool{}
	citing := map[parse.Pos]bool{} // a range citing several of them is listed once
	for _, x := range within {
		out.Outgoing = append(out.Outgoing, g.Outgoing(x)...)
		for _, in := range g.IncomingRule(x) {
			if !citing[in.Pos] {
				citing[in.Pos] = true
				out.Incoming = append(out.Incoming, in)
			}
		}
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

// RefsOf is Refs for one reference as users type it (see ParseOneRef), or
// a name where a rule number is expected (see RuleNamed): "refs trample"
// lists the citations around 702.19, and its Note says how the name was
// read.
func (l *Library) RefsOf(src Source, s string) (*Refs, error) {
	rs, named, err := l.RuleRefs(src, s)
	if err != nil {
		return nil, err
	}
	if len(rs) != 1 {
		return nil, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%q: give one rule, chapter, range or part", s)}
	}
	r, err := l.Refs(src, rs[0])
	if err != nil {
		return nil, err
	}
	if named != nil {
		r.asked = s
		for _, a := range r.Found {
			a.Named = named
		}
	}
	return r, nil
}

// chapterRules is chapter c's number then each of its rules with their
// subrules.
func chapterRules(c *parse.Chapter) []parse.RuleID {
	ids := []parse.RuleID{c.ID}
	for _, r := range c.Rules {
		ids = append(ids, subtree(r)...)
	}
	return ids
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

// Checked is what Check found in some documents: Findings[i] are those of
// Docs[i]; Total counts them all.
type Checked struct {
	Docs     []*Document
	Findings [][]xref.Finding
	Total    int
}

// Lint checks the document src names, or every revision of the library
// when all is set (src is then not read), as CheckAll does: what check
// and check --all report.
func (l *Library) Lint(src Source, all bool) (*Checked, error) {
	if all {
		docs, err := l.All()
		if err != nil {
			return nil, err
		}
		return CheckAll(docs...), nil
	}
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	return CheckAll(d), nil
}

// CheckAll checks docs as Check does and counts what it found.
func CheckAll(docs ...*Document) *Checked {
	c := &Checked{Docs: docs, Findings: Check(docs...)}
	for _, fs := range c.Findings {
		c.Total += len(fs)
	}
	return c
}

// Summary counts the findings and the documents: "3 findings in 1
// revision", or "no findings".
func (c *Checked) Summary() string {
	if c.Total == 0 {
		return "no findings"
	}
	return render.Count(c.Total, "finding", "findings") + " in " + render.Count(len(c.Docs), "revision", "revisions")
}

// JSON is the findings of every document in one list, as check --json
// prints them (an empty list, not null, when there are none).
func (c *Checked) JSON() []render.FindingJSON {
	js := []render.FindingJSON{}
	for i, fs := range c.Findings {
		js = append(js, render.FindingsJSON(c.Docs[i].Label, c.Docs[i].Name, fs)...)
	}
	return js
}
