package crules

import (
	"fmt"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// DiffOptions narrow a comparison. The zero value keeps every change.
type DiffOptions struct {
	Rule    parse.RuleID // only rules under this one (in either document)
	Classes []diff.Class // only these classes; none means all but Unchanged
}

// A Comparison is two documents compared rule by rule.
type Comparison struct {
	A, B *Document
	Rule parse.RuleID // the rule the comparison is narrowed to; zero for the whole documents
	// Counts counts the pairs under Rule (every pair without one), of
	// every class, before Classes narrows them.
	Counts map[diff.Class]int
	Pairs  []diff.Pair
}

// Diff compares two sources rule by rule: each rule of a matched to its
// counterpart in b despite renumbering, each change classified.
func (l *Library) Diff(a, b Source, o DiffOptions) (*Comparison, error) {
	da, db, err := l.pair(a, b)
	if err != nil {
		return nil, err
	}
	res := diff.Compare(da.Document, db.Document, nil)
	want := map[diff.Class]bool{}
	for _, c := range o.Classes {
		want[c] = true
	}
	c := &Comparison{A: da, B: db, Rule: o.Rule, Counts: map[diff.Class]int{}}
	for _, p := range res.Pairs {
		if !o.Rule.IsZero() && !(p.A != nil && o.Rule.Contains(p.A.ID) || p.B != nil && o.Rule.Contains(p.B.ID)) {
			continue
		}
		c.Counts[p.Class]++
		if len(want) > 0 && !want[p.Class] || len(want) == 0 && p.Class == diff.Unchanged {
			continue
		}
		c.Pairs = append(c.Pairs, p)
	}
	if !o.Rule.IsZero() && len(c.Counts) == 0 {
		// Neither document has the rule or anything under it: a typo,
		// not a rule that did not change.
		var ns []string
		for _, n := range db.Nearest(o.Rule, 5) {
			ns = append(ns, n.String())
		}
		msg := fmt.Sprintf("no rule %s in %s or %s", o.Rule, da.Label, db.Label)
		if len(ns) > 0 {
			msg += "; nearest in " + db.Label + ": " + strings.Join(ns, ", ")
		}
		return nil, &Error{Kind: ErrNoRule, Msg: msg, Nearest: ns}
	}
	return c, nil
}

// pair returns the documents of a and b.
func (l *Library) pair(a, b Source) (*Document, *Document, error) {
	da, err := l.Document(a)
	if err != nil {
		return nil, nil, err
	}
	db, err := l.Document(b)
	return da, db, err
}

// A Discovery is the phrase substitutions that recur between two
// documents.
type Discovery struct {
	A, B          *Document
	Substitutions []diff.Substitution
}

// Discover mines the substitutions that occur in at least min matched
// rules of a and b, and marks those the lexicon has.
func (l *Library) Discover(a, b Source, min int) (*Discovery, error) {
	da, db, err := l.pair(a, b)
	if err != nil {
		return nil, err
	}
	res := diff.Compare(da.Document, db.Document, nil)
	return &Discovery{A: da, B: db, Substitutions: diff.Discover(res, nil, min)}, nil
}

// ParseClasses reads change classes as users list them ("edited",
// "terminology,edited"); an unknown one is ErrBadRequest naming them all.
func ParseClasses(names ...string) ([]diff.Class, error) {
	var out []diff.Class
	for _, n := range names {
		for _, name := range strings.Split(n, ",") {
			k, ok := diff.ParseClass(name)
			if !ok {
				var all []string
				for c := diff.Unchanged; c <= diff.Removed; c++ {
					all = append(all, c.String())
				}
				return nil, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("--class %q: classes are %s", name, strings.Join(all, ", "))}
			}
			out = append(out, k)
		}
	}
	return out, nil
}
