package render

// A Segment is a run of a snippet's text, marked when it matched a query.
type Segment struct {
	Text   string
	Marked bool
}

// Segments cuts s at the byte ranges marks (sorted, as index.Hit.Marks
// gives them) into marked and unmarked runs. Ranges that overlap one before
// them or run past s are left out.
func Segments(s string, marks [][2]int) []Segment {
	var out []Segment
	last := 0
	for _, m := range marks {
		if m[0] < last || m[1] > len(s) {
			continue
		}
		if m[0] > last {
			out = append(out, Segment{s[last:m[0]], false})
		}
		out = append(out, Segment{s[m[0]:m[1]], true})
		last = m[1]
	}
	if last < len(s) || len(out) == 0 {
		out = append(out, Segment{s[last:], false})
	}
	return out
}
