package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/crules/crules/engine"
)

// SimText prints the results of scenario runs as text: one line per
// script, "ok" or "FAIL", then a line per failed check with its
// file:line:col and what the engine found; with trace, every rule the
// engine applied, with its ID, and its text in the revision run the first
// time the script cites it.
func SimText(w io.Writer, results []*engine.Result, trace bool) error {
	var b strings.Builder
	passed, failed := 0, 0
	for _, r := range results {
		for _, s := range r.Scripts {
			status := "ok  "
			if !s.Passed() {
				status = "FAIL"
			}
			fmt.Fprintf(&b, "%s %s:%d %s [%s]\n", status, r.File, s.Line, s.Name, r.Rev)
			for _, c := range s.Checks {
				if c.Pass {
					passed++
					continue
				}
				failed++
				fmt.Fprintf(&b, "  %s: %s\n    got: %s\n", c.Pos(), c.Text, c.Got)
			}
			if trace {
				shown := map[string]bool{}
				for _, st := range s.Trace {
					rule := st.Rule
					if rule == "" {
						rule = "-"
					}
					fmt.Fprintf(&b, "    %s:%d %s %s\n", r.File, st.Line, rule, st.Note)
					if st.Text != "" && !shown[rule] {
						shown[rule] = true
						fmt.Fprintf(&b, "        %s %s\n", rule, st.Text)
					}
				}
			}
		}
	}
	fmt.Fprintf(&b, "%d checks passed, %d failed\n", passed, failed)
	_, err := io.WriteString(w, b.String())
	return err
}

// SimJSON prints the results as one JSON array of results (keys file,
// rev, scripts; each script name, line, checks, trace).
// It writes SimResults(results) as WriteJSON does.
func SimJSON(w io.Writer, results []*engine.Result) error {
	return WriteJSON(w, SimResults(results))
}

// SimResults is the JSON value of results: an empty list, not null, for
// none.
func SimResults(results []*engine.Result) []*engine.Result {
	if results == nil {
		return []*engine.Result{}
	}
	return results
}

// Sim prints the results as SimText does.
func (p *TextPrinter) Sim(results []*engine.Result, trace bool) {
	if p.Err == nil {
		p.Err = SimText(p.W, results, trace)
	}
}

// Coverage prints the coverage as CoverageText does.
func (p *TextPrinter) Coverage(c *engine.Coverage) {
	if p.Err == nil {
		p.Err = CoverageText(p.W, c)
	}
}

// CoverageText prints a revision's keyword coverage: the counts, then
// the models with passing scenarios (compiled ones marked), then the
// stale models with why.
func CoverageText(w io.Writer, c *engine.Coverage) error {
	var b strings.Builder
	fmt.Fprintf(&b, "revision %s\n", c.Rev)
	fmt.Fprintf(&b, "keyword abilities defined:         %d\n", c.Defined)
	fmt.Fprintf(&b, "with a model and passing scenarios: %d\n", len(c.Passing))
	fmt.Fprintf(&b, "  of which compiled from the text:  %d\n", len(c.Compiled))
	fmt.Fprintf(&b, "stale models:                      %d\n", len(c.Stale))
	if len(c.Passing) > 0 {
		var names []string
		for _, n := range c.Passing {
			if c.IsCompiled(n) {
				n += "*"
			}
			names = append(names, n)
		}
		fmt.Fprintf(&b, "\nmodelled (* compiled): %s\n", strings.Join(names, ", "))
	}
	if len(c.Failing) > 0 {
		fmt.Fprintf(&b, "modelled, scenarios failing: %s\n", strings.Join(c.Failing, ", "))
	}
	if len(c.NoScenario) > 0 {
		fmt.Fprintf(&b, "modelled, no scenario written for this revision: %s\n", strings.Join(c.NoScenario, ", "))
	}
	for _, s := range c.Stale {
		fmt.Fprintf(&b, "stale: %s\n", s)
	}
	if len(c.Rules) > 0 {
		fmt.Fprintf(&b, "other rules modelled: %s\n", strings.Join(c.Rules, ", "))
	}
	if len(c.AbilityWords) > 0 {
		fmt.Fprintf(&b, "ability words, no rules meaning: %s\n", strings.Join(c.AbilityWords, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// CoverageJSON prints the coverage as one JSON object (keys rev,
// defined, passing, compiled, failing, no_scenario, stale, unmodelled, rules,
// ability_words).
// It writes c as WriteJSON does: the bytes of keywords --coverage --json.
func CoverageJSON(w io.Writer, c *engine.Coverage) error {
	return WriteJSON(w, c)
}
