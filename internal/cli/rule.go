package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/crules/crules/parse"
	"github.com/spf13/cobra"
)

type ruleOptions struct {
	docFlags
	ID   string
	JSON bool
}

func newRuleCmd(env *Env, runF func(*ruleOptions) error) *cobra.Command {
	o := &ruleOptions{}
	cmd := &cobra.Command{
		Use:   "rule ID",
		Short: "Print a rule with its subrules and examples, as the CR prints it",
		Example: `  crules rule 702.47a
  crules rule 502.40 --rev 2006-10-01
  crules rule 702 --json`,
		Args:              exactArgs(1),
		ValidArgsFunction: ruleIDCompletion(env, &o.docFlags),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			if runF != nil {
				return runF(o)
			}
			return runRule(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

func runRule(env *Env, o *ruleOptions) error {
	id, err := parse.ParseRuleID(o.ID)
	if err != nil {
		return badRequest("%v", err)
	}
	l, err := o.load(env)
	if err != nil {
		return err
	}
	c, r, err := lookup(l.Doc, id, l.Rev)
	if err != nil {
		return err
	}
	p := printer{w: env.Stdout, color: env.Color}
	switch {
	case c != nil && o.JSON:
		j := newChapterJSON(c, true)
		j.Rev, j.Era = l.Rev, string(l.Doc.Era)
		return writeJSON(env.Stdout, j)
	case c != nil:
		p.chapter(c)
	case o.JSON:
		j := newRuleJSON(r)
		j.Rev, j.Era = l.Rev, string(l.Doc.Era)
		return writeJSON(env.Stdout, j)
	default:
		p.rule(r)
	}
	return p.err
}

// lookup finds a chapter (for a chapter number) or a rule, or says what is
// near when there is none (exit status 1, or 404 over HTTP).
func lookup(d *parse.Document, id parse.RuleID, rev string) (*parse.Chapter, *parse.Rule, error) {
	if id.Level() == parse.LevelChapter {
		if c := d.Chapter(id.Chapter); c != nil {
			return c, nil, nil
		}
		return nil, nil, notFound("no chapter %s in %s%s", id, rev, suggest(d, id))
	}
	if r := d.Rule(id); r != nil {
		return nil, r, nil
	}
	return nil, nil, notFound("no rule %s in %s%s", id, rev, suggest(d, id))
}

func suggest(d *parse.Document, id parse.RuleID) string {
	near := d.Nearest(id, 5)
	if len(near) == 0 {
		return ""
	}
	s := make([]string, len(near))
	for i, n := range near {
		s[i] = n.String()
	}
	return "; nearest: " + strings.Join(s, ", ")
}

// ruleIDCompletion completes the first argument with the rule IDs of the
// document the flags select.
func ruleIDCompletion(env *Env, f *docFlags) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		l, err := f.load(env)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		prefix = strings.ToLower(prefix)
		for _, id := range l.Doc.IDs() {
			if s := id.String(); strings.HasPrefix(s, prefix) {
				out = append(out, s)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// printer writes rules as the CR prints them: a blank line between rules,
// examples after their rule. The first write error is kept in err.
type printer struct {
	w     io.Writer
	color bool
	err   error
	n     int // blocks printed
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) bold(s string) string {
	if !p.color {
		return s
	}
	return "\x1b[1m" + s + "\x1b[0m"
}

func (p *printer) block() {
	if p.n > 0 {
		p.printf("\n")
	}
	p.n++
}

func (p *printer) chapter(c *parse.Chapter) {
	p.block()
	p.printf("%s %s\n", p.bold(c.ID.String()+"."), c.Title)
	for _, r := range c.Rules {
		p.rule(r)
	}
}

func (p *printer) rule(r *parse.Rule) {
	p.block()
	num := r.ID.String()
	if r.ID.Level() == parse.LevelRule {
		num += "."
	}
	switch {
	case r.Implicit:
		p.printf("%s (not in this text)\n", p.bold(num))
	case r.Title != "":
		p.printf("%s %s\n", p.bold(num), r.Title)
	default:
		p.printf("%s %s\n", p.bold(num), r.Text)
	}
	if r.Title != "" && r.Text != "" {
		p.printf("%s\n", r.Text)
	}
	for _, e := range r.Examples {
		p.printf("%s %s\n", p.bold("Example:"), e.Text)
	}
	for _, c := range r.Children {
		p.rule(c)
	}
}
