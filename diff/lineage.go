package diff

import (
	"fmt"
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
// cached lineages of another version are rebuilt.
const LineageVersion = 10

// A Link records what one rule of a revision became in the next.
type Link struct {
	A, B  string // rule IDs; "" when the rule is added (A) or removed (B)
	Class Class
	Moved bool
}

// A Lineage chains the comparisons of adjacent revisions: step i links
// Revs[i] to Revs[i+1] (see Step). Titles[i] maps the IDs of the titled
// rules of Revs[i] (keyword abilities, …; see parse.Rule.Heading) to their
// titles; revisions whose titles are the same may share one map, which
// must not be modified. It also keeps the text of every rule of every revision, so that
// a rule's history (Trace) needs no parse.
//
// It is built for small size and quick loading: IDs and texts are stored
// once, and a rule that keeps its number and text from one revision to the
// next (most of them) is not written down in the step.
type Lineage struct {
	Version int
	Revs    []string
	Titles  []map[string]string

	ids   []string   // every rule ID of every revision, sorted
	spans [][]span   // per ID, the revisions that have it
	steps []lineStep // per step

	// The texts of the rules: in memory when built; read from the file,
	// only the parts a history needs are read (see body).
	texts   []string // every distinct rule text (RuleText), sorted
	body    *body
	rulesMu sync.Mutex
	rules   [][]entry // per revision, its rules in document order
}

// rulesOf returns the rules of revision rev, read from the file on first use.
func (l *Lineage) rulesOf(rev int) ([]entry, error) {
	l.rulesMu.Lock()
	defer l.rulesMu.Unlock()
	if l.rules[rev] == nil && l.body != nil {
		b, err := l.body.read(l.body.rules[rev])
		if err != nil {
			return nil, err
		}
		rs, err := l.decodeRules(b)
		if err != nil {
			return nil, err
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

// A lineStep is one step: the links that are not the identity (a rule
// keeping its number and its text).
type lineStep struct {
	links    []Link  // in the comparison's order
	byA, byB []int32 // links sorted (stably) by A and by B
}

// A span is the revisions from, …, to (indexes in Revs) that have a rule
// ID. Most IDs have one span: a number, once given, is seldom given up and
// given again.
type span struct{ from, to int32 }

// has tells whether Revs[rev] has the rule numbered n (in ids).
func (l *Lineage) has(rev int, n uint32) bool {
	for _, sp := range l.spans[n] {
		if int32(rev) >= sp.from && int32(rev) <= sp.to {
			return true
		}
	}
	return false
}

const noID = ^uint32(0)

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

	mu     sync.Mutex
	intern map[string]string // each text and ID once, whichever revision has it
	titles []map[string]string
	rules  [][]rawEntry
	steps  [][]Link
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
	return &LineageBuilder{lex: lex, names: names, intern: map[string]string{}, titles: make([]map[string]string, n), rules: make([][]rawEntry, n), steps: make([][]Link, max(0, n-1))}
}

// Add records revision i's titles and rule texts.
func (b *LineageBuilder) Add(i int, d *parse.Document) {
	t, rs := titles(d), rawRules(d)
	b.mu.Lock()
	for j := range rs {
		rs[j].id, rs[j].text = b.once(rs[j].id), b.once(rs[j].text)
	}
	b.titles[i], b.rules[i] = t, rs
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
	l := &Lineage{Version: LineageVersion, Revs: b.names, Titles: b.titles}
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
	l.ids, l.texts = sortedKeys(idSet), sortedKeys(textSet)
	idNum, textNum := numbered(l.ids), numbered(l.texts)
	l.rules = make([][]entry, len(b.rules))
	for i, rs := range b.rules {
		l.rules[i] = make([]entry, len(rs))
		for j, e := range rs {
			l.rules[i][j] = entry{id: idNum[e.id], text: textNum[e.text], depth: e.depth, flags: e.flags}
		}
	}
	// A revision has the rules on side B of the step before it and on
	// side A of the step after it (the same, as each comparison pairs
	// every rule of either side).
	l.spans = make([][]span, len(l.ids))
	l.steps = make([]lineStep, len(b.steps))
	for i, ls := range b.steps {
		l.steps[i] = compact(ls, idNum, l.ids)
		for _, k := range ls {
			l.mark(i, k.A, idNum)
		}
		for _, k := range ls {
			l.mark(i+1, k.B, idNum)
		}
	}
	return l
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
	n := sort.SearchStrings(l.ids, id)
	if n < len(l.ids) && l.ids[n] == id {
		return uint32(n)
	}
	return noID
}

// linksOf returns the links of step i whose side A (or B, when b) is id,
// in the comparison's order; the identity when none is written down and
// id is on that side.
func (l *Lineage) linksOf(i int, id string, b bool) []Link {
	s := &l.steps[i]
	idx, side := s.byA, func(k *Link) string { return k.A }
	if b {
		idx, side = s.byB, func(k *Link) string { return k.B }
	}
	lo := sort.Search(len(idx), func(j int) bool { return side(&s.links[idx[j]]) >= id })
	var out []Link
	for j := lo; j < len(idx) && side(&s.links[idx[j]]) == id; j++ {
		out = append(out, s.links[idx[j]])
	}
	if len(out) == 0 {
		rev := i
		if b {
			rev = i + 1
		}
		if n := l.num(id); n != noID && l.has(rev, n) {
			return []Link{{A: l.ids[n], B: l.ids[n]}}
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
	s := &l.steps[i]
	out := append([]Link(nil), s.links...)
	written := map[string]bool{}
	for _, k := range s.links {
		written[k.A] = true
	}
	for n, id := range l.ids {
		if l.has(i, uint32(n)) && !written[id] {
			out = append(out, Link{A: id, B: id})
		}
	}
	return out
}

// IDs returns every rule ID of every revision, sorted; the slice is the
// lineage's own and must not be modified.
func (l *Lineage) IDs() []string { return l.ids }

// Steps is the number of steps: one fewer than revisions.
func (l *Lineage) Steps() int { return len(l.steps) }

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
	last := int32(-1)
	for _, sp := range l.spans[n] {
		last = max(last, sp.to)
	}
	return int(last)
}

// Next returns what rule id of Revs[rev] became in Revs[rev+1], "" when it
// was removed or when rev is the last revision.
func (l *Lineage) Next(rev int, id string) string {
	if rev < 0 || rev >= len(l.steps) {
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
	var out []Link
	for _, k := range l.steps[rev-1].links { // identities are unchanged
		if (under(k.A, prev) || under(k.B, id)) && k.Class != Unchanged && k.Class != Renumbered {
			out = append(out, k)
		}
	}
	return out
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
		p := Point{Rev: l.Revs[i], ID: cur, Title: l.Titles[i][cur], Class: Added}
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
		out = append(out, Point{Rev: l.Revs[i+1], ID: cur, Title: l.Titles[i+1][cur], Class: k.Class, Moved: k.Moved})
	}
	return out
}

// FindTitle returns the latest revision index and rule ID whose title is
// title (case and typography ignored), or -1.
func (l *Lineage) FindTitle(title string) (int, string) {
	want := strings.ToLower(parse.Normalize(title))
	for i := len(l.Revs) - 1; i >= 0; i-- {
		best := ""
		for id, t := range l.Titles[i] {
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
func (l *Lineage) canonicalEntry(rev int, id string) ([]entry, int, error) {
	n := l.num(id)
	if n == noID || rev < 0 || rev >= len(l.rules) {
		return nil, 0, fmt.Errorf("lineage has no rule %s in revision %d", id, rev)
	}
	rs, err := l.rulesOf(rev)
	if err != nil {
		return nil, 0, err
	}
	for j, e := range rs {
		if e.id == n && e.flags&canonical != 0 {
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
	return l.textAt(rs[j].text)
}

// Subrules lists the subrules of rule id of Revs[rev] (its children, not
// theirs), in document order, read from the lineage.
func (l *Lineage) Subrules(rev int, id string) ([]string, error) {
	rs, j, err := l.canonicalEntry(rev, id)
	if err != nil {
		return nil, err
	}
	var out []string
	for k := j + 1; k < len(rs) && rs[k].depth > rs[j].depth; k++ {
		if rs[k].depth == rs[j].depth+1 {
			out = append(out, l.ids[rs[k].id])
		}
	}
	return out, nil
}

// textAt returns distinct text number k.
func (l *Lineage) textAt(k uint32) (string, error) {
	if l.body == nil {
		return l.texts[k], nil
	}
	b, err := l.body.read(l.body.texts[k])
	return string(b), err
}

// textCount is the number of distinct texts.
func (l *Lineage) textCount() int {
	if l.body == nil {
		return len(l.texts)
	}
	return len(l.body.texts)
}

// subtree is subtreeText of rs[j]: with its subrules when it is titled.
func (l *Lineage) subtree(rs []entry, j int) (string, error) {
	s, err := l.textAt(rs[j].text)
	if err != nil || rs[j].flags&titled == 0 {
		return s, err
	}
	var b strings.Builder
	b.WriteString(s)
	d := rs[j].depth
	for k := j + 1; k < len(rs) && rs[k].depth > d; k++ {
		if rs[k].depth == d+1 {
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
