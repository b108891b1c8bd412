package parse

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// A Pos is a place in a source text. Line and Col count from 1; Col counts
// characters (runes), not bytes; Offset is the byte offset in the decoded
// text (Document.Text). The zero Pos means "no position".
type Pos struct {
	Line   int
	Col    int
	Offset int
}

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String prints "line:col".
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Severity tells an error from a warning.
type Severity int

// Severities of a Diagnostic.
const (
	SeverityWarning Severity = iota
	SeverityError
)

func (s Severity) String() string {
	if s == SeverityError {
		return "error"
	}
	return "warning"
}

// A Diagnostic is a positioned message about the input: an error, which
// means the text could not be read as rules, or a warning, which means a part
// of it was skipped or read with a guess.
type Diagnostic struct {
	File     string
	Pos      Pos
	Severity Severity
	Msg      string

	kind error // ErrNotRules, ErrEncoding or nil
}

// Error prints "file:line:col: msg", the form editors and terminals link.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	if d.File != "" {
		b.WriteString(d.File)
		b.WriteByte(':')
	}
	if d.Pos.IsValid() {
		b.WriteString(d.Pos.String())
		b.WriteByte(':')
	}
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	if d.Severity == SeverityWarning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Msg)
	return b.String()
}

// An ErrorList is a list of diagnostics, sorted by position. A non-empty
// ErrorList of errors is what Parse returns as its error.
type ErrorList []*Diagnostic

// Error prints the first diagnostic and how many follow.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", l[0], len(l)-1)
}

// Sort orders the list by position.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Offset < l[j].Pos.Offset })
}

// Err returns l as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// ErrNotRules is wrapped by the error Parse returns when the input decodes
// but holds no numbered rules at all.
var ErrNotRules = errors.New("not a Comprehensive Rules text")

// ErrEncoding is wrapped by the error Parse returns when the bytes are not
// text in an encoding the CR has been published in.
var ErrEncoding = errors.New("unreadable encoding")

// Unwrap lets errors.Is see ErrNotRules and ErrEncoding through a list.
func (l ErrorList) Unwrap() []error {
	var errs []error
	for _, d := range l {
		if d.kind != nil {
			errs = append(errs, d.kind)
		}
	}
	return errs
}
