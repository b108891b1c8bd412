package render

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/crules/crules/cite"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/index"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

// A TextPrinter writes answers as text, close to how the CR prints them:
// a blank line between rules, examples after their rule, ANSI colour when
// Color is set. The first write error is kept in Err and stops the rest.
type TextPrinter struct {
	W     io.Writer
	Color bool
	// Terminal tells that W is a terminal: table cells wider than their
	// column's limit are cut with an ellipsis there, never in a pipe.
	Terminal bool
	Err      error
	n        int          // blocks printed
	section  parse.RuleID // the section heading printed last, see Answer
}

// Printf writes unless an earlier write failed.
func (p *TextPrinter) Printf(format string, args ...any) {
	if p.Err == nil {
		_, p.Err = fmt.Fprintf(p.W, format, args...)
	}
}

// Bold is s in bold on a terminal.
func (p *TextPrinter) Bold(s string) string { return p.Paint(s, "1") }

// Paint is s in the ANSI style code on a terminal, s otherwise.
func (p *TextPrinter) Paint(s, code string) string {
	if !p.Color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// Highlight marks the byte ranges marks of s: bold yellow on a terminal,
// nothing otherwise.
func (p *TextPrinter) Highlight(s string, marks [][2]int) string {
	if !p.Color || len(marks) == 0 {
		return s
	}
	var b strings.Builder
	for _, seg := range Segments(s, marks) {
		if seg.Marked {
			b.WriteString(p.Paint(seg.Text, "1;33"))
		} else {
			b.WriteString(seg.Text)
		}
	}
	return b.String()
}

func (p *TextPrinter) block() {
	if p.n > 0 {
		p.Printf("\n")
	}
	p.n++
}

// Chapter prints a chapter's title and its rules.
func (p *TextPrinter) Chapter(c *parse.Chapter) {
	p.block()
	p.Printf("%s %s\n", p.Bold(c.ID.String()+"."), c.Title)
	for _, r := range c.Rules {
		p.Rule(r)
	}
}

// Rule prints a rule, its examples and its subrules.
func (p *TextPrinter) Rule(r *parse.Rule) {
	p.block()
	num := r.ID.String()
	if r.ID.Level() == parse.LevelRule {
		num += "."
	}
	switch {
	case r.Implicit:
		p.Printf("%s (not in this text)\n", p.Bold(num))
	case r.Title != "":
		p.Printf("%s %s\n", p.Bold(num), r.Title)
	default:
		p.Printf("%s %s\n", p.Bold(num), r.Text)
	}
	if r.Title != "" && r.Text != "" {
		p.Printf("%s\n", r.Text)
	}
	for _, e := range r.Examples {
		p.Printf("%s %s\n", p.Bold("Example:"), e.Text)
	}
	for _, c := range r.Children {
		p.Rule(c)
	}
}

// Glossary prints a glossary entry.
func (p *TextPrinter) Glossary(g *parse.GlossaryEntry) {
	term := g.Term
	if g.Obsolete {
		term += " (Obsolete)"
	}
	p.Printf("%s\n", p.Bold(term))
	for _, d := range g.Definition {
		p.Printf("%s\n", d.Text)
	}
}

// GlossaryTerms prints the glossary's terms, one a line.
func (p *TextPrinter) GlossaryTerms(entries []*parse.GlossaryEntry) {
	for _, g := range entries {
		if g.Obsolete {
			p.Printf("%s (Obsolete)\n", g.Term)
		} else {
			p.Printf("%s\n", g.Term)
		}
	}
}

// Answer prints what a rule reference names: a part (its chapters), a
// chapter with its rules, or a rule with its subrules and examples. A
// subrule is headed by its section when section is not zero (702.19
// Trample above 702.19b), once for a run of subrules of one section.
func (p *TextPrinter) Answer(part *parse.Part, c *parse.Chapter, r *parse.Rule, section parse.RuleID, title string) {
	switch {
	case part != nil:
		p.TOC([]*parse.Part{part})
	case c != nil:
		p.Chapter(c)
	default:
		if !section.IsZero() && section != p.section {
			p.block()
			p.Printf("%s %s\n", p.Bold(section.String()+"."), title)
			p.n = 0 // the subrule follows its heading without a blank line
		}
		p.section = section
		p.Rule(r)
	}
}

// TOC prints the parts and chapters.
func (p *TextPrinter) TOC(parts []*parse.Part) {
	for _, part := range parts {
		p.Printf("%s %s\n", p.Bold(fmt.Sprint(part.Number)+"."), part.Title)
		for _, c := range part.Chapters {
			p.Printf("    %s %s\n", c.ID.String()+".", c.Title)
		}
	}
}

// Search prints ranked hits with their snippets, matches highlighted.
func (p *TextPrinter) Search(hits []index.Hit) {
	for i, h := range hits {
		if i > 0 {
			p.Printf("\n")
		}
		where := h.Rev
		if len(h.Revs) > 1 {
			where = fmt.Sprintf("%s … %s, %d revisions", h.Revs[0], h.Revs[len(h.Revs)-1], len(h.Revs))
		}
		id := h.ID
		if h.Kind == index.KindGlossary {
			id = "glossary"
		}
		if len(h.IDs) > 1 {
			id = strings.Join(h.IDs, " → ")
		}
		p.Printf("%s  %s  (%s)\n", p.Bold(id), h.Title, where)
		if h.Snippet != "" { // a heading ("702.47. Splice") has no text of its own
			p.Printf("    %s\n", p.Highlight(h.Snippet, h.Marks))
		}
	}
}

// History prints a rule's history: a line per change, runs of unchanged
// revisions folded, word diffs under each edit. first and latest are the
// first and latest embedded revisions.
func (p *TextPrinter) History(changes []diff.Change, first, latest string) {
	last := changes[len(changes)-1]
	title := last.Title
	if title == "" {
		title = "Rule " + last.ID
	}
	p.Printf("%s: %s in %s", p.Bold(title), last.ID, last.Rev)
	if last.Rev != latest {
		p.Printf(" (removed after that)")
	}
	p.Printf("\n")
	for i := 0; i < len(changes); i++ {
		c := changes[i]
		if i > 0 && c.Class == diff.Unchanged {
			k := i
			for k+1 < len(changes) && changes[k+1].Class == diff.Unchanged {
				k++
			}
			if k == i {
				p.Printf("  %-10s   %-10s  %-9s unchanged\n", c.Rev, "", c.ID)
			} else {
				p.Printf("  %-10s … %-10s  %-9s unchanged\n", c.Rev, changes[k].Rev, c.ID)
			}
			i = k
			continue
		}
		label := c.Class.String()
		if i == 0 {
			label = "first seen"
			if c.Rev != first {
				label = "added"
			}
		}
		switch {
		case i == 0: // the first point has no number before it to name
		case c.Moved && c.Class != diff.Renumbered:
			label += ", renumbered from " + changes[i-1].ID
		case c.Class == diff.Renumbered:
			label += " from " + changes[i-1].ID
		}
		p.Printf("  %-10s   %-10s  %-9s %s\n", c.Rev, "", c.ID, label)
		if len(c.Diff) > 0 {
			var b strings.Builder
			sub := TextPrinter{W: &b, Color: p.Color}
			sub.WordDiff(c.Diff)
			for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
				p.Printf("      %s\n", line)
			}
		}
	}
}

// CountLine is counts per class in one line: "3 renumbered, 1 edited".
func CountLine(c map[diff.Class]int) string {
	var parts []string
	for k := diff.Unchanged; k <= diff.Removed; k++ {
		if c[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c[k], k))
		}
	}
	if len(parts) == 0 {
		return "no rules"
	}
	return strings.Join(parts, ", ")
}

// Diff prints two documents compared: the counts, then with stat the
// counts per chapter, else the renumbering table (each rule's title or
// first words in both) and each pair's words. A comparison narrowed to
// the rules under one (c.Scope, "702.47") says so in its first line,
// whose counts are then of those rules, followed by notes, one a line,
// on what the rule is in a document that has it not ("702.47 (Splice)
// was 502.40 in 2005-10-01"). One that ignores typography says how many
// changes were typography alone.
func (p *TextPrinter) Diff(c *Comparison, stat bool) {
	bName, pairs := c.BName, c.Pairs
	if c.Scope != "" {
		bName += ", under " + c.Scope
	}
	p.Printf("%s → %s: %s\n", c.AName, bName, CountLine(c.Counts))
	if c.IgnoreTypography {
		p.Printf("typography ignored: %s typography alone (quotes, apostrophes, dashes, spaces)\n", Count(c.Typography, "change was", "changes were"))
	}
	for _, n := range c.Notes {
		p.Printf("%s\n", n)
	}
	if stat {
		var rows [][]string
		for _, ch := range c.ChapterCounts() {
			rows = append(rows, []string{fmt.Sprintf("  %d", ch.Chapter), ch.Title, CountLine(ch.Counts)})
		}
		p.Table(rows, 0, 40)
		return
	}
	if moved := c.Moved(); len(moved) > 0 {
		// "renumbered" counts the rules whose text stayed; the table lists
		// every rule with a new number.
		same := 0
		for _, x := range moved {
			if x.Class == diff.Renumbered {
				same++
			}
		}
		p.Printf("\nNew numbers (%d: %s with the same text, %d also changed):\n", len(moved), Count(same, "renumbered", "renumbered"), len(moved)-same)
		var rows [][]string
		for _, x := range moved {
			rows = append(rows, []string{"  " + x.A.ID.String(), RuleLabel(x.A), "→", x.B.ID.String(), RuleLabel(x.B)})
		}
		p.Table(rows, 0, 30, 0, 0, 30)
	}
	for _, x := range pairs {
		p.Printf("\n")
		switch {
		case x.A == nil:
			p.Printf("%s %s\n", p.Bold(x.B.ID.String()), p.Paint("added", "32"))
			p.Printf("%s\n", p.Paint(diff.RuleText(x.B), "32"))
		case x.B == nil:
			p.Printf("%s %s\n", p.Bold(x.A.ID.String()), p.Paint("removed", "31"))
			p.Printf("%s\n", p.Paint(diff.RuleText(x.A), "31"))
		default:
			head := x.B.ID.String()
			if x.Moved {
				head = x.A.ID.String() + " → " + x.B.ID.String()
			}
			p.Printf("%s (%s)\n", p.Bold(head), x.Class)
			if x.Class != diff.Renumbered {
				p.WordDiff(c.WordDiff(x))
			}
		}
	}
}

// WordDiff prints a word diff on one line: colours on a terminal,
// [-deleted-] and {+inserted+} otherwise, common text far from the
// changes elided to "…" between words.
func (p *TextPrinter) WordDiff(ops []diff.Op) {
	var b strings.Builder
	for i, op := range ops {
		switch op.Kind {
		case diff.Equal:
			head, cut, tail := elide(op.Text, i > 0, i < len(ops)-1)
			switch {
			case cut == "":
				b.WriteString(op.Text)
			case head == "":
				b.WriteString("… " + tail)
			case tail == "":
				b.WriteString(head + " …")
			default:
				b.WriteString(head + " … " + tail)
			}
		case diff.Delete:
			if p.Color {
				b.WriteString(p.Paint(op.Text, "31;9"))
			} else {
				b.WriteString("[-" + op.Text + "-]")
			}
		case diff.Insert:
			if p.Color {
				b.WriteString(p.Paint(op.Text, "32"))
			} else {
				b.WriteString("{+" + op.Text + "+}")
			}
		}
	}
	p.Printf("%s\n", b.String())
}

func join[T ~string](xs []T, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = string(x)
	}
	return strings.Join(s, sep)
}

func orUnknown(s string, known bool) string {
	if !known {
		return "unknown"
	}
	return s
}

// Keyword prints a keyword's spec, the revisions its rules changed in,
// and its rule.
func (p *TextPrinter) Keyword(s *keyword.Spec, changes []diff.Change) {
	p.Printf("%s (%s, %s)\n", p.Bold(s.Name), s.Rule, s.Rev)
	field := func(name, value string) {
		if value == "" {
			value = "—"
		}
		p.Printf("  %-11s %s\n", name+":", value)
	}
	kind := join(s.Kind, " + ")
	if s.KindInferred {
		kind += " (read off the definition)"
	}
	if s.Evasion {
		kind += " (evasion)"
	}
	field("kind", orUnknown(kind, len(s.Kind) > 0))
	field("written", s.Written)
	field("params", orUnknown(strings.Join(s.Params, ", "), s.Params != nil))
	field("zones", join(s.Zones, ", "))
	field("instances", s.Instances)
	field("terms", strings.Join(s.Terms, ", "))
	field("see", strings.Join(s.See, ", "))
	for i, d := range s.Definition {
		name := ""
		if i == 0 {
			name = "definition:"
		}
		p.Printf("  %-11s %s\n", name, d)
	}
	if len(changes) > 0 {
		var cs []string
		for _, c := range changes {
			cs = append(cs, c.Rev+" ("+c.Class.String()+")")
		}
		field("changed", strings.Join(cs, ", "))
	}
	p.Printf("\n")
	p.Rule(s.Text())
}

// Keywords prints specs as a table.
func (p *TextPrinter) Keywords(specs []*keyword.Spec) {
	rows := [][]string{{"RULE", "NAME", "KIND", "PARAMS", "ZONES"}}
	for _, s := range specs {
		params := orUnknown(strings.Join(s.Params, ", "), s.Params != nil)
		rows = append(rows, []string{s.Rule, s.Name, s.KindText(), params, join(s.Zones, ", ")})
	}
	p.Table(rows, 0, 24, 28, 22)
}

// Table prints rows (the first is the header) in columns two spaces
// apart, each as wide as its widest cell, with no trailing spaces. On a
// terminal a cell longer than its column's limit in limits (0 or none: no
// limit) is cut with an ellipsis; in a pipe never.
func (p *TextPrinter) Table(rows [][]string, limits ...int) {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		cells := slices.Clone(r)
		for i := range cells {
			if p.Terminal && i < len(limits) && limits[i] > 0 {
				cells[i] = Clip(cells[i], limits[i])
			}
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	_ = tw.Flush()
	for line := range strings.Lines(b.String()) {
		p.Printf("%s\n", strings.TrimRight(line, " \n"))
	}
}

// Terms prints lexicon usages: a table for many, the counts per run of
// revisions for up to three.
func (p *TextPrinter) Terms(rows []lexicon.Usage) {
	if len(rows) > 3 {
		table := [][]string{{"OLD", "NEW", "SINCE", "SHIFT (measured)", "OLD COUNT: FIRST, PEAK, LAST"}}
		for _, r := range rows {
			shift := "no corpus-wide fall"
			if r.Shift != "" {
				i := 0
				for k, c := range r.Counts {
					if c.Rev == r.Shift {
						i = k
					}
				}
				shift = fmt.Sprintf("%s %d→%d", r.Shift, r.Counts[i-1].Old, r.Counts[i].Old)
			}
			peak := 0
			for _, c := range r.Counts {
				peak = max(peak, c.Old)
			}
			table = append(table, []string{r.Old, r.New, r.Since, shift, fmt.Sprintf("%d, %d, %d", r.Counts[0].Old, peak, r.Counts[len(r.Counts)-1].Old)})
		}
		p.Table(table, 28, 26)
		return
	}
	for _, r := range rows {
		shift := r.Shift
		if shift == "" {
			shift = "unknown"
		}
		p.Printf("%s → %s (since %s; measured shift: %s)\n", p.Bold(r.Old), p.Bold(r.New), r.Since, shift)
		p.Printf("  %-23s %8s %8s\n", "REVS", "OLD", "NEW")
		// One row per run of revisions with the same counts.
		for i := 0; i < len(r.Counts); {
			c, j := r.Counts[i], i+1
			for j < len(r.Counts) && r.Counts[j].Old == c.Old && r.Counts[j].New == c.New {
				j++
			}
			revs := c.Rev
			if j-1 > i {
				revs += " … " + r.Counts[j-1].Rev
			}
			mark := ""
			if c.Rev == r.Shift {
				mark = "  ← shift"
			}
			p.Printf("  %-23s %8d %8d%s\n", revs, c.Old, c.New, mark)
			i = j
		}
	}
}

// Substitutions prints what terms --discover found between a and b.
func (p *TextPrinter) Substitutions(a, b string, least int, subs []diff.Substitution) {
	p.Printf("%s → %s: substitutions in at least %d rules (✓ = in the lexicon)\n", a, b, least)
	for _, s := range subs {
		mark := " "
		if s.Known {
			mark = "✓"
		}
		p.Printf("%s %4d  %-30s → %-30s e.g. %s\n", mark, len(s.Rules), s.Old, s.New, strings.Join(s.Rules[:min(3, len(s.Rules))], ", "))
	}
}

// Refs prints what rule id cites and what cites it in d, and the glossary
// terms it uses.
func (p *TextPrinter) Refs(d *parse.Document, id string, out, in []*xref.Ref, terms []string) {
	p.Printf("%s cites:\n", p.Bold(id))
	if len(out) == 0 {
		p.Printf("    nothing\n")
	}
	for i, r := range out {
		if i > 0 && out[i-1].Pos == r.Pos && out[i-1].Text == r.Text {
			continue // a range prints once
		}
		status := ""
		if r.Status != xref.Resolved {
			status = "  [" + r.Status.String() + "]"
		}
		from := r.Source.Rule.String()
		if r.Source.Example > 0 {
			from += " ex."
		}
		p.Printf("    %-12s %-10s %s%s\n", r.Text, "("+from+")", TargetTitle(d, r), status)
	}
	p.Printf("\n%s is cited by:\n", p.Bold(id))
	if len(in) == 0 {
		p.Printf("    nothing\n")
	}
	for _, r := range in {
		p.Printf("    %-24s %s:%d  %s\n", r.Source.String(), d.Name, r.Pos.Line, CitingText(d, r))
	}
	if len(terms) > 0 {
		p.Printf("\n%s uses glossary terms:\n    %s\n", p.Bold(id), strings.Join(terms, "; "))
	}
}

// Versions prints the revisions as a table, with where each comes from.
func (p *TextPrinter) Versions(rows []VersionJSON) {
	table := [][]string{{"REV", "ERA", "RULES", "EXAMPLES", "GLOSSARY", "CHAPTERS", "ENCODING", "BYTES", "SOURCE"}}
	for _, v := range rows {
		table = append(table, []string{v.Rev, string(v.Era), fmt.Sprint(v.Rules), fmt.Sprint(v.Examples), fmt.Sprint(v.Glossary), fmt.Sprint(v.Chapters), v.Encoding, fmt.Sprint(v.Bytes), v.Source})
	}
	p.Table(table)
}

// Summary prints what a parse of a file found.
func (p *TextPrinter) Summary(d *parse.Document) {
	s := d.Stats()
	kind := "revision"
	if d.Fragment {
		kind = "fragment"
	}
	era := string(s.Era)
	if era == "" {
		era = "unknown"
	}
	p.Printf("%s: %s, %s era, %s, %s layout\n", d.Name, kind, era, d.Encoding, d.Layout)
	if s.Effective != "" {
		p.Printf("effective %s\n", s.Effective)
	}
	p.Printf("%s, %s, %s, %s, %s\n", Count(s.Rules, "rule or subrule", "rules and subrules"),
		Count(s.Examples, "example", "examples"), Count(s.Chapters, "chapter", "chapters"),
		Count(s.Glossary, "glossary entry", "glossary entries"), Count(s.Warnings, "warning", "warnings"))
	if len(d.Index) > 0 {
		p.Printf("an index of %d entries after the glossary (--json: \"index\")\n", len(d.Index))
	}
}

// Findings prints what check found in the document read from file, a line
// each: "file:line:col: code: message".
func (p *TextPrinter) Findings(file string, fs []xref.Finding) {
	for _, f := range fs {
		p.Printf("%s:%s: %s: %s\n", file, f.Pos, f.Code, f.Msg)
	}
}

// Citations prints the stale verdicts, or with all every one, a line
// each: "file:line:col: message".
func (p *TextPrinter) Citations(fs []cite.Finding, all bool) {
	for _, f := range fs {
		if f.Stale || all {
			p.Printf("%s:%d:%d: %s\n", f.File, f.Line, f.Col, f.Msg)
		}
	}
}

// CiteSummary counts what cite read: "3 citations in 2 files, 1 stale".
func CiteSummary(citations, files, stale int) string {
	return Count(citations, "citation", "citations") + " in " + Count(files, "file", "files") + ", " + Count(stale, "stale", "stale")
}

// Warning prints on w a problem that did not stop an answer (what
// crules.Options.Warn hears): the warnings of a parsed file (a
// parse.ErrorList) one a line, the first ten of them and then how many
// more there are; anything else as "crules: message".
func Warning(w io.Writer, err error) {
	var list parse.ErrorList
	if !errors.As(err, &list) {
		fmt.Fprintf(w, "crules: %v\n", err)
		return
	}
	const most = 10
	for i, d := range list {
		if i == most {
			fmt.Fprintf(w, "crules: … and %d more warnings (crules parse %s --json lists them)\n", len(list)-most, d.File)
			break
		}
		fmt.Fprintf(w, "%s\n", d)
	}
}

// Count writes n with the singular noun one when n is 1, else many:
// "1 warning", "3 warnings", "0 warnings".
func Count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Added says that the CR file from was added to the archive dir as the
// revision rev, as add and update print it.
func (p *TextPrinter) Added(rev, from, dir string) {
	p.Printf("added %s from %s to %s\n", rev, from, dir)
}

// Update says what update found on the rules page: the release rev (the
// TXT file url) already held, newer than latest and not added (dir ""),
// or added to dir.
func (p *TextPrinter) Update(rev, url, latest, dir string, upToDate bool) {
	switch {
	case upToDate:
		p.Printf("already up to date: %s is the newest release (%s)\n", rev, url)
	case dir == "":
		p.Printf("a newer release: %s (the newest held is %s); 'crules update' adds it\n", rev, latest)
	default:
		p.Added(rev, url, dir)
	}
}
