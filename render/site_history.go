package render

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// A histPoint is a rule (not a subrule) in one revision of its lineage.
type histPoint struct {
	rev   int
	id    string
	page  int    // its chapter page
	class string // how it came from the revision before; "" for the first
	diff  string // the anchor of that change on the change page, if listed
}

// histIndex chains the rules of a site's revisions into lineages, one
// history page each.
type histIndex struct {
	chains map[string][]histPoint // page key → points, oldest first
	keyOf  []map[string]string    // revision → rule ID → page key
}

// topRules maps the IDs of d's rules (not subrules) to their chapter pages.
func topRules(d *parse.Document) map[string]int {
	out := map[string]int{}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			for _, r := range c.Rules {
				if r.ID.Level() == parse.LevelRule {
					if _, ok := out[r.ID.String()]; !ok {
						out[r.ID.String()] = c.ID.Chapter
					}
				}
			}
		}
	}
	return out
}

// parentOf returns the rule a subrule ID belongs to, "" for another ID.
func parentOf(id string) string {
	if n := len(id); n > 0 && id[n-1] >= 'a' && id[n-1] <= 'z' && strings.IndexByte(id, '.') >= 0 {
		return id[:n-1]
	}
	return ""
}

func newHistIndex(s *Site) (*histIndex, error) {
	l := s.Lineage
	n := len(s.Revs)
	// Every revision's rules, on all cores, newest first (the order of the
	// embedded archive, read once).
	tops := make([]map[string]int, n)
	errs := make([]error, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				d, err := s.doc(i)
				if err != nil {
					errs[i] = err
					continue
				}
				tops[i] = topRules(d)
			}
		}()
	}
	for i := n - 1; i >= 0; i-- {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	// next[i]: rule of i → its link to i+1; prev[i]: rule of i+1 that has a
	// predecessor. sub[i]: the first listed change among the subrules of a
	// rule of i+1 (or of i, keyed "a:" + ID).
	next := make([]map[string]diff.Link, n)
	hasPrev := make([]map[string]bool, n)
	sub := make([]map[string]string, n)
	for i := range l.Steps() {
		step := l.Step(i)
		next[i], hasPrev[i+1], sub[i] = map[string]diff.Link{}, map[string]bool{}, map[string]string{}
		for _, k := range step {
			if k.A != "" && k.B != "" && k.Class != diff.Merged {
				if _, ok := tops[i][k.A]; ok {
					if old, seen := next[i][k.A]; !seen || old.Class == diff.Split {
						next[i][k.A] = k
					}
				}
				hasPrev[i+1][k.B] = true
			}
			if k.Class == diff.Unchanged || k.Class == diff.Renumbered {
				continue
			}
			if p := parentOf(k.B); p != "" {
				if _, ok := sub[i][p]; !ok {
					sub[i][p] = "b-" + k.B
				}
			} else if p := parentOf(k.A); p != "" && k.B == "" {
				if _, ok := sub[i]["a:"+p]; !ok {
					sub[i]["a:"+p] = "a-" + k.A
				}
			}
		}
	}
	h := &histIndex{chains: map[string][]histPoint{}, keyOf: make([]map[string]string, n)}
	for i := range h.keyOf {
		h.keyOf[i] = map[string]string{}
	}
	for i := range n {
		ids := make([]string, 0, len(tops[i]))
		for id := range tops[i] {
			if !hasPrev[i][id] {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		for _, id := range ids {
			pts := []histPoint{{rev: i, id: id, page: tops[i][id]}}
			for j, cur := i, id; j+1 < n; j++ {
				k, ok := next[j][cur]
				if !ok {
					break
				}
				page, ok := tops[j+1][k.B]
				if !ok {
					break // it became a subrule
				}
				p := histPoint{rev: j + 1, id: k.B, page: page, class: k.Class.String()}
				if k.Class != diff.Unchanged && k.Class != diff.Renumbered {
					p.diff = "b-" + k.B
				} else if a := sub[j][k.B]; a != "" {
					p.class, p.diff = "subrules changed", a
				} else if a := sub[j]["a:"+cur]; a != "" {
					p.class, p.diff = "subrules changed", a
				} else if k.Class == diff.Renumbered {
					p.diff = "b-" + k.B
				}
				pts = append(pts, p)
				cur = k.B
			}
			last := pts[len(pts)-1]
			key := last.id
			if last.rev != n-1 {
				key += "~" + s.Revs[last.rev].Name
			}
			if _, dup := h.chains[key]; dup {
				continue // a rule number printed twice, chained twice
			}
			h.chains[key] = pts
			for _, p := range pts {
				h.keyOf[p.rev][p.id] = key
			}
		}
	}
	return h, nil
}

// keys lists the history pages.
func (h *histIndex) keys() []string {
	out := make([]string, 0, len(h.chains))
	for k := range h.chains {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// historyPath is the path of the history page of rule id of revision rev
// from the site's root, "" when there is none.
func (s *Site) historyPath(rev int, id parse.RuleID) string {
	if id.Level() != parse.LevelRule {
		return ""
	}
	h, err := s.history()
	if h == nil || err != nil {
		return ""
	}
	if k, ok := h.keyOf[rev][id.String()]; ok {
		return "history/" + k + ".html"
	}
	return ""
}

// histRow is one section of a history page: a revision, or a run of them
// in which the rule did not change, with the change itself: the rule's
// and its subrules' words struck and added (the change page's rows).
type histRow struct {
	Anchor, Rev, RevHref, Until, ID, Href, Title, Class, DiffHref string
	Changes                                                       []diffRow
}

func (s *Site) historyPage(w io.Writer, key string) error {
	h, err := s.history()
	if err != nil {
		return err
	}
	if h == nil {
		return fmt.Errorf("history/%s.html: %w (no lineage)", key, ErrNotFound)
	}
	pts, ok := h.chains[key]
	if !ok {
		return fmt.Errorf("history/%s.html: %w", key, ErrNotFound)
	}
	var rows []histRow
	title := ""
	for i, p := range pts {
		name := s.Revs[p.rev].Name
		t := s.Lineage.Titles[p.rev][p.id]
		if t != "" {
			title = t
		}
		if i > 0 && (p.class == "unchanged") {
			rows[len(rows)-1].Until = name
			continue
		}
		row := histRow{Anchor: "r-" + name, Rev: name, RevHref: "../" + name + "/index.html", ID: p.id, Title: t, Class: p.class,
			Href: "../" + name + "/" + strconv.Itoa(p.page) + ".html#" + p.id}
		var prev *histPoint
		if i == 0 {
			row.Class = "added"
			if p.rev == 0 {
				row.Class = "first revision of this site"
			}
		} else {
			prev = &pts[i-1]
		}
		if p.diff != "" {
			row.DiffHref = "../diff/" + s.Revs[pts[i-1].rev].Name + "/" + name + ".html#" + p.diff
		}
		if row.Changes, err = s.histChanges(prev, p); err != nil {
			return err
		}
		rows = append(rows, row)
	}
	last := pts[len(pts)-1]
	h1 := "Rule " + last.id
	if title != "" {
		h1 += ", " + title
	}
	h1 += ": history"
	b, err := body("history", struct{ Rows []histRow }{rows})
	if err != nil {
		return err
	}
	return s.layout(w, layout{Title: h1, H1: h1, Root: "../", Body: b})
}

// histChanges is what a history row shows of point p of a rule's history:
// the change from prev to p of the rule and of each of its subrules whose
// text changed (see diff.Lineage.SubruleChanges), as the change page
// prints them, unchanged stretches cut short; with no prev (the first
// point), its text and its subrules'. The texts are the lineage's:
// nothing is parsed.
func (s *Site) histChanges(prev *histPoint, p histPoint) ([]diffRow, error) {
	l := s.Lineage
	text := func(rev int, id string) (string, error) {
		if id == "" {
			return "", nil
		}
		return l.RuleText(rev, id)
	}
	href := func(rev int, id string) string {
		rid, err := parse.ParseRuleID(id)
		if id == "" || err != nil {
			return ""
		}
		return "../" + s.Revs[rev].Name + "/" + strconv.Itoa(rid.Chapter) + ".html#" + id
	}
	row := func(k diff.Link, class string) (diffRow, error) {
		r := diffRow{AID: k.A, BID: k.B, Class: class}
		prevRev := p.rev - 1
		r.AHref, r.BHref = href(prevRev, k.A), href(p.rev, k.B)
		if r.Title = l.Titles[p.rev][k.B]; k.B == "" {
			r.Title = l.Titles[prevRev][k.A]
		}
		ta, err := text(prevRev, k.A)
		if err != nil {
			return r, err
		}
		tb, err := text(p.rev, k.B)
		if err != nil {
			return r, err
		}
		id := k.B
		if id == "" {
			id = k.A
		}
		r.Ops = wordOps(ta, tb, "r-"+s.Revs[p.rev].Name+"-"+id)
		return r, nil
	}
	var out []diffRow
	if prev == nil { // the text it came with
		ids, err := l.Subrules(p.rev, p.id)
		if err != nil {
			return nil, err
		}
		for _, id := range append([]string{p.id}, ids...) {
			t, err := l.RuleText(p.rev, id)
			if err != nil {
				return nil, err
			}
			out = append(out, diffRow{BID: id, BHref: href(p.rev, id), Title: l.Titles[p.rev][id], Ops: []wordOp{{Text: t}}})
		}
		return out, nil
	}
	own, err := row(diff.Link{A: prev.id, B: p.id}, p.class)
	if err != nil {
		return nil, err
	}
	if own.Ops != nil {
		out = append(out, own)
	}
	for _, k := range l.SubruleChanges(p.rev, prev.id, p.id) {
		r, err := row(k, k.Class.String())
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// prevPath is the path, from the site's root, of rule id of revision rev
// in the revision before, whatever its number was then, as its history
// chains it: "2009-05-01/502.html#502.40" for 702.47 of 2009-07-11. It is
// "" for the first revision or a rule new in rev.
func (s *Site) prevPath(rev int, id parse.RuleID) string {
	h, err := s.history()
	if h == nil || err != nil || rev == 0 {
		return ""
	}
	k, ok := h.keyOf[rev][id.String()]
	if !ok {
		return ""
	}
	for _, p := range h.chains[k] {
		if p.rev == rev-1 {
			return s.Revs[p.rev].Name + "/" + strconv.Itoa(p.page) + ".html#" + p.id
		}
	}
	return ""
}
