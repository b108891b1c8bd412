package cli

import (
	"github.com/spf13/cobra"

	"github.com/crules/crules"
)

type renderOptions struct {
	docFlags
	AllRevs bool
	Out     string
}

func newRenderCmd(env *Env, runF func(*renderOptions) error) *cobra.Command {
	o := &renderOptions{}
	cmd := &cobra.Command{
		Use:   "render --out DIR",
		Short: "Write the hyperlinked HTML reference of a revision, a file or every revision",
		Example: `  crules render --rev latest --out site    # site/2026-01-16/702.html#702.47a
  crules render --all-revs --out site      # with change and history pages`,
		Args: exactArgs(0),
	}
	o.docFlags.register(cmd, env, nil)
	cmd.Flags().BoolVar(&o.AllRevs, "all-revs", false, "every embedded revision")
	cmd.Flags().StringVar(&o.Out, "out", "", "the directory to write (replaced only if empty or a site written before)")
	cmd.MarkFlagsMutuallyExclusive("all-revs", "rev")
	cmd.MarkFlagsMutuallyExclusive("all-revs", "file")
	_ = cmd.MarkFlagRequired("out")
	_ = cmd.MarkFlagDirname("out")
	return hook(env, cmd, o, nil, runF, runRender)
}

func runRender(env *Env, o *renderOptions) error {
	lib, src, err := o.source(env)
	if err != nil {
		return err
	}
	srcs := []crules.Source{src}
	if o.AllRevs {
		srcs = lib.Sources()
	}
	return lib.RenderSite(o.Out, srcs...)
}
