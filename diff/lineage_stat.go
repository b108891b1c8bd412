package diff

import (
	"cmp"
	"slices"
	"strings"

	"github.com/crules/crules/parse"
)

// chapterTitles is the title of each chapter of Revs[rev] (as
// Document.Chapter gives it), by number.
func (l *Lineage) chapterTitles(rev int) map[int]string {
	m := map[int]string{}
	for k := l.h.chapterAt.at(rev); k < l.h.chapterAt.at(rev+1); k++ {
		m[int(l.h.chapterPairs.at(2*int(k)))] = l.h.titleStrs.at(int(l.h.chapterPairs.at(2*int(k) + 1)))
	}
	return m
}

// ChapterTitle is the title of chapter n of Revs[rev], "" when it has none.
func (l *Lineage) ChapterTitle(rev, n int) string {
	lo, hi := int(l.h.chapterAt.at(rev)), int(l.h.chapterAt.at(rev+1))
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(l.h.chapterPairs.at(2*m)) < n {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < int(l.h.chapterAt.at(rev+1)) && int(l.h.chapterPairs.at(2*lo)) == n {
		return l.h.titleStrs.at(int(l.h.chapterPairs.at(2*lo + 1)))
	}
	return ""
}

// A ChapterCount is the changes of one chapter in a comparison, by class:
// a removed rule's in its chapter of A, titled as A titles it.
type ChapterCount struct {
	Chapter int
	Title   string
	Counts  map[Class]int
}

// StepCounts is what Compare of Revs[i] and Revs[i+1] counts, read from
// the step rather than compared again: the pairs of each class (counts),
// and, per chapter, those that are not unchanged, as
// render.Comparison.ChapterCounts counts the pairs diff lists, in chapter
// order then title.
func (l *Lineage) StepCounts(i int) (map[Class]int, []ChapterCount) {
	counts := map[Class]int{}
	byChapter := map[struct {
		n     int
		title string
	}]map[Class]int{}
	lo, hi := int(l.h.stepAt.at(i)), int(l.h.stepAt.at(i+1))
	for k := lo; k < hi; k++ {
		c := Class(l.h.linkClass[k])
		counts[c]++
		if c == Unchanged {
			continue
		}
		x := l.link(k)
		id, rev := x.B, i+1
		if id == "" {
			id, rev = x.A, i
		}
		n := chapterOf(id)
		key := struct {
			n     int
			title string
		}{n, l.ChapterTitle(rev, n)}
		if byChapter[key] == nil {
			byChapter[key] = map[Class]int{}
		}
		byChapter[key][c]++
	}
	counts[Unchanged] += int(l.h.stepPairs.at(i)) - (hi - lo)
	if counts[Unchanged] == 0 {
		delete(counts, Unchanged)
	}
	var out []ChapterCount
	for k, m := range byChapter {
		out = append(out, ChapterCount{k.n, k.title, m})
	}
	SortChapterCounts(out)
	return counts, out
}

// SortChapterCounts sorts chapter counts by chapter, then title.
func SortChapterCounts(cs []ChapterCount) {
	slices.SortFunc(cs, func(x, y ChapterCount) int {
		return cmp.Or(cmp.Compare(x.Chapter, y.Chapter), strings.Compare(x.Title, y.Title))
	})
}

// chapterOf is the chapter number of a rule ID ("702.51a": 702).
func chapterOf(id string) int {
	r, _ := parse.ParseRuleID(id)
	return r.Chapter
}
