package parse

import (
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Parse reads the raw bytes of a Comprehensive Rules revision, or of an
// excerpt of one, into a Document.
//
// Any encoding and layout the CR has been published in is accepted (see
// Decode). name is used in positions ("CR-2005-10-01.txt:1234:1").
//
// Parse returns a document whenever the input decodes and holds at least one
// numbered rule; what it had to skip or guess is in Document.Warnings. Input
// that is not text, or text with no rules in it, yields a nil document and an
// ErrorList whose entries wrap ErrEncoding or ErrNotRules.
func Parse(name string, src []byte) (*Document, error) {
	text, enc, legacy, err := decode(src)
	if err != nil {
		return nil, ErrorList{{File: name, Severity: SeverityError, Msg: err.Error(), kind: ErrEncoding}}
	}
	d, err := ParseText(name, text, enc)
	if d != nil && len(legacy) > 0 {
		d.Warnings = append(d.Warnings, legacyWarnings(name, text, legacy)...)
		d.Warnings.Sort()
	}
	if d != nil && (enc == UTF16LE || enc == UTF16BE) {
		order := "little-endian"
		if enc == UTF16BE {
			order = "big-endian"
		}
		d.Warnings = append(d.Warnings, &Diagnostic{File: name, Pos: Pos{Line: 1, Col: 1}, Severity: SeverityWarning,
			Msg: "UTF-16 without a byte-order mark: read as " + order + ", the order its text shows"})
		d.Warnings.Sort()
	}
	return d, err
}

// maxLegacyWarnings is the most warnings about lines read as
// Windows-1252 in a Mixed file; one more counts the rest.
const maxLegacyWarnings = 20

// legacyWarnings are the warnings of a Mixed text: one per run of lines
// read as Windows-1252, at the first character so read.
func legacyWarnings(name, text string, legacy []legacyRun) ErrorList {
	lines := splitLines(text)
	lineOf := func(off int) int {
		return sort.Search(len(lines), func(i int) bool { return lines[i].end >= off }) // a line's end is its terminator
	}
	var out ErrorList
	for k, r := range legacy {
		first, last := lineOf(r.First), lineOf(r.Last)
		pos := posIn(text, lines, first, r.First)
		if k == maxLegacyWarnings {
			n := 0
			for _, r := range legacy[k:] {
				n += r.Lines
			}
			out = append(out, &Diagnostic{File: name, Pos: pos, Severity: SeverityWarning,
				Msg: fmt.Sprintf("%d more lines from here are not UTF-8, as the rest of the file is: read as Windows-1252", n)})
			break
		}
		what := "this line is"
		if r.Lines > 1 {
			what = fmt.Sprintf("%d lines from here to line %d are", r.Lines, last+1)
		}
		out = append(out, &Diagnostic{File: name, Pos: pos, Severity: SeverityWarning,
			Msg: what + " not UTF-8, as the rest of the file is: read as Windows-1252"})
	}
	return out
}

// posIn is the position of offset off on line i of text.
func posIn(text string, lines []line, i, off int) Pos {
	return Pos{Line: i + 1, Col: utf8.RuneCountInString(text[lines[i].start:off]) + 1, Offset: off}
}

// ParseText is Parse for text that is already decoded; enc records where it
// came from and may be empty.
func ParseText(name, text string, enc Encoding) (*Document, error) {
	if enc == "" {
		enc = UTF8
	}
	p := &parser{name: name, text: text}
	p.doc = &Document{Name: name, Text: text, Encoding: enc}
	if strings.TrimSpace(text) == "" {
		return nil, ErrorList{{File: name, Severity: SeverityError, Msg: "empty input: " + ErrNotRules.Error(), kind: ErrNotRules}}
	}
	p.lines = splitLines(text)
	p.cls = make([]cline, len(p.lines))
	maxLen := 0
	for i, l := range p.lines {
		p.cls[i] = classify(text[l.start:l.end], l.start)
		maxLen = max(maxLen, l.end-l.start)
	}
	p.detectLayout(maxLen)

	bodyStart := p.findBody()
	if bodyStart < 0 {
		return nil, ErrorList{{File: name, Pos: p.pos(0, 0), Severity: SeverityError,
			Msg: "no numbered rules found (like \"100.1.\" or \"702.47a\"): " + ErrNotRules.Error(), kind: ErrNotRules}}
	}
	gloss, index, credits := p.findBackMatter(bodyStart)
	bodyEnd := len(p.lines)
	if gloss >= 0 {
		bodyEnd = gloss
	}
	p.frontMatter(0, bodyStart)
	p.doc.Fragment = p.doc.Effective.IsZero() && len(p.doc.Contents) == 0 && gloss < 0
	if p.doc.Fragment {
		p.doc.Title, p.doc.Intro = "", nil // what came before the rules is not a header
	}
	if p.doc.Fragment && bodyStart > 0 {
		for i := 0; i < bodyStart; i++ {
			if p.cls[i].kind != kBlank {
				p.skip(i, "text before the rules")
			}
		}
	}
	p.body(bodyStart, bodyEnd)
	if gloss >= 0 {
		end := len(p.lines)
		if credits >= 0 {
			end = credits
		}
		if index >= 0 {
			p.doc.Index = p.indexEntries(index+1, end)
			end = index
		}
		p.glossary(gloss+1, end)
		if credits >= 0 {
			p.doc.Credits = p.paragraphs(credits+1, len(p.lines))
		} else if !p.doc.Fragment {
			p.warn(p.endPos(), "the glossary is not followed by Credits: the text seems cut off")
		}
	} else if !p.doc.Fragment {
		p.warn(p.endPos(), "no Glossary heading after the rules: the text seems cut off")
	}
	p.flushSkip()
	p.finish()
	symbols(p.doc)
	return p.doc, nil
}

type parser struct {
	name    string
	text    string
	lines   []line
	cls     []cline
	doc     *Document
	wrapped bool

	// body state
	part    *Part
	chapter *Chapter
	rule    *Rule  // the current numbered rule
	cur     *Rule  // the current rule or subrule
	last    RuleID // the last rule number read
	target  joiner // where a wrapped continuation line goes
	tIndent int    // indentation of the paragraph target belongs to
	seen    map[RuleID]int
	skipRun [2]int // first and last line of the run of skipped lines, -1 when none
	skipWhy string

	// The nodes, a slab of each kind: a revision has some 3,000 rules
	// and 700 glossary entries, which live and die with their document.
	rules    slab[Rule]
	entries  slab[GlossaryEntry]
	paras    slab[Paragraph]
	examples slab[Example]
	// The lists of the nodes: a chapter's rules, a rule's subrules and
	// examples, an entry's paragraphs, each filled in one go.
	ruleLists run[*Rule]
	kids      run[*Rule]
	exs       run[*Example]
	defs      run[*Paragraph]
}

// A run lays out slices that are filled one after the other in one
// array: add appends v to *s, the slice being filled (laid out at the end
// of the array) or a new one; a slice filled again after another was
// started is appended to as usual. Every slice is capped at its length,
// so that appending to it later copies it.
type run[T any] struct {
	all   []T
	owner *[]T
	start int
}

func (r *run[T]) add(s *[]T, v T) {
	tail := r.all[r.start:]
	if r.owner != s || len(*s) != len(tail) || len(tail) > 0 && &(*s)[0] != &tail[0] {
		if len(*s) > 0 {
			*s = append(*s, v)
			return
		}
		r.owner, r.start = s, len(r.all)
	}
	if len(r.all) == cap(r.all) {
		r.all = make([]T, len(r.all)-r.start, max(64, 2*cap(r.all)))
		copy(r.all, *s)
		r.start = 0
	}
	r.all = append(r.all, v)
	*s = r.all[r.start:len(r.all):len(r.all)]
}

// A slab hands out values from arrays of them, one allocation for many
// values rather than one each.
type slab[T any] struct{ free []T }

// new returns a zero T.
func (s *slab[T]) new() *T {
	if len(s.free) == 0 {
		s.free = make([]T, 128)
	}
	v := &s.free[0]
	s.free = s.free[1:]
	return v
}

func (p *parser) pos(lineIdx, off int) Pos {
	if lineIdx >= len(p.lines) {
		return p.endPos()
	}
	l := p.lines[lineIdx]
	if off < l.start {
		off = l.start
	}
	return Pos{Line: lineIdx + 1, Col: utf8.RuneCountInString(p.text[l.start:off]) + 1, Offset: off}
}

func (p *parser) endPos() Pos {
	if len(p.lines) == 0 {
		return Pos{Line: 1, Col: 1}
	}
	i := len(p.lines) - 1
	return p.pos(i, p.lines[i].end)
}

func (p *parser) warn(pos Pos, format string, args ...any) {
	p.doc.Warnings = append(p.doc.Warnings, &Diagnostic{File: p.name, Pos: pos, Severity: SeverityWarning, Msg: fmt.Sprintf(format, args...)})
}

// skip records line i as skipped; adjacent skipped lines (blank lines
// between them allowed) make one warning.
func (p *parser) skip(i int, why string) {
	if p.skipWhy != "" {
		if p.skipWhy == why && p.onlyBlankBetween(p.skipRun[1], i) {
			p.skipRun[1] = i
			return
		}
		p.flushSkip()
	}
	p.skipRun = [2]int{i, i}
	p.skipWhy = why
}

func (p *parser) onlyBlankBetween(a, b int) bool {
	for j := a + 1; j < b; j++ {
		if p.cls[j].kind != kBlank {
			return false
		}
	}
	return true
}

func (p *parser) flushSkip() {
	if p.skipWhy == "" {
		return
	}
	first, last := p.skipRun[0], p.skipRun[1]
	c := p.cls[first]
	n := 0
	for j := first; j <= last; j++ {
		if p.cls[j].kind != kBlank {
			n++
		}
	}
	quote := p.text[c.start:c.end]
	if utf8.RuneCountInString(quote) > 40 {
		r := []rune(quote)
		quote = string(r[:40]) + "…"
	}
	what := "line"
	if n > 1 {
		what = fmt.Sprintf("%d lines", n)
	}
	p.warn(p.pos(first, c.start), "skipped %s of %s: %q", what, p.skipWhy, quote)
	p.skipWhy = ""
}

// detectLayout decides between one paragraph per line and hard-wrapped
// text: wrapped files have no long lines, and many of their lines run on
// into a next line that starts no rule, example or heading.
func (p *parser) detectLayout(maxLen int) {
	p.doc.Layout = LayoutParagraphs
	if maxLen > 200 {
		return
	}
	nonBlank, runOn := 0, 0
	for i := 0; i+1 < len(p.cls); i++ {
		if p.cls[i].kind == kBlank {
			continue
		}
		nonBlank++
		if p.cls[i+1].kind == kText && p.cls[i+1].indent <= p.cls[i].indent+2 {
			runOn++
		}
	}
	if nonBlank > 0 && runOn*10 >= nonBlank {
		p.wrapped = true
		p.doc.Layout = LayoutWrapped
	}
}

// findBody returns the first line of the rules: the first numbered rule,
// preceded by its chapter heading and part heading when they are there.
func (p *parser) findBody() int {
	first := -1
	for i, c := range p.cls {
		if (c.kind == kRule || c.kind == kBrokenRule) && c.id.Rule > 0 {
			first = i
			break
		}
	}
	if first < 0 {
		return -1
	}
	id := p.cls[first].id
	start := first
	wantChapter := true
	for j := first - 1; j >= 0; j-- {
		c := p.cls[j]
		switch {
		case c.kind == kBlank || c.kind == kUnderline:
			continue
		case wantChapter && c.kind == kChapter && c.id.Chapter == id.Chapter:
			start, wantChapter = j, false
			continue
		case c.kind == kPart && c.part == id.Part():
			start = j
		}
		break
	}
	return start
}

// findBackMatter returns the lines of the "Glossary", "Index" (1999 only)
// and "Credits" headings after the rules, -1 for each that is missing.
func (p *parser) findBackMatter(from int) (gloss, index, credits int) {
	gloss, index, credits = -1, -1, -1
	for i := from; i < len(p.cls); i++ {
		c := p.cls[i]
		if c.kind != kText || c.indent > 0 {
			continue
		}
		t := p.text[c.start:c.end]
		switch {
		case gloss < 0 && strings.EqualFold(t, "Glossary"):
			gloss = i
		case gloss >= 0 && index < 0 && strings.EqualFold(t, "Index") && p.isHeadingLine(i):
			index = i
		case gloss >= 0 && strings.EqualFold(t, "Credits"):
			return gloss, index, i
		}
	}
	return gloss, index, credits
}

// isHeadingLine reports whether line i stands alone: a blank line or an
// underline before and after it.
func (p *parser) isHeadingLine(i int) bool {
	sep := func(j int) bool {
		return j < 0 || j >= len(p.cls) || p.cls[j].kind == kBlank || p.cls[j].kind == kUnderline
	}
	return sep(i-1) && sep(i+1)
}

// frontMatter reads the title, the effective date, the introduction and the
// table of contents.
func (p *parser) frontMatter(from, to int) {
	d := p.doc
	i := from
	for i < to && (p.cls[i].kind == kBlank || p.cls[i].kind == kUnderline) {
		i++
	}
	var title []string
	for ; i < to && p.cls[i].kind != kBlank && p.cls[i].kind != kUnderline; i++ {
		c := p.cls[i]
		t := p.text[c.start:c.end]
		if date, ok := effectiveDate(t); ok {
			d.Effective = date
			break
		}
		if j := strings.LastIndexByte(t, ' '); j > 0 {
			if date, err := time.Parse("01/02/06", t[j+1:]); err == nil {
				d.Effective = date
				t = strings.TrimSpace(t[:j])
			}
		}
		title = append(title, t)
		if len(title) == 3 {
			break
		}
	}
	d.Title = strings.Join(title, " ")
	inTOC := false
	var intro []int
	for ; i < to; i++ {
		c := p.cls[i]
		if c.kind == kBlank || c.kind == kUnderline {
			continue
		}
		t := p.text[c.start:c.end]
		if date, ok := effectiveDate(t); ok {
			if d.Effective.IsZero() {
				d.Effective = date
			}
			continue
		}
		switch strings.ToLower(t) {
		case "contents", "table of contents":
			inTOC = true
			continue
		case "introduction":
			continue
		}
		if inTOC {
			if e, ok := tocEntry(c, t); ok {
				e.Pos = p.pos(i, c.start)
				d.Contents = append(d.Contents, e)
				continue
			}
		}
		intro = append(intro, i)
	}
	d.Intro = p.paragraphsOf(intro)
}

// effectiveDate reads "These rules are current as of October 1, 2008." and
// "These rules are effective as of November 17, 2023" (period optional).
func effectiveDate(t string) (time.Time, bool) {
	for _, key := range []string{"effective as of ", "current as of "} {
		i := strings.Index(t, key)
		if i < 0 {
			continue
		}
		s := strings.TrimRight(strings.TrimSpace(t[i+len(key):]), ".")
		if date, err := time.Parse("January 2, 2006", s); err == nil {
			return date, true
		}
	}
	return time.Time{}, false
}

// tocEntry reads a line of the contents: "7. Additional Rules",
// "702. Keyword Abilities", "Glossary", with dot leaders and page numbers
// ("100. General........2") dropped.
func tocEntry(c cline, t string) (*TOCEntry, bool) {
	if k := strings.Index(t, ".."); k > 0 {
		t = strings.TrimSpace(t[:k])
	}
	switch strings.ToLower(t) {
	case "glossary", "credits", "introduction", "index":
		return &TOCEntry{Title: t}, true
	}
	var c2 cline
	switch classifyContent(t, 0, &c2) {
	case kPart:
		return &TOCEntry{Number: t[:1], Title: strings.TrimSpace(c2.body)}, true
	case kChapter:
		return &TOCEntry{Number: c2.id.String(), Title: strings.TrimSpace(c2.body)}, true
	}
	return nil, false
}

// indexEntries reads the back-of-book index of 1999 in lines [from, to):
// an entry a line ("Zone, 217, 402.3"), its sub-entries indented below it
// (their Pos.Col shows the indentation), even in wrapped text.
func (p *parser) indexEntries(from, to int) []*Paragraph {
	var out []*Paragraph
	for i := from; i < to; i++ {
		if c := p.cls[i]; c.kind != kBlank && c.kind != kUnderline {
			out = append(out, &Paragraph{Text: p.text[c.start:c.end], Pos: p.pos(i, c.start)})
		}
	}
	return out
}

// paragraphs reads lines [from, to) as paragraphs: one a line, or in
// wrapped text one a run of lines.
func (p *parser) paragraphs(from, to int) []*Paragraph {
	var idx []int
	for i := from; i < to; i++ {
		if k := p.cls[i].kind; k != kBlank && k != kUnderline {
			idx = append(idx, i)
		}
	}
	return p.paragraphsOf(idx)
}

func (p *parser) paragraphsOf(idx []int) []*Paragraph {
	var out []*Paragraph
	var j joiner
	for n, i := range idx {
		c := p.cls[i]
		t := p.text[c.start:c.end]
		if p.wrapped && n > 0 && idx[n-1] == i-1 && len(out) > 0 && c.indent < p.cls[idx[n-1]].indent+3 {
			j.add(" ", t)
			continue
		}
		para := &Paragraph{Text: t, Pos: p.pos(i, c.start)}
		out = append(out, para)
		j.open(&para.Text)
	}
	j.open(nil)
	return out
}

// A joiner appends continuation lines to a text without copying it once a
// line: the pieces are joined when the next paragraph opens.
type joiner struct {
	dst   *string
	parts []string
}

// open flushes the pending pieces and starts collecting for dst (nil: none).
func (j *joiner) open(dst *string) {
	if j.dst != nil && len(j.parts) > 0 {
		*j.dst += strings.Join(j.parts, "")
	}
	j.dst, j.parts = dst, j.parts[:0]
}

// add appends a continuation line t after sep. A wrapped line that ends in
// a hyphen is joined to the next without the space (see wrapSep).
func (j *joiner) add(sep, t string) {
	if sep == " " {
		prev := ""
		if n := len(j.parts); n > 0 {
			prev = j.parts[n-1]
		} else if j.dst != nil {
			prev = *j.dst
		}
		sep = wrapSep(prev, t)
	}
	j.parts = append(j.parts, sep, t)
}

// wrapSep is what joins a hard-wrapped line ending in prev to the next
// line, next: a space, or nothing when prev ends in a hyphen that belongs
// to a compound ("State-" / "Based Effects", "comes-into-" / "play").
//
// The wrapped revisions (1999–2004) never break a word at a syllable: of
// the 83 lines that end in a letter and a hyphen, every one splits a
// compound whose joined form the CR prints elsewhere ("state-based",
// "snow-covered", "Assembly-Worker"). The exception is a suspended hyphen
// before a conjunction ("power- and toughness-changing"), which keeps its
// space as printed.
func wrapSep(prev, next string) string {
	n := len(prev)
	if n < 2 || prev[n-1] != '-' || !isLetter(prev[n-2]) {
		return " "
	}
	word := next
	if i := strings.IndexAny(word, " \t"); i >= 0 {
		word = word[:i]
	}
	switch strings.TrimRight(word, ",;.") {
	case "and", "or", "nor", "to":
		return " "
	}
	return ""
}

// body reads the parts, chapters, rules and examples in lines [from, to).
func (p *parser) body(from, to int) {
	// A rule takes a line or more: sized so that it never grows, which
	// rehashed it a dozen times for a whole revision.
	p.seen = make(map[RuleID]int, (to-from)/2)
	prevBlank := true
	prevLine := -1
	for i := from; i < to; i++ {
		c := p.cls[i]
		switch c.kind {
		case kBlank:
			prevBlank = true
			continue
		case kUnderline:
			continue
		}
		if p.skipWhy != "" && !(c.kind == kText && p.doc.Fragment) {
			p.flushSkip()
		}
		afterBreak := prevBlank || prevLine < 0 || !p.wrapped
		prevBlank = false
		prevText := ""
		if prevLine >= 0 {
			pc := p.cls[prevLine]
			prevText = p.text[pc.start:pc.end]
		}
		prevLine = i
		switch c.kind {
		case kPart:
			if afterBreak && p.nextIsChapterOf(i, to, c.part) {
				p.startPart(i, c)
				continue
			}
		case kChapter:
			if afterBreak {
				p.startChapter(i, c, false)
				continue
			}
		case kRule, kBrokenRule:
			afterHeading := p.cur != nil && p.cur.Title != "" && p.cur.Text == ""
			if afterBreak || p.cur == nil || (c.id.Compare(p.last) > 0 && (endsSentence(prevText) || afterHeading)) {
				if c.kind == kBrokenRule {
					p.warn(p.pos(i, c.start), "rule number with a stray space read as %s", c.id)
				}
				p.startRule(i, c)
				continue
			}
		case kExample:
			p.startExample(i, c)
			continue
		case kBadRule:
			p.warn(p.pos(i, c.start), "%q is not a rule number; its line is read as text of the rule before it", strings.Fields(c.body)[0])
		case kLongSubrule:
			p.warn(p.pos(i, c.start), "%q is not a rule number (subrule letters run from a to z): its line is read as text, not as a subrule",
				strings.TrimRight(strings.Fields(c.body)[0], "."))
		}
		p.textLine(i, c, afterBreak)
	}
	p.target.open(nil)
}

// nextIsChapterOf reports whether the next heading after line i is a chapter
// of part n: "1. Game Concepts" is a part heading only when "100. …" follows.
func (p *parser) nextIsChapterOf(i, to, n int) bool {
	for j := i + 1; j < to; j++ {
		c := p.cls[j]
		if c.kind == kBlank || c.kind == kUnderline {
			continue
		}
		return c.kind == kChapter && c.id.Part() == n
	}
	return false
}

func (p *parser) startPart(i int, c cline) {
	part := &Part{Number: c.part, Title: c.body, Pos: p.pos(i, c.start)}
	p.doc.Parts = append(p.doc.Parts, part)
	p.part, p.chapter, p.rule, p.cur = part, nil, nil, nil
	p.target.open(&part.Title)
	p.tIndent = c.indent
}

func (p *parser) startChapter(i int, c cline, implicit bool) *Chapter {
	if p.part == nil || p.part.Number != c.id.Part() {
		part := &Part{Number: c.id.Part(), Pos: p.pos(i, c.start), Implicit: true}
		p.doc.Parts = append(p.doc.Parts, part)
		p.part = part
	}
	ch := &Chapter{ID: c.id.ChapterID(), Pos: p.pos(i, c.start), Implicit: implicit}
	if !implicit {
		ch.Title = c.body
		p.target.open(&ch.Title)
		p.tIndent = c.indent
	}
	p.part.Chapters = append(p.part.Chapters, ch)
	p.chapter, p.rule, p.cur = ch, nil, nil
	return ch
}

func (p *parser) startRule(i int, c cline) {
	id := c.id
	pos := p.pos(i, c.start)
	var printed RuleID
	if seen, ok := p.misnumbered(i, id); ok {
		p.warn(pos, "subrule %s is printed under rule %s: read as %s, where it stands", id, p.rule.ID, seen)
		printed, id = id, seen
	}
	if p.chapter == nil || p.chapter.ID.Chapter != id.Chapter {
		if ch := p.doc.Chapter(id.Chapter); ch != nil {
			p.chapter, p.rule = ch, nil // back in a chapter after a misnumbered rule
		} else {
			p.startChapter(i, c, true)
		}
	}
	if !p.last.IsZero() && id.Compare(p.last) <= 0 {
		if prev, dup := p.seen[id]; dup {
			p.warn(pos, "rule %s appears again (first at line %d)", id, prev)
		} else {
			p.warn(pos, "rule %s is out of order (after %s)", id, p.last)
		}
	}
	if _, dup := p.seen[id]; !dup {
		p.seen[id] = pos.Line
	}
	p.last = id
	r := p.rules.new()
	*r = Rule{ID: id, Printed: printed, Pos: pos, Text: c.body}
	if id.Level() == LevelRule {
		if isHeading(c.body) {
			r.Title, r.Text = c.body, ""
		}
		p.ruleLists.add(&p.chapter.Rules, r)
		p.rule = r
	} else {
		if p.rule == nil || p.rule.ID != id.Parent() {
			p.rule = p.findRule(id.Parent())
		}
		if p.rule == nil {
			p.warn(pos, "subrule %s has no rule %s before it", id, id.Parent())
			p.rule = &Rule{ID: id.Parent(), Pos: pos, Implicit: true}
			p.ruleLists.add(&p.chapter.Rules, p.rule)
		}
		p.kids.add(&p.rule.Children, r)
	}
	p.cur = r
	if r.Title != "" {
		p.target.open(&r.Title)
	} else {
		p.target.open(&r.Text)
	}
	p.tIndent = c.indent
}

// misnumbered decides whether subrule id, read at line i, is a misprint
// for the next subrule of the current rule, and returns the number the
// reader sees there. It is when the printed letter is the next letter of the
// current rule, that number is free, and the printed one is out of place:
// into a rule that came already ("502.35b" printed under 502.36 Scry after
// 502.36a, 2004-06-01), or in a chapter the document does not have, between
// two rules of the current chapter ("432.2b" between 423.2a and 423.3,
// 2006–2007). The rule keeps its printed number in Rule.Printed.
func (p *parser) misnumbered(i int, id RuleID) (RuleID, bool) {
	if id.Level() != LevelSubrule || p.rule == nil || p.chapter == nil || p.rule.ID == id.Parent() {
		return id, false
	}
	want := p.rule.ID
	want.Sub = "a"
	if n := len(p.rule.Children); n > 0 {
		want.Sub = nextLetter(p.rule.Children[n-1].ID.Sub)
	}
	if want.Sub != id.Sub {
		return id, false
	}
	if _, taken := p.seen[want]; taken {
		return id, false
	}
	// Backwards into a rule that came already; not when the printed
	// parent is nowhere, where the current rule's own number may be the
	// misprint ("505.54." before 505.5a and 505.5b, 2010-06-18).
	_, parentSeen := p.seen[id.Parent()]
	backwards := !p.last.IsZero() && id.Compare(p.last) <= 0 && parentSeen
	stray := id.Chapter != p.chapter.ID.Chapter && p.doc.Chapter(id.Chapter) == nil && p.nextRuleChapter(i) == p.chapter.ID.Chapter
	if !backwards && !stray {
		return id, false
	}
	return want, true
}

// nextLetter is the subrule letter after s; the CR skips l and o.
func nextLetter(s string) string {
	if s == "" || s[0] >= 'z' {
		return ""
	}
	c := s[0] + 1
	if c == 'l' || c == 'o' {
		c++
	}
	return string(c)
}

// nextRuleChapter is the chapter of the next numbered rule after line i,
// 0 when none follows.
func (p *parser) nextRuleChapter(i int) int {
	for j := i + 1; j < len(p.cls); j++ {
		if k := p.cls[j].kind; k == kRule || k == kBrokenRule || k == kChapter {
			return p.cls[j].id.Chapter
		}
	}
	return 0
}

// findRule looks for rule id among the rules of the current chapter.
func (p *parser) findRule(id RuleID) *Rule {
	rs := p.chapter.Rules
	for k := len(rs) - 1; k >= 0; k-- {
		if rs[k].ID == id {
			return rs[k]
		}
	}
	return nil
}

// isHeading tells a rule that only names its subject ("702.47. Splice",
// "214.6. Artifacts") from one that states a rule.
func isHeading(t string) bool {
	if t == "" || len(t) > 80 || strings.Count(t, " ") > 8 {
		return false
	}
	if strings.HasSuffix(t, "!") {
		// A keyword named with an exclamation mark ("For Mirrodin!",
		// "Start Your Engines!") titles its rule; a sentence does not
		// capitalise every word.
		return capitalised(strings.TrimSuffix(t, "!"))
	}
	return !endsSentence(t) && !strings.HasSuffix(t, ",") && !strings.HasSuffix(t, ";")
}

// capitalised reports whether every word of t starts with a capital
// letter.
func capitalised(t string) bool {
	words := strings.Fields(t)
	for _, w := range words {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return false
		}
	}
	return len(words) > 0
}

func (p *parser) startExample(i int, c cline) {
	if p.cur == nil {
		p.skip(i, "an example outside any rule")
		return
	}
	ex := p.examples.new()
	*ex = Example{Text: c.body, Pos: p.pos(i, c.start)}
	p.exs.add(&p.cur.Examples, ex)
	p.target.open(&ex.Text)
	p.tIndent = c.indent
}

// textLine places a line that starts no node: a wrapped continuation of the
// paragraph before it, a further paragraph of the current rule, or junk.
func (p *parser) textLine(i int, c cline, afterBreak bool) {
	t := p.text[c.start:c.end]
	if p.wrapped && !afterBreak && p.target.dst != nil && c.indent < p.tIndent+3 {
		p.target.add(" ", t)
		return
	}
	if p.cur == nil || p.doc.Fragment {
		p.skip(i, "text outside the rules")
		p.target.open(nil)
		return
	}
	if utf8.RuneCountInString(t) < 3 {
		p.skip(i, "stray text")
		p.target.open(nil)
		return
	}
	// A further paragraph belongs to the rule, even after an example.
	if p.target.dst != &p.cur.Text {
		p.target.open(&p.cur.Text)
	}
	if *p.target.dst == "" && len(p.target.parts) == 0 {
		p.target.add("", t)
	} else {
		p.target.add("\n", t)
	}
	p.tIndent = c.indent
}

// glossary reads the entries in lines [from, to): a term on a line of its
// own after a blank line, then its definition.
func (p *parser) glossary(from, to int) {
	var e *GlossaryEntry
	var para *Paragraph
	var j joiner
	defer j.open(nil)
	paraIndent := 0
	prevBlank := true
	for i := from; i < to; i++ {
		c := p.cls[i]
		if c.kind == kBlank {
			prevBlank = true
			continue
		}
		if c.kind == kUnderline {
			continue
		}
		t := p.text[c.start:c.end]
		wasBlank := prevBlank
		prevBlank = false
		if wasBlank {
			j.open(nil) // a blank line ends the paragraph: no line joins it now
		}
		if wasBlank && c.indent == 0 && !(e != nil && c.kind == kExample) && !p.glossarySubheading(i, e) {
			e = p.entries.new()
			*e = GlossaryEntry{Term: t, Pos: p.pos(i, c.start)}
			// "Exile1. A zone. …" (2021-06-18): a numbered definition
			// glued to its term.
			if k := strings.Index(t, "1. "); k > 0 && isLetter(t[k-1]) {
				e.Term = t[:k]
				para = p.paras.new()
				*para = Paragraph{Text: t[k:], Pos: p.pos(i, c.start+k)}
				paraIndent = c.indent
				p.defs.add(&e.Definition, para)
				p.warn(e.Pos, "glossary term %q runs into its definition; read as two lines", e.Term)
				p.doc.Glossary = append(p.doc.Glossary, e)
				j.open(&para.Text)
				continue
			}
			if k := strings.Index(strings.ToLower(t), "(obsolete)"); k >= 0 {
				e.Obsolete = true
				e.Term = strings.TrimSpace(t[:k] + t[k+len("(obsolete)"):])
			}
			p.doc.Glossary = append(p.doc.Glossary, e)
			para = nil
			j.open(nil)
			continue
		}
		if e == nil {
			p.skip(i, "glossary text before the first term")
			continue
		}
		if p.wrapped && !wasBlank && para != nil && c.indent < paraIndent+3 && c.kind != kExample {
			j.add(" ", t)
			continue
		}
		para = p.paras.new()
		*para = Paragraph{Text: t, Pos: p.pos(i, c.start)}
		j.open(&para.Text)
		paraIndent = c.indent
		p.defs.add(&e.Definition, para)
	}
}

// glossarySubheading reports whether line i, which stands where a term
// would, heads part of the list that ends entry e instead: "Expansion
// Symbol" of 2001–2002 ends "The expansion symbols to date are:" and goes
// on with "Expansions and Editions", "Promotional Cards" and "Social-Play
// Sets", each over a blank line and an indented list of sets. A term is
// followed by its definition on the next line; a subheading by a blank line
// and an indented item, inside a list that the entry opened with a colon.
func (p *parser) glossarySubheading(i int, e *GlossaryEntry) bool {
	if e == nil || len(e.Definition) == 0 || i+2 >= len(p.cls) || p.cls[i+1].kind != kBlank {
		return false
	}
	next := -1
	for j := i + 2; j < len(p.cls); j++ {
		if p.cls[j].kind != kBlank {
			next = j
			break
		}
	}
	if next < 0 || p.cls[next].indent < 3 {
		return false
	}
	for _, para := range e.Definition {
		if strings.HasSuffix(para.Text, ":") {
			return true
		}
	}
	return false
}

// finish builds the index and decides the era.
func (p *parser) finish() {
	d := p.doc
	d.index = make(map[RuleID]*Rule, len(p.seen))
	d.Walk(func(r *Rule) bool {
		if _, ok := d.index[r.ID]; !ok {
			d.index[r.ID] = r
			if !r.Implicit {
				d.ids = append(d.ids, r.ID)
			}
		}
		return true
	})
	sort.Slice(d.ids, func(i, j int) bool { return d.ids[i].Compare(d.ids[j]) < 0 })
	d.chapters = map[int]*Chapter{}
	for _, part := range d.Parts {
		for _, c := range part.Chapters {
			if old, ok := d.chapters[c.ID.Chapter]; !ok || old.Implicit && !c.Implicit {
				d.chapters[c.ID.Chapter] = c
			}
		}
	}
	d.Era = detectEra(d)
	d.Warnings.Sort()
}

// detectEra reads the era from the document itself: where the chapter
// "Keyword Abilities" is, or failing that (fragments) which chapters hold
// titled keyword rules.
func detectEra(d *Document) Era {
	titled502, maxChapter := 0, 0
	for _, part := range d.Parts {
		for _, c := range part.Chapters {
			if strings.Contains(strings.ToLower(c.Title), "keyword abilities") {
				switch c.ID.Chapter {
				case 502:
					return Era502
				case 702:
					return Era702
				}
			}
			maxChapter = c.ID.Chapter
			if c.ID.Chapter == 502 {
				for _, r := range c.Rules {
					if r.Title != "" {
						titled502++
					}
				}
			}
		}
	}
	switch {
	case maxChapter >= 700:
		return Era702
	case titled502 > 0:
		return Era502
	}
	return EraUnknown
}
