package render

import (
	"bytes"
	"io"
	"slices"

	"github.com/crules/crules/internal/atomicfile"
	"github.com/crules/crules/lexicon"
)

// DefaultPlotTerms are the old phrases PlotTerms draws when it is asked
// for none: the three great shifts (battlefield 2009, exile 2009, cast
// 2009) and the pronouns of 2018.
var DefaultPlotTerms = []string{"comes into play", "removed from the game", "play", "in play", "his or her", "he or she controls"}

// PlotTermsFile writes the chart of PlotTerms to the file path, through a
// temporary file renamed into place: an interrupted run leaves no
// half-written chart.
func PlotTermsFile(path string, rows []lexicon.Usage, phrases []string) error {
	var svg bytes.Buffer
	if err := PlotTerms(&svg, rows, phrases); err != nil {
		return err
	}
	return atomicfile.Write(path, svg.Bytes())
}

// PlotTerms draws (TermsSVG) the rows whose old or new phrase is one of
// phrases, in the order of phrases, or DefaultPlotTerms' when phrases is
// empty. A phrase that no row has is skipped; when none is left, all rows
// are drawn.
func PlotTerms(w io.Writer, rows []lexicon.Usage, phrases []string) error {
	if len(phrases) == 0 {
		phrases = DefaultPlotTerms
	}
	var series []TermSeries
	for _, p := range phrases {
		i := slices.IndexFunc(rows, func(u lexicon.Usage) bool { return u.Old == p || u.New == p })
		if i >= 0 {
			series = append(series, termSeries(rows[i]))
		}
	}
	if len(series) == 0 {
		for _, u := range rows {
			series = append(series, termSeries(u))
		}
	}
	return TermsSVG(w, series)
}

func termSeries(u lexicon.Usage) TermSeries {
	s := TermSeries{Old: u.Old, New: u.New, Shift: u.Shift}
	for _, c := range u.Counts {
		s.Counts = append(s.Counts, TermCount{Rev: c.Rev, Old: c.Old, New: c.New})
	}
	return s
}
