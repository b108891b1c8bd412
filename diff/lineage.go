package diff

import (
	"fmt"
	"iter"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// LineageVersion changes whenever the matcher, the lineage format or the
// parsed texts (1999-11-01's mana symbols, version 9) do;
// cached lineages of another version are rebuilt. Version 11 laid the head
// out in fixed-width tables read in place; version 12 keeps the changes of
// the titled rules (lineage_traces.go), 13 the pairs of each step and the
// chapters' titles (lineage_stat.go).
const LineageVersion = 13

// A Link records what one rule of a revision became in the next.
type Link struct {
	A, B  string // rule IDs; "" when the rule is added (A) or removed (B)
	Class Class
	Moved bool
}

// A Lineage chains the comparisons of adjacent revisions: step i links
// Revs[i] to Revs[i+1] (see Step). Title and Titles give the titles of the
// titled rules of each revision (keyword abilities, …; see
// parse.Rule.Heading). It also keeps the text of every rule of every
// revision, so that a rule's history (Trace) needs no parse.
//
// It is built for small size and quick loading: IDs and texts are stored
// once, and a rule that keeps its number and text from one revision to the
// next (most of them) is not written down in the step. Its head (IDs,
// titles, spans, links) is a set of fixed-width tables used in place, as
// read from the file: a rule's history reads only the entries of the
// steps and revisions it visits (see lineage_codec.go).
type Lineage struct {
	Version int
	Revs    []string

	h    head
	body *body

	rulesMu sync.Mutex
	rules   []rulesView // per revision, its rules in document order, once read

	idsOnce sync.Once
	idList  []string
}

// rulesOf returns the rules of revision rev, read from the body on first
// use.
func (l *Lineage) rulesOf(rev int) (rulesView, error) {
	l.rulesMu.Lock()
	defer l.rulesMu.Unlock()
	if l.rules[rev] == nil {
		b, err := l.body.read(l.h.rulesPart(rev))
		if err != nil {
			return nil, err
		}
		rs := rulesView(b)
		if !rs.valid(l.h.ids.len(), l.h.textCount()) {
			return nil, ErrDamaged
		}
		l.rules[rev] = rs
	}
	return l.rules[rev], nil
}

// An entry is one rule of a revision.
type entry struct {
	id, text uint32
	depth    uint8 // 0 for a rule, 1 for a subrule, …
	flags    uint8
}

const (
	titled    = 1 << iota // the rule has a title (Rule.Title)
	canonical             // the rule its ID names (Document.Rule)
)

// A lineStep is one step as it is built: the links that are not the
// identity (a rule keeping its number and its text).
type lineStep struct {
	links    []Link  // in the comparison's order
	byA, byB []int32 // links sorted (stably) by A and by B
	pairs    int     // the comparison's pairs, the identities left out of links too
}

// A span is the revisions from, …, to (indexes in Revs) that have a rule
// ID. Most IDs have one span: a number, once given, is seldom given up and
// given again.
type span struct{ from, to int32 }

// has tells whether Revs[rev] has the rule numbered n (in ids).
func (l *Lineage) has(rev int, n uint32) bool {
	for k, end := l.h.spanAt.at(int(n)), l.h.spanAt.at(int(n)+1); k < end; k++ {
		if uint32(rev) >= l.h.spans.at(2*int(k)) && uint32(rev) <= l.h.spans.at(2*int(k)+1) {
			return true
		}
	}
	return false
}

const noID = ^uint32(0)

// tables are a lineage as it is built, before it is encoded: strings and
// slices.
type tables struct {
	revs     []string
	titles   []map[string]string
	chapters []map[int]string // per revision, the title of each chapter (Document.Chapter)
	ids      []string         // every rule ID of every revision, sorted
	spans    [][]span         // per ID, the revisions that have it
	steps    []lineStep       // per step
	texts    []string         // every distinct rule text (RuleText), sorted
	rules    [][]entry        // per revision, its rules in document order
	traces   [][]traceEntry   // per step, the titled rules' changes (see computeTraces), by rule
}

// BuildLineage compares every adjacent pair of docs (named names, oldest
// first) on all cores.
func BuildLineage(names []string, docs []*parse.Document, lex *lexicon.Lexicon) *Lineage {
	b := NewLineageBuilder(names, lex)
	parallelDo(len(docs), func(i int) {
		b.Add(i, docs[i])
		if i+1 < len(docs) {
			b.Compare(i, docs[i], docs[i+1])
		}
	})
	return b.Lineage()
}

func parallelDo(n int, fn func(i int)) {
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				fn(i)
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
}

// A LineageBuilder builds a lineage from revisions given one at a time, in
// any order and from several goroutines, so that only the revisions being
// compared need be in memory: Add each revision, Compare each adjacent
// pair, then take the Lineage.
type LineageBuilder struct {
	lex   *lexicon.Lexicon
	names []string

	mu       sync.Mutex
	intern   map[string]string // each text and ID once, whichever revision has it
	titles   []map[string]string
	chapters []map[int]string
	rules    [][]rawEntry
	steps    [][]Link
}

type rawEntry struct {
	id, text string
	depth    uint8
	flags    uint8
}

// NewLineageBuilder starts the lineage of the revisions named names,
// oldest first. A nil lex means Default.
func NewLineageBuilder(names []string, lex *lexicon.Lexicon) *LineageBuilder {
	if lex == nil {
		lex = lexicon.Default()
	}
	n := len(names)
	return &LineageBuilder{lex: lex, names: names, intern: map[string]string{}, titles: make([]map[string]string, n), chapters: make([]map[int]string, n), rules: make([][]rawEntry, n), steps: make([][]Link, max(0, n-1))}
}

// Add records revision i's titles and rule texts.
func (b *LineageBuilder) Add(i int, d *parse.Document) {
	t, rs := titles(d), rawRules(d)
	b.mu.Lock()
	for j := range rs {
		rs[j].id, rs[j].text = b.once(rs[j].id), b.once(rs[j].text)
	}
	b.titles[i], b.chapters[i], b.rules[i] = t, chapterTitles(d), rs
	b.mu.Unlock()
}

// rawRules lists the rules of d in document order.
func rawRules(d *parse.Document) []rawEntry {
	var rs []rawEntry
	var walk func(rules []*parse.Rule, depth uint8)
	walk = func(rules []*parse.Rule, depth uint8) {
		for _, r := range rules {
			e := rawEntry{id: r.ID.String(), text: RuleText(r), depth: depth}
			if r.Title != "" {
				e.flags |= titled
			}
			if d.Rule(r.ID) == r {
				e.flags |= canonical
			}
			rs = append(rs, e)
			walk(r.Children, depth+1)
		}
	}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			walk(c.Rules, 0)
		}
	}
	return rs
}

func (b *LineageBuilder) once(s string) string {
	if k, ok := b.intern[s]; ok {
		return k
	}
	s = strings.Clone(s) // not the revision's whole text it may be cut from (RuleText)
	b.intern[s] = s
	return s
}

// Compare records step i: what the rules of revision i (a) became in
// revision i+1 (c).
func (b *LineageBuilder) Compare(i int, a, c *parse.Document) {
	ls := links(Compare(a, c, b.lex))
	b.mu.Lock()
	b.steps[i] = ls
	b.mu.Unlock()
}

// Lineage returns the lineage of what was added and compared.
func (b *LineageBuilder) Lineage() *Lineage {
	b.mu.Lock()
	defer b.mu.Unlock()
	t := &tables{revs: b.names, titles: b.titles, chapters: b.chapters}
	idSet, textSet := map[string]bool{}, map[string]bool{}
	for _, rs := range b.rules {
		for _, e := range rs {
			idSet[e.id], textSet[e.text] = true, true
		}
	}
	for _, ls := range b.steps {
		for _, k := range ls {
			idSet[k.A], idSet[k.B] = true, true
		}
	}
	delete(idSet, "")
	t.ids, t.texts = sortedKeys(idSet), sortedKeys(textSet)
	idNum, textNum := numbered(t.ids), numbered(t.texts)
	t.rules = make([][]entry, len(b.rules))
	for i, rs := range b.rules {
		t.rules[i] = make([]entry, len(rs))
		for j, e := range rs {
			t.rules[i][j] = entry{id: idNum[e.id], text: textNum[e.text], depth: e.depth, flags: e.flags}
		}
	}
	// A revision has the rules on side B of the step before it and on
	// side A of the step after it (the same, as each comparison pairs
	// every rule of either side).
	t.spans = make([][]span, len(t.ids))
	t.steps = make([]lineStep, len(b.steps))
	for i, ls := range b.steps {
		t.steps[i] = compact(ls, idNum, t.ids)
		t.steps[i].pairs = len(ls)
		for _, k := range ls {
			t.mark(i, k.A, idNum)
		}
		for _, k := range ls {
			t.mark(i+1, k.B, idNum)
		}
	}
	return t.withTraces()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compact keeps of a step's links those that are not the identity: a link
// is left out when it keeps the number and the text and is the only link
// of its rule on either side, so that it can be told again from the IDs.
func compact(ls []Link, idNum map[string]uint32, ids []string) lineStep {
	var s lineStep
	nA, nB := map[string]int{}, map[string]int{}
	for _, k := range ls {
		nA[k.A]++
		nB[k.B]++
	}
	for _, k := range ls {
		if k.A != "" && k.A == k.B && k.Class == Unchanged && !k.Moved && nA[k.A] == 1 && nB[k.B] == 1 {
			continue
		}
		// The strings of the ID table, not the comparison's.
		if k.A != "" {
			k.A = ids[idNum[k.A]]
		}
		if k.B != "" {
			k.B = ids[idNum[k.B]]
		}
		s.links = append(s.links, k)
	}
	s.index()
	return s
}

func (s *lineStep) index() {
	s.byA, s.byB = make([]int32, len(s.links)), make([]int32, len(s.links))
	for i := range s.links {
		s.byA[i], s.byB[i] = int32(i), int32(i)
	}
	slices.SortStableFunc(s.byA, func(i, j int32) int { return strings.Compare(s.links[i].A, s.links[j].A) })
	slices.SortStableFunc(s.byB, func(i, j int32) int { return strings.Compare(s.links[i].B, s.links[j].B) })
}

// chapterTitles maps each chapter number of d to its title, as
// d.Chapter gives it.
func chapterTitles(d *parse.Document) map[int]string {
	t := map[int]string{}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			if ch := d.Chapter(c.ID.Chapter); ch != nil {
				t[c.ID.Chapter] = strings.Clone(ch.Title)
			}
		}
	}
	return t
}

func titles(d *parse.Document) map[string]string {
	t := map[string]string{}
	d.Walk(func(r *parse.Rule) bool {
		if h := r.Heading(); h != "" && !r.Implicit {
			t[r.ID.String()] = strings.Clone(h) // not the whole text it is cut from
		}
		return true
	})
	return t
}

func links(res *Result) []Link {
	ls := make([]Link, 0, len(res.Pairs))
	for _, p := range res.Pairs {
		var k Link
		if p.A != nil {
			k.A = p.A.ID.String()
		}
		if p.B != nil {
			k.B = p.B.ID.String()
		}
		k.Class, k.Moved = p.Class, p.Moved
		ls = append(ls, k)
	}
	return ls
}

// num returns the number of rule ID id in the ID table, or noID.
func (l *Lineage) num(id string) uint32 {
	ids := l.h.ids
	n := sort.Search(ids.len(), func(k int) bool { return ids.at(k) >= id })
	if n < ids.len() && ids.at(n) == id {
		return uint32(n)
	}
	return noID
}

// id returns rule ID number n.
func (l *Lineage) id(n uint32) string { return l.h.ids.at(int(n)) }

// link returns link k of the table of every step's links.
func (l *Lineage) link(k int) Link {
	out := Link{Class: Class(l.h.linkClass[k]), Moved: l.h.linkMoved[k] == 1}
	if a := l.h.linkA.at(k); a != 0 {
		out.A = l.id(a - 1)
	}
	if b := l.h.linkB.at(k); b != 0 {
		out.B = l.id(b - 1)
	}
	return out
}

// linksOf returns the links of step i whose side A (or B, when b) is id,
// in the comparison's order; the identity when none is written down and
// id is on that side.
func (l *Lineage) linksOf(i int, id string, b bool) []Link {
	n := l.num(id)
	if n == noID {
		return nil
	}
	lo, hi := l.h.stepAt.at(i), l.h.stepAt.at(i+1)
	side, idx := l.h.linkA, l.h.byA
	if b {
		side, idx = l.h.linkB, l.h.byB
	}
	key := func(j int) uint32 { return side.at(int(lo + idx.at(int(lo)+j))) }
	c := int(hi - lo)
	j := sort.Search(c, func(j int) bool { return key(j) >= n+1 })
	var out []Link
	for ; j < c && key(j) == n+1; j++ {
		out = append(out, l.link(int(lo+idx.at(int(lo)+j))))
	}
	if len(out) == 0 {
		rev := i
		if b {
			rev = i + 1
		}
		if l.has(rev, n) {
			return []Link{{A: l.id(n), B: l.id(n)}}
		}
	}
	return out
}

// mainA is the main link of rule id of Revs[i] into Revs[i+1]: for a rule
// of A, a split off it is secondary to its main match. mainB is the main
// link into rule id of Revs[i+1]: a rule merged into it is secondary.
func (l *Lineage) mainA(i int, id string) (Link, bool) {
	return mainLink(l.linksOf(i, id, false), Split)
}
func (l *Lineage) mainB(i int, id string) (Link, bool) {
	return mainLink(l.linksOf(i, id, true), Merged)
}

func mainLink(ls []Link, secondary Class) (Link, bool) {
	if len(ls) == 0 {
		return Link{}, false
	}
	k := ls[0]
	for _, x := range ls[1:] {
		if k.Class == secondary {
			k = x
		}
	}
	return k, true
}

// Step returns every link of step i, from Revs[i] to Revs[i+1]: those
// written down, in the comparison's order, then the identities.
func (l *Lineage) Step(i int) []Link {
	lo, hi := int(l.h.stepAt.at(i)), int(l.h.stepAt.at(i+1))
	out := make([]Link, 0, hi-lo)
	written := make([]bool, l.h.ids.len()+1) // by number plus one
	for k := lo; k < hi; k++ {
		out = append(out, l.link(k))
		written[l.h.linkA.at(k)] = true
	}
	for n := range l.h.ids.len() {
		if l.has(i, uint32(n)) && !written[n+1] {
			id := l.id(uint32(n))
			out = append(out, Link{A: id, B: id})
		}
	}
	return out
}

// IDs returns every rule ID of every revision, sorted; the slice is the
// lineage's own and must not be modified.
func (l *Lineage) IDs() []string {
	l.idsOnce.Do(func() {
		l.idList = make([]string, l.h.ids.len())
		for n := range l.idList {
			l.idList[n] = l.id(uint32(n))
		}
	})
	return l.idList
}

// Steps is the number of steps: one fewer than revisions.
func (l *Lineage) Steps() int { return len(l.Revs) - 1 }

// Has reports whether revision rev has a rule id.
func (l *Lineage) Has(rev int, id string) bool {
	if rev < 0 || rev >= len(l.Revs) {
		return false
	}
	n := l.num(id)
	if n == noID {
		return false
	}
	return l.has(rev, n)
}

// Last returns the index of the latest revision that has rule id, -1
// when none has.
func (l *Lineage) Last(id string) int {
	n := l.num(id)
	if n == noID {
		return -1
	}
	last := -1
	for k, end := l.h.spanAt.at(int(n)), l.h.spanAt.at(int(n)+1); k < end; k++ {
		last = max(last, int(l.h.spans.at(2*int(k)+1)))
	}
	return last
}

// Next returns what rule id of Revs[rev] became in Revs[rev+1], "" when it
// was removed or when rev is the last revision.
func (l *Lineage) Next(rev int, id string) string {
	if rev < 0 || rev >= l.Steps() {
		return ""
	}
	k, ok := l.mainA(rev, id)
	if !ok || k.Class == Merged {
		return ""
	}
	return k.B
}

// SubtreeChanged reports whether any subrule of rule prev (in Revs[rev-1])
// or of rule id (in Revs[rev]) changed its text in that step: an edit,
// added or removed subrule, anything but unchanged or renumbered.
func (l *Lineage) SubtreeChanged(rev int, prev, id string) bool {
	return len(l.SubruleChanges(rev, prev, id)) > 0
}

// SubruleChanges lists the subrules of rule prev (in Revs[rev-1]) and of
// rule id (in Revs[rev]) whose text changed in that step, in the
// comparison's order: each edited, added or removed subrule's link, none
// that is unchanged or only renumbered.
func (l *Lineage) SubruleChanges(rev int, prev, id string) []Link {
	if rev <= 0 || rev >= len(l.Revs) {
		return nil
	}
	under := func(child, parent string) bool {
		return len(child) == len(parent)+1 && strings.HasPrefix(child, parent) && child[len(parent)] >= 'a'
	}
	// The subrules of a rule are numbered in a run of the sorted IDs (plus
	// one in the links): those that begin as it does and go on with a
	// letter.
	aLo, aHi := l.idRange(prev+"a", prev+"\xff")
	bLo, bHi := l.idRange(id+"a", id+"\xff")
	var out []Link
	for k, hi := int(l.h.stepAt.at(rev-1)), int(l.h.stepAt.at(rev)); k < hi; k++ { // identities are unchanged
		if c := Class(l.h.linkClass[k]); c == Unchanged || c == Renumbered {
			continue
		}
		if a, b := l.h.linkA.at(k), l.h.linkB.at(k); (a <= aLo || a > aHi) && (b <= bLo || b > bHi) {
			continue
		}
		if x := l.link(k); under(x.A, prev) || under(x.B, id) {
			out = append(out, x)
		}
	}
	return out
}

// idRange returns the numbers of the IDs from lo up to hi (not included)
// as [from, to).
func (l *Lineage) idRange(lo, hi string) (from, to uint32) {
	ids := l.h.ids
	f := sort.Search(ids.len(), func(k int) bool { return ids.at(k) >= lo })
	t := f + sort.Search(ids.len()-f, func(k int) bool { return ids.at(f+k) >= hi })
	return uint32(f), uint32(t)
}

// Title returns the title of rule id in Revs[rev], "" when it has none.
func (l *Lineage) Title(rev int, id string) string {
	if rev < 0 || rev >= len(l.Revs) {
		return ""
	}
	n := l.num(id)
	if n == noID {
		return ""
	}
	lo, hi := l.titleTable(rev)
	p := l.h.titlePairs
	j := sort.Search(hi-lo, func(j int) bool { return p.at(2*(lo+j)) >= n })
	if j < hi-lo && p.at(2*(lo+j)) == n {
		return l.h.titleStrs.at(int(p.at(2*(lo+j) + 1)))
	}
	return ""
}

// titleTable returns where the titles of Revs[rev] are in the table of
// every revision's titles, as (rule ID, title) pairs sorted by ID.
func (l *Lineage) titleTable(rev int) (lo, hi int) {
	t := int(l.h.titleOf.at(rev))
	return int(l.h.titleTab.at(t)), int(l.h.titleTab.at(t + 1))
}

// Titles yields the ID and title of each titled rule of Revs[rev], in the
// order of the IDs (as sort.Strings orders them).
func (l *Lineage) Titles(rev int) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		if rev < 0 || rev >= len(l.Revs) {
			return
		}
		lo, hi := l.titleTable(rev)
		p := l.h.titlePairs
		for j := lo; j < hi; j++ {
			if !yield(l.id(p.at(2*j)), l.h.titleStrs.at(int(p.at(2*j+1)))) {
				return
			}
		}
	}
}

// A Point is where one rule stands in one revision of its history.
type Point struct {
	Rev   string
	ID    string // "" when the rule is not in this revision
	Title string
	Class Class // how it came from the revision before: Added for the first
	Moved bool
}

// History follows the rule id of revision rev back to where it was added
// and forward to the latest revision or its removal. Revisions where it
// does not exist are left out.
//
// It follows a link from one revision to the next only when each end is
// the other's main counterpart, so that the history of any of its points
// is the same list. A rule that splits goes on in the part that begins as
// it did, its definition; a part split off it starts its own history,
// whose first point is of class Split. A rule merged into another ends
// there.
func (l *Lineage) History(rev int, id string) []Point {
	var back []Point
	cur := id
	for i := rev; i >= 0 && cur != ""; i-- {
		p := Point{Rev: l.Revs[i], ID: cur, Title: l.Title(i, cur), Class: Added}
		prev := ""
		if i > 0 {
			if k, ok := l.mainB(i-1, cur); ok && k.A != "" {
				p.Class, p.Moved = k.Class, k.Moved
				if a, _ := l.mainA(i-1, k.A); a == k {
					prev = k.A
				} else {
					p.Class = Split // its text came from a rule that went on elsewhere
				}
			}
		}
		back = append(back, p)
		cur = prev
	}
	out := make([]Point, 0, len(l.Revs))
	for i := len(back) - 1; i >= 0; i-- {
		out = append(out, back[i])
	}
	cur = id
	for i := rev; i+1 < len(l.Revs); i++ {
		k, ok := l.mainA(i, cur)
		if !ok || k.B == "" {
			break
		}
		if b, _ := l.mainB(i, k.B); b != k {
			break
		}
		cur = k.B
		out = append(out, Point{Rev: l.Revs[i+1], ID: cur, Title: l.Title(i+1, cur), Class: k.Class, Moved: k.Moved})
	}
	return out
}

// FindTitle returns the latest revision index and rule ID whose title is
// title (case and typography ignored), or -1.
func (l *Lineage) FindTitle(title string) (int, string) {
	want := strings.ToLower(parse.Normalize(title))
	for i := len(l.Revs) - 1; i >= 0; i-- {
		if i+1 < len(l.Revs) && l.h.titleOf.at(i) == l.h.titleOf.at(i+1) {
			continue // the titles of the revision after, which has none
		}
		best := ""
		for id, t := range l.Titles(i) {
			if strings.ToLower(parse.Normalize(t)) == want {
				// Prefer a keyword ability (702/502) over another heading.
				if best == "" || strings.HasPrefix(id, "702.") || strings.HasPrefix(id, "502.") {
					best = id
				}
			}
		}
		if best != "" {
			return i, best
		}
	}
	return -1, ""
}

// canonicalEntry finds rule id of Revs[rev] in the lineage: the rules of
// that revision and the index of the rule's canonical entry among them.
func (l *Lineage) canonicalEntry(rev int, id string) (rulesView, int, error) {
	n := l.num(id)
	if n == noID || rev < 0 || rev >= len(l.Revs) {
		return nil, 0, fmt.Errorf("lineage has no rule %s in revision %d", id, rev)
	}
	rs, err := l.rulesOf(rev)
	if err != nil {
		return nil, 0, err
	}
	for j := range rs.len() {
		if e := rs.at(j); e.id == n && e.flags&canonical != 0 {
			return rs, j, nil
		}
	}
	return nil, 0, fmt.Errorf("lineage names %s in %s, of which it has no text", id, l.Revs[rev])
}

// text returns the text a rule's history compares (see subtreeText) of
// rule id in Revs[rev], read from the lineage.
func (l *Lineage) text(rev int, id string) (string, error) {
	rs, j, err := l.canonicalEntry(rev, id)
	if err != nil {
		return "", err
	}
	return l.subtree(rs, j)
}

// RuleText returns the text of rule id of Revs[rev] as RuleText gives it
// (its title, text and examples, not its subrules), read from the
// lineage: nothing is parsed.
func (l *Lineage) RuleText(rev int, id string) (string, error) {
	rs, j, err := l.canonicalEntry(rev, id)
	if err != nil {
		return "", err
	}
	return l.textAt(rs.at(j).text)
}

// Subrules lists the subrules of rule id of Revs[rev] (its children, not
// theirs), in document order, read from the lineage.
func (l *Lineage) Subrules(rev int, id string) ([]string, error) {
	rs, j, err := l.canonicalEntry(rev, id)
	if err != nil {
		return nil, err
	}
	var out []string
	d := rs.at(j).depth
	for k := j + 1; k < rs.len() && rs.at(k).depth > d; k++ {
		if e := rs.at(k); e.depth == d+1 {
			out = append(out, l.id(e.id))
		}
	}
	return out, nil
}

// textAt returns distinct text number k.
func (l *Lineage) textAt(k uint32) (string, error) {
	b, err := l.body.read(int(k))
	return string(b), err
}

// subtree is subtreeText of rs[j]: with its subrules when it is titled.
func (l *Lineage) subtree(rs rulesView, j int) (string, error) {
	e := rs.at(j)
	s, err := l.textAt(e.text)
	if err != nil || e.flags&titled == 0 {
		return s, err
	}
	var b strings.Builder
	b.WriteString(s)
	for k := j + 1; k < rs.len() && rs.at(k).depth > e.depth; k++ {
		if rs.at(k).depth == e.depth+1 {
			c, err := l.subtree(rs, k)
			if err != nil {
				return "", err
			}
			b.WriteString("\n")
			b.WriteString(c)
		}
	}
	return b.String(), nil
}

// numbered maps each of keys to its index in keys.
func numbered(keys []string) map[string]uint32 {
	m := make(map[string]uint32, len(keys))
	for n, k := range keys {
		m[k] = uint32(n)
	}
	return m
}
