package render_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/render"
)

// termSeries counts every lexicon entry in every embedded revision, as
// crules terms does.
func termSeries(t testing.TB) []render.TermSeries {
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	texts, err := a.All()
	if err != nil {
		t.Fatal(err)
	}
	revs := a.Revisions()
	lower := make([][]byte, len(texts))
	for i, x := range texts {
		lower[i] = lexicon.ToLowerASCII(x)
	}
	var out []render.TermSeries
	for _, term := range lexicon.Default().Terms {
		s := render.TermSeries{Old: term.Old, New: term.New}
		old := make([]int, len(revs))
		for i, r := range revs {
			old[i] = lexicon.CountPhrase(lower[i], term.Old)
			s.Counts = append(s.Counts, render.TermCount{Rev: r.Name(), Old: old[i], New: lexicon.CountPhrase(lower[i], term.New)})
		}
		if k := lexicon.Shift(old); k >= 0 {
			s.Shift = revs[k].Name()
		}
		out = append(out, s)
	}
	return out
}

// TestTermsSVG draws every lexicon entry: a well-formed SVG with a panel
// per entry, both phrases drawn in each, the measured shifts marked, the
// phrases in the panel titles whole. With -args -shots DIR it keeps
// terms.svg there.
func TestTermsSVG(t *testing.T) {
	series := termSeries(t)
	var b bytes.Buffer
	if err := render.TermsSVG(&b, series); err != nil {
		t.Fatal(err)
	}
	if *shots != "" {
		if err := os.WriteFile(filepath.Join(*shots, "terms.svg"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	paths, dashed, panels := 0, 0, 0
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			for _, a := range x.Attr {
				switch {
				case x.Name.Local == "g" && a.Name.Local == "transform" && strings.HasPrefix(a.Value, "translate(") && !strings.HasPrefix(a.Value, "translate(12,"):
					panels++
				case x.Name.Local == "line" && a.Name.Local == "stroke-dasharray":
					dashed++
				}
			}
			if x.Name.Local == "path" {
				paths++
			}
		case xml.CharData:
			text.Write(x)
			text.WriteByte(' ') // a wrapped title is read across its lines
		}
	}
	shifts := 0
	for _, s := range series {
		if s.Shift != "" {
			shifts++
		}
		all := strings.Join(strings.Fields(text.String()), " ")
		if !strings.Contains(all, s.Old+" → "+s.New) {
			t.Errorf("the phrases of %s → %s are not printed whole", s.Old, s.New)
		}
	}
	if panels != len(series) || paths != 2*len(series) || dashed != shifts+1 || shifts < 10 {
		t.Errorf("%d panels, %d lines, %d shift marks (with the legend's); want %d, %d, %d+1 (at least 10 shifts)", panels, paths, dashed, len(series), 2*len(series), shifts)
	}
	if err := render.TermsSVG(io.Discard, nil); err == nil {
		t.Error("no series: want an error")
	}
	if err := render.TermsSVG(io.Discard, []render.TermSeries{{Old: "a", New: "b", Counts: []render.TermCount{{Rev: "latest"}}}}); err == nil {
		t.Error("a revision that is not a date: want an error")
	}
}

// TestPlotTerms chooses panels by old or new phrase, in the order asked,
// and draws the default few when asked for none.
func TestPlotTerms(t *testing.T) {
	var rows []lexicon.Usage
	for _, s := range termSeries(t) {
		u := lexicon.Usage{Old: s.Old, New: s.New, Shift: s.Shift}
		for _, c := range s.Counts {
			u.Counts = append(u.Counts, lexicon.Count{Rev: c.Rev, Old: c.Old, New: c.New})
		}
		rows = append(rows, u)
	}
	panels := func(phrases ...string) string {
		var b bytes.Buffer
		if err := render.PlotTerms(&b, rows, phrases); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	svg := panels("exiled", "his or her", "no such phrase")
	r, h := strings.Index(svg, ">removed from the game<"), strings.Index(svg, ">his or her<")
	if r < 0 || h < r || strings.Contains(svg, ">comes into play<") || !strings.Contains(svg, "2018-04-27") {
		t.Errorf("PlotTerms(exiled, his or her): panels wrong or out of order")
	}
	svg = panels()
	for _, p := range render.DefaultPlotTerms {
		if !strings.Contains(svg, ">"+p+"<") {
			t.Errorf("default plot: no panel %q", p)
		}
	}
	if strings.Contains(svg, ">tribal<") {
		t.Error("default plot: draws tribal, not among the default")
	}
	if all := panels("no such phrase"); strings.Count(all, "<g") < len(rows) {
		t.Errorf("no phrase found: %d groups for %d rows", strings.Count(all, "<g"), len(rows))
	}
	path := filepath.Join(t.TempDir(), "shifts.svg")
	if err := render.PlotTermsFile(path, rows, nil); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != svg {
		t.Errorf("PlotTermsFile wrote other bytes than PlotTerms: %v", err)
	}
	if err := render.PlotTermsFile(filepath.Join(t.TempDir(), "no", "dir", "x.svg"), rows, nil); err == nil {
		t.Error("PlotTermsFile into a missing folder: no error")
	}
}
