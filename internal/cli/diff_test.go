package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules/render"
)

func TestDiff(t *testing.T) {
	code, out, _ := run(t, "diff", "2004", "latest", "--rule", "702.47")
	if code != 0 || !strings.Contains(out, "\n  502.40   Splice                             →  702.47   Splice\n") || !strings.Contains(out, "[-play-]{+cast+}") {
		t.Errorf("diff --rule: exit %d\n%.600s", code, out)
	}
	// --rule takes every form rule takes: a prefix, a section sign, a name
	// (said on stderr); a range is refused, as history refuses it.
	for _, rule := range []string{"CR 702.47", "§702.47", "rule 702.47", "splice"} {
		c, o, e := run(t, "diff", "2004", "latest", "--rule", rule)
		if c != 0 || o != out {
			t.Errorf("diff --rule %q: exit %d %q\n%.300s", rule, c, e, o)
		}
		if rule == "splice" && e != "crules: \"splice\" is 702.47 Splice\n" {
			t.Errorf("diff --rule splice: stderr %q", e)
		}
	}
	code, _, errs := run(t, "diff", "2004", "latest", "--rule", "601.2f-h")
	if code != 2 || !strings.Contains(errs, "--rule: 601.2f–h is a range; a diff narrows to one") {
		t.Errorf("diff --rule 601.2f-h: exit %d %q", code, errs)
	}
	code, out, _ = run(t, "diff", "2009-05-01", "2009-07-11", "--stat")
	if code != 0 || !strings.HasPrefix(out, "2009-05-01 → 2009-07-11: ") || !strings.Contains(out, " terminology") {
		t.Errorf("diff --stat: exit %d\n%.300s", code, out)
	}
	// --stat --json carries what --stat prints: the counts per chapter,
	// no renumbering table, no pairs.
	_, text, _ := run(t, "diff", "2005", "2006", "--ignore-typography", "--stat")
	code, out, _ = run(t, "diff", "2005", "2006", "--ignore-typography", "--stat", "--json")
	var st struct {
		Counts   map[string]int
		Chapters []struct {
			Chapter int
			Title   string
			Counts  map[string]int
		}
		Pairs, Renumbering any
	}
	rows := strings.Count(text, "\n  ")
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil || len(st.Chapters) != rows || st.Pairs != nil || st.Renumbering != nil {
		t.Fatalf("diff --stat --json: exit %d, %d chapters for %d rows of --stat\n%.400s", code, len(st.Chapters), rows, out)
	}
	listed, counted := 0, 0
	for k, n := range st.Counts {
		if k != "unchanged" {
			listed += n
		}
	}
	for _, ch := range st.Chapters {
		for _, n := range ch.Counts {
			counted += n
		}
		if ch.Chapter == 101 && (ch.Title != "Starting the Game" || ch.Counts["edited"] != 2 || ch.Counts["added"] != 1 || !strings.Contains(text, "\n  101  Starting the Game ") || !strings.Contains(text, " 2 edited, 1 added\n")) {
			t.Errorf("chapter 101: %+v", ch)
		}
	}
	if listed == 0 || counted != listed {
		t.Errorf("--stat --json: chapters count %d changes, counts %d", counted, listed)
	}
	code, out, _ = run(t, "diff", "2024-06-07", "2024-07-30", "--class", "terminology", "--json")
	var j struct {
		A, B   string
		Counts map[string]int
		Pairs  []struct {
			A, B, Class string
			Diff        []struct{ Op, Text string }
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.A != "2024-06-07" || len(j.Pairs) == 0 {
		t.Fatalf("diff --json: exit %d %.300s", code, out)
	}
	etb := 0
	for _, p := range j.Pairs {
		if p.Class != "terminology" {
			t.Errorf("--class terminology printed a %s pair", p.Class)
		}
		for _, op := range p.Diff {
			if op.Op == "delete" && strings.Contains(op.Text, "the battlefield") {
				etb++
			}
		}
	}
	if etb < 20 {
		t.Errorf("2024-07-30: only %d terminology changes drop \"the battlefield\"", etb)
	}
	code, _, errs = run(t, "diff", "2009", "no-such-rev")
	if code != 2 || !strings.Contains(errs, `no revision "no-such-rev"`) {
		t.Errorf("bad revision: exit %d %q", code, errs)
	}
	code, _, _ = run(t, "diff", "2009", "2010", "--class", "bogus")
	if code != 2 {
		t.Errorf("bad class: exit %d", code)
	}
	// A file on disk against an embedded revision: the same text, unchanged.
	code, out, _ = run(t, "diff", "../../../shared/corpus/CR-2026-01-16.txt", "latest", "--stat")
	if code != 0 || !strings.HasPrefix(out, "2026-01-16 → 2026-01-16: 3114 unchanged\n") {
		t.Errorf("file against itself: exit %d %q", code, out)
	}
}

func TestTerms(t *testing.T) {
	code, out, _ := run(t, "terms")
	for _, want := range []string{
		"\nremoved from the game exiled 2009-07-11 2009-07-11 42→0 ",
		"\ncomes into play enters the battlefield 2009-07-11 2009-07-11 109→2 ",
	} {
		if code != 0 || !strings.Contains(squeeze(out), want) {
			t.Errorf("terms: exit %d, no line %q in\n%.500s", code, want, out)
		}
	}
	// One phrase: the revisions either side of the shift are named, even
	// inside a run of equal counts.
	code, out, _ = run(t, "terms", "comes into play")
	for _, want := range []string{
		"  2008-10-01 … 2009-05-01      109        0\n",
		"  2009-07-11                     2       95  ← shift\n",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("terms 'comes into play': exit %d, no line %q in\n%s", code, want, out)
		}
	}
	plot := filepath.Join(t.TempDir(), "rftg.svg")
	code, out, _ = run(t, "terms", "removed from the game", "--plot", plot, "--json")
	var rows []struct {
		Old, Shift string
		Counts     []struct {
			Rev      string
			Old, New int
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) == 0 || rows[0].Shift != "2009-07-11" {
		t.Fatalf("terms --json: exit %d %.200s", code, out)
	}
	svg, err := os.ReadFile(plot)
	if err != nil || !strings.HasPrefix(string(svg), "<svg") || !strings.Contains(string(svg), "removed from the game") || strings.Contains(string(svg), "his or her") {
		t.Errorf("plot: %v %.100s", err, svg)
	}
	// --term chooses the panels; none draws the default few.
	run(t, "terms", "--plot", plot, "--term", "his or her", "--term", "exiled")
	svg, _ = os.ReadFile(plot)
	if !strings.Contains(string(svg), "his or her") || !strings.Contains(string(svg), "removed from the game") || strings.Contains(string(svg), "comes into play") {
		t.Errorf("terms --plot --term: %.200s", svg)
	}
	run(t, "terms", "--plot", plot)
	svg, _ = os.ReadFile(plot)
	for _, p := range render.DefaultPlotTerms {
		if !strings.Contains(string(svg), ">"+p+"<") {
			t.Errorf("terms --plot: no panel %q", p)
		}
	}
	code, out, _ = run(t, "terms", "--discover", "2018-01-19,2018-04-27")
	if code != 0 || !strings.Contains(out, "✓  165  his or her") {
		t.Errorf("terms --discover: exit %d\n%.400s", code, out)
	}
	code, _, _ = run(t, "terms", "no such phrase")
	if code != 1 {
		t.Errorf("unknown term: exit %d", code)
	}
}

func TestCite(t *testing.T) {
	code, out, errs := run(t, "cite", "../../cite/testdata/src")
	want := []string{
		"ConvokeAbility.java:4:4: 502.46 is Convoke of 2005-10-01..2009-05-01; Convoke is 702.51 now\n",
		"ConvokeAbility.java:5:4: 502.46a is Convoke of 2005-10-01..2009-05-01; Convoke is 702.51 now\n",
		"ConvokeAbility.java:11:65: 409.1f is 601.2f now (renumbered in 2009-07-11)\n",
		"notes.md:2:42: 702.21 is Banding of 2013-07-13..2021-02-15, and Ward now; Banding is 702.22 now\n",
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("cite: no %q in\n%s", w, out)
		}
	}
	if code != 1 || strings.Count(out, "\n") != 4 || !strings.Contains(errs, "9 citations in 2 files, 4 stale") {
		t.Errorf("cite: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = run(t, "cite", "--all", "--json", "../../cite/testdata/src/notes.md")
	var cs []struct {
		ID      string
		Stale   bool
		Message string
	}
	if code != 1 || json.Unmarshal([]byte(out), &cs) != nil || len(cs) != 4 || cs[0].ID != "702.34" || cs[0].Stale {
		t.Errorf("cite --all --json: exit %d %s", code, out)
	}
	code, out, _ = run(t, "cite", "--json", "../../cite/testdata/src/keyword")
	var stale []struct{ ID, Now string }
	if code != 1 || json.Unmarshal([]byte(out), &stale) != nil || len(stale) != 3 || stale[1].Now != "702.51a" || stale[2].ID != "409.1f" || stale[2].Now != "601.2f" {
		t.Errorf("cite --json: the numbers renumbered rules have now: exit %d %s", code, out)
	}
	code, _, _ = run(t, "cite", "/no/such/dir")
	if code != 2 {
		t.Errorf("missing path: exit %d", code)
	}
}

// TestDiffRenumberedAgrees: the header's renumbered count is the table's
// rules with the same text under a new number.
func TestDiffRenumberedAgrees(t *testing.T) {
	code, out, _ := run(t, "diff", "2024-06-07", "2024-07-30")
	if code != 0 || !strings.Contains(out, ": 2887 unchanged, 4 renumbered,") || !strings.Contains(out, "\nNew numbers (6: 4 renumbered with the same text, 2 also changed):\n") {
		t.Errorf("exit %d\n%.600s", code, out)
	}
}

// squeeze turns every run of spaces into one: a table's columns are as
// wide as their widest cell.
func squeeze(s string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		b.WriteString(strings.Join(strings.Fields(line), " ") + "\n")
	}
	return b.String()
}
