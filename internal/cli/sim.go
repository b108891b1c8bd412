package cli

import (
	"github.com/crules/crules/engine"
	"github.com/crules/crules/render"
	"github.com/spf13/cobra"
)

type simOptions struct {
	Files       []string
	Rev         string
	Trace, JSON bool
}

func newSimCmd(env *Env, runF func(*simOptions) error) *cobra.Command {
	o := &simOptions{}
	cmd := &cobra.Command{
		Use:   "sim FILE...",
		Short: "Run keyword scenarios against a revision's rules, citing the rule at every step",
		Long: `Sim runs scenario files (the format is in the README) against the rules of
the revisions their "rev:" line names, or of --rev: each check passes or
fails at its file:line; --trace prints every rule applied, with its number
and text in that revision. Exit 1 when a check fails.`,
		Example: `  crules sim scenario/testdata/scenarios/convoke.txt --trace
  crules sim scenario/testdata/scenarios/splice.txt --rev latest --json`,
		Args: minArgs(1),
	}
	cmd.Flags().StringVar(&o.Rev, "rev", "", "run against this revision instead of the file's rev: line")
	cmd.Flags().BoolVar(&o.Trace, "trace", false, "print each rule applied, with its ID and text")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return hook(env, cmd, o, func(_ *cobra.Command, args []string) error { o.Files = args; return nil }, runF, runSim)
}

func runSim(env *Env, o *simOptions) error {
	lib, err := env.library()
	if err != nil {
		return err
	}
	results, err := lib.SimulateFiles(o.Rev, o.Files...)
	if err != nil {
		return err
	}
	if o.JSON {
		err = render.SimJSON(env.Stdout, results)
	} else {
		err = render.SimText(env.Stdout, results, o.Trace)
	}
	if failed := engine.Failed(results...); err == nil && failed > 0 {
		err = problems(render.Count(failed, "check", "checks") + " failed")
	}
	return err
}
