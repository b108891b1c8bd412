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

// A histPoint is a rule in one revision of its lineage (or a subrule,
// where the rule was one before or became one after).
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
	// sub[i]: the first listed change among the subrules of a rule of
	// i+1 (or of i, keyed "a:" + ID).
	sub := make([]map[string]string, n)
	for i := range l.Steps() {
		sub[i] = map[string]string{}
		for _, k := range l.Step(i) {
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
	// Each rule's history is the lineage's (diff.Lineage.History), the
	// one the command line prints: the same list from any of its points,
	// so that every rule of every revision is on one page, whatever it
	// was before (a subrule, another number) or became.
	h := &histIndex{chains: map[string][]histPoint{}, keyOf: make([]map[string]string, n)}
	for i := range h.keyOf {
		h.keyOf[i] = map[string]string{}
	}
	for i := range n {
		ids := make([]string, 0, len(tops[i]))
		for id := range tops[i] {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if _, done := h.keyOf[i][id]; done {
				continue
			}
			pts := h.chain(s, sub, l.History(i, id), i, id)
			if pts == nil {
				continue
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

// chain converts lps, the lineage's history of rule id of revision i, to
// a history page's points; nil when it does not hold that point.
func (h *histIndex) chain(s *Site, sub []map[string]string, lps []diff.Point, i int, id string) []histPoint {
	at := -1
	for k, lp := range lps {
		if lp.ID == id && lp.Rev == s.Revs[i].Name {
			at = k
		}
	}
	if at < 0 || i-at < 0 || i-at+len(lps) > len(s.Revs) {
		return nil
	}
	pts := make([]histPoint, len(lps))
	for k, lp := range lps {
		rid, err := parse.ParseRuleID(lp.ID)
		if err != nil {
			return nil
		}
		p := histPoint{rev: i - at + k, id: lp.ID, page: rid.Chapter}
		switch {
		case k == 0:
			if lp.Class == diff.Split {
				p.class, p.diff = "split", "b-"+lp.ID
			}
		case lp.Class != diff.Unchanged && lp.Class != diff.Renumbered:
			p.class, p.diff = lp.Class.String(), "b-"+lp.ID
		case sub[p.rev-1][lp.ID] != "":
			p.class, p.diff = "subrules changed", sub[p.rev-1][lp.ID]
		case sub[p.rev-1]["a:"+lps[k-1].ID] != "":
			p.class, p.diff = "subrules changed", sub[p.rev-1]["a:"+lps[k-1].ID]
		case lp.Class == diff.Renumbered:
			p.class, p.diff = "renumbered", "b-"+lp.ID
		default:
			p.class = "unchanged"
		}
		pts[k] = p
	}
	return pts
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
		t := s.Lineage.Title(p.rev, p.id)
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
			switch {
			case p.class == "split":
				row.Class = "split off another rule"
			case p.rev == 0:
				row.Class = "first revision of this site"
			default:
				row.Class = "added"
			}
		} else {
			prev = &pts[i-1]
		}
		if p.diff != "" && p.rev > 0 {
			row.DiffHref = "../diff/" + s.Revs[p.rev-1].Name + "/" + name + ".html#" + p.diff
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
		if r.Title = l.Title(p.rev, k.B); k.B == "" {
			r.Title = l.Title(prevRev, k.A)
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
			out = append(out, diffRow{BID: id, BHref: href(p.rev, id), Title: l.Title(p.rev, id), Ops: []wordOp{{Text: t}}})
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
