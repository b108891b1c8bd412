package crules

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/game"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

// SimulateFiles runs Simulate over scenario files read as ReadFile reads
// them, in order. A file that cannot be read, or that Simulate refuses,
// does not keep the others from running: the results are those of the
// files that ran, and the error joins each refused file's error, in
// order (errors.Join; errors.Is finds ErrBadInput in it). An unknown
// revision rev stops at once: no file could run.
func (l *Library) SimulateFiles(rev string, paths ...string) ([]*engine.Result, error) {
	var out []*engine.Result
	var errs []error
	for _, path := range paths {
		src, err := l.ReadFile(path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rs, err := l.Simulate(path, src.Data, rev)
		if errors.Is(err, ErrUnknownRevision) && rev != "" {
			return nil, err
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, rs...)
	}
	return out, errors.Join(errs...)
}

// Simulate runs the scenario file name, whose bytes are src, against each
// revision its "rev:" line names, or against rev when rev is not empty (a
// selector: "latest", "2006-10-01", "2006"). Each result holds, per
// script, every check passed or failed at its file:line:col and the trace
// of the rules applied, cited from that revision.
//
// A file that does not parse, whose rev: line names a revision that is
// not embedded, or whose card text a revision it runs against does not
// define (scenario.File.CheckText) is an ErrBadInput whose cause is the
// scenario's sorted parse.ErrorList, every error of those kinds at once,
// and no script runs; an unknown revision rev is ErrUnknownRevision.
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
	// Every revision to run is read, and what it cannot run (card text
	// it does not define) found, before any runs: the file's errors of
	// both kinds are reported at once, and a file with any runs in none.
	type run struct {
		d              *Document
		cites          *game.Rules
		path, specPath string
		known, specs   int
	}
	var runs []run
	var unknown error // of rev; a selector of the rev: line is an error of the file
	for _, sel := range f.Revisions(rev) {
		r, serr := l.Select(sel)
		if serr != nil {
			unknown = serr
			continue
		}
		d, derr := l.Document(r.Source())
		if derr != nil {
			return nil, derr
		}
		x := run{d: d, cites: engine.Citations(d.Document)}
		x.path, x.known = l.learnCitations(r, x.cites)
		x.specPath, x.specs = l.learnSpecs(r, d.Document)
		err = f.CheckText(err, d.Document)
		runs = append(runs, x)
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
	if unknown != nil {
		return nil, unknown
	}
	var out []*engine.Result
	for _, x := range runs {
		res, err := scenario.Run(f, x.d.Document)
		if err != nil {
			return nil, err
		}
		l.storeCitations(x.path, x.known, x.cites)
		l.storeSpecs(x.specPath, x.specs, x.d.Document)
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
	written, err := scenario.Written(l.archive)
	if err != nil {
		return nil, err
	}
	return l.cover(d, written, d.Keywords())
}

// CoverageOf is Coverage of the keyword abilities, or with kind
// keyword.Action (in any case) of the keyword actions (Coverage.Actions).
func (l *Library) CoverageOf(src Source, kind keyword.Kind) (*engine.Coverage, error) {
	c, err := l.Coverage(src)
	if k, _ := keyword.ParseKind(string(kind)); err != nil || k != keyword.Action {
		return c, err
	}
	return c.Actions, nil
}

// CoverageAllOf is CoverageAll, of the keyword actions with kind
// keyword.Action (in any case).
func (l *Library) CoverageAllOf(kind keyword.Kind) ([]*engine.Coverage, error) {
	cs, err := l.CoverageAll()
	if k, _ := keyword.ParseKind(string(kind)); err != nil || k != keyword.Action {
		return cs, err
	}
	return engine.ActionsOf(cs), nil
}

// CoverageAll measures Coverage in every revision, oldest first, sharing
// what does not change from one to the next: the built-in scenarios are
// parsed once and each runs once in each revision its rev: line names;
// the revisions are measured on all cores and not kept in memory after.
// Options.Progress hears of each revision measured.
func (l *Library) CoverageAll() ([]*engine.Coverage, error) {
	written, err := scenario.Written(l.archive)
	if err != nil {
		return nil, err
	}
	const task = "measuring the keyword coverage of every revision (usually 20 s on 2 cores)"
	out := make([]*engine.Coverage, len(l.revs))
	errs := make([]error, len(l.revs))
	var done atomic.Int32
	l.progress(task, 0, len(l.revs))
	parallel(len(l.revs), func(i int) {
		defer func() { l.progress(task, int(done.Add(1)), len(l.revs)) }()
		d, err := l.parseRev(l.revs[i])
		if err == nil {
			// The specs without the citation graph, which only their
			// See lists need: a fifth of a revision's time.
			out[i], err = l.cover(d, written, nil)
		}
		errs[i] = err
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// cover measures the coverage of d with the scenarios written for its
// revision (written, by revision name) and its keyword specs (extracted
// when nil). For an embedded or added revision, the engine learns the
// rules it cites from the cache first, and what it found is stored
// there after, as Simulate does.
func (l *Library) cover(d *Document, written map[string][]*engine.Scenario, specs []*keyword.Spec) (*engine.Coverage, error) {
	rev := ""
	if !d.Effective.IsZero() {
		rev = d.Effective.Format("2006-01-02")
	}
	var path string
	var known int
	cites := engine.Citations(d.Document)
	if !d.Source.IsFile() {
		path, known = l.learnCitations(d.Rev, cites)
	}
	c, err := engine.Cover(d.Document, written[rev], specs...)
	if err == nil {
		l.storeCitations(path, known, cites)
	}
	return c, err
}

// storeCitations caches at path the citations cites found when they are
// more than the known it learned from there (learnCitations). Not cached
// is only slower: no warning.
func (l *Library) storeCitations(path string, known int, cites *game.Rules) {
	if found := cites.Found(); path != "" && len(found) > known {
		_ = cache.Store(path, func(w io.Writer) error {
			_, err := w.Write(encodeCitations(found))
			return err
		})
	}
}

// Export returns the text of the embedded (or added) revision r exactly
// as it was published: its encoding, byte-order mark and line endings.
func (l *Library) Export(r Rev) ([]byte, error) { return l.archive.Raw(r.r) }

// learnCitations gives cites, the engine's citation finder of revision
// r, the citations an earlier process found in r (the rules the engine
// cites, looked up by what they say: a third of a scenario's time in a
// new process), from the cache. It returns the entry's path ("" when
// there is no cache) and how many citations cites then knows. The entry
// is keyed by r's SHA-256, its tree's version and game.FindVersion; a
// damaged one is ignored, and written again after the run.
func (l *Library) learnCitations(r Rev, cites *game.Rules) (string, int) {
	path, err := l.revCachePath(r, fmt.Sprintf("cites-%s-t%d", r.r.SHA256[:min(16, len(r.r.SHA256))], parse.TreeVersion), game.FindVersion)
	if err != nil {
		return "", 0
	}
	var found map[string]game.Ref
	err = cache.Load(path, func(rd io.Reader) error {
		b, err := io.ReadAll(rd)
		if err == nil {
			found, err = decodeCitations(b)
		}
		return err
	})
	if err == nil {
		cites.Learn(found)
	}
	return path, len(cites.Found())
}

// encodeCitations writes citations as their count, then each key, rule
// ID and text, sorted by key: a length and bytes for each string,
// varints for the numbers.
func encodeCitations(found map[string]game.Ref) []byte {
	b := binary.AppendUvarint(nil, uint64(len(found)))
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	for _, k := range slices.Sorted(maps.Keys(found)) {
		ref := found[k]
		str(k)
		b = binary.AppendVarint(b, int64(ref.ID.Chapter))
		b = binary.AppendVarint(b, int64(ref.ID.Rule))
		str(ref.ID.Sub)
		str(ref.Text)
	}
	return b
}

var errBadCitations = errors.New("not a cache of citations")

func decodeCitations(b []byte) (map[string]game.Ref, error) {
	bad := false
	num := func() int64 {
		v, n := binary.Varint(b)
		if n <= 0 {
			bad = true
			return 0
		}
		b = b[n:]
		return v
	}
	size := func() int {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > uint64(len(b)-n) {
			bad = true
			return 0
		}
		b = b[n:]
		return int(v)
	}
	str := func() string {
		n := size()
		s := string(b[:n])
		b = b[n:]
		return s
	}
	n := size()
	found := make(map[string]game.Ref, n)
	for range n {
		k := str()
		ref := game.Ref{ID: parse.RuleID{Chapter: int(num()), Rule: int(num()), Sub: str()}, Text: str()}
		if bad {
			return nil, errBadCitations
		}
		found[k] = ref
	}
	if bad || len(b) != 0 {
		return nil, errBadCitations
	}
	return found, nil
}

// learnSpecs gives the engine the keyword specs of revision r, whose
// document is doc, that earlier runs read (a quarter of a scenario's
// instructions once its citations are cached), from the cache. It
// returns the entry's path ("" when there is no cache) and how many
// specs the engine then knows. The entry is keyed by r's SHA-256, its
// tree's version and keyword.SpecVersion; one that is damaged or whose
// specs are not bound to doc's rules is ignored, and written again after
// the run.
func (l *Library) learnSpecs(r Rev, doc *parse.Document) (string, int) {
	path, err := l.revCachePath(r, fmt.Sprintf("specs-%s-t%d-s%d", r.r.SHA256[:min(16, len(r.r.SHA256))], parse.TreeVersion, keyword.SpecVersion), specsFormat)
	if err != nil {
		return "", 0
	}
	if b, err := cache.LoadBytes(path); err == nil {
		if specs, err := keyword.DecodeSpecs(b, doc); err == nil {
			engine.LearnSpecs(doc, specs)
		}
	}
	return path, len(engine.Specs(doc))
}

// specsFormat is the version of the specs' cache file: 3 is the binary
// form of keyword.AppendSpecs, which a warm process reads in a tenth of
// the instructions the JSON of versions 1 and 2 took.
const specsFormat = 3

// storeSpecs caches at path the specs the engine read in doc when they
// are more than the known it learned from there (learnSpecs). Not cached
// is only slower: no warning.
func (l *Library) storeSpecs(path string, known int, doc *parse.Document) {
	if specs := engine.Specs(doc); path != "" && len(specs) > known {
		_ = cache.Store(path, func(w io.Writer) error {
			b, err := keyword.AppendSpecs(nil, specs)
			if err != nil {
				return err
			}
			_, err = w.Write(b)
			return err
		})
	}
}
