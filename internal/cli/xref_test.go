package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRefs(t *testing.T) {
	code, out, _ := run(t, "refs", "702.47a")
	if code != 0 || !strings.Contains(out, "    601.2b ") || !strings.Contains(out, "    601.2f–h ") {
		t.Errorf("refs 702.47a: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "refs", "601.2f", "--rev", "2026-01-16", "--json")
	var j struct {
		Outgoing []struct{ Target string }
		Incoming []struct {
			From, Text, Context string
			Line                int
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil {
		t.Fatalf("refs --json: exit %d %.200s", code, out)
	}
	splice := false
	for _, r := range j.Incoming {
		if r.From == "702.47a" && r.Text == "601.2f–h" && strings.Contains(r.Context, "601.2b and 601.2f–h") && r.Line > 0 {
			splice = true
		}
	}
	if !splice || len(j.Incoming) < 10 {
		t.Errorf("601.2f is cited by %d citations, splice among them: %v", len(j.Incoming), splice)
	}
	code, _, errs := run(t, "refs", "702.999")
	if code != 1 || !strings.Contains(errs, "no rule 702.999") {
		t.Errorf("refs of a missing rule: exit %d %q", code, errs)
	}
}

func TestCheck(t *testing.T) {
	code, out, errs := run(t, "check")
	if code != 1 || !strings.Contains(out, "CR-2026-01-16.txt:8214:235: unresolved: glossary “Map” cites rule 110.10, which does not exist\n") || !strings.Contains(errs, "4 findings") {
		t.Errorf("check: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = run(t, "check", "2009-10-01", "--json")
	var fs []struct {
		Rev, File, Code, Message string
		Line, Col                int
	}
	if code != 1 || json.Unmarshal([]byte(out), &fs) != nil || len(fs) == 0 || fs[0].Rev != "2009-10-01" {
		t.Fatalf("check 2009-10-01 --json: exit %d %.300s", code, out)
	}
	codes := map[string]int{}
	for _, f := range fs {
		codes[f.Code]++
	}
	if codes["unresolved"] != 2 || codes["duplicate-id"] != 1 {
		t.Errorf("2009-10-01 findings: %v", codes)
	}
	// A compound split over two wrapped lines ("State-" / "Based Effects")
	// is read whole, so its citation's title matches (2003-12-01, 215.1).
	code, out, _ = run(t, "check", "--rev", "2003-12-01")
	if code != 1 || strings.Contains(out, "State- ") || !strings.Contains(out, "cites 212.6 as “Lands”") {
		t.Errorf("check --rev 2003-12-01: exit %d\n%s", code, out)
	}
	code, _, _ = run(t, "check", "2009", "--rev", "2010")
	if code != 2 {
		t.Errorf("check with a revision twice: exit %d", code)
	}
}

func TestGraph(t *testing.T) {
	code, out, _ := run(t, "graph", "--rev", "2019-10-04")
	if code != 0 || !strings.HasPrefix(out, `digraph "CR 2019-10-04" {`) || !strings.Contains(out, `"702.46a" -> "601.2f";`) {
		t.Errorf("graph dot: exit %d %.300s", code, out)
	}
	code, out, _ = run(t, "graph", "--format", "json")
	var g struct {
		Nodes []struct{ ID, Kind string }
		Edges []struct{ From, To, Status string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &g) != nil || len(g.Edges) < 2000 || len(g.Nodes) < 1000 {
		t.Errorf("graph json: exit %d, %d nodes, %d edges", code, len(g.Nodes), len(g.Edges))
	}
	code, _, _ = run(t, "graph", "--format", "svg")
	if code != 2 {
		t.Errorf("graph --format svg: exit %d", code)
	}
}
