package diff

import (
	"cmp"
	"encoding/binary"
	"slices"
	"sync"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// The lineage keeps, for every step, the changes of the titled rules
// (702.51 Convoke: the rule and all its subrules, one text) whose text
// changed in it: the class Trace measures and the word diff it prints, so
// that a keyword's or a history's trace reads them rather than classify
// and diff the texts again in each process. Chapters are left out: their
// texts are whole chapters, traced on demand as before.

// A traceEntry is one titled rule's change in a step, as it is built.
type traceEntry struct {
	id    uint32 // the rule on the step's side B (its number in ids)
	class Class
	ops   []byte // its word diff, as appendOps writes it
}

// tracedLevel tells whether id is a titled rule whose changes the lineage
// keeps: a rule (702.51), not a chapter (702) or a subrule.
func tracedLevel(id string) bool {
	r, err := parse.ParseRuleID(id)
	return err == nil && r.Level() == parse.LevelRule
}

// computeTraces measures the change of every titled rule in every step of
// l, as Trace does with the default lexicon.
func (l *Lineage) computeTraces() [][]traceEntry {
	lex := lexicon.Default()
	out := make([][]traceEntry, l.Steps())
	var mu sync.Mutex
	var failed bool
	parallelDo(l.Steps(), func(i int) {
		var es []traceEntry
		for id := range l.Titles(i + 1) {
			if !tracedLevel(id) {
				continue
			}
			k, ok := l.mutualLink(i, id)
			if !ok {
				continue
			}
			a := k.A
			if (k.Class == Unchanged || k.Class == Renumbered) && !l.SubtreeChanged(i+1, a, id) {
				continue // the same text, as traceBy tells it
			}
			ta, errA := l.text(i, a)
			tb, errB := l.text(i+1, id)
			if errA != nil || errB != nil {
				mu.Lock()
				failed = true
				mu.Unlock()
				return
			}
			if ta == tb {
				continue
			}
			ca, cb := changedLines(ta, tb)
			es = append(es, traceEntry{id: l.num(id), class: Classify(lex, ca, cb, a == id), ops: appendOps(nil, WordDiff(ta, tb))})
		}
		slices.SortFunc(es, func(x, y traceEntry) int { return cmp.Compare(x.id, y.id) })
		out[i] = es
	})
	if failed {
		return nil // a lineage built has every text; traced on demand if not
	}
	return out
}

// mutualLink is the link by which rule id of Revs[i+1] came from a rule of
// Revs[i] when each is the other's main counterpart (as History follows
// them).
func (l *Lineage) mutualLink(i int, id string) (Link, bool) {
	k, ok := l.mainB(i, id)
	if !ok || k.A == "" {
		return Link{}, false
	}
	if a, _ := l.mainA(i, k.A); a != k {
		return Link{}, false
	}
	return k, true
}

// appendOps encodes a word diff as a part of the body: each op its kind
// (a byte), its length (a uvarint) and, for a deletion or an insertion,
// its text. An equal run is not written: it is the next bytes of the text
// the diff goes to, read again with it (decodeOps).
func appendOps(b []byte, ops []Op) []byte {
	for _, op := range ops {
		b = append(b, byte(op.Kind))
		b = binary.AppendUvarint(b, uint64(len(op.Text)))
		if op.Kind != Equal {
			b = append(b, op.Text...)
		}
	}
	return b
}

// decodeOps reads what appendOps wrote of a diff to text to.
func decodeOps(b []byte, to string) ([]Op, error) {
	var ops []Op
	at := 0 // in to
	for len(b) > 0 {
		k := OpKind(b[0])
		n, w := binary.Uvarint(b[1:])
		if k > Insert || w <= 0 {
			return nil, ErrDamaged
		}
		b = b[1+w:]
		var text string
		switch {
		case k == Equal:
			if n > uint64(len(to)-at) {
				return nil, ErrDamaged
			}
			text = to[at : at+int(n)]
		case n > uint64(len(b)):
			return nil, ErrDamaged
		default:
			text = string(b[:n])
			b = b[n:]
		}
		if k != Delete {
			at += int(n)
		}
		ops = append(ops, Op{k, text})
	}
	if at != len(to) {
		return nil, ErrDamaged
	}
	return ops, nil
}

// traced is the trace of rule id of Revs[start] read from the changes the
// lineage keeps, when every point of its history is a titled rule; false
// when one is not (its trace is then measured).
func (l *Lineage) traced(start int, id string, words bool) ([]Change, bool, error) {
	if l.h.traceAt.len() != len(l.Revs) {
		return nil, false, nil
	}
	points := l.History(start, id)
	for _, p := range points {
		if p.Title == "" || !tracedLevel(p.ID) {
			return nil, false, nil
		}
	}
	out := make([]Change, len(points))
	for i, p := range points {
		out[i] = Change{Point: p}
		if i == 0 {
			continue
		}
		rev := l.indexOfRev(p.Rev)
		k, ok := l.traceEntry(rev-1, l.num(p.ID))
		switch {
		case ok:
			out[i].Class = Class(l.h.traceClass[k])
			if words {
				b, err := l.body.read(l.tracePart(k))
				if err != nil {
					return nil, false, err
				}
				to, err := l.text(rev, p.ID)
				if err != nil {
					return nil, false, err
				}
				if out[i].Diff, err = decodeOps(b, to); err != nil {
					return nil, false, err
				}
			}
		case p.Moved:
			out[i].Class = Renumbered
		default:
			out[i].Class = Unchanged
		}
	}
	return out, true, nil
}

// withTraces is t's lineage with the changes of its titled rules kept,
// measured on t's lineage without them.
func (t *tables) withTraces() *Lineage {
	t.traces = nil
	t.traces = t.lineage().computeTraces()
	return t.lineage()
}

// traceEntry finds the kept change of rule n in step i.
func (l *Lineage) traceEntry(i int, n uint32) (int, bool) {
	lo, hi := int(l.h.traceAt.at(i)), int(l.h.traceAt.at(i+1))
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l.h.traceID.at(m) < n {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < int(l.h.traceAt.at(i+1)) && l.h.traceID.at(lo) == n {
		return lo, true
	}
	return 0, false
}

// tracePart is the body part of kept change k: after the texts.
func (l *Lineage) tracePart(k int) int { return l.h.textCount() + k }
