package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// DiffJSON is the comparison of two revisions as the /api/diff route
// answers it: the documented snake_case shape of `crules diff --json`,
// plus the classes listed and the full renumbering map.
type DiffJSON struct {
	A       string         `json:"a"`
	B       string         `json:"b"`
	Classes []string       `json:"classes"` // the classes of Pairs: the filter
	Counts  map[string]int `json:"counts"`  // class → number of pairs, unfiltered
	// Renumbering maps every rule and subrule of A whose number changed to
	// its number in B, whatever the class filter.
	Renumbering map[string]string `json:"renumbering"`
	Pairs       []DiffPair        `json:"pairs"`
}

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

// Diff compares revisions a and b (names of s's revisions, or "latest")
// and returns the pairs of the given classes (nil: all but unchanged) with
// their word-level changes.
func (s *Site) Diff(a, b string, classes []diff.Class) (*DiffJSON, error) {
	i, j, res, err := s.compare(a, b)
	if err != nil {
		return nil, err
	}
	out := &DiffJSON{A: s.Revs[i].Name, B: s.Revs[j].Name, Classes: classNames(classes), Counts: map[string]int{}, Renumbering: map[string]string{}, Pairs: []DiffPair{}}
	for c, n := range res.Counts() {
		out.Counts[c.String()] = n
	}
	want := wanted(classes)
	for _, p := range res.Pairs {
		if p.Moved && p.A != nil && p.B != nil {
			out.Renumbering[p.A.ID.String()] = p.B.ID.String()
		}
		if !want(p.Class) {
			continue
		}
		j := NewDiffPair(p, false)
		out.Pairs = append(out.Pairs, j)
	}
	return out, nil
}

// diffRow is a change on the change page.
type diffRow struct {
	ID, AID, BID, AHref, BHref, Title, Class string
	Ops                                      []wordOp
}
type classCount struct {
	Class string
	N     int
}

// DiffPage writes the change page from revision a to b (names of s's
// revisions, or "latest"), listing the pairs of the given classes (nil:
// all but unchanged): counts, the renumbering table, and each change with
// its words deleted and inserted. Its links are relative to diff/{a}/{b}
// (or diff/{a}/{b}.html).
func (s *Site) DiffPage(w io.Writer, a, b string, classes []diff.Class) error {
	i, j, res, err := s.compare(a, b)
	if err != nil {
		return err
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
		A, B, Filter string
		Counts       []classCount
		Moved, Pairs []diffRow
	}{A: an, B: bn}
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
		row.Ops = wordOps(ta, tb, row.ID)
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
