package crules

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/crules/crules/cite"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// maxCiteFile is the largest file Cite reads.
const maxCiteFile = 16 << 20

// A CiteReport is the verdict on every rule citation found in some files.
type CiteReport struct {
	Findings []cite.Finding // in file order; Citation.File is the path in the fs.FS
	Files    int            // files read
	Stale    int            // findings that are stale
}

// CitePaths runs Cite over files and folders, merging the reports: paths
// of Options.Files when it is set, else of the operating system, where
// each finding's File is then the path given joined with the path inside
// it. A path that does not exist is ErrBadInput.
func (l *Library) CitePaths(paths ...string) (*CiteReport, error) {
	all := &CiteReport{}
	for _, root := range paths {
		fsys, name, shown := l.opt.Files, root, func(p string) string { return p }
		if fsys == nil {
			fi, err := os.Stat(root)
			if err != nil {
				return nil, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
			}
			dir := root
			name = "."
			if !fi.IsDir() {
				dir, name = filepath.Dir(root), filepath.Base(root)
			}
			fsys = os.DirFS(dir)
			shown = func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
		}
		rep, err := l.cite(fsys, name, shown)
		if err != nil {
			return nil, err
		}
		all.Findings = append(all.Findings, rep.Findings...)
		all.Files, all.Stale = all.Files+rep.Files, all.Stale+rep.Stale
	}
	return all, nil
}

// Cite scans the file or folder root of fsys for CR citations and checks
// each against the rules' history (see package cite). Folders named .git,
// .hg, .svn, vendor and node_modules, binary files, files over 16 MB and
// other than regular files (devices, pipes) are skipped inside a folder;
// root itself, when it is not a folder, is read whatever it is, and one
// over 16 MB is ErrBadInput (a device or pipe once it has given 16 MB).
func (l *Library) Cite(fsys fs.FS, root string) (*CiteReport, error) {
	return l.cite(fsys, root, func(p string) string { return p })
}

// cite is Cite naming each file shown(its path in fsys) in findings and
// errors.
func (l *Library) cite(fsys fs.FS, root string, shown func(string) string) (*CiteReport, error) {
	known, err := l.citeRules()
	if err != nil {
		return nil, err
	}
	var cits []cite.Citation
	rep := &CiteReport{}
	err = fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "vendor", "node_modules", ".hg", ".svn":
				if p != root {
					return fs.SkipDir
				}
			}
			return nil
		}
		if p != root && !d.Type().IsRegular() {
			return nil
		}
		src, err := readFileAs(fsys, p, shown(p), maxCiteFile)
		if errors.Is(err, errTooBig) && p != root {
			return nil
		}
		if err != nil {
			return err
		}
		if bytes.IndexByte(src[:min(len(src), 8000)], 0) >= 0 {
			return nil // binary
		}
		rep.Files++
		cits = append(cits, known.Scan(shown(path.Clean(p)), src)...)
		return nil
	})
	var e *Error
	if errors.As(err, &e) {
		return nil, e
	}
	if err != nil {
		return nil, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
	}
	return l.judge(rep, cits)
}

// MaxCiteText is the most text CiteText takes, the body of the HTTP API's
// cite.
const MaxCiteText = 1 << 20

// CiteText checks the CR citations of one text, named name in the
// findings, as Cite checks those of a file. A text over MaxCiteText bytes
// is ErrTooLarge.
func (l *Library) CiteText(name string, text []byte) (*CiteReport, error) {
	if len(text) > MaxCiteText {
		return nil, &Error{Kind: ErrTooLarge, Msg: fmt.Sprintf("a text of %d bytes; at most %d are checked at once", len(text), MaxCiteText)}
	}
	known, err := l.citeRules()
	if err != nil {
		return nil, err
	}
	return l.judge(&CiteReport{Files: 1}, known.Scan(name, text))
}

// citeRules is what a scan for citations knows of the rules: every
// embedded revision's numbers and titles (cite.Rules), and those of the
// revisions the user added, so "// Quuxwarp 702.190a" counts once a
// revision defining it is added.
func (l *Library) citeRules() (*cite.Known, error) {
	l.citeOnce.Do(func() {
		var docs []*parse.Document
		for _, r := range l.revs {
			if !r.IsAdded() {
				continue
			}
			d, err := l.Document(r.Source())
			if err != nil {
				l.citeErr = err
				return
			}
			docs = append(docs, d.Document)
		}
		l.citeKnown = cite.Rules()
		if len(docs) > 0 {
			l.citeKnown = l.citeKnown.With(docs...)
		}
	})
	return l.citeKnown, l.citeErr
}

// judge checks each citation against the rules' history, into rep.
func (l *Library) judge(rep *CiteReport, cits []cite.Citation) (*CiteReport, error) {
	l.reading(allRevs) // "is X now": in the latest revision
	lin, err := l.Lineage()
	if err != nil {
		return nil, err
	}
	latest, err := l.Document(l.Latest().Source())
	if err != nil {
		return nil, err
	}
	ix := cite.NewIndex(lin, latest.Document)
	for _, c := range cits {
		f := ix.Check(c)
		if f.Stale {
			rep.Stale++
		}
		rep.Findings = append(rep.Findings, f)
	}
	return rep, nil
}

// JSON is the report as cite --json and the HTTP API print it: the stale
// citations, or all of them.
func (r *CiteReport) JSON(all bool) any { return render.CitationsJSON(r.Findings, all) }
