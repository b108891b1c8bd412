package cli

import (
	"errors"

	"github.com/crules/crules"
	"github.com/crules/crules/render"
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
		Use:   "rule ID...",
		Short: "Print rules with their subrules and examples, as the CR prints them",
		Long:  crules.LookupHelp,
		Example: `  crules rule 702.47a
  crules rule trample
  crules rule 502.40 --rev 2006-10-01
  crules rule CR 601.2f-h
  crules rule 702 --json`,
		Args:              minArgs(1),
		ValidArgsFunction: complete(env, &o.docFlags, (*crules.Document).CompleteRule),
	}
	o.docFlags.register(cmd, env, &o.JSON)
	return hook(env, cmd, o, joinArgs(&o.ID), runF, runRule)
}

func runRule(env *Env, o *ruleOptions) error {
	if _, err := crules.ParseRuleRefs(o.ID); err != nil && !crules.IsName(o.ID) {
		return err // before reading anything
	}
	lib, src, err := o.source(env)
	if err != nil {
		return err
	}
	as, err := lib.Lookup(src, o.ID)
	var missing *crules.LookupError
	if err != nil && !errors.As(err, &missing) {
		return err
	}
	for _, a := range as {
		env.notes(a.Note())
	}
	if o.JSON {
		return jsonThen(env, crules.LookupJSON(as, err), err)
	}
	p := env.text()
	for _, a := range as {
		id, title := a.Section()
		p.Answer(a.Part, a.Chapter, a.Rule, id, title)
	}
	if p.Err != nil {
		return p.Err
	}
	return err
}

type glossaryOptions struct {
	docFlags
	Term string
	JSON bool
}

func newGlossaryCmd(env *Env, runF func(*glossaryOptions) error) *cobra.Command {
	o := &glossaryOptions{}
	cmd := &cobra.Command{
		Use:   "glossary [TERM]",
		Short: "Print a glossary entry (case-insensitive), or list the terms",
		Long: `Glossary prints a glossary entry; with no term it lists the revision's terms.
A term of several words needs no quotes. A term the revision names otherwise,
in its era's wording, finds that entry: "mana value" in 2005 is Converted
Mana Cost, "exile" in 2006 Removed from the Game.`,
		Example: `  crules glossary splice
  crules glossary mana burn --rev 2008
  crules glossary --json`,
		ValidArgsFunction: complete(env, &o.docFlags, (*crules.Document).CompleteTerm),
	}
	o.docFlags.register(cmd, env, &o.JSON)
	return hook(env, cmd, o, joinArgs(&o.Term), runF, runGlossary)
}

func runGlossary(env *Env, o *glossaryOptions) error {
	if o.Term == "" {
		_, d, err := o.document(env)
		return printIf(env, err, o.JSON, d.GlossaryJSON, func(p *render.TextPrinter) { p.GlossaryTerms(d.Glossary) })
	}
	lib, src, err := o.source(env)
	if err != nil {
		return err
	}
	a, err := lib.Glossary(src, o.Term)
	if err != nil {
		return err
	}
	env.notes(a.Note())
	return printOut(env, o.JSON, a.JSON, func(p *render.TextPrinter) { p.Glossary(a.Entry) })
}

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
	}
	o.docFlags.register(cmd, env, &o.JSON)
	return hook(env, cmd, o, nil, runF, runTOC)
}

func runTOC(env *Env, o *tocOptions) error {
	_, d, err := o.document(env)
	return printIf(env, err, o.JSON, d.TOCJSON, func(p *render.TextPrinter) { p.TOC(d.Parts) })
}

type refsOptions struct {
	docFlags
	ID   string
	JSON bool
}

func newRefsCmd(env *Env, runF func(*refsOptions) error) *cobra.Command {
	o := &refsOptions{}
	cmd := &cobra.Command{
		Use:   "refs ID",
		Short: "List what a rule, range, chapter or part cites and what cites it, with the citing text",
		Example: `  crules refs 702.47a
  crules refs CR 601.2f-h --rev 2026-01-16 --json`,
		Args:              minArgs(1),
		ValidArgsFunction: complete(env, &o.docFlags, (*crules.Document).CompleteRule),
	}
	o.docFlags.register(cmd, env, &o.JSON)
	return hook(env, cmd, o, joinArgs(&o.ID), runF, runRefs)
}

func runRefs(env *Env, o *refsOptions) error {
	if _, err := crules.ParseOneRef(o.ID); err != nil && !crules.IsName(o.ID) {
		return err // before reading anything
	}
	lib, src, err := o.source(env)
	if err != nil {
		return err
	}
	r, err := lib.RefsOf(src, o.ID)
	if err != nil {
		return err
	}
	env.notes(r.Note())
	return printOut(env, o.JSON, r.JSON, func(p *render.TextPrinter) { p.Refs(r.Doc.Document, r.ID, r.Outgoing, r.Incoming, r.Terms) })
}
