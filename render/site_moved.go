package render

import (
	"fmt"
	"io"
	"path"
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
	if h == nil || err != nil {
		return 0, false
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
	best, most := 0, 0
	for m, v := range votes {
		if v > most || v == most && m < best {
			best, most = m, v
		}
	}
	return best, most > 0
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
