package render

import (
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/crules/crules/parse"
)

// WriteDocumentJSON writes d's whole tree as WriteJSON writes
// NewDocumentJSON(d), byte for byte, without building the JSON values
// first or reflecting on them: parse --json of a 963 KB revision prints
// 1.76 MB, and encoding/json spent twice the parse on it. It writes to w
// in pieces of about 64 KB.
func WriteDocumentJSON(w io.Writer, d *parse.Document) error {
	j := &jsonWriter{w: w, buf: make([]byte, 0, 80<<10)}
	st := d.Stats()
	j.open('{')
	j.str("name", d.Name)
	j.str("title", d.Title)
	j.str("effective", st.Effective)
	j.str("era", string(d.Era))
	j.str("encoding", string(d.Encoding))
	j.str("layout", string(d.Layout))
	j.boolean("fragment", d.Fragment)
	j.paragraphs("intro", d.Intro)
	j.key("contents")
	j.open('[')
	for _, e := range d.Contents {
		j.elem()
		j.open('{')
		if e.Number != "" {
			j.str("number", e.Number)
		}
		j.str("title", e.Title)
		j.num("line", e.Pos.Line)
		j.close('}')
	}
	j.close(']')
	j.key("parts")
	j.open('[')
	for _, p := range d.Parts {
		j.elem()
		j.part(p)
	}
	j.close(']')
	j.key("glossary")
	j.open('[')
	for _, g := range d.Glossary {
		j.elem()
		j.open('{')
		j.str("term", g.Term)
		j.boolean("obsolete", g.Obsolete)
		j.key("definition")
		j.open('[')
		for _, p := range g.Definition {
			j.elem()
			j.string(p.Text)
		}
		j.close(']')
		j.num("line", g.Pos.Line)
		j.close('}')
		j.flush(false)
	}
	j.close(']')
	if len(d.Index) > 0 {
		j.paragraphs("index", d.Index)
	}
	j.paragraphs("credits", d.Credits)
	j.key("warnings")
	j.open('[')
	for _, w := range d.Warnings {
		j.elem()
		j.open('{')
		j.num("line", w.Pos.Line)
		j.num("col", w.Pos.Col)
		j.str("message", w.Msg)
		j.close('}')
	}
	j.close(']')
	j.key("stats")
	j.open('{')
	j.str("effective", st.Effective)
	j.str("era", string(st.Era))
	j.num("rules", st.Rules)
	j.num("examples", st.Examples)
	j.num("glossary", st.Glossary)
	j.num("chapters", st.Chapters)
	j.num("parts", st.Parts)
	j.num("warnings", st.Warnings)
	j.close('}')
	j.close('}')
	j.buf = append(j.buf, '\n')
	j.flush(true)
	return j.err
}

// part writes a part with its chapters and their rules, as PartJSON.
func (j *jsonWriter) part(p *parse.Part) {
	j.open('{')
	j.num("number", p.Number)
	j.str("title", p.Title)
	j.num("line", p.Pos.Line)
	if p.Implicit {
		j.boolean("implicit", true)
	}
	j.key("chapters")
	j.open('[')
	for _, c := range p.Chapters {
		j.elem()
		j.open('{')
		j.str("id", c.ID.String())
		j.str("title", c.Title)
		j.num("line", c.Pos.Line)
		if c.Implicit {
			j.boolean("implicit", true)
		}
		if len(c.Rules) > 0 {
			j.key("rules")
			j.open('[')
			for _, r := range c.Rules {
				j.elem()
				j.rule(r)
				j.flush(false)
			}
			j.close(']')
		}
		j.close('}')
	}
	j.close(']')
	j.close('}')
}

// rule writes a rule with its examples and subrules, as RuleJSON.
func (j *jsonWriter) rule(r *parse.Rule) {
	j.open('{')
	j.key("id")
	j.buf = append(j.buf, '"')
	j.buf = appendRuleID(j.buf, r.ID)
	j.buf = append(j.buf, '"')
	if r.Title != "" {
		j.str("title", r.Title)
	}
	j.str("text", r.Text)
	j.key("examples")
	j.open('[')
	for _, e := range r.Examples {
		j.elem()
		j.open('{')
		j.str("text", e.Text)
		j.num("line", e.Pos.Line)
		j.close('}')
	}
	j.close(']')
	j.key("children")
	j.open('[')
	for _, c := range r.Children {
		j.elem()
		j.rule(c)
	}
	j.close(']')
	j.num("line", r.Pos.Line)
	j.num("col", r.Pos.Col)
	if r.Implicit {
		j.boolean("implicit", true)
	}
	if !r.Printed.IsZero() {
		j.str("printed", r.Printed.String())
	}
	j.close('}')
}

// appendRuleID appends id as id.String() prints it, for a rule (never a
// chapter nor the zero ID).
func appendRuleID(b []byte, id parse.RuleID) []byte {
	if id.Rule == 0 {
		return append(b, id.String()...)
	}
	b = strconv.AppendInt(b, int64(id.Chapter), 10)
	b = append(b, '.')
	b = strconv.AppendInt(b, int64(id.Rule), 10)
	return append(b, id.Sub...)
}

// paragraphs writes a list of paragraphs under key k.
func (j *jsonWriter) paragraphs(k string, ps []*parse.Paragraph) {
	j.key(k)
	j.open('[')
	for _, p := range ps {
		j.elem()
		j.open('{')
		j.str("text", p.Text)
		j.num("line", p.Pos.Line)
		j.close('}')
	}
	j.close(']')
}

// A jsonWriter appends JSON indented as WriteJSON indents it (two spaces,
// "key": value, an empty array or object as [] or {}) to a buffer it
// writes out in pieces. The first error of w is kept and ends the writing.
type jsonWriter struct {
	w     io.Writer
	buf   []byte
	depth int
	empty bool // the innermost open array or object has no value yet
	err   error
}

// flush writes the buffer out when it holds 64 KB or more, or when all.
func (j *jsonWriter) flush(all bool) {
	if j.err != nil {
		j.buf = j.buf[:0]
		return
	}
	if all && len(j.buf) > 0 || len(j.buf) >= 64<<10 {
		_, j.err = j.w.Write(j.buf)
		j.buf = j.buf[:0]
	}
}

func (j *jsonWriter) newline() {
	j.buf = append(j.buf, '\n')
	for range j.depth {
		j.buf = append(j.buf, ' ', ' ')
	}
}

// open starts an array or an object, c being '[' or '{'.
func (j *jsonWriter) open(c byte) {
	j.buf = append(j.buf, c)
	j.depth++
	j.empty = true
}

// close ends the innermost array or object, c being ']' or '}'.
func (j *jsonWriter) close(c byte) {
	j.depth--
	if !j.empty {
		j.newline()
	}
	j.buf = append(j.buf, c)
	j.empty = false
}

// elem starts the next value of an array.
func (j *jsonWriter) elem() {
	if !j.empty {
		j.buf = append(j.buf, ',')
	}
	j.empty = false
	j.newline()
}

// key starts the next member of an object; k needs no escaping.
func (j *jsonWriter) key(k string) {
	j.elem()
	j.buf = append(j.buf, '"')
	j.buf = append(j.buf, k...)
	j.buf = append(j.buf, '"', ':', ' ')
}

func (j *jsonWriter) str(k, v string) {
	j.key(k)
	j.string(v)
}

func (j *jsonWriter) num(k string, v int) {
	j.key(k)
	j.buf = strconv.AppendInt(j.buf, int64(v), 10)
}

func (j *jsonWriter) boolean(k string, v bool) {
	j.key(k)
	j.buf = strconv.AppendBool(j.buf, v)
}

// string appends s quoted as encoding/json quotes it without HTML
// escaping: \" \\ \b \f \n \r \t, other control bytes as \u00XX, invalid
// UTF-8 as \ufffd, and U+2028 and U+2029 escaped.
func (j *jsonWriter) string(s string) {
	const hex = "0123456789abcdef"
	b := append(j.buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	j.buf = append(b, '"')
}
