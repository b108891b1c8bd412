package render_test

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/render"
)

// TestDiffPageElides: on the change page of 2026-01-16, the one creature
// type 205.3m added shows with the words around it, not the whole list,
// and the words left out are on the page behind a control that shows
// them (testdata/diff-205.3m.golden; go test -update rewrites it).
func TestDiffPageElides(t *testing.T) {
	s := &render.Site{Revs: revisions(t, "2025-11-14", "2026-01-16")}
	var w bytes.Buffer
	if err := s.DiffPage(&w, "2025-11-14", "2026-01-16", render.DiffPageOptions{Classes: []diff.Class{diff.Edited}}); err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile(`(?s)<section class="change c-edited" id="b-205\.3m">.*?</section>\n`).Find(w.Bytes())
	if section == nil {
		t.Fatal("no change of 205.3m on the page")
	}
	golden.Check(t, filepath.Join("testdata", "diff-205.3m.golden"), section)
	words := regexp.MustCompile(`(?s)<p class="words">(.*)</p>`).FindSubmatch(section)
	shown := regexp.MustCompile(`(?s)<span class="elided">.*?</label><span>.*?</span></span>`).ReplaceAll(words[1], nil)
	if n := utf8.RuneCount(shown); n > 400 || !bytes.Contains(shown, []byte("<ins>Sorcerer, </ins>")) {
		t.Errorf("205.3m shows %d characters, want the change among a few words:\n%s", n, shown)
	}
	if !bytes.Contains(words[1], []byte("Advisor")) || !bytes.Contains(words[1], []byte("Zubera")) {
		t.Errorf("the list's first and last types are not on the page to show")
	}
}

// TestSnippetsAtWords: every snippet of a word diff, as the command line
// prints it, starts and ends between words: the common text shown next
// to a "…" is whole words of the rule, a space or punctuation (or the
// text's end) beside it in the rule where the cut fell. On comparisons of
// real revisions where many rules changed.
func TestSnippetsAtWords(t *testing.T) {
	revs := revisions(t, "2008-05-01", "2009-07-11", "2025-11-14", "2026-01-16")
	changes := regexp.MustCompile(`(?s)\[-.*?-\]|\{\+.*?\+\}`)
	cuts := 0
	for _, pair := range [][2]int{{0, 1}, {2, 3}} {
		a, b := revs[pair[0]], revs[pair[1]]
		for _, p := range diff.Compare(a.Doc, b.Doc, nil).Pairs {
			if p.A == nil || p.B == nil || p.Class == diff.Unchanged || p.Class == diff.Renumbered {
				continue
			}
			ta := diff.RuleText(p.A)
			var out strings.Builder
			tp := &render.TextPrinter{W: &out}
			tp.WordDiff(diff.WordDiff(ta, diff.RuleText(p.B)))
			// The common text between changes, each piece split at its cut.
			for _, common := range changes.Split(strings.TrimSuffix(out.String(), "\n"), -1) {
				parts := strings.Split(common, "…")
				for k := 0; k+1 < len(parts); k++ {
					cuts++
					before, after := strings.TrimLeft(parts[k], " \n"), strings.TrimRight(parts[k+1], " \n")
					if !strings.HasSuffix(parts[k], " ") && parts[k] != "" || !strings.HasPrefix(parts[k+1], " ") && parts[k+1] != "" {
						t.Errorf("%s → %s %s: %q: no space around the cut", a.Name, b.Name, p.B.ID, common)
					}
					if before = strings.TrimSpace(before); before != "" && !wordsOf(ta, before, false) {
						t.Errorf("%s → %s %s: the snippet %q ends inside a word", a.Name, b.Name, p.B.ID, before)
					}
					if after = strings.TrimSpace(after); after != "" && !wordsOf(ta, after, true) {
						t.Errorf("%s → %s %s: the snippet %q starts inside a word", a.Name, b.Name, p.B.ID, after)
					}
				}
			}
		}
	}
	if cuts < 50 {
		t.Errorf("only %d cuts in the comparisons: the test tests nothing", cuts)
	}
}

// wordsOf reports whether snippet occurs in text with no letter or digit
// just before it (start) or just after it (!start).
func wordsOf(text, snippet string, start bool) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], snippet)
		if j < 0 {
			return false
		}
		at := i + j
		if start && !isWordEnd(text[:at]) || !start && !isWordStart(text[at+len(snippet):]) {
			return true
		}
		i = at + 1
	}
}

// isWordEnd reports whether s ends with a letter or digit.
func isWordEnd(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// isWordStart reports whether s starts with a letter or digit.
func isWordStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
