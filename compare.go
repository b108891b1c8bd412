package crules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// DiffOptions narrow a comparison. The zero value keeps every change.
type DiffOptions struct {
	Rule    parse.RuleID // only rules under this one, or its counterpart in a document that has it not (see Comparison.InA)
	Classes []diff.Class // only these classes; none means all but Unchanged
	// IgnoreTypography sets aside the changes of typography alone: quotes,
	// apostrophes, dashes and non-breaking spaces, through the normaliser
	// search uses (see diff.IgnoreTypography); such a pair counts as
	// unchanged or renumbered, and words are compared through it.
	IgnoreTypography bool
	// Stat asks for the counts without the pairs, as diff --stat prints
	// them: Comparison.Counts and Chapters, its Pairs empty. Two adjacent
	// embedded revisions compared whole, every class but unchanged, are
	// then read from the lineage's step when the lineage is cached:
	// nothing is parsed or compared, and the Comparison's A and B carry
	// their labels and revisions but no tree (their Document is nil).
	Stat bool
}

// A Comparison is two documents compared rule by rule.
type Comparison struct {
	A, B *Document
	Rule parse.RuleID // the rule the comparison is narrowed to; zero for the whole documents
	// InA and InB are Rule in A and in B: Rule itself, or, when that
	// document has it not, what it was or became there through the
	// lineage, followed from the other document when that one has it
	// (702.47a of 2009-07-11 is Epic, 502.44a in 2008-05-01) and else
	// as Library.Rule answers it (702.47a of 2005-10-01 is 502.40a), or
	// the chapter of its title (702 of 2005-10-01 is 502), whose Note
	// says so. Each side is narrowed to its own; nil when
	// Rule is zero or that document has no counterpart.
	InA, InB *RuleAnswer
	// Counts counts the pairs under Rule (every pair without one), of
	// every class, before Classes narrows them.
	Counts map[diff.Class]int
	Pairs  []diff.Pair
	// Chapters is set with DiffOptions.Stat: the pairs of each chapter (see
	// render.Comparison.ChapterCounts), counted in place of Pairs.
	Chapters []render.ChapterCount
	// IgnoreTypography is DiffOptions.IgnoreTypography; Typography is then
	// how many pairs under Rule differed in typography alone.
	IgnoreTypography bool
	Typography       int
}

// Diff compares two sources rule by rule: each rule of a matched to its
// counterpart in b despite renumbering, each change classified. With
// o.Rule, only the pairs whose A side is under the rule in a (as
// Comparison.InA says) or whose B side is under it in b are kept; when
// neither document has it or a counterpart, it is ErrNoRule with the
// nearest numbers in b (chapters, for a chapter).
func (l *Library) Diff(a, b Source, o DiffOptions) (*Comparison, error) {
	if o.Stat {
		return l.diffStat(a, b, o)
	}
	da, db, err := l.pair(a, b)
	if err != nil {
		return nil, err
	}
	c := &Comparison{A: da, B: db, Rule: o.Rule, Counts: map[diff.Class]int{}, IgnoreTypography: o.IgnoreTypography}
	ruleA, ruleB := o.Rule, o.Rule
	var errA, errB error
	if !o.Rule.IsZero() {
		c.InA, errA = l.resolve(da, o.Rule)
		c.InB, errB = l.resolve(db, o.Rule)
		for _, err := range []error{errA, errB} {
			if err != nil && !errors.Is(err, ErrNoRule) {
				return nil, err
			}
		}
		// One document has the rule itself: the other is narrowed to
		// what that rule was or became there, not to what the number
		// means in the latest revision (702.47a is Epic in 2009-07-11,
		// whose counterpart in 2008-05-01 is 502.44a, not Splice's
		// 502.40a).
		switch {
		case direct(c.InA) && !direct(c.InB) && !db.Rev.IsZero():
			c.InB, errB = l.counterpartIn(da, db, o.Rule)
		case direct(c.InB) && !direct(c.InA) && !da.Rev.IsZero():
			c.InA, errA = l.counterpartIn(db, da, o.Rule)
		}
		if errA != nil && !errors.Is(errA, ErrNoRule) || errB != nil && !errors.Is(errB, ErrNoRule) {
			return nil, errors.Join(errA, errB)
		}
		ruleA, ruleB = c.InA.id(o.Rule), c.InB.id(o.Rule)
	}
	res := diff.Compare(da.Document, db.Document, nil)
	pairs := res.Pairs
	if o.IgnoreTypography {
		pairs, _ = diff.IgnoreTypography(pairs)
	}
	want := map[diff.Class]bool{}
	for _, c := range o.Classes {
		want[c] = true
	}
	var counts [256]int // by class: a map's assignment per pair cost a tenth of 'diff --stat'
	for k, p := range pairs {
		if !o.Rule.IsZero() && !(p.A != nil && ruleA.Contains(p.A.ID) || p.B != nil && ruleB.Contains(p.B.ID)) {
			continue
		}
		if p.Class != res.Pairs[k].Class {
			c.Typography++
		}
		counts[p.Class]++
		if len(want) > 0 && !want[p.Class] || len(want) == 0 && p.Class == diff.Unchanged {
			continue
		}
		c.Pairs = append(c.Pairs, p)
	}
	for class, n := range counts {
		if n > 0 {
			c.Counts[diff.Class(class)] = n
		}
	}
	if !o.Rule.IsZero() && len(c.Counts) == 0 {
		// Neither document has the rule, anything under it or a
		// counterpart: a typo, not a rule that did not change.
		return nil, noRuleIn(da, db, o.Rule, errB)
	}
	return c, nil
}

// diffStat is Diff with o.Stat: from the lineage's step when it can be
// (see DiffOptions.Stat), else counted from the pairs Diff lists.
func (l *Library) diffStat(a, b Source, o DiffOptions) (*Comparison, error) {
	if lin := l.loadedLineage(); lin != nil && !a.IsFile() && !b.IsFile() && o.Rule.IsZero() && len(o.Classes) == 0 && !o.IgnoreTypography &&
		b.Rev.pos == a.Rev.pos+1 && b.Rev.pos < len(lin.Revs) && lin.Revs[a.Rev.pos] == a.Rev.Name() && lin.Revs[b.Rev.pos] == b.Rev.Name() {
		counts, chapters := lin.StepCounts(a.Rev.pos)
		if chapters == nil {
			chapters = []render.ChapterCount{}
		}
		doc := func(r Rev) *Document { return &Document{Source: r.Source(), Label: r.Name(), Rev: r} }
		return &Comparison{A: doc(a.Rev), B: doc(b.Rev), Counts: counts, Chapters: chapters}, nil
	}
	o.Stat = false
	c, err := l.Diff(a, b, o)
	if err != nil {
		return nil, err
	}
	c.Chapters = c.View().ChapterCounts()
	c.Pairs = nil
	return c, nil
}

// direct reports whether a is a rule a document has under the number
// asked, not a counterpart or a chapter.
func direct(a *RuleAnswer) bool {
	return a != nil && a.Rule != nil && a.Asked.IsZero() && a.Named == nil
}

// counterpartIn is what rule id of from (an embedded revision that has
// it) was or became in d, through the lineage; nil when it has none
// there.
func (l *Library) counterpartIn(from, d *Document, id parse.RuleID) (*RuleAnswer, error) {
	lin, err := l.Lineage()
	if err != nil {
		return nil, err
	}
	if from.Rev.IsZero() {
		return nil, nil
	}
	a, err := counterpartAt(lin, d, id, slices.Index(lin.Revs, from.Rev.Name()))
	if a != nil && a.Rule.ID == id {
		a.Asked, a.AskedIn = parse.RuleID{}, "" // the same number, the same rule
	}
	return a, err
}

// Notes says what Rule is in each document that has it not, as
// RuleAnswer.Note does: "702.47a (Splice) was 502.40a in 2005-10-01".
func (c *Comparison) Notes() []string {
	var out []string
	for _, a := range []*RuleAnswer{c.InA, c.InB} {
		if n := note(a); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// JSON is the comparison as the command line's --json prints it and
// /api/diff answers (see render.CompareJSON), the pairs without their
// word diffs when stat.
func (c *Comparison) JSON(stat bool) any { return render.CompareJSON(c.View(), stat) }

// View is the comparison as the printers of render take it.
func (c *Comparison) View() *render.Comparison {
	v := &render.Comparison{A: c.A.Document, B: c.B.Document, AName: c.A.Label, BName: c.B.Label, Scope: c.Rule.String(), Notes: c.Notes(),
		Counts: c.Counts, Pairs: c.Pairs, Chapters: c.Chapters, IgnoreTypography: c.IgnoreTypography, Typography: c.Typography}
	if c.InA != nil {
		v.RuleA = c.InA.id(c.Rule).String()
	}
	if c.InB != nil {
		v.RuleB = c.InB.id(c.Rule).String()
	}
	return v
}

// note is a's Note, "" for none.
func note(a *RuleAnswer) string {
	if a == nil {
		return ""
	}
	return a.Note()
}

// id is the rule or chapter a answers, or else when a is nil.
func (a *RuleAnswer) id(or parse.RuleID) parse.RuleID {
	switch {
	case a == nil:
		return or
	case a.Rule != nil:
		return a.Rule.ID
	}
	return a.Chapter.ID
}

// noRuleIn is ErrNoRule for id in neither da nor db, with what looking it
// up in db suggested (errB): the nearest numbers there (chapters, for a
// chapter), or when it came later, when.
func noRuleIn(da, db *Document, id parse.RuleID, errB error) error {
	what, label := "rule", "nearest in "+db.Label
	if id.Level() == parse.LevelChapter {
		what, label = "chapter", "nearest chapters in "+db.Label
	}
	msg := fmt.Sprintf("no %s %s in %s or %s", what, id, da.Label, db.Label)
	var e *Error
	if !errors.As(errB, &e) {
		return &Error{Kind: ErrNoRule, Msg: msg}
	}
	if len(e.Nearest) > 0 {
		msg += "; " + label + ": " + strings.Join(e.Nearest, ", ")
	} else {
		msg += "; " + e.Msg
	}
	return &Error{Kind: ErrNoRule, Msg: msg, Nearest: e.Nearest}
}

// pair returns the documents of a and b. Two revisions are parsed on
// both cores at once (a file is parsed when it is read, by SourceOf).
func (l *Library) pair(a, b Source) (*Document, *Document, error) {
	var db *Document
	var errB error
	done := make(chan struct{})
	if !a.IsFile() && !b.IsFile() {
		go func() {
			db, errB = l.Document(b)
			close(done)
		}()
	} else {
		close(done)
	}
	da, err := l.Document(a)
	<-done
	if err != nil {
		return nil, nil, err
	}
	if db == nil && errB == nil {
		db, errB = l.Document(b)
	}
	return da, db, errB
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

// DiffHelp says how Diff pairs and classifies the rules of two documents,
// for the command line's help.
const DiffHelp = `Diff matches every rule and subrule of A to its counterpart in B, despite
renumbering, and classifies each change:
  unchanged, renumbered (same text, new number), citations (only cited rule
  numbers changed), typography, terminology (only lexicon conventions such as
  play→cast), edited, split, merged, added, removed.
A and B are revisions (2009-05-01, 2009, latest, first, latest~1 for the one
before latest) or CR files on disk.`

// ParseDiffOptions reads a diff's options as users give them: the rule
// whose subtree to compare, in any form diffRuleRef takes ("" for all, a
// bad ID an error naming --rule; a name needs DiffRule)
// and the change classes to keep (ParseClasses).
func ParseDiffOptions(rule string, classes ...string) (DiffOptions, error) {
	var o DiffOptions
	if rule != "" {
		id, err := diffRuleRef(rule)
		if err != nil {
			return o, fmt.Errorf("--rule: %w", err)
		}
		o.Rule = id
	}
	var err error
	o.Classes, err = ParseClasses(classes...)
	return o, err
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

// diffRuleTakes says what a diff narrows to, for messages.
const diffRuleTakes = "a diff narrows to one chapter, rule or subrule (702, 702.47, CR 702.47a, §702.47a) or a rule's name (splice)"

// diffRuleRef reads the one rule a diff narrows to, in any form Lookup
// takes ("702.47a", "CR 702.47a", "§702.47a", "rule 702.47a"); a range,
// a part or several references are ErrBadRequest, as for History: a diff
// narrows to one subtree.
func diffRuleRef(s string) (parse.RuleID, error) {
	rs, err := ParseRuleRefs(s)
	if err != nil {
		return parse.RuleID{}, err
	}
	if len(rs) > 1 {
		return parse.RuleID{}, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%q is several references; %s", s, diffRuleTakes)}
	}
	switch r := rs[0]; {
	case r.Part > 0:
		return parse.RuleID{}, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%s is a part; %s", r, diffRuleTakes)}
	case r.IsRange():
		return parse.RuleID{}, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%s is a range; %s", r, diffRuleTakes)}
	default:
		return r.ID, nil
	}
}

// DiffRule reads the rule a diff of a and b narrows to (DiffOptions.Rule)
// as users give it: "" for none, a number in any form diffRuleRef takes,
// or a name where a number is expected, read as RuleNamed reads it in b,
// else in a ("splice" is 702.47 in 2006, 502.40 in 2005). note says how a
// name was read (Named.Note), for the front end to tell; "" for a number.
func (l *Library) DiffRule(a, b Source, s string) (id parse.RuleID, note string, err error) {
	if s == "" {
		return id, "", nil
	}
	id, err = diffRuleRef(s)
	if err == nil || !IsName(s) {
		return id, "", err
	}
	named, err := l.RuleNamed(b, s)
	if errors.Is(err, ErrNoRule) {
		if na, errA := l.RuleNamed(a, s); errA == nil {
			named, err = na, nil
		}
	}
	if err != nil {
		return parse.RuleID{}, "", err
	}
	return named.ID, named.Note(), nil
}
