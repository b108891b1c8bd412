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

// CoverageAll prints the coverage of several revisions as
// CoverageAllText does.
func (p *TextPrinter) CoverageAll(cs []*engine.Coverage) {
	if p.Err == nil {
		p.Err = CoverageAllText(p.W, cs)
	}
}

// CoverageText prints a revision's keyword coverage: the counts, then
// the models with passing scenarios (compiled ones marked), then the
// stale models with why.
func CoverageText(w io.Writer, c *engine.Coverage) error {
	var b strings.Builder
	fmt.Fprintf(&b, "revision %s\n", c.Rev)
	if c.Kind == "" {
		fmt.Fprintf(&b, "keyword abilities defined:         %d\n", c.Defined)
	} else {
		fmt.Fprintf(&b, "%-35s%d\n", c.Kind+"s defined:", c.Defined)
	}
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

// CoverageAllText prints the keyword coverage of several revisions
// (Library.CoverageAll): a line per revision with its counts, then
// CoveragePlot's plot of them.
func CoverageAllText(w io.Writer, cs []*engine.Coverage) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s  %7s  %8s  %8s  %5s\n", "revision", "defined", "modelled", "compiled", "stale")
	for _, c := range cs {
		fmt.Fprintf(&b, "%-10s  %7d  %8d  %8d  %5d\n", c.Rev, c.Defined, len(c.Passing), len(c.Compiled), len(c.Stale))
	}
	b.WriteString("\n")
	if err := CoveragePlot(&b, cs); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// CoveragePlot draws the keyword coverage of revisions cs, oldest first,
// as text: a column per revision, rising as high as its count of keyword
// abilities (or, for cs of Kind "keyword action", keyword actions) defined (.), modelled with passing scenarios (+) and, of
// those, compiled from the text (#), rounded to the nearest row of 10
// (of 20 or more when a revision defines over 200; no higher than the
// most defined), with years along the bottom.
func CoveragePlot(w io.Writer, cs []*engine.Coverage) error {
	rows := 20
	top := 0
	for _, c := range cs {
		top = max(top, c.Defined)
	}
	step := max(1, (top+rows-1)/rows)
	step = (step + 9) / 10 * 10 // rows of a round number of keywords
	// As many rows as the most keywords defined reach: 70 for the 67
	// keyword actions of 2026-01-16, not 200.
	rows = min(rows, max(1, (top+step-1)/step))
	what := "keyword abilities"
	if len(cs) > 0 && cs[0].Kind != "" {
		what = cs[0].Kind + "s" // "keyword actions"
	}
	var b strings.Builder
	b.WriteString(what + ": . defined, + modelled with passing scenarios, # compiled from the text\n")
	for row := rows; row >= 1; row-- {
		// A cell is filled when the count reaches its row's middle.
		mid := (row-1)*step + (step+1)/2
		line := fmt.Sprintf("%4d |", row*step)
		for _, c := range cs {
			switch {
			case len(c.Compiled) >= mid:
				line += "#"
			case len(c.Passing) >= mid:
				line += "+"
			case c.Defined >= mid:
				line += "."
			default:
				line += " "
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("     +" + strings.Repeat("-", len(cs)) + "\n")
	years := []byte(strings.Repeat(" ", 6+len(cs)+4))
	last := -10
	for i, c := range cs {
		if i > 0 && len(c.Rev) >= 4 && len(cs[i-1].Rev) >= 4 && c.Rev[:4] == cs[i-1].Rev[:4] {
			continue
		}
		if at := 6 + i; at >= last+6 && len(c.Rev) >= 4 {
			copy(years[at:], c.Rev[:4])
			last = at
		}
	}
	b.WriteString(strings.TrimRight(string(years), " ") + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}
