package crules

import (
	"strings"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/scenario"
)

// SimulateFiles runs Simulate over scenario files read as ReadFile reads
// them, in order, stopping at the first error.
func (l *Library) SimulateFiles(rev string, paths ...string) ([]*engine.Result, error) {
	var out []*engine.Result
	for _, path := range paths {
		src, err := l.ReadFile(path)
		if err != nil {
			return nil, err
		}
		rs, err := l.Simulate(path, src.Data, rev)
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	return out, nil
}

// Simulate runs the scenario file name, whose bytes are src, against each
// revision its "rev:" line names, or against rev when rev is not empty (a
// selector: "latest", "2006-10-01", "2006"). Each result holds, per
// script, every check passed or failed at its file:line:col and the trace
// of the rules applied, cited from that revision.
//
// A file that does not parse, or whose rev: line names a revision that
// is not embedded, is an ErrBadInput whose cause is the scenario's sorted
// parse.ErrorList; an unknown revision rev is ErrUnknownRevision.
func (l *Library) Simulate(name string, src []byte, rev string) ([]*engine.Result, error) {
	f, err := scenario.Parse(name, src)
	if rev == "" {
		// The file's own rev: line: a revision it names that is not
		// embedded is an error of the file, at its line and column.
		err = f.CheckRevs(err, func(sel string) error {
			_, err := l.Select(sel)
			return err
		})
	}
	if err != nil {
		var msgs []string
		for _, e := range scenario.Errors(err) {
			msgs = append(msgs, e.Error())
		}
		if len(msgs) == 0 {
			msgs = []string{err.Error()}
		}
		return nil, &Error{Kind: ErrBadInput, Msg: strings.Join(msgs, "\n"), Err: err}
	}
	var out []*engine.Result
	for _, sel := range f.Revisions(rev) {
		r, err := l.Select(sel)
		if err != nil {
			return nil, err
		}
		d, err := l.Document(r.Source())
		if err != nil {
			return nil, err
		}
		res, err := scenario.Run(f, d.Document)
		if err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, nil
}

// Coverage measures how much of a revision's keyword abilities the engine
// models: how many the text defines, how many have a model whose built-in
// scenarios written for that revision pass (a scenario counts only in the
// revisions its rev: line names; see scenario.Cover), how many of those
// are compiled from the revision's own text, and which models are stale
// (the wording they implement is not the revision's).
func (l *Library) Coverage(src Source) (*engine.Coverage, error) {
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	return scenario.Cover(l.archive, d.Document, d.Keywords()...)
}

// Export returns the text of the embedded (or added) revision r exactly
// as it was published: its encoding, byte-order mark and line endings.
func (l *Library) Export(r Rev) ([]byte, error) { return l.archive.Raw(r.r) }
