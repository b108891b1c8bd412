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
	"math"
	"os"
	"slices"
	"unsafe"

	"github.com/crules/crules/internal/mapped"
)

// The lineage's file: a magic line, the version (a uvarint), the length of
// the head (a uvarint), the head and its CRC-32C, then the body.
//
// The head holds what every history reads, laid out to be used in place
// as it is read, nothing decoded: a sequence of sections, each its length
// (4 bytes) then its bytes, of fixed-width little-endian 32-bit numbers
// (or bytes) and string tables (the offsets of the strings, n+1 numbers,
// then the strings one after the other):
//
//   - the revisions' names, and every rule ID of every revision (a
//     string table each, the IDs sorted: a rule ID is its number in it);
//   - the titles: a string table of them, each once; per revision, the
//     number of its table of titles (revisions whose titles are the same
//     share one); per table, where it starts among the pairs; the pairs
//     (ID, title), sorted by ID;
//   - per ID, where its spans start; the spans (first and last revision);
//   - per step, where its links start; the links' A and B (ID plus one,
//     0 for none), classes and moves (a byte each); per step, its links
//     in the order of A and of B (indexes in the step);
//   - where each part of the body starts (n+1 numbers) and its CRC-32C;
//   - the titled rules' changes kept (lineage_traces.go): per step, where
//     its changes start (n+1 numbers, none when none are kept); per change,
//     its rule (side B) and its class (a byte); the changes of a step are
//     sorted by rule;
//   - per step, the comparison's pairs (the identities counted);
//   - per revision, where its chapters start; the pairs (chapter number,
//     title in the titles' table), by number.
//
// The body is its parts one after the other: each distinct text, then the
// word diff of each change kept (appendOps), then the rules of each
// revision (10 bytes each: ID, text, depth and flags), read only when a
// history needs them. A command that looks up one rule's
// history so reads the head and a few parts of the body, and checks only
// what it reads: a damaged part is ErrDamaged when it is read (the
// library then builds the lineage again).
const lineageMagic = "crules lineage\n"

// u32s is a table of little-endian 32-bit numbers, used in place.
type u32s []byte

func (a u32s) at(i int) uint32 { return binary.LittleEndian.Uint32(a[4*i:]) }
func (a u32s) len() int        { return len(a) / 4 }

// A strtab is a table of strings, used in place.
type strtab struct {
	off  u32s // n+1 offsets in blob
	blob string
}

func (t strtab) len() int        { return t.off.len() - 1 }
func (t strtab) at(i int) string { return t.blob[t.off.at(i):t.off.at(i+1)] }

// A head is the head of a lineage's file, in place.
type head struct {
	raw                           []byte // the whole head, as written
	revs, ids, titleStrs          strtab
	titleOf, titleTab, titlePairs u32s
	spanAt, spans                 u32s
	stepAt, linkA, linkB          u32s
	linkClass, linkMoved          []byte
	byA, byB                      u32s
	partAt, partSum               u32s // the texts' parts, then the kept changes', then the revisions'
	traceAt, traceID              u32s // per step, where its kept changes start (none kept: empty); their rules
	traceClass                    []byte
	stepPairs                     u32s // per step, the comparison's pairs
	chapterAt, chapterPairs       u32s // per revision, where its chapters start; (number, title)
}

// textCount is the number of distinct texts.
func (h *head) textCount() int { return h.partAt.len() - 1 - h.revs.len() - h.traceID.len() }

// rulesPart is the part of the rules of revision rev: the last parts,
// after the texts and the kept changes.
func (h *head) rulesPart(rev int) int { return h.partAt.len() - 1 - h.revs.len() + rev }

// rulesView is the rules of one revision, in place.
type rulesView []byte

const entrySize = 10

func (r rulesView) len() int { return len(r) / entrySize }
func (r rulesView) at(j int) entry {
	b := r[j*entrySize : (j+1)*entrySize]
	return entry{id: binary.LittleEndian.Uint32(b), text: binary.LittleEndian.Uint32(b[4:]), depth: b[8], flags: b[9]}
}

// valid tells whether every entry names an ID and a text there is.
func (r rulesView) valid(ids, texts int) bool {
	if len(r)%entrySize != 0 {
		return false
	}
	for j := range r.len() {
		if e := r.at(j); e.id >= uint32(ids) || e.text >= uint32(texts) {
			return false
		}
	}
	return true
}

// A body is where the parts of a lineage are.
type body struct {
	at  *io.SectionReader // the body, from its first byte
	mem []byte            // the same bytes in memory when they are (memAt), read in place
	h   *head
}

// read returns part k, checked against its CRC.
func (b *body) read(k int) ([]byte, error) {
	off, end := b.h.partAt.at(k), b.h.partAt.at(k+1)
	if b.mem != nil {
		if uint64(end) > uint64(len(b.mem)) {
			return nil, ErrDamaged
		}
		buf := b.mem[off:end:end]
		if crc32.Checksum(buf, castagnoli) != b.h.partSum.at(k) {
			return nil, ErrDamaged
		}
		return buf, nil
	}
	buf := make([]byte, end-off)
	if _, err := b.at.ReadAt(buf, int64(off)); err != nil && !(errors.Is(err, io.EOF) && end == uint32(b.at.Size())) {
		return nil, fmt.Errorf("reading the lineage: %w", err)
	}
	if crc32.Checksum(buf, castagnoli) != b.h.partSum.at(k) {
		return nil, ErrDamaged
	}
	return buf, nil
}

// all reads the whole body, every part checked against its CRC.
func (b *body) all() ([]byte, error) {
	buf := b.mem
	if buf == nil {
		buf = make([]byte, b.at.Size())
		if n, err := b.at.ReadAt(buf, 0); err != nil && !(errors.Is(err, io.EOF) && n == len(buf)) {
			return nil, err
		}
	}
	for k := range b.h.partSum.len() {
		if crc32.Checksum(buf[b.h.partAt.at(k):b.h.partAt.at(k+1)], castagnoli) != b.h.partSum.at(k) {
			return nil, ErrDamaged
		}
	}
	return buf, nil
}

// Encode writes l.
func (l *Lineage) Encode(w io.Writer) error {
	b, err := l.body.all()
	if err != nil {
		return err
	}
	return writeLineage(w, l.Version, l.h.raw, b)
}

func writeLineage(w io.Writer, version int, head, body []byte) error {
	out := bufio.NewWriterSize(w, 1<<16)
	pre := append([]byte(lineageMagic), binary.AppendUvarint(nil, uint64(version))...)
	pre = binary.AppendUvarint(pre, uint64(len(head)))
	for _, b := range [][]byte{pre, head, binary.BigEndian.AppendUint32(nil, crc32.Checksum(head, castagnoli)), body} {
		if _, err := out.Write(b); err != nil {
			return err
		}
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

// lineage encodes t and reads it back: a lineage built is used as one
// read from its file is.
func (t *tables) lineage() *Lineage {
	h, b := t.encode()
	l, err := openLineage(LineageVersion, h, bytes.NewReader(b), int64(len(b)))
	if err != nil {
		panic(fmt.Sprintf("diff: a lineage built does not read back: %v", err))
	}
	return l
}

// encode lays t out as the head and the body of its file.
func (t *tables) encode() (head, body []byte) {
	// The body first, to know where its parts are.
	var partAt, partSum []uint32
	put := func(b []byte) {
		partAt = append(partAt, uint32(len(body)))
		partSum = append(partSum, crc32.Checksum(b, castagnoli))
		body = append(body, b...)
	}
	for _, s := range t.texts {
		put([]byte(s))
	}
	var traceAt, traceID []uint32
	var traceClass []byte
	if t.traces != nil {
		for _, es := range t.traces {
			traceAt = append(traceAt, uint32(len(traceID)))
			for _, e := range es {
				traceID = append(traceID, e.id)
				traceClass = append(traceClass, byte(e.class))
				put(e.ops)
			}
		}
		traceAt = append(traceAt, uint32(len(traceID)))
	}
	for _, rs := range t.rules {
		b := make([]byte, 0, len(rs)*entrySize)
		for _, r := range rs {
			b = binary.LittleEndian.AppendUint32(b, r.id)
			b = binary.LittleEndian.AppendUint32(b, r.text)
			b = append(b, r.depth, r.flags)
		}
		put(b)
	}
	partAt = append(partAt, uint32(len(body)))
	if len(body) > math.MaxUint32 {
		panic("diff: a lineage of more than 4 GB")
	}

	sec := func(b []byte) {
		head = binary.LittleEndian.AppendUint32(head, uint32(len(b)))
		head = append(head, b...)
	}
	nums := func(vs []uint32) {
		b := make([]byte, 0, 4*len(vs))
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint32(b, v)
		}
		sec(b)
	}
	strs := func(ss []string) {
		off := []uint32{0}
		var blob []byte
		for _, s := range ss {
			blob = append(blob, s...)
			off = append(off, uint32(len(blob)))
		}
		nums(off)
		sec(blob)
	}
	idNum := numbered(t.ids)
	strs(t.revs)
	strs(t.ids)
	// The titles: a table of them, each once, then each revision's by
	// number in it, a revision whose titles are the same as the one's
	// before sharing its table.
	seen := map[string]bool{}
	for _, m := range t.titles {
		for _, v := range m {
			seen[v] = true
		}
	}
	for _, m := range t.chapters {
		for _, v := range m {
			seen[v] = true
		}
	}
	table := sortedKeys(seen)
	titleNum := numbered(table)
	var titleOf, titleTab, pairs []uint32
	for i, m := range t.titles {
		if i == 0 || !maps.Equal(m, t.titles[i-1]) {
			titleTab = append(titleTab, uint32(len(pairs)/2))
			for _, id := range sortedKeysOf(m) {
				pairs = append(pairs, idNum[id], titleNum[m[id]])
			}
		}
		titleOf = append(titleOf, uint32(len(titleTab)-1))
	}
	titleTab = append(titleTab, uint32(len(pairs)/2))
	strs(table)
	nums(titleOf)
	nums(titleTab)
	nums(pairs)
	var spanAt, spans []uint32
	for _, sp := range t.spans {
		spanAt = append(spanAt, uint32(len(spans)/2))
		for _, x := range sp {
			spans = append(spans, uint32(x.from), uint32(x.to))
		}
	}
	spanAt = append(spanAt, uint32(len(spans)/2))
	nums(spanAt)
	nums(spans)
	var stepAt, la, lb, byA, byB []uint32
	var class, moved []byte
	side := func(id string) uint32 {
		if id == "" {
			return 0
		}
		return idNum[id] + 1
	}
	for _, s := range t.steps {
		stepAt = append(stepAt, uint32(len(la)))
		for _, k := range s.links {
			la, lb = append(la, side(k.A)), append(lb, side(k.B))
			m := byte(0)
			if k.Moved {
				m = 1
			}
			class, moved = append(class, byte(k.Class)), append(moved, m)
		}
		for j := range s.byA {
			byA, byB = append(byA, uint32(s.byA[j])), append(byB, uint32(s.byB[j]))
		}
	}
	stepAt = append(stepAt, uint32(len(la)))
	nums(stepAt)
	nums(la)
	nums(lb)
	sec(class)
	sec(moved)
	nums(byA)
	nums(byB)
	nums(partAt)
	nums(partSum)
	nums(traceAt)
	nums(traceID)
	sec(traceClass)
	var stepPairs []uint32
	for _, s := range t.steps {
		stepPairs = append(stepPairs, uint32(s.pairs))
	}
	nums(stepPairs)
	var chapterAt, chapterPairs []uint32
	for _, m := range t.chapters {
		chapterAt = append(chapterAt, uint32(len(chapterPairs)/2))
		for _, n := range slices.Sorted(maps.Keys(m)) {
			chapterPairs = append(chapterPairs, uint32(n), titleNum[m[n]])
		}
	}
	chapterAt = append(chapterAt, uint32(len(chapterPairs)/2))
	nums(chapterAt)
	nums(chapterPairs)
	return head, body
}

// DecodeLineage reads a lineage written by Encode, and fails on one of
// another version or a damaged one.
func DecodeLineage(r io.Reader) (*Lineage, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return readLineage(memAt(b), int64(len(b)), nil)
}

// ReadLineageFile reads the lineage written by Encode in the file at path,
// mapped into memory (package mapped): its head at once, the rest when a
// history needs it. Where it cannot be mapped, the rest is read from the
// file opened again each time (so nothing is held open; a file replaced
// by a rebuild of the same version has the same bytes).
func ReadLineageFile(path string) (*Lineage, error) {
	m, err := mapped.Open(path)
	if err != nil {
		return nil, err
	}
	if m != nil {
		return readLineage(memAt(m), int64(len(m)), nil)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return readLineage(pathAt(path), st.Size(), nil)
}

// memAt is a lineage's bytes in memory, read in place: the file mapped,
// or what DecodeLineage read.
type memAt []byte

func (m memAt) ReadAt(b []byte, off int64) (int, error) {
	if off >= int64(len(m)) {
		return 0, io.EOF
	}
	n := copy(b, m[off:])
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
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

// readLineage reads the head of a lineage of size bytes from at; its body
// is read later from later, or from at when later is nil.
func readLineage(at io.ReaderAt, size int64, later io.ReaderAt) (*Lineage, error) {
	// The magic, the version and the head's length fit in 64 bytes.
	mem, inMem := at.(memAt)
	var pre []byte
	if inMem {
		pre = mem[:min(size, 64)]
	} else {
		pre = make([]byte, min(size, 64))
		if _, err := at.ReadAt(pre, 0); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
	}
	d := &decoder{b: pre}
	if string(d.next(len(lineageMagic))) != lineageMagic {
		return nil, errors.New("not a lineage")
	}
	version := d.uint()
	if d.err == nil && version != LineageVersion {
		return nil, fmt.Errorf("lineage version %d, want %d", version, LineageVersion)
	}
	n := d.uint()
	if d.err != nil {
		return nil, d.err
	}
	start := int64(len(pre) - len(d.b))
	if n > uint64(size-start-4) {
		return nil, ErrDamaged
	}
	var h []byte
	if inMem {
		h = mem[start : start+int64(n)+4]
	} else {
		h = make([]byte, n+4)
		if _, err := at.ReadAt(h, start); err != nil && !(errors.Is(err, io.EOF) && start+int64(n)+4 == size) {
			return nil, err
		}
	}
	if crc32.Checksum(h[:n], castagnoli) != binary.BigEndian.Uint32(h[n:]) {
		return nil, ErrDamaged
	}
	inPlace := inMem && later == nil // the body is read from mem too
	if later == nil {
		later = at
	}
	bodyStart := start + int64(n) + 4
	l, err := openLineage(int(version), h[:n:n], io.NewSectionReader(later, bodyStart, size-bodyStart), size-bodyStart)
	if err == nil && inPlace {
		l.body.mem = mem[bodyStart:size:size]
	}
	return l, err
}

// openLineage opens the lineage of head h, which it keeps and which must
// not be modified, and of a body of bodySize bytes read from at.
func openLineage(version int, raw []byte, at io.ReaderAt, bodySize int64) (*Lineage, error) {
	h, err := parseHead(raw, bodySize)
	if err != nil {
		return nil, err
	}
	l := &Lineage{Version: version, h: h, Revs: make([]string, h.revs.len())}
	l.body = &body{at: io.NewSectionReader(at, 0, bodySize), h: &l.h}
	for i := range l.Revs {
		l.Revs[i] = h.revs.at(i)
	}
	l.rules = make([]rulesView, len(l.Revs))
	return l, nil
}

// parseHead finds the tables of a head in b and checks that every number
// in them is in range, so that using them cannot fail.
func parseHead(b []byte, bodySize int64) (head, error) {
	h := head{raw: b}
	bad := false
	next := func() []byte {
		if len(b) < 4 {
			bad = true
			return nil
		}
		n := binary.LittleEndian.Uint32(b)
		if uint64(n) > uint64(len(b)-4) {
			bad = true
			return nil
		}
		s := b[4 : 4+n : 4+n]
		b = b[4+n:]
		return s
	}
	nums := func() u32s {
		s := next()
		if len(s)%4 != 0 {
			bad = true
		}
		return u32s(s)
	}
	strs := func() strtab {
		off, blob := nums(), next()
		t := strtab{off: off}
		if len(blob) > 0 {
			t.blob = unsafe.String(unsafe.SliceData(blob), len(blob))
		}
		if !ascending(off, 0, uint32(len(blob))) {
			bad = true
		}
		return t
	}
	h.revs, h.ids, h.titleStrs = strs(), strs(), strs()
	h.titleOf, h.titleTab, h.titlePairs = nums(), nums(), nums()
	h.spanAt, h.spans = nums(), nums()
	h.stepAt, h.linkA, h.linkB = nums(), nums(), nums()
	h.linkClass, h.linkMoved = next(), next()
	h.byA, h.byB = nums(), nums()
	h.partAt, h.partSum = nums(), nums()
	h.traceAt, h.traceID, h.traceClass = nums(), nums(), next()
	h.stepPairs, h.chapterAt, h.chapterPairs = nums(), nums(), nums()
	if bad || len(b) != 0 {
		return head{}, ErrDamaged
	}
	revs, ids, links := h.revs.len(), h.ids.len(), h.linkA.len()
	ok := revs > 0 &&
		h.titleOf.len() == revs && below(h.titleOf, uint32(h.titleTab.len()-1)) &&
		ascending(h.titleTab, 0, uint32(h.titlePairs.len()/2)) && h.titlePairs.len()%2 == 0 &&
		h.spanAt.len() == ids+1 && ascending(h.spanAt, 0, uint32(h.spans.len()/2)) && h.spans.len()%2 == 0 &&
		h.stepAt.len() == revs && ascending(h.stepAt, 0, uint32(links)) &&
		h.linkB.len() == links && len(h.linkClass) == links && len(h.linkMoved) == links &&
		h.byA.len() == links && h.byB.len() == links &&
		below(h.linkA, uint32(ids+1)) && below(h.linkB, uint32(ids+1)) &&
		h.partAt.len() >= revs+1 && h.partSum.len() == h.partAt.len()-1 &&
		ascending(h.partAt, 0, uint32(bodySize)) && uint64(bodySize) <= math.MaxUint32 &&
		(h.traceAt.len() == 0 && h.traceID.len() == 0 || h.traceAt.len() == revs && ascending(h.traceAt, 0, uint32(h.traceID.len()))) &&
		len(h.traceClass) == h.traceID.len() && below(h.traceID, uint32(ids)) &&
		h.partAt.len() >= revs+1+h.traceID.len() &&
		h.stepPairs.len() == revs-1 && h.chapterAt.len() == revs+1 && h.chapterPairs.len()%2 == 0 &&
		ascending(h.chapterAt, 0, uint32(h.chapterPairs.len()/2))
	if !ok {
		return head{}, ErrDamaged
	}
	for b := []byte(h.chapterPairs); len(b) >= 8; b = b[8:] {
		if binary.LittleEndian.Uint32(b[4:]) >= uint32(h.titleStrs.len()) {
			return head{}, ErrDamaged
		}
	}
	for b := []byte(h.titlePairs); len(b) >= 8; b = b[8:] {
		if binary.LittleEndian.Uint32(b) >= uint32(ids) || binary.LittleEndian.Uint32(b[4:]) >= uint32(h.titleStrs.len()) {
			return head{}, ErrDamaged
		}
	}
	for n := range ids {
		last := -1
		for k := h.spanAt.at(n); k < h.spanAt.at(n+1); k++ {
			from, to := h.spans.at(2*int(k)), h.spans.at(2*int(k)+1)
			if int(from) <= last || from > to || to >= uint32(revs) {
				return head{}, ErrDamaged
			}
			last = int(to)
		}
	}
	for _, cs := range [][]byte{h.linkClass, h.traceClass} {
		for _, c := range cs {
			if int(c) >= len(classNames) {
				return head{}, ErrDamaged
			}
		}
	}
	for _, m := range h.linkMoved {
		if m > 1 {
			return head{}, ErrDamaged
		}
	}
	for i := range revs - 1 {
		lo, hi := h.stepAt.at(i), h.stepAt.at(i+1)
		if !below(h.byA[4*lo:4*hi], hi-lo) || !below(h.byB[4*lo:4*hi], hi-lo) {
			return head{}, ErrDamaged
		}
	}
	return h, nil
}

// ascending tells whether a is at least one number, from first to last,
// none smaller than the one before.
func ascending(a u32s, first, last uint32) bool {
	if len(a) < 4 || a.at(0) != first || a.at(a.len()-1) != last {
		return false
	}
	prev := first
	for i := 0; i+4 <= len(a); i += 4 {
		v := binary.LittleEndian.Uint32(a[i : i+4 : i+4])
		if v < prev {
			return false
		}
		prev = v
	}
	return true
}

// below tells whether every number of a is below n.
func below(a u32s, n uint32) bool {
	for i := 0; i+4 <= len(a); i += 4 {
		if binary.LittleEndian.Uint32(a[i:i+4:i+4]) >= n {
			return false
		}
	}
	return true
}

// Verify reads the whole body of a lineage read from a file, a chunk at a
// time, and checks every part against its CRC: ErrDamaged when one is
// damaged. What reads every part (the HTML reference's histories) checks
// it so once, before it starts, rather than fail half-way.
func (l *Lineage) Verify() error {
	r := bufio.NewReaderSize(l.body.at, 1<<18)
	for k := range l.h.partSum.len() {
		var sum uint32
		for n := int64(l.h.partAt.at(k+1) - l.h.partAt.at(k)); n > 0; {
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
		if sum != l.h.partSum.at(k) {
			return ErrDamaged
		}
	}
	return nil
}

// ErrDamaged is the error of reading a lineage whose bytes are not those
// written: of its head when it is opened, of a part of its body when a
// history reads that part.
var ErrDamaged = errors.New("damaged lineage")

// A decoder reads the uvarints before the head.
type decoder struct {
	b   []byte
	err error
}

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
