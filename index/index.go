package index

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blevesearch/bleve/v2"
)

// completeMarker is written into an index folder last; a folder without it
// is an interrupted build and is rebuilt.
const completeMarker = "crules-complete"

// An Index is an open search index of one revision, or of all of them.
// It is safe for concurrent searches.
type Index struct {
	bleve bleve.Index
	dir   string
}

// ErrNotBuilt is returned by Open for a folder that holds no complete
// index.
var ErrNotBuilt = errors.New("index not built")

// Open opens the index in dir. A missing, incomplete or unreadable index is
// ErrNotBuilt (wrapped), so the caller rebuilds it.
func Open(dir string) (*Index, error) {
	if _, err := os.Stat(filepath.Join(dir, completeMarker)); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrNotBuilt, dir)
	}
	b, err := bleve.OpenUsing(dir, map[string]any{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrNotBuilt, dir, err)
	}
	return &Index{bleve: b, dir: dir}, nil
}

// Close releases the index.
func (ix *Index) Close() error { return ix.bleve.Close() }

// Build writes an index of docs to dir. It builds in a temporary folder
// beside dir and renames it into place, so a reader never sees half an
// index; when another process finished the same index first, its index is
// kept and this one discarded. progress, if not nil, is called with the
// number of documents indexed so far.
func Build(dir string, docs []Doc, progress func(done int)) error {
	m, err := NewMapping()
	if err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, filepath.Base(dir)+".tmp*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	path := filepath.Join(tmp, "index")
	b, err := bleve.New(path, m)
	if err != nil {
		return err
	}
	batch := b.NewBatch()
	for i := range docs {
		if err := batch.Index(docs[i].key, &docs[i]); err != nil {
			b.Close()
			return err
		}
		if batch.Size() >= 2000 || i == len(docs)-1 {
			if err := b.Batch(batch); err != nil {
				b.Close()
				return err
			}
			batch.Reset()
			if progress != nil {
				progress(i + 1)
			}
		}
	}
	if err := b.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(path, completeMarker), nil, 0o644); err != nil {
		return err
	}
	if err := os.Rename(path, dir); err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, completeMarker)); statErr == nil {
			return nil // another process won the race; its index is the same
		}
		// An incomplete or corrupt folder is in the way: replace it.
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		return os.Rename(path, dir)
	}
	return nil
}
