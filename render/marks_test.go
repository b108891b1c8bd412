package render

import (
	"reflect"
	"strings"
	"testing"
)

func TestSegments(t *testing.T) {
	for _, tc := range []struct {
		s     string
		marks [][2]int
		want  []Segment
	}{
		{"splice onto arcane", [][2]int{{0, 6}, {12, 18}}, []Segment{{"splice", true}, {" onto ", false}, {"arcane", true}}},
		{"splice", nil, []Segment{{"splice", false}}},
		{"", nil, []Segment{{"", false}}},
		{"splice", [][2]int{{0, 6}}, []Segment{{"splice", true}}},
		// Overlapping and out-of-range marks are left out.
		{"abcdef", [][2]int{{1, 3}, {2, 4}, {4, 9}}, []Segment{{"a", false}, {"bc", true}, {"def", false}}},
	} {
		got := Segments(tc.s, tc.marks)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Segments(%q, %v) = %+v, want %+v", tc.s, tc.marks, got, tc.want)
		}
		var b strings.Builder
		for _, seg := range got {
			b.WriteString(seg.Text)
		}
		if b.String() != tc.s {
			t.Errorf("Segments(%q) loses text: %q", tc.s, b.String())
		}
	}
	p := TextPrinter{Color: true}
	if got := p.Highlight("splice onto arcane", [][2]int{{12, 18}}); got != "splice onto \x1b[1;33marcane\x1b[0m" {
		t.Errorf("Highlight: %q", got)
	}
	p.Color = false
	if got := p.Highlight("splice onto arcane", [][2]int{{12, 18}}); got != "splice onto arcane" {
		t.Errorf("Highlight without colour: %q", got)
	}
}
