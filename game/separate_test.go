package game

import (
	"strings"
	"testing"
)

// TestSeparate: 702.16g (2026-01-16; 502.7g from 2009-05-01) says
// ""Protection from [quality A] and from [quality B]" is shorthand for
// "protection from [quality A]" and "protection from [quality B]"; it
// behaves as two separate protection abilities", and 702.16h the same of
// "protection from each [characteristic]": such an ability is listed as
// the abilities it is, any other as itself.
func TestSeparate(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Protection from red and from blue", "Protection from red|Protection from blue"},
		{"Protection from red, from blue, and from green", "Protection from red|Protection from blue|Protection from green"},
		{"Protection from each color", "Protection from white|Protection from blue|Protection from black|Protection from red|Protection from green"},
		{"Protection from red", "Protection from red"},
		{"Protection from everything", "Protection from everything"},
		{"Affinity for artifacts", "Affinity for artifacts"},
		{"Flying", "Flying"},
	} {
		a, isKw, err := ParseAbility(tc.text)
		if err != nil || !isKw {
			t.Fatalf("%s: %v", tc.text, err)
		}
		var got []string
		for _, s := range a.Separate() {
			if s.Keyword != a.Keyword {
				t.Errorf("%s: %s has keyword %q", tc.text, s.Text, s.Keyword)
			}
			got = append(got, s.Text)
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("%s: %q, want %s", tc.text, got, tc.want)
		}
	}
}
