package crules

import (
	"fmt"
	"os"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/parse"
)

// Lineage returns what every rule of every revision became in the next:
// from memory, else from the cache when it is there and sound, else built
// (a few seconds, with progress reports) and cached.
func (l *Library) Lineage() (*diff.Lineage, error) {
	l.lineageMu.Lock()
	defer l.lineageMu.Unlock()
	if l.lineage != nil {
		return l.lineage, nil
	}
	path, err := l.cachePath("lineage", diff.LineageVersion)
	if err == nil {
		lin, err := diff.ReadLineageFile(path)
		if err == nil && len(lin.Revs) == len(l.revs) {
			l.lineage = lin
			return lin, nil
		}
	}
	lin, err := l.buildLineage(fmt.Sprintf("building the history of every rule from the %d embedded revisions (once, usually 2 s; cached in %s)", len(l.revs), path))
	if err != nil {
		return nil, err
	}
	if path != "" {
		if err := cache.Store(path, lin.Encode); err != nil {
			l.warn(fmt.Errorf("could not cache the lineage: %w", err))
		} else {
			cache.Prune(path, "lineage.v") // older formats' lineages
		}
	}
	l.lineage = lin
	return lin, nil
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

// A History is one rule through every revision: its number in each and
// the class and words of each change.
type History struct {
	Query   string
	Rev     string // the revision the rule was read in
	ID      string // its number there
	Changes []diff.Change
	First   string // the first and latest embedded revisions
	Latest  string
}

// History traces a rule, named by its number (read in the revision at, or
// when at is zero in the latest revision that has it) or by its title
// ("splice", "Artifacts"), back to the revision that added it and forward
// to the latest or its removal. No such rule is ErrNoRule; a malformed
// query is neither: anything that is not a rule number is a title.
func (l *Library) History(query string, at Rev) (*History, error) {
	lin, err := l.Lineage()
	if err != nil {
		return nil, err
	}
	start, id := -1, ""
	if rid, err := parse.ParseRuleID(query); err == nil {
		id = rid.String()
		if !at.IsZero() {
			if lin.Has(at.pos, id) {
				start = at.pos
			}
		} else {
			for i := len(lin.Revs) - 1; i >= 0 && start < 0; i-- {
				if lin.Has(i, id) {
					start = i
				}
			}
		}
		if start < 0 {
			where := "any revision"
			if !at.IsZero() {
				where = at.Name()
			}
			return nil, &Error{Kind: ErrNoRule, Msg: fmt.Sprintf("no rule %s in %s", rid, where)}
		}
	} else if start, id = lin.FindTitle(query); start < 0 {
		return nil, &Error{Kind: ErrNoRule, Msg: fmt.Sprintf("no rule is titled %q in any revision (try a rule number, or crules search)", query)}
	}
	changes, err := lin.Trace(start, id, nil)
	if err != nil {
		return nil, err
	}
	return &History{Query: query, Rev: lin.Revs[start], ID: id, Changes: changes, First: lin.Revs[0], Latest: lin.Revs[len(lin.Revs)-1]}, nil
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
