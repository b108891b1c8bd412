package corpus

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
)

//go:generate go run ./internal/gen -src ../../shared/corpus -out .

// ArchiveName and ManifestName are the files an archive directory holds.
const (
	ArchiveName  = "revisions.zst"
	ManifestName = "manifest.json"
)

// FormatVersion changes whenever the archive layout changes; caches of
// derived data are keyed by it together with the archive hash.
const FormatVersion = 2

// DictID names the dictionary of the archive's second frame: the text of
// the newest revision, which is the first frame.
const DictID = 1

// The embedded archive, as a byte slice so that opening it copies
// nothing; its manifest is the table embedded (manifest.go), generated
// with ManifestName.
//
//go:embed revisions.zst
var embeddedArchive []byte

// A Revision is one published CR file of the archive.
type Revision struct {
	File     string `json:"file"`             // CR-2026-01-16.txt
	Date     Date   `json:"date"`             // the effective date
	Size     int    `json:"bytes"`            // size of the published bytes
	SHA256   string `json:"sha256"`           // of the published bytes
	Encoding string `json:"encoding"`         // utf-8, utf-8-bom, utf-16le-bom, utf-16be-bom, windows-1252
	Source   string `json:"source,omitempty"` // where the file came from: a repository, a path, a web address
	Notes    string `json:"notes,omitempty"`

	// Added is when a revision of the user's own archive (a Shelf) was
	// added, RFC 3339; "" for an embedded one. Stored is its text's file
	// name in the shelf's directory.
	Added  string `json:"added,omitempty"`
	Stored string `json:"stored,omitempty"`

	// Where the canonical text (UTF-8, "\n" line ends) lies in the
	// decompressed stream, and how to rebuild the published line ends.
	Offset int  `json:"offset"`
	Length int  `json:"length"`
	EOL    EOLs `json:"eol"`
	Lines  int  `json:"lines"` // number of line terminators

	// Counts are what the parser read in the revision when the archive
	// was generated, so that listing the revisions parses none of them.
	// The generator fills them with the parser of its build, and CI
	// rebuilds the manifest byte for byte, so they cannot go stale.
	Counts *Counts `json:"counts,omitempty"`
}

// Counts summarise a revision as the parser reads it: the fields and JSON
// keys of parse.Stats, which this package, below the parser, cannot name.
type Counts struct {
	Effective string `json:"effective"` // YYYY-MM-DD
	Era       string `json:"era"`       // "502" or "702"
	Rules     int    `json:"rules"`     // distinct numbered rules and subrules
	Examples  int    `json:"examples"`
	Glossary  int    `json:"glossary"`
	Chapters  int    `json:"chapters"`
	Parts     int    `json:"parts"`
	Warnings  int    `json:"warnings"`
}

// Name is the revision's date as users type it: "2026-01-16".
func (r Revision) Name() string { return r.Date.String() }

// Origin says where the revision comes from: "embedded", or for one the
// user added "added" with when and from where.
func (r Revision) Origin() string {
	if r.Added == "" {
		return "embedded"
	}
	return "added " + r.Added + " from " + r.Source
}

// Date is a calendar date with no time of day.
type Date struct{ time.Time }

// String prints YYYY-MM-DD.
func (d Date) String() string { return d.Format(time.DateOnly) }

// MarshalText prints YYYY-MM-DD.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// MarshalJSON prints "YYYY-MM-DD" (time.Time's own method would print a
// time of day).
func (d Date) MarshalJSON() ([]byte, error) { return []byte(`"` + d.String() + `"`), nil }

// UnmarshalJSON reads "YYYY-MM-DD".
func (d *Date) UnmarshalJSON(b []byte) error {
	s, err := strconv.Unquote(string(b))
	if err != nil {
		return fmt.Errorf("date %s: %w", b, err)
	}
	return d.UnmarshalText([]byte(s))
}

// UnmarshalText reads YYYY-MM-DD.
func (d *Date) UnmarshalText(b []byte) error {
	t, err := time.Parse(time.DateOnly, string(b))
	d.Time = t
	return err
}

// An Archive is a compressed set of revisions and a manifest. The
// revisions' canonical texts, newest first, are two zstd frames: the newest
// alone, so that the latest revision is read without decompressing the
// others, and the rest, with the newest as dictionary.
//
// An Archive is safe for concurrent use. Texts it returns must not be
// modified.
type Archive struct {
	revs []Revision // oldest first
	data []byte     // the compressed frames
	head int        // the compressed length of the first frame
	hash string     // identifies the archive for caches
	// embedded is set for the archive built into the binary, whose frames'
	// checksums are not verified: its bytes are the program's own, and
	// the tests check its texts against the published files' SHA-256.
	// Verifying cost an eighth of 'sim' against 2006-10-01, which
	// decompresses 60 MB of newer revisions on the way.
	embedded bool

	mu     sync.Mutex
	newest Revision // the first frame's
	dec    *zstd.Decoder
	pos    int            // offset of what dec produces next (in the texts one after the other)
	texts  map[int][]byte // decoded texts kept, by offset: s2-compressed but the newest's and recent's (see keep)
	recent int            // the offset of the text kept last, not compressed yet; 0 for none

	// An archive with added revisions (see With) reads the embedded
	// ones from base and holds the added texts, by revision name.
	base  *Archive
	added map[string][]byte
}

var (
	defaultOnce    sync.Once
	defaultArchive *Archive
	defaultErr     error
)

// Default returns the archive embedded in the binary: every revision
// published since 1999.
func Default() (*Archive, error) {
	defaultOnce.Do(func() {
		defaultArchive, defaultErr = openManifest(embedded, embeddedArchive)
		if defaultErr == nil {
			defaultArchive.embedded = true
		}
	})
	return defaultArchive, defaultErr
}

// Open reads an archive from a directory holding ArchiveName and
// ManifestName.
func Open(fsys fs.FS) (*Archive, error) {
	m, err := fs.ReadFile(fsys, ManifestName)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	data, err := fs.ReadFile(fsys, ArchiveName)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	return openBytes(m, data)
}

func openBytes(m, data []byte) (*Archive, error) {
	// Every command reads the manifest first: encoding/json took 2-4 ms
	// of each start for its 93 KB, json v2 takes a fifth of that.
	var man manifest
	if err := jsonv2.Unmarshal(m, &man); err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", ManifestName, err)
	}
	return openManifest(man, data)
}

// openManifest opens the archive data that man describes.
func openManifest(man manifest, data []byte) (*Archive, error) {
	if man.Format != FormatVersion {
		return nil, fmt.Errorf("corpus: %s has format %d, this program reads %d", ManifestName, man.Format, FormatVersion)
	}
	revs := slices.Clone(man.Revisions) // sorted below
	if len(revs) == 0 || man.Head <= 0 || man.Head > len(data) {
		return nil, fmt.Errorf("corpus: %s: no revisions, or a first frame of %d bytes in an archive of %d", ManifestName, man.Head, len(data))
	}
	a := &Archive{revs: revs, data: data, head: man.Head, hash: man.ArchiveSHA256}
	for _, r := range revs {
		if r.Offset == 0 {
			a.newest = r
		}
	}
	sort.Slice(revs, func(i, j int) bool { return revs[i].Date.Before(revs[j].Date.Time) })
	return a, nil
}

type manifest struct {
	Format        int        `json:"format"`
	ArchiveSHA256 string     `json:"archive_sha256"`
	Window        int        `json:"window"`
	Head          int        `json:"head"` // the compressed length of the first frame
	Revisions     []Revision `json:"revisions"`
}

// Hash identifies the archive's content; caches of derived data key on it.
func (a *Archive) Hash() string { return a.hash }

// Revisions lists the revisions, oldest first.
func (a *Archive) Revisions() []Revision { return a.revs }

// TextString is Text as a string that shares the text's bytes: no copy
// of a megabyte for a parser that reads strings. The texts an Archive
// returns are never modified, so the string cannot change.
func (a *Archive) TextString(r Revision) (string, error) {
	t, err := a.Text(r)
	return unsafe.String(unsafe.SliceData(t), len(t)), err
}

// Text returns the canonical text of r: UTF-8 without BOM, lines ended by
// "\n". It has the same lines and characters as the published file, so
// positions (line and column) agree with it.
//
// Only r's text is kept: the revisions the stream holds before it (the newer
// ones) are decompressed and dropped. Use All to read many revisions.
func (a *Archive) Text(r Revision) ([]byte, error) {
	if a.base != nil {
		if r.Added != "" {
			return a.addedText(r)
		}
		return a.base.Text(r)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.text(r)
}

func (a *Archive) text(r Revision) ([]byte, error) { return a.read(r, true) }

// read returns the text of r, keeping it when keep is set.
func (a *Archive) read(r Revision, keep bool) ([]byte, error) {
	if t, ok := a.texts[r.Offset]; ok {
		if (r.Offset == 0 || r.Offset == a.recent) && len(t) == r.Length {
			return t, nil
		}
		if n, err := s2.DecodedLen(t); err == nil && n == r.Length {
			if plain, err := s2.Decode(make([]byte, n), t); err == nil {
				return plain, nil
			}
		}
	}
	if r.Offset < 0 || r.Length < 0 {
		return nil, fmt.Errorf("corpus: %s: bad offset", r.File)
	}
	if r.Offset == 0 {
		return a.first(r)
	}
	if a.dec == nil || r.Offset < a.pos {
		if err := a.rewind(); err != nil {
			return nil, err
		}
	}
	if skip := int64(r.Offset - a.pos); skip > 0 {
		n, err := io.CopyN(io.Discard, a.dec, skip)
		a.pos += int(n)
		if err != nil {
			return nil, fmt.Errorf("corpus: %s: %w", r.File, err)
		}
	}
	t := make([]byte, r.Length)
	n, err := io.ReadFull(a.dec, t)
	a.pos += n
	if err != nil {
		return nil, fmt.Errorf("corpus: %s: archive ends early: %w", r.File, err)
	}
	if keep {
		a.keep(r, t)
	}
	return t, nil
}

// first decodes the first frame, the newest revision r.
func (a *Archive) first(r Revision) ([]byte, error) {
	d, err := zstd.NewReader(nil, a.decoderOptions(zstd.WithDecoderMaxWindow(64<<20))...)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	t, err := d.DecodeAll(a.data[:a.head], make([]byte, 0, r.Length))
	if err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", r.File, err)
	}
	if len(t) != r.Length {
		return nil, fmt.Errorf("corpus: %s: the archive holds %d bytes of it, the manifest says %d", r.File, len(t), r.Length)
	}
	a.keep(r, t)
	return t, nil
}

// keep keeps the text t of r so that it is not decompressed from the
// stream again (which may mean from its start): the newest as it is (the
// dictionary of the stream), the one kept last as it is, and the others
// compressed with s2, which takes the 74 MB of every revision's text to
// 23 MB, each decoded again in a millisecond or two. A process that reads
// one revision compresses nothing.
func (a *Archive) keep(r Revision, t []byte) {
	if a.texts == nil {
		a.texts = map[int][]byte{}
	}
	if r.Offset == 0 {
		a.texts[0] = t
		return
	}
	if a.recent != 0 {
		a.texts[a.recent] = s2.EncodeBetter(nil, a.texts[a.recent])
	}
	a.texts[r.Offset], a.recent = t, r.Offset
}

// decoderOptions are the options of a decoder of the archive's frames:
// one goroutine, and no checksum for the embedded archive.
func (a *Archive) decoderOptions(o ...zstd.DOption) []zstd.DOption {
	o = append(o, zstd.WithDecoderConcurrency(1))
	if a.embedded {
		o = append(o, zstd.IgnoreChecksum(true))
	}
	return o
}

// rewind starts reading the second frame, whose dictionary is the first.
func (a *Archive) rewind() error {
	if a.dec == nil {
		dict, err := a.text(a.newest)
		if err != nil {
			return err
		}
		d, err := zstd.NewReader(nil, a.decoderOptions(zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(64<<20), zstd.WithDecoderDictRaw(DictID, dict))...)
		if err != nil {
			return err
		}
		a.dec = d
	}
	a.pos = a.newest.Length
	return a.dec.Reset(bytes.NewReader(a.data[a.head:]))
}

// All returns the texts of every revision, in the order of Revisions,
// decompressing the stream once. It keeps none it did not keep before.
func (a *Archive) All() ([][]byte, error) {
	if a.base != nil {
		base, err := a.base.All()
		if err != nil {
			return nil, err
		}
		at := map[string]int{}
		for i, r := range a.base.revs {
			at[r.Name()] = i
		}
		out := make([][]byte, len(a.revs))
		for i, r := range a.revs {
			if r.Added != "" {
				out[i], err = a.addedText(r)
			} else {
				out[i] = base[at[r.Name()]]
			}
			if err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	order := make([]int, len(a.revs))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(x, y int) bool { return a.revs[order[x]].Offset < a.revs[order[y]].Offset })
	out := make([][]byte, len(a.revs))
	for _, i := range order {
		t, err := a.read(a.revs[i], false)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// Each calls fn with the text of every revision, in the order the archive
// holds them (newest first), decompressing the stream once and keeping
// none of them: for work over the whole history in little memory. fn may
// keep a text. An error from fn stops the walk and is returned.
func (a *Archive) Each(fn func(r Revision, text []byte) error) error {
	if a.base != nil {
		return a.eachWithAdded(fn)
	}
	a.mu.Lock()
	newest, err := a.text(a.newest)
	a.mu.Unlock()
	if err != nil {
		return err
	}
	if err := fn(a.newest, newest); err != nil {
		return err
	}
	order := make([]Revision, 0, len(a.revs))
	for _, r := range a.revs {
		if r.Offset != 0 {
			order = append(order, r)
		}
	}
	sort.Slice(order, func(x, y int) bool { return order[x].Offset < order[y].Offset })
	d, err := zstd.NewReader(bytes.NewReader(a.data[a.head:]), a.decoderOptions(zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(64<<20), zstd.WithDecoderDictRaw(DictID, newest))...)
	if err != nil {
		return err
	}
	defer d.Close()
	pos := a.newest.Length
	for _, r := range order {
		if skip := int64(r.Offset - pos); skip > 0 {
			n, err := io.CopyN(io.Discard, d, skip)
			pos += int(n)
			if err != nil {
				return fmt.Errorf("corpus: %s: %w", r.File, err)
			}
		}
		t := make([]byte, r.Length)
		n, err := io.ReadFull(d, t)
		pos += n
		if err != nil {
			return fmt.Errorf("corpus: %s: archive ends early: %w", r.File, err)
		}
		if err := fn(r, t); err != nil {
			return err
		}
	}
	return nil
}

// Raw returns the bytes of r exactly as published: its encoding, byte-order
// mark and line endings restored. Their SHA-256 is r.SHA256.
func (a *Archive) Raw(r Revision) ([]byte, error) {
	t, err := a.Text(r)
	if err != nil {
		return nil, err
	}
	return Encode(t, r.Encoding, r.EOL)
}

// UnknownRevisionError is returned by Select for a selector that names no
// revision; Nearest lists the revisions it may have meant (see Suggest),
// empty when it is not a date at all. Reason, when set, says why a
// selector of a valid form names none ("latest~200": there are not that
// many revisions before it).
type UnknownRevisionError struct {
	Selector string
	Nearest  []string
	Reason   string
}

func (e *UnknownRevisionError) Error() string {
	msg := fmt.Sprintf("no revision %q", e.Selector)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if len(e.Nearest) == 0 {
		return msg + "; a revision is " + RevisionForms
	}
	return msg + "; nearest: " + strings.Join(e.Nearest, ", ") + " (a revision is " + RevisionForms + ")"
}

// Select finds a revision by a selector as users type it: "latest" (also
// ""), "first", an exact date "2006-10-01", or a prefix "2006" or "2006-10",
// meaning the latest revision inside it; any of them followed by "~N" is
// the Nth revision before it ("latest~1", "2006-10-01~2"; "~" alone is
// "~1"), as git counts commits.
func (a *Archive) Select(sel string) (Revision, error) {
	if len(a.revs) == 0 {
		return Revision{}, errors.New("corpus: empty archive")
	}
	base, back, arith := strings.Cut(sel, "~")
	if !arith {
		return a.selectBase(sel)
	}
	n := 1
	if back != "" {
		var err error
		if n, err = strconv.Atoi(back); err != nil || n < 0 || strings.HasPrefix(back, "+") {
			return Revision{}, &UnknownRevisionError{Selector: sel, Reason: fmt.Sprintf("%q after ~ is not a number of revisions", back)}
		}
	}
	r, err := a.selectBase(base)
	if err != nil {
		var u *UnknownRevisionError
		if errors.As(err, &u) {
			u.Selector = sel
		}
		return Revision{}, err
	}
	i := sort.Search(len(a.revs), func(i int) bool { return a.revs[i].Name() >= r.Name() })
	if i < n {
		return Revision{}, &UnknownRevisionError{Selector: sel, Nearest: []string{a.revs[0].Name()},
			Reason: fmt.Sprintf("%s has %d revisions before it", r.Name(), i)}
	}
	return a.revs[i-n], nil
}

// selectBase is Select without revision arithmetic.
func (a *Archive) selectBase(sel string) (Revision, error) {
	s := strings.TrimSpace(strings.ToLower(sel))
	switch s {
	case "", "latest", "last", "newest":
		return a.revs[len(a.revs)-1], nil
	case "first", "oldest":
		return a.revs[0], nil
	}
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s, "cr-"), "cr"), ".txt")
	valid := len(s) == 4 || len(s) == 7 || len(s) == 10
	for i := 0; valid && i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '-' && (i == 4 || i == 7)) {
			valid = false
		}
	}
	if valid {
		for i := len(a.revs) - 1; i >= 0; i-- {
			if strings.HasPrefix(a.revs[i].Name(), s) {
				return a.revs[i], nil
			}
		}
	}
	return Revision{}, &UnknownRevisionError{Selector: sel, Nearest: a.Suggest(sel)}
}

// addedText returns the text of an added revision r.
func (a *Archive) addedText(r Revision) ([]byte, error) {
	t, ok := a.added[r.Name()]
	if !ok || len(t) != r.Length {
		return nil, fmt.Errorf("corpus: the archive holds no added revision %s", r.Name())
	}
	return t, nil
}

// eachWithAdded is Each of an archive with added revisions: the embedded
// ones as the base reads them, newest first, the added ones each in its
// place by date, in place of an embedded one of its date.
func (a *Archive) eachWithAdded(fn func(r Revision, text []byte) error) error {
	var added []Revision // newest first
	for i := len(a.revs) - 1; i >= 0; i-- {
		if a.revs[i].Added != "" {
			added = append(added, a.revs[i])
		}
	}
	flush := func(after Date) error {
		for len(added) > 0 && !added[0].Date.Before(after.Time) {
			if err := fn(added[0], a.added[added[0].Name()]); err != nil {
				return err
			}
			added = added[1:]
		}
		return nil
	}
	replaced := map[string]bool{}
	for _, r := range added {
		replaced[r.Name()] = true
	}
	err := a.base.Each(func(r Revision, text []byte) error {
		if err := flush(r.Date); err != nil {
			return err
		}
		if replaced[r.Name()] {
			return nil
		}
		return fn(r, text)
	})
	if err != nil {
		return err
	}
	return flush(Date{})
}
