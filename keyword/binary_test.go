package keyword_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/crules/crules/keyword"
)

// The binary form the specs are cached in gives back every spec of a
// revision as extracted, bound to the same rule, with nil and empty
// lists apart; a name with no keyword stays nil.
func TestSpecsBinaryRoundTrip(t *testing.T) {
	revs, docs := corpusDocs(t)
	for i, rev := range revs {
		if rev != "1999-04-23" && rev != "2006-10-01" && rev != "2026-01-16" {
			continue
		}
		specs := map[string]*keyword.Spec{"No Such Keyword": nil}
		for _, s := range keyword.Extract(docs[i], nil, rev) {
			specs[s.Name] = s
		}
		b, err := keyword.AppendSpecs(nil, specs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := keyword.DecodeSpecs(b, docs[i])
		if err != nil {
			t.Fatalf("%s: %v", rev, err)
		}
		if len(got) != len(specs) {
			t.Fatalf("%s: %d specs back, want %d", rev, len(got), len(specs))
		}
		for name, want := range specs {
			g, ok := got[name]
			if !ok || !reflect.DeepEqual(g, want) {
				t.Errorf("%s: %s came back as %+v, want %+v", rev, name, g, want)
			}
			if want != nil && g.Text() != want.Text() {
				t.Errorf("%s: %s bound to another rule", rev, name)
			}
		}
		// Cut short anywhere (500 places), or bound to another revision, it is an
		// error, never a panic or a wrong spec.
		for n := 0; n < len(b); n += 1 + len(b)/500 {
			if _, err := keyword.DecodeSpecs(b[:n], docs[i]); err == nil {
				t.Fatalf("%s: %d of %d bytes decoded without error", rev, n, len(b))
			}
		}
		other := docs[(i+1)%len(docs)]
		if _, err := keyword.DecodeSpecs(b, other); err == nil {
			t.Errorf("%s: specs bound to %s", rev, revs[(i+1)%len(revs)])
		}
		if _, err := keyword.DecodeSpecs(append([]byte(nil), b[:len(b)-1]...), docs[i]); !errors.Is(err, keyword.ErrBadSpecs) {
			t.Errorf("%s: a cut form gives %v, want ErrBadSpecs", rev, err)
		}
	}
}
