package engine

import (
	"slices"
	"strings"

	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// Coverage is how much of one revision's keyword abilities the engine
// models. Names are the rules' keyword titles, in rule order.
type Coverage struct {
	Rev string `json:"rev"`
	// Defined is how many keyword abilities the revision's text defines
	// (keyword actions and ability words left out).
	Defined int `json:"defined"`
	// Passing are the keywords with a model and at least one scenario
	// file that passes in this revision.
	Passing []string `json:"passing"`
	// Compiled are those of Passing whose model is compiled from the
	// revision's own definition.
	Compiled []string `json:"compiled"`
	// Failing are modelled keywords with scenario files written for
	// this revision, none of which passes.
	Failing []string `json:"failing"`
	// NoScenario are modelled keywords with no scenario file written for
	// this revision: not counted as modelled here (their model may
	// implement another revision's wording only).
	NoScenario []string `json:"no_scenario"`
	// Stale says, for each model that does not implement the revision's
	// wording, why.
	Stale []string `json:"stale"`
	// Unmodelled are the keyword abilities with no model.
	Unmodelled []string `json:"unmodelled"`
	// Rules are the models of rules that are not keywords (split cards)
	// with a passing scenario file.
	Rules []string `json:"rules"`
	// AbilityWords are former keywords the revision says have no rules
	// meaning (threshold since 2005): nothing to model.
	AbilityWords []string `json:"ability_words"`
	// Actions is the coverage of the revision's keyword actions (701),
	// counted the same way, its Kind "keyword action"; nil within it.
	Actions *Coverage `json:"actions,omitempty"`
	// Kind is "keyword action" for the coverage of keyword actions, ""
	// for that of keyword abilities.
	Kind string `json:"kind,omitempty"`
}

// IsCompiled reports whether name is in c.Compiled.
func (c *Coverage) IsCompiled(name string) bool { return slices.Contains(c.Compiled, name) }

// Cover measures the coverage of revision doc with its keyword specs
// (extracted when none are given), running scenarios, which must be
// those written for doc's revision: a model counts as passing when a
// scenario naming its keyword passes in doc, failing when some name it
// and none passes, and is listed in NoScenario when none names it.
// Package scenario's Cover selects, among the scenarios that come with
// the engine, those written for the revision.
func Cover(doc *parse.Document, scenarios []*Scenario, specs ...*keyword.Spec) (*Coverage, error) {
	rev := revName(doc)
	if len(specs) == 0 {
		specs = keyword.Extract(doc, nil, rev)
	}
	passes, written := map[string]bool{}, map[string]bool{}
	for _, f := range scenarios {
		r, err := Run(f, doc, specs...)
		if err != nil {
			return nil, err
		}
		for _, k := range f.Keywords {
			written[strings.ToLower(k)] = true
			if r.Passed() {
				passes[strings.ToLower(k)] = true
			}
		}
	}
	c, a := newCoverage(rev, ""), newCoverage(rev, string(keyword.Action))
	for _, s := range specs {
		if len(s.Kind) > 0 && s.Kind[0] == keyword.AbilityWord {
			c.AbilityWords = append(c.AbilityWords, s.Name)
			continue
		}
		if isAction(s) {
			m, ok := findAction(s.Name)
			a.count(s.Name, m, ok, doc, specs, passes, written)
			continue
		}
		m, ok := findModel(s.Name)
		c.count(s.Name, m, ok, doc, specs, passes, written)
	}
	c.Actions = a
	for _, m := range allModels() {
		if m.Title == "" || rulesOf(doc).Titled(m.Title) == nil {
			continue
		}
		if why := m.Stale(doc, specs); why != "" {
			c.Stale = append(c.Stale, why)
		}
		if passes[strings.ToLower(m.Name)] {
			c.Rules = append(c.Rules, m.Name)
		}
	}
	return c, nil
}

// ActionsOf returns the coverage of keyword actions of each of cs.
func ActionsOf(cs []*Coverage) []*Coverage {
	out := make([]*Coverage, len(cs))
	for i, c := range cs {
		out[i] = c.Actions
	}
	return out
}

func newCoverage(rev, kind string) *Coverage {
	return &Coverage{Rev: rev, Kind: kind, Passing: []string{}, Compiled: []string{}, Failing: []string{}, NoScenario: []string{}, Stale: []string{}, Unmodelled: []string{}, Rules: []string{}, AbilityWords: []string{}}
}

// count counts one keyword the revision defines, name, whose model is m
// when ok: stale when the revision words it differently from what m
// implements, else passing when a scenario naming it passes, failing
// when some name it and none passes.
func (c *Coverage) count(name string, m Model, ok bool, doc *parse.Document, specs []*keyword.Spec, passes, written map[string]bool) {
	c.Defined++
	if !ok {
		c.Unmodelled = append(c.Unmodelled, name)
		return
	}
	if why := m.Stale(doc, specs); why != "" {
		// The model implements a wording the revision doesn't have:
		// stale, not modelled there, whatever its scenarios do.
		c.Stale = append(c.Stale, why)
		return
	}
	switch k := strings.ToLower(m.Name); {
	case passes[k]:
		c.Passing = append(c.Passing, m.Name)
		if m.Compiled {
			c.Compiled = append(c.Compiled, m.Name)
		}
	case written[k]:
		c.Failing = append(c.Failing, m.Name)
	default:
		c.NoScenario = append(c.NoScenario, m.Name)
	}
}

// findAction returns the model of keyword action name.
func findAction(name string) (Model, bool) {
	for _, m := range actionModels() {
		if m.named(name) {
			return m, true
		}
	}
	return Model{}, false
}

func findModel(name string) (Model, bool) {
	for _, m := range allModels() {
		if m.named(name) {
			return m, true
		}
	}
	return Model{}, false
}
