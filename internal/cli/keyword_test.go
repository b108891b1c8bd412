package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestKeyword(t *testing.T) {
	code, out, _ := run(t, "keyword", "splice", "--rev", "2006-10-01", "--json")
	var s struct {
		Name, Rule, Written string
		Kind, Params, Zones []string
		Changed             []struct{ Rev, ID, Class string }
		TextRule            struct{ ID string } `json:"text_rule"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &s) != nil {
		t.Fatalf("keyword --json: exit %d %.300s", code, out)
	}
	if s.Rule != "502.40" || strings.Join(s.Params, ",") != "type or subtype,cost" || strings.Join(s.Zones, ",") != "hand" || s.TextRule.ID != "502.40" {
		t.Errorf("splice in 2006: %+v", s)
	}
	var moved bool
	for _, c := range s.Changed {
		if c.Rev == "2009-07-11" && c.ID == "702.44" {
			moved = true
		}
	}
	if !moved {
		t.Errorf("splice's changes do not include 2009-07-11 (702.44): %v", s.Changed)
	}
	code, out, _ = run(t, "keyword", "Ninjutsu")
	if code != 0 || !strings.Contains(out, "  kind:       activated\n") || !strings.Contains(out, "  zones:      hand\n") || !strings.Contains(out, "702.49a Ninjutsu is an activated ability") {
		t.Errorf("keyword ninjutsu: exit %d\n%.500s", code, out)
	}
	code, _, errs := run(t, "keyword", "splyce")
	if code != 1 || !strings.Contains(errs, "did you mean: Splice") {
		t.Errorf("misspelt keyword: exit %d %q", code, errs)
	}
}

func TestKeywords(t *testing.T) {
	code, out, _ := run(t, "keywords", "--kind", "triggered")
	if code != 0 || !strings.Contains(out, "Bushido") || strings.Contains(out, "Flying") {
		t.Errorf("keywords --kind triggered: exit %d\n%.300s", code, out)
	}
	code, out, _ = run(t, "keywords", "--json", "--rev", "2009-07-11")
	var specs []struct{ Name, Rule string }
	if code != 0 || json.Unmarshal([]byte(out), &specs) != nil || len(specs) < 90 {
		t.Fatalf("keywords --json: exit %d, %d specs", code, len(specs))
	}
	for _, s := range specs {
		if s.Name == "Splice" && s.Rule != "702.44" {
			t.Errorf("splice at %s in 2009-07-11", s.Rule)
		}
	}
	code, _, _ = run(t, "keywords", "--kind", "sorcery")
	if code != 2 {
		t.Errorf("bad kind: exit %d", code)
	}
}
