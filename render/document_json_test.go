package render_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
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
		if err := render.WriteDocumentJSON(&buf, d); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "%s %d %x\n", revs[i].File, buf.Len(), sha256.Sum256(buf.Bytes()))
	}
	golden.Check(t, filepath.Join("testdata", "document-json.golden"), got.Bytes())
}

// TestWriteDocumentJSON: the hand-written printer of the tree writes what
// encoding/json writes of NewDocumentJSON, byte for byte, for every
// embedded revision and for documents whose strings hold what JSON
// escapes (quotes, backslashes, control characters, invalid UTF-8, U+2028
// and U+2029) or what HTML escaping would change (<, >, &).
func TestWriteDocumentJSON(t *testing.T) {
	_, docs := corpustest.Docs(t)
	odd := "a \"quoted\" \\ back\x00\x01\x08\x0c\t\n\r\x1f\x7f <b>&amp; \xff\xfe é \u2028\u2029 ∞"
	p := &parse.Paragraph{Text: odd, Pos: parse.Pos{Line: 3}}
	sub := &parse.Rule{ID: parse.MustParseRuleID("100.1a"), Printed: parse.MustParseRuleID("100.2a"), Text: odd, Implicit: true}
	d := &parse.Document{Name: odd, Title: odd, Era: "702", Encoding: "utf-8", Layout: parse.Layout(odd), Fragment: true,
		Intro: []*parse.Paragraph{p, p}, Contents: []*parse.TOCEntry{{Title: odd}, {Number: "1", Title: odd}},
		Parts: []*parse.Part{{Number: 1, Title: odd, Implicit: true, Chapters: []*parse.Chapter{
			{ID: parse.MustParseRuleID("100"), Title: odd},
			{ID: parse.MustParseRuleID("101"), Title: odd, Implicit: true, Rules: []*parse.Rule{
				{ID: parse.MustParseRuleID("101.1"), Title: odd, Examples: []*parse.Example{{Text: odd}}, Children: []*parse.Rule{sub, sub}},
				{ID: parse.MustParseRuleID("101.2"), Text: odd}}}}}, {Number: 2}},
		Glossary: []*parse.GlossaryEntry{{Term: odd, Obsolete: true, Definition: []*parse.Paragraph{p, p}}, {Term: odd}},
		Index:    []*parse.Paragraph{p},
		Warnings: parse.ErrorList{{Msg: odd, Pos: parse.Pos{Line: 1, Col: 2}}}}
	for _, d := range append(docs, d) {
		var want, got bytes.Buffer
		if err := render.WriteJSON(&want, render.NewDocumentJSON(d)); err != nil {
			t.Fatal(err)
		}
		if err := render.WriteDocumentJSON(&got, d); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			i := 0
			for i < min(got.Len(), want.Len()) && got.Bytes()[i] == want.Bytes()[i] {
				i++
			}
			t.Errorf("%s: differs from encoding/json at byte %d:\n got: %q\nwant: %q", d.Name, i,
				got.Bytes()[max(0, i-40):min(got.Len(), i+40)], want.Bytes()[max(0, i-40):min(want.Len(), i+40)])
		}
	}
	if !strings.Contains(string(mustJSON(t, d)), `\u2028`) || !strings.Contains(string(mustJSON(t, d)), `\ufffd`) {
		t.Errorf("the odd document lost its odd strings: %s", mustJSON(t, d))
	}
}

func mustJSON(t *testing.T, d *parse.Document) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := render.WriteDocumentJSON(&b, d); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		return 0, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteDocumentJSONError: a writer's error ends the printing and is
// returned.
func TestWriteDocumentJSONError(t *testing.T) {
	_, docs := corpustest.Docs(t)
	if err := render.WriteDocumentJSON(&failingWriter{100 << 10}, docs[len(docs)-1]); err == nil || err.Error() != "disk full" {
		t.Errorf("got %v, want disk full", err)
	}
}
