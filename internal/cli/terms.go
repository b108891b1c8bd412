package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/lexicon"
	"github.com/spf13/cobra"
)

type termsOptions struct {
	Term     string
	Plot     string
	JSON     bool
	Discover []string
	Min      int
}

func newTermsCmd(env *Env, runF func(*termsOptions) error) *cobra.Command {
	o := &termsOptions{}
	cmd := &cobra.Command{
		Use:   "terms [TERM]",
		Short: "Date the terminology shifts: occurrences of each lexicon phrase in every revision",
		Long: `Terms counts, in every embedded revision, each old and new phrase of the
terminology lexicon (play→cast, comes into play→enters the battlefield, …)
and dates the shift: the revision where the old phrase's count falls the
most (by at least a quarter, from at least 5).

A count is the number of case-insensitive whole-word occurrences of the
phrase in the whole text of the revision (glossary and credits included);
"play" does not count "player" or "played".

--discover A B mines the phrase substitutions that recur across the matched
rules of two revisions, and marks those the lexicon already has.`,
		Example: `  crules terms
  crules terms "removed from the game" --plot rftg.svg
  crules terms --discover 2009-05-01 2009-07-11`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Term = args[0]
			}
			if len(o.Discover) != 0 && len(o.Discover) != 2 {
				return badRequest("--discover takes two revisions: --discover A,B")
			}
			if runF != nil {
				return runF(o)
			}
			return runTerms(env, o)
		},
	}
	cmd.Flags().StringVar(&o.Plot, "plot", "", "write an SVG chart of the counts to FILE")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	cmd.Flags().StringSliceVar(&o.Discover, "discover", nil, "mine substitutions between two revisions A,B")
	cmd.Flags().IntVar(&o.Min, "min", 3, "with --discover: the fewest rules a substitution must occur in")
	_ = cmd.MarkFlagFilename("plot", "svg")
	return cmd
}

type termJSON struct {
	Old    string         `json:"old"`
	New    string         `json:"new"`
	Since  string         `json:"since"`
	Scope  string         `json:"scope,omitempty"`
	Shift  string         `json:"shift,omitempty"` // measured
	Counts []termCountRev `json:"counts"`
}

type termCountRev struct {
	Rev string `json:"rev"`
	Old int    `json:"old"`
	New int    `json:"new"`
}

func runTerms(env *Env, o *termsOptions) error {
	if len(o.Discover) == 2 {
		return runDiscover(env, o)
	}
	a, err := env.archive()
	if err != nil {
		return err
	}
	lex := lexicon.Default()
	var terms []lexicon.Term
	for _, t := range lex.Terms {
		q := strings.ToLower(o.Term)
		if q == "" || strings.Contains(t.Old, q) || strings.Contains(t.New, q) {
			terms = append(terms, t)
		}
	}
	if len(terms) == 0 {
		return notFound("no lexicon entry mentions %q (crules terms lists them all)", o.Term)
	}
	texts, err := a.All()
	if err != nil {
		return err
	}
	revs := a.Revisions()
	lower := make([][]byte, len(texts))
	parallel(len(texts), func(i int) { lower[i] = lexicon.ToLowerASCII(texts[i]) })
	rows := make([]termJSON, len(terms))
	parallel(len(terms), func(k int) {
		t := terms[k]
		j := termJSON{Old: t.Old, New: t.New, Since: t.Since, Scope: t.Scope}
		old := make([]int, len(revs))
		for i := range revs {
			old[i] = lexicon.CountPhrase(lower[i], t.Old)
			j.Counts = append(j.Counts, termCountRev{revs[i].Name(), old[i], lexicon.CountPhrase(lower[i], t.New)})
		}
		if s := lexicon.Shift(old); s >= 0 {
			j.Shift = revs[s].Name()
		}
		rows[k] = j
	})
	if o.Plot != "" {
		if err := writeAtomic(o.Plot, []byte(termsSVG(rows))); err != nil {
			return err
		}
		env.note("crules: wrote %s", o.Plot)
	}
	if o.JSON {
		return writeJSON(env.Stdout, rows)
	}
	p := printer{w: env.Stdout, color: env.Color}
	if len(rows) > 3 {
		p.printf("%-28s %-26s %-10s %-24s %s\n", "OLD", "NEW", "SINCE", "SHIFT (measured)", "OLD COUNT: FIRST, PEAK, LAST")
		for _, r := range rows {
			shift := "no corpus-wide fall"
			if r.Shift != "" {
				i := revIndex(r.Counts, r.Shift)
				shift = fmt.Sprintf("%s %d→%d", r.Shift, r.Counts[i-1].Old, r.Counts[i].Old)
			}
			peak := 0
			for _, c := range r.Counts {
				peak = max(peak, c.Old)
			}
			p.printf("%-28s %-26s %-10s %-24s %d, %d, %d\n", r.Old, r.New, r.Since, shift, r.Counts[0].Old, peak, r.Counts[len(r.Counts)-1].Old)
		}
		return p.err
	}
	for _, r := range rows {
		p.printf("%s → %s (since %s; measured shift: %s)\n", p.bold(r.Old), p.bold(r.New), r.Since, orDash(r.Shift))
		p.printf("  %-23s %8s %8s\n", "REVS", "OLD", "NEW")
		// One row per run of revisions with the same counts.
		for i := 0; i < len(r.Counts); {
			c, j := r.Counts[i], i+1
			for j < len(r.Counts) && r.Counts[j].Old == c.Old && r.Counts[j].New == c.New {
				j++
			}
			revs := c.Rev
			if j-1 > i {
				revs += " … " + r.Counts[j-1].Rev
			}
			mark := ""
			if c.Rev == r.Shift {
				mark = "  ← shift"
			}
			p.printf("  %-23s %8d %8d%s\n", revs, c.Old, c.New, mark)
			i = j
		}
	}
	return p.err
}

func revIndex(cs []termCountRev, rev string) int {
	for i, c := range cs {
		if c.Rev == rev {
			return i
		}
	}
	return 0
}

func runDiscover(env *Env, o *termsOptions) error {
	la, err := loadArg(env, o.Discover[0])
	if err != nil {
		return err
	}
	lb, err := loadArg(env, o.Discover[1])
	if err != nil {
		return err
	}
	res := diff.Compare(la.Doc, lb.Doc, nil)
	subs := diff.Discover(res, nil, o.Min)
	if o.JSON {
		type subJSON struct {
			Old   string   `json:"old"`
			New   string   `json:"new"`
			Count int      `json:"rules"`
			Known bool     `json:"in_lexicon"`
			IDs   []string `json:"ids"`
		}
		js := []subJSON{}
		for _, s := range subs {
			js = append(js, subJSON{s.Old, s.New, len(s.Rules), s.Known, s.Rules})
		}
		return writeJSON(env.Stdout, js)
	}
	if len(subs) == 0 {
		return notFound("no substitution occurs in %d or more rules between %s and %s", o.Min, la.Rev, lb.Rev)
	}
	p := printer{w: env.Stdout, color: env.Color}
	p.printf("%s → %s: substitutions in at least %d rules (✓ = in the lexicon)\n", la.Rev, lb.Rev, o.Min)
	for _, s := range subs {
		mark := " "
		if s.Known {
			mark = "✓"
		}
		p.printf("%s %4d  %-30s → %-30s e.g. %s\n", mark, len(s.Rules), s.Old, s.New, strings.Join(s.Rules[:min(3, len(s.Rules))], ", "))
	}
	return p.err
}

// writeAtomic writes a file through a temporary name in the same folder,
// so an interrupted run leaves no half-written file.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return badRequest("%v", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
