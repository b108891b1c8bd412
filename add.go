package crules

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
)

// ErrAlreadyHeld: a revision to add whose date and text the library holds
// already (embedded or added), whatever its encoding and line ends.
var ErrAlreadyHeld = errors.New("revision already held")

// An Addition is what Add did.
type Addition struct {
	Rev string // the revision added, by its effective date
	// Replaced is the origin (Rev.Origin) of the revision of the same date
	// whose text differed and which the added one takes the place of (Wizards
	// re-issue files); "" when there was none.
	Replaced string
	Dir      string // the user's archive it went into
}

// AddFile reads the CR file at path (see ReadFile) and adds it (see Add),
// named by its absolute path, so that versions says where it came from
// whatever the working directory is later.
func (l *Library) AddFile(path string) (*Addition, error) {
	src, err := l.ReadFile(path)
	if err != nil {
		return nil, err
	}
	from, _ := filepath.Abs(path)
	return l.Add(src, from)
}

// Add puts the CR file src into the user's own archive (Options.DataDir),
// named by where it came from (a path, a web address). It must parse as a
// CR and state its effective date (else ErrBadInput, positioned). A file
// whose date the library holds with the same text (read the same way,
// whatever the encoding and line ends) is ErrAlreadyHeld; one whose text
// differs replaces it, with a warning to Options.Warn. Nothing is written
// on an error. A library opened with Options.Archive has no user archive:
// ErrBadRequest.
//
// The library goes on answering from the revisions it was opened with;
// open another (or see Changed) to read the added one.
func (l *Library) Add(src Source, from string) (*Addition, error) {
	if l.shelf == nil {
		return nil, &Error{Kind: ErrBadRequest, Msg: "this library reads a given archive and takes no added revisions"}
	}
	if !src.IsFile() {
		return nil, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("revision %s is embedded already; add takes a file", src.Rev.Name())}
	}
	doc, err := parseFile(src)
	if err != nil {
		return nil, err
	}
	if doc.Effective.IsZero() {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s:1:1: states no effective date (\"These rules are effective as of …\"); a revision is known by it", src.Name)}
	}
	st := doc.Stats()
	if st.Rules == 0 {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s:1:1: holds no numbered rules: not the Comprehensive Rules", src.Name)}
	}
	text, enc, err := parse.Decode(src.Data)
	if err != nil {
		return nil, &Error{Kind: ErrBadInput, Msg: fmt.Sprintf("%s: %v", src.Name, err), Err: err}
	}
	canon, eols := corpus.Canonicalize([]byte(text))
	date := doc.Effective.Format(time.DateOnly)
	a := &Addition{Rev: date, Dir: l.shelf.Dir}
	if held := l.rev(date); !held.IsZero() {
		t, err := l.archive.Text(held.r)
		if err != nil {
			return nil, err
		}
		if bytes.Equal(t, canon) {
			return nil, &Error{Kind: ErrAlreadyHeld, Msg: fmt.Sprintf("%s: revision %s is already held (%s), with the same text", src.Name, date, held.Origin())}
		}
		a.Replaced = held.Origin()
		l.warn(fmt.Errorf("%s: revision %s (%s) has another text: replacing it with this one", src.Name, date, held.Origin()))
	}
	sum := sha256.Sum256(src.Data)
	r := corpus.Revision{
		File: "CR-" + date + ".txt", Date: corpus.Date{Time: doc.Effective}, Size: len(src.Data), SHA256: hex.EncodeToString(sum[:]),
		Encoding: string(enc), Source: from, Added: time.Now().UTC().Format(time.RFC3339), EOL: eols,
		Counts: &corpus.Counts{Effective: st.Effective, Era: string(st.Era), Rules: st.Rules, Examples: st.Examples,
			Glossary: st.Glossary, Chapters: st.Chapters, Parts: st.Parts, Warnings: st.Warnings},
	}
	if _, err := l.shelf.Put(r, canon); err != nil {
		return nil, err
	}
	return a, nil
}

// Changed reports whether the user's archive changed (a revision added by
// another process) since the library was opened: a long-running program
// opens a new library to read it.
func (l *Library) Changed() bool {
	return l.shelf != nil && l.shelf.Stamp() != l.stamp
}

// StaleAfter is how old the newest revision known may grow before
// StaleNotice speaks: the CR is republished every two to four months.
const StaleAfter = 120 * 24 * time.Hour

// ReadLatest reports whether an answer given so far read the latest
// revision, or every revision up to it (history, terms, cite, search of
// every revision): whether StaleNotice concerns what was answered.
func (l *Library) ReadLatest() bool { return l.readLatest.Load() }

// reading records, for ReadLatest, that an answer reads the revision
// named name, or every revision when name is allRevs. Every answer from a
// revision passes here: Document for one revision, openIndex for its
// search index (read from the cache without parsing it), and the answers
// over every revision (History, Terms, judge, IndexAll).
func (l *Library) reading(name string) {
	if name == allRevs || name == l.Latest().Name() {
		l.readLatest.Store(true)
	}
}

// StaleNotice returns, when the newest revision the library knows took
// effect more than StaleAfter before now, a note saying how old it is and
// that Update ('crules update') fetches a newer one; "" otherwise.
func (l *Library) StaleNotice(now time.Time) string {
	age := now.Sub(l.Latest().Date())
	if age <= StaleAfter {
		return ""
	}
	return fmt.Sprintf("the newest revision known, %s, is %d days old: 'crules update' fetches a newer one", l.Latest().Name(), int(age.Hours()/24))
}
