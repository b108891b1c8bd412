package xref

import (
	"sort"
	"strings"

	"github.com/crules/crules/parse"
)

// Kind is what a reference points at.
type Kind uint8

// Kinds of targets.
const (
	KindRule     Kind = iota + 1 // a rule or subrule: "702.47", "601.2f"
	KindChapter                  // a chapter: "rule 309", "section 410" (1999)
	KindPart                     // a part: "section 8"
	KindGlossary                 // a glossary term: "See Cast."
)

func (k Kind) String() string {
	switch k {
	case KindRule:
		return "rule"
	case KindChapter:
		return "chapter"
	case KindPart:
		return "part"
	case KindGlossary:
		return "glossary"
	}
	return "none"
}

// A Target is one concrete thing a citation names. Ranges ("601.2f–h")
// expand to one Target each (601.2f, 601.2g, 601.2h).
type Target struct {
	Kind Kind
	ID   parse.RuleID // KindRule and KindChapter
	Part int          // KindPart
	Term string       // KindGlossary, as written
}

// String prints the target as the CR would cite it: "601.2f", "309",
// "section 8", or the glossary term.
func (t Target) String() string {
	switch t.Kind {
	case KindRule, KindChapter:
		return t.ID.String()
	case KindPart:
		return "section " + string(rune('0'+t.Part))
	}
	return t.Term
}

// Status tells how a reference resolved.
type Status uint8

// Statuses of a Ref.
const (
	Resolved      Status = iota // the target exists
	Unresolved                  // no such rule, chapter, part or term
	TitleMismatch               // the target exists but has another title than the one cited
)

func (s Status) String() string {
	return [...]string{"resolved", "unresolved", "title mismatch"}[s]
}

// A Source is the node a citation stands in: a rule or subrule (its text,
// or its Example-th example, counting from 1), or a glossary entry.
type Source struct {
	Rule     parse.RuleID
	Example  int
	Glossary string
}

// String prints "601.2f", "601.2f example 2" or "glossary “Cast”".
func (s Source) String() string {
	switch {
	case s.Glossary != "":
		return "glossary \u201c" + s.Glossary + "\u201d"
	case s.Example > 0:
		return s.Rule.String() + " example " + string(rune('0'+s.Example%10))
	}
	return s.Rule.String()
}

// A Ref is one citation of one target.
type Ref struct {
	Source     Source
	Pos        parse.Pos // where the citation (the number, or the term) starts
	Text       string    // the citation as written: "601.2f–h", "rule 309", "Cast"
	Target     Target
	CitedTitle string // the title quoted after the number, if any
	Status     Status
	Actual     string // for TitleMismatch: the target's real title

	// Para, Start and End place the citation in the text of its node:
	// Text is Start:End of the rule's Text, of its Example-th example's
	// Text, or of the glossary definition's Para-th paragraph (from 0).
	// The Refs of one range share the span.
	Para, Start, End int

	cite int // the citation as written this target came from
}

// A Graph holds every citation of a revision and the indexes to follow
// them both ways.
type Graph struct {
	Doc  *parse.Document
	Refs []*Ref // in source order

	out   map[parse.RuleID][]*Ref
	in    map[Target][]*Ref
	cites int // citations as written so far
	terms *termIndex
}

// Stats are a revision's citation counts. A citation is counted as
// written: "rules 601.2f–h" is one citation, resolved when all three
// subrules exist, though it makes three Refs.
type Stats struct {
	Citations       int `json:"citations"`
	Resolved        int `json:"resolved"`
	Unresolved      int `json:"unresolved"`
	TitleMismatches int `json:"title_mismatches"`
}

// Rate is the share of citations that resolve (title mismatches count as
// resolved: the target exists).
func (s Stats) Rate() float64 {
	if s.Citations == 0 {
		return 1
	}
	return float64(s.Citations-s.Unresolved) / float64(s.Citations)
}

// Stats counts g's citations.
func (g *Graph) Stats() Stats {
	var s Stats
	for i := 0; i < len(g.Refs); {
		status := Resolved
		j := i
		for ; j < len(g.Refs) && g.Refs[j].cite == g.Refs[i].cite; j++ {
			status = max(status, g.Refs[j].Status)
		}
		i = j
		s.Citations++
		switch status {
		case Resolved:
			s.Resolved++
		case Unresolved:
			s.Unresolved++
		case TitleMismatch:
			s.TitleMismatches++
		}
	}
	return s
}

// Outgoing returns the citations made by rule id's text and examples (not
// by its subrules), in source order.
func (g *Graph) Outgoing(id parse.RuleID) []*Ref { return g.out[id] }

// Incoming returns the citations whose target is t, in source order. A
// citation of a range counts for every rule in it.
func (g *Graph) Incoming(t Target) []*Ref { return g.in[t] }

// IncomingRule is Incoming for a rule, subrule or chapter ID.
func (g *Graph) IncomingRule(id parse.RuleID) []*Ref {
	k := KindRule
	if id.Level() == parse.LevelChapter {
		k = KindChapter
	}
	return g.in[Target{Kind: k, ID: id}]
}

// GlossaryRefs returns the citations made by a glossary entry.
func (g *Graph) GlossaryRefs(term string) []*Ref {
	var out []*Ref
	for _, r := range g.Refs {
		if r.Source.Glossary == term {
			out = append(out, r)
		}
	}
	return out
}

// Build extracts and resolves every citation in d: in rule text, examples
// and glossary definitions.
func Build(d *parse.Document) *Graph {
	g := &Graph{Doc: d, out: map[parse.RuleID][]*Ref{}, in: map[Target][]*Ref{}, terms: newTermIndex(d)}
	loc := newLocator(d)
	d.Walk(func(r *parse.Rule) bool {
		if r.Implicit {
			return true
		}
		g.scan(loc, Source{Rule: r.ID}, 0, r.Pos.Offset, r.Text)
		for i, e := range r.Examples {
			g.scan(loc, Source{Rule: r.ID, Example: i + 1}, 0, e.Pos.Offset, e.Text)
		}
		return true
	})
	for _, e := range d.Glossary {
		for i, p := range e.Definition {
			src := Source{Glossary: e.Term}
			g.scan(loc, src, i, p.Pos.Offset, p.Text)
			g.scanTermRefs(loc, src, i, p)
		}
	}
	for _, r := range g.Refs {
		g.resolve(r)
		if r.Source.Glossary == "" {
			g.out[r.Source.Rule] = append(g.out[r.Source.Rule], r)
		}
		g.in[r.Target] = append(g.in[r.Target], r)
	}
	return g
}

// RuleTargets returns what rule r's text and examples cite: the targets
// of Outgoing(r.ID) in the graph of r's document, unsorted, read without
// building the graph (which scans every rule and the glossary).
func RuleTargets(r *parse.Rule) []Target {
	if r.Implicit {
		return nil
	}
	var out []Target
	for _, c := range extract(r.Text) {
		out = append(out, c.targets...)
	}
	for _, e := range r.Examples {
		for _, c := range extract(e.Text) {
			out = append(out, c.targets...)
		}
	}
	return out
}

func (g *Graph) scan(loc *locator, src Source, para, nodeOff int, text string) {
	cs := extract(text)
	if len(cs) == 0 {
		return
	}
	base := loc.base(nodeOff, text)
	for _, c := range cs {
		pos := loc.pos(base, nodeOff, text, c.start, c.end)
		g.cites++
		for _, t := range c.targets {
			g.Refs = append(g.Refs, &Ref{Source: src, Pos: pos, Text: c.text, Target: t, CitedTitle: c.title, Para: para, Start: c.start, End: c.end, cite: g.cites})
		}
	}
}

// resolve looks r's target up in the document and checks a cited title.
func (g *Graph) resolve(r *Ref) {
	d := g.Doc
	actual, exists := "", false
	switch r.Target.Kind {
	case KindRule:
		if x := d.Rule(r.Target.ID); x != nil && !x.Implicit {
			exists, actual = true, x.Title
		}
	case KindChapter:
		if c := d.Chapter(r.Target.ID.Chapter); c != nil && !c.Implicit {
			exists, actual = true, c.Title
		}
	case KindPart:
		if p := d.Part(r.Target.Part); p != nil && !p.Implicit {
			exists, actual = true, p.Title
		}
	case KindGlossary:
		exists = d.GlossaryEntry(r.Target.Term) != nil
	}
	switch {
	case !exists:
		r.Status = Unresolved
	case r.CitedTitle != "" && actual != "" && !sameTitle(r.CitedTitle, actual):
		r.Status, r.Actual = TitleMismatch, actual
	default:
		r.Status = Resolved
	}
}

// sameTitle compares a cited title with a heading, ignoring typography,
// case and trailing punctuation.
func sameTitle(cited, actual string) bool {
	norm := func(s string) string {
		s = strings.ToLower(parse.Normalize(s))
		return strings.Trim(s, " .,;:\"'")
	}
	return norm(cited) == norm(actual)
}

// Sorted returns the targets of refs, sorted and without duplicates.
func Sorted(refs []*Ref) []Target {
	seen := map[Target]bool{}
	var out []Target
	for _, r := range refs {
		if !seen[r.Target] {
			seen[r.Target] = true
			out = append(out, r.Target)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if c := a.ID.Compare(b.ID); c != 0 {
			return c < 0
		}
		if a.Part != b.Part {
			return a.Part < b.Part
		}
		return a.Term < b.Term
	})
	return out
}
