package xref

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/parse"
)

// A locator turns offsets in a node's text into positions in the source.
type locator struct {
	text       string
	lineStarts []int
}

func newLocator(d *parse.Document) *locator {
	l := &locator{text: d.Text, lineStarts: make([]int, 1, strings.Count(d.Text, "\n")+1)}
	t := d.Text
	if !strings.Contains(t, "\r") { // canonical text: a fast path
		for i := 0; ; {
			j := strings.IndexByte(t[i:], '\n')
			if j < 0 {
				return l
			}
			i += j + 1
			l.lineStarts = append(l.lineStarts, i)
		}
	}
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '\n':
			l.lineStarts = append(l.lineStarts, i+1)
		case '\r':
			if i+1 < len(t) && t[i+1] == '\n' {
				i++
			}
			l.lineStarts = append(l.lineStarts, i+1)
		}
	}
	return l
}

// base returns where text stands verbatim in the source at or after the
// node's offset, or -1 when it does not (joined wrapped lines, paragraphs).
func (l *locator) base(nodeOff int, text string) int {
	if nodeOff < 0 || nodeOff > len(l.text) {
		return -1
	}
	window := l.text[nodeOff:min(len(l.text), nodeOff+len(text)+256)]
	probe := text[:min(len(text), 64)]
	i := strings.Index(window, probe)
	if i < 0 || !strings.HasPrefix(l.text[nodeOff+i:], text) {
		return -1
	}
	return nodeOff + i
}

// pos is the source position of text[start:end].
func (l *locator) pos(base, nodeOff int, text string, start, end int) parse.Pos {
	off := nodeOff
	if base >= 0 {
		off = base + start
	} else if nodeOff >= 0 && nodeOff <= len(l.text) {
		// Find the same occurrence of the token after the node's start.
		tok := text[start:end]
		k := strings.Count(text[:start], tok)
		from := nodeOff
		for ; k >= 0; k-- {
			i := strings.Index(l.text[from:], tok)
			if i < 0 {
				from = -1
				break
			}
			off = from + i
			from = off + len(tok)
		}
	}
	return l.at(off)
}

func (l *locator) at(off int) parse.Pos {
	off = max(0, min(off, len(l.text)))
	line := sort.Search(len(l.lineStarts), func(i int) bool { return l.lineStarts[i] > off }) - 1
	start := l.lineStarts[line]
	return parse.Pos{Line: line + 1, Col: utf8.RuneCountInString(l.text[start:off]) + 1, Offset: off}
}

// scanTermRefs finds "See Cast." and "See Active Player, Nonactive Player
// Order." in a glossary paragraph: references to other glossary terms.
func (g *Graph) scanTermRefs(loc *locator, src Source, para int, p *parse.Paragraph) {
	text := p.Text
	base := loc.base(p.Pos.Offset, text)
	for i := 0; ; {
		j := strings.Index(text[i:], "See ")
		if j < 0 {
			return
		}
		start := i + j + len("See ")
		i = start
		rest := text[start:]
		rest = strings.TrimPrefix(rest, "also ")
		lower := strings.ToLower(rest)
		if rest == "" || !(rest[0] >= 'A' && rest[0] <= 'Z') || strings.HasPrefix(lower, "rule") || strings.HasPrefix(lower, "section") {
			continue
		}
		start = len(text) - len(rest)
		end := termPhraseEnd(rest)
		phrase := strings.TrimRight(strings.TrimSpace(rest[:end]), ",")
		if phrase == "" || strings.HasPrefix(phrase, "Appendix") {
			continue // appendices of 1999 are not part of the text
		}
		for _, term := range g.splitTerms(phrase) {
			k := strings.Index(text[start:], term)
			if k < 0 {
				continue
			}
			pos := loc.pos(base, p.Pos.Offset, text, start+k, start+k+len(term))
			g.cites++
			g.Refs = append(g.Refs, &Ref{Source: src, Pos: pos, Text: term, Target: Target{Kind: KindGlossary, Term: term}, Para: para, Start: start + k, End: start + k + len(term), cite: g.cites})
		}
		i = start + end
	}
}

// termPhraseEnd finds where the terms after "See" end: at the end of the
// sentence, or where a rule citation or a quotation takes over ("See
// Creature Types and rule 212.8", "See Appendix B, "Older Rules"").
func termPhraseEnd(rest string) int {
	end := len(rest)
	for _, stop := range []string{".", " and rule", ", rule", " and section", ", section", ", \"", ", “", "(", ";"} {
		if i := strings.Index(rest, stop); i >= 0 && i < end {
			end = i
		}
	}
	for i := 0; i < end; i++ {
		if isDigit(rest[i]) {
			end = i
		}
	}
	return end
}

// splitTerms reads "Cast", "Active Player, Nonactive Player Order" (one
// term with a comma) or "Cast and Play" (two terms).
func (g *Graph) splitTerms(phrase string) []string {
	if phrase == "" || g.Doc.GlossaryEntry(phrase) != nil {
		return []string{phrase}
	}
	var out []string
	for _, part := range strings.FieldsFunc(strings.ReplaceAll(strings.ReplaceAll(phrase, ", and ", ","), " and ", ","), func(r rune) bool { return r == ',' }) {
		if t := strings.TrimSpace(part); t != "" {
			out = append(out, t)
		}
	}
	return out
}
