package corpus_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
)

func TestSuggest(t *testing.T) {
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	of := func(prefix string) []string {
		var out []string
		for _, r := range a.Revisions() {
			if strings.HasPrefix(r.Name(), prefix) {
				out = append(out, r.Name())
			}
		}
		return out
	}
	revs := a.Revisions()
	for _, tc := range []struct {
		sel  string
		want []string
	}{
		{"2005-13", of("2005")},
		{"2005-13-01", of("2005")},
		{"CR-2005-00.txt", of("2005")},
		{"2025-13", of("2025")},
		{"2005-10-40", of("2005-10")},
		{"1850-01-01", []string{revs[0].Name(), revs[1].Name()}},
		{"2999", []string{revs[len(revs)-2].Name(), revs[len(revs)-1].Name()}},
		{"banana", nil},
		{"2005-1x", nil},
		{"20051", nil},
		{"", nil},
	} {
		got := a.Suggest(tc.sel)
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("Suggest(%q) = %v, want %v", tc.sel, got, tc.want)
		}
	}
	if got := of("2005"); len(got) < 2 {
		t.Fatalf("the corpus has %v in 2005; the cases above need several", got)
	}
	// A date between revisions gets the two either side of it.
	if got := a.Suggest("2000"); len(got) != 4 || got[1] > "2000-07-01" || got[2] < "2000-07-01" {
		t.Errorf("Suggest(2000) = %v, want two revisions either side of mid-2000", got)
	}
	_, err = a.Select("banana")
	var u *corpus.UnknownRevisionError
	if !errors.As(err, &u) || len(u.Nearest) != 0 || !strings.Contains(err.Error(), "YYYY-MM-DD") || strings.Contains(err.Error(), "--") {
		t.Errorf("Select(banana) = %v; want the accepted forms, and no command-line flag (the HTTP API says it too)", err)
	}
	_, err = a.Select("2005-13")
	if !errors.As(err, &u) || strings.Join(u.Nearest, " ") != strings.Join(of("2005"), " ") || !strings.Contains(err.Error(), "nearest: 2005-") {
		t.Errorf("Select(2005-13) = %v; want the revisions of 2005", err)
	}
}

func ExampleArchive_Suggest() {
	a, err := corpus.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Suggest("2006-13"))
	_, err = a.Select("banana")
	fmt.Println(err)
	// Output:
	// [2006-02-01 2006-05-01 2006-07-15 2006-10-01]
	// no revision "banana"; a revision is latest, first, YYYY, YYYY-MM or YYYY-MM-DD, each with an optional ~N for the Nth revision before it (latest~1, 2006-10-01~2)
}
