package render_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/render"
)

// TestDocumentJSONGolden holds the bytes of the whole tree as parse --json
// prints it, for every embedded revision: one line each in
// testdata/document-json.golden with the file, the size and the SHA-256
// of the JSON (go test -update rewrites it). A change to the printer that
// changes one byte of any revision's tree fails here.
func TestDocumentJSONGolden(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	var got bytes.Buffer
	for i, d := range docs {
		var buf bytes.Buffer
		if err := render.WriteJSON(&buf, render.NewDocumentJSON(d)); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "%s %d %x\n", revs[i].File, buf.Len(), sha256.Sum256(buf.Bytes()))
	}
	golden.Check(t, filepath.Join("testdata", "document-json.golden"), got.Bytes())
}
