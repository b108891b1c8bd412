package render

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/cite"
	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/index"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

// The JSON shapes of the command line's --json and of the server. Keys are
// stable and in lower snake case; README.md documents them.

// WriteJSON writes v as indented JSON, HTML characters as they are.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// ErrorJSON is the one error object of the command line's --json (a
// command that found nothing, exit status 1) and of the HTTP API: the
// message, its kind in lower snake case ("no_rule", "bad_request"; see
// crules.ErrorKind) and the nearest candidates, never null.
type ErrorJSON struct {
	Error       string   `json:"error"`
	Kind        string   `json:"kind"`
	Suggestions []string `json:"suggestions"`
}

// NewErrorJSON is err's error object, of kind kind: its suggestions are
// the candidates of the first error in its chain that offers some
// (Candidates() []string, as *crules.Error does).
func NewErrorJSON(err error, kind string) ErrorJSON {
	return ErrorJSON{err.Error(), kind, candidates(err)}
}

// candidates returns the candidates of the first error in err's chain
// that offers some, never nil.
func candidates(err error) []string {
	var c interface{ Candidates() []string }
	if errors.As(err, &c) && c.Candidates() != nil {
		return c.Candidates()
	}
	return []string{}
}

// A MissingJSON is a reference of several that was not found: its number
// as printed, the message and its nearest candidates, never null.
type MissingJSON struct {
	ID          string   `json:"id"`
	Error       string   `json:"error"`
	Suggestions []string `json:"suggestions"`
}

// NewMissingJSON is reference id not found for err, with its candidates
// as NewErrorJSON reads them.
func NewMissingJSON(id string, err error) MissingJSON {
	return MissingJSON{id, err.Error(), candidates(err)}
}

// PartialJSON is the answer to several rule references some of which
// were not found: the not-found object (err's message, one line per
// missing reference, and empty suggestions: each missing one has its
// own) with the rules found, in order, as the array of all found would
// hold them, and the missing ones.
func PartialJSON(err error, rules []any, missing []MissingJSON) any {
	return struct {
		Error       string        `json:"error"`
		Kind        string        `json:"kind"`
		Suggestions []string      `json:"suggestions"`
		Rules       []any         `json:"rules"`
		Missing     []MissingJSON `json:"missing"`
	}{err.Error(), "no_rule", []string{}, rules, missing}
}

// SearchJSON is the answer of search --json: the result (hits,
// suggestions, words too common to be indexed) and, when nothing matched,
// the error saying so.
func SearchJSON(res *index.Result, err error) any {
	msg, kind := "", ""
	if err != nil {
		msg, kind = err.Error(), "no_match"
	}
	return struct {
		Error string `json:"error,omitempty"`
		Kind  string `json:"kind,omitempty"`
		*index.Result
	}{msg, kind, res}
}

// RuleJSON is a rule with its subrules and examples. Rev and Era are set
// on the top object; Asked is the number asked for when the rule is its
// counterpart in another revision.
type RuleJSON struct {
	ID       string        `json:"id"`
	Title    string        `json:"title,omitempty"`
	Text     string        `json:"text"`
	Examples []ExampleJSON `json:"examples"`
	Children []*RuleJSON   `json:"children"`
	Line     int           `json:"line"`
	Col      int           `json:"col"`
	Implicit bool          `json:"implicit,omitempty"`
	Printed  string        `json:"printed,omitempty"` // a misprinted number, filed where it stands
	Rev      string        `json:"rev,omitempty"`
	Era      string        `json:"era,omitempty"`
	Asked    string        `json:"asked,omitempty"`
}

// ExampleJSON is an example without its "Example:" label.
type ExampleJSON struct {
	Text string `json:"text"`
	Line int    `json:"line"`
}

// NewRuleJSON converts a rule and its subrules.
func NewRuleJSON(r *parse.Rule) *RuleJSON {
	j := &RuleJSON{ID: r.ID.String(), Title: r.Title, Text: r.Text, Line: r.Pos.Line, Col: r.Pos.Col,
		Implicit: r.Implicit, Examples: []ExampleJSON{}, Children: []*RuleJSON{}}
	if !r.Printed.IsZero() {
		j.Printed = r.Printed.String()
	}
	for _, e := range r.Examples {
		j.Examples = append(j.Examples, ExampleJSON{e.Text, e.Pos.Line})
	}
	for _, c := range r.Children {
		j.Children = append(j.Children, NewRuleJSON(c))
	}
	return j
}

// ChapterJSON is a chapter, with its rules or without.
type ChapterJSON struct {
	ID       string      `json:"id"`
	Title    string      `json:"title"`
	Line     int         `json:"line"`
	Implicit bool        `json:"implicit,omitempty"`
	Rules    []*RuleJSON `json:"rules,omitempty"`
	Rev      string      `json:"rev,omitempty"`
	Era      string      `json:"era,omitempty"`
	Asked    string      `json:"asked,omitempty"` // as RuleJSON's, for a chapter of the same title
}

// NewChapterJSON converts a chapter, with its rules when withRules.
func NewChapterJSON(c *parse.Chapter, withRules bool) *ChapterJSON {
	j := &ChapterJSON{ID: c.ID.String(), Title: c.Title, Line: c.Pos.Line, Implicit: c.Implicit}
	if withRules {
		j.Rules = []*RuleJSON{}
		for _, r := range c.Rules {
			j.Rules = append(j.Rules, NewRuleJSON(r))
		}
	}
	return j
}

// PartJSON is a part (section) with its chapters.
type PartJSON struct {
	Number   int            `json:"number"`
	Title    string         `json:"title"`
	Line     int            `json:"line"`
	Implicit bool           `json:"implicit,omitempty"`
	Chapters []*ChapterJSON `json:"chapters"`
}

// NewPartJSON converts a part, its chapters with their rules when
// withRules.
func NewPartJSON(p *parse.Part, withRules bool) *PartJSON {
	j := &PartJSON{Number: p.Number, Title: p.Title, Line: p.Pos.Line, Implicit: p.Implicit, Chapters: []*ChapterJSON{}}
	for _, c := range p.Chapters {
		j.Chapters = append(j.Chapters, NewChapterJSON(c, withRules))
	}
	return j
}

// TOCJSON is the parts and chapters of a revision.
func TOCJSON(rev, era string, parts []*parse.Part) any {
	ps := []*PartJSON{}
	for _, p := range parts {
		ps = append(ps, NewPartJSON(p, false))
	}
	return struct {
		Rev   string      `json:"rev"`
		Era   string      `json:"era"`
		Parts []*PartJSON `json:"parts"`
	}{rev, era, ps}
}

// GlossaryTermsJSON is the list of a revision's glossary terms, in the
// glossary's order.
func GlossaryTermsJSON(rev, era string, entries []*parse.GlossaryEntry) any {
	type termJSON struct {
		Term     string `json:"term"`
		Obsolete bool   `json:"obsolete"`
		Line     int    `json:"line"`
	}
	ts := []termJSON{}
	for _, g := range entries {
		ts = append(ts, termJSON{g.Term, g.Obsolete, g.Pos.Line})
	}
	return struct {
		Rev   string     `json:"rev"`
		Era   string     `json:"era"`
		Terms []termJSON `json:"terms"`
	}{rev, era, ts}
}

// GlossaryJSON is a glossary entry; Asked is the term asked for when the
// entry is its name in another era.
type GlossaryJSON struct {
	Term       string   `json:"term"`
	Obsolete   bool     `json:"obsolete"`
	Definition []string `json:"definition"`
	Line       int      `json:"line"`
	Rev        string   `json:"rev,omitempty"`
	Era        string   `json:"era,omitempty"`
	Asked      string   `json:"asked,omitempty"`
}

// NewGlossaryJSON converts a glossary entry.
func NewGlossaryJSON(g *parse.GlossaryEntry) *GlossaryJSON {
	j := &GlossaryJSON{Term: g.Term, Obsolete: g.Obsolete, Line: g.Pos.Line, Definition: []string{}}
	for _, p := range g.Definition {
		j.Definition = append(j.Definition, p.Text)
	}
	return j
}

type paragraphJSON struct {
	Text string `json:"text"`
	Line int    `json:"line"`
}

type tocEntryJSON struct {
	Number string `json:"number,omitempty"`
	Title  string `json:"title"`
	Line   int    `json:"line"`
}

type warningJSON struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// DocumentJSON is a whole parsed document.
type DocumentJSON struct {
	Name      string          `json:"name"`
	Title     string          `json:"title"`
	Effective string          `json:"effective"`
	Era       string          `json:"era"`
	Encoding  string          `json:"encoding"`
	Layout    string          `json:"layout"`
	Fragment  bool            `json:"fragment"`
	Intro     []paragraphJSON `json:"intro"`
	Contents  []tocEntryJSON  `json:"contents"`
	Parts     []*PartJSON     `json:"parts"`
	Glossary  []*GlossaryJSON `json:"glossary"`
	Index     []paragraphJSON `json:"index,omitempty"` // 1999 only
	Credits   []paragraphJSON `json:"credits"`
	Warnings  []warningJSON   `json:"warnings"`
	Stats     parse.Stats     `json:"stats"`
}

func paragraphs(ps []*parse.Paragraph) []paragraphJSON {
	out := []paragraphJSON{}
	for _, p := range ps {
		out = append(out, paragraphJSON{p.Text, p.Pos.Line})
	}
	return out
}

// NewDocumentJSON converts a whole document.
func NewDocumentJSON(d *parse.Document) *DocumentJSON {
	st := d.Stats()
	j := &DocumentJSON{Name: d.Name, Title: d.Title, Effective: st.Effective, Era: string(d.Era),
		Encoding: string(d.Encoding), Layout: string(d.Layout), Fragment: d.Fragment,
		Intro: paragraphs(d.Intro), Credits: paragraphs(d.Credits), Stats: st,
		Contents: []tocEntryJSON{}, Parts: []*PartJSON{}, Glossary: []*GlossaryJSON{}, Warnings: []warningJSON{}}
	if len(d.Index) > 0 {
		j.Index = paragraphs(d.Index)
	}
	for _, e := range d.Contents {
		j.Contents = append(j.Contents, tocEntryJSON{e.Number, e.Title, e.Pos.Line})
	}
	for _, p := range d.Parts {
		j.Parts = append(j.Parts, NewPartJSON(p, true))
	}
	for _, g := range d.Glossary {
		j.Glossary = append(j.Glossary, NewGlossaryJSON(g))
	}
	for _, w := range d.Warnings {
		j.Warnings = append(j.Warnings, warningJSON{w.Pos.Line, w.Pos.Col, w.Msg})
	}
	return j
}

// VersionJSON is an embedded revision with its counts.
type VersionJSON struct {
	Rev      string `json:"rev"`
	File     string `json:"file"`
	Encoding string `json:"encoding"`
	Bytes    int    `json:"bytes"`
	SHA256   string `json:"sha256"`
	Source   string `json:"source"` // "embedded", or "added <when> from <where>"
	parse.Stats
}

// NewVersionJSON converts a revision and its counts.
func NewVersionJSON(r corpus.Revision, st parse.Stats) VersionJSON {
	return VersionJSON{Rev: r.Name(), File: r.File, Encoding: r.Encoding, Bytes: r.Size, SHA256: r.SHA256, Source: r.Origin(), Stats: st}
}

// RevisionJSON is a revision as the server lists it.
type RevisionJSON struct {
	Rev      string `json:"rev"`
	File     string `json:"file"`
	Encoding string `json:"encoding"`
	Bytes    int    `json:"bytes"`
	Source   string `json:"source"` // "embedded", or "added <when> from <where>"
}

// RefJSON is one citation.
type RefJSON struct {
	From       string `json:"from"`
	Example    int    `json:"example,omitempty"`
	Text       string `json:"text"`
	Target     string `json:"target"`
	Kind       string `json:"kind"`
	Status     string `json:"status"`
	CitedTitle string `json:"cited_title,omitempty"`
	Title      string `json:"title,omitempty"`
	Context    string `json:"context"`
	Line       int    `json:"line"`
	Col        int    `json:"col"`
}

// NewRefJSON converts a citation of d.
func NewRefJSON(d *parse.Document, r *xref.Ref) RefJSON {
	from := r.Source.Rule.String()
	if r.Source.Glossary != "" {
		from = "glossary:" + r.Source.Glossary
	}
	return RefJSON{From: from, Example: r.Source.Example, Text: r.Text, Target: r.Target.String(), Kind: r.Target.Kind.String(),
		Status: r.Status.String(), CitedTitle: r.CitedTitle, Title: TargetTitle(d, r), Context: CitingText(d, r), Line: r.Pos.Line, Col: r.Pos.Col}
}

// RefsJSON is what a rule cites and what cites it; asked is the number
// asked for when id is what it was or became in rev ("" otherwise).
func RefsJSON(d *parse.Document, id, rev, asked string, out, in []*xref.Ref, terms []string) any {
	conv := func(rs []*xref.Ref) []RefJSON {
		js := []RefJSON{}
		for _, r := range rs {
			js = append(js, NewRefJSON(d, r))
		}
		return js
	}
	return struct {
		ID       string    `json:"id"`
		Rev      string    `json:"rev"`
		Era      string    `json:"era"`
		Outgoing []RefJSON `json:"outgoing"`
		Incoming []RefJSON `json:"incoming"`
		Terms    []string  `json:"glossary_terms"`
		Asked    string    `json:"asked,omitempty"`
	}{id, rev, string(d.Era), conv(out), conv(in), terms, asked}
}

// TargetTitle names what a citation points at: a heading, or the start of
// the target's text.
func TargetTitle(d *parse.Document, r *xref.Ref) string {
	switch r.Target.Kind {
	case xref.KindRule:
		if x := d.Rule(r.Target.ID); x != nil {
			if x.Title != "" {
				return x.Title
			}
			return Clip(x.Text, 70)
		}
	case xref.KindChapter:
		if c := d.Chapter(r.Target.ID.Chapter); c != nil {
			return c.Title
		}
	case xref.KindPart:
		if p := d.Part(r.Target.Part); p != nil {
			return p.Title
		}
	}
	return ""
}

// CitingText is the source line around a citation, clipped.
func CitingText(d *parse.Document, r *xref.Ref) string {
	t := d.Text
	off := min(max(r.Pos.Offset, 0), len(t))
	start := strings.LastIndexAny(t[:off], "\r\n") + 1
	end := strings.IndexAny(t[off:], "\r\n")
	if end < 0 {
		end = len(t)
	} else {
		end += off
	}
	line := t[start:end]
	rel := off - start
	const span = 60
	lo, hi := max(0, rel-span), min(len(line), rel+span)
	for lo > 0 && !utf8.RuneStart(line[lo]) {
		lo--
	}
	for hi < len(line) && !utf8.RuneStart(line[hi]) {
		hi++
	}
	s := strings.TrimSpace(line[lo:hi])
	if lo > 0 {
		s = "…" + s
	}
	if hi < len(line) {
		s += "…"
	}
	return s
}

// Clip shortens s to n characters and an ellipsis.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// FindingJSON is one problem check found.
type FindingJSON struct {
	Rev     string `json:"rev"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// FindingsJSON converts the findings of the revision rev read from file.
func FindingsJSON(rev, file string, fs []xref.Finding) []FindingJSON {
	var out []FindingJSON
	for _, f := range fs {
		out = append(out, FindingJSON{rev, file, f.Pos.Line, f.Pos.Col, f.Code, f.Msg})
	}
	return out
}

// GraphJSON is the citation graph of a revision.
func GraphJSON(rev, era string, g *xref.Graph) any {
	nodes, edges := g.Export()
	if nodes == nil {
		nodes = []xref.Node{}
	}
	return struct {
		Rev   string      `json:"rev"`
		Era   string      `json:"era"`
		Stats xref.Stats  `json:"stats"`
		Nodes []xref.Node `json:"nodes"`
		Edges []xref.Edge `json:"edges"`
	}{rev, era, g.Stats(), nodes, edges}
}

// OpJSON is one operation of a word diff: equal, delete or insert.
type OpJSON struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

var opNames = [...]string{diff.Equal: "equal", diff.Delete: "delete", diff.Insert: "insert"}

// NewOpsJSON converts a word diff.
func NewOpsJSON(ops []diff.Op) []OpJSON {
	var out []OpJSON
	for _, op := range ops {
		out = append(out, OpJSON{opNames[op.Kind], op.Text})
	}
	return out
}

// NewDiffPair is one pair of a comparison as JSON, with its word diff
// (ops, nil for none) unless stat.
func NewDiffPair(p diff.Pair, ops []diff.Op, stat bool) DiffPair {
	j := DiffPair{Class: p.Class.String(), Moved: p.Moved, Score: p.Score, Via: p.Via}
	var ta, tb string
	if p.A != nil {
		j.A, j.Title, ta = p.A.ID.String(), p.A.Title, diff.RuleText(p.A)
	}
	if p.B != nil {
		j.B, j.Title, tb = p.B.ID.String(), p.B.Title, diff.RuleText(p.B)
	}
	if !stat && ta != tb {
		j.Diff = NewOpsJSON(ops)
	}
	return j
}

// RenumberedJSON is one row of the renumbering table: a rule's number and
// title (or first words, see RuleLabel) in A and in B, and its class.
type RenumberedJSON struct {
	A      string `json:"a"`
	ATitle string `json:"a_title"`
	B      string `json:"b"`
	BTitle string `json:"b_title"`
	Class  string `json:"class"`
}

// CompareJSON is two revisions compared as `crules diff --json` prints it
// and /api/diff answers: the counts per class, the renumbering table of
// the pairs listed and the pairs with their word diffs; with stat, as
// --stat prints it, the counts per class and the counts per chapter
// ("chapters": chapter, title, counts) of the pairs listed, and neither
// the renumbering nor the pairs. A comparison narrowed to the rules under
// one names it ("rule": "702.47"); its counts are then of those rules;
// "rule_a" and "rule_b" are what that rule is in a and in b: itself, its
// counterpart there ("502.40" in 2005-10-01), or absent for none. One
// that ignores typography says so ("ignore_typography") and how many
// changes were typography alone ("typography_alone"), counted as
// unchanged or renumbered.
func CompareJSON(c *Comparison, stat bool) any {
	type head struct {
		A                string         `json:"a"`
		B                string         `json:"b"`
		Rule             string         `json:"rule,omitempty"`
		RuleA            string         `json:"rule_a,omitempty"`
		RuleB            string         `json:"rule_b,omitempty"`
		IgnoreTypography bool           `json:"ignore_typography,omitempty"`
		TypographyAlone  *int           `json:"typography_alone,omitempty"`
		Counts           map[string]int `json:"counts"`
	}
	h := head{A: c.AName, B: c.BName, Rule: c.Scope, RuleA: c.RuleA, RuleB: c.RuleB, IgnoreTypography: c.IgnoreTypography, Counts: classCounts(c.Counts)}
	if c.IgnoreTypography {
		h.TypographyAlone = &c.Typography
	}
	if stat {
		type chapterJSON struct {
			Chapter int            `json:"chapter"`
			Title   string         `json:"title"`
			Counts  map[string]int `json:"counts"`
		}
		chs := []chapterJSON{}
		for _, ch := range c.ChapterCounts() {
			chs = append(chs, chapterJSON{ch.Chapter, ch.Title, classCounts(ch.Counts)})
		}
		return struct {
			head
			Chapters []chapterJSON `json:"chapters"`
		}{h, chs}
	}
	js := []DiffPair{}
	for _, p := range c.Pairs {
		js = append(js, NewDiffPair(p, c.WordDiff(p), false))
	}
	renum := []RenumberedJSON{}
	for _, p := range c.Moved() {
		renum = append(renum, RenumberedJSON{p.A.ID.String(), RuleLabel(p.A), p.B.ID.String(), RuleLabel(p.B), p.Class.String()})
	}
	return struct {
		head
		Renumbering []RenumberedJSON `json:"renumbering"`
		Pairs       []DiffPair       `json:"pairs"`
	}{h, renum, js}
}

// classCounts is counts keyed by class name.
func classCounts(counts map[diff.Class]int) map[string]int {
	out := map[string]int{}
	for k, v := range counts {
		out[k.String()] = v
	}
	return out
}

type pointJSON struct {
	Rev   string     `json:"rev"`
	ID    string     `json:"id"`
	Title string     `json:"title,omitempty"`
	Class diff.Class `json:"class"`
	Moved bool       `json:"moved"`
	Diff  []OpJSON   `json:"diff,omitempty"`
}

// HistoryJSON is a rule's history.
func HistoryJSON(query, rev, id string, changes []diff.Change) any {
	var ps []pointJSON
	for _, c := range changes {
		ps = append(ps, pointJSON{c.Rev, c.ID, c.Title, c.Class, c.Moved, NewOpsJSON(c.Diff)})
	}
	return struct {
		Query  string      `json:"query"`
		Rev    string      `json:"rev"`
		ID     string      `json:"id"`
		Points []pointJSON `json:"points"`
	}{query, rev, id, ps}
}

type changeJSON struct {
	Rev   string     `json:"rev"`
	ID    string     `json:"id"`
	Class diff.Class `json:"class"`
}

// KeywordJSON is a keyword's spec with its era, the revisions its rules
// changed in, and its rule.
func KeywordJSON(s *keyword.Spec, era string, changes []diff.Change) any {
	cs := []changeJSON{}
	for _, c := range changes {
		cs = append(cs, changeJSON{c.Rev, c.ID, c.Class})
	}
	return struct {
		*keyword.Spec
		Era     string       `json:"era"`
		Changed []changeJSON `json:"changed"`
		Text    *RuleJSON    `json:"text_rule"`
	}{s, era, cs, NewRuleJSON(s.Text())}
}

// KeywordsJSON is the list keywords --json prints: each spec with the
// era of the revision it was read from.
func KeywordsJSON(specs []*keyword.Spec, era string) any {
	type specJSON struct {
		*keyword.Spec
		Era string `json:"era"`
	}
	js := make([]specJSON, len(specs))
	for i, s := range specs {
		js[i] = specJSON{s, era}
	}
	return js
}

// SubstitutionsJSON is the substitutions terms --discover found.
func SubstitutionsJSON(subs []diff.Substitution) any {
	type subJSON struct {
		Old   string   `json:"old"`
		New   string   `json:"new"`
		Count int      `json:"rules"`
		Known bool     `json:"in_lexicon"`
		IDs   []string `json:"ids"`
	}
	js := []subJSON{}
	for _, s := range subs {
		js = append(js, subJSON{s.Old, s.New, len(s.Rules), s.Known, s.Rules})
	}
	return js
}

// CiteJSON is the verdict on one citation.
type CiteJSON struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Text    string `json:"text"`
	ID      string `json:"id"`
	Stale   bool   `json:"stale"`
	Message string `json:"message"`
	Now     string `json:"now,omitempty"` // the number a renumbered rule has now
}

// NewCiteJSON converts a verdict.
func NewCiteJSON(f cite.Finding) CiteJSON {
	j := CiteJSON{f.File, f.Line, f.Col, f.Text, f.ID.String(), f.Stale, f.Msg, ""}
	if !f.Now.IsZero() {
		j.Now = f.Now.String()
	}
	return j
}

// CitationsJSON converts the stale verdicts, or with all every one; never
// null.
func CitationsJSON(fs []cite.Finding, all bool) []CiteJSON {
	out := []CiteJSON{}
	for _, f := range fs {
		if f.Stale || all {
			out = append(out, NewCiteJSON(f))
		}
	}
	return out
}

// LookupJSON is the answer to a rule lookup: the chapter c with its rules,
// or else the rule r, with the revision, its era, and the number asked for
// when r is its counterpart in another revision (zero otherwise).
func LookupJSON(c *parse.Chapter, r *parse.Rule, rev, era string, asked parse.RuleID) any {
	if c != nil {
		j := NewChapterJSON(c, true)
		j.Rev, j.Era = rev, era
		if !asked.IsZero() {
			j.Asked = asked.String()
		}
		return j
	}
	j := NewRuleJSON(r)
	j.Rev, j.Era = rev, era
	if !asked.IsZero() {
		j.Asked = asked.String()
	}
	return j
}

// PartLookupJSON is the answer to a part number: the part with its
// chapters (not their rules), the revision and its era.
func PartLookupJSON(p *parse.Part, rev, era string) any {
	return struct {
		Rev string `json:"rev"`
		Era string `json:"era"`
		*PartJSON
	}{rev, era, NewPartJSON(p, false)}
}

// TermJSON is the answer to a glossary lookup: the entry, the revision,
// its era, and the term asked for when the entry is its name in another
// era ("" otherwise).
func TermJSON(g *parse.GlossaryEntry, rev, era, asked string) *GlossaryJSON {
	j := NewGlossaryJSON(g)
	j.Rev, j.Era, j.Asked = rev, era, asked
	return j
}
