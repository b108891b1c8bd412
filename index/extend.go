package index

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/blevesearch/bleve/v2"

	"github.com/crules/crules/internal/atomicfile"
)

// Extend writes to dir the index of docs made from the complete index in
// from, which holds an earlier set of the same documents (an
// all-revisions index before revisions were added): the documents whose
// bleve ID is no longer wanted are deleted and only those it lacks are
// indexed, about one revision's worth when one is added, and the tables
// beside them (lengths, vocabulary, lineage) are rewritten. The copy is
// built beside dir and renamed into place, as Build does; from is left as
// it is. It returns how many documents it indexed; progress, if not nil,
// is called with the number indexed so far and the number to index.
func Extend(from, dir string, docs []Doc, progress func(done, total int)) (int, error) {
	if err := verify(from); err != nil {
		return 0, err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp(parent, filepath.Base(dir)+".tmp*")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	defer atomicfile.Track(tmp)()
	path := filepath.Join(tmp, "index")
	if err := copyTree(from, path); err != nil {
		return 0, err
	}
	if err := verify(path); err != nil { // the copy is what was verified
		return 0, err
	}
	if err := os.Remove(filepath.Join(path, completeMarker)); err != nil {
		return 0, err
	}
	b, err := bleve.Open(path)
	if err != nil {
		return 0, err
	}
	n, err := extend(b, docs, progress)
	if err != nil {
		b.Close()
		return 0, err
	}
	if err := b.Close(); err != nil {
		return 0, err
	}
	return n, place(path, dir)
}

// extend brings the open index b to docs and returns how many documents
// it indexed.
func extend(b bleve.Index, docs []Doc, progress func(done, total int)) (int, error) {
	want := make(map[string]int, len(docs))
	for i := range docs {
		want[bleveID(&docs[i])] = i
	}
	have, err := docIDs(b)
	if err != nil {
		return 0, err
	}
	batch := b.NewBatch()
	for _, id := range have {
		if _, ok := want[id]; ok {
			delete(want, id)
		} else {
			batch.Delete(id)
		}
	}
	n := len(want)
	if progress != nil {
		progress(0, n)
	}
	for i := range docs { // in order, as Build indexes them
		id := bleveID(&docs[i])
		if _, ok := want[id]; !ok {
			continue
		}
		if err := batch.Index(id, &docs[i]); err != nil {
			return 0, err
		}
	}
	if err := b.Batch(batch); err != nil {
		return 0, err
	}
	if progress != nil {
		progress(n, n)
	}
	if err := singleSegment(b); err != nil {
		return 0, err
	}
	if err := keepLengths(b); err != nil {
		return 0, err
	}
	if err := keepTables(b, docs); err != nil {
		return 0, err
	}
	return n, nil
}

// docIDs lists the IDs of the documents of b.
func docIDs(b bleve.Index) ([]string, error) {
	adv, err := b.Advanced()
	if err != nil {
		return nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	all, err := r.DocIDReaderAll()
	if err != nil {
		return nil, err
	}
	defer all.Close()
	var ids []string
	for {
		in, err := all.Next()
		if err != nil {
			return nil, err
		}
		if in == nil {
			return ids, nil
		}
		id, err := r.ExternalID(in)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
}

// copyTree copies the folder from to a new folder to.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		src, err := os.Open(p)
		if err != nil {
			return err
		}
		defer src.Close()
		out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, src); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}
