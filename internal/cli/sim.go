package cli

import (
	"fmt"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/render"
	"github.com/crules/crules/scenario"
	"github.com/spf13/cobra"
)

type simOptions struct {
	Files                []string
	Rev                  string
	Trace, JSON, Example bool
}

func newSimCmd(env *Env, runF func(*simOptions) error) *cobra.Command {
	o := &simOptions{}
	cmd := &cobra.Command{
		Use:   "sim FILE...",
		Short: "Run keyword scenarios against a revision's rules, citing the rule at every step",
		Long: `Sim runs scenario files against the rules of the revisions their "rev:" line
names, or of --rev: each check passes or fails at its file:line; --trace
prints every rule applied, with its number and text in that revision. Exit 1
when a check fails. --example prints a scenario to start from.

` + scenario.Help,
		Example: `  crules sim --example > convoke.txt
  crules sim convoke.txt --trace
  crules sim convoke.txt --rev latest --json`,
	}
	cmd.Flags().StringVar(&o.Rev, "rev", "", "run against this revision instead of the file's rev: line")
	cmd.Flags().BoolVar(&o.Trace, "trace", false, "print each rule applied, with its ID and text")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	cmd.Flags().BoolVar(&o.Example, "example", false, "print a scenario to start from")
	return hook(env, cmd, o, func(c *cobra.Command, args []string) error {
		o.Files = args
		if o.Example && len(args) > 0 {
			return fmt.Errorf("--example prints a scenario; it takes no FILE")
		}
		if o.Example {
			return nil
		}
		return minArgs(1)(c, args)
	}, runF, runSim)
}

func runSim(env *Env, o *simOptions) error {
	if o.Example {
		_, err := env.Stdout.Write(scenario.Example)
		return err
	}
	lib, err := env.library()
	if err != nil {
		return err
	}
	results, err := lib.SimulateFiles(o.Rev, o.Files...)
	if err != nil {
		return err
	}
	err = printOut(env, o.JSON, func() any { return render.SimResults(results) }, func(p *render.TextPrinter) { p.Sim(results, o.Trace) })
	if failed := engine.Failed(results...); err == nil && failed > 0 {
		err = problems(render.Count(failed, "check", "checks") + " failed")
	}
	return err
}
