package engine

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// allSpecs parses every embedded revision and extracts its keyword
// specs.
func allSpecs(t testing.TB) ([]string, []*parse.Document, [][]*keyword.Spec) {
	revs, docs := corpustest.Docs(t)
	names := make([]string, len(revs))
	specs := make([][]*keyword.Spec, len(revs))
	for i, r := range revs {
		names[i] = r.Name()
		specs[i] = keyword.Extract(docs[i], nil, names[i])
	}
	return names, docs, specs
}

// TestDeclarations checks every model against every embedded revision:
// a hand-written model must declare the wording of each revision that
// has its keyword, and a compiled model must compile each revision's
// definition. A new revision that rewords a keyword fails here, naming
// the model that is now stale; after checking the model against the new
// wording, refresh declared.txt with -update.
func TestDeclarations(t *testing.T) {
	revs, docs, specs := allSpecs(t)
	if golden.Updating() {
		if err := os.WriteFile("declared.txt", []byte(declare(revs, docs, specs)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, m := range append(allModels(), actionModels()...) {
		seen := 0
		for i, rev := range revs {
			if m.Implements(docs[i], specs[i]) != "" {
				seen++
			}
			if why := m.Stale(docs[i], specs[i]); why != "" {
				t.Errorf("model %s is stale for %s: %s", m.Name, rev, why)
			}
		}
		if seen == 0 {
			t.Errorf("model %s: no embedded revision defines %s", m.Name, m.Name)
		}
	}
	// Every declaration names a model and a revision that has its text.
	for _, d := range declarations() {
		if !slices.ContainsFunc(append(allModels(), actionModels()...), func(m Model) bool { return m.declName() == d.Model }) {
			t.Errorf("declared.txt: %s is not a model", d.Model)
		}
		if d.Text == "" {
			t.Errorf("declared.txt: %s %s–%s declares no text (no anchor matched)", d.Model, d.From, d.To)
		}
	}
}

// TestStaleNamesModel shows that a reworded keyword is caught: the
// latest revision's convoke, reworded, makes the convoke model stale,
// with the words that changed.
func TestStaleNamesModel(t *testing.T) {
	revs, docs, specs := allSpecs(t)
	last := len(revs) - 1
	m, _ := findModel("Convoke")
	if why := m.Stale(docs[last], specs[last]); why != "" {
		t.Fatalf("convoke is stale in the latest revision: %s", why)
	}
	reworded := make([]*keyword.Spec, len(specs[last]))
	for i, s := range specs[last] {
		c := *s
		if c.Name == "Convoke" {
			c.Definition = []string{strings.Replace(c.Definition[0], "tap an untapped creature", "sacrifice a creature", 1)}
		}
		reworded[i] = &c
	}
	why := m.Stale(docs[last], reworded)
	if !strings.Contains(why, "Convoke") || !strings.Contains(why, "[-tap an untapped-]{+sacrifice a+} creature") {
		t.Errorf("a reworded convoke is not reported stale: %q", why)
	}
}

// TestModelsFromDeclarations: the keyword models are ability's
// declarations, each with the facts its declaration states, in
// modelOrder (a name there that is no declaration is a typo that would
// misplace its keyword), then split cards.
func TestModelsFromDeclarations(t *testing.T) {
	ms := Models()
	decls := ability.Decls()
	if len(ms) != len(decls)+1 || ms[len(ms)-1].Title != "Split Cards" {
		t.Fatalf("%d models for %d declarations, want one each then split cards", len(ms), len(decls))
	}
	for i, name := range modelOrder {
		if ms[i].Name != name {
			t.Errorf("model %d is %s, want %s", i, ms[i].Name, name)
		}
	}
	for _, d := range decls {
		m, ok := findModel(d.Name)
		if !ok || m.Compiled != d.Compiled || !slices.Equal(m.Anchors, d.Anchors) {
			t.Errorf("model %+v does not state declaration %s's facts (compiled %v, anchors %q)", m, d.Name, d.Compiled, d.Anchors)
		}
	}
	if m, _ := findModel("Flying"); !slices.Contains(m.Anchors, "can't be blocked except") {
		t.Errorf("flying's model has anchors %q, want its declaration's", m.Anchors)
	}
	if m, _ := findModel("Bushido"); !m.Compiled {
		t.Errorf("bushido's model is not compiled")
	}
}
