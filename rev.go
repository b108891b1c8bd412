package crules

import (
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/parse"
)

// era702Since is the first revision in the 702 layout (Magic 2010).
const era702Since = "2009-07-11"

// A Rev is one revision of the CR the library holds: embedded in the
// binary, or added by the user (IsAdded). The zero Rev is none.
type Rev struct {
	r    corpus.Revision
	name string // r.Name(), formatted once
	pos  int    // in Library.Revisions, oldest first; -1 for none
}

// Name is the revision's effective date as users type it: "2026-01-16".
func (r Rev) Name() string {
	return r.name
}

// String is Name.
func (r Rev) String() string { return r.Name() }

// Date is the effective date.
func (r Rev) Date() time.Time { return r.r.Date.Time }

// Era is the layout of the revision: Era502 up to May 2009, Era702 from
// Magic 2010 (2009-07-11) on.
func (r Rev) Era() parse.Era {
	switch {
	case r.IsZero():
		return parse.EraUnknown
	case r.Name() < era702Since:
		return parse.Era502
	}
	return parse.Era702
}

// Revision is the corpus entry: file name, size, encoding, SHA-256.
func (r Rev) Revision() corpus.Revision { return r.r }

// IsAdded reports whether r was added by the user ('crules add',
// 'crules update') rather than embedded in the binary.
func (r Rev) IsAdded() bool { return r.r.Added != "" }

// Origin says where r comes from: "embedded", or "added" with when and
// from where.
func (r Rev) Origin() string { return r.r.Origin() }

// IsZero reports whether r is no revision.
func (r Rev) IsZero() bool { return r.r.File == "" }

// A Source is a document to read: an embedded revision (Rev set), or the
// bytes of a file (Name and Data).
type Source struct {
	Rev  Rev
	Name string // the file's name, in messages and positions
	Data []byte
}

// File is a Source for a file's bytes; name appears in positions
// (name:line:col).
func File(name string, data []byte) Source { return Source{Name: name, Data: data} }

// Source returns the Source of an embedded revision.
func (r Rev) Source() Source { return Source{Rev: r} }

// IsFile reports whether s is a file rather than an embedded revision.
func (s Source) IsFile() bool { return s.Rev.IsZero() }

// String names the source: the revision's date or the file's name.
func (s Source) String() string {
	if s.IsFile() {
		return s.Name
	}
	return s.Rev.Name()
}
