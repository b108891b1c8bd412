package cli

import (
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
	"github.com/spf13/cobra"
)

type refsOptions struct {
	docFlags
	ID   string
	JSON bool
}

func newRefsCmd(env *Env, runF func(*refsOptions) error) *cobra.Command {
	o := &refsOptions{}
	cmd := &cobra.Command{
		Use:   "refs ID",
		Short: "List what a rule cites and what cites it, with the citing text",
		Example: `  crules refs 702.47a
  crules refs 601.2f --rev 2026-01-16 --json`,
		Args:              exactArgs(1),
		ValidArgsFunction: ruleIDCompletion(env, &o.docFlags),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.ID = args[0]
			if runF != nil {
				return runF(o)
			}
			return runRefs(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

type refJSON struct {
	From       string `json:"from"`
	Example    int    `json:"example,omitempty"`
	Text       string `json:"text"`
	Target     string `json:"target"`
	Kind       string `json:"kind"`
	Status     string `json:"status"`
	CitedTitle string `json:"cited_title,omitempty"`
	Title      string `json:"title,omitempty"`
	Context    string `json:"context"`
	Line       int    `json:"line"`
	Col        int    `json:"col"`
}

func runRefs(env *Env, o *refsOptions) error {
	id, err := parse.ParseRuleID(o.ID)
	if err != nil {
		return badRequest("%v", err)
	}
	l, err := o.load(env)
	if err != nil {
		return err
	}
	d := l.Doc
	c, r, err := lookup(d, id, l.Rev)
	if err != nil {
		return err
	}
	var within []parse.RuleID // the rule and its subrules, or a chapter's rules
	if c != nil {
		within = append(within, id)
		for _, r := range c.Rules {
			within = append(within, subtree(r)...)
		}
	} else {
		within = subtree(r)
	}
	g := xref.Build(d)
	var out, in []*xref.Ref
	terms := []string{}
	seenTerm := map[string]bool{}
	for _, x := range within {
		out = append(out, g.Outgoing(x)...)
		in = append(in, g.IncomingRule(x)...)
		if r := d.Rule(x); r != nil {
			for _, e := range g.RuleTerms(r) {
				if !seenTerm[e.Term] {
					seenTerm[e.Term] = true
					terms = append(terms, e.Term)
				}
			}
		}
	}
	if o.JSON {
		conv := func(rs []*xref.Ref) []refJSON {
			js := []refJSON{}
			for _, r := range rs {
				js = append(js, newRefJSON(d, r))
			}
			return js
		}
		return writeJSON(env.Stdout, struct {
			ID       string    `json:"id"`
			Rev      string    `json:"rev"`
			Era      string    `json:"era"`
			Outgoing []refJSON `json:"outgoing"`
			Incoming []refJSON `json:"incoming"`
			Terms    []string  `json:"glossary_terms"`
		}{id.String(), l.Rev, string(d.Era), conv(out), conv(in), terms})
	}
	p := printer{w: env.Stdout, color: env.Color}
	p.printf("%s cites:\n", p.bold(id.String()))
	if len(out) == 0 {
		p.printf("    nothing\n")
	}
	for i, r := range out {
		if i > 0 && sameCitation(out[i-1], r) {
			continue // a range prints once
		}
		status := ""
		if r.Status != xref.Resolved {
			status = "  [" + r.Status.String() + "]"
		}
		p.printf("    %-12s %-10s %s%s\n", r.Text, "("+sourceLabel(r)+")", targetTitle(d, r), status)
	}
	p.printf("\n%s is cited by:\n", p.bold(id.String()))
	if len(in) == 0 {
		p.printf("    nothing\n")
	}
	for _, r := range in {
		p.printf("    %-24s %s:%d  %s\n", r.Source.String(), d.Name, r.Pos.Line, citingText(d, r))
	}
	if len(terms) > 0 {
		p.printf("\n%s uses glossary terms:\n    %s\n", p.bold(id.String()), strings.Join(terms, "; "))
	}
	return p.err
}

func sameCitation(a, b *xref.Ref) bool { return a.Pos == b.Pos && a.Text == b.Text }

func subtree(r *parse.Rule) []parse.RuleID {
	ids := []parse.RuleID{r.ID}
	for _, c := range r.Children {
		ids = append(ids, subtree(c)...)
	}
	return ids
}

func sourceLabel(r *xref.Ref) string {
	s := r.Source.Rule.String()
	if r.Source.Example > 0 {
		s += " ex."
	}
	return s
}

// targetTitle names what a citation points at: a heading, or the start of
// the target's text.
func targetTitle(d *parse.Document, r *xref.Ref) string {
	switch r.Target.Kind {
	case xref.KindRule:
		if x := d.Rule(r.Target.ID); x != nil {
			if x.Title != "" {
				return x.Title
			}
			return clip(x.Text, 70)
		}
	case xref.KindChapter:
		if c := d.Chapter(r.Target.ID.Chapter); c != nil {
			return c.Title
		}
	case xref.KindPart:
		if p := d.Part(r.Target.Part); p != nil {
			return p.Title
		}
	}
	return ""
}

// citingText is the source line around a citation, clipped.
func citingText(d *parse.Document, r *xref.Ref) string {
	t := d.Text
	off := min(max(r.Pos.Offset, 0), len(t))
	start := strings.LastIndexAny(t[:off], "\r\n") + 1
	end := strings.IndexAny(t[off:], "\r\n")
	if end < 0 {
		end = len(t)
	} else {
		end += off
	}
	line := t[start:end]
	rel := off - start
	const span = 60
	lo, hi := max(0, rel-span), min(len(line), rel+span)
	for lo > 0 && !utf8.RuneStart(line[lo]) {
		lo--
	}
	for hi < len(line) && !utf8.RuneStart(line[hi]) {
		hi++
	}
	s := strings.TrimSpace(line[lo:hi])
	if lo > 0 {
		s = "…" + s
	}
	if hi < len(line) {
		s += "…"
	}
	return s
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

func newRefJSON(d *parse.Document, r *xref.Ref) refJSON {
	from := r.Source.Rule.String()
	if r.Source.Glossary != "" {
		from = "glossary:" + r.Source.Glossary
	}
	return refJSON{From: from, Example: r.Source.Example, Text: r.Text, Target: r.Target.String(), Kind: r.Target.Kind.String(),
		Status: r.Status.String(), CitedTitle: r.CitedTitle, Title: targetTitle(d, r), Context: citingText(d, r), Line: r.Pos.Line, Col: r.Pos.Col}
}
