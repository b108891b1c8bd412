package parse_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/tools/txtar"
)

// TestUTF16WithoutBOM: a published UTF-16 revision with its byte-order
// mark stripped parses to the same tree as the original, with a warning
// that names the byte order it was read in; so does the same text in the
// other byte order.
func TestUTF16WithoutBOM(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(sharedCorpus, "CR-2016-08-26.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte{0xFF, 0xFE}) {
		t.Fatal("CR-2016-08-26.txt is no longer UTF-16LE with a BOM")
	}
	want, err := parse.Parse("CR-2016-08-26.txt", raw)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _ := parse.Decode(raw)
	be, _ := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewEncoder().Bytes([]byte(text))
	for _, tc := range []struct {
		name, order string
		src         []byte
		enc         parse.Encoding
	}{
		{"le", "little-endian", raw[2:], parse.UTF16LE},
		{"be", "big-endian", be, parse.UTF16BE},
	} {
		got, err := parse.Parse("CR-2016-08-26.txt", tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got.Encoding != tc.enc {
			t.Errorf("%s: encoding %q, want %q", tc.name, got.Encoding, tc.enc)
		}
		if got.Text != want.Text || dumpDoc(got, false) != dumpDoc(want, false) {
			t.Errorf("%s: the tree differs from the original's", tc.name)
		}
		if len(got.Warnings) != len(want.Warnings)+1 || !strings.Contains(got.Warnings[0].Error(), "read as "+tc.order) {
			t.Errorf("%s: want one more warning than the original (%d), first naming %s; got %d: %v", tc.name, len(want.Warnings), tc.order, len(got.Warnings), got.Warnings)
		}
	}
}

// TestBadInputs: what is not a CR is an error with a clear message, never a
// panic and never a half-read document.
func TestBadInputs(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"the", "rule", "player", "card", "mana", "of", "a", "to", "\n", "\n\n", "1.", "See", "spell"}
	var random bytes.Buffer
	for random.Len() < 50<<20 {
		random.WriteString(words[rng.IntN(len(words))])
		random.WriteByte(' ')
	}
	for _, tc := range []struct {
		name string
		src  []byte
		kind error
		msg  string
	}{
		{"empty", nil, parse.ErrNotRules, "empty input"},
		{"blank", []byte(" \r\n\t\n"), parse.ErrNotRules, "empty input"},
		{"png", png, parse.ErrEncoding, "binary data"},
		{"random-50MB", random.Bytes(), parse.ErrEncoding, "larger than"},
		{"random-text", random.Bytes()[:1<<20], parse.ErrNotRules, "no numbered rules"},
		{"odd-utf16", []byte{0xFF, 0xFE, 'a', 0, 'b'}, parse.ErrEncoding, "odd number of bytes"},
		{"bad-utf8-after-bom", []byte("\xEF\xBB\xBF100.1. a \xff"), parse.ErrEncoding, "invalid UTF-8"},
		{"prose", []byte("Dear diary,\nToday I played 3 games and won 2.\n"), parse.ErrNotRules, "no numbered rules"},
	} {
		d, err := parse.Parse(tc.name, tc.src)
		if d != nil || err == nil {
			t.Errorf("%s: got a document and %v, want an error", tc.name, err)
			continue
		}
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), tc.name+":") {
			t.Errorf("%s: error %q, want one naming the file, wrapping %v and saying %q", tc.name, err, tc.kind, tc.msg)
		}
	}
}

// TestCutOffMidGlossary: a real revision cut in the middle of its glossary
// still parses, with a warning at the end.
func TestCutOffMidGlossary(t *testing.T) {
	a, _ := corpus.Default()
	r, _ := a.Select("2013-02-01")
	text, _ := a.Text(r)
	cut := text[:bytes.Index(text, []byte("\nAttack Multiple Players"))+len("\nAttack Multiple Players")]
	d, err := parse.Parse("cut.txt", cut)
	if err != nil {
		t.Fatal(err)
	}
	full := corpusDocs(t)["2013-02-01"]
	if d.Stats().Rules != full.Stats().Rules || len(d.Glossary) >= len(full.Glossary) || len(d.Glossary) == 0 {
		t.Errorf("cut: %+v, full: %+v", d.Stats(), full.Stats())
	}
	w := d.Warnings
	if len(w) != 1 || !strings.Contains(w[0].Msg, "cut off") || w[0].Pos.Line != bytes.Count(cut, []byte("\n"))+1 {
		t.Errorf("warnings %v, want one 'cut off' at the last line", w)
	}
}

// TestLineEndings: the same text with LF, CRLF, bare CR or a mixture gives
// the same tree; a bufio.Scanner would see one line in the bare-CR file.
func TestLineEndings(t *testing.T) {
	a, _ := corpus.Default()
	r, _ := a.Select("2009-05-01")
	text, _ := a.Text(r)
	want := dump("x", text)
	mixed := bytes.ReplaceAll(text, []byte("\n"), []byte("\r"))
	mixed = bytes.Replace(mixed, []byte("\r"), []byte("\r\n"), 12)
	for name, src := range map[string][]byte{
		"crlf":  bytes.ReplaceAll(text, []byte("\n"), []byte("\r\n")),
		"cr":    bytes.ReplaceAll(text, []byte("\n"), []byte("\r")),
		"mixed": mixed,
	} {
		if got := dump("x", src); got != want {
			t.Errorf("%s line endings give another tree", name)
		}
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/cases/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, fl := range ar.Files {
			if fl.Name == "input" {
				f.Add(fl.Data)
			}
		}
	}
	seeds, _ := filepath.Glob(filepath.Join(seedsDir, "*.txt"))
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("\xFF\xFE1\x000\x000\x00.\x001\x00 \x00x\x00"))
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := parse.Parse("fuzz", src)
		if (d == nil) == (err == nil) {
			t.Fatalf("Parse returned document %v and error %v", d != nil, err)
		}
		if d == nil {
			return
		}
		lines := strings.Count(d.Text, "\n") + strings.Count(d.Text, "\r") + 1
		check := func(what string, p parse.Pos) {
			if p.Line < 1 || p.Line > lines || p.Col < 1 || p.Offset < 0 || p.Offset > len(d.Text) {
				t.Fatalf("%s at %+v, outside the source (%d lines, %d bytes)", what, p, lines, len(d.Text))
			}
		}
		for _, p := range d.Parts {
			check("part", p.Pos)
			for _, c := range p.Chapters {
				check("chapter", c.Pos)
			}
		}
		d.Walk(func(r *parse.Rule) bool {
			check("rule "+r.ID.String(), r.Pos)
			for _, e := range r.Examples {
				check("example", e.Pos)
			}
			return true
		})
		for _, g := range d.Glossary {
			check("glossary", g.Pos)
		}
		for _, w := range d.Warnings {
			check("warning", w.Pos)
		}
		if d.Stats().Rules == 0 && len(d.Parts) > 0 && d.Parts[0].Chapters == nil {
			t.Fatal("a part with no chapters")
		}
	})
}
