package parse

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
	"unsafe"
)

// TreeVersion is the version of the binary form of a Document written by
// AppendBinary. It changes whenever that form or what the parser makes of
// any text changes (TestTreeDigest holds the digest of every embedded
// revision's form under this version), so that a tree cached by an older
// crules is never read as the parse of a newer one.
//
// Version 2: positions and strings' offsets as differences from the ones
// before, which take one or two bytes where the absolute ones took three;
// a rule's printed number only when it has one (a misprint).
// Version 3: a rule titled with an exclamation mark ("For Mirrodin!",
// "Start Your Engines!") has that title, no longer its text.
const TreeVersion = 3

// ErrBadTree is wrapped by the error DecodeBinary returns for bytes that
// are not a whole binary form of this TreeVersion.
var ErrBadTree = errors.New("not a binary parse tree of this version")

const treeMagic = "crules-tree\n"

// AppendBinary appends the binary form of d to b: its text once, and
// every node with each string as an offset into that text (a string that
// is not part of it, such as a paragraph joined from wrapped lines, is
// stored once after the text). Nodes come in the order of the text, so a
// position is written as its difference from the one before, and a
// string's offset as its difference from the end of the one before. DecodeBinary reads it back into a document
// equal to d, without parsing.
func (d *Document) AppendBinary(b []byte) ([]byte, error) {
	e := treeEncoder{text: d.Text, extra: map[string]int{}}
	e.document(d)
	if e.err != nil {
		return b, e.err
	}
	b = append(b, treeMagic...)
	b = binary.AppendUvarint(b, TreeVersion)
	for _, n := range []int{e.rules, e.rulePtrs, e.examples, e.examplePtrs, e.paras, e.paraPtrs} {
		b = binary.AppendUvarint(b, uint64(n))
	}
	b = binary.AppendUvarint(b, uint64(len(d.Text)))
	b = append(b, d.Text...)
	b = binary.AppendUvarint(b, uint64(len(e.extras)))
	b = append(b, e.extras...)
	return append(b, e.out...), nil
}

// DecodeBinary returns the document whose binary form (AppendBinary) is
// data. Its strings point into data, which must not change afterwards.
// Bytes that are not such a form are an error wrapping ErrBadTree; a
// damaged form may decode without error into another document, so data
// is to be checked (by a checksum) before.
func DecodeBinary(data []byte) (*Document, error) {
	r := treeReader{b: data}
	if len(data) < len(treeMagic) || string(data[:len(treeMagic)]) != treeMagic {
		return nil, fmt.Errorf("%w: no header", ErrBadTree)
	}
	r.i = len(treeMagic)
	if v := r.uint(); v != TreeVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrBadTree, v, TreeVersion)
	}
	var dec treeDecoder
	dec.rules = make([]Rule, r.count())
	dec.rulePtrs = make([]*Rule, r.count())
	dec.examples = make([]Example, r.count())
	dec.examplePtrs = make([]*Example, r.count())
	dec.paras = make([]Paragraph, r.count())
	dec.paraPtrs = make([]*Paragraph, r.count())
	dec.text = r.bytes()
	dec.extra = r.bytes()
	dec.r = &r
	d := dec.document()
	switch {
	case r.err != nil:
		return nil, r.err
	case r.i != len(data):
		return nil, fmt.Errorf("%w: %d bytes after the tree", ErrBadTree, len(data)-r.i)
	}
	return d, nil
}

// A treeEncoder writes the nodes of a document after its text.
type treeEncoder struct {
	text   string
	extras []byte
	extra  map[string]int // a string stored in extras → its offset
	out    []byte
	err    error
	last   Pos // the position written last
	end    int // where in the text the string written last ends
	// How many nodes and list slots of each kind the decoder allocates.
	rules, rulePtrs, examples, examplePtrs, paras, paraPtrs int
}

func (e *treeEncoder) uint(n int) {
	if n < 0 && e.err == nil {
		e.err = fmt.Errorf("binary tree: a negative count or offset %d", n)
	}
	e.out = binary.AppendUvarint(e.out, uint64(n))
}

func (e *treeEncoder) int(n int) { e.out = binary.AppendVarint(e.out, int64(n)) }

// zigzag is how binary.AppendVarint writes n: 0, -1, 1, -2 as 0, 1, 2, 3.
func zigzag(n int) uint64 { return uint64(n<<1) ^ uint64(n>>63) }

func (e *treeEncoder) bool(v bool) {
	if v {
		e.out = append(e.out, 1)
	} else {
		e.out = append(e.out, 0)
	}
}

// str writes s as its length and, when not empty, where it is: its offset
// into the text less the end of the string written before it, zigzagged
// (even), or its offset into the extras (odd).
func (e *treeEncoder) str(s string) {
	e.uint(len(s))
	if s == "" {
		return
	}
	base := uintptr(unsafe.Pointer(unsafe.StringData(e.text)))
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if len(e.text) > 0 && p >= base && p+uintptr(len(s)) <= base+uintptr(len(e.text)) {
		off := int(p - base)
		e.out = binary.AppendUvarint(e.out, zigzag(off-e.end)<<1)
		e.end = off + len(s)
		return
	}
	off, ok := e.extra[s]
	if !ok {
		off = len(e.extras)
		e.extras = append(e.extras, s...)
		e.extra[s] = off
	}
	e.uint(off<<1 | 1)
}

// pos writes p's line and offset as differences from the position
// written before it.
func (e *treeEncoder) pos(p Pos) {
	e.int(p.Line - e.last.Line)
	e.int(p.Col)
	e.int(p.Offset - e.last.Offset)
	e.last = p
}

func (e *treeEncoder) id(id RuleID) {
	e.int(id.Chapter)
	e.int(id.Rule)
	e.str(id.Sub)
}

// count writes the length of a list, 0 for a nil one, so that nil and
// empty lists decode as they were.
func (e *treeEncoder) count(n int, isNil bool) {
	if isNil {
		e.uint(0)
		return
	}
	e.uint(n + 1)
}

func (e *treeEncoder) document(d *Document) {
	e.str(d.Name)
	e.str(string(d.Encoding))
	e.str(string(d.Layout))
	e.str(d.Title)
	e.bool(!d.Effective.IsZero())
	if !d.Effective.IsZero() {
		if d.Effective.Location() != time.UTC || d.Effective.Nanosecond() != 0 {
			e.err = fmt.Errorf("binary tree: effective date %v is not a UTC date", d.Effective)
		}
		e.int(int(d.Effective.Unix()))
	}
	e.str(string(d.Era))
	e.bool(d.Fragment)
	e.paragraphs(d.Intro)
	e.count(len(d.Contents), d.Contents == nil)
	for _, t := range d.Contents {
		e.str(t.Number)
		e.str(t.Title)
		e.pos(t.Pos)
	}
	e.count(len(d.Parts), d.Parts == nil)
	for _, p := range d.Parts {
		e.int(p.Number)
		e.str(p.Title)
		e.pos(p.Pos)
		e.bool(p.Implicit)
		e.count(len(p.Chapters), p.Chapters == nil)
		for _, c := range p.Chapters {
			e.id(c.ID)
			e.str(c.Title)
			e.pos(c.Pos)
			e.bool(c.Implicit)
			e.ruleList(c.Rules)
		}
	}
	e.count(len(d.Glossary), d.Glossary == nil)
	for _, g := range d.Glossary {
		e.str(g.Term)
		e.bool(g.Obsolete)
		e.paragraphs(g.Definition)
		e.pos(g.Pos)
	}
	e.paragraphs(d.Index)
	e.paragraphs(d.Credits)
	e.count(len(d.Warnings), d.Warnings == nil)
	for _, w := range d.Warnings {
		e.str(w.File)
		e.pos(w.Pos)
		e.int(int(w.Severity))
		e.str(w.Msg)
		switch w.kind {
		case nil:
			e.uint(0)
		case ErrNotRules:
			e.uint(1)
		case ErrEncoding:
			e.uint(2)
		default:
			e.err = fmt.Errorf("binary tree: a diagnostic of kind %v", w.kind)
		}
	}
	e.count(len(d.ids), d.ids == nil)
	for _, id := range d.ids {
		e.id(id)
	}
}

func (e *treeEncoder) ruleList(rs []*Rule) {
	e.count(len(rs), rs == nil)
	e.rulePtrs += len(rs)
	for _, r := range rs {
		e.rules++
		e.id(r.ID)
		misprint := r.Printed != RuleID{} // only a misprinted rule has one
		e.bool(misprint)
		if misprint {
			e.id(r.Printed)
		}
		e.str(r.Title)
		e.str(r.Text)
		e.pos(r.Pos)
		e.bool(r.Implicit)
		e.count(len(r.Examples), r.Examples == nil)
		e.examplePtrs += len(r.Examples)
		for _, x := range r.Examples {
			e.examples++
			e.str(x.Text)
			e.pos(x.Pos)
		}
		e.ruleList(r.Children)
	}
}

func (e *treeEncoder) paragraphs(ps []*Paragraph) {
	e.count(len(ps), ps == nil)
	e.paraPtrs += len(ps)
	for _, p := range ps {
		e.paras++
		e.str(p.Text)
		e.pos(p.Pos)
	}
}

// A treeReader reads varints and strings from a binary tree; the first
// error sticks, and every later read returns zero values.
type treeReader struct {
	b   []byte
	i   int
	err error
}

func (r *treeReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s at byte %d", ErrBadTree, what, r.i)
		r.b = r.b[:r.i]
	}
}

func (r *treeReader) uint() uint64 {
	// Most numbers take one or two bytes: read in place from locals (a
	// read after an error finds no bytes: fail cuts them), as
	// binary.Uvarint would; the rest in uintLong.
	b, i := r.b, r.i
	if i < len(b) {
		if x := b[i]; x < 0x80 {
			r.i = i + 1
			return uint64(x)
		}
		if i+1 < len(b) && b[i+1] < 0x80 {
			r.i = i + 2
			return uint64(b[i]&0x7f) | uint64(b[i+1])<<7
		}
	}
	return r.uintLong()
}

func (r *treeReader) uintLong() uint64 {
	if r.err != nil {
		return 0
	}
	if b := r.b[r.i:]; len(b) > 2 && b[0] >= 0x80 && b[1] >= 0x80 && b[2] < 0x80 {
		r.i += 3
		return uint64(b[0]&0x7f) | uint64(b[1]&0x7f)<<7 | uint64(b[2])<<14
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		r.fail("a bad number")
		return 0
	}
	r.i += n
	return v
}

func (r *treeReader) int() int {
	ux := r.uint() // zigzag, as binary.Varint reads it
	x := int(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x
}

// count reads a number of things that each take at least a byte of what
// is left, so that a damaged count cannot ask for more memory than the
// data could describe.
func (r *treeReader) count() int {
	n := r.uint()
	if n > uint64(len(r.b)-r.i) {
		r.fail("a count beyond the data")
		return 0
	}
	return int(n)
}

// bytes reads a length and that many bytes, as a string over the data.
func (r *treeReader) bytes() string {
	n := r.count()
	if r.err != nil || n == 0 {
		return ""
	}
	s := unsafe.String(&r.b[r.i], n)
	r.i += n
	return s
}

// A treeDecoder builds the nodes of a document from arrays of each kind,
// sized by the counts AppendBinary wrote.
type treeDecoder struct {
	r           *treeReader
	text, extra string
	last        Pos // the position read last
	end         int // where in the text the string read last ends

	rules       []Rule
	rulePtrs    []*Rule
	examples    []Example
	examplePtrs []*Example
	paras       []Paragraph
	paraPtrs    []*Paragraph
}

func (d *treeDecoder) str() string {
	n := d.r.uint()
	if n == 0 {
		return ""
	}
	at := d.r.uint()
	if at&1 == 1 {
		off := at >> 1
		if off > uint64(len(d.extra)) || n > uint64(len(d.extra))-off {
			d.r.fail("a string beyond the extras")
			return ""
		}
		return d.extra[off : off+n]
	}
	delta := int64(at>>2) ^ -int64(at>>1&1) // zigzag, as treeReader.int
	off := int64(d.end) + delta
	if off < 0 || off > int64(len(d.text)) || n > uint64(int64(len(d.text))-off) {
		d.r.fail("a string beyond the text")
		return ""
	}
	d.end = int(off) + int(n)
	return d.text[off:d.end]
}

func (d *treeDecoder) pos() Pos {
	d.last = Pos{Line: d.last.Line + d.r.int(), Col: d.r.int(), Offset: d.last.Offset + d.r.int()}
	return d.last
}

func (d *treeDecoder) id() RuleID {
	return RuleID{Chapter: d.r.int(), Rule: d.r.int(), Sub: d.str()}
}

func (d *treeDecoder) bool() bool { return d.r.uint() == 1 }

// list reads a list's count: -1 for a nil list.
func (d *treeDecoder) list() int { return d.r.count() - 1 }

// take hands out the next n values of *all, capped at n; nil when n is
// -1, and nothing when *all has fewer than n left (a damaged count).
func take[T any](r *treeReader, all *[]T, n int) []T {
	if n < 0 || r.err != nil {
		return nil
	}
	if n > len(*all) {
		r.fail("more nodes than counted")
		return nil
	}
	s := (*all)[:n:n]
	*all = (*all)[n:]
	return s
}

func (d *treeDecoder) document() *Document {
	doc := &Document{Text: d.text}
	doc.Name = d.str()
	doc.Encoding = Encoding(d.str())
	doc.Layout = Layout(d.str())
	doc.Title = d.str()
	if d.bool() {
		doc.Effective = time.Unix(int64(d.r.int()), 0).UTC()
	}
	doc.Era = Era(d.str())
	doc.Fragment = d.bool()
	doc.Intro = d.paragraphs()
	if n := d.list(); n >= 0 && d.r.err == nil {
		doc.Contents = make([]*TOCEntry, n)
		ts := make([]TOCEntry, n)
		for i := range ts {
			ts[i] = TOCEntry{Number: d.str(), Title: d.str(), Pos: d.pos()}
			doc.Contents[i] = &ts[i]
		}
	}
	if n := d.list(); n >= 0 && d.r.err == nil {
		doc.Parts = make([]*Part, n)
		ps := make([]Part, n)
		for i := range ps {
			p := &ps[i]
			p.Number = d.r.int()
			p.Title = d.str()
			p.Pos = d.pos()
			p.Implicit = d.bool()
			if n := d.list(); n >= 0 && d.r.err == nil {
				p.Chapters = make([]*Chapter, n)
				cs := make([]Chapter, n)
				for j := range cs {
					c := &cs[j]
					c.ID = d.id()
					c.Title = d.str()
					c.Pos = d.pos()
					c.Implicit = d.bool()
					c.Rules = d.ruleList()
					p.Chapters[j] = c
				}
			}
			doc.Parts[i] = p
		}
	}
	if n := d.list(); n >= 0 && d.r.err == nil {
		doc.Glossary = make([]*GlossaryEntry, n)
		gs := make([]GlossaryEntry, n)
		for i := range gs {
			g := &gs[i]
			g.Term = d.str()
			g.Obsolete = d.bool()
			g.Definition = d.paragraphs()
			g.Pos = d.pos()
			doc.Glossary[i] = g
		}
	}
	doc.Index = d.paragraphs()
	doc.Credits = d.paragraphs()
	if n := d.list(); n >= 0 && d.r.err == nil {
		doc.Warnings = make(ErrorList, n)
		ws := make([]Diagnostic, n)
		for i := range ws {
			w := &ws[i]
			w.File = d.str()
			w.Pos = d.pos()
			w.Severity = Severity(d.r.int())
			w.Msg = d.str()
			switch d.r.uint() {
			case 0:
			case 1:
				w.kind = ErrNotRules
			case 2:
				w.kind = ErrEncoding
			default:
				d.r.fail("an unknown kind of diagnostic")
			}
			doc.Warnings[i] = w
		}
	}
	if n := d.list(); n >= 0 && d.r.err == nil {
		doc.ids = make([]RuleID, n)
		for i := range doc.ids {
			doc.ids[i] = d.id()
		}
	}
	if d.r.err != nil {
		return nil
	}
	doc.index = make(map[RuleID]*Rule, len(doc.ids))
	doc.Walk(func(r *Rule) bool {
		if _, ok := doc.index[r.ID]; !ok {
			doc.index[r.ID] = r
		}
		return true
	})
	doc.chapters = map[int]*Chapter{}
	for _, part := range doc.Parts {
		for _, c := range part.Chapters {
			if old, ok := doc.chapters[c.ID.Chapter]; !ok || old.Implicit && !c.Implicit {
				doc.chapters[c.ID.Chapter] = c
			}
		}
	}
	return doc
}

func (d *treeDecoder) ruleList() []*Rule {
	rs := take(d.r, &d.rulePtrs, d.list())
	for i := range rs {
		one := take(d.r, &d.rules, 1)
		if d.r.err != nil {
			return nil
		}
		r := &one[0]
		r.ID = d.id()
		if d.bool() {
			r.Printed = d.id()
		}
		r.Title = d.str()
		r.Text = d.str()
		r.Pos = d.pos()
		r.Implicit = d.bool()
		r.Examples = take(d.r, &d.examplePtrs, d.list())
		for j := range r.Examples {
			x := take(d.r, &d.examples, 1)
			if d.r.err != nil {
				return nil
			}
			x[0] = Example{Text: d.str(), Pos: d.pos()}
			r.Examples[j] = &x[0]
		}
		r.Children = d.ruleList()
		rs[i] = r
	}
	return rs
}

func (d *treeDecoder) paragraphs() []*Paragraph {
	ps := take(d.r, &d.paraPtrs, d.list())
	for i := range ps {
		p := take(d.r, &d.paras, 1)
		if d.r.err != nil {
			return nil
		}
		p[0] = Paragraph{Text: d.str(), Pos: d.pos()}
		ps[i] = &p[0]
	}
	return ps
}
