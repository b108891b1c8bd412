package diff

import (
	"errors"
	"hash/crc32"
	"io"
	"slices"
	"strings"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// Extend returns the lineage of l's revisions and one more, named name,
// whose document is next; last is the document of l's last revision, which
// next is compared with. It is the lineage BuildLineage would build of all
// of them (the same bytes once encoded), for the cost of one comparison
// rather than one per revision: a new release added to the history. l is
// not changed; one read from a file has its texts read at once. A nil lex
// means Default.
func (l *Lineage) Extend(name string, last, next *parse.Document, lex *lexicon.Lexicon) (*Lineage, error) {
	if lex == nil {
		lex = lexicon.Default()
	}
	texts, rules, err := l.load()
	if err != nil {
		return nil, err
	}
	ls := links(Compare(last, next, lex))
	raw := rawRules(next)

	// The tables, with next's IDs and texts in their sorted places.
	idSet := make(map[string]bool, len(l.ids)+len(raw))
	for _, id := range l.ids {
		idSet[id] = true
	}
	textSet := make(map[string]bool, len(texts)+len(raw))
	for _, t := range texts {
		textSet[t] = true
	}
	for _, e := range raw {
		idSet[e.id] = true
		if !textSet[e.text] {
			textSet[strings.Clone(e.text)] = true // not next's whole text it may be cut from
		}
	}
	for _, k := range ls {
		idSet[k.A], idSet[k.B] = true, true
	}
	delete(idSet, "")
	n := &Lineage{Version: LineageVersion, Revs: append(slices.Clip(l.Revs), name), Titles: append(slices.Clip(l.Titles), titles(next))}
	n.ids, n.texts = sortedKeys(idSet), sortedKeys(textSet)
	idNum, textNum := numbered(n.ids), numbered(n.texts)
	idOf := make([]uint32, len(l.ids)) // old number → new
	for k, id := range l.ids {
		idOf[k] = idNum[id]
	}
	textOf := make([]uint32, len(texts))
	for k, t := range texts {
		textOf[k] = textNum[t]
	}

	n.rules = make([][]entry, len(n.Revs))
	for rev, rs := range rules {
		out := make([]entry, len(rs))
		for j, e := range rs {
			out[j] = entry{id: idOf[e.id], text: textOf[e.text], depth: e.depth, flags: e.flags}
		}
		n.rules[rev] = out
	}
	added := make([]entry, len(raw))
	for j, e := range raw {
		added[j] = entry{id: idNum[e.id], text: textNum[e.text], depth: e.depth, flags: e.flags}
	}
	n.rules[len(n.Revs)-1] = added

	n.spans = make([][]span, len(n.ids))
	for k, sp := range l.spans {
		n.spans[idOf[k]] = slices.Clone(sp)
	}
	step := len(n.Revs) - 2
	n.steps = append(slices.Clip(l.steps), compact(ls, idNum, n.ids))
	for _, k := range ls {
		n.mark(step, k.A, idNum)
	}
	for _, k := range ls {
		n.mark(step+1, k.B, idNum)
	}
	return n, nil
}

// mark records that revision rev has rule id (numbered by idNum), in
// revision order: rev is the last revision marked so far or the next.
func (l *Lineage) mark(rev int, id string, idNum map[string]uint32) {
	if id == "" {
		return
	}
	n := idNum[id]
	sp := l.spans[n]
	switch k := len(sp) - 1; {
	case k >= 0 && sp[k].to >= int32(rev):
	case k >= 0 && sp[k].to == int32(rev)-1:
		sp[k].to = int32(rev)
	default:
		l.spans[n] = append(sp, span{int32(rev), int32(rev)})
	}
}

// load returns every distinct text and the rules of every revision: in
// memory already, or read from the lineage's file in one read.
func (l *Lineage) load() ([]string, [][]entry, error) {
	if l.body == nil {
		return l.texts, l.rules, nil
	}
	var size int64
	for _, ps := range [][]part{l.body.rules, l.body.texts} {
		for _, p := range ps {
			size = max(size, p.off+p.n)
		}
	}
	buf := make([]byte, size)
	if n, err := l.body.at.ReadAt(buf, 0); err != nil && !(errors.Is(err, io.EOF) && int64(n) == size) {
		return nil, nil, err
	}
	at := func(p part) ([]byte, error) {
		b := buf[p.off : p.off+p.n]
		if crc32.Checksum(b, castagnoli) != p.sum {
			return nil, ErrDamaged
		}
		return b, nil
	}
	texts := make([]string, len(l.body.texts))
	for k, p := range l.body.texts {
		b, err := at(p)
		if err != nil {
			return nil, nil, err
		}
		texts[k] = string(b)
	}
	rules := make([][]entry, len(l.body.rules))
	for rev, p := range l.body.rules {
		b, err := at(p)
		if err != nil {
			return nil, nil, err
		}
		if rules[rev], err = l.decodeRules(b); err != nil {
			return nil, nil, err
		}
	}
	return texts, rules, nil
}
