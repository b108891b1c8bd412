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
	cmd.AddCommand(&cobra.Command{
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
