package parse

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// refs prints references as "String@Start:End/Prefix".
func refs(rs []RuleRef) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s@%d:%d", r, r.Start, r.End)
		if r.Prefix != "" {
			b.WriteString("/" + r.Prefix)
		}
	}
	return b.String()
}

func TestParseRuleRefs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"702.47a", "702.47a@0:7"},
		{"702.47A", "702.47a@0:7"},
		{"702.47.", "702.47@0:7"},
		{"702", "702@0:3"},
		{"7", "7@0:1"},
		{"7.", "7@0:2"},
		{"601.2f–h", "601.2f–h@0:10"},
		{"601.2f-h", "601.2f–h@0:8"},
		{"601.2F-H", "601.2f–h@0:8"},
		{"601.2f–601.2h", "601.2f–h@0:15"},
		{"702.1-702.5", "702.1–702.5@0:11"},
		{"CR 702.47a", "702.47a@0:10/CR"},
		{"cr702.47a", "702.47a@0:9/cr"},
		{"§702.47a", "702.47a@0:9/§"},
		{"§ 702.47a", "702.47a@0:10/§"},
		{"rule 702.47a", "702.47a@0:12/rule"},
		{"Rule 702.47a.", "702.47a@0:13/Rule"},
		{"rules 702.47a and 702.47b", "702.47a@0:13/rules 702.47b@18:25/rules"},
		{"702.47a, 702.47b;702.48 or 7", "702.47a@0:7 702.47b@9:16 702.48@17:23 7@27:28"},
		{" 702.47a ", "702.47a@1:8"},
		{"CR 7", "7@0:4"},
		{"§7.", "7@0:4"},
		{"rule 7", "7@0:6"},
	} {
		got, err := ParseRuleRefs(tc.in)
		if err != nil || refs(got) != tc.want {
			t.Errorf("ParseRuleRefs(%q) = %s, %v; want %s", tc.in, refs(got), err, tc.want)
		}
	}
	for _, tc := range []struct {
		in   string
		col  int
		text string
	}{
		{"banana", 1, `"banana"`},
		{"", 1, "ends before"},
		{"702.47ab", 7, `"ab"`},
		{"rule", 5, "ends before"},
		{"702.47a, 70", 10, `"70"`},
		{"10", 1, `"10"`},
		{"601.2h–f", 7, `"–f"`},
		{"702.47a702", 8, `"702"`},
		{"CR 70", 4, `"70"`},
	} {
		got, err := ParseRuleRefs(tc.in)
		var re *RuleRefError
		if !errors.As(err, &re) || got != nil {
			t.Errorf("ParseRuleRefs(%q) = %s, %v; want an error", tc.in, refs(got), err)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, fmt.Sprintf("col %d: ", tc.col)) || !strings.Contains(msg, tc.text) || !strings.Contains(msg, "accepted forms") {
			t.Errorf("ParseRuleRefs(%q): error %q, want col %d and %s", tc.in, msg, tc.col, tc.text)
		}
	}
}

func TestFindRuleRefs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"// rule 702.51: convoke", "702.51@3:14/rule"},
		{"see CR 502.46 and CR502.2, §702.163 and § 701.2", "502.46@4:13/CR 502.2@18:25/CR 702.163@27:36/§ 701.2@41:49/§"},
		{"Rules 100.1 and 100.2. RULE 101.1", "100.1@0:11/Rules 100.2@16:21/Rules 101.1@23:33/RULE"},
		{"rules 601.2f–h, 601.2i and 601.3", "601.2f–h@0:16/rules 601.2i@18:24/rules 601.3@29:34/rules"},
		{"as 601.2f-601.2h says", "601.2f–h@3:16"},
		{"host 192.168.100.1, version 1.702.5, v702.5, 702.5.1, 7021.5", ""},
		{"702.47and 702.47ab 702.4712345", ""},
		{"// Convoke 502.46", "502.46@11:17"},
		{"rule 702.19 then 702.20", "702.19@0:11/rule 702.20@17:23"},
		{"chapter 702 and 702.19-2020", "702@8:11 702.19@16:22"},
		{"PRULE 702.1, XCR 702.2", "702.1@6:11 702.2@17:22"},
	} {
		if got := refs(slices.Collect(FindRuleRefs(tc.in))); got != tc.want {
			t.Errorf("FindRuleRefs(%q)\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

func TestRuleRefIDs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"601.2j-p", "601.2j 601.2k 601.2m 601.2n 601.2p"},
		{"702.1-702.3", "702.1 702.2 702.3"},
		{"100-102", "100 101 102"},
		{"702.47a", "702.47a"},
		{"7", ""},
		{"100.1a-702.1b", "100.1a 702.1b"},
	} {
		rs, err := ParseRuleRefs(tc.in)
		if err != nil || len(rs) != 1 {
			t.Fatalf("ParseRuleRefs(%q) = %v, %v", tc.in, rs, err)
		}
		var got []string
		for _, id := range rs[0].IDs() {
			got = append(got, id.String())
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s.IDs() = %v, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzRuleRefs checks that both readers stay inside their input and that
// every reference ParseRuleRefs returns names something.
func FuzzRuleRefs(f *testing.F) {
	for _, s := range []string{"601.2f–h", "rules 702.47a and 702.47b", "§702.1-702.3", "CR502.2", "7.", "702.47A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for r := range FindRuleRefs(s) {
			if r.Start < 0 || r.Start >= r.End || r.End > len(s) {
				t.Fatalf("FindRuleRefs(%q): %v out of range", s, r)
			}
		}
		rs, err := ParseRuleRefs(s)
		if err != nil {
			return
		}
		for _, r := range rs {
			if r.Start < 0 || r.Start >= r.End || r.End > len(s) || r.Part == 0 && r.ID.IsZero() {
				t.Fatalf("ParseRuleRefs(%q): %+v", s, r)
			}
		}
	})
}

func ExampleParseRuleRefs() {
	refs, err := ParseRuleRefs("CR 601.2f–h, rules 702.47a and 702.47B, 7")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range refs {
		fmt.Printf("%s %v %q\n", r, r.IDs(), r.Prefix)
	}
	_, err = ParseRuleRefs("702.47a banana")
	fmt.Println(err != nil)
	// Output:
	// 601.2f–h [601.2f 601.2g 601.2h] "CR"
	// 702.47a [702.47a] "rules"
	// 702.47b [702.47b] "rules"
	// 7 [] ""
	// true
}
