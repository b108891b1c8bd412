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
)

// The lineage's file: a magic line and the version, then its tables, each
// a count and its items, integers as uvarints, then a CRC-32C of all that.
// It is read in one pass, without reflection, because a command that looks
// up one rule's history reads all of it; only the rules of a revision (for
// their texts) wait until a history needs them.
const lineageMagic = "crules lineage\n"

// Encode writes l.
func (l *Lineage) Encode(w io.Writer) error {
	sum := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, sum), 1<<16)
	e := &encoder{w: bw}
	e.bytes([]byte(lineageMagic))
	e.uint(uint64(l.Version))
	e.strings(l.Revs)
	e.strings(l.ids)
	e.strings(l.texts)
	for i, t := range l.Titles {
		if i > 0 && maps.Equal(t, l.Titles[i-1]) {
			e.bool(true) // the same as the revision before's: shared
			continue
		}
		e.bool(false)
		e.uint(uint64(len(t)))
		for _, id := range sortedKeysOf(t) {
			e.uint(uint64(l.num(id)))
			e.string(t[id])
		}
	}
	for rev := range l.Revs {
		// Each revision's rules with their length before them, to be read
		// only when a history needs their texts.
		var b []byte
		rs := l.rulesOf(rev)
		b = binary.AppendUvarint(b, uint64(len(rs)))
		for _, r := range rs {
			b = binary.AppendUvarint(b, uint64(r.id))
			b = binary.AppendUvarint(b, uint64(r.text))
			b = append(b, r.depth, r.flags)
		}
		e.uint(uint64(len(b)))
		e.bytes(b)
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
	}
	if e.err != nil {
		return e.err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(sum.Sum(nil))
	return err
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
		rs[j] = entry{id: uint32(d.index(len(l.ids))), text: uint32(d.index(len(l.texts)))}
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
	var buf bytes.Buffer
	if n, ok := r.(interface{ Len() int }); ok {
		buf.Grow(n.Len() + bytes.MinRead) // ReadFrom wants MinRead free at the end
	}
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	return ReadLineage(buf.Bytes())
}

// ReadLineage is DecodeLineage of a file's bytes, which it keeps: the
// caller must not modify them.
func ReadLineage(b []byte) (*Lineage, error) {
	// The checksum at the end vouches for what is read later, when needed.
	if len(b) < 4 || crc32.Checksum(b[:len(b)-4], castagnoli) != binary.BigEndian.Uint32(b[len(b)-4:]) {
		return nil, errDamaged
	}
	d := &decoder{b: b[:len(b)-4]}
	if string(d.next(len(lineageMagic))) != lineageMagic {
		return nil, errors.New("not a lineage")
	}
	if v := d.uint(); d.err == nil && v != LineageVersion {
		return nil, fmt.Errorf("lineage version %d, want %d", v, LineageVersion)
	}
	l := &Lineage{Version: LineageVersion}
	l.Revs = d.strings()
	l.ids = d.strings()
	l.texts = d.strings()
	n := len(l.Revs)
	if d.err == nil && n == 0 {
		d.fail()
	}
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
			t[l.ids[id]] = d.string()
		}
		l.Titles = append(l.Titles, t)
	}
	l.rules, l.rawRules = make([][]entry, n), make([][]byte, n)
	for i := range n {
		l.rawRules[i] = d.next(d.count())
	}
	l.steps = make([]lineStep, 0, max(0, n-1))
	l.spans = make([][]span, len(l.ids))
	for k := range l.spans {
		sp := make([]span, d.count())
		for j := range sp {
			from := d.index(n)
			sp[j] = span{int32(from), int32(from + d.index(n-from))}
			if j > 0 && sp[j].from <= sp[j-1].to {
				d.fail()
			}
		}
		l.spans[k] = sp
	}
	for range max(0, n-1) {
		var s lineStep
		c := d.count()
		s.links = make([]Link, c)
		for j := range s.links {
			s.links[j] = Link{A: d.id(l), B: d.id(l), Class: Class(d.uint()), Moved: d.bool()}
		}
		s.index()
		l.steps = append(l.steps, s)
	}
	if d.err == nil && len(d.b) != 0 {
		d.fail()
	}
	if d.err != nil {
		return nil, d.err
	}
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
func (e *encoder) string(s string) {
	e.uint(uint64(len(s)))
	if e.err == nil {
		_, e.err = e.w.WriteString(s)
	}
}

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

var errDamaged = errors.New("damaged lineage")

func (d *decoder) fail() {
	if d.err == nil {
		d.err = errDamaged
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

func (d *decoder) string() string { return string(d.next(d.count())) }

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
