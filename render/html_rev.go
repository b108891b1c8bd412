package render

import (
	"bytes"
	"fmt"
	"html/template"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

// revData is one revision ready to print: its citation graph and where
// each rule, chapter and glossary entry lives in the site.
type revData struct {
	site *Site
	idx  int // in site.Revs
	name string
	doc  *parse.Document
	g    *xref.Graph

	*docPages
	gloss    map[*parse.GlossaryEntry]string // entry → anchor
	glossOut map[string][]*xref.Ref          // glossary term → the citations its definition makes
}

// docPages says which chapter page holds each rule of a document.
type docPages struct {
	pages    []int                    // chapter page numbers, in order
	chapters map[int][]*parse.Chapter // page number → its chapters (a number printed twice has both)
	page     map[parse.RuleID]int     // rule ID → the page its first occurrence is on
}

func newDocPages(d *parse.Document) *docPages {
	r := &docPages{chapters: map[int][]*parse.Chapter{}, page: map[parse.RuleID]int{}}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			n := c.ID.Chapter
			if _, ok := r.chapters[n]; !ok {
				r.pages = append(r.pages, n)
			}
			r.chapters[n] = append(r.chapters[n], c)
			var walk func(rs []*parse.Rule)
			walk = func(rs []*parse.Rule) {
				for _, x := range rs {
					if _, ok := r.page[x.ID]; !ok {
						r.page[x.ID] = n
					}
					walk(x.Children)
				}
			}
			walk(c.Rules)
		}
	}
	sort.Ints(r.pages)
	return r
}

// ruleHref is the link to a rule from a page of the same revision, "" if
// the revision has no such rule.
func (r *docPages) ruleHref(id parse.RuleID) string {
	n, ok := r.page[id]
	if !ok {
		return ""
	}
	return strconv.Itoa(n) + ".html#" + id.String()
}

func newRevData(s *Site, idx int, doc *parse.Document) *revData {
	rv := s.Revs[idx]
	r := &revData{site: s, idx: idx, name: rv.Name, doc: doc, g: xref.Build(doc), docPages: newDocPages(doc),
		gloss: map[*parse.GlossaryEntry]string{}, glossOut: map[string][]*xref.Ref{}}
	used := map[string]int{}
	for _, e := range r.doc.Glossary {
		r.gloss[e] = uniqueID(used, "g-"+slug(e.Term))
	}
	for _, ref := range r.g.Refs {
		if ref.Source.Glossary != "" {
			r.glossOut[ref.Source.Glossary] = append(r.glossOut[ref.Source.Glossary], ref)
		}
	}
	return r
}

// slug lowers s and replaces every run of other characters than letters
// and digits by one "-".
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(parse.Normalize(s)) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// uniqueID returns id, or id-2, id-3… when the page already has it.
func uniqueID(used map[string]int, id string) string {
	used[id]++
	if n := used[id]; n > 1 {
		return uniqueID(used, id+"-"+strconv.Itoa(n))
	}
	return id
}

// legacyID is the anchor other rules sites use: "R70247a" for 702.47a.
func legacyID(id parse.RuleID) string {
	return "R" + strings.ReplaceAll(id.String(), ".", "")
}

// glossHref is the link to a glossary term's entry, "" if there is none.
func (r *revData) glossHref(term string) string {
	if e := r.doc.GlossaryEntry(term); e != nil {
		return "glossary.html#" + r.gloss[e]
	}
	return ""
}

// tip is the text of a link's title: the rule's number and the start of
// its title or text.
func tip(id parse.RuleID, title, text string) string {
	s := title
	if s == "" {
		s = text
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	const max = 160
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if i := strings.LastIndexByte(s[:cut], ' '); i > max/2 {
			cut = i
		}
		s = s[:cut] + "…"
	}
	return id.String() + " " + s
}

// citeSpans turns the citations whose span lies in text into links.
// Several Refs of one range share a span: the first target is linked.
func (r *revData) citeSpans(refs []*xref.Ref, text string) []span {
	var out []span
	for _, ref := range refs {
		if ref.End > len(text) || ref.Start >= ref.End || text[ref.Start:ref.End] != ref.Text {
			continue // a rule number printed twice: the Ref is the other one's
		}
		if len(out) > 0 && out[len(out)-1].start == ref.Start {
			continue
		}
		out = append(out, r.citeSpan(ref))
	}
	return out
}

func (r *revData) citeSpan(ref *xref.Ref) span {
	sp := span{start: ref.Start, end: ref.End, class: "cite"}
	t := ref.Target
	switch t.Kind {
	case xref.KindRule:
		if x := r.doc.Rule(t.ID); x != nil {
			sp.href, sp.title = r.ruleHref(t.ID), tip(t.ID, x.Title, x.Text)
		}
	case xref.KindChapter:
		if _, ok := r.chapters[t.ID.Chapter]; ok {
			c := r.chapters[t.ID.Chapter][0]
			sp.href, sp.title = strconv.Itoa(t.ID.Chapter)+".html", c.ID.String()+". "+c.Title
		}
	case xref.KindPart:
		if p := r.doc.Part(t.Part); p != nil {
			sp.href, sp.title = "index.html#part-"+strconv.Itoa(t.Part), strconv.Itoa(p.Number)+". "+p.Title
		}
	case xref.KindGlossary:
		sp.href = r.glossHref(t.Term)
		sp.title = t.Term + " (glossary)"
	}
	switch {
	case ref.Status == xref.Unresolved || sp.href == "":
		sp.href, sp.class, sp.title = "", "cite broken", "no "+t.Kind.String()+" "+t.String()+" in this revision"
	case ref.Status == xref.TitleMismatch:
		sp.class = "cite mismatch"
		sp.title += " (cited as “" + ref.CitedTitle + "”)"
	}
	return sp
}

// termSpans links the glossary terms of text that seen has not linked yet
// in this rule, where they do not overlap a citation, and merges them with
// the citation spans.
func (r *revData) termSpans(text string, cites []span, seen map[*parse.GlossaryEntry]bool, self *parse.GlossaryEntry) []span {
	out := cites
	for _, m := range r.g.Terms(text) {
		if seen[m.Entry] || m.Entry == self {
			continue
		}
		overlap := false
		for _, c := range cites {
			if m.Start < c.end && c.start < m.End {
				overlap = true
				break
			}
		}
		if overlap {
			continue
		}
		seen[m.Entry] = true
		out = append(out, span{start: m.Start, end: m.End, href: "glossary.html#" + r.gloss[m.Entry], class: "term"})
	}
	if len(out) != len(cites) {
		sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	}
	return out
}

// chapterBody prints the rules of chapter page n.
func (r *revData) chapterBody(w *bytes.Buffer, n int) error {
	t := newTree()
	used := map[string]int{}
	for _, c := range r.chapters[n] {
		for _, x := range c.Rules {
			r.rule(t, t.doc, x, used, map[*parse.GlossaryEntry]bool{})
		}
	}
	return t.render(r.site.md, w)
}

// rule appends rule x and its subrules. seen holds the glossary entries
// already linked in the rule x belongs to.
func (r *revData) rule(t *tree, parent ast.Node, x *parse.Rule, used map[string]int, seen map[*parse.GlossaryEntry]bool) {
	id := x.ID.String()
	hid, legacy := uniqueID(used, id), legacyID(x.ID)
	if hid != id {
		legacy = "" // the second rule printed with one number: the first has the anchors
	}
	class := "rule"
	if x.ID.Level() == parse.LevelSubrule {
		class = "rule sub"
	}
	if x.Implicit {
		class += " implicit"
	}
	b := t.block(parent, "div", hid, class, legacy)
	label := id
	if x.ID.Level() != parse.LevelSubrule {
		label += "."
	}
	number := func(p ast.Node) {
		t.link(p, "#"+hid, "", "n", label)
		t.str(p, " ")
	}
	refs := r.g.Outgoing(x.ID)
	var own, ex []*xref.Ref
	for _, ref := range refs {
		if ref.Source.Example == 0 {
			own = append(own, ref)
		} else {
			ex = append(ex, ref)
		}
	}
	switch {
	case x.Title != "":
		h := ast.NewHeading(2)
		if x.ID.Level() == parse.LevelSubrule {
			h.Level = 3
		}
		b.AppendChild(b, h)
		number(h)
		t.str(h, x.Title)
	case x.Text == "":
		number(t.para(b, ""))
	}
	if x.Text != "" {
		spans := r.termSpans(x.Text, r.citeSpans(own, x.Text), seen, nil)
		lead := number
		if x.Title != "" {
			lead = nil
		}
		t.paragraphs(b, "", x.Text, spans, lead)
	}
	for i, e := range x.Examples {
		var mine []*xref.Ref
		for _, ref := range ex {
			if ref.Source.Example == i+1 {
				mine = append(mine, ref)
			}
		}
		eb := t.block(b, "div", "", "example", "")
		t.paragraphs(eb, "", e.Text, r.citeSpans(mine, e.Text), func(p ast.Node) {
			t.link(p, "", "", "label", "Example:")
			t.str(p, " ")
		})
	}
	r.meta(t, b, x)
	for _, c := range x.Children {
		r.rule(t, b, c, used, seen)
	}
}

// meta appends the "cited by" links of rule x and, for a rule with a
// lineage, the link to its history.
func (r *revData) meta(t *tree, b ast.Node, x *parse.Rule) {
	var p *ast.Paragraph
	seen := map[xref.Source]bool{}
	for _, ref := range r.g.IncomingRule(x.ID) {
		src := xref.Source{Rule: ref.Source.Rule, Glossary: ref.Source.Glossary}
		if seen[src] || src.Glossary == "" && src.Rule == x.ID {
			continue
		}
		seen[src] = true
		if p == nil {
			p = t.para(b, "meta")
			t.str(p, "Cited by ")
		} else {
			t.str(p, ", ")
		}
		if src.Glossary != "" {
			t.link(p, r.glossHref(src.Glossary), "", "", src.Glossary)
		} else {
			t.link(p, r.ruleHref(src.Rule), "", "", src.Rule.String())
		}
	}
	if h := r.site.historyPath(r.idx, x.ID); h != "" {
		if p == nil {
			p = t.para(b, "meta")
		} else {
			t.str(p, " · ")
		}
		t.link(p, "../"+h, "", "hist", "history")
		if prev := r.site.prevPath(r.idx, x.ID); prev != "" {
			t.str(p, " · ")
			t.link(p, "../"+prev, "", "prev", "in "+r.site.Revs[r.idx-1].Name)
		}
	}
}

// glossaryBody prints the glossary.
func (r *revData) glossaryBody(w *bytes.Buffer) error {
	t := newTree()
	for _, e := range r.doc.Glossary {
		b := t.block(t.doc, "section", r.gloss[e], "entry", "")
		h := ast.NewHeading(2)
		b.AppendChild(b, h)
		t.str(h, e.Term)
		if e.Obsolete {
			t.str(h, " (Obsolete)")
		}
		refs := r.glossOut[e.Term]
		seen := map[*parse.GlossaryEntry]bool{}
		for i, p := range e.Definition {
			var mine []*xref.Ref
			for _, ref := range refs {
				if ref.Para == i {
					mine = append(mine, ref)
				}
			}
			cites := r.citeSpans(mine, p.Text)
			t.paragraphs(b, "", p.Text, r.termSpans(p.Text, cites, seen, e), nil)
		}
	}
	return t.render(r.site.md, w)
}

// keywordRow is one line of the keyword index.
type keywordRow struct {
	Name, Rule, Href, Kind, Written, Params, Zones string
	Evasion, Inferred                              bool
}

func (r *revData) keywords() []keywordRow {
	var rows []keywordRow
	for _, s := range keyword.Extract(r.doc, r.g, r.name) {
		id, err := parse.ParseRuleID(s.Rule)
		href := ""
		if err == nil {
			href = r.ruleHref(id)
		}
		params := "—"
		if s.Params == nil {
			params = "?"
		} else if len(s.Params) > 0 {
			params = strings.Join(s.Params, ", ")
		}
		rows = append(rows, keywordRow{Name: s.Name, Rule: s.Rule, Href: href, Kind: s.KindText(), Written: s.Written,
			Params: params, Zones: joinZones(s.Zones), Evasion: s.Evasion, Inferred: s.KindInferred})
	}
	return rows
}

// contentsPart is one part of the contents page.
type contentsPart struct {
	ID, Title string
	Chapters  []contentsChapter
}

type contentsChapter struct {
	Href, Number, Title string
}

func (r *revData) contents() []contentsPart {
	var out []contentsPart
	used := map[string]int{}
	for _, p := range r.doc.Parts {
		cp := contentsPart{ID: uniqueID(used, "part-"+strconv.Itoa(p.Number)), Title: fmt.Sprintf("%d. %s", p.Number, p.Title)}
		if p.Implicit {
			cp.Title = fmt.Sprintf("%d.", p.Number)
		}
		for _, c := range p.Chapters {
			cp.Chapters = append(cp.Chapters, contentsChapter{Href: strconv.Itoa(c.ID.Chapter) + ".html", Number: c.ID.String() + ".", Title: c.Title})
		}
		out = append(out, cp)
	}
	return out
}

func joinZones(zs []keyword.Zone) string {
	out := make([]string, len(zs))
	for i, z := range zs {
		out[i] = string(z)
	}
	return strings.Join(out, ", ")
}

// chapterPage is what the chapter template needs: the chapter's
// neighbours (nil at either end), the contents of its titled sections and its
// rules, already printed.
type chapterPage struct {
	Prev, Next *navLink
	Sections   []navLink
	Count      string // "189 sections"
	Rules      template.HTML
}

// chapterPage gathers the links around chapter page n's rules.
func (r *revData) chapterPage(n int, rules template.HTML) chapterPage {
	p := chapterPage{Rules: rules}
	i := sort.SearchInts(r.pages, n)
	link := func(m int) *navLink {
		c := r.chapters[m][0]
		return &navLink{strconv.Itoa(m) + ".html", c.ID.String() + ". " + c.Title}
	}
	if i > 0 {
		p.Prev = link(r.pages[i-1])
	}
	if i+1 < len(r.pages) {
		p.Next = link(r.pages[i+1])
	}
	used := map[string]int{}
	for _, c := range r.chapters[n] {
		for _, x := range c.Rules {
			id := uniqueID(used, x.ID.String()) // the anchor rule() gives it
			// A chapter of untitled rules (100. General) has no contents.
			if x.Title != "" {
				p.Sections = append(p.Sections, navLink{"#" + id, x.ID.String() + ". " + x.Title})
			}
		}
	}
	p.Count = Count(len(p.Sections), "section", "sections")
	return p
}

// glossaryLetters is the A–Z bar of the glossary: a link to the first
// entry under each letter, no link where no entry starts with it.
func (r *revData) glossaryLetters() []navLink {
	first := map[byte]string{}
	for _, e := range r.doc.Glossary {
		s := slug(e.Term)
		if s == "" {
			continue
		}
		c := s[0] - 'a' + 'A'
		if s[0] < 'a' || s[0] > 'z' {
			c = '#'
		}
		if _, ok := first[c]; !ok {
			first[c] = "#" + r.gloss[e]
		}
	}
	var out []navLink
	if h, ok := first['#']; ok {
		out = append(out, navLink{h, "#"})
	}
	for c := byte('A'); c <= 'Z'; c++ {
		out = append(out, navLink{first[c], string(c)})
	}
	return out
}
