package corpus_test

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crules/crules/corpus"
)

// sharedCorpus is the raw corpus beside the repository, which only tests
// and the generator read.
const sharedCorpus = "../../shared/corpus"

func TestEveryRevisionMatchesItsSHA256(t *testing.T) {
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	revs := a.Revisions()
	if len(revs) != 125 {
		t.Fatalf("%d revisions embedded, want 125", len(revs))
	}
	if _, err := a.All(); err != nil {
		t.Fatal(err)
	}
	for _, r := range revs {
		raw, err := a.Raw(r)
		if err != nil {
			t.Fatalf("%s: %v", r.File, err)
		}
		sum := sha256.Sum256(raw)
		if got := hex.EncodeToString(sum[:]); got != r.SHA256 || len(raw) != r.Size {
			t.Errorf("%s: rebuilt bytes have sha256 %s (%d bytes), manifest says %s (%d bytes)", r.File, got, len(raw), r.SHA256, r.Size)
		}
	}
}

// TestManifestAgreesWithSharedCorpus checks the embedded manifest against
// the MANIFEST.tsv the archive was generated from, so a stale archive is
// caught.
func TestManifestAgreesWithSharedCorpus(t *testing.T) {
	f, err := os.Open(filepath.Join(sharedCorpus, "MANIFEST.tsv"))
	if err != nil {
		t.Fatalf("the raw corpus must sit beside the repository: %v", err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) > 4 && !strings.HasPrefix(c[0], "#") {
			want[c[0]] = c[1] + " " + c[4]
		}
	}
	a, _ := corpus.Default()
	got := map[string]string{}
	for _, r := range a.Revisions() {
		got[r.File] = r.Name() + " " + r.SHA256
	}
	if len(got) != len(want) {
		t.Errorf("embedded %d revisions, MANIFEST.tsv lists %d: run go generate ./corpus", len(got), len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: embedded %q, MANIFEST.tsv %q: run go generate ./corpus", k, got[k], v)
		}
	}
}

func TestSelect(t *testing.T) {
	a, _ := corpus.Default()
	for _, tc := range []struct{ sel, want string }{
		{"", "2026-01-16"},
		{"latest", "2026-01-16"},
		{"first", "1999-04-23"},
		{"2006-10-01", "2006-10-01"},
		{"2006", "2006-10-01"},
		{"2009-07", "2009-07-11"},
		{"CR-2005-10-01.txt", "2005-10-01"},
		// Revision arithmetic: ~N is the Nth revision before.
		{"latest~1", "2025-11-14"},
		{"latest~", "2025-11-14"},
		{"latest~0", "2026-01-16"},
		{"2006-10-01~2", "2006-05-01"},
		{"2006~1", "2006-07-15"},
		{"first~0", "1999-04-23"},
		{"latest~124", "1999-04-23"},
	} {
		r, err := a.Select(tc.sel)
		if err != nil || r.Name() != tc.want {
			t.Errorf("Select(%q) = %s, %v; want %s", tc.sel, r.Name(), err, tc.want)
		}
	}
	for _, sel := range []string{"1850-01-01", "2006-13", "2000", "latest~125", "first~1", "2006-13~1"} {
		_, err := a.Select(sel)
		var u *corpus.UnknownRevisionError
		if !errors.As(err, &u) || len(u.Nearest) == 0 {
			t.Errorf("Select(%q) = %v; want an UnknownRevisionError with suggestions", sel, err)
		}
	}
}

func TestSelectArithmeticErrors(t *testing.T) {
	a, _ := corpus.Default()
	for _, tc := range []struct{ sel, want string }{
		{"latest~125", `no revision "latest~125": 2026-01-16 has 124 revisions before it; nearest: 1999-04-23`},
		{"latest~x", `"x" after ~ is not a number of revisions; a revision is latest, first, YYYY, YYYY-MM or YYYY-MM-DD, each with an optional ~N`},
		{"latest~-1", `"-1" after ~ is not a number`},
		{"banana~1", `no revision "banana~1"; a revision is`},
		{"2006-13~1", `no revision "2006-13~1"; nearest: 2006-`},
	} {
		_, err := a.Select(tc.sel)
		var u *corpus.UnknownRevisionError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Select(%q) = %v; want an UnknownRevisionError containing %q", tc.sel, err, tc.want)
		}
	}
}

func TestCanonicalizeRoundTrip(t *testing.T) {
	for _, in := range []string{"", "a", "a\r\nb\rc\n", "\r\r\n\n", "x\r\ny\r\nz"} {
		canon, eols := corpus.Canonicalize([]byte(in))
		if strings.ContainsRune(string(canon), '\r') {
			t.Errorf("Canonicalize(%q) kept a CR: %q", in, canon)
		}
		back, err := corpus.Encode(canon, "utf-8", eols)
		if err != nil || string(back) != in {
			t.Errorf("Encode(Canonicalize(%q)) = %q, %v", in, back, err)
		}
	}
}

// TestTextInAnyOrder reads revisions out of stream order, which rewinds the
// decoder, and checks they agree with one pass over all of them.
func TestTextInAnyOrder(t *testing.T) {
	a, err := corpus.Open(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	revs := a.Revisions()
	for _, i := range []int{0, len(revs) - 1, 50, 51, 3} {
		got, err := a.Text(revs[i])
		if err != nil || len(got) != revs[i].Length {
			t.Fatalf("%s: %d bytes, %v", revs[i].File, len(got), err)
		}
	}
	b, _ := corpus.Open(os.DirFS("."))
	all, err := b.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, len(revs) - 1, 50, 51, 3} {
		got, _ := a.Text(revs[i])
		if !bytes.Equal(got, all[i]) {
			t.Errorf("%s: Text and All differ", revs[i].File)
		}
	}
}

func BenchmarkLatestText(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		a, err := corpus.Open(os.DirFS("."))
		if err != nil {
			b.Fatal(err)
		}
		r, _ := a.Select("latest")
		if _, err := a.Text(r); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFrames: the newest revision is read from the first frame alone; the
// others need it as the dictionary of the second; a manifest whose first
// frame does not fit the archive is refused.
func TestFrames(t *testing.T) {
	data, err := os.ReadFile(corpus.ArchiveName)
	if err != nil {
		t.Fatal(err)
	}
	man, err := os.ReadFile(corpus.ManifestName)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Head int `json:"head"`
	}
	if err := json.Unmarshal(man, &m); err != nil || m.Head <= 0 || m.Head >= len(data) {
		t.Fatalf("first frame %d bytes of %d (%v)", m.Head, len(data), err)
	}
	// Cut the archive after its first frame: the newest revision is whole,
	// an older one is not there.
	a, err := corpus.Open(fstest.MapFS{corpus.ArchiveName: {Data: data[:m.Head]}, corpus.ManifestName: {Data: man}})
	if err != nil {
		t.Fatal(err)
	}
	revs := a.Revisions()
	if raw, err := a.Raw(revs[len(revs)-1]); err != nil || hex.EncodeToString(sha(raw)) != revs[len(revs)-1].SHA256 {
		t.Errorf("newest revision from the first frame alone: %v", err)
	}
	if _, err := a.Text(revs[len(revs)-2]); err == nil {
		t.Error("an older revision was read without the second frame")
	}
	bad := bytes.Replace(man, []byte(fmt.Sprintf(`"head": %d`, m.Head)), []byte(fmt.Sprintf(`"head": %d`, len(data)+1)), 1)
	if _, err := corpus.Open(fstest.MapFS{corpus.ArchiveName: {Data: data}, corpus.ManifestName: {Data: bad}}); err == nil {
		t.Error("a first frame longer than the archive was accepted")
	}
}

func sha(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}

// TestEach: Each hands over every revision once, each text the same as
// Text's, newest first.
func TestEach(t *testing.T) {
	a, err := corpus.Open(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := corpus.Open(os.DirFS("."))
	seen := map[string]bool{}
	var last corpus.Revision
	err = a.Each(func(r corpus.Revision, text []byte) error {
		if seen[r.File] {
			t.Errorf("%s handed over twice", r.File)
		}
		if len(seen) > 0 && !r.Date.Before(last.Date.Time) {
			t.Errorf("%s after %s: not newest first", r.File, last.File)
		}
		seen[r.File], last = true, r
		want, err := b.Text(r)
		if err != nil || !bytes.Equal(want, text) {
			t.Errorf("%s: Each and Text differ (%v)", r.File, err)
		}
		return nil
	})
	if err != nil || len(seen) != len(a.Revisions()) {
		t.Fatalf("Each: %d of %d revisions, %v", len(seen), len(a.Revisions()), err)
	}
	stop := errors.New("stop")
	n := 0
	if err := a.Each(func(corpus.Revision, []byte) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("an error from fn: %v after %d calls, want it at once", err, n)
	}
}
