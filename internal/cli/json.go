package cli

import (
	"encoding/json"
	"io"

	"github.com/crules/crules/parse"
)

// The JSON shapes printed by --json. Keys are stable and in lower snake
// case; README.md documents them.

type ruleJSON struct {
	ID       string        `json:"id"`
	Title    string        `json:"title,omitempty"`
	Text     string        `json:"text"`
	Examples []exampleJSON `json:"examples"`
	Children []*ruleJSON   `json:"children"`
	Line     int           `json:"line"`
	Col      int           `json:"col"`
	Implicit bool          `json:"implicit,omitempty"`
	Printed  string        `json:"printed,omitempty"`
	Rev      string        `json:"rev,omitempty"`
	Era      string        `json:"era,omitempty"`
}

type exampleJSON struct {
	Text string `json:"text"`
	Line int    `json:"line"`
}

func newRuleJSON(r *parse.Rule) *ruleJSON {
	j := &ruleJSON{ID: r.ID.String(), Title: r.Title, Text: r.Text, Line: r.Pos.Line, Col: r.Pos.Col,
		Implicit: r.Implicit, Examples: []exampleJSON{}, Children: []*ruleJSON{}}
	if !r.Printed.IsZero() {
		j.Printed = r.Printed.String()
	}
	for _, e := range r.Examples {
		j.Examples = append(j.Examples, exampleJSON{e.Text, e.Pos.Line})
	}
	for _, c := range r.Children {
		j.Children = append(j.Children, newRuleJSON(c))
	}
	return j
}

type chapterJSON struct {
	ID       string      `json:"id"`
	Title    string      `json:"title"`
	Line     int         `json:"line"`
	Implicit bool        `json:"implicit,omitempty"`
	Rules    []*ruleJSON `json:"rules,omitempty"`
	Rev      string      `json:"rev,omitempty"`
	Era      string      `json:"era,omitempty"`
}

func newChapterJSON(c *parse.Chapter, withRules bool) *chapterJSON {
	j := &chapterJSON{ID: c.ID.String(), Title: c.Title, Line: c.Pos.Line, Implicit: c.Implicit}
	if withRules {
		j.Rules = []*ruleJSON{}
		for _, r := range c.Rules {
			j.Rules = append(j.Rules, newRuleJSON(r))
		}
	}
	return j
}

type partJSON struct {
	Number   int            `json:"number"`
	Title    string         `json:"title"`
	Line     int            `json:"line"`
	Implicit bool           `json:"implicit,omitempty"`
	Chapters []*chapterJSON `json:"chapters"`
}

func newPartJSON(p *parse.Part, withRules bool) *partJSON {
	j := &partJSON{Number: p.Number, Title: p.Title, Line: p.Pos.Line, Implicit: p.Implicit, Chapters: []*chapterJSON{}}
	for _, c := range p.Chapters {
		j.Chapters = append(j.Chapters, newChapterJSON(c, withRules))
	}
	return j
}

type glossaryJSON struct {
	Term       string   `json:"term"`
	Obsolete   bool     `json:"obsolete"`
	Definition []string `json:"definition"`
	Line       int      `json:"line"`
	Rev        string   `json:"rev,omitempty"`
	Era        string   `json:"era,omitempty"`
}

func newGlossaryJSON(g *parse.GlossaryEntry) *glossaryJSON {
	j := &glossaryJSON{Term: g.Term, Obsolete: g.Obsolete, Line: g.Pos.Line, Definition: []string{}}
	for _, p := range g.Definition {
		j.Definition = append(j.Definition, p.Text)
	}
	return j
}

type paragraphJSON struct {
	Text string `json:"text"`
	Line int    `json:"line"`
}

type tocJSON struct {
	Number string `json:"number,omitempty"`
	Title  string `json:"title"`
	Line   int    `json:"line"`
}

type warningJSON struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

type documentJSON struct {
	Name      string          `json:"name"`
	Title     string          `json:"title"`
	Effective string          `json:"effective"`
	Era       string          `json:"era"`
	Encoding  string          `json:"encoding"`
	Layout    string          `json:"layout"`
	Fragment  bool            `json:"fragment"`
	Intro     []paragraphJSON `json:"intro"`
	Contents  []tocJSON       `json:"contents"`
	Parts     []*partJSON     `json:"parts"`
	Glossary  []*glossaryJSON `json:"glossary"`
	Index     []paragraphJSON `json:"index,omitempty"`
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

func newDocumentJSON(d *parse.Document) *documentJSON {
	st := d.Stats()
	j := &documentJSON{Name: d.Name, Title: d.Title, Effective: st.Effective, Era: string(d.Era),
		Encoding: string(d.Encoding), Layout: string(d.Layout), Fragment: d.Fragment,
		Intro: paragraphs(d.Intro), Credits: paragraphs(d.Credits), Stats: st,
		Contents: []tocJSON{}, Parts: []*partJSON{}, Glossary: []*glossaryJSON{}, Warnings: []warningJSON{}}
	if len(d.Index) > 0 {
		j.Index = paragraphs(d.Index)
	}
	for _, e := range d.Contents {
		j.Contents = append(j.Contents, tocJSON{e.Number, e.Title, e.Pos.Line})
	}
	for _, p := range d.Parts {
		j.Parts = append(j.Parts, newPartJSON(p, true))
	}
	for _, g := range d.Glossary {
		j.Glossary = append(j.Glossary, newGlossaryJSON(g))
	}
	for _, w := range d.Warnings {
		j.Warnings = append(j.Warnings, warningJSON{w.Pos.Line, w.Pos.Col, w.Msg})
	}
	return j
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
