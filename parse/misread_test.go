package parse_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/crules/crules/parse"
)

// TestMixedEncoding: two revisions pasted together, one half UTF-8
// (2022-09-08) and the other Windows-1252 (2022-10-07), read each line in
// the encoding it is valid in, with a warning at the first character read
// as Windows-1252. Before, the whole was read as Windows-1252: "card’s" in
// rule 101.1 became "cardâ€™s", and nothing said so.
func TestMixedEncoding(t *testing.T) {
	read := func(name string) ([]byte, *parse.Document) {
		raw, err := os.ReadFile(filepath.Join(sharedCorpus, name))
		if err != nil {
			t.Fatal(err)
		}
		d, err := parse.Parse(name, raw)
		if err != nil {
			t.Fatal(err)
		}
		return bytes.TrimPrefix(raw, []byte{0xEF, 0xBB, 0xBF}), d
	}
	utf8Raw, utf8Doc := read("CR-2022-09-08.txt")
	cpRaw, cpDoc := read("CR-2022-10-07.txt")
	if utf8Doc.Encoding != parse.UTF8BOM || cpDoc.Encoding != parse.Windows1252 {
		t.Fatalf("encodings %s and %s, want UTF-8 and Windows-1252", utf8Doc.Encoding, cpDoc.Encoding)
	}
	cut := func(raw []byte) int {
		i := bytes.Index(raw, []byte("702.2. Deathtouch"))
		if i < 0 {
			t.Fatal("no 702.2")
		}
		return i
	}
	u, c := cut(utf8Raw), cut(cpRaw)
	uText, cpText := string(utf8Raw), cpDoc.Text
	cpCut := strings.Index(cpText, "702.2. Deathtouch")
	for _, tc := range []struct {
		name     string
		src      []byte
		text     string
		from1252 string // rule read from the Windows-1252 half
		fromUTF8 string // and one from the UTF-8 half
		at       string // the text at the first warning
	}{
		{"utf-8 then windows-1252", append(utf8Raw[:u:u], cpRaw[c:]...), uText[:u] + cpText[cpCut:], "702.2b", "101.1", "’s been dealt damage"},
		{"windows-1252 then utf-8", append(cpRaw[:c:c], utf8Raw[u:]...), cpText[:cpCut] + uText[u:], "101.1", "702.2b", "® competitive game play"},
	} {
		got, err := parse.Parse("mixed.txt", tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got.Encoding != parse.Mixed {
			t.Errorf("%s: encoding %q, want %q", tc.name, got.Encoding, parse.Mixed)
		}
		if got.Text != tc.text {
			t.Errorf("%s: the text is not each half decoded as its own encoding", tc.name)
		}
		for id, want := range map[string]*parse.Document{tc.from1252: cpDoc, tc.fromUTF8: utf8Doc} {
			g, w := got.Rule(parse.MustParseRuleID(id)), want.Rule(parse.MustParseRuleID(id))
			if g == nil || w == nil || g.Text != w.Text {
				t.Errorf("%s: rule %s is %+v, want %+v", tc.name, id, g, w)
			}
		}
		var legacy []*parse.Diagnostic
		for _, w := range got.Warnings {
			if strings.Contains(w.Msg, "not UTF-8, as the rest of the file is: read as Windows-1252") {
				legacy = append(legacy, w)
			}
		}
		if len(legacy) == 0 {
			t.Fatalf("%s: no warning about the Windows-1252 lines: %v", tc.name, got.Warnings)
		}
		w := legacy[0]
		if !strings.HasPrefix(got.Text[w.Pos.Offset:], tc.at) {
			t.Errorf("%s: first warning at %d:%d, on %q, want on %q", tc.name, w.Pos.Line, w.Pos.Col, got.Text[w.Pos.Offset:min(len(got.Text), w.Pos.Offset+30)], tc.at)
		}
		lines := regexp.MustCompile("\r\n|\r|\n").Split(got.Text, -1)
		if l := w.Pos.Line; l < 1 || l > len(lines) || !strings.HasPrefix(string([]rune(lines[l-1])[w.Pos.Col-1:]), tc.at) {
			t.Errorf("%s: first warning at %d:%d does not point at %q", tc.name, w.Pos.Line, w.Pos.Col, tc.at)
		}
	}
}

// TestSubruleLetterPastZ: "702.2aa", a subrule letter past z (no revision
// prints one), is not silently appended to the rule before it: a warning
// points at it.
func TestSubruleLetterPastZ(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(sharedCorpus, "CR-2026-01-16.txt"))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(raw, []byte("702.2c Any nonzero"))
	src := append(append(raw[:i:i], "702.2aa A subrule past z.\r\n\r\n"...), raw[i:]...)
	d, err := parse.Parse("aa.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	var found *parse.Diagnostic
	for _, w := range d.Warnings {
		if strings.Contains(w.Msg, `"702.2aa" is not a rule number (subrule letters run from a to z)`) {
			found = w
		}
	}
	if found == nil || !strings.HasPrefix(d.Text[found.Pos.Offset:], "702.2aa A subrule") || found.Pos.Col != 1 {
		t.Fatalf("no warning at 702.2aa: %v", d.Warnings)
	}
	if r := d.Rule(parse.MustParseRuleID("702.2c")); r == nil || !strings.HasPrefix(r.Text, "Any nonzero") {
		t.Errorf("702.2c after it: %+v", r)
	}
}
