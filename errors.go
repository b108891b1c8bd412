package crules

import (
	"errors"
	"strings"

	"github.com/crules/crules/render"
)

// Kinds of error. Every error the library returns for a request it cannot
// answer is an *Error whose Kind is one of these, so callers test it with
// errors.Is (errors.Is(err, crules.ErrNoRule)) and read the nearest
// candidates with errors.As. Other errors (a cache that cannot be written,
// an embedded revision that does not parse) are failures of the library.
var (
	// ErrUnknownRevision: the selector names no embedded revision.
	ErrUnknownRevision = errors.New("unknown revision")
	// ErrBadInput: a file that cannot be read or is not a CR.
	ErrBadInput = errors.New("bad input")
	// ErrBadRequest: a malformed rule number, an empty term, a bad query
	// or option.
	ErrBadRequest = errors.New("bad request")
	// ErrNoRule: no such rule or chapter (in any revision, for history).
	ErrNoRule = errors.New("no such rule")
	// ErrNoTerm: no such glossary entry.
	ErrNoTerm = errors.New("no such glossary term")
	// ErrNoKeyword: no such keyword ability or action.
	ErrNoKeyword = errors.New("no such keyword")
	// ErrNoPhrase: no lexicon entry mentions the phrase.
	ErrNoPhrase = errors.New("no such lexicon phrase")
	// ErrNoMatch: a search that matched nothing.
	ErrNoMatch = errors.New("no match")
	// ErrTooLarge: a request whose answer would pass a limit (the
	// references of one Lookup, MaxLookupRefs, or their text,
	// MaxLookupBytes); the message names the limit.
	ErrTooLarge = errors.New("request too large")
)

// ErrNotCached is wrapped in the warning (see Options.Warn) that derived
// data (the lineage, the term counts, a search index) could not be
// cached, the cache folder being missing or unwritable: it is computed in
// memory for the library's lifetime, and the answers are the same. The
// library warns once.
var ErrNotCached = errors.New("not cached")

// An Error is a request the library could not answer: its Kind (one of
// the Err variables), the message for a user, and the nearest candidates
// when there are some (revisions, rule numbers, terms, keywords, words).
type Error struct {
	Kind    error
	Msg     string
	Nearest []string
	Err     error // the cause, when there is one (a parse.ErrorList, an *fs.PathError)
}

// Error returns the message.
func (e *Error) Error() string { return e.Msg }

// Is reports whether target is e's Kind.
func (e *Error) Is(target error) bool { return target == e.Kind }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Candidates returns the nearest candidates (what ErrorJSON prints as
// suggestions).
func (e *Error) Candidates() []string { return e.Nearest }

// A LookupError is the references of a Lookup that were not found, each
// with its own error (an *Error of kind ErrNoRule), in the order asked:
// errors.Is(err, ErrNoRule) holds, and errors.As finds the first one's
// candidates. The answers found come alongside it.
type LookupError struct {
	Missing []Missing
}

// A Missing is a reference that was not found: its number as printed
// ("999.1", "7") and why.
type Missing struct {
	ID  string
	Err error
}

// Error returns the message of each missing reference, one a line.
func (e *LookupError) Error() string {
	msgs := make([]string, len(e.Missing))
	for i, m := range e.Missing {
		msgs[i] = m.Err.Error()
	}
	return strings.Join(msgs, "\n")
}

// Unwrap returns the error of each missing reference.
func (e *LookupError) Unwrap() []error {
	errs := make([]error, len(e.Missing))
	for i, m := range e.Missing {
		errs[i] = m.Err
	}
	return errs
}

// kinds names each kind of error in the error object of both front ends
// (ErrorJSON), in lower snake case.
var kinds = []struct {
	err  error
	name string
}{
	{ErrUnknownRevision, "unknown_revision"},
	{ErrBadInput, "bad_input"},
	{ErrBadRequest, "bad_request"},
	{ErrNoRule, "no_rule"},
	{ErrNoTerm, "no_term"},
	{ErrNoKeyword, "no_keyword"},
	{ErrNoPhrase, "no_phrase"},
	{ErrNoMatch, "no_match"},
	{ErrTooLarge, "too_large"},
}

// ErrorKind names the kind of err ("no_rule", "bad_request", …; see the
// Err variables), or "" when err is none of them: a failure.
func ErrorKind(err error) string {
	for _, k := range kinds {
		if errors.Is(err, k.err) {
			return k.name
		}
	}
	return ""
}

// ErrorJSON is the one error object of the command line's --json and the
// HTTP API: {"error", "kind", "suggestions"}, kind being ErrorKind's name
// ("internal" for a failure) and the suggestions err's nearest
// candidates, never null.
func ErrorJSON(err error) render.ErrorJSON {
	kind := ErrorKind(err)
	if kind == "" {
		kind = "internal"
	}
	return render.NewErrorJSON(err, kind)
}
