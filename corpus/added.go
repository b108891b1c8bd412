package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/crules/crules/internal/atomicfile"
)

// DataDirEnv names the environment variable that moves the user's own
// archive (see DataDir), as CRULES_CACHE moves the cache.
const DataDirEnv = "CRULES_DATA"

// AddedName is the manifest of a Shelf's directory.
const AddedName = "added.json"

// DataDir is where the user's own archive lives: $CRULES_DATA when set,
// else $XDG_DATA_HOME/crules, else os.UserConfigDir()/crules.
func DataDir() (string, error) {
	if d := os.Getenv(DataDirEnv); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "crules"), nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no data directory for added revisions (set %s): %w", DataDirEnv, err)
	}
	return filepath.Join(d, "crules"), nil
}

// A Shelf is the user's own archive: a directory of revisions added to the
// embedded ones (by 'crules add' or 'crules update'), each kept as its
// canonical text (UTF-8, "\n" line ends) in a file of its own, listed in
// the manifest AddedName with the encoding and line ends of the bytes it
// was read from. A missing directory is an empty shelf.
//
// Put writes the text first, under a name of its own, then the manifest,
// each through a temporary file renamed into place, holding a lock on the
// directory: a reader sees the shelf before or after an addition, never
// half of one, and two processes adding at once each add whole.
type Shelf struct {
	Dir string
}

// shelfFormat is the version of the shelf's manifest.
const shelfFormat = 1

type shelfManifest struct {
	Format    int        `json:"format"`
	Revisions []Revision `json:"revisions"` // oldest first
}

// Load reads the shelf's revisions, oldest first, and their texts. A
// text that does not match its manifest entry is an error naming it.
func (s Shelf) Load() ([]Revision, [][]byte, error) {
	man, err := s.manifest()
	if err != nil {
		return nil, nil, err
	}
	texts := make([][]byte, len(man.Revisions))
	for i, r := range man.Revisions {
		t, err := os.ReadFile(filepath.Join(s.Dir, r.Stored))
		if err != nil {
			return nil, nil, fmt.Errorf("corpus: added revision %s: %w", r.Name(), err)
		}
		if len(t) != r.Length {
			return nil, nil, fmt.Errorf("corpus: added revision %s: %s holds %d bytes, %s says %d", r.Name(), filepath.Join(s.Dir, r.Stored), len(t), AddedName, r.Length)
		}
		texts[i] = t
	}
	return man.Revisions, texts, nil
}

// Stamp identifies the shelf's current content cheaply, for a server
// that polls it: the manifest's size and modification time, "" when
// there is none.
func (s Shelf) Stamp() string {
	fi, err := os.Stat(filepath.Join(s.Dir, AddedName))
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
}

func (s Shelf) manifest() (shelfManifest, error) {
	var man shelfManifest
	b, err := os.ReadFile(filepath.Join(s.Dir, AddedName))
	if errors.Is(err, fs.ErrNotExist) {
		return man, nil
	}
	if err != nil {
		return man, fmt.Errorf("corpus: %w", err)
	}
	if err := json.Unmarshal(b, &man); err != nil {
		return man, fmt.Errorf("corpus: %s: %w", filepath.Join(s.Dir, AddedName), err)
	}
	if man.Format != shelfFormat {
		return man, fmt.Errorf("corpus: %s has format %d, this program reads %d", filepath.Join(s.Dir, AddedName), man.Format, shelfFormat)
	}
	return man, nil
}

// Put adds revision r, whose canonical text is text, replacing the one of
// the same date if the shelf holds one (returned). r.Added must be set;
// Put fills in r.Stored, r.Length and r.Lines.
func (s Shelf) Put(r Revision, text []byte) (replaced *Revision, err error) {
	if r.Added == "" {
		return nil, errors.New("corpus: Put of a revision with no Added time")
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	unlock, err := lockDir(s.Dir)
	if err != nil {
		return nil, fmt.Errorf("corpus: locking %s: %w", s.Dir, err)
	}
	defer unlock()
	man, err := s.manifest()
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(text)
	r.Stored = r.Name() + "-" + hex.EncodeToString(sum[:6]) + ".txt"
	r.Length, r.Lines = len(text), strings.Count(string(text), "\n")
	r.Offset = 0
	if err := atomicfile.Write(filepath.Join(s.Dir, r.Stored), text); err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	keep := man.Revisions[:0:0]
	for _, o := range man.Revisions {
		if o.Name() == r.Name() {
			replaced = &o
			continue
		}
		keep = append(keep, o)
	}
	man.Format = shelfFormat
	man.Revisions = append(keep, r)
	sort.Slice(man.Revisions, func(i, j int) bool { return man.Revisions[i].Date.Before(man.Revisions[j].Date.Time) })
	b, err := json.MarshalIndent(man, "", "\t")
	if err != nil {
		return nil, err
	}
	if err := atomicfile.Write(filepath.Join(s.Dir, AddedName), append(b, '\n')); err != nil {
		os.Remove(filepath.Join(s.Dir, r.Stored))
		return nil, fmt.Errorf("corpus: %w", err)
	}
	if replaced != nil && replaced.Stored != r.Stored {
		os.Remove(filepath.Join(s.Dir, replaced.Stored)) // no longer listed; a reader that listed it has read it
	}
	return replaced, nil
}

// With returns an archive of a's revisions and the added ones revs, whose
// canonical texts are texts (as Shelf.Load returns them). An added
// revision of a date a holds takes its place. a is not changed; with
// nothing added, With returns a.
//
// The new archive's Hash identifies a's content and every added text, so
// caches keyed by it follow the additions; BaseHash stays a's.
func (a *Archive) With(revs []Revision, texts [][]byte) *Archive {
	if len(revs) == 0 {
		return a
	}
	o := &Archive{base: a, added: map[string][]byte{}}
	byDate := map[string]bool{}
	added := make([]Revision, len(revs))
	copy(added, revs)
	sort.SliceStable(added, func(i, j int) bool { return added[i].Date.Before(added[j].Date.Time) })
	for i, r := range revs {
		o.added[r.Name()] = texts[i]
	}
	h := a.hash
	for _, r := range added {
		byDate[r.Name()] = true
		sum := sha256.Sum256([]byte(h + " " + r.Name() + " " + r.SHA256))
		h = hex.EncodeToString(sum[:])
	}
	o.hash = h
	for _, r := range a.revs {
		if !byDate[r.Name()] {
			o.revs = append(o.revs, r)
		}
	}
	o.revs = append(o.revs, added...)
	sort.SliceStable(o.revs, func(i, j int) bool { return o.revs[i].Date.Before(o.revs[j].Date.Time) })
	return o
}

// BaseHash identifies the embedded part of the archive: Hash for an
// archive with nothing added. Derived data of one embedded revision is
// keyed by it, so that adding a revision leaves it valid.
func (a *Archive) BaseHash() string {
	if a.base != nil {
		return a.base.BaseHash()
	}
	return a.hash
}

// PrefixHash is the Hash of the archive with only the first n added
// revisions (oldest first) of a's: BaseHash for 0. Derived data of the
// whole history cached for fewer additions is found by it, to be
// extended rather than rebuilt.
func (a *Archive) PrefixHash(n int) string {
	var added []Revision
	for _, r := range a.revs {
		if r.Added != "" {
			added = append(added, r)
		}
	}
	if a.base == nil || n >= len(added) {
		return a.hash
	}
	var texts [][]byte
	for _, r := range added[:n] {
		texts = append(texts, a.added[r.Name()])
	}
	return a.base.With(added[:n], texts).Hash()
}

// Replaces reports whether an added revision takes the place of an
// embedded one of the same date.
func (a *Archive) Replaces() bool {
	if a.base == nil {
		return false
	}
	return len(a.revs) != len(a.base.revs)+len(a.added)
}
