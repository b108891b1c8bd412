package crules

import (
	"fmt"
	"io"

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
		var lin *diff.Lineage
		err := cache.Load(path, func(r io.Reader) (err error) {
			lin, err = diff.DecodeLineage(r)
			return err
		})
		if err == nil && len(lin.Revs) == len(l.revs) {
			l.lineage = lin
			return lin, nil
		}
	}
	task := "computing the lineage of every rule (once; cached in " + path + ")"
	l.progress(task, 0, 1)
	docs, err := l.parseAll()
	if err != nil {
		return nil, err
	}
	names := make([]string, len(l.revs))
	for i, r := range l.revs {
		names[i] = r.Name()
	}
	lin := diff.BuildLineage(names, docs, nil)
	l.progress(task, 1, 1)
	if path != "" {
		if err := cache.Store(path, lin.Encode); err != nil {
			l.warn(fmt.Errorf("could not cache the lineage: %w", err))
		}
	}
	l.lineage = lin
	return lin, nil
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
	changes, err := lin.Trace(start, id, nil, l.docByName)
	if err != nil {
		return nil, err
	}
	return &History{Query: query, Rev: lin.Revs[start], ID: id, Changes: changes, First: lin.Revs[0], Latest: lin.Revs[len(lin.Revs)-1]}, nil
}

// docByName returns the parsed revision named name.
func (l *Library) docByName(name string) (*parse.Document, error) {
	r := l.rev(name)
	if r.IsZero() {
		return nil, fmt.Errorf("the lineage names revision %s, which the archive does not have", name)
	}
	d, err := l.Document(r.Source())
	if err != nil {
		return nil, err
	}
	return d.Document, nil
}
