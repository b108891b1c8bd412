package diff

import (
	"maps"
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
// not changed; its texts are read at once. A nil lex means Default.
func (l *Lineage) Extend(name string, last, next *parse.Document, lex *lexicon.Lexicon) (*Lineage, error) {
	if lex == nil {
		lex = lexicon.Default()
	}
	o, err := l.tables()
	if err != nil {
		return nil, err
	}
	ls := links(Compare(last, next, lex))
	raw := rawRules(next)

	// The tables, with next's IDs and texts in their sorted places.
	idSet := make(map[string]bool, len(o.ids)+len(raw))
	for _, id := range o.ids {
		idSet[id] = true
	}
	textSet := make(map[string]bool, len(o.texts)+len(raw))
	for _, t := range o.texts {
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
	n := &tables{revs: append(o.revs, name), titles: append(o.titles, titles(next)), chapters: append(o.chapters, chapterTitles(next))}
	n.ids, n.texts = sortedKeys(idSet), sortedKeys(textSet)
	idNum, textNum := numbered(n.ids), numbered(n.texts)
	idOf := make([]uint32, len(o.ids)) // old number → new
	for k, id := range o.ids {
		idOf[k] = idNum[id]
	}
	textOf := make([]uint32, len(o.texts))
	for k, t := range o.texts {
		textOf[k] = textNum[t]
	}

	n.rules = make([][]entry, len(n.revs))
	for rev, rs := range o.rules {
		for j, e := range rs {
			rs[j] = entry{id: idOf[e.id], text: textOf[e.text], depth: e.depth, flags: e.flags}
		}
		n.rules[rev] = rs
	}
	added := make([]entry, len(raw))
	for j, e := range raw {
		added[j] = entry{id: idNum[e.id], text: textNum[e.text], depth: e.depth, flags: e.flags}
	}
	n.rules[len(n.revs)-1] = added

	n.spans = make([][]span, len(n.ids))
	for k, sp := range o.spans {
		n.spans[idOf[k]] = sp
	}
	step := len(n.revs) - 2
	n.steps = append(o.steps, compact(ls, idNum, n.ids))
	n.steps[step].pairs = len(ls)
	for _, k := range ls {
		n.mark(step, k.A, idNum)
	}
	for _, k := range ls {
		n.mark(step+1, k.B, idNum)
	}
	return n.withTraces(), nil
}

// mark records that revision rev has rule id (numbered by idNum), in
// revision order: rev is the last revision marked so far or the next.
func (t *tables) mark(rev int, id string, idNum map[string]uint32) {
	if id == "" {
		return
	}
	n := idNum[id]
	sp := t.spans[n]
	switch k := len(sp) - 1; {
	case k >= 0 && sp[k].to >= int32(rev):
	case k >= 0 && sp[k].to == int32(rev)-1:
		sp[k].to = int32(rev)
	default:
		t.spans[n] = append(sp, span{int32(rev), int32(rev)})
	}
}

// tables returns l as it is built, strings and slices of its own: every
// text and the rules of every revision read from the body in one read.
func (l *Lineage) tables() (*tables, error) {
	b, err := l.body.all()
	if err != nil {
		return nil, err
	}
	h := &l.h
	t := &tables{revs: slices.Clone(l.Revs), ids: slices.Clone(l.IDs())}
	shared := map[uint32]map[string]string{}
	for i := range l.Revs {
		k := h.titleOf.at(i)
		if shared[k] == nil {
			shared[k] = maps.Collect(l.Titles(i))
		}
		t.titles = append(t.titles, shared[k])
	}
	for i := range l.Revs {
		t.chapters = append(t.chapters, l.chapterTitles(i))
	}
	t.spans = make([][]span, len(t.ids))
	for n := range t.spans {
		for k := h.spanAt.at(n); k < h.spanAt.at(n+1); k++ {
			t.spans[n] = append(t.spans[n], span{int32(h.spans.at(2 * int(k))), int32(h.spans.at(2*int(k) + 1))})
		}
	}
	t.steps = make([]lineStep, l.Steps())
	for i := range t.steps {
		lo, hi := int(h.stepAt.at(i)), int(h.stepAt.at(i+1))
		s := lineStep{byA: make([]int32, hi-lo), byB: make([]int32, hi-lo), pairs: int(h.stepPairs.at(i))}
		for k := lo; k < hi; k++ {
			s.links = append(s.links, l.link(k))
			s.byA[k-lo], s.byB[k-lo] = int32(h.byA.at(k)), int32(h.byB.at(k))
		}
		t.steps[i] = s
	}
	part := func(k int) []byte { return b[h.partAt.at(k):h.partAt.at(k+1)] }
	t.texts = make([]string, h.textCount())
	for k := range t.texts {
		t.texts[k] = string(part(k))
	}
	t.rules = make([][]entry, len(l.Revs))
	for rev := range t.rules {
		rs := rulesView(part(h.rulesPart(rev)))
		if !rs.valid(len(t.ids), len(t.texts)) {
			return nil, ErrDamaged
		}
		t.rules[rev] = make([]entry, rs.len())
		for j := range t.rules[rev] {
			t.rules[rev][j] = rs.at(j)
		}
	}
	return t, nil
}
