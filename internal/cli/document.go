package cli

import (
	"fmt"

	"github.com/crules/crules"
	"github.com/crules/crules/cite"
	"github.com/crules/crules/render"
	"github.com/crules/crules/xref"
	"github.com/spf13/cobra"
)

type versionsOptions struct {
	JSON bool
}

func newVersionsCmd(env *Env, runF func(*versionsOptions) error) *cobra.Command {
	o := &versionsOptions{}
	cmd := &cobra.Command{
		Use:   "versions",
		Short: "List every revision, embedded or added, with its era, counts and source",
		Args:  exactArgs(0),
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return hook(env, cmd, o, nil, runF, withLib(runVersions))
}

func runVersions(env *Env, lib *crules.Library, o *versionsOptions) error {
	vs, err := lib.Versions()
	if err != nil {
		return err
	}
	rows := crules.VersionsJSON(vs)
	return printOut(env, o.JSON, func() any { return rows }, func(p *render.TextPrinter) { p.Versions(rows) })
}

type parseOptions struct {
	File  string
	JSON  bool
	Stats bool
}

func newParseCmd(env *Env, runF func(*parseOptions) error) *cobra.Command {
	o := &parseOptions{}
	cmd := &cobra.Command{
		Use:   "parse FILE",
		Short: "Parse a CR file from disk (any revision, any encoding) and print its tree or counts",
		Long: `Parse reads a Comprehensive Rules file in any encoding and layout the CR has
been published in, or an excerpt of one, and prints a summary, the whole tree
(--json) or one JSON object of counts (--stats). FILE "-" reads standard input.
Warnings about skipped or guessed text go to stderr.`,
		Example: `  crules export 2005-10-01 -o MagicCompRules.txt
  crules parse MagicCompRules.txt --stats
  crules parse MagicCompRules.txt --json`,
		Args: exactArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"txt"}, cobra.ShellCompDirectiveFilterFileExt
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print the whole tree as JSON")
	cmd.Flags().BoolVar(&o.Stats, "stats", false, "print one JSON object of counts")
	exclusive(cmd, "stats", "json", "ask for two outputs (--stats: the counts as JSON, --json: the whole tree); give one of them")
	return hook(env, cmd, o, firstArg(&o.File), runF, runParse)
}

func runParse(env *Env, o *parseOptions) error {
	_, d, err := (&docFlags{File: o.File}).document(env)
	if err != nil {
		return err
	}
	switch {
	case o.Stats:
		return render.WriteJSON(env.Stdout, d.Stats())
	case o.JSON:
		if err := env.pass(); err != nil {
			return err
		}
		return render.WriteDocumentJSON(env.Stdout, d.Document)
	}
	p := env.text()
	p.Summary(d.Document)
	return p.Err
}

type checkOptions struct {
	docFlags
	All  bool
	JSON bool
}

func newCheckCmd(env *Env, runF func(*checkOptions) error) *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check [REV]",
		Short: "Lint a revision: broken citations, title mismatches, duplicate numbers, lettering gaps",
		Long: `Check reports, as file:line:col: code: message,
` + xref.CheckHelp + `It exits 1 when it finds anything, so it can guard a pipeline that edits rules text.`,
		Example: `  crules check
  crules check 2009-10-01
  crules export 2005-10-01 -o MagicCompRules.txt
  crules check --file MagicCompRules.txt
  crules check --all --json`,
		Args: maxArgs(1),
	}
	o.docFlags.register(cmd, env, &o.JSON)
	cmd.Flags().BoolVar(&o.All, "all", false, "check every embedded revision")
	return hook(env, cmd, o, func(cmd *cobra.Command, args []string) error {
		if len(args) == 1 {
			if cmd.Flags().Changed("rev") || o.File != "" || o.All {
				return fmt.Errorf("give the revision once: as an argument, --rev, --file or --all")
			}
			o.Rev = args[0]
		}
		if o.All && (o.File != "" || cmd.Flags().Changed("rev")) {
			return fmt.Errorf("--all checks every embedded revision; it takes no --rev or --file")
		}
		return nil
	}, runF, runCheck)
}

func runCheck(env *Env, o *checkOptions) error {
	lib, src, err := o.source(env) // the latest revision with --all, which ignores it
	if err != nil {
		return err
	}
	c, err := lib.Lint(src, o.All)
	if err != nil {
		return err
	}
	return report(env, c.Total > 0, c.Summary(), o.JSON, func() any { return c.JSON() }, func(p *render.TextPrinter) {
		for i, fs := range c.Findings {
			p.Findings(c.Docs[i].Name, fs)
		}
	})
}

type graphOptions struct {
	docFlags
	Format string
}

func newGraphCmd(env *Env, runF func(*graphOptions) error) *cobra.Command {
	o := &graphOptions{}
	cmd := &cobra.Command{
		Use:   "graph",
		Short: "Print the citation graph of a revision as Graphviz DOT or JSON",
		Example: `  crules graph --rev 2026-01-16 | dot -Tsvg > cr.svg
  crules graph --format json`,
		Args: exactArgs(0),
	}
	o.docFlags.register(cmd, env, nil)
	cmd.Flags().StringVar(&o.Format, "format", "dot", "dot or json")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"dot", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return hook(env, cmd, o, func(cmd *cobra.Command, args []string) error {
		if o.Format != "dot" && o.Format != "json" {
			return fmt.Errorf("--format is dot or json, not %q", o.Format)
		}
		return nil
	}, runF, runGraph)
}

func runGraph(env *Env, o *graphOptions) error {
	_, d, err := o.document(env)
	if err != nil {
		return err
	}
	return render.Graph(env.Stdout, o.Format, d.Label, string(d.Era), d.Graph())
}

type citeOptions struct {
	Paths []string
	All   bool
	JSON  bool
}

func newCiteCmd(env *Env, runF func(*citeOptions) error) *cobra.Command {
	o := &citeOptions{}
	cmd := &cobra.Command{
		Use:   "cite PATH...",
		Short: "Find CR citations in source code and flag the stale ones",
		Long: cite.Help + `
Only the stale citations are printed, as text or JSON, unless --all is
given. Exit status 1 when a citation is stale.`,
		Example: `  crules cite .
  crules export 2005-10-01 -o rules-2005.txt
  crules cite --all --json rules-2005.txt`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("cite needs at least one file or folder (usage: %s)", cmd.UseLine())
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&o.All, "all", false, "print current citations too (text and JSON)")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return hook(env, cmd, o, func(cmd *cobra.Command, args []string) error {
		o.Paths = args
		return nil
	}, runF, withLib(runCite))
}

func runCite(env *Env, lib *crules.Library, o *citeOptions) error {
	rep, err := lib.CitePaths(o.Paths...)
	if err != nil {
		return err
	}
	summary := render.CiteSummary(len(rep.Findings), rep.Files, rep.Stale)
	return report(env, rep.Stale > 0, summary, o.JSON, func() any { return rep.JSON(o.All) }, func(p *render.TextPrinter) { p.Citations(rep.Findings, o.All) })
}
