package crules

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

// A Named is how a name typed where a rule number is expected was read:
// "trample" is 702.19, Trample; "combat damage step" is chapter 510;
// "mulligan" is 103.5, the one rule the glossary entry Mulligan cites.
type Named struct {
	Name  string       // as asked
	ID    parse.RuleID // the rule or chapter it names
	Title string       // the rule's or chapter's title, or the glossary term
	// Glossary tells that the name is a glossary term (Title) and ID the
	// one rule or chapter its definition cites.
	Glossary bool
}

// Note says how the name was read, for a line on stderr: `"trample" is
// 702.19 Trample`, `"mulligan" is 103.5, which the glossary entry
// Mulligan cites`.
func (n *Named) Note() string {
	if n.Glossary {
		return fmt.Sprintf("%q is %s, which the glossary entry %s cites", n.Name, n.ID, n.Title)
	}
	return fmt.Sprintf("%q is %s %s", n.Name, n.ID, n.Title)
}

// IsName reports whether s reads as a name rather than a rule number: it
// holds a letter and no digit ("trample", "combat damage step"). A string
// with a digit that is not a rule reference is a malformed number.
func IsName(s string) bool {
	return strings.ContainsFunc(s, unicode.IsLetter) && !strings.ContainsFunc(s, unicode.IsDigit)
}

// IsRuleNumber reports whether s is one bare rule or subrule number
// ("702.47", "702.47a."), not a chapter, a range or words: a query a
// search answers best by looking the rule up.
func IsRuleNumber(s string) bool {
	id, err := ParseRuleID(s)
	return err == nil && id.Rule > 0
}

// RuleRefs reads rule references as Lookup takes them, or a name where a
// rule number is expected (see RuleNamed): a string that is neither a
// reference nor a name (IsName) is ErrBadRequest; a name that names no
// one rule is ErrNoRule with suggestions. named is set when s was a name.
func (l *Library) RuleRefs(src Source, s string) (refs []parse.RuleRef, named *Named, err error) {
	refs, err = ParseRuleRefs(s)
	if err == nil || !IsName(s) {
		return refs, nil, err
	}
	if named, err = l.RuleNamed(src, s); err != nil {
		return nil, nil, err
	}
	return []parse.RuleRef{{ID: named.ID}}, named, nil
}

// RuleNamed finds the rule or chapter a name stands for in src, case and
// typography aside: the one rule or subrule titled so (a keyword:
// "trample" is 702.19), else the one chapter ("combat damage step" is
// 510), else the one rule or chapter that the glossary entry of that name
// (found as Glossary finds it, by its era's name or an abbreviation)
// cites ("mulligan" is 103.5). Anything else is ErrNoRule suggesting the
// nearest titles and the first search hits for the name.
func (l *Library) RuleNamed(src Source, name string) (*Named, error) {
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	key := nameKey(name)
	if key == "" {
		return nil, &Error{Kind: ErrBadRequest, Msg: "empty rule number or name"}
	}
	titles := titlesOf(d)
	if t := titles.only(key, false); t != nil {
		return &Named{Name: name, ID: t.id, Title: t.title}, nil
	}
	if t := titles.only(key, true); t != nil {
		return &Named{Name: name, ID: t.id, Title: t.title}, nil
	}
	if a, err := l.Glossary(src, name); err == nil {
		if id, ok := citesOne(d.Graph(), a.Entry.Term); ok {
			return &Named{Name: name, ID: id, Title: a.Entry.Term, Glossary: true}, nil
		}
	} else if !errors.Is(err, ErrNoTerm) {
		return nil, err
	}
	near := titles.nearest(key, 5)
	if res, err := l.Search(src, name, SearchOptions{Limit: 5}); err == nil {
		for _, h := range res.Hits {
			s := h.ID + " " + h.Title
			if h.Term != "" {
				s = "glossary " + h.Term
			}
			if len(near) < 8 && !containsFold(near, s) {
				near = append(near, s)
			}
		}
	}
	msg := fmt.Sprintf("no rule or chapter is titled %q in %s, and no glossary entry of that name cites one rule", name, d.Label)
	if len(near) > 0 {
		msg += "; did you mean: " + strings.Join(near, ", ")
	}
	return nil, &Error{Kind: ErrNoRule, Msg: msg, Nearest: near}
}

// nameKey is a name as titles are compared: typography made plain, lower
// case, spaces collapsed, without a closing exclamation mark.
func nameKey(s string) string {
	// "Start Your Engines!" is found as "start your engines".
	return strings.TrimRight(strings.Join(strings.Fields(strings.ToLower(parse.Normalize(s))), " "), "!")
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// A titledNode is a rule or chapter with a title.
type titledNode struct {
	id      parse.RuleID
	title   string
	key     string // nameKey(title)
	chapter bool
}

type titleList []titledNode

// titlesOf lists the titled rules and the chapters of d, in order.
func titlesOf(d *Document) titleList {
	var out titleList
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			if !c.Implicit {
				out = append(out, titledNode{c.ID, c.Title, nameKey(c.Title), true})
			}
		}
	}
	d.Walk(func(r *parse.Rule) bool {
		if r.Title != "" && !r.Implicit {
			out = append(out, titledNode{r.ID, r.Title, nameKey(r.Title), false})
		}
		return true
	})
	return out
}

// only is the one rule (or chapter) titled key, nil when none or several
// are.
func (ts titleList) only(key string, chapter bool) *titledNode {
	var found *titledNode
	for i := range ts {
		if ts[i].chapter == chapter && ts[i].key == key {
			if found != nil {
				return nil
			}
			found = &ts[i]
		}
	}
	return found
}

// nearest lists the titles nearest key as "702.19 Trample": those that
// begin with it, then those that hold it, then by edit distance.
func (ts titleList) nearest(key string, n int) []string {
	type cand struct {
		t     *titledNode
		score int
	}
	var cs []cand
	for i := range ts {
		t := &ts[i]
		score := editDistance(key, t.key)
		switch {
		case strings.HasPrefix(t.key, key):
			score = 0
		case strings.Contains(t.key, key) || strings.Contains(key, t.key) && len(t.key) > 3:
			score = 1
		}
		if score <= max(2, len(key)/3) {
			cs = append(cs, cand{t, score})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score < cs[j].score })
	var out []string
	for _, c := range cs {
		s := c.t.id.String() + " " + c.t.title
		if len(out) < n && !containsFold(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// citesOne is the one rule or chapter the glossary entry term cites, ok
// false when it cites none or several.
func citesOne(g *xref.Graph, term string) (parse.RuleID, bool) {
	var id parse.RuleID
	for _, r := range g.GlossaryRefs(term) {
		if r.Status == xref.Unresolved || (r.Target.Kind != xref.KindRule && r.Target.Kind != xref.KindChapter) {
			continue
		}
		if !id.IsZero() && r.Target.ID != id {
			return parse.RuleID{}, false
		}
		id = r.Target.ID
	}
	return id, !id.IsZero()
}
