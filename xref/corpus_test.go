package xref_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

type revGraph struct {
	rev corpus.Revision
	g   *xref.Graph
}

func graphs(t *testing.T) []revGraph {
	revs, docs := corpustest.Docs(t)
	var out []revGraph
	for i, r := range revs {
		out = append(out, revGraph{r, xref.Build(docs[i])})
	}
	return out
}

// TestResolutionRates: every revision's citation counts against
// testdata/citations.golden, and the targets: 99.5% of citations resolve in
// every 702-era revision, 99% in every 502-era one.
func TestResolutionRates(t *testing.T) {
	var b bytes.Buffer
	fmt.Fprintln(&b, "# rev\tera\tcitations\tresolved\tunresolved\ttitle_mismatches\trate")
	worst := map[parse.Era]float64{parse.Era502: 1, parse.Era702: 1}
	for _, rg := range graphs(t) {
		s := rg.g.Stats()
		era := rg.g.Doc.Era
		fmt.Fprintf(&b, "%s\t%s\t%d\t%d\t%d\t%d\t%.4f\n", rg.rev.Name(), era, s.Citations, s.Resolved, s.Unresolved, s.TitleMismatches, s.Rate())
		floor := 0.995
		if era == parse.Era502 {
			floor = 0.99
		}
		if s.Rate() < floor {
			t.Errorf("%s: %.2f%% of citations resolve, want at least %.1f%%", rg.rev.Name(), 100*s.Rate(), 100*floor)
		}
		if s.Citations < 100 {
			t.Errorf("%s: only %d citations found", rg.rev.Name(), s.Citations)
		}
		worst[era] = min(worst[era], s.Rate())
	}
	t.Logf("lowest resolution rate: 502 era %.2f%%, 702 era %.2f%%", 100*worst[parse.Era502], 100*worst[parse.Era702])
	golden.Check(t, "testdata/citations.golden", b.Bytes())
}

// TestLatestDefects: each unresolved citation and title mismatch left in
// the latest revision is listed in testdata/latest-defects.tsv with the
// reason it is a defect of the text, not of the parser.
func TestLatestDefects(t *testing.T) {
	gs := graphs(t)
	latest := gs[len(gs)-1]
	f, err := os.Open("testdata/latest-defects.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	documented := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 4 || strings.TrimSpace(c[3]) == "" {
			t.Fatalf("latest-defects.tsv: %q: want rev, position, message and a reason", line)
		}
		if c[0] != latest.rev.Name() {
			t.Errorf("latest-defects.tsv lists %s, the latest revision is %s", c[0], latest.rev.Name())
		}
		documented[c[1]+"\t"+c[2]] = c[3]
	}
	for _, fd := range xref.Check(latest.g) {
		if fd.Code != "unresolved" && fd.Code != "title-mismatch" {
			continue
		}
		k := fd.Pos.String() + "\t" + fd.Code + ": " + fd.Msg
		if _, ok := documented[k]; !ok {
			t.Errorf("undocumented finding in %s: %s", latest.rev.Name(), k)
		}
		delete(documented, k)
	}
	for k := range documented {
		t.Errorf("latest-defects.tsv lists %q, which Check no longer finds", k)
	}
}

func TestRefsOfSplice(t *testing.T) {
	gs := graphs(t)
	g := gs[len(gs)-1].g
	var out []string
	for _, r := range g.Outgoing(parse.MustParseRuleID("702.47a")) {
		out = append(out, r.Target.String())
	}
	if strings.Join(out, " ") != "601.2b 601.2f 601.2g 601.2h" {
		t.Errorf("702.47a cites %v", out)
	}
	found := false
	for _, r := range g.IncomingRule(parse.MustParseRuleID("601.2f")) {
		if r.Source.Rule.String() == "702.47a" {
			found = true
		}
	}
	if !found {
		t.Error("601.2f is not cited by 702.47a")
	}
	var from []string
	for _, r := range g.IncomingRule(parse.MustParseRuleID("702.47")) {
		from = append(from, r.Source.String())
	}
	if !strings.Contains(strings.Join(from, "|"), "glossary “Splice”") {
		t.Errorf("702.47 is cited by %v, not by the glossary entry Splice", from)
	}
}

// TestRefSpans: in every revision, each citation's span in its node's text
// is the citation as written, so a printer can link it in place. (A rule
// number printed twice in a revision names two nodes; either may hold it.)
func TestRefSpans(t *testing.T) {
	for _, rg := range graphs(t) {
		d, bad := rg.g.Doc, 0
		nodes := map[parse.RuleID][]*parse.Rule{}
		d.Walk(func(r *parse.Rule) bool { nodes[r.ID] = append(nodes[r.ID], r); return true })
		for _, r := range rg.g.Refs {
			var texts []string
			switch {
			case r.Source.Glossary != "":
				texts = append(texts, d.GlossaryEntry(r.Source.Glossary).Definition[r.Para].Text)
			default:
				for _, n := range nodes[r.Source.Rule] {
					if r.Source.Example == 0 {
						texts = append(texts, n.Text)
					} else if r.Source.Example <= len(n.Examples) {
						texts = append(texts, n.Examples[r.Source.Example-1].Text)
					}
				}
			}
			ok := false
			for _, text := range texts {
				ok = ok || r.Start >= 0 && r.Start <= r.End && r.End <= len(text) && text[r.Start:r.End] == r.Text
			}
			if !ok {
				if bad++; bad <= 3 {
					t.Errorf("%s: %s: span %d:%d of %q is not %q", rg.rev.Name(), r.Source, r.Start, r.End, texts, r.Text)
				}
			}
		}
	}
}

// TestTermsStopAtPlaceholders: a glossary term never runs into or out of a
// placeholder bracket. 2026-01-16's 702.27a reads "additional [cost]", which
// is not the term "additional cost"; "Partner with [name]" is a term, linked
// whole.
func TestTermsStopAtPlaceholders(t *testing.T) {
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	var d *parse.Document
	for _, r := range a.Revisions() {
		if r.Name() == "2026-01-16" {
			text, err := a.Text(r)
			if err != nil {
				t.Fatal(err)
			}
			if d, err = parse.Parse(r.File, text); err != nil {
				t.Fatal(err)
			}
		}
	}
	if d == nil {
		t.Fatal("no revision 2026-01-16")
	}
	g := xref.Build(d)
	r := d.Rule(parse.MustParseRuleID("702.27a"))
	if !strings.Contains(r.Text, "additional [cost]") {
		t.Fatalf("702.27a lost its placeholder: %q", r.Text)
	}
	partner := 0
	for _, id := range d.IDs() {
		x := d.Rule(id)
		for _, m := range g.Terms(x.Text) {
			s := x.Text[m.Start:m.End]
			if b := bracketsOf(s); b != "" && b != "[]" {
				t.Errorf("%s: term %q runs into or out of a placeholder", id, s)
			}
			if strings.EqualFold(s, "partner with [name]") {
				partner++
			}
		}
	}
	// A term that has a placeholder ("Partner with [name]") still matches,
	// with its closing bracket.
	if partner == 0 {
		t.Error(`no rule links "Partner with [name]"`)
	}
}

func bracketsOf(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c == '[' || c == ']' {
			b.WriteRune(c)
		}
	}
	return b.String()
}
