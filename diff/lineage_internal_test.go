package diff

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// subtreeText is the text a rule's history compares, read off the parse:
// a titled rule with its subrules, without their numbers.
func subtreeText(r *parse.Rule) string {
	s := RuleText(r)
	if r.Title == "" {
		return s
	}
	var b strings.Builder
	b.WriteString(s)
	for _, c := range r.Children {
		b.WriteString("\n")
		b.WriteString(subtreeText(c))
	}
	return b.String()
}

// TestLineageKeepsWhatItLeavesOut: the lineage writes down only the links
// that are not the identity, and keeps the texts of every rule once. Read
// back (through its file too), every step is the comparison's whole list
// of links, and every rule's text the one the parse gives, in every
// revision.
func TestLineageKeepsWhatItLeavesOut(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	names := make([]string, len(revs))
	for i, r := range revs {
		names[i] = r.Name()
	}
	built := BuildLineage(names, docs, nil)
	var buf bytes.Buffer
	if err := built.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	size := buf.Len()
	buf0 := slices.Clone(buf.Bytes())
	read, err := DecodeLineage(&buf)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "lineage")
	if err := os.WriteFile(file, buf0, 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile, err := ReadLineageFile(file)
	if err != nil {
		t.Fatal(err)
	}
	written, all := 0, 0
	for name, l := range map[string]*Lineage{"built": built, "read back": read, "read from a file": fromFile} {
		for i := 0; i+1 < len(docs); i += 7 {
			want := links(Compare(docs[i], docs[i+1], nil))
			got := l.Step(i)
			if !sameLinks(got, want) {
				t.Errorf("%s: step %s → %s: %d links, the comparison has %d", name, names[i], names[i+1], len(got), len(want))
			}
			if name == "built" {
				written, all = written+int(l.h.stepAt.at(i+1)-l.h.stepAt.at(i)), all+len(want)
			}
		}
		for i, d := range docs {
			if i%5 != 0 && i != len(docs)-1 {
				continue
			}
			bad := 0
			d.Walk(func(r *parse.Rule) bool {
				if d.Rule(r.ID) != r {
					return true
				}
				if got, err := l.text(i, r.ID.String()); err != nil || got != subtreeText(r) {
					bad++
					if bad < 3 {
						t.Errorf("%s: %s of %s: lineage text %q, parse %q", name, r.ID, names[i], got, subtreeText(r))
					}
				}
				return true
			})
		}
		if !slices.Equal(l.Revs, names) || l.Title(len(names)-1, "702.47") != "Splice" {
			t.Errorf("%s: revisions or titles lost", name)
		}
	}
	if written*4 > all {
		t.Errorf("%d of %d links written down: the identities should be left out", written, all)
	}
	t.Logf("%d of %d links written down; %d bytes", written, all, size)
}

func sameLinks(a, b []Link) bool {
	key := func(ls []Link) []Link {
		out := slices.Clone(ls)
		sort.Slice(out, func(i, j int) bool {
			x, y := out[i], out[j]
			if x.A != y.A {
				return x.A < y.A
			}
			if x.B != y.B {
				return x.B < y.B
			}
			if x.Class != y.Class {
				return x.Class < y.Class
			}
			return !x.Moved && y.Moved
		})
		return out
	}
	return slices.Equal(key(a), key(b))
}

// TestDecodeLineageRefusesDamage: a truncated, altered or foreign file is
// an error, never a panic or a wrong lineage.
func TestDecodeLineageRefusesDamage(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	names := make([]string, 3)
	for i := range names {
		names[i] = revs[len(revs)-3+i].Name()
	}
	var buf bytes.Buffer
	l := BuildLineage(names, docs[len(docs)-3:], nil)
	if err := l.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	good := slices.Clone(buf.Bytes())
	if _, err := DecodeLineage(bytes.NewReader(good)); err != nil {
		t.Fatalf("the whole file: %v", err)
	}
	for _, n := range []int{0, 5, len(lineageMagic) + 1, len(good) / 2, len(good) - 1} {
		if _, err := DecodeLineage(bytes.NewReader(good[:n])); err == nil {
			t.Errorf("cut at %d of %d bytes: read without error", n, len(good))
		}
	}
	if _, err := DecodeLineage(bytes.NewReader(append(slices.Clone(good), 0))); err == nil {
		t.Error("a byte too many: read without error")
	}
	buf.Reset()
	l.Version = LineageVersion - 1
	if err := l.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeLineage(&buf); err == nil || !strings.Contains(err.Error(), "version") {
		t.Errorf("another version: %v", err)
	}
	// One bit flipped anywhere fails the read itself (in the head) or
	// the read of the part of the body it is in (reading every part, as
	// encoding the lineage again does, or checking them all, Verify),
	// ErrDamaged, from memory and from a file, so a cache is rebuilt
	// rather than trusted.
	path := filepath.Join(t.TempDir(), "lineage")
	readAll := func(l *Lineage, err error) error {
		if err != nil {
			return err
		}
		if err := l.Verify(); !errors.Is(err, ErrDamaged) {
			t.Errorf("Verify: %v, want ErrDamaged", err)
		}
		return l.Encode(io.Discard)
	}
	for i := len(lineageMagic) + 1; i < len(good); i += len(good) / 97 {
		bad := slices.Clone(good)
		bad[i] ^= 1 << (i % 8)
		if err := readAll(DecodeLineage(bytes.NewReader(bad))); err == nil {
			t.Errorf("bit %d of byte %d flipped: read without error", i%8, i)
		}
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := readAll(ReadLineageFile(path)); err == nil {
			t.Errorf("bit %d of byte %d flipped in a file: read without error", i%8, i)
		}
	}
	// The last bit flipped is in the body: the file opens (its head is
	// sound), and the part is refused when it is read.
	l, err := ReadLineageFile(path)
	if err != nil {
		t.Fatalf("a bit of the body flipped: the head is read: %v", err)
	}
	if err := l.Encode(io.Discard); !errors.Is(err, ErrDamaged) {
		t.Errorf("reading the damaged part: %v, want ErrDamaged", err)
	}
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if l, err := ReadLineageFile(path); err != nil {
		t.Errorf("the file undamaged: %v", err)
	} else if err := l.Verify(); err != nil {
		t.Errorf("the file undamaged: Verify: %v", err)
	}
}
