package scenario

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// WrittenFor returns the revisions of a that f is written for, oldest
// first, each once: the revision each selector of its rev: line names
// and every revision of each range. A file with no rev: line is written
// for the latest revision. Keyword coverage counts a file only in these
// revisions.
func (f *File) WrittenFor(a *corpus.Archive) ([]corpus.Revision, error) {
	revs := a.Revisions()
	in := make([]bool, len(revs))
	index := func(sel string) (int, error) {
		r, err := a.Select(sel)
		if err != nil {
			return 0, fmt.Errorf("%s: rev: %w", f.Name, err)
		}
		for i := range revs {
			if revs[i].File == r.File {
				return i, nil
			}
		}
		return 0, fmt.Errorf("%s: rev: %s is not in the archive", f.Name, r.Name())
	}
	sels := f.Revs
	if len(sels) == 0 {
		sels = []string{"latest"}
	}
	for _, sel := range sels {
		from, to, isRange := strings.Cut(sel, "..")
		if !isRange {
			to = from
		}
		i, err := index(from)
		if err != nil {
			return nil, err
		}
		j, err := index(to)
		if err != nil {
			return nil, err
		}
		if i > j {
			return nil, fmt.Errorf("%s: rev: %s ends before it begins", f.Name, sel)
		}
		for k := i; k <= j; k++ {
			in[k] = true
		}
	}
	var out []corpus.Revision
	for i, ok := range in {
		if ok {
			out = append(out, revs[i])
		}
	}
	return out, nil
}

// CheckRevs checks each selector of f's rev: line with sel, which says
// why a selector names no revision (nil when it names one), and returns
// f's parse errors err with one more at its file:line:col for each
// selector, or end of a range, that names none: every error at once.
func (f *File) CheckRevs(err error, sel func(string) error) error {
	list := slices.Clone(Errors(err))
	for i, r := range f.Revs {
		if i >= len(f.RevPos) {
			break
		}
		pos := f.RevPos[i]
		from, to, isRange := strings.Cut(r, "..")
		if isRange && (from == "" || to == "") {
			continue // already an error of the rev: line
		}
		ends := []string{from}
		if isRange {
			ends = append(ends, to)
		}
		for _, e := range ends {
			if bad := sel(e); bad != nil {
				list = append(list, &parse.Diagnostic{File: f.Name, Pos: pos, Severity: parse.SeverityError, Msg: "rev: " + bad.Error()})
			}
			n := utf8.RuneCountInString(e) + len("..")
			pos.Col += n
			pos.Offset += len(e) + len("..")
		}
	}
	return merged(list)
}

// CheckText returns f's errors err with those of what revision doc
// cannot run (engine.Validate: card text it does not define, at its
// column), so that a file with a syntax error and text a revision lacks
// reports both at once. specs are as Run takes them.
func (f *File) CheckText(err error, doc *parse.Document, specs ...*keyword.Spec) error {
	list := slices.Clone(Errors(err))
	if err := engine.Validate(&f.Scenario, doc, specs...); err != nil {
		list = append(list, Errors(err)...)
	}
	return merged(list)
}

// merged sorts list by position and keeps one of the errors with the
// same message at the same place.
func merged(list parse.ErrorList) error {
	type key struct {
		pos parse.Pos
		msg string
	}
	seen := map[key]bool{}
	list = slices.DeleteFunc(list, func(d *parse.Diagnostic) bool {
		k := key{d.Pos, d.Msg}
		dup := seen[k]
		seen[k] = true
		return dup
	})
	list.Sort()
	return list.Err()
}
