package render

import (
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
)

// movedChapter returns the chapter page of revision i that holds the rules
// which chapter n holds in the other revisions, as the lineage follows
// them (702 of 2026-01-16 is 502 in 2005-10-01): the page most of their
// histories pass through in i. It is false without a lineage or when no
// rule of a chapter n has a counterpart in i.
func (s *Site) movedChapter(i, n int) (int, bool) {
	h, err := s.history()
	if err != nil {
		return 0, false
	}
	if h == nil {
		moves, err := s.movesOf(i)
		m, ok := moves[n]
		return m, ok && err == nil
	}
	votes := map[int]int{}
	for _, pts := range h.chains {
		at, from := -1, false
		for _, p := range pts {
			if p.rev == i {
				at = p.page
			} else if p.page == n {
				from = true
			}
		}
		if from && at >= 0 && at != n {
			votes[at]++
		}
	}
	return vote(votes)
}

// vote returns the chapter with most votes, the lowest of those tied.
func vote(votes map[int]int) (int, bool) {
	best, most := 0, 0
	for m, v := range votes {
		if v > most || v == most && m < best {
			best, most = m, v
		}
	}
	return best, most > 0
}

// movesOf maps each chapter that revision i lacks but another revision
// of the lineage has to the chapter of i that holds its rules, for a site
// of some revisions (no chains of its own): the same vote as
// movedChapter's, over the lineage's histories of every rule of that
// chapter (one vote per history). It is nil without a lineage that
// has revision i.
func (s *Site) movesOf(i int) (map[int]int, error) {
	s.movedOnce.Do(func() {
		s.moves, s.movesDone = make([]map[int]int, len(s.Revs)), make([]bool, len(s.Revs))
		if _, err := s.history(); err != nil { // loads Lineage
			return
		}
		s.movedLin = s.Lineage
		if s.AllLineage != nil {
			s.movedLin, _ = s.AllLineage()
		}
	})
	s.mu.Lock()
	done, moves := s.movesDone[i], s.moves[i]
	s.mu.Unlock()
	if done || s.movedLin == nil {
		return moves, nil
	}
	l := s.movedLin
	at := slices.Index(l.Revs, s.Revs[i].Name)
	if at < 0 {
		return nil, nil
	}
	r, err := s.rev(i)
	if err != nil {
		return nil, err
	}
	// Every rule's history once, as newHistIndex chains them: from each
	// rule (not subrule) of each revision that no history holds yet.
	name := s.Revs[i].Name
	votes := map[int]map[int]int{} // chapter lacked → chapter of i → votes
	covered := map[string]bool{}   // "rev id" of every point of a history counted
	for _, id := range l.IDs() {
		if _, ok := ruleChapter(id); !ok || strings.IndexFunc(id, func(c rune) bool { return c >= 'a' && c <= 'z' }) >= 0 {
			continue
		}
		for j := range l.Revs {
			if !l.Has(j, id) || covered[l.Revs[j]+" "+id] {
				continue
			}
			pts := l.History(j, id)
			at, from := -1, map[int]bool{}
			for _, p := range pts {
				covered[p.Rev+" "+p.ID] = true
				m, _ := ruleChapter(p.ID)
				if p.Rev == name {
					at = m
				} else if _, has := r.chapters[m]; !has {
					from[m] = true
				}
			}
			if _, has := r.chapters[at]; !has {
				continue
			}
			for n := range from {
				if n != at {
					if votes[n] == nil {
						votes[n] = map[int]int{}
					}
					votes[n][at]++
				}
			}
		}
	}
	moves = map[int]int{}
	for n, vs := range votes {
		if m, ok := vote(vs); ok {
			moves[n] = m
		}
	}
	s.mu.Lock()
	s.moves[i], s.movesDone[i] = moves, true
	s.mu.Unlock()
	return moves, nil
}

// ruleChapter returns the chapter of a rule ID: 702 for 702.19b.
func ruleChapter(id string) (int, bool) {
	c, _, ok := strings.Cut(id, ".")
	n, err := strconv.Atoi(c)
	return n, ok && err == nil && n >= 100
}

func movedNotice(rev string, n, m int) string {
	return fmt.Sprintf("%s has no chapter %d: its rules were in chapter %d then.", rev, n, m)
}

// Moved reports where a chapter page that its revision lacks went: for
// "2005-10-01/702.html" it is "2005-10-01/502.html", the chapter the
// lineage puts 702's rules in for 2005-10-01. A server redirects there
// (and shows the notice with MovedPage); a written site has a page at the
// old path that says so and links there. ok is false for any other path.
func (s *Site) Moved(p string) (to string, ok bool) {
	s.init()
	dir, file := path.Split(strings.TrimPrefix(path.Clean("/"+p), "/"))
	i, ok := s.byRev[strings.TrimSuffix(dir, "/")]
	n, err := strconv.Atoi(strings.TrimSuffix(file, ".html"))
	if !ok || err != nil || !strings.HasSuffix(file, ".html") {
		return "", false
	}
	r, err := s.rev(i)
	if err != nil {
		return "", false
	}
	if _, ok := r.chapters[n]; ok {
		return "", false
	}
	m, ok := s.movedChapter(i, n)
	if !ok {
		return "", false
	}
	return dir + strconv.Itoa(m) + ".html", true
}

// MovedPage writes the page to (as Moved returned it for from) with a
// notice at its top that the reader asked for from.
func (s *Site) MovedPage(w io.Writer, from, to string) error {
	s.init()
	dir, file := path.Split(to)
	i, ok := s.byRev[strings.TrimSuffix(dir, "/")]
	n, err := strconv.Atoi(strings.TrimSuffix(path.Base(from), ".html"))
	m, err2 := strconv.Atoi(strings.TrimSuffix(file, ".html"))
	if !ok || err != nil || err2 != nil {
		return fmt.Errorf("%s: %w", to, ErrNotFound)
	}
	return s.revPage(w, i, file, movedNotice(s.Revs[i].Name, n, m))
}
