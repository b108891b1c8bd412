package cli

import (
	"sort"
	"strings"

	"github.com/crules/crules/parse"
	"github.com/spf13/cobra"
)

type glossaryOptions struct {
	docFlags
	Term string
	JSON bool
}

func newGlossaryCmd(env *Env, runF func(*glossaryOptions) error) *cobra.Command {
	o := &glossaryOptions{}
	cmd := &cobra.Command{
		Use:   "glossary TERM",
		Short: "Print a glossary entry (case-insensitive)",
		Example: `  crules glossary splice
  crules glossary "mana burn" --rev 2008`,
		Args: exactArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			l, err := o.load(env)
			if err != nil || len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []string
			for _, g := range l.Doc.Glossary {
				if strings.HasPrefix(strings.ToLower(g.Term), strings.ToLower(toComplete)) {
					out = append(out, g.Term)
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Term = args[0]
			if runF != nil {
				return runF(o)
			}
			return runGlossary(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

func runGlossary(env *Env, o *glossaryOptions) error {
	if strings.TrimSpace(o.Term) == "" {
		return badRequest("empty glossary term")
	}
	l, err := o.load(env)
	if err != nil {
		return err
	}
	g := l.Doc.GlossaryEntry(o.Term)
	if g == nil {
		near := glossarySuggestions(l.Doc, o.Term, 5)
		msg := ""
		if len(near) > 0 {
			msg = "; did you mean: " + strings.Join(near, ", ")
		}
		return notFound("no glossary entry %q in %s%s", o.Term, l.Rev, msg)
	}
	if o.JSON {
		j := newGlossaryJSON(g)
		j.Rev, j.Era = l.Rev, string(l.Doc.Era)
		return writeJSON(env.Stdout, j)
	}
	p := printer{w: env.Stdout, color: env.Color}
	term := g.Term
	if g.Obsolete {
		term += " (Obsolete)"
	}
	p.printf("%s\n", p.bold(term))
	for _, d := range g.Definition {
		p.printf("%s\n", d.Text)
	}
	return p.err
}

// glossarySuggestions ranks terms by how they relate to the query: terms
// that contain it, that it contains, then by edit distance.
func glossarySuggestions(d *parse.Document, q string, n int) []string {
	q = strings.ToLower(parse.Normalize(q))
	type cand struct {
		term  string
		score int
	}
	var cs []cand
	for _, g := range d.Glossary {
		t := strings.ToLower(parse.Normalize(g.Term))
		score := editDistance(q, t)
		switch {
		case strings.HasPrefix(t, q):
			score = 0
		case strings.Contains(t, q) || strings.Contains(q, t) && len(t) > 3:
			score = 1
		}
		if score <= max(2, len(q)/3) {
			cs = append(cs, cand{g.Term, score})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score < cs[j].score })
	var out []string
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].term)
	}
	return out
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
