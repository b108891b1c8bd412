package crules

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// Lineage returns what every rule of every revision became in the next:
// from memory, else from the cache when it is there and sound, else the
// cached lineage of fewer revisions (before the latest were added)
// extended with the others, else built (a few seconds, with progress
// reports); cached. Processes sharing the cache build it once: the others
// wait for it (see cache.Lock).
func (l *Library) Lineage() (*diff.Lineage, error) {
	return l.lineageOr(nil)
}

// withLineage calls use with the lineage; when use fails because a part
// of the cached lineage it read is damaged (diff.ErrDamaged: only the
// parts read are checked), the lineage is built again, cached in place of
// the damaged one, and use called again with it.
func (l *Library) withLineage(use func(*diff.Lineage) error) error {
	lin, err := l.Lineage()
	if err != nil {
		return err
	}
	if err = use(lin); !errors.Is(err, diff.ErrDamaged) {
		return err
	}
	if lin, err = l.lineageOr(lin); err != nil {
		return err
	}
	return use(lin)
}

// lineageOr is Lineage, building it again when what it would return is
// damaged, a lineage read from the cache.
func (l *Library) lineageOr(damaged *diff.Lineage) (*diff.Lineage, error) {
	l.lineageMu.Lock()
	defer l.lineageMu.Unlock()
	if l.lineage != nil && l.lineage != damaged {
		return l.lineage, nil
	}
	l.lineage = nil
	path, err := l.cachePath("lineage", diff.LineageVersion)
	if err == nil {
		if damaged == nil {
			if lin := l.cachedLineage(path); lin != nil {
				return lin, nil
			}
		}
		// Another process may be building it: wait for it, then look again.
		release, lockErr := cache.Lock(path)
		defer release()
		if damaged == nil {
			if lin := l.cachedLineage(path); lin != nil {
				return lin, nil
			}
		}
		if lockErr == nil {
			cache.RemoveTemps(path) // left by an interrupted build
		}
	}
	lin, err := l.extendLineage(path)
	if lin == nil && err == nil {
		lin, err = l.buildLineage(fmt.Sprintf("building the history of every rule from the %d revisions (once, usually 2 s; cached in %s)", len(l.revs), path))
	}
	if err != nil {
		return nil, err
	}
	if path != "" {
		if err := cache.StoreOwn(path, lin.Encode); err != nil {
			l.notCached("the lineage", err)
		} else {
			cache.Prune(path, "lineage.v") // older formats' lineages
		}
	}
	l.lineage = lin
	return lin, nil
}

// extendLineage returns the cached lineage of the revisions before the
// latest added ones, extended with them (one comparison each), or nil
// when none is cached or an added revision is not among the latest
// (taking the place of an embedded one, or older than one).
func (l *Library) extendLineage(path string) (*diff.Lineage, error) {
	added := 0
	for _, r := range l.revs {
		if r.IsAdded() {
			added++
		}
	}
	if added == 0 || l.archive.Replaces() {
		return nil, nil
	}
	var lin *diff.Lineage
	for n := added - 1; n >= 0 && lin == nil; n-- {
		p, err := l.cachePathOf(l.archive.PrefixHash(n), "lineage", diff.LineageVersion)
		if err != nil {
			return nil, nil
		}
		if c, err := diff.ReadLineageFile(p); err == nil && len(c.Revs) == len(l.revs)-(added-n) && slices.Equal(c.Revs, l.names()[:len(c.Revs)]) {
			lin = c
		}
	}
	if lin == nil {
		return nil, nil
	}
	from := len(lin.Revs)
	task := fmt.Sprintf("extending the history of every rule with %d added revisions (once, usually 1 s; cached in %s)", len(l.revs)-from, path)
	l.progress(task, 0, len(l.revs)-from)
	for i := from; i < len(l.revs); i++ {
		last, err := l.Document(l.revs[i-1].Source())
		if err != nil {
			return nil, err
		}
		next, err := l.Document(l.revs[i].Source())
		if err != nil {
			return nil, err
		}
		if lin, err = lin.Extend(l.revs[i].Name(), last.Document, next.Document, nil); err != nil {
			if errors.Is(err, diff.ErrDamaged) {
				return nil, nil // built from the revisions instead
			}
			return nil, err
		}
		l.progress(task, i+1-from, len(l.revs)-from)
	}
	return lin, nil
}

// names lists the revisions' names, oldest first.
func (l *Library) names() []string {
	out := make([]string, len(l.revs))
	for i, r := range l.revs {
		out[i] = r.Name()
	}
	return out
}

// cachedLineage reads the lineage cached at path, keeps it and returns it;
// nil when it is missing, damaged or of other revisions.
func (l *Library) cachedLineage(path string) *diff.Lineage {
	lin, err := diff.ReadLineageFile(path)
	if err != nil || len(lin.Revs) != len(l.revs) {
		return nil
	}
	l.lineage = lin
	return lin
}

// loadedLineage is the lineage when it is read or cached (read now), nil
// when it would have to be built: for an answer it only makes quicker.
func (l *Library) loadedLineage() *diff.Lineage {
	l.lineageMu.Lock()
	lin := l.lineage
	l.lineageMu.Unlock()
	if lin != nil {
		return lin
	}
	path, err := l.cachePath("lineage", diff.LineageVersion)
	if err != nil {
		return nil
	}
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	lin, err = l.Lineage()
	if err != nil {
		return nil
	}
	return lin
}

// prefetchLineage starts reading the cached lineage in the background
// when it is cached and not yet read: a later Lineage waits for it. A
// lineage that would have to be built is left to the caller that needs it.
func (l *Library) prefetchLineage() {
	l.lineageMu.Lock()
	loaded := l.lineage != nil
	l.lineageMu.Unlock()
	if loaded {
		return
	}
	if path, err := l.cachePath("lineage", diff.LineageVersion); err == nil {
		if _, err := os.Stat(path); err == nil {
			go l.Lineage() //nolint:errcheck // the caller's Lineage reports any error
		}
	}
}

// HistoryHelp says what History follows and compares, for the command
// line's help.
const HistoryHelp = `History follows a rule back to the revision that added it and forward to the
latest revision (or its removal), across renumbering and the 2009 rewrite,
and shows what changed in each revision. A keyword or heading ("splice",
"Artifacts") names its rule; the text compared is then the rule with all
its subrules.

The lineage of every rule is computed once and cached (see 'crules index
path').`

// A History is one rule through every revision: its number in each and
// the class and words of each change.
type History struct {
	Query   string
	Rev     string // the revision the rule was read in
	ID      string // its number there
	Changes []diff.Change
	First   string // the first and latest embedded revisions
	Latest  string
	// Named is set when the query was a name that is no rule's title in
	// any revision but names one rule in the revision read (a glossary
	// term citing one rule: "mulligan" is 103.5).
	Named *Named
}

// Note is what to tell the user besides the history: how a name was
// read (see Named.Note), "" when the query was a number or a title.
func (h *History) Note() string {
	if h.Named == nil {
		return ""
	}
	return h.Named.Note()
}

// historyName reads a query that is no rule's title as a name in the
// revision at (the latest when zero), as RuleNamed does: nil when it names
// no rule or subrule there.
func (l *Library) historyName(query string, at Rev) (*Named, error) {
	if at.IsZero() {
		at = l.Latest()
	}
	named, err := l.RuleNamed(at.Source(), query)
	switch {
	case errors.Is(err, ErrNoRule), errors.Is(err, ErrBadRequest):
		return nil, nil
	case err != nil:
		return nil, err
	case named.ID.Level() == parse.LevelChapter:
		return nil, nil // history follows rules, not chapters
	}
	return named, nil
}

// HistoryIn is History read in the revision sel selects (see Select), or
// when sel is "" in the latest revision that has the rule: history's
// --rev and ?rev= both read it.
func (l *Library) HistoryIn(query, sel string) (*History, error) {
	var at Rev
	if sel != "" {
		var err error
		if at, err = l.Select(sel); err != nil {
			return nil, err
		}
	}
	return l.History(query, at)
}

// History traces a rule, named by its number in any form Lookup takes
// ("702.47a", "CR 702.47a", "§702.47a"; read in the revision at, or when
// at is zero in the latest revision that has it) or by its title
// ("splice", "Artifacts"), back to the revision that added it and forward
// to the latest or its removal. A chapter, range, part or several
// references are ErrBadRequest: history follows one rule or subrule.
// Anything that is not a rule reference is a title. No such rule is
// ErrNoRule, with the nearest keyword names for a title.
func (l *Library) History(query string, at Rev) (*History, error) {
	l.reading(allRevs) // it follows the rule to the latest revision
	rid, isRef, err := historyRef(query)
	if err != nil {
		return nil, err
	}
	var h *History
	err = l.withLineage(func(lin *diff.Lineage) (err error) {
		h, err = l.history(lin, query, rid, isRef, at)
		return err
	})
	return h, err
}

// history is History's answer from lin.
func (l *Library) history(lin *diff.Lineage, query string, rid parse.RuleID, isRef bool, at Rev) (*History, error) {
	start, id := -1, ""
	if isRef {
		id = rid.String()
		if !at.IsZero() {
			if lin.Has(at.pos, id) {
				start = at.pos
			}
		} else {
			start = lin.Last(id)
		}
		if start < 0 {
			where := "any revision"
			if !at.IsZero() {
				where = at.Name()
			}
			return nil, &Error{Kind: ErrNoRule, Msg: fmt.Sprintf("no rule %s in %s", rid, where)}
		}
	} else if start, id = lin.FindTitle(query); start < 0 {
		if named, err := l.historyName(query, at); err != nil || named != nil {
			if err != nil {
				return nil, err
			}
			h, err := l.History(named.ID.String(), at)
			if h != nil {
				h.Query, h.Named = query, named
			}
			return h, err
		}
		near := nearNames(keywordTitles(lin), query, 5)
		msg := fmt.Sprintf("no rule is titled %q in any revision", query)
		if len(near) > 0 {
			msg += "; did you mean: " + strings.Join(near, ", ")
		}
		return nil, &Error{Kind: ErrNoRule, Msg: msg + " (try a rule number, or crules search)", Nearest: near}
	}
	changes, err := lin.Trace(start, id, nil)
	if err != nil {
		return nil, err
	}
	return &History{Query: query, Rev: lin.Revs[start], ID: id, Changes: changes, First: lin.Revs[0], Latest: lin.Revs[len(lin.Revs)-1]}, nil
}

// historyRef reads a history query as rule references: the rule or
// subrule it names, or ok false when it is no rule reference (a title).
// A chapter, range, part or several references are ErrBadRequest.
func historyRef(query string) (id parse.RuleID, ok bool, err error) {
	rs, perr := parse.ParseRuleRefs(query)
	if perr != nil {
		return id, false, nil
	}
	const takes = "history follows a rule or subrule (702.47, 702.47a) or a rule's title (splice)"
	if len(rs) > 1 {
		return id, false, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%q: history follows one rule or subrule at a time", query)}
	}
	r := rs[0]
	what := ""
	switch {
	case r.Part > 0:
		what = "a part"
	case r.IsRange():
		what = "a range"
	case r.ID.Level() == parse.LevelChapter:
		what = "a chapter"
	default:
		return r.ID, true, nil
	}
	return id, false, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%s is %s; %s", r, what, takes)}
}

// keywordTitles lists the titles of the keyword rules (701, 702, and 502
// before 2009) of every revision, newest first, each once.
func keywordTitles(lin *diff.Lineage) []string {
	var out []string
	seen := map[string]bool{}
	for i := len(lin.Revs) - 1; i >= 0; i-- {
		for id, t := range lin.Titles(i) { // in the order of the IDs
			if !strings.HasPrefix(id, "701.") && !strings.HasPrefix(id, "702.") && !strings.HasPrefix(id, "502.") {
				continue
			}
			if k := strings.ToLower(t); !seen[k] {
				seen[k] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// buildLineage compares every adjacent pair of revisions, reading the
// archive once, newest first: each revision is parsed as it comes and let
// go once compared with its neighbours, so that a few are in memory at
// once, not all of them.
func (l *Library) buildLineage(task string) (*diff.Lineage, error) {
	names := make([]string, len(l.revs))
	for i, r := range l.revs {
		names[i] = r.Name()
	}
	b := diff.NewLineageBuilder(names, nil)
	type pair struct {
		i    int
		a, c *parse.Document
	}
	jobs, wait := workers(func(p pair) { b.Compare(p.i, p.a, p.c) })
	done := 0
	l.progress(task, 0, len(names))
	var next *parse.Document // the revision after the one read, read before it
	err := l.eachText(func(i int, text []byte) error {
		r := l.revs[i]
		if i != len(names)-1-done {
			return fmt.Errorf("the archive holds %s out of date order", r.r.File)
		}
		d, err := parse.Parse(r.r.File, text)
		if err != nil {
			return fmt.Errorf("embedded revision %s: %w", r.Name(), err)
		}
		b.Add(i, d)
		if next != nil {
			jobs <- pair{i, d, next}
		}
		next = d
		done++
		l.progress(task, done, len(names))
		return nil
	})
	close(jobs)
	wait()
	if err != nil {
		return nil, err
	}
	return b.Lineage(), nil
}

// JSON is the history as the command line's --json and the HTTP API print
// it.
func (h *History) JSON() any { return render.HistoryJSON(h.Query, h.Rev, h.ID, h.Changes) }
