package cli

import (
	"fmt"
	"html"
	"strings"
)

// termsSVG draws the old-phrase counts per revision as lines, one a
// lexicon entry, with the measured shifts marked.
func termsSVG(rows []termJSON) string {
	const w, left, right, top, bottom = 960.0, 60.0, 290.0, 30.0, 50.0
	h := max(460.0, top+bottom+14*float64(len(rows))) // room for the legend
	n := len(rows[0].Counts)
	peak := 1
	for _, r := range rows {
		for _, c := range r.Counts {
			peak = max(peak, c.Old, c.New)
		}
	}
	x := func(i int) float64 { return left + (w-left-right)*float64(i)/float64(max(1, n-1)) }
	y := func(v int) float64 { return top + (h-top-bottom)*(1-float64(v)/float64(peak)) }
	colors := []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="11">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="18" font-size="14">Occurrences per revision (case-insensitive whole words)</text>`+"\n", left)
	// Axes, year ticks, count ticks.
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n", left, h-bottom, w-right, h-bottom)
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n", left, top, left, h-bottom)
	lastYear := ""
	for i, c := range rows[0].Counts {
		if year := c.Rev[:4]; year != lastYear && (year[3] == '0' || year[3] == '5' || i == 0) {
			lastYear = year
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#ccc"/><text x="%.1f" y="%.0f" text-anchor="middle">%s</text>`+"\n", x(i), top, x(i), h-bottom+4, x(i), h-bottom+18, year)
		}
	}
	for k := 0; k <= 4; k++ {
		v := peak * k / 4
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end">%d</text>`+"\n", left-6, y(v)+4, v)
	}
	for k, r := range rows {
		col := colors[k%len(colors)]
		var pts []string
		for i, c := range r.Counts {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(c.Old)))
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>`+"\n", col, strings.Join(pts, " "))
		if len(rows) <= 3 {
			pts = pts[:0]
			for i, c := range r.Counts {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(c.New)))
			}
			fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="1.5" stroke-dasharray="4 3" points="%s"/>`+"\n", col, strings.Join(pts, " "))
		}
		if r.Shift != "" {
			i := revIndex(r.Counts, r.Shift)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s: %s</title></circle>`+"\n", x(i), y(r.Counts[i].Old), col, html.EscapeString(r.Old), r.Shift)
		}
		label := r.Old + " → " + r.New
		if r.Shift != "" {
			label += " (" + r.Shift + ")"
		}
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="%s" stroke-width="2"/><text x="%.0f" y="%.0f">%s</text>`+"\n",
			w-right+10, top+14*float64(k)+6, w-right+24, top+14*float64(k)+6, col, w-right+28, top+14*float64(k)+10, html.EscapeString(clip(label, 34)))
	}
	if len(rows) <= 3 {
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" fill="#555">solid: old phrase, dashed: new phrase</text>`+"\n", left, h-12)
	}
	b.WriteString("</svg>\n")
	return b.String()
}
