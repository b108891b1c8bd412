package cli

import (
	"github.com/crules/crules/xref"
	"github.com/spf13/cobra"
)

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
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Format != "dot" && o.Format != "json" {
				return badRequest("--format is dot or json, not %q", o.Format)
			}
			if runF != nil {
				return runF(o)
			}
			return runGraph(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().StringVar(&o.Format, "format", "dot", "dot or json")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"dot", "json"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runGraph(env *Env, o *graphOptions) error {
	l, err := o.load(env)
	if err != nil {
		return err
	}
	g := xref.Build(l.Doc)
	if o.Format == "json" {
		nodes, edges := g.Export()
		if nodes == nil {
			nodes = []xref.Node{}
		}
		return writeJSON(env.Stdout, struct {
			Rev   string      `json:"rev"`
			Era   string      `json:"era"`
			Stats xref.Stats  `json:"stats"`
			Nodes []xref.Node `json:"nodes"`
			Edges []xref.Edge `json:"edges"`
		}{l.Rev, string(l.Doc.Era), g.Stats(), nodes, edges})
	}
	return g.WriteDOT(env.Stdout, "CR "+l.Rev)
}
