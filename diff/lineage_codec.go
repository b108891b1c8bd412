package diff

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"os"
)

// The lineage's file: a magic line, the version, the length of the head,
// the head and its CRC-32C, then the body. The head holds what every
// history reads (revisions, IDs, titles, spans, links with their indexes
// by A and by B) and where each part of the body is, with its own CRC-32C:
// each distinct text, then the rules of each revision, read only when a
// history needs them. Integers are uvarints. A command that looks up one
// rule's history so reads a few hundred kilobytes of the 7 MB, not all of
// it, and checks only what it reads: a damaged part is ErrDamaged when it
// is read (the library then builds the lineage again).
const lineageMagic = "crules lineage\n"

// A part is a stretch of the body.
type part struct {
	off, n int64
	sum    uint32
}

// A body is where the parts of a lineage read from a file are.
type body struct {
	at    *io.SectionReader // the body, from its first byte
	rules []part            // per revision
	texts []part            // per distinct text
}

// read returns part p, checked against its CRC.
func (b *body) read(p part) ([]byte, error) {
	buf := make([]byte, p.n)
	if _, err := b.at.ReadAt(buf, p.off); err != nil && !(errors.Is(err, io.EOF) && len(buf) == int(p.n)) {
		return nil, fmt.Errorf("reading the lineage: %w", err)
	}
	if crc32.Checksum(buf, castagnoli) != p.sum {
		return nil, ErrDamaged
	}
	return buf, nil
}

// Encode writes l.
func (l *Lineage) Encode(w io.Writer) error {
	// The body first, to know where its parts are.
	var bodyBuf bytes.Buffer
	put := func(b []byte) part {
		p := part{off: int64(bodyBuf.Len()), n: int64(len(b)), sum: crc32.Checksum(b, castagnoli)}
		bodyBuf.Write(b)
		return p
	}
	texts := make([]part, l.textCount())
	for k := range texts {
		t, err := l.textAt(uint32(k))
		if err != nil {
			return err
		}
		texts[k] = put([]byte(t))
	}
	rules := make([]part, len(l.Revs))
	for rev := range l.Revs {
		rs, err := l.rulesOf(rev)
		if err != nil {
			return err
		}
		var b []byte
		b = binary.AppendUvarint(b, uint64(len(rs)))
		for _, r := range rs {
			b = binary.AppendUvarint(b, uint64(r.id))
			b = binary.AppendUvarint(b, uint64(r.text))
			b = append(b, r.depth, r.flags)
		}
		rules[rev] = put(b)
	}

	var head bytes.Buffer
	e := &encoder{w: bufio.NewWriter(&head)}
	e.strings(l.Revs)
	e.strings(l.ids)
	// The titles: a table of them, each once, then each revision's by
	// number in it.
	seen := map[string]bool{}
	for _, t := range l.Titles {
		for _, v := range t {
			seen[v] = true
		}
	}
	table := sortedKeys(seen)
	titleNum := make(map[string]int, len(table))
	for n, v := range table {
		titleNum[v] = n
	}
	e.strings(table)
	for i, t := range l.Titles {
		if i > 0 && maps.Equal(t, l.Titles[i-1]) {
			e.bool(true) // the same as the revision before's: shared
			continue
		}
		e.bool(false)
		e.uint(uint64(len(t)))
		for _, id := range sortedKeysOf(t) {
			e.uint(uint64(l.num(id)))
			e.uint(uint64(titleNum[t[id]]))
		}
	}
	for _, sp := range l.spans {
		e.uint(uint64(len(sp)))
		for _, x := range sp {
			e.uint(uint64(x.from))
			e.uint(uint64(x.to - x.from))
		}
	}
	for _, s := range l.steps {
		e.uint(uint64(len(s.links)))
		for _, k := range s.links {
			e.id(l, k.A)
			e.id(l, k.B)
			e.uint(uint64(k.Class))
			e.bool(k.Moved)
		}
		for _, idx := range [][]int32{s.byA, s.byB} {
			for _, j := range idx {
				e.uint(uint64(j))
			}
		}
	}
	for _, ps := range [][]part{texts, rules} {
		e.uint(uint64(len(ps)))
		for _, p := range ps {
			e.uint(uint64(p.n))
			e.uint(uint64(p.sum))
		}
	}
	if e.err == nil {
		e.err = e.w.Flush()
	}
	if e.err != nil {
		return e.err
	}
	out := bufio.NewWriterSize(w, 1<<16)
	o := &encoder{w: out}
	o.bytes([]byte(lineageMagic))
	o.uint(uint64(l.Version))
	o.uint(uint64(head.Len()))
	o.bytes(head.Bytes())
	o.bytes(binary.BigEndian.AppendUint32(nil, crc32.Checksum(head.Bytes(), castagnoli)))
	o.bytes(bodyBuf.Bytes())
	if o.err != nil {
		return o.err
	}
	return out.Flush()
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func sortedKeysOf(m map[string]string) []string {
	s := make(map[string]bool, len(m))
	for k := range m {
		s[k] = true
	}
	return sortedKeys(s)
}

// decodeRules reads the rules of one revision as Encode wrote them.
func (l *Lineage) decodeRules(b []byte) ([]entry, error) {
	d := &decoder{b: b}
	rs := make([]entry, d.count())
	for j := range rs {
		rs[j] = entry{id: uint32(d.index(len(l.ids))), text: uint32(d.index(l.textCount()))}
		if f := d.next(2); f != nil {
			rs[j].depth, rs[j].flags = f[0], f[1]
		}
	}
	if d.err == nil && len(d.b) != 0 {
		d.fail()
	}
	return rs, d.err
}

// DecodeLineage reads a lineage written by Encode, and fails on one of
// another version or a damaged one.
func DecodeLineage(r io.Reader) (*Lineage, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return readLineage(bytes.NewReader(b), int64(len(b)))
}

// ReadLineageFile reads the lineage written by Encode in the file at path:
// its head at once, the rest when a history needs it, from the file
// opened again each time (so nothing is held open; a file replaced by a
// rebuild of the same version has the same bytes).
func ReadLineageFile(path string) (*Lineage, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return readLineage(pathAt(path), st.Size())
}

// pathAt reads the file at a path, opening it for each read.
type pathAt string

func (p pathAt) ReadAt(b []byte, off int64) (int, error) {
	f, err := os.Open(string(p))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return f.ReadAt(b, off)
}

// readLineage reads the head of a lineage of size bytes from at.
func readLineage(at io.ReaderAt, size int64) (*Lineage, error) {
	// The magic, the version and the head's length fit in 64 bytes.
	pre := make([]byte, min(size, 64))
	if _, err := at.ReadAt(pre, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	d := &decoder{b: pre}
	if string(d.next(len(lineageMagic))) != lineageMagic {
		return nil, errors.New("not a lineage")
	}
	if v := d.uint(); d.err == nil && v != LineageVersion {
		return nil, fmt.Errorf("lineage version %d, want %d", v, LineageVersion)
	}
	n := d.uint()
	if d.err != nil {
		return nil, d.err
	}
	start := int64(len(pre) - len(d.b))
	if n > uint64(size-start-4) {
		return nil, ErrDamaged
	}
	head := make([]byte, n+4)
	if _, err := at.ReadAt(head, start); err != nil && !(errors.Is(err, io.EOF) && start+int64(n)+4 == size) {
		return nil, err
	}
	if crc32.Checksum(head[:n], castagnoli) != binary.BigEndian.Uint32(head[n:]) {
		return nil, ErrDamaged
	}
	l, err := decodeHead(head[:n])
	if err != nil {
		return nil, err
	}
	// The parts lie one after the other from the body's start.
	l.body.at = io.NewSectionReader(at, start+int64(n)+4, size-start-int64(n)-4)
	off, bodySize := int64(0), size-start-int64(n)-4
	for _, ps := range [][]part{l.body.texts, l.body.rules} {
		for i := range ps {
			if ps[i].n < 0 || ps[i].n > bodySize-off {
				return nil, ErrDamaged
			}
			ps[i].off = off
			off += ps[i].n
		}
	}
	if off != bodySize {
		return nil, ErrDamaged
	}
	return l, nil
}

// Verify reads the whole body of a lineage read from a file, a chunk at a
// time, and checks every part against its CRC: ErrDamaged when one is
// damaged. What reads every part (the HTML reference's histories) checks
// it so once, before it starts, rather than fail half-way.
func (l *Lineage) Verify() error {
	if l.body == nil {
		return nil
	}
	r := bufio.NewReaderSize(l.body.at, 1<<18)
	for _, ps := range [][]part{l.body.texts, l.body.rules} {
		for _, p := range ps {
			var sum uint32
			for n := p.n; n > 0; {
				chunk, err := r.Peek(int(min(n, int64(r.Size()))))
				if len(chunk) == 0 {
					if err == nil || errors.Is(err, io.EOF) {
						err = ErrDamaged
					}
					return err
				}
				sum = crc32.Update(sum, castagnoli, chunk)
				_, _ = r.Discard(len(chunk))
				n -= int64(len(chunk))
			}
			if sum != p.sum {
				return ErrDamaged
			}
		}
	}
	return nil
}

// decodeHead reads what the head of a lineage file holds.
func decodeHead(b []byte) (*Lineage, error) {
	d := &decoder{b: b}
	l := &Lineage{Version: LineageVersion, body: &body{}}
	l.Revs = d.strings()
	l.ids = d.strings()
	n := len(l.Revs)
	if d.err == nil && n == 0 {
		d.fail()
	}
	table := d.strings()
	l.Titles = make([]map[string]string, 0, n)
	for i := range n {
		if d.bool() {
			if i == 0 {
				d.fail()
				return nil, d.err
			}
			l.Titles = append(l.Titles, l.Titles[i-1])
			continue
		}
		c := d.count()
		t := make(map[string]string, c)
		for range c {
			id := d.index(len(l.ids))
			t[l.ids[id]] = table[d.index(len(table))]
		}
		l.Titles = append(l.Titles, t)
	}
	// The spans of every ID in one array: most IDs have one.
	l.spans = make([][]span, len(l.ids))
	all := make([]span, 0, len(l.ids)+len(l.ids)/4)
	for k := range l.spans {
		c, at := d.count(), len(all)
		for j := range c {
			from := d.index(n)
			all = append(all, span{int32(from), int32(from + d.index(n-from))})
			if j > 0 && all[at+j].from <= all[at+j-1].to {
				d.fail()
			}
		}
		l.spans[k] = all[at:len(all):len(all)]
	}
	l.steps = make([]lineStep, 0, max(0, n-1))
	for range max(0, n-1) {
		var s lineStep
		s.links = make([]Link, d.count())
		for j := range s.links {
			s.links[j] = Link{A: d.id(l), B: d.id(l), Class: Class(d.uint()), Moved: d.bool()}
		}
		s.byA, s.byB = d.indexes(len(s.links)), d.indexes(len(s.links))
		l.steps = append(l.steps, s)
	}
	parts := func() []part {
		ps := make([]part, d.count())
		for i := range ps {
			ps[i] = part{n: int64(d.uint()), sum: uint32(d.uint())}
		}
		return ps
	}
	l.body.texts, l.body.rules = parts(), parts()
	if d.err == nil && (len(d.b) != 0 || len(l.body.rules) != n) {
		d.fail()
	}
	if d.err != nil {
		return nil, d.err
	}
	l.rules = make([][]entry, n)
	return l, nil
}

type encoder struct {
	w   *bufio.Writer
	buf [binary.MaxVarintLen64]byte
	err error
}

func (e *encoder) bytes(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}
func (e *encoder) uint(v uint64) { e.bytes(binary.AppendUvarint(e.buf[:0], v)) }

// strings writes a table: the count, the lengths, then the strings one
// after the other, so that they are read back as one allocation.
func (e *encoder) strings(ss []string) {
	e.uint(uint64(len(ss)))
	for _, s := range ss {
		e.uint(uint64(len(s)))
	}
	for _, s := range ss {
		if e.err == nil {
			_, e.err = e.w.WriteString(s)
		}
	}
}
func (e *encoder) bool(v bool) {
	if v {
		e.uint(1)
	} else {
		e.uint(0)
	}
}

// id writes a rule ID as its number plus one, 0 for none.
func (e *encoder) id(l *Lineage, id string) {
	if id == "" {
		e.uint(0)
		return
	}
	e.uint(uint64(l.num(id)) + 1)
}

type decoder struct {
	b   []byte
	err error
}

// ErrDamaged is the error of reading a lineage whose bytes are not those
// written: of its head when it is opened, of a part of its body when a
// history reads that part.
var ErrDamaged = errors.New("damaged lineage")

func (d *decoder) fail() {
	if d.err == nil {
		d.err = ErrDamaged
	}
	d.b = nil
}

func (d *decoder) next(n int) []byte {
	if d.err != nil || n < 0 || n > len(d.b) {
		d.fail()
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

func (d *decoder) uint() uint64 {
	// Most numbers take one to three bytes (a failed decoder has none
	// left): read in place, as binary.Uvarint would.
	switch b := d.b; {
	case len(b) > 0 && b[0] < 0x80:
		d.b = b[1:]
		return uint64(b[0])
	case len(b) > 1 && b[1] < 0x80:
		d.b = b[2:]
		return uint64(b[0]&0x7f) | uint64(b[1])<<7
	case len(b) > 2 && b[2] < 0x80:
		d.b = b[3:]
		return uint64(b[0]&0x7f) | uint64(b[1]&0x7f)<<7 | uint64(b[2])<<14
	}
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return v
}

// count reads a length, which cannot exceed the bytes left (every item
// takes one at least).
func (d *decoder) count() int {
	v := d.uint()
	if v > uint64(len(d.b)) {
		d.fail()
		return 0
	}
	return int(v)
}

// index reads a number below n.
func (d *decoder) index(n int) int {
	v := d.uint()
	if v >= uint64(n) {
		d.fail()
		return 0
	}
	return int(v)
}

// indexes reads n numbers below n: an order of n items.
func (d *decoder) indexes(n int) []int32 {
	out := make([]int32, n)
	for j := range out {
		out[j] = int32(d.index(n))
	}
	return out
}

func (d *decoder) strings() []string {
	out := make([]string, d.count())
	lens := make([]int, len(out))
	total := 0
	for i := range lens {
		lens[i] = d.count()
		total += lens[i]
	}
	all := string(d.next(total))
	for i, n := range lens {
		if d.err != nil {
			return nil
		}
		out[i], all = all[:n], all[n:]
	}
	return out
}

func (d *decoder) bool() bool { return d.index(2) == 1 }

func (d *decoder) id(l *Lineage) string {
	v := d.index(len(l.ids) + 1)
	if v == 0 {
		return ""
	}
	return l.ids[v-1]
}
