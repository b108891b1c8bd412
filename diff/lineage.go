package diff

import (
	"encoding/gob"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// LineageVersion changes whenever the matcher or the lineage format does;
// cached lineages of another version are rebuilt.
const LineageVersion = 4

// A Link records what one rule of a revision became in the next.
type Link struct {
	A, B  string // rule IDs; "" when the rule is added (A) or removed (B)
	Class Class
	Moved bool
}

// A Lineage chains the comparisons of adjacent revisions: Steps[i] links
// Revs[i] to Revs[i+1]. Titles[i] maps the IDs of the titled rules of
// Revs[i] (keyword abilities, …; see parse.Rule.Heading) to their titles.
type Lineage struct {
	Version int
	Revs    []string
	Steps   [][]Link
	Titles  []map[string]string

	byA, byB []map[string]Link // built on first use
	once     sync.Once
}

// BuildLineage compares every adjacent pair of docs (named names, oldest
// first) on all cores.
func BuildLineage(names []string, docs []*parse.Document, lex *lexicon.Lexicon) *Lineage {
	if lex == nil {
		lex = lexicon.Default()
	}
	l := &Lineage{Version: LineageVersion, Revs: names, Steps: make([][]Link, max(0, len(docs)-1)), Titles: make([]map[string]string, len(docs))}
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				l.Titles[i] = titles(docs[i])
				if i+1 < len(docs) {
					l.Steps[i] = links(Compare(docs[i], docs[i+1], lex))
				}
			}
		}()
	}
	for i := range docs {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return l
}

func titles(d *parse.Document) map[string]string {
	t := map[string]string{}
	d.Walk(func(r *parse.Rule) bool {
		if h := r.Heading(); h != "" && !r.Implicit {
			t[r.ID.String()] = h
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

// Encode writes l in gob.
func (l *Lineage) Encode(w io.Writer) error { return gob.NewEncoder(w).Encode(l) }

// DecodeLineage reads a lineage written by Encode, and fails on one of
// another version.
func DecodeLineage(r io.Reader) (*Lineage, error) {
	var l Lineage
	if err := gob.NewDecoder(r).Decode(&l); err != nil {
		return nil, err
	}
	if l.Version != LineageVersion {
		return nil, fmt.Errorf("lineage version %d, want %d", l.Version, LineageVersion)
	}
	if len(l.Steps) != max(0, len(l.Revs)-1) || len(l.Titles) != len(l.Revs) {
		return nil, fmt.Errorf("lineage of %d revisions has %d steps", len(l.Revs), len(l.Steps))
	}
	return &l, nil
}

func (l *Lineage) index() {
	l.once.Do(func() {
		l.byA, l.byB = make([]map[string]Link, len(l.Steps)), make([]map[string]Link, len(l.Steps))
		for i, step := range l.Steps {
			a, b := make(map[string]Link, len(step)), make(map[string]Link, len(step))
			for _, k := range step {
				// For a rule of A, a split off it is secondary to its main
				// match; for a rule of B, a rule merged into it is.
				if old, ok := a[k.A]; k.A != "" && (!ok || old.Class == Split) {
					a[k.A] = k
				}
				if old, ok := b[k.B]; k.B != "" && (!ok || old.Class == Merged) {
					b[k.B] = k
				}
			}
			l.byA[i], l.byB[i] = a, b
		}
	})
}

// Has reports whether revision rev has a rule id.
func (l *Lineage) Has(rev int, id string) bool {
	l.index()
	if rev < 0 || rev >= len(l.Revs) {
		return false
	}
	if rev > 0 {
		if _, ok := l.byB[rev-1][id]; ok {
			return true
		}
	}
	if rev < len(l.Steps) {
		if _, ok := l.byA[rev][id]; ok {
			return true
		}
	}
	return false
}

// Next returns what rule id of Revs[rev] became in Revs[rev+1], "" when it
// was removed or when rev is the last revision.
func (l *Lineage) Next(rev int, id string) string {
	l.index()
	if rev < 0 || rev >= len(l.Steps) {
		return ""
	}
	k, ok := l.byA[rev][id]
	if !ok || k.Class == Merged {
		return ""
	}
	return k.B
}

// SubtreeChanged reports whether any subrule of rule prev (in Revs[rev-1])
// or of rule id (in Revs[rev]) changed its text in that step: an edit,
// added or removed subrule, anything but unchanged or renumbered.
func (l *Lineage) SubtreeChanged(rev int, prev, id string) bool {
	if rev <= 0 || rev >= len(l.Revs) {
		return false
	}
	under := func(child, parent string) bool {
		return len(child) == len(parent)+1 && strings.HasPrefix(child, parent) && child[len(parent)] >= 'a'
	}
	for _, k := range l.Steps[rev-1] {
		if (under(k.A, prev) || under(k.B, id)) && k.Class != Unchanged && k.Class != Renumbered {
			return true
		}
	}
	return false
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
	l.index()
	var back []Point
	cur := id
	for i := rev; i >= 0 && cur != ""; i-- {
		p := Point{Rev: l.Revs[i], ID: cur, Title: l.Titles[i][cur], Class: Added}
		prev := ""
		if i > 0 {
			if k, ok := l.byB[i-1][cur]; ok && k.A != "" {
				p.Class, p.Moved = k.Class, k.Moved
				if l.byA[i-1][k.A] == k {
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
		k, ok := l.byA[i][cur]
		if !ok || k.B == "" || l.byB[i][k.B] != k {
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
