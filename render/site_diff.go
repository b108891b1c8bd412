package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// DiffPair is one matched, added or removed rule.
type DiffPair struct {
	A     string   `json:"a,omitempty"`
	B     string   `json:"b,omitempty"`
	Title string   `json:"title,omitempty"`
	Class string   `json:"class"`
	Moved bool     `json:"moved"`
	Score float64  `json:"score"`
	Via   string   `json:"via,omitempty"`
	Diff  []OpJSON `json:"diff,omitempty"`
}

// ParseClasses reads a comma-separated class list ("edited,added"); ""
// gives nil, which means every class but unchanged.
func ParseClasses(s string) ([]diff.Class, error) {
	var out []diff.Class
	for _, name := range strings.Split(s, ",") {
		if strings.TrimSpace(name) == "" {
			continue
		}
		c, ok := diff.ParseClass(name)
		if !ok {
			return nil, fmt.Errorf("unknown change class %q (classes: unchanged, renumbered, citations, typography, terminology, edited, split, merged, added, removed)", name)
		}
		out = append(out, c)
	}
	return out, nil
}

// compare diffs revisions a and b of s by name ("latest" works).
func (s *Site) compare(a, b string) (int, int, *diff.Result, error) {
	s.init()
	i, ok := s.byRev[a]
	j, ok2 := s.byRev[b]
	if !ok || !ok2 {
		return 0, 0, nil, fmt.Errorf("diff/%s/%s: %w (no such revision)", a, b, ErrNotFound)
	}
	a1, err := s.doc(i)
	if err != nil {
		return 0, 0, nil, err
	}
	b1, err := s.doc(j)
	if err != nil {
		return 0, 0, nil, err
	}
	return i, j, diff.Compare(a1, b1, s.Lexicon), nil
}

// wanted returns the filter as a set; nil classes means all but unchanged.
func wanted(classes []diff.Class) func(diff.Class) bool {
	if len(classes) == 0 {
		return func(c diff.Class) bool { return c != diff.Unchanged }
	}
	set := map[diff.Class]bool{}
	for _, c := range classes {
		set[c] = true
	}
	return func(c diff.Class) bool { return set[c] }
}

func classNames(classes []diff.Class) []string {
	if len(classes) == 0 {
		for c := diff.Renumbered; c <= diff.Removed; c++ {
			classes = append(classes, c)
		}
	}
	out := make([]string, len(classes))
	for i, c := range classes {
		out[i] = c.String()
	}
	return out
}

// diffRow is a change on the change page; ATitle and BTitle name the rule
// on each side in the renumbering table (see RuleLabel).
type diffRow struct {
	ID, AID, BID, AHref, BHref, Title, Class string
	ATitle, BTitle                           string
	Ops                                      []wordOp
}

type classCount struct {
	Class string
	N     int
}

// DiffPageOptions choose what a change page lists. The zero value lists
// every change.
type DiffPageOptions struct {
	Classes []diff.Class // only these classes; none: all but unchanged
	// IgnoreTypography sets aside the changes of typography alone (see
	// diff.IgnoreTypography) and compares words through parse.Typography;
	// the page says how many there were.
	IgnoreTypography bool
	// Toggle links to the same page with IgnoreTypography switched; ""
	// for no link (a written site has one page of two revisions).
	Toggle string
}

// DiffPage writes the change page from revision a to b (names of s's
// revisions, or "latest"), listing the pairs o chooses: counts, the
// renumbering table with each rule's title or first words in both, and
// each change with its words deleted and inserted, long common text
// elided behind a control. Its links are relative to diff/{a}/{b} (or
// diff/{a}/{b}.html).
func (s *Site) DiffPage(w io.Writer, a, b string, o DiffPageOptions) error {
	classes := o.Classes
	i, j, res, err := s.compare(a, b)
	if err != nil {
		return err
	}
	typography := 0
	if o.IgnoreTypography {
		res.Pairs, typography = diff.IgnoreTypography(res.Pairs)
	}
	an, bn := s.Revs[i].Name, s.Revs[j].Name
	pa, pb := newDocPages(res.A), newDocPages(res.B)
	href := func(rev string, p *docPages, id parse.RuleID) string {
		if h := p.ruleHref(id); h != "" {
			return "../../" + rev + "/" + h
		}
		return ""
	}
	data := struct {
		A, B, Filter     string
		Counts           []classCount
		IgnoreTypography bool
		Typography       int
		Toggle           string
		Moved, Pairs     []diffRow
	}{A: an, B: bn, IgnoreTypography: o.IgnoreTypography, Typography: typography, Toggle: o.Toggle}
	if len(classes) > 0 {
		data.Filter = strings.Join(classNames(classes), ", ")
	}
	counts := res.Counts()
	for c := diff.Unchanged; c <= diff.Removed; c++ {
		if counts[c] > 0 {
			data.Counts = append(data.Counts, classCount{c.String(), counts[c]})
		}
	}
	want := wanted(classes)
	used := map[string]int{}
	for _, p := range res.Pairs {
		row := diffRow{Class: p.Class.String()}
		var ta, tb string
		if p.A != nil {
			row.AID, row.Title, ta = p.A.ID.String(), p.A.Title, diff.RuleText(p.A)
			row.AHref = href(an, pa, p.A.ID)
		}
		if p.B != nil {
			row.BID, row.Title, tb = p.B.ID.String(), p.B.Title, diff.RuleText(p.B)
			row.BHref = href(bn, pb, p.B.ID)
		}
		if p.Moved && p.A != nil && p.B != nil {
			row.ATitle, row.BTitle = RuleLabel(p.A), RuleLabel(p.B)
			data.Moved = append(data.Moved, row)
		}
		if !want(p.Class) {
			continue
		}
		if row.BID != "" {
			row.ID = uniqueID(used, "b-"+row.BID)
		} else {
			row.ID = uniqueID(used, "a-"+row.AID)
		}
		if ta != tb {
			var key func(string) string // words as they are
			if o.IgnoreTypography {
				key = parse.Typography
			}
			row.Ops = elideOps(diff.WordDiffBy(ta, tb, key), row.ID)
		}
		data.Pairs = append(data.Pairs, row)
	}
	bd, err := body("diff", data)
	if err != nil {
		return err
	}
	h1 := "Changes from " + an + " to " + bn
	return s.layout(w, layout{Title: h1, H1: h1, Root: "../../", Body: bd,
		Nav: []navLink{{"../../" + an + "/index.html", an}, {"../../" + bn + "/index.html", bn}}})
}
