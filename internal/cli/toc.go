package cli

import (
	"strconv"

	"github.com/spf13/cobra"
)

type tocOptions struct {
	docFlags
	JSON bool
}

func newTOCCmd(env *Env, runF func(*tocOptions) error) *cobra.Command {
	o := &tocOptions{}
	cmd := &cobra.Command{
		Use:   "toc",
		Short: "Print the parts and chapters of a revision",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return runTOC(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

func runTOC(env *Env, o *tocOptions) error {
	l, err := o.load(env)
	if err != nil {
		return err
	}
	if o.JSON {
		parts := []*partJSON{}
		for _, p := range l.Doc.Parts {
			parts = append(parts, newPartJSON(p, false))
		}
		return writeJSON(env.Stdout, struct {
			Rev   string      `json:"rev"`
			Era   string      `json:"era"`
			Parts []*partJSON `json:"parts"`
		}{l.Rev, string(l.Doc.Era), parts})
	}
	p := printer{w: env.Stdout, color: env.Color}
	for _, part := range l.Doc.Parts {
		p.printf("%s %s\n", p.bold(itoa(part.Number)+"."), part.Title)
		for _, c := range part.Chapters {
			p.printf("    %s %s\n", c.ID.String()+".", c.Title)
		}
	}
	return p.err
}

func itoa(n int) string { return strconv.Itoa(n) }
