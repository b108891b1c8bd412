package cli

import (
	"github.com/crules/crules"
	"github.com/crules/crules/internal/atomicfile"
	"github.com/spf13/cobra"
)

type exportOptions struct {
	Rev, Out string
}

func newExportCmd(env *Env, runF func(*exportOptions) error) *cobra.Command {
	o := &exportOptions{}
	cmd := &cobra.Command{
		Use:   "export REV",
		Short: "Write an embedded revision's text exactly as published, for the commands that read a file",
		Example: `  crules export 2005-10-01 -o MagicCompRules.txt
  crules export latest > latest.txt`,
		Args:              exactArgs(1),
		ValidArgsFunction: revCompletion(env),
	}
	cmd.Flags().StringVarP(&o.Out, "out", "o", "", "write to FILE, whole or not at all, instead of standard output")
	return hook(env, cmd, o, firstArg(&o.Rev), runF, withLib(runExport))
}

func runExport(env *Env, lib *crules.Library, o *exportOptions) error {
	r, err := lib.Select(o.Rev)
	if err != nil {
		return err
	}
	b, err := lib.Export(r)
	switch {
	case err != nil:
		return err
	case o.Out == "":
		_, err = env.Stdout.Write(b)
		return err
	}
	if err := atomicfile.Write(o.Out, b); err != nil {
		return err
	}
	env.note("crules: wrote %s, the CR of %s", o.Out, r.Name())
	return nil
}
