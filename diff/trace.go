package diff

import (
	"runtime"
	"strings"
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
	if lex == nil { // the default lexicon, with which the lineage measured the changes it keeps
		if out, ok, err := l.traced(start, id, words); ok || err != nil {
			return out, err
		}
	}
	return l.traceBy(start, id, lex, words, changedLines)
}

// traceBy is trace with the texts a change is classified on cut by cut:
// changedLines, or the whole texts (the test of changedLines).
func (l *Lineage) traceBy(start int, id string, lex *lexicon.Lexicon, words bool, cut func(a, b string) (string, string)) ([]Change, error) {
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
				a, b := cut(texts[i-1], texts[i])
				out[i].Class = Classify(lex, a, b, points[i-1].ID == points[i].ID)
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

// changedLines cuts off the lines a and b begin and end with alike: a
// keyword's text is its rule and every subrule, a line each, of which a
// change touches a few. Classify reads the lines changed as it would the
// whole texts (TestChangedLinesClassify, over every keyword's history),
// without normalising the rest.
func changedLines(a, b string) (string, string) {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	p = strings.LastIndexByte(a[:p], '\n') + 1
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	if k := strings.IndexByte(a[len(a)-s:], '\n'); k >= 0 {
		s -= k
	} else {
		s = 0
	}
	return a[p : len(a)-s], b[p : len(b)-s]
}
