package index

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// TestPublishedOffsets checks the offset map against a walk over both
// texts, on every rule text of the latest revision (curly quotes, dashes)
// and one of 2008 (straight ones).
func TestPublishedOffsets(t *testing.T) {
	curly := 0
	revs, docs := corpustest.Docs(t)
	checked := 0
	for i, doc := range docs {
		if i != len(docs)-1 && !strings.Contains(revs[i].File, "2008-10-01") {
			continue
		}
		checked++
		doc.Walk(func(r *parse.Rule) bool {
			text := r.Text
			norm := parse.Typography(text)
			if norm != text {
				curly++
			}
			published := publishedOffsets(text)
			i := 0 // walks text while n walks norm
			for n := 0; n <= len(norm); {
				if got := published(n); got != i {
					t.Fatalf("%s %s: offset %d maps to %d, want %d", doc.Name, r.ID, n, got, i)
				}
				if n == len(norm) {
					break
				}
				c, size := utf8.DecodeRuneInString(text[i:])
				i += size
				if strings.ContainsRune(parse.TypographyChars, c) {
					n++
				} else {
					n += size
				}
			}
			return true
		})
	}
	if checked != 2 {
		t.Fatalf("checked %d revisions, want 2", checked)
	}
	if curly == 0 {
		t.Fatal("no rule text with curly typography: the test checks nothing")
	}
}
