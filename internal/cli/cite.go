package cli

import (
	"fmt"

	"github.com/crules/crules"
	"github.com/crules/crules/render"
	"github.com/spf13/cobra"
)

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
		Long: `Cite scans files and folders for Comprehensive Rules citations ("rule 702.51",
"CR 502.46", "§702.163", "702.19c") and checks each against the rules'
history: a number that no longer exists, or whose keyword stands beside it
(next to the number, or in the file name when the line names none) but has
moved, is stale; a range ("601.2f-h") cites each of its rules:

  ConvokeAbility.java:12:8: 502.46 is Convoke of 2005-10-01..2009-05-01; Convoke is 702.51 now

A bare number counts when what stands next to it says it is a rule (a
keyword or rule title, "CR", "rule", "§", a subrule letter), so versions,
prices and addresses are left alone. Folders named
.git, vendor and node_modules, binary files and files over 16 MB are
skipped. A number that is gone but whose rule lives on under another says
which ("409.1b is 601.2b now (renumbered in 2009-07-11)"; "now" in JSON).
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
