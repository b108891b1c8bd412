package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/internal/golden"
	"golang.org/x/tools/txtar"
)

// goldenCases pin the output of the command line: every command, a
// 502-era and a 702-era revision, a file on disk, found, not found and bad
// requests, in text and JSON. Each case is a txtar file in testdata/golden
// holding the arguments, the exit status, stdout and stderr; go test
// -update rewrites them.
var goldenCases = []struct {
	name string
	args []string
}{
	{"rule-702", []string{"rule", "702.47a"}},
	{"rule-702-json", []string{"rule", "702.47a", "--json"}},
	{"rule-502", []string{"rule", "502.40", "--rev", "2006-10-01"}},
	{"rule-502-json", []string{"rule", "502.40", "--rev", "2006", "--json"}},
	{"rule-chapter", []string{"rule", "100"}},
	{"rule-chapter-json", []string{"rule", "101", "--rev", "2005", "--json"}},
	{"rule-across", []string{"rule", "702.47a", "--rev", "2005"}},
	{"rule-across-json", []string{"rule", "702.47a", "--rev", "2005", "--json"}},
	{"rule-across-forward", []string{"rule", "502.40a"}},
	{"rule-notfound", []string{"rule", "702.47z"}},
	{"rule-notfound-json", []string{"rule", "702.47z", "--json"}},
	{"rule-notfound-across", []string{"rule", "702.47q", "--rev", "2005"}},
	{"glossary-notfound-json", []string{"glossary", "splise", "--json"}},
	{"keyword-notfound-json", []string{"keyword", "splise", "--json"}},
	{"history-notfound-json", []string{"history", "nonexistent keyword", "--json"}},
	{"refs-notfound-json", []string{"refs", "702.999", "--json"}},
	{"badrev-json", []string{"rule", "702.47a", "--rev", "1850", "--json"}},
	{"rule-badrev", []string{"rule", "702.47a", "--rev", "1850-01-01"}},
	{"rule-badid", []string{"rule", "seven"}},
	{"rule-badnumber", []string{"rule", "702.47z9"}},
	{"rule-name", []string{"rule", "trample"}},
	{"rule-name-chapter", []string{"rule", "combat", "damage", "step", "--rev", "2009-07-11"}},
	{"rule-name-glossary-json", []string{"rule", "mulligan", "--json"}},
	{"rule-name-notfound-json", []string{"rule", "trampel", "--json"}},
	{"rule-subrule-section", []string{"rule", "702.19b", "601.2f-g"}},
	{"refs-name", []string{"refs", "trample"}},
	{"history-name-glossary", []string{"history", "mulligan"}},
	{"glossary-prefix", []string{"glossary", "tramp"}},
	{"rule-rev-nodate", []string{"rule", "100.1", "--rev", "2005-13"}},
	{"rule-rev-banana", []string{"rule", "100.1", "--rev", "banana"}},
	{"rule-rev-arith", []string{"rule", "502.40", "--rev", "2006-10-01~2"}},
	{"rule-rev-arith-bad", []string{"rule", "702.47a", "--rev", "latest~200"}},
	{"rule-range-cr", []string{"rule", "CR", "601.2f-h"}},
	{"rule-section-json", []string{"rule", "§702.47a", "--json"}},
	{"rule-several", []string{"rule", "rules", "702.47a", "and", "702.47b", "--rev", "2026"}},
	{"rule-part", []string{"rule", "1", "--rev", "2005"}},
	{"rule-part-json", []string{"rule", "7", "--json"}},
	{"rule-chapter-across", []string{"rule", "216"}},
	{"rule-chapter-notfound", []string{"rule", "999"}},
	{"glossary-old-name", []string{"glossary", "removed from the game"}},
	{"glossary-new-name", []string{"glossary", "state-based actions", "--rev", "2005"}},
	{"rule-part-prefix", []string{"rule", "CR 7"}},
	{"refs-prefix", []string{"refs", "rule", "702.47a"}},
	{"refs-range", []string{"refs", "CR", "601.2f–h"}},
	{"refs-range-json", []string{"refs", "601.2f-h", "--json"}},
	{"refs-several", []string{"refs", "702.47a", "702.47b"}},
	{"rule-several-missing", []string{"rule", "702.47a", "999.1", "702.19a"}},
	{"rule-several-missing-json", []string{"rule", "702.47a", "999.1", "702.19a", "--json"}},
	{"rule-several-none-json", []string{"rule", "999.1", "999.2", "--json"}},
	{"rule-not-yet", []string{"rule", "702.51a", "--rev", "2001-07-23"}},
	{"rule-file-across", []string{"rule", "702.47a", "--file", "../../../shared/corpus/CR-2005-10-01.txt"}},
	{"rule-file-not-yet", []string{"rule", "702.51a", "--file", "../../../shared/corpus/CR-2001-07-23.txt"}},
	{"refs-file-across", []string{"refs", "702.47a", "--file", "../../../shared/corpus/CR-2005-10-01.txt"}},
	{"glossary-file-abbrev", []string{"glossary", "cmc", "--file", "../../../shared/corpus/CR-2005-10-01.txt"}},
	{"rule-file", []string{"rule", "502.40c", "--file", "../../../shared/seeds/001_f6e5894a2328e0af.txt"}},
	{"rule-file-missing", []string{"rule", "100.1", "--file", "no-such-file.txt"}},
	{"glossary-702", []string{"glossary", "splice"}},
	{"glossary-502-json", []string{"glossary", "SPLICE", "--rev", "2005", "--json"}},
	{"glossary-across-mana-value", []string{"glossary", "mana value", "--rev", "2005"}},
	{"glossary-across-exile", []string{"glossary", "exile", "--rev", "2006"}},
	{"glossary-across-exile-json", []string{"glossary", "exile", "--rev", "2006", "--json"}},
	{"glossary-notfound", []string{"glossary", "splise"}},
	{"glossary-empty", []string{"glossary", " "}},
	{"glossary-two-words", []string{"glossary", "mana", "value"}},
	{"glossary-abbrev-cmc-2005", []string{"glossary", "cmc", "--rev", "2005"}},
	{"glossary-abbrev-etb-json", []string{"glossary", "etb", "--json"}},
	{"glossary-list", []string{"glossary", "--rev", "1999"}},
	{"glossary-list-json", []string{"glossary", "--file", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "--json"}},
	{"toc-502", []string{"toc", "--rev", "2006-10-01"}},
	{"toc-702-json", []string{"toc", "--json"}},
	{"versions", []string{"versions"}},
	{"parse-stats", []string{"parse", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "--stats"}},
	{"parse-text", []string{"parse", "../../../shared/seeds/003_45e1050897cd7326.txt"}},
	{"parse-json", []string{"parse", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "--json"}},
	{"parse-missing", []string{"parse", "no-such-file.txt"}},
	{"parse-summary-one-warning", []string{"parse", "../../../shared/seeds/001_f6e5894a2328e0af.txt"}},
	{"parse-stats-json", []string{"parse", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "--stats", "--json"}},
	{"rule-rev-file", []string{"rule", "100.1", "--rev", "2005", "--file", "x.txt"}},
	{"refs-702", []string{"refs", "702.47a"}},
	{"refs-502-json", []string{"refs", "502.40a", "--rev", "2005", "--json"}},
	{"refs-across", []string{"refs", "702.47a", "--rev", "2005"}},
	{"refs-across-json", []string{"refs", "702.47a", "--rev", "2005", "--json"}},
	{"refs-notfound", []string{"refs", "702.999"}},
	{"check-502", []string{"check", "2005"}},
	{"check-file-json", []string{"check", "--file", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "--json"}},
	{"graph-file-dot", []string{"graph", "--file", "../../../shared/seeds/001_f6e5894a2328e0af.txt"}},
	{"graph-file-json", []string{"graph", "--file", "../../../shared/seeds/003_45e1050897cd7326.txt", "--format", "json"}},
	{"graph-badformat", []string{"graph", "--format", "png"}},
	{"diff-stat", []string{"diff", "2024-06-07", "2024-07-30", "--stat"}},
	{"diff-rule", []string{"diff", "2004", "latest", "--rule", "702.47"}},
	{"diff-rule-json", []string{"diff", "2005", "2006", "--rule", "502.40", "--json"}},
	{"diff-rule-stat", []string{"diff", "2009-05-01", "2009-07-11", "--rule", "702", "--stat"}},
	{"diff-file", []string{"diff", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "2005", "--rule", "502.40"}},
	{"diff-badrev", []string{"diff", "2009", "no-such-rev"}},
	{"diff-rev-arith-stat", []string{"diff", "latest~1", "latest", "--stat"}},
	{"diff-rule-notfound", []string{"diff", "2008", "2010", "--rule", "999.1"}},
	{"diff-rule-across", []string{"diff", "2005", "2006", "--rule", "702.47a"}},
	{"diff-rule-across-json", []string{"diff", "2005", "2006", "--rule", "702.47a", "--json"}},
	{"diff-chapter-across-stat", []string{"diff", "2005", "2006", "--rule", "702", "--stat"}},
	{"diff-chapter-notfound", []string{"diff", "2005", "2006", "--rule", "999"}},
	{"diff-renumbered-titles", []string{"diff", "2008-05-01", "2009-07-11", "--rule", "702.47"}},
	{"diff-renumbered-titles-json", []string{"diff", "2008-05-01", "2009-07-11", "--rule", "702.47", "--json"}},
	{"diff-stat-json", []string{"diff", "2008-05-01", "2009-07-11", "--rule", "702.47", "--stat", "--json"}},
	{"diff-epic-across", []string{"diff", "2008-05-01", "2009-07-11", "--rule", "702.47a"}},
	{"diff-ignore-typography", []string{"diff", "2005", "2006", "--rule", "502", "--ignore-typography"}},
	{"diff-ignore-typography-json", []string{"diff", "2005", "2006", "--rule", "502.40", "--ignore-typography", "--json"}},
	{"search-badkind", []string{"search", "kind:bogus splice"}},
	{"diff-badclass", []string{"diff", "2009", "2010", "--class", "bogus"}},
	{"history-keyword", []string{"history", "splice"}},
	{"history-two-words", []string{"history", "first", "strike"}},
	{"history-noargs", []string{"history"}},
	{"toc-extra-args", []string{"toc", "1", "2"}},
	{"diff-one-arg", []string{"diff", "2005"}},
	{"search-nosuggestion-json", []string{"search", "zzqqx", "--json"}},
	{"history-keyword-json", []string{"history", "splice", "--json"}},
	{"history-502", []string{"history", "502.46", "--rev", "2006-10-01"}},
	{"history-notfound", []string{"history", "nonexistent keyword"}},
	{"history-prefix", []string{"history", "CR", "702.47a"}},
	{"history-chapter", []string{"history", "702"}},
	{"history-range", []string{"history", "601.2f-h"}},
	{"history-misspelt", []string{"history", "splise"}},
	{"history-badrev", []string{"history", "502.46", "--rev", "1850"}},
	{"terms-one", []string{"terms", "removed from the game"}},
	{"terms-json", []string{"terms", "mana cost", "--json"}},
	{"terms-all", []string{"terms"}},
	{"terms-notfound", []string{"terms", "mana burn"}},
	{"terms-discover", []string{"terms", "--discover", "2009-05-01,2009-07-11", "--min", "20"}},
	{"cite", []string{"cite", "../../cite/testdata/src"}},
	{"cite-all-json", []string{"cite", "--all", "--json", "../../cite/testdata/src"}},
	{"cite-missing", []string{"cite", "no-such-folder"}},
	{"cite-addresses", []string{"cite", "--all", "../../cite/testdata/addr"}},
	{"keyword-702", []string{"keyword", "splice"}},
	{"keyword-502-json", []string{"keyword", "flashback", "--rev", "2006-10-01", "--json"}},
	{"keyword-file", []string{"keyword", "splice", "--file", "../../../shared/seeds/001_f6e5894a2328e0af.txt"}},
	{"keyword-notfound", []string{"keyword", "splise"}},
	{"keyword-two-words", []string{"keyword", "first", "strike"}},
	{"keyword-form-of-2003", []string{"keyword", "bands with other", "--rev", "2003"}},
	{"keywords-triggered", []string{"keywords", "--kind", "triggered"}},
	{"keywords-502-json", []string{"keywords", "--rev", "2005", "--kind", "activated", "--json"}},
	{"keywords-badkind", []string{"keywords", "--kind", "bogus"}},
	{"search-702", []string{"search", "splice", "onto", "arcane", "--limit", "3"}},
	{"search-502-json", []string{"search", "splice onto arcane", "--rev", "2005", "--limit", "3", "--json"}},
	{"search-all-revs", []string{"search", "mana burn", "--all-revs", "--limit", "3"}},
	{"search-file-json", []string{"search", "splice", "--file", "../../../shared/seeds/001_f6e5894a2328e0af.txt", "--json"}},
	{"search-rule-number", []string{"search", "702.47a"}},
	{"search-notfound", []string{"search", "the splise"}},
	{"search-notfound-json", []string{"search", "the splise", "--json"}},
	{"search-badquery", []string{"search", `"unbalanced`}},
	{"search-badlimit", []string{"search", "splice", "--limit", "0"}},
	{"search-noquery", []string{"search"}},
	{"search-unknown-field", []string{"search", "foo:bar"}},
	{"search-allrevs-rev", []string{"search", "splice", "--all-revs", "--rev", "2005"}},
	{"index-build", []string{"index", "build", "--rev", "2005"}},
	{"unknown-flag", []string{"rule", "702.47a", "--bogus"}},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := run(t, tc.args...)
			ar := &txtar.Archive{
				Comment: []byte(fmt.Sprintf("crules %s\nexit %d\n", quoteArgs(tc.args), code)),
				Files:   []txtar.File{{Name: "stdout", Data: []byte(out)}, {Name: "stderr", Data: []byte(errs)}},
			}
			golden.Check(t, filepath.Join("testdata", "golden", tc.name+".txt"), txtar.Format(ar))
		})
	}
}

func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = a
		if a == "" || strings.ContainsAny(a, " \"'") {
			q[i] = fmt.Sprintf("%q", a)
		}
	}
	return strings.Join(q, " ")
}
