package parse

import (
	"sort"
	"strings"
	"sync"
	"time"
)

// Era tells which layout of the rules a document follows.
type Era string

// The two eras of the CR. Era502 documents (1999 to May 2009) keep keyword
// abilities at 502.x and say "play a spell", "removed from the game", "comes
// into play"; Era702 documents (Magic 2010 onwards) keep them at 702.x and
// say "cast", "exile", "enters the battlefield". EraUnknown is for fragments
// that show neither.
const (
	EraUnknown Era = ""
	Era502     Era = "502"
	Era702     Era = "702"
)

// Layout is the physical layout of a source.
type Layout string

// Layouts of CR files.
const (
	// LayoutParagraphs has one paragraph per line (most files).
	LayoutParagraphs Layout = "paragraphs"
	// LayoutWrapped is hard-wrapped: a paragraph continues over several
	// lines, paragraphs are separated by blank lines (1999–2004).
	LayoutWrapped Layout = "wrapped"
)

// A Document is one parsed CR revision or fragment.
//
// Parts, chapters, rules and subrules appear in source order. A node whose
// heading is missing from the source (a fragment that starts mid-chapter)
// is created with Implicit set and no title or text, so that every rule has
// a chapter and every subrule a rule.
type Document struct {
	Name      string    // the name given to Parse, used in positions
	Text      string    // the decoded source; every Pos.Offset indexes it
	Encoding  Encoding  // how the bytes were decoded
	Layout    Layout    // how the paragraphs were laid out
	Title     string    // "Magic: The Gathering Comprehensive Rules"
	Effective time.Time // the date the rules took effect; zero if not stated
	Era       Era
	Fragment  bool // no header, contents or glossary: an excerpt

	Intro    []*Paragraph // the introduction, before the contents
	Contents []*TOCEntry  // the table of contents, as printed
	Parts    []*Part
	Glossary []*GlossaryEntry
	Index    []*Paragraph // the index of terms of 1999, an entry a line
	Credits  []*Paragraph

	Warnings ErrorList // positioned notes on what was skipped or guessed

	index    map[RuleID]*Rule
	ids      []RuleID // sorted, distinct, rules and subrules
	chapters map[int]*Chapter
	terms    map[string]*GlossaryEntry // folded term and variants → entry
	termsOK  sync.Once
}

// A Paragraph is a run of text with its position.
type Paragraph struct {
	Text string
	Pos  Pos
}

// A TOCEntry is one line of the table of contents: a part ("7"), a chapter
// ("702") or a heading with no number ("Glossary").
type TOCEntry struct {
	Number string
	Title  string
	Pos    Pos
}

// A Part is a numbered section of the rules: "7. Additional Rules".
type Part struct {
	Number   int
	Title    string
	Pos      Pos
	Implicit bool
	Chapters []*Chapter
}

// A Chapter is a three-digit heading: "702. Keyword Abilities".
type Chapter struct {
	ID       RuleID // Level() == LevelChapter
	Title    string
	Pos      Pos
	Implicit bool
	Rules    []*Rule
}

// A Rule is a numbered rule ("702.47.") or subrule ("702.47a").
//
// Title is set for rules whose text is a heading ("702.47. Splice",
// "214.6. Artifacts"); Text is then empty. Text holds the paragraphs of the
// rule joined by "\n", as published (see Normalize for a comparable form).
// Children are the subrules of a rule, in source order; a subrule has none.
type Rule struct {
	ID RuleID
	// Printed is the number the source prints when it is a misprint that
	// the parser read as ID, the number of where the rule stands ("502.35b"
	// printed under 502.36 Scry is 502.36b); zero otherwise.
	Printed  RuleID
	Title    string
	Text     string
	Pos      Pos // where the rule number starts
	Implicit bool
	Examples []*Example
	Children []*Rule
}

// An Example is an "Example:" paragraph, attached to the rule it follows.
// Text excludes the "Example:" label.
type Example struct {
	Text string
	Pos  Pos
}

// A GlossaryEntry is one term of the glossary. Term excludes an
// "(Obsolete)" mark, which sets Obsolete.
type GlossaryEntry struct {
	Term       string
	Obsolete   bool
	Definition []*Paragraph
	Pos        Pos
}

// Rule returns the rule or subrule with the given ID, or nil. When an ID
// occurs twice in a revision, the first is returned.
func (d *Document) Rule(id RuleID) *Rule { return d.index[id] }

// Chapter returns the chapter with the given number, or nil. When a
// chapter number occurs twice, the first that is not implicit is returned.
func (d *Document) Chapter(n int) *Chapter {
	if d.chapters != nil {
		return d.chapters[n]
	}
	var found *Chapter
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			if c.ID.Chapter == n && (found == nil || found.Implicit && !c.Implicit) {
				found = c
			}
		}
	}
	return found
}

// Part returns the part with the given number, or nil.
func (d *Document) Part(n int) *Part {
	for _, p := range d.Parts {
		if p.Number == n {
			return p
		}
	}
	return nil
}

// IDs returns the distinct IDs of all rules and subrules, sorted.
func (d *Document) IDs() []RuleID { return d.ids }

// Nearest returns up to n IDs close to id in rule order, for "did you mean"
// suggestions when id does not exist. IDs in the same rule or chapter come
// first.
func (d *Document) Nearest(id RuleID, n int) []RuleID {
	if len(d.ids) == 0 || n <= 0 {
		return nil
	}
	i := sort.Search(len(d.ids), func(i int) bool { return d.ids[i].Compare(id) >= 0 })
	type cand struct {
		id   RuleID
		rank int
		dist int
	}
	var cs []cand
	for j := max(0, i-n-2); j < min(len(d.ids), i+n+2); j++ {
		c := d.ids[j]
		rank := 2
		switch {
		case c.Chapter == id.Chapter && c.Rule == id.Rule:
			rank = 0
		case c.Chapter == id.Chapter:
			rank = 1
		}
		dist := j - i
		if dist < 0 {
			dist = -dist - 1
		}
		cs = append(cs, cand{c, rank, dist})
	}
	sort.SliceStable(cs, func(a, b int) bool {
		if cs[a].rank != cs[b].rank {
			return cs[a].rank < cs[b].rank
		}
		return cs[a].dist < cs[b].dist
	})
	var out []RuleID
	for _, c := range cs {
		if len(out) == n {
			break
		}
		out = append(out, c.id)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Compare(out[b]) < 0 })
	return out
}

// GlossaryEntry returns the glossary entry for term, or nil. Case and
// typography are ignored; a term matches each comma-separated variant of
// an entry ("Kicked" finds "Kicker, Kicked"), and a plural its singular
// ("Continuous Effects" finds "Continuous Effect").
func (d *Document) GlossaryEntry(term string) *GlossaryEntry {
	d.termsOK.Do(d.indexTerms) // built on first use: most lookups never need it
	k := foldTerm(term)
	if g := d.terms[k]; g != nil {
		return g
	}
	for _, suffix := range []string{"s", "es"} {
		if s, ok := strings.CutSuffix(k, suffix); ok {
			if g := d.terms[s]; g != nil {
				return g
			}
		}
	}
	return nil
}

func (d *Document) indexTerms() {
	d.terms = make(map[string]*GlossaryEntry, 2*len(d.Glossary))
	add := func(k string, g *GlossaryEntry) {
		if _, ok := d.terms[k]; !ok && k != "" {
			d.terms[k] = g
		}
	}
	for _, g := range d.Glossary {
		add(foldTerm(g.Term), g)
	}
	for _, g := range d.Glossary {
		// "Hidden Information (Informal)" is found as "Hidden Information".
		t := g.Term
		if i := strings.LastIndexByte(t, '('); i > 0 && strings.HasSuffix(t, ")") {
			t = strings.TrimSpace(t[:i])
			add(foldTerm(t), g)
		}
		for _, v := range strings.Split(t, ",") {
			add(foldTerm(v), g)
		}
	}
}

// Walk calls fn for every rule and subrule in source order, parents before
// their children. It stops when fn returns false.
func (d *Document) Walk(fn func(r *Rule) bool) {
	var walk func(rs []*Rule) bool
	walk = func(rs []*Rule) bool {
		for _, r := range rs {
			if !fn(r) || !walk(r.Children) {
				return false
			}
		}
		return true
	}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			if !walk(c.Rules) {
				return
			}
		}
	}
}

// Stats are the counts a revision is summarised by.
type Stats struct {
	Effective string `json:"effective"` // YYYY-MM-DD, "" when not stated
	Era       Era    `json:"era"`
	Rules     int    `json:"rules"`    // distinct numbered rules and subrules
	Examples  int    `json:"examples"` // Example paragraphs
	Glossary  int    `json:"glossary"` // glossary entries
	Chapters  int    `json:"chapters"` // chapter headings
	Parts     int    `json:"parts"`    // part headings
	Warnings  int    `json:"warnings"`
}

// Stats counts what d holds. Implicit nodes are not counted.
func (d *Document) Stats() Stats {
	s := Stats{Era: d.Era, Rules: len(d.ids), Glossary: len(d.Glossary), Warnings: len(d.Warnings)}
	if !d.Effective.IsZero() {
		s.Effective = d.Effective.Format(time.DateOnly)
	}
	for _, p := range d.Parts {
		if !p.Implicit {
			s.Parts++
		}
		for _, c := range p.Chapters {
			if !c.Implicit {
				s.Chapters++
			}
		}
	}
	d.Walk(func(r *Rule) bool {
		s.Examples += len(r.Examples)
		return true
	})
	return s
}
