package diff

import (
	"runtime"
	"sync"

	"github.com/crules/crules/lexicon"
)

// A Change is one point of a rule's history with what its text became
// there: Class is measured on the text (Unchanged or Renumbered when the
// text is the same as at the point before), Diff is the word diff from the
// point before, nil when the text is the same or for the first point.
type Change struct {
	Point
	Diff []Op
}

// Trace returns the history of rule id of Revs[start] (see History) with
// the class and words of each change, measured on the rules' text: for a
// titled rule (a keyword ability), the rule with all its subrules, their
// numbers left out so that renumbering alone is no change. The texts are
// the lineage's own: nothing is parsed. A nil lex means Default.
func (l *Lineage) Trace(start int, id string, lex *lexicon.Lexicon) ([]Change, error) {
	return l.trace(start, id, lex, true)
}

// TraceClasses is Trace without the words: each change's class only, its
// Diff nil. It is much quicker for the long rules.
func (l *Lineage) TraceClasses(start int, id string, lex *lexicon.Lexicon) ([]Change, error) {
	return l.trace(start, id, lex, false)
}

func (l *Lineage) trace(start int, id string, lex *lexicon.Lexicon, words bool) ([]Change, error) {
	if lex == nil {
		lex = lexicon.Default()
	}
	points := l.History(start, id)
	texts := make([]string, len(points))
	for i, p := range points {
		rev := l.indexOfRev(p.Rev)
		// Where the lineage says the text stayed, it did: no need to read it.
		if i > 0 && (p.Class == Unchanged || p.Class == Renumbered) && (p.Title == "" || !l.SubtreeChanged(rev, points[i-1].ID, p.ID)) {
			texts[i] = texts[i-1]
			continue
		}
		t, err := l.text(rev, p.ID)
		if err != nil {
			return nil, err
		}
		texts[i] = t
	}
	out := make([]Change, len(points))
	var changed []int
	for i, p := range points {
		out[i] = Change{Point: p}
		switch {
		case i == 0:
		case texts[i-1] != texts[i]:
			changed = append(changed, i)
		case p.Moved:
			out[i].Class = Renumbered
		default:
			out[i].Class = Unchanged
		}
	}
	// The changes are measured on every core: for a long rule (splice)
	// they are most of a history's time.
	var wg sync.WaitGroup
	next := make(chan int, len(changed))
	for _, i := range changed {
		next <- i
	}
	close(next)
	for range min(len(changed), runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range next {
				out[i].Class = Classify(lex, texts[i-1], texts[i], points[i-1].ID == points[i].ID)
				if words {
					out[i].Diff = WordDiff(texts[i-1], texts[i])
				}
			}
		})
	}
	wg.Wait()
	return out, nil
}

func (l *Lineage) indexOfRev(rev string) int {
	for i, r := range l.Revs {
		if r == rev {
			return i
		}
	}
	return -1
}
