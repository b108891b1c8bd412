package cli

import (
	"github.com/spf13/cobra"
)

type parseOptions struct {
	File  string
	JSON  bool
	Stats bool
}

func newParseCmd(env *Env, runF func(*parseOptions) error) *cobra.Command {
	o := &parseOptions{}
	cmd := &cobra.Command{
		Use:   "parse FILE",
		Short: "Parse a CR file from disk (any revision, any encoding) and print its tree or counts",
		Long: `Parse reads a Comprehensive Rules file in any encoding and layout the CR has
been published in, or an excerpt of one, and prints a summary, the whole tree
(--json) or one JSON object of counts (--stats). FILE "-" reads standard input.
Warnings about skipped or guessed text go to stderr.`,
		Example: `  crules parse MagicCompRules.txt --stats
  crules parse excerpt.txt --json`,
		Args: exactArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"txt"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File = args[0]
			if runF != nil {
				return runF(o)
			}
			return runParse(env, o)
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print the whole tree as JSON")
	cmd.Flags().BoolVar(&o.Stats, "stats", false, "print one JSON object of counts")
	cmd.MarkFlagsMutuallyExclusive("json", "stats")
	return cmd
}

func runParse(env *Env, o *parseOptions) error {
	l, err := loadFile(env, o.File)
	if err != nil {
		return err
	}
	d := l.Doc
	switch {
	case o.Stats:
		return writeJSON(env.Stdout, d.Stats())
	case o.JSON:
		return writeJSON(env.Stdout, newDocumentJSON(d))
	}
	s := d.Stats()
	p := printer{w: env.Stdout, color: env.Color}
	kind := "revision"
	if d.Fragment {
		kind = "fragment"
	}
	p.printf("%s: %s, %s era, %s, %s layout\n", d.Name, kind, orDash(string(s.Era)), d.Encoding, d.Layout)
	if s.Effective != "" {
		p.printf("effective %s\n", s.Effective)
	}
	p.printf("%d rules and subrules, %d examples, %d chapters, %d glossary entries, %d warnings\n",
		s.Rules, s.Examples, s.Chapters, s.Glossary, s.Warnings)
	if len(d.Index) > 0 {
		p.printf("an index of %d entries after the glossary (--json: \"index\")\n", len(d.Index))
	}
	return p.err
}

func orDash(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
