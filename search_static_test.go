package crules_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/crules/crules/parse"
)

// TestStaticSearchTypography: the written site's search script folds
// typography with the table the server's search index uses: each
// character parse.Typography changes is in the script's table, mapped to
// the same character, and the table holds nothing else.
func TestStaticSearchTypography(t *testing.T) {
	js, err := os.ReadFile("render/search.js")
	if err != nil {
		t.Fatal(err)
	}
	table := regexp.MustCompile(`var fold = \{([^}]*)\}`).FindSubmatch(js)
	if table == nil {
		t.Fatal("render/search.js: no fold table")
	}
	fold := map[rune]string{}
	for _, m := range regexp.MustCompile(`"(\\u[0-9a-f]{4}|.)": ("[^"]*"|'[^']*')`).FindAllSubmatch(table[1], -1) {
		k, err := strconv.Unquote(`"` + string(m[1]) + `"`)
		v := string(m[2][1 : len(m[2])-1])
		if err != nil || len([]rune(k)) != 1 {
			t.Fatalf("fold table entry %s", m[0])
		}
		fold[[]rune(k)[0]] = v
	}
	seen := 0
	for r := rune(0x20); r < 0x3000; r++ {
		got := parse.Typography(string(r))
		if got == string(r) {
			if _, ok := fold[r]; ok {
				t.Errorf("search.js folds %U, the server's index does not", r)
			}
			continue
		}
		seen++
		if fold[r] != got {
			t.Errorf("%U: the server's index folds it to %q, search.js to %q", r, got, fold[r])
		}
	}
	if seen != len(fold) || seen < 10 {
		t.Errorf("%d characters folded by the index, %d by search.js", seen, len(fold))
	}
}
