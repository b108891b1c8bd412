package cite

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	src := "// rule 702.51: convoke\n" +
		"x := 3.14159 // 100.5 is a plain number here\n" +
		"see CR 502.46 and CR502.2, §702.163 and § 701.2\n" +
		"the subrule 702.19c needs no prefix\n" +
		"host 192.168.100.1, version 1.702.5, v702.5, 702.5.1\n" +
		"Rules 100.1 and 100.2. RULE 101.1\n" +
		"\t// Convoke 502.46\n" +
		"\t// 702.19 trample\n" +
		"\tString version = \"702.19\"; // bumped when a rule changes\n" +
		"IEEE 802.11b; 17 U.S.C. § 107.1; 702.5 ms\n" +
		"see https://example.com/cr/502.46a.html, [CR 702.47a](https://example.com/cr/702.47a.html)\n" +
		"path /srv/rules/409.1b/index, C:\\Rules\\702.51a\\x, www.example.com#702.19b, 601.2f.txt\n" +
		"rules 601.2f/601.2g, 702.21a/b; (CR 702.47a) ends at 702.47a. Then 702.47a, done\n"
	var got []string
	for _, c := range Scan("x.go", []byte(src)) {
		got = append(got, fmt.Sprintf("%d:%d %s", c.Line, c.Col, c.Text))
	}
	want := "1:4 rule 702.51 3:5 CR 502.46 3:19 CR502.2 3:28 §702.163 3:41 § 701.2 4:13 702.19c 6:1 Rules 100.1 6:17 100.2 6:24 RULE 101.1 7:13 502.46 8:5 702.19 " +
		"11:43 CR 702.47a 13:1 rules 601.2f 13:14 601.2g 13:22 702.21a 13:34 CR 702.47a 13:54 702.47a 13:68 702.47a"
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

// TestAccuracy measures Scan on testdata/accuracy.tsv: lines of engine
// code and documents that cite rules, and lines with numbers that only
// look like rule numbers (versions, prices, addresses, other documents'
// sections). A label "702.51=convoke" also says which title stands next
// to the number (Citation.Named; "601.2f=" for none), so a keyword is not
// given to another number of its line. go test ./cite -run Accuracy -v
// prints the figures and every miss.
func TestAccuracy(t *testing.T) {
	data, err := os.ReadFile("testdata/accuracy.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var tp, fp, fn, lines, citing, namedOK, namedBad int
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "##") {
			continue
		}
		label, text, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("accuracy.tsv:%d: no tab", n+1)
		}
		lines++
		want := map[string]bool{}
		wantName := map[string]string{}
		if label != "-" {
			citing++
			for _, id := range strings.Split(label, ",") {
				id, name, ok := strings.Cut(id, "=")
				want[id] = true
				if ok {
					wantName[id] = name
				}
			}
		}
		got := map[string]bool{}
		for _, c := range Scan("x", []byte(text)) {
			got[c.ID.String()] = true
			if name, ok := wantName[c.ID.String()]; ok {
				if c.Named == name {
					namedOK++
				} else {
					namedBad++
					t.Errorf("accuracy.tsv:%d: %s is named %q, want %q: %s", n+1, c.ID, c.Named, name, text)
				}
			}
		}
		for id := range got {
			if want[id] {
				tp++
			} else {
				fp++
				t.Logf("accuracy.tsv:%d: %s is not a citation: %s", n+1, id, text)
			}
		}
		for id := range want {
			if !got[id] {
				fn++
				t.Logf("accuracy.tsv:%d: missed %s: %s", n+1, id, text)
			}
		}
	}
	precision := float64(tp) / float64(tp+fp)
	recall := float64(tp) / float64(tp+fn)
	t.Logf("%d lines (%d citing, %d look-alikes), %d citations: precision %.3f, recall %.3f; %d of %d titles beside a number right", lines, citing, lines-citing, tp+fn, precision, recall, namedOK, namedOK+namedBad)
	if lines < 100 || citing < lines/3 || lines-citing < lines/3 {
		t.Errorf("accuracy.tsv has %d lines, %d of them citing: want at least 100, balanced", lines, citing)
	}
	if precision < 0.95 || recall < 0.95 {
		t.Errorf("precision %.3f, recall %.3f: want at least 0.95 each", precision, recall)
	}
}

// FuzzScan checks that every citation Scan reports stands where it says.
func FuzzScan(f *testing.F) {
	for _, s := range []string{"// Convoke 502.46\n", "see rules 601.2f–h and 702.47a.\n", "x = 702.5; v702.5 §\n§ 100.1", "Fear is at 702.36 in the CR", "\n\n702.19 trample\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		for _, c := range Scan("f.go", []byte(s)) {
			if c.Line < 1 || c.Line > len(lines) || lines[c.Line-1] != c.LineText || c.Col < 1 {
				t.Fatalf("%q: citation %+v is not on its line", s, c)
			}
			if !strings.Contains(c.LineText, c.Text) || !strings.Contains(c.Text, c.ID.String()[:3]) {
				t.Fatalf("%q: citation %q (%s) not in %q", s, c.Text, c.ID, c.LineText)
			}
		}
	})
}
