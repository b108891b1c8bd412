package cli

import (
	"fmt"
	"strings"

	"github.com/crules/crules"
	"github.com/crules/crules/render"
	"github.com/spf13/cobra"
)

type diffOptions struct {
	A, B    string
	JSON    bool
	Rule    string
	Classes []string
	Stat    bool
	Typo    bool // --ignore-typography
}

func newDiffCmd(env *Env, runF func(*diffOptions) error) *cobra.Command {
	o := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Compare two revisions rule by rule: renumbering, and what changed in each rule",
		Long:  crules.DiffHelp,
		Example: `  crules diff latest~1 latest --stat
  crules diff 2009-05-01 2009-07-11 --stat
  crules diff 2024-06 2024-07 --class terminology,edited
  crules diff 2004 latest --rule 702.47
  crules diff 2005 2006 --ignore-typography --stat`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return fmt.Errorf("diff takes two revisions or files, got %s (usage: %s)", render.Count(len(args), "argument", "arguments"), cmd.UseLine())
			}
			return nil
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			names, _ := revCompletion(env)(cmd, args, prefix)
			return names, cobra.ShellCompDirectiveDefault
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	cmd.Flags().StringVar(&o.Rule, "rule", "", "only rules under this ID in A or B, or under its counterpart in one that has it not")
	cmd.Flags().StringSliceVar(&o.Classes, "class", nil, "only these classes (comma-separated)")
	cmd.Flags().BoolVar(&o.Stat, "stat", false, "only the counts per class and per chapter")
	cmd.Flags().BoolVar(&o.Typo, "ignore-typography", false, "count changes of quotes, apostrophes, dashes and spaces alone as unchanged, and say how many")
	_ = cmd.RegisterFlagCompletionFunc("class", cobra.FixedCompletions(strings.Fields("unchanged renumbered citations typography terminology edited split merged added removed"), cobra.ShellCompDirectiveNoFileComp))
	return hook(env, cmd, o, func(cmd *cobra.Command, args []string) error {
		o.A, o.B = args[0], args[1]
		_, err := crules.ParseClasses(o.Classes...)
		return err
	}, runF, withLib(runDiff))
}

func runDiff(env *Env, lib *crules.Library, o *diffOptions) error {
	opt, err := crules.ParseDiffOptions("", o.Classes...)
	if err != nil {
		return err
	}
	opt.IgnoreTypography = o.Typo
	srcs, err := lib.SourcesOf(o.A, o.B)
	if err != nil {
		return err
	}
	var note string
	if opt.Rule, note, err = lib.DiffRule(srcs[0], srcs[1], o.Rule); err != nil {
		return fmt.Errorf("--rule: %w", err)
	}
	env.notes(note)
	opt.Stat = o.Stat
	c, err := lib.Diff(srcs[0], srcs[1], opt)
	return printIf(env, err, o.JSON, func() any { return c.JSON(o.Stat) }, func(p *render.TextPrinter) {
		p.Diff(c.View(), o.Stat)
	})
}

type historyOptions struct {
	Query string
	Rev   string
	JSON  bool
}

func newHistoryCmd(env *Env, runF func(*historyOptions) error) *cobra.Command {
	o := &historyOptions{}
	cmd := &cobra.Command{
		Use:   "history ID|KEYWORD",
		Short: "Trace one rule through every embedded revision: its number, its changes",
		Long:  crules.HistoryHelp,
		Example: `  crules history splice
  crules history 502.46 --rev 2006-10-01
  crules history 702.19c --json`,
		Args: minArgs(1),
		ValidArgsFunction: func(c *cobra.Command, args []string, word string) ([]string, cobra.ShellCompDirective) {
			return complete(env, &docFlags{Rev: o.Rev}, (*crules.Document).CompleteHistory)(c, args, word)
		},
	}
	cmd.Flags().StringVar(&o.Rev, "rev", "", "the revision the ID is read in (default: the latest that has it)")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	_ = cmd.RegisterFlagCompletionFunc("rev", revCompletion(env))
	return hook(env, cmd, o, joinArgs(&o.Query), runF, withLib(runHistory))
}

func runHistory(env *Env, lib *crules.Library, o *historyOptions) error {
	h, err := lib.HistoryIn(o.Query, o.Rev)
	if err != nil {
		return err
	}
	env.notes(h.Note())
	return printOut(env, o.JSON, h.JSON, func(p *render.TextPrinter) { p.History(h.Changes, h.First, h.Latest) })
}

type termsOptions struct {
	Term     string
	Plot     string
	Terms    []string
	JSON     bool
	Discover []string
	Min      int
}

func newTermsCmd(env *Env, runF func(*termsOptions) error) *cobra.Command {
	o := &termsOptions{}
	cmd := &cobra.Command{
		Use:   "terms [TERM]",
		Short: "Date the terminology shifts: occurrences of each lexicon phrase in every revision",
		Long:  crules.TermsHelp,
		Example: `  crules terms
  crules terms --plot shifts.svg --term "removed from the game" --term play
  crules terms --discover 2009-05-01,2009-07-11`,
	}
	cmd.Flags().StringVar(&o.Plot, "plot", "", "write an SVG chart of the counts to FILE")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	cmd.Flags().StringSliceVar(&o.Discover, "discover", nil, "mine substitutions between two revisions A,B")
	cmd.Flags().IntVar(&o.Min, "min", 3, "with --discover: the fewest rules a substitution must occur in")
	cmd.Flags().StringArrayVar(&o.Terms, "term", nil, "with --plot: a phrase whose panel to draw (repeatable; default: comes into play, removed from the game, play, in play, his or her, he or she controls)")
	_ = cmd.MarkFlagFilename("plot", "svg")
	return hook(env, cmd, o, func(cmd *cobra.Command, args []string) error {
		o.Term = strings.Join(args, " ") // a phrase of several words needs no quotes
		if len(o.Discover) != 0 && len(o.Discover) != 2 {
			return fmt.Errorf("--discover takes two revisions: --discover A,B")
		}
		return nil
	}, runF, withLib(runTerms))
}

func runTerms(env *Env, lib *crules.Library, o *termsOptions) error {
	if len(o.Discover) == 2 {
		return runDiscover(env, lib, o)
	}
	rows, err := lib.Terms(o.Term)
	if err != nil {
		return err
	}
	if o.Plot != "" {
		if err := render.PlotTermsFile(o.Plot, rows, o.Terms); err != nil {
			return err
		}
		env.note("crules: wrote %s", o.Plot)
	}
	return printOut(env, o.JSON, func() any { return rows }, func(p *render.TextPrinter) { p.Terms(rows) })
}

func runDiscover(env *Env, lib *crules.Library, o *termsOptions) error {
	srcs, err := lib.SourcesOf(o.Discover...)
	if err != nil {
		return err
	}
	d, err := lib.Discover(srcs[0], srcs[1], o.Min)
	if err != nil {
		return err
	}
	if o.JSON {
		return render.WriteJSON(env.Stdout, render.SubstitutionsJSON(d.Substitutions))
	}
	if len(d.Substitutions) == 0 {
		return problems(fmt.Sprintf("no substitution occurs in %d or more rules between %s and %s", o.Min, d.A.Label, d.B.Label))
	}
	p := env.text()
	p.Substitutions(d.A.Label, d.B.Label, o.Min, d.Substitutions)
	return p.Err
}
