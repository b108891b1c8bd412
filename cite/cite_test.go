package cite

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	src := "// rule 702.51: convoke\n" +
		"x := 3.14159 // 100.5 is a plain number here\n" +
		"see CR 502.46 and CR502.2, §702.163 and § 701.2\n" +
		"the subrule 702.19c needs no prefix\n" +
		"host 192.168.100.1, version 1.702.5, v702.5, 702.5.1\n" +
		"Rules 100.1 and 100.2. RULE 101.1\n"
	var got []string
	for _, c := range Scan("x.go", []byte(src)) {
		got = append(got, fmt.Sprintf("%d:%d %s", c.Line, c.Col, c.Text))
	}
	want := "1:4 rule 702.51 3:5 CR 502.46 3:19 CR502.2 3:28 §702.163 3:41 § 701.2 4:13 702.19c 6:1 Rules 100.1 6:17 100.2 6:24 RULE 101.1"
	if strings.Join(got, " ") != want {
		t.Errorf("Scan:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestIdentWords(t *testing.T) {
	if got := strings.Join(identWords("ConvokeAbility first_strike HTTPServer"), " "); got != "convoke ability first strike httpserver" {
		t.Errorf("identWords: %q", got)
	}
}

// BenchmarkScan measures the scan of source code: 8 MB of Go-like lines
// with a citation in one line of fifty.
func BenchmarkScan(b *testing.B) {
	var src bytes.Buffer
	for i := 0; src.Len() < 8<<20; i++ {
		if i%50 == 0 {
			fmt.Fprintf(&src, "\t// Convoke (see rule 702.51a): tap creatures to pay %d\n", i)
		} else {
			fmt.Fprintf(&src, "\tfor i := 0; i < len(xs); i++ { total += xs[i] * %d.5 } // step %d\n", i%977, i)
		}
	}
	b.SetBytes(int64(src.Len()))
	b.ReportAllocs()
	for b.Loop() {
		Scan("bench.go", src.Bytes())
	}
}
