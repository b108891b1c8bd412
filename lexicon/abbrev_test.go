package lexicon_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/lexicon"
)

func date(s string) corpus.Date {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return corpus.Date{Time: t}
}

func TestExpand(t *testing.T) {
	ab := lexicon.DefaultAbbreviations()
	for _, tc := range []struct{ short, rev, want string }{
		{"mv", "2026-01-16", "Mana Value"},
		{"MV", "2021-04-22", "Mana Value"},
		{"mv", "2021-02-05", "Converted Mana Cost"},
		{" cmc ", "2005-10-01", "Converted Mana Cost"},
		{"etb", "2009-05-01", "Comes into Play"},
		{"etb", "2009-07-11", "Enters the Battlefield"},
		{"eot", "2001-07-23", "End of Turn"},
		{"eot", "2006-10-01", "End of Turn Step"},
		{"eot", "2026-01-16", "End Step"},
		{"p/t", "2026-01-16", "Power|Toughness"},
		{"edh", "2010-01-01", ""},
		{"banana", "2026-01-16", ""},
	} {
		if got := strings.Join(ab.Expand(tc.short, date(tc.rev)), "|"); got != tc.want {
			t.Errorf("Expand(%q, %s) = %q, want %q", tc.short, tc.rev, got, tc.want)
		}
	}
}

// TestAbbreviationsInGlossary looks every term of the table up in the
// glossary of every revision the table applies it to, and holds the latest
// revision to an expansion of every abbreviation.
func TestAbbreviationsInGlossary(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	ab := lexicon.DefaultAbbreviations()
	if len(ab.Shorts()) < 15 {
		t.Errorf("%d abbreviations, want the common ones (at least 15)", len(ab.Shorts()))
	}
	for i, d := range docs {
		for _, s := range ab.Shorts() {
			terms := ab.Expand(s, revs[i].Date)
			if len(terms) == 0 && i == len(docs)-1 {
				t.Errorf("%s: %s stands for nothing", revs[i].Name(), s)
			}
			for _, term := range terms {
				if d.GlossaryEntry(term) == nil {
					t.Errorf("%s: %s stands for %q, which its glossary lacks", revs[i].Name(), s, term)
				}
			}
		}
	}
}

func TestReadAbbreviationsErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mv\tfirst", "t.tsv:1: want 3 tab-separated fields"},
		{"# c\nMV\tfirst\tMana Value", "t.tsv:2: abbreviation \"MV\" is not lower case"},
		{"mv\t2021\tMana Value", "t.tsv:1: first revision \"2021\""},
		{"mv\tfirst\t ; ", "t.tsv:1: no term"},
		{"mv\tfirst\tA\nmv\tfirst\tB", "t.tsv:2: \"mv\" from first is on line 1 already"},
	} {
		_, err := lexicon.ReadAbbreviations("t.tsv", strings.NewReader(tc.in))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadAbbreviations(%q) = %v, want %s…", tc.in, err, tc.want)
		}
	}
}

func ExampleAbbreviations_Expand() {
	ab := lexicon.DefaultAbbreviations()
	fmt.Println(ab.Expand("mv", date("2020-01-24")), ab.Expand("mv", date("2026-01-16")))
	fmt.Println(ab.Expand("ETB", date("2006-10-01")), ab.Expand("p/t", date("2026-01-16")))
	// Output:
	// [Converted Mana Cost] [Mana Value]
	// [Comes into Play] [Power Toughness]
}
