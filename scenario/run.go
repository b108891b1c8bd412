package scenario

import (
	"embed"
	"errors"
	"io/fs"
	"path"
	"sync"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// Run runs every script of f against the revision doc (engine.Run on
// the file's scenario). specs are the keyword specs of doc; when none
// are given they are extracted from doc. This is the entry point of
// "crules sim".
func Run(f *File, doc *parse.Document, specs ...*keyword.Spec) (*engine.Result, error) {
	if f == nil {
		return nil, errors.New("scenario: nil file")
	}
	return engine.Run(&f.Scenario, doc, specs...)
}

//go:embed testdata/scenarios/*.txt
var builtinFS embed.FS

// Builtin returns the scenario files that come with the engine, one or
// more per modelled keyword (testdata/scenarios), parsed, in file name
// order.
func Builtin() ([]*File, error) {
	names, err := fs.Glob(builtinFS, "testdata/scenarios/*.txt")
	if err != nil {
		return nil, err
	}
	var out []*File
	for _, n := range names {
		src, err := builtinFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		f, err := Parse(path.Base(n), src)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// builtin is Builtin parsed once: every Cover and Written of a process
// shares it (the files are not modified).
var builtin = sync.OnceValues(Builtin)

// Written returns, by revision name, the Builtin scenarios written for
// each revision of archive a (File.WrittenFor): what Cover runs in that
// revision. A nil a is the embedded archive. The files are parsed once a
// process, and each file's rev: line read once a call.
func Written(a *corpus.Archive) (map[string][]*engine.Scenario, error) {
	if a == nil {
		var err error
		if a, err = corpus.Default(); err != nil {
			return nil, err
		}
	}
	files, err := builtin()
	if err != nil {
		return nil, err
	}
	out := map[string][]*engine.Scenario{}
	for _, f := range files {
		revs, err := f.WrittenFor(a)
		if err != nil {
			return nil, err
		}
		for _, r := range revs {
			out[r.Name()] = append(out[r.Name()], &f.Scenario)
		}
	}
	return out, nil
}

// Cover measures the keyword coverage of revision doc (engine.Cover)
// with the Builtin scenarios written for it: those whose rev: line
// names doc's revision of archive a, or a range that holds it (see
// File.WrittenFor). A keyword counts as modelled only where a scenario
// written for that revision passes; a file is never run against
// revisions it was not written for. A nil a is the embedded archive.
// specs are the keyword specs of doc, extracted when none are given.
func Cover(a *corpus.Archive, doc *parse.Document, specs ...*keyword.Spec) (*engine.Coverage, error) {
	written, err := Written(a)
	if err != nil {
		return nil, err
	}
	rev := ""
	if !doc.Effective.IsZero() {
		rev = doc.Effective.Format("2006-01-02")
	}
	return engine.Cover(doc, written[rev], specs...)
}
