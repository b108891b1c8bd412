package render_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/tools/txtar"

	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// caseSite parses the input of a txtar case as a file and returns the
// one-revision site of it, and the pages of that revision.
func caseSite(t *testing.T, file string) (*render.Site, []string, *txtar.Archive) {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var input []byte
	for _, f := range ar.Files {
		if f.Name == "input" {
			input = f.Data
		}
	}
	doc, err := parse.Parse(filepath.Base(file), input)
	if err != nil {
		t.Fatal(err)
	}
	s := &render.Site{Revs: []render.Revision{{Name: "2023-11-17", Doc: doc}}}
	pages := []string{"2023-11-17/index.html", "2023-11-17/glossary.html"}
	for _, p := range doc.Parts {
		for _, c := range p.Chapters {
			pages = append(pages, "2023-11-17/"+c.ID.String()+".html")
		}
	}
	return s, pages, ar
}

// TestCases renders the pages of each testdata/cases/*.txtar input and
// compares them with its -- html -- section (go test -update rewrites it).
func TestCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			s, pages, ar := caseSite(t, file)
			var got bytes.Buffer
			for _, p := range pages {
				got.WriteString("<!-- " + p + " -->\n")
				if err := s.Page(&got, p); err != nil {
					t.Fatal(err)
				}
			}
			var want []byte
			k := -1
			for i, f := range ar.Files {
				if f.Name == "html" {
					want, k = f.Data, i
				}
			}
			if golden.Updating() {
				if k < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "html"})
					k = len(ar.Files) - 1
				}
				ar.Files[k].Data = got.Bytes()
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if !bytes.Equal(got.Bytes(), want) {
				gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
				for i := 0; i < max(len(gl), len(wl)); i++ {
					if i >= len(gl) || i >= len(wl) || gl[i] != wl[i] {
						t.Fatalf("%s: html line %d differs (go test -update rewrites it):\n got: %s\nwant: %s", file, i+1, at(gl, i), at(wl, i))
					}
				}
			}
		})
	}
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(end)"
}

// TestEscaping: document text with markup, entities, quotes and template
// braces renders as text: no element or attribute comes from it.
func TestEscaping(t *testing.T) {
	s, pages, _ := caseSite(t, "testdata/cases/escape.txtar")
	var text strings.Builder
	titles := map[string]bool{}
	for _, p := range pages {
		var b bytes.Buffer
		if err := s.Page(&b, p); err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(&b)
		if err != nil {
			t.Fatal(err)
		}
		for n := range doc.Descendants() {
			switch n.Type {
			case html.TextNode:
				text.WriteString(n.Data)
			case html.ElementNode:
				switch n.Data {
				case "script", "b", "i":
					t.Errorf("%s: a <%s> element from the text", p, n.Data)
				}
				for _, a := range n.Attr {
					switch a.Key {
					case "id", "class", "href", "title", "lang", "charset", "name", "content", "rel":
					default:
						t.Errorf("%s: attribute %s=%q on <%s>: a quote broke out", p, a.Key, a.Val, n.Data)
					}
					if a.Key == "title" {
						titles[a.Val] = true
					}
				}
			case html.CommentNode:
				t.Errorf("%s: a comment from the text: %q", p, n.Data)
			}
		}
	}
	for _, want := range []string{
		`<script>alert("x")</script> & friends: {T}, {2}{U} and a quote " onmouseover="alert(1)" x=".`,
		`"quoted" & <b>bold</b> {{.Title}}.`,
		`</div><script>evil()</script> and &amp; and \*not markdown\* _either_ [link](http://x.example) <!-- comment -->.`,
		`Evil "Term" <i>`,
		`{{template "x"}}`,
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the pages' text lacks %q", want)
		}
	}
	want := `100.1 Rules text with <script>alert("x")</script> & friends: {T}, {2}{U} and a quote " onmouseover="alert(1)" x=".`
	if !titles[want] {
		t.Errorf("no citation title %q; titles: %v", want, titles)
	}
}
