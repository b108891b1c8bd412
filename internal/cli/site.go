package cli

import (
	"io"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/serve"
	"github.com/spf13/cobra"
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

type serveOptions struct {
	Addr        string
	UpdateEvery time.Duration
}

func newServeCmd(env *Env, runF func(*serveOptions) error) *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the rules over HTTP: a JSON API, the HTML reference and a search page",
		Long:  serve.Help,
		Args:  exactArgs(0),
	}
	cmd.Flags().StringVar(&o.Addr, "addr", "127.0.0.1:8080", "address to listen on")
	cmd.Flags().DurationVar(&o.UpdateEvery, "update-every", 0, "run 'crules update' this often in the background (0: never)")
	return hook(env, cmd, o, nil, runF, withLib(runServe))
}

func runServe(env *Env, lib *crules.Library, o *serveOptions) error {
	var log io.Writer
	if !env.quiet {
		log = env.Stderr
	}
	// Panics are logged even with --quiet.
	return serve.ListenAndRun(o.Addr, lib, log, env.Stderr, o.UpdateEvery, func(f string, a ...any) { env.note("crules: "+f, a...) })
}
