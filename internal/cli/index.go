package cli

import (
	"github.com/crules/crules/internal/cache"
	"github.com/spf13/cobra"
)

func newIndexCmd(env *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Show or remove the cache of derived data (lineage, search indexes)",
		Long: `crules keeps what it derives from the embedded corpus (the lineage of every
rule, search indexes) under the user cache directory, keyed by the corpus and
a format version; it is rebuilt when missing, stale or corrupt. $CRULES_CACHE
moves it.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	var rev string
	var all bool
	build := &cobra.Command{
		Use:   "build",
		Short: "Build the search index ahead of time (--rev REV, or --all-revs)",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if all && cmd.Flags().Changed("rev") {
				return badRequest("give --rev or --all-revs, not both")
			}
			ix, name, err := searchIndex(env, docFlags{Rev: rev}, all)
			if err != nil {
				return err
			}
			env.note("crules: the index of %s is ready", name)
			return ix.Close()
		},
	}
	build.Flags().StringVar(&rev, "rev", "latest", "the revision to index")
	build.Flags().BoolVar(&all, "all-revs", false, "index every revision together")
	cmd.AddCommand(build, &cobra.Command{
		Use:   "path",
		Short: "Print where the cache lives",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := cache.Dir()
			if err != nil {
				return err
			}
			p := printer{w: env.Stdout}
			p.printf("%s\n", d)
			return p.err
		},
	}, &cobra.Command{
		Use:   "clean",
		Short: "Remove the cache",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := cache.Clean()
			if err != nil {
				return err
			}
			env.note("crules: removed %s", d)
			return nil
		},
	})
	return cmd
}
