package cli

import (
	"io"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/serve"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	Addr        string
	UpdateEvery time.Duration
}

func newServeCmd(env *Env, runF func(*serveOptions) error) *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the rules over HTTP: a JSON API, the HTML reference and a search page",
		Long: `Serve answers under /api/ what the commands answer, in the bytes their --json
prints: rules, glossary, search, diff, toc, refs, history, keywords, terms,
versions and cite (see package serve). Errors are {"error", "kind",
"suggestions"} with status 400, 404, 405, 413, 503 (busy, with Retry-After)
or 500. It serves the HTML reference of every revision too: / (the
revisions), /{rev}/702.html#702.47a, /diff/{a}/{b} and /search. It listens
on loopback by default, logs each request to stderr, and stops gracefully
on SIGINT or SIGTERM. A revision added while it runs ('crules add', 'crules
update', or --update-every) is served within seconds, without a restart.`,
		Args: exactArgs(0),
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
