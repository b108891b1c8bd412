package render

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 warnings"}, {1, "1 warning"}, {2, "2 warnings"}} {
		if got := Count(tc.n, "warning", "warnings"); got != tc.want {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
