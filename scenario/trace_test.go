package scenario_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/render"
	"github.com/crules/crules/scenario"
)

func runFile(t *testing.T, path, rev string) *engine.Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.Parse(path[strings.LastIndexByte(path, '/')+1:], src)
	if err != nil {
		t.Fatal(err)
	}
	doc, specs := revision(t, rev)
	res, err := scenario.Run(f, doc, specs...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestTraceGolden: the convoke scenario's trace, as "crules sim --trace"
// prints it, cites 409.1 and 502.46a in 2006-10-01 and 601.2 and 702.51a
// in the latest revision, each with the revision's text. Refresh with
// -update and read the diff.
func TestTraceGolden(t *testing.T) {
	for _, tc := range []struct{ rev, convoke, total string }{
		{"2006-10-01", "502.46a", "409.1f"},
		{"latest", "702.51a", "601.2f"},
	} {
		res := runFile(t, "testdata/scenarios/convoke.txt", tc.rev)
		var b bytes.Buffer
		if err := render.SimText(&b, []*engine.Result{res}, true); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, id := range []string{tc.convoke, tc.total} {
			if !strings.Contains(out, " "+id+" ") {
				t.Errorf("%s: the trace does not cite %s", tc.rev, id)
			}
		}
		golden.Check(t, "testdata/golden/convoke."+tc.rev+".txt", b.Bytes())
		var j bytes.Buffer
		if err := render.SimJSON(&j, []*engine.Result{res}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "testdata/golden/convoke."+tc.rev+".json", j.Bytes())
	}
}

// TestSpliceOrder: the main spell's instructions are followed first
// (502.40b, 702.47b): Reach Through Mists draws before Glacial Ray's
// damage is dealt.
func TestSpliceOrder(t *testing.T) {
	for _, rev := range []string{"2006-10-01", "2019-10-04", "latest"} {
		res := runFile(t, "testdata/scenarios/splice.txt", rev)
		var draw, damage, first int
		for i, s := range res.Scripts[0].Trace {
			switch {
			case strings.Contains(s.Note, "draws"):
				draw = i
			case strings.Contains(s.Note, "deals 2 damage"):
				damage = i
			case strings.Contains(s.Note, "followed first"):
				first = i
			}
		}
		if !(first > 0 && first < draw && draw < damage) {
			t.Errorf("%s: order: followed-first at %d, draw at %d, damage at %d", rev, first, draw, damage)
		}
	}
}

// TestReplacementCitations: the replacement effects of flashback,
// madness, dredge and modular, and the choice among several effects on
// one event, cite the rule each revision numbers them by.
func TestReplacementCitations(t *testing.T) {
	for _, tc := range []struct{ file, script, rev, rule, note string }{
		{"flashback.txt", "cast from the graveyard, exiled as it resolves", "2006-10-01", "502.22a", "would be put into the graveyard (it resolves); it is removed from the game instead"},
		{"flashback.txt", "countered, it is exiled as well", "2006-10-01", "502.22a", "would be put into the graveyard (countered); it is removed from the game instead"},
		{"flashback.txt", "countered, it is exiled as well", "latest", "702.34a", "would be put into the graveyard (countered); it is exiled instead"},
		{"flashback.txt", "its only target gone, it does nothing and is exiled", "latest", "702.34a", "(its targets are illegal); it is exiled instead"},
		{"madness.txt", "discarded, exiled, then cast for {R}", "2006-10-01", "502.24a", "it is removed from the game instead of being put into the graveyard"},
		{"madness.txt", "discarded, exiled, then cast for {R}", "latest", "702.35a", "it is exiled instead of being put into the graveyard"},
		{"dredge.txt", "dredge 5 instead of drawing", "2006-10-01", "502.47a", "instead of drawing, alice puts the top 5 cards"},
		{"dredge.txt", "dredge 5 instead of drawing", "latest", "702.52a", "instead of drawing, alice mills 5 cards"},
		{"modular.txt", "enters with one counter", "2006-10-01", "502.35a", "enters with 1 +1/+1 counters"},
		{"modular.txt", "enters with one counter", "latest", "702.43a", "enters with 1 +1/+1 counters"},
		{"replacement.txt", "twice, then plus one: three counters", "2006-10-01", "419.9a", "alice chooses Corpsejack Menace first"},
		{"replacement.txt", "twice, then plus one: three counters", "latest", "616.1", "alice chooses Corpsejack Menace first"},
		{"replacement.txt", "twice, then plus one: three counters", "latest", "614.1a", "Hardened Scales: 2 +1/+1 counters would be put on Arcbound Worker; 3 are put on it instead"},
	} {
		res := runFile(t, "testdata/scenarios/"+tc.file, tc.rev)
		found := false
		for _, s := range res.Scripts {
			if s.Name != tc.script {
				continue
			}
			for _, st := range s.Trace {
				if st.Rule == tc.rule && strings.Contains(st.Note, tc.note) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s %q [%s]: no trace line cites %s with %q", tc.file, tc.script, tc.rev, tc.rule, tc.note)
		}
	}
}
