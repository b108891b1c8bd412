package cli

import (
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/xref"
	"github.com/spf13/cobra"
)

type keywordOptions struct {
	docFlags
	Name string
	JSON bool
}

func newKeywordCmd(env *Env, runF func(*keywordOptions) error) *cobra.Command {
	o := &keywordOptions{}
	cmd := &cobra.Command{
		Use:   "keyword NAME",
		Short: "Print the specification of a keyword ability or action, read from its rules",
		Long: `Keyword prints what the rules say a keyword is: its kind (static, triggered,
activated, spell, characteristic-defining; several when it represents several
abilities), its written form and parameters, the zones it functions in, its
definition, how multiple instances behave, the era wording it uses, the rules
it cites, the rule text it was read from, and (for the embedded corpus) the
revisions in which its rules changed.`,
		Example: `  crules keyword splice
  crules keyword flashback --rev 2006-10-01 --json`,
		Args: exactArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			l, err := o.load(env)
			if err != nil || len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []string
			for _, s := range keyword.Extract(l.Doc, nil, l.Rev) {
				if strings.HasPrefix(strings.ToLower(s.Name), strings.ToLower(prefix)) {
					out = append(out, strings.ToLower(s.Name))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Name = args[0]
			if runF != nil {
				return runF(o)
			}
			return runKeyword(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

type changeJSON struct {
	Rev   string     `json:"rev"`
	ID    string     `json:"id"`
	Class diff.Class `json:"class"`
}

func runKeyword(env *Env, o *keywordOptions) error {
	l, err := o.load(env)
	if err != nil {
		return err
	}
	specs := keyword.Extract(l.Doc, xref.Build(l.Doc), l.Rev)
	s := keyword.Find(specs, o.Name)
	if s == nil {
		var near []string
		for _, x := range specs {
			if strings.Contains(strings.ToLower(x.Name), strings.ToLower(o.Name)) || editDistance(strings.ToLower(x.Name), strings.ToLower(o.Name)) <= 2 {
				near = append(near, x.Name)
			}
		}
		msg := ""
		if len(near) > 0 {
			msg = "; did you mean: " + strings.Join(near[:min(5, len(near))], ", ")
		}
		return notFound("no keyword %q in %s%s (crules keywords lists them)", o.Name, l.Rev, msg)
	}
	changes := []changeJSON{}
	if o.File == "" {
		if cs, err := keywordChanges(env, s); err == nil {
			changes = cs
		} else {
			env.note("crules: no history: %v", err)
		}
	}
	if o.JSON {
		return writeJSON(env.Stdout, struct {
			*keyword.Spec
			Era     string       `json:"era"`
			Changed []changeJSON `json:"changed"`
			Text    *ruleJSON    `json:"text_rule"`
		}{s, string(l.Doc.Era), changes, newRuleJSON(s.Text())})
	}
	p := printer{w: env.Stdout, color: env.Color}
	p.printf("%s (%s, %s)\n", p.bold(s.Name), s.Rule, s.Rev)
	field := func(name, value string) {
		if value == "" {
			value = "—"
		}
		p.printf("  %-11s %s\n", name+":", value)
	}
	kind := join(s.Kind, " + ")
	if s.KindInferred {
		kind += " (read off the definition)"
	}
	if s.Evasion {
		kind += " (evasion)"
	}
	field("kind", orUnknown(kind, len(s.Kind) > 0))
	field("written", s.Written)
	field("params", orUnknown(strings.Join(s.Params, ", "), s.Params != nil))
	field("zones", join(s.Zones, ", "))
	field("instances", s.Instances)
	field("terms", strings.Join(s.Terms, ", "))
	field("see", strings.Join(s.See, ", "))
	for i, d := range s.Definition {
		name := "definition"
		if i > 0 {
			name = ""
		}
		p.printf("  %-11s %s\n", map[bool]string{true: name + ":", false: ""}[name != ""], d)
	}
	if len(changes) > 0 {
		var cs []string
		for _, c := range changes {
			cs = append(cs, c.Rev+" ("+c.Class.String()+")")
		}
		field("changed", strings.Join(cs, ", "))
	}
	p.printf("\n")
	p.rule(s.Text())
	return p.err
}

func orUnknown(s string, known bool) string {
	if !known {
		return "unknown"
	}
	return s
}

// keywordChanges lists the revisions in which a keyword's rules changed,
// from the cached lineage.
func keywordChanges(env *Env, s *keyword.Spec) ([]changeJSON, error) {
	a, l, err := archiveLineage(env)
	if err != nil {
		return nil, err
	}
	at := indexOf(l.Revs, s.Rev)
	if at < 0 {
		return nil, nil
	}
	points := l.History(at, s.Rule)
	texts, err := pointTexts(a, l, points)
	if err != nil {
		return nil, err
	}
	lex := lexicon.Default()
	out := []changeJSON{}
	for i := 1; i < len(points); i++ {
		if texts[i] != texts[i-1] {
			c := diff.Classify(lex, texts[i-1], texts[i], points[i-1].ID == points[i].ID)
			out = append(out, changeJSON{points[i].Rev, points[i].ID, c})
		}
	}
	return out, nil
}

type keywordsOptions struct {
	docFlags
	Kind string
	JSON bool
}

func newKeywordsCmd(env *Env, runF func(*keywordsOptions) error) *cobra.Command {
	o := &keywordsOptions{}
	var kinds []string
	for _, k := range keyword.Kinds() {
		kinds = append(kinds, string(k))
	}
	cmd := &cobra.Command{
		Use:   "keywords",
		Short: "List the keyword abilities and actions of a revision with their specifications",
		Example: `  crules keywords --kind triggered
  crules keywords --rev 2006-10-01 --json`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Kind != "" && indexOf(kinds, o.Kind) < 0 {
				return badRequest("--kind is one of %s", strings.Join(kinds, ", "))
			}
			if runF != nil {
				return runF(o)
			}
			return runKeywords(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().StringVar(&o.Kind, "kind", "", "only keywords of this kind: "+strings.Join(kinds, ", "))
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	_ = cmd.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(kinds, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runKeywords(env *Env, o *keywordsOptions) error {
	l, err := o.load(env)
	if err != nil {
		return err
	}
	var specs []*keyword.Spec
	for _, s := range keyword.Extract(l.Doc, xref.Build(l.Doc), l.Rev) {
		if o.Kind == "" || s.HasKind(keyword.Kind(o.Kind)) {
			specs = append(specs, s)
		}
	}
	if len(specs) == 0 {
		if o.JSON {
			if err := writeJSON(env.Stdout, []*keyword.Spec{}); err != nil {
				return err
			}
		}
		return notFound("no %s keywords in %s", o.Kind, l.Rev)
	}
	if o.JSON {
		return writeJSON(env.Stdout, specs)
	}
	p := printer{w: env.Stdout, color: env.Color}
	p.printf("%-8s  %-24s  %-28s  %-22s  %s\n", "RULE", "NAME", "KIND", "PARAMS", "ZONES")
	for _, s := range specs {
		params := orUnknown(strings.Join(s.Params, ", "), s.Params != nil)
		p.printf("%-8s  %-24s  %-28s  %-22s  %s\n", s.Rule, clip(s.Name, 24), clip(orUnknown(join(s.Kind, "+"), len(s.Kind) > 0), 28), clip(params, 22), join(s.Zones, ", "))
	}
	return p.err
}

func join[T ~string](xs []T, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = string(x)
	}
	return strings.Join(s, sep)
}
