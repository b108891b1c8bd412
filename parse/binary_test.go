package parse_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
)

// TestBinaryRoundTrip decodes the binary form of every embedded revision,
// of the seeds (fragments) and of the txtar cases (bad inputs, wrapped
// layouts, misnumbered rules) into a document equal to the parse, its
// unexported index included, and answering lookups as the parse does.
func TestBinaryRoundTrip(t *testing.T) {
	var docs []*parse.Document
	for _, d := range corpusDocs(t) {
		docs = append(docs, d)
	}
	seeds, _ := filepath.Glob(filepath.Join(seedsDir, "*.txt"))
	for _, p := range seeds {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := parse.Parse(filepath.Base(p), src); err == nil {
			docs = append(docs, d)
		}
	}
	if len(docs) < 126 {
		t.Fatalf("%d documents, want every revision and some seeds", len(docs))
	}
	for _, d := range docs {
		b, err := d.AppendBinary(nil)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		got, err := parse.DecodeBinary(b)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if !reflect.DeepEqual(got, d) {
			t.Errorf("%s: the decoded document differs from the parse", d.Name)
			continue
		}
		for _, id := range d.IDs() {
			if got.Rule(id) == nil || got.Rule(id).Pos != d.Rule(id).Pos {
				t.Errorf("%s: rule %s not found as parsed", d.Name, id)
				break
			}
		}
		if len(got.Glossary) > 0 && got.GlossaryEntry(d.Glossary[0].Term) == nil {
			t.Errorf("%s: glossary term %q not found", d.Name, d.Glossary[0].Term)
		}
	}
}

// TestBinaryNilAndEmpty keeps a nil list and an empty one apart: --json
// prints them differently (null, []).
func TestBinaryNilAndEmpty(t *testing.T) {
	d, err := parse.ParseText("x.txt", "100. General\n\n100.1. A rule.\n\n100.1a A subrule.\n", parse.UTF8)
	if err != nil {
		t.Fatal(err)
	}
	r := d.Rule(parse.MustParseRuleID("100.1"))
	r.Examples = []*parse.Example{}
	d.Credits = nil
	d.Index = []*parse.Paragraph{}
	b, err := d.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := parse.DecodeBinary(b)
	if err != nil {
		t.Fatal(err)
	}
	gr := got.Rule(parse.MustParseRuleID("100.1"))
	if gr.Examples == nil || got.Index == nil || got.Credits != nil {
		t.Errorf("examples %#v, index %#v, credits %#v: nil and empty lists not kept apart", gr.Examples, got.Index, got.Credits)
	}
	if gr.Children[0].Examples != nil {
		t.Errorf("a nil list decoded as %#v", gr.Children[0].Examples)
	}
}

// TestBinaryRefusesDamage cuts the form of the latest revision short at
// every 1/211 of its length and changes bytes at every 1/307: each either
// fails with ErrBadTree or decodes (a checksum outside the form catches
// what decodes), and none panics.
func TestBinaryRefusesDamage(t *testing.T) {
	d := latestDoc(t)
	b, err := d.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(b); i += len(b)/211 + 1 {
		if _, err := parse.DecodeBinary(b[:i]); !errors.Is(err, parse.ErrBadTree) {
			t.Fatalf("cut at %d of %d: %v, want ErrBadTree", i, len(b), err)
		}
	}
	refused := 0
	for i := 0; i < len(b); i += len(b)/307 + 1 {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			c := append([]byte(nil), b...)
			c[i] ^= x
			if _, err := parse.DecodeBinary(c); err != nil {
				if !errors.Is(err, parse.ErrBadTree) {
					t.Fatalf("byte %d ^ %#x: %v, want ErrBadTree", i, x, err)
				}
				refused++
			}
		}
	}
	if refused == 0 {
		t.Error("no damaged form was refused")
	}
	old := append([]byte(nil), b...)
	old[len("crules-tree\n")]++ // the version
	if _, err := parse.DecodeBinary(old); !errors.Is(err, parse.ErrBadTree) || !strings.Contains(err.Error(), "version") {
		t.Errorf("another version: %v", err)
	}
}

func latestDoc(t testing.TB) *parse.Document {
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	revs := a.Revisions()
	r := revs[len(revs)-1]
	text, err := a.Text(r)
	if err != nil {
		t.Fatal(err)
	}
	d, err := parse.Parse(r.File, text)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestTreeDigest holds the SHA-256 of every embedded revision's binary
// form under parse.TreeVersion, in testdata/tree-digest.golden. Caches
// key a stored tree on that version: when the parser reads any revision
// differently, or the form changes, the digest changes and the version
// must change with it, or a cache would serve the old parse: -update
// refreshes the file only once the version was raised.
func TestTreeDigest(t *testing.T) {
	ds := corpusDocs(t)
	a, _ := corpus.Default()
	h := sha256.New()
	for _, r := range a.Revisions() {
		b, err := ds[r.Name()].AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
	}
	got := fmt.Sprintf("version %d\nsha256 %x\n", parse.TreeVersion, h.Sum(nil))
	path := filepath.Join("testdata", "tree-digest.golden")
	if want, err := os.ReadFile(path); err == nil {
		wantVersion, _, _ := strings.Cut(strings.TrimPrefix(string(want), "version "), "\n")
		if string(want) != got && wantVersion == strconv.Itoa(parse.TreeVersion) {
			t.Fatalf("the binary trees of the revisions changed but parse.TreeVersion is still %d: raise it, then run with -update\n got: %s", parse.TreeVersion, got)
		}
	}
	golden.Check(t, path, []byte(got))
}

func BenchmarkBinaryLatest(b *testing.B) {
	d := latestDoc(b)
	data, err := d.AppendBinary(nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := parse.DecodeBinary(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := d.AppendBinary(nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
