package parse

import "testing"

func TestParseRuleID(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		level    Level
	}{
		{"702", "702", LevelChapter},
		{"702.", "702", LevelChapter},
		{"702.47", "702.47", LevelRule},
		{"702.47.", "702.47", LevelRule},
		{"702.47a", "702.47a", LevelSubrule},
		{"702.47A", "702.47a", LevelSubrule},
		{" 702.47a. ", "702.47a", LevelSubrule},
		{"119.1d.", "119.1d", LevelSubrule},
		{"100.10", "100.10", LevelRule},
	} {
		id, err := ParseRuleID(tc.in)
		if err != nil || id.String() != tc.want || id.Level() != tc.level {
			t.Errorf("ParseRuleID(%q) = %v (level %d), %v; want %s (level %d)", tc.in, id, id.Level(), err, tc.want, tc.level)
		}
	}
	for _, bad := range []string{"", "70", "7024", "702.47ab", "702.0", "abc", "702.47-", "099.1", "702..1", "1.", "+1/+1"} {
		if id, err := ParseRuleID(bad); err == nil {
			t.Errorf("ParseRuleID(%q) = %v, want an error", bad, id)
		}
	}
}

func TestRuleIDOrderAndParents(t *testing.T) {
	ordered := []string{"100", "100.1", "100.1a", "100.1b", "100.2", "100.10", "101", "702.9", "702.47", "702.47a", "702.47z", "702.100"}
	for i := 1; i < len(ordered); i++ {
		a, b := MustParseRuleID(ordered[i-1]), MustParseRuleID(ordered[i])
		if a.Compare(b) >= 0 || b.Compare(a) <= 0 {
			t.Errorf("%s should sort before %s", a, b)
		}
	}
	id := MustParseRuleID("702.47a")
	if p := id.Parent(); p.String() != "702.47" || p.Parent().String() != "702" || !p.Parent().Parent().IsZero() {
		t.Errorf("parents of 702.47a: %v, %v, %v", p, p.Parent(), p.Parent().Parent())
	}
	if id.Part() != 7 || id.ChapterID().String() != "702" {
		t.Errorf("702.47a: part %d chapter %v", id.Part(), id.ChapterID())
	}
	if !MustParseRuleID("702").Contains(id) || MustParseRuleID("702.4").Contains(id) {
		t.Error("Contains is wrong for 702 / 702.4 and 702.47a")
	}
}

func TestNextSubLetterSkipsLAndO(t *testing.T) {
	for in, want := range map[string]string{"": "a", "a": "b", "k": "m", "n": "p", "y": "z", "z": ""} {
		if got := NextSubLetter(in); got != want {
			t.Errorf("NextSubLetter(%q) = %q, want %q", in, got, want)
		}
	}
}
