package scenario

import (
	"embed"
	"errors"
	"io/fs"
	"path"

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

// Cover measures the keyword coverage of revision doc (engine.Cover)
// with the Builtin scenarios. specs are the keyword specs of doc,
// extracted when none are given.
func Cover(doc *parse.Document, specs ...*keyword.Spec) (*engine.Coverage, error) {
	files, err := Builtin()
	if err != nil {
		return nil, err
	}
	scs := make([]*engine.Scenario, len(files))
	for i, f := range files {
		scs[i] = &f.Scenario
	}
	return engine.Cover(doc, scs, specs...)
}
