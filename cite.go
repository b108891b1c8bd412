package crules

import (
	"bytes"
	"io/fs"
	"path"

	"github.com/crules/crules/cite"
)

// maxCiteFile is the largest file Cite reads.
const maxCiteFile = 16 << 20

// A CiteReport is the verdict on every rule citation found in some files.
type CiteReport struct {
	Findings []cite.Finding // in file order; Citation.File is the path in the fs.FS
	Files    int            // files read
	Stale    int            // findings that are stale
}

// Cite scans the file or folder root of fsys for CR citations and checks
// each against the rules' history (see package cite). Folders named .git,
// .hg, .svn, vendor and node_modules, binary files and files over 16 MB are
// skipped.
func (l *Library) Cite(fsys fs.FS, root string) (*CiteReport, error) {
	var cits []cite.Citation
	rep := &CiteReport{}
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
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
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > maxCiteFile {
			return nil
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		if bytes.IndexByte(src[:min(len(src), 8000)], 0) >= 0 {
			return nil // binary
		}
		rep.Files++
		cits = append(cits, cite.Scan(path.Clean(p), src)...)
		return nil
	})
	if err != nil {
		return nil, &Error{Kind: ErrBadInput, Msg: err.Error(), Err: err}
	}
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
