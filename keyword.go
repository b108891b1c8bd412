package crules

import (
	"fmt"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// A KeywordAnswer is a keyword's spec and, for an embedded revision, the
// revisions in which its rules changed.
type KeywordAnswer struct {
	Doc     *Document
	Spec    *keyword.Spec
	Changes []diff.Change // only the points where its text changed; nil for a file
}

// KeywordHelp says what Keyword answers about a keyword, for the command
// line's help.
const KeywordHelp = `Keyword prints what the rules say a keyword is: its kind (static, triggered,
activated, spell, characteristic-defining; several when it represents several
abilities), its written form and parameters, the zones it functions in, its
definition, how multiple instances behave, the era wording it uses, the rules
it cites, the rule text it was read from, and (for the embedded corpus) the
revisions in which its rules changed.`

// Keyword returns the spec of the keyword ability or action name of src.
// No such keyword is ErrNoKeyword with the nearest names.
func (l *Library) Keyword(src Source, name string) (*KeywordAnswer, error) {
	if !src.IsFile() {
		l.prefetchLineage() // read on the other core while the revision is parsed
	}
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	// Only the rules of the keyword named are read: a twentieth of
	// extracting them all, which only a miss needs, for the nearest names.
	// What they cite is read from their text: the graph of the whole
	// revision took as long as parsing it.
	var s *keyword.Spec
	if src.IsFile() {
		s = keyword.Find(keyword.ExtractNames(d.Document, nil, d.Label, name), name)
	} else {
		// The engine's, learned from the cache when a sim or an earlier
		// keyword read it (a copy: the engine's is shared), cached when
		// read now.
		path, known := l.learnSpecs(src.Rev, d.Document)
		if s = engine.Spec(d.Document, name); s != nil {
			c := *s
			s = &c
		}
		l.storeSpecs(path, known, d.Document)
	}
	if s != nil {
		if id, err := parse.ParseRuleID(s.Rule); err == nil && d.Rule(id) != nil {
			s.See = keyword.See(d.Rule(id))
		}
	}
	if s == nil {
		var names []string
		for _, x := range d.Keywords() {
			names = append(names, x.Name)
		}
		near := nearNames(names, name, 5)
		msg := fmt.Sprintf("no keyword %q in %s", name, d.Label)
		if len(near) > 0 {
			msg += "; did you mean: " + strings.Join(near, ", ")
		}
		return nil, &Error{Kind: ErrNoKeyword, Msg: msg, Nearest: near}
	}
	a := &KeywordAnswer{Doc: d, Spec: s}
	if src.IsFile() {
		return a, nil
	}
	var changes []diff.Change
	err = l.withLineage(func(lin *diff.Lineage) (err error) {
		changes, err = lin.TraceClasses(src.Rev.pos, s.Rule, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	a.Changes = []diff.Change{}
	for i, c := range changes {
		if i > 0 && c.Class != diff.Unchanged && c.Class != diff.Renumbered {
			a.Changes = append(a.Changes, c)
		}
	}
	return a, nil
}

// nearNames returns the first n names that contain q or are within two
// edits of it, case-insensitively: the keywords a misspelling may mean.
func nearNames(names []string, q string, n int) []string {
	q = strings.ToLower(q)
	var near []string
	for _, x := range names {
		if k := strings.ToLower(x); strings.Contains(k, q) || editDistance(k, q) <= 2 {
			near = append(near, x)
		}
	}
	return near[:min(n, len(near))]
}

// Keywords returns the specs of src's keywords of kind k ("" for all).
// None is ErrNoKeyword, returned with the (empty) list and the document.
func (l *Library) Keywords(src Source, k keyword.Kind) (*Document, []*keyword.Spec, error) {
	d, err := l.Document(src)
	if err != nil {
		return nil, nil, err
	}
	specs := []*keyword.Spec{}
	for _, s := range d.Keywords() {
		if k == "" || s.HasKind(k) {
			specs = append(specs, s)
		}
	}
	if len(specs) == 0 {
		return d, specs, &Error{Kind: ErrNoKeyword, Msg: fmt.Sprintf("no %s keywords in %s", k, d.Label)}
	}
	return d, specs, nil
}

// JSON is the keyword as the command line's --json and the HTTP API print
// it.
func (a *KeywordAnswer) JSON() any {
	return render.KeywordJSON(a.Spec, string(a.Doc.Era), a.Changes)
}
