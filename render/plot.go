package render

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"time"
)

// A TermSeries is one terminology shift of the lexicon measured over the
// revisions: how often the old and the new phrase occur in each.
type TermSeries struct {
	Old, New string
	Shift    string      // the revision where the old phrase fell, measured; "" if none
	Counts   []TermCount // oldest first
}

// A TermCount is the occurrences of a series' phrases in one revision.
type TermCount struct {
	Rev      string // the revision's effective date, "2009-07-11"
	Old, New int
}

// Plot geometry, in SVG user units (pixels at 100%).
const (
	panelW, panelH         = 320, 190
	plotL, plotR           = 52, 12 // margins of the plot area inside a panel
	plotT, plotB           = 52, 40
	titleL                 = 24 // where a panel's title starts
	legendH                = 64
	colourOld, colourNew   = "#d95f02", "#1b7f9e"
	colourShift, colourAxe = "#555", "#999"
)

// TermsSVG draws series as small multiples, one panel each, three to a
// row: the old phrase's count and the new one's over the revisions, as
// steps on a true date axis shared by all panels, each panel's count axis
// its own, the measured shift marked by a dashed line. A legend and axis
// titles make it readable alone.
func TermsSVG(w io.Writer, series []TermSeries) error {
	if len(series) == 0 {
		return fmt.Errorf("terms plot: no series")
	}
	first, last := time.Time{}, time.Time{}
	dates := make([][]time.Time, len(series))
	for i, s := range series {
		if len(s.Counts) == 0 {
			return fmt.Errorf("terms plot: %s → %s has no counts", s.Old, s.New)
		}
		for _, c := range s.Counts {
			d, err := time.Parse(time.DateOnly, c.Rev)
			if err != nil {
				return fmt.Errorf("terms plot: %s → %s: revision %q is not a date", s.Old, s.New, c.Rev)
			}
			dates[i] = append(dates[i], d)
			if first.IsZero() || d.Before(first) {
				first = d
			}
			if d.After(last) {
				last = d
			}
		}
	}
	// The axis runs from the January before the first revision to the
	// January after the last one.
	x0 := time.Date(first.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	x1 := time.Date(last.Year()+1, 1, 1, 0, 0, 0, 0, time.UTC)
	cols := min(3, len(series))
	rows := (len(series) + cols - 1) / cols
	width, height := cols*panelW, legendH+rows*panelH+10
	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	p(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif" font-size="11">`+"\n", width, height, width, height)
	p(`<rect width="100%%" height="100%%" fill="#fff"/>` + "\n")
	p(`<text x="12" y="22" font-size="15" font-weight="bold">Terminology shifts in the Comprehensive Rules, %d–%d</text>`+"\n", first.Year(), last.Year())
	// Legend.
	ly := 44
	p(`<g transform="translate(12,%d)">`, ly)
	p(`<line x1="0" y1="-4" x2="22" y2="-4" stroke="%s" stroke-width="2.5"/><text x="28" y="0">old phrase (occurrences per revision)</text>`, colourOld)
	p(`<line x1="262" y1="-4" x2="284" y2="-4" stroke="%s" stroke-width="2.5"/><text x="290" y="0">new phrase</text>`, colourNew)
	p(`<line x1="380" y1="-12" x2="380" y2="4" stroke="%s" stroke-dasharray="3,2"/><text x="386" y="0">measured shift (old phrase fell)</text>`, colourShift)
	p("</g>\n")
	for i, s := range series {
		ox, oy := (i%cols)*panelW, legendH+(i/cols)*panelH
		panel(p, s, dates[i], x0, x1, ox, oy, i%cols == 0, i/cols == rows-1 || i+cols >= len(series))
	}
	p("</svg>\n")
	return bw.Flush()
}

// panel draws one series at (ox, oy); yTitle and xTitle say whether it
// carries the axis titles (left column, bottom row).
func panel(p func(string, ...any), s TermSeries, dates []time.Time, x0, x1 time.Time, ox, oy int, yTitle, xTitle bool) {
	pw, ph := float64(panelW-plotL-plotR), float64(panelH-plotT-plotB)
	span := x1.Sub(x0).Hours()
	xOf := func(d time.Time) float64 { return float64(plotL) + pw*d.Sub(x0).Hours()/span }
	top := 0
	for _, c := range s.Counts {
		top = max(top, c.Old, c.New)
	}
	step := niceStep(top)
	yMax := max(step, int(math.Ceil(float64(top)/float64(step)))*step)
	yOf := func(v int) float64 { return float64(plotT) + ph*(1-float64(v)/float64(yMax)) }
	p(`<g transform="translate(%d,%d)">`+"\n", ox, oy)
	// Title: the shift, old → new, on one line or two.
	old, nw := html.EscapeString(s.Old), html.EscapeString(s.New)
	if len(s.Old)+len(s.New) <= 34 {
		p(`<text x="%d" y="22" font-size="12"><tspan fill="%s" font-weight="bold">%s</tspan> → <tspan fill="%s" font-weight="bold">%s</tspan></text>`+"\n", titleL, colourOld, old, colourNew, nw)
	} else {
		y := 12
		lines := wrap(s.Old, 38)
		for k, l := range lines {
			arrow := ""
			if k == len(lines)-1 {
				arrow = " →"
			}
			p(`<text x="%d" y="%d" font-size="12"><tspan fill="%s" font-weight="bold">%s</tspan>%s</text>`+"\n", titleL, y, colourOld, html.EscapeString(l), arrow)
			y += 13
		}
		for _, l := range wrap(s.New, 36) {
			p(`<text x="%d" y="%d" font-size="12"><tspan fill="%s" font-weight="bold">%s</tspan></text>`+"\n", titleL+12, y, colourNew, html.EscapeString(l))
			y += 13
		}
	}
	// Axes, grid and ticks.
	for v := 0; v <= yMax; v += step {
		y := yOf(v)
		p(`<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#e6e6e6"/><text x="%d" y="%.1f" text-anchor="end" fill="#444">%d</text>`+"\n", plotL, y, float64(plotL)+pw, y, plotL-4, y+4, v)
	}
	for y := x0.Year(); y <= x1.Year(); y++ {
		if y%5 != 0 {
			continue
		}
		x := xOf(time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC))
		p(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/><text x="%.1f" y="%.1f" text-anchor="middle" fill="#444">%d</text>`+"\n", x, float64(plotT)+ph, x, float64(plotT)+ph+4, colourAxe, x, float64(plotT)+ph+16, y)
	}
	p(`<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", plotL, float64(plotT)+ph, float64(plotL)+pw, float64(plotT)+ph, colourAxe)
	p(`<line x1="%d" y1="%d" x2="%d" y2="%.1f" stroke="%s"/>`+"\n", plotL, plotT, plotL, float64(plotT)+ph, colourAxe)
	if xTitle {
		p(`<text x="%.1f" y="%d" text-anchor="middle" fill="#222">effective date of the revision</text>`+"\n", float64(plotL)+pw/2, panelH-6)
	}
	if yTitle {
		p(`<text transform="translate(12,%.1f) rotate(-90)" text-anchor="middle" fill="#222">occurrences</text>`+"\n", float64(plotT)+ph/2)
	}
	// The shift.
	if s.Shift != "" {
		if d, err := time.Parse(time.DateOnly, s.Shift); err == nil {
			x := xOf(d)
			anchor, dx := "start", 3.0
			if x > float64(plotL)+pw*0.7 {
				anchor, dx = "end", -3
			}
			p(`<line x1="%.1f" y1="%d" x2="%.1f" y2="%.1f" stroke="%s" stroke-dasharray="3,2"/>`, x, plotT-4, x, float64(plotT)+ph, colourShift)
			p(`<text x="%.1f" y="%d" text-anchor="%s" fill="%s" font-size="10">%s</text>`+"\n", x+dx, plotT+6, anchor, colourShift, html.EscapeString(s.Shift))
		}
	}
	// The two phrases, as steps: a count holds until the next revision.
	for _, line := range []struct {
		colour string
		get    func(TermCount) int
	}{{colourOld, func(c TermCount) int { return c.Old }}, {colourNew, func(c TermCount) int { return c.New }}} {
		var b strings.Builder
		for k, c := range s.Counts {
			x, y := xOf(dates[k]), yOf(line.get(c))
			if k == 0 {
				fmt.Fprintf(&b, "M%.1f,%.1f", x, y)
			} else {
				fmt.Fprintf(&b, "H%.1fV%.1f", x, y)
			}
		}
		fmt.Fprintf(&b, "H%.1f", xOf(dates[len(dates)-1].AddDate(0, 3, 0)))
		p(`<path d="%s" fill="none" stroke="%s" stroke-width="2" stroke-linejoin="round"/>`+"\n", b.String(), line.colour)
	}
	p("</g>\n")
}

// wrap breaks s into lines of at most n bytes at spaces (a longer word
// stands alone).
func wrap(s string, n int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur != "" && len(cur)+1+len(w) > n {
			lines = append(lines, cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	return append(lines, cur)
}

// niceStep picks a tick step of 1, 2 or 5 times a power of ten giving
// three to six ticks up to top.
func niceStep(top int) int {
	if top <= 0 {
		return 1
	}
	for mag := 1; ; mag *= 10 {
		for _, m := range []int{1, 2, 5} {
			if top/(m*mag) <= 5 {
				return m * mag
			}
		}
	}
}
