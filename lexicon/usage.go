package lexicon

// A Usage is how often a Term's phrases occur in each revision, and where
// the old phrase fell out of use.
type Usage struct {
	Old    string  `json:"old"`
	New    string  `json:"new"`
	Since  string  `json:"since"`
	Scope  string  `json:"scope,omitempty"`
	Shift  string  `json:"shift,omitempty"` // measured (see Shift); "" when there is no such fall
	Counts []Count `json:"counts"`
}

// A Count is the occurrences of a term's old and new phrases in one
// revision (see CountPhrase).
type Count struct {
	Rev string `json:"rev"`
	Old int    `json:"old"`
	New int    `json:"new"`
}

// Measure counts t's phrases in the revisions named revs, whose texts
// lowerTexts have gone through ToLowerASCII, and dates the shift.
func Measure(t Term, revs []string, lowerTexts [][]byte) Usage {
	old, cur := make([]int, len(revs)), make([]int, len(revs))
	for i := range revs {
		old[i], cur[i] = CountPhrase(lowerTexts[i], t.Old), CountPhrase(lowerTexts[i], t.New)
	}
	return NewUsage(t, revs, old, cur)
}

// NewUsage is the usage of t whose old and new phrases occur old[i] and
// cur[i] times in the revision named revs[i], with the shift dated.
func NewUsage(t Term, revs []string, old, cur []int) Usage {
	u := Usage{Old: t.Old, New: t.New, Since: t.Since, Scope: t.Scope, Counts: make([]Count, len(revs))}
	for i := range revs {
		u.Counts[i] = Count{revs[i], old[i], cur[i]}
	}
	if s := Shift(old); s >= 0 {
		u.Shift = revs[s]
	}
	return u
}
