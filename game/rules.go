package game

import (
	"strings"

	"github.com/crules/crules/parse"
)

// A Ref is a rule cited by a step of the engine: its ID and text in the
// revision the engine runs. The zero Ref cites nothing (the revision has
// no such rule).
type Ref struct {
	ID   parse.RuleID
	Text string
}

// IsZero reports whether r cites nothing.
func (r Ref) IsZero() bool { return r.ID == parse.RuleID{} }

// String prints "ID text".
func (r Ref) String() string {
	if r.IsZero() {
		return "(no rule)"
	}
	return r.ID.String() + " " + r.Text
}

// RefOf returns a Ref to rule r.
func RefOf(r *parse.Rule) Ref {
	if r == nil {
		return Ref{}
	}
	t := r.Text
	if t == "" {
		t = r.Title
	}
	return Ref{ID: r.ID, Text: parse.Normalize(t)}
}

// Rules finds the rules of one revision the engine cites, by what they
// say rather than by number, so that one engine cites 409.1f in 2006 and
// 601.2f today. The zero Rules (or nil) cites nothing.
type Rules struct {
	doc   *parse.Document
	lower map[*parse.Rule]string
	cache map[string]Ref
}

// NewRules returns the citation finder of doc.
func NewRules(doc *parse.Document) *Rules {
	r := &Rules{doc: doc, lower: map[*parse.Rule]string{}, cache: map[string]Ref{}}
	return r
}

// Doc is the revision the rules come from.
func (r *Rules) Doc() *parse.Document {
	if r == nil {
		return nil
	}
	return r.doc
}

func (r *Rules) text(x *parse.Rule) string {
	t, ok := r.lower[x]
	if !ok {
		t = strings.ToLower(parse.Normalize(x.Text))
		r.lower[x] = t
	}
	return t
}

// Find returns the first rule (in rule order, among the game rules of
// parts 1–7) whose text contains one of phrases, tried in order, case
// ignored.
func (r *Rules) Find(phrases ...string) Ref {
	if r == nil || r.doc == nil {
		return Ref{}
	}
	key := strings.Join(phrases, "\x00")
	if ref, ok := r.cache[key]; ok {
		return ref
	}
	var found Ref
	for _, p := range phrases {
		p = strings.ToLower(p)
		r.doc.Walk(func(x *parse.Rule) bool {
			if x.Text != "" && strings.Contains(r.text(x), p) {
				found = RefOf(x)
				return false
			}
			return true
		})
		if !found.IsZero() {
			break
		}
	}
	r.cache[key] = found
	return found
}

// Within returns the first subrule of rule under whose text contains one
// of phrases, or under's first subrule, or under itself.
func Within(under *parse.Rule, phrases ...string) Ref {
	if under == nil {
		return Ref{}
	}
	for _, p := range phrases {
		p = strings.ToLower(p)
		for _, c := range under.Children {
			if strings.Contains(strings.ToLower(parse.Normalize(c.Text)), p) {
				return RefOf(c)
			}
		}
	}
	if len(under.Children) > 0 {
		return RefOf(under.Children[0])
	}
	return RefOf(under)
}

// Titled returns the rule or chapter heading titled one of titles (case
// ignored), as a rule; nil if none.
func (r *Rules) Titled(titles ...string) *parse.Rule {
	if r == nil || r.doc == nil {
		return nil
	}
	for _, t := range titles {
		for _, p := range r.doc.Parts {
			for _, c := range p.Chapters {
				if strings.EqualFold(c.Title, t) {
					return &parse.Rule{ID: c.ID, Title: c.Title, Children: c.Rules}
				}
				for _, x := range c.Rules {
					if strings.EqualFold(x.Title, t) {
						return x
					}
				}
			}
		}
	}
	return nil
}
