package render_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// textOf is the text of n and its descendants.
func textOf(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// hasClass tells whether element n has class c.
func hasClass(n *html.Node, c string) bool {
	v, _ := attrOf(n, "class")
	return n.Type == html.ElementNode && strings.Contains(" "+v+" ", " "+c+" ")
}

// TestHistoryInline: a history page shows each row's change itself: the
// first row the text the rule came with, every later row the words struck
// and added of the rule and of each subrule that changed, so that a row
// where only subrules changed shows those subrules' words; long unchanged
// stretches are cut short.
func TestHistoryInline(t *testing.T) {
	dir := writtenSite(t)
	pages := readPages(t, dir)
	pg := pages["history/702.47.html"]
	if pg == nil {
		t.Fatal("no history/702.47.html")
	}
	var rows []*html.Node
	for n := range pg.doc.Descendants() {
		if n.Data == "section" && hasClass(n, "hist") {
			rows = append(rows, n)
		}
	}
	if len(rows) < 3 {
		t.Fatalf("history/702.47.html: %d rows, want the 2009-05-01 text and two changes", len(rows))
	}
	if id, _ := attrOf(rows[0], "id"); id != "r-2009-05-01" || !strings.Contains(textOf(rows[0]), "Splice is a static ability") {
		t.Errorf("first row %s: not the text 502.40 came with", id)
	}
	subOnly, elided := 0, false
	for _, row := range rows[1:] {
		id, _ := attrOf(row, "id")
		var h2 string
		changes := 0
		for n := range row.Descendants() {
			switch {
			case n.Data == "h2":
				h2 = textOf(n)
			case n.Data == "section" && hasClass(n, "change"):
				words := ""
				for w := range n.Descendants() {
					if w.Data == "p" && hasClass(w, "words") {
						words = textOf(w)
						for d := range w.Descendants() {
							if d.Data == "del" || d.Data == "ins" {
								changes++
								break
							}
						}
					}
				}
				elided = elided || strings.Contains(words, "…")
			}
		}
		if strings.Contains(h2, "subrules changed") {
			subOnly++
			if changes == 0 {
				t.Errorf("row %s (%s): no subrule's words struck or added", id, h2)
			}
		}
	}
	if subOnly == 0 {
		t.Error("no row where only subrules changed: the test tests nothing")
	}
	if !elided {
		t.Error("no unchanged stretch cut short")
	}
	// The change page prints the same words, in full.
	b, err := os.ReadFile(filepath.Join(dir, "diff", "2009-07-11", "2026-01-16.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `<section class="change c-`) {
		t.Error("the change page has no change sections")
	}
}
