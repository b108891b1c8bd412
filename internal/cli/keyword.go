package cli

import (
	"fmt"
	"strings"

	"github.com/crules/crules"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/index"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/render"
	"github.com/crules/crules/scenario"
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
		Use:   "keyword NAME...",
		Short: "Print the specification of a keyword ability or action, read from its rules",
		Long:  crules.KeywordHelp,
		Example: `  crules keyword splice
  crules keyword first strike
  crules keyword flashback --rev 2006-10-01 --json`,
		Args:              minArgs(1),
		ValidArgsFunction: complete(env, &o.docFlags, (*crules.Document).CompleteKeyword),
	}
	o.docFlags.register(cmd, env, &o.JSON)
	return hook(env, cmd, o, joinArgs(&o.Name), runF, runKeyword)
}

func runKeyword(env *Env, o *keywordOptions) error {
	lib, src, err := o.source(env)
	if err != nil {
		return err
	}
	a, err := lib.Keyword(src, o.Name)
	return printIf(env, err, o.JSON, a.JSON, func(p *render.TextPrinter) { p.Keyword(a.Spec, a.Changes) })
}

type keywordsOptions struct {
	docFlags
	Kind     string
	JSON     bool
	Coverage bool
	AllRevs  bool
}

func newKeywordsCmd(env *Env, runF func(*keywordsOptions) error) *cobra.Command {
	o, kinds := &keywordsOptions{}, keyword.KindNames()
	cmd := &cobra.Command{
		Use:   "keywords",
		Short: "List the keyword abilities and actions of a revision with their specifications",
		Example: `  crules keywords --kind triggered
  crules keywords --rev 2006-10-01 --json
  crules keywords --coverage --rev 2006-10-01
  crules keywords --coverage --all-revs`,
		Args: exactArgs(0),
	}
	o.docFlags.register(cmd, env, &o.JSON)
	exclusive(cmd, "all-revs", "rev", "ask for one revision and for all of them; give one of them")
	exclusive(cmd, "all-revs", "file", "ask for every embedded revision and for a file; give one of them")
	cmd.Flags().StringVar(&o.Kind, "kind", "", "only keywords of this kind: "+strings.Join(kinds, ", ")+`; with --coverage, "keyword action" counts the keyword actions`)
	_ = cmd.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(kinds, cobra.ShellCompDirectiveNoFileComp))
	cmd.Flags().BoolVar(&o.Coverage, "coverage", false, "how many keywords the engine models, compiles from the text, or finds stale")
	cmd.Flags().BoolVar(&o.AllRevs, "all-revs", false, "with --coverage: the coverage of every revision, with a plot")
	return hook(env, cmd, o, func(cmd *cobra.Command, args []string) error {
		if o.AllRevs && !o.Coverage {
			return fmt.Errorf("--all-revs measures the coverage of every revision: it goes with --coverage")
		}
		if k, ok := keyword.ParseKind(o.Kind); o.Kind != "" && (!ok || o.Coverage && k != keyword.Action) {
			return fmt.Errorf("--kind is one of %s%s", strings.Join(kinds, ", "), map[bool]string{true: fmt.Sprintf("; --coverage counts the keyword abilities, or with --kind %q the keyword actions", keyword.Action)}[o.Coverage])
		}
		return nil
	}, runF, runKeywords)
}

func runKeywords(env *Env, o *keywordsOptions) error {
	lib, src, err := o.source(env) // the latest revision with --all-revs, which ignores it
	if err != nil {
		return err
	}
	if o.AllRevs {
		cs, err := lib.CoverageAllOf(keyword.Kind(o.Kind))
		return printIf(env, err, o.JSON, func() any { return cs }, func(p *render.TextPrinter) { p.CoverageAll(cs) })
	}
	if o.Coverage {
		c, err := lib.CoverageOf(src, keyword.Kind(o.Kind))
		return printIf(env, err, o.JSON, func() any { return c }, func(p *render.TextPrinter) { p.Coverage(c) })
	}
	d, specs, err := lib.Keywords(src, keyword.Kind(o.Kind))
	return printIf(env, err, o.JSON, func() any { return render.KeywordsJSON(specs, string(d.Era)) }, func(p *render.TextPrinter) { p.Keywords(specs) })
}

type searchOptions struct {
	docFlags
	Query   string
	AllRevs bool
	Limit   int
	JSON    bool
}

func newSearchCmd(env *Env, runF func(*searchOptions) error) *cobra.Command {
	o := &searchOptions{}
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Search the rules, examples and glossary in words",
		Long:  crules.SearchHelp,
		Example: `  crules search "splice onto arcane"
  crules search mana burn --all-revs
  crules search 'kind:glossary deathtouch' --json`,
		Args: minArgs(1),
	}
	o.docFlags.register(cmd, env, &o.JSON)
	exclusive(cmd, "all-revs", "rev", "ask for one revision and for all of them; give one of them")
	exclusive(cmd, "all-revs", "file", "ask for every embedded revision and for a file; give one of them")
	cmd.Flags().BoolVar(&o.AllRevs, "all-revs", false, "search every embedded revision")
	cmd.Flags().IntVar(&o.Limit, "limit", 10, "at most this many hits")
	return hook(env, cmd, o, func(cmd *cobra.Command, args []string) error {
		o.Query = strings.Join(args, " ")
		if o.Limit < 1 || o.Limit > index.MaxLimit {
			return fmt.Errorf("--limit must be 1–%d", index.MaxLimit)
		}
		return nil
	}, runF, runSearch)
}

func runSearch(env *Env, o *searchOptions) error {
	lib, src, err := o.source(env) // the latest revision with --all-revs, which ignores it
	if err != nil {
		return err
	}
	res, err := lib.Search(src, o.Query, crules.SearchOptions{Limit: o.Limit, AllRevs: o.AllRevs})
	if res != nil && o.JSON { // the hits, the suggestions and the error in one object
		return jsonThen(env, render.SearchJSON(res, err), err)
	}
	if err != nil {
		return err
	}
	p := env.text()
	p.Search(res.Hits)
	return p.Err
}

type indexOptions struct {
	Op      string // build, path or clean
	Rev     string
	AllRevs bool
}

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
	o := &indexOptions{}
	build := &cobra.Command{
		Use:   "build",
		Short: "Build the search index ahead of time (--rev REV, or --all-revs)",
		Args:  exactArgs(0),
	}
	build.Flags().StringVar(&o.Rev, "rev", "latest", "the revision to index")
	build.Flags().BoolVar(&o.AllRevs, "all-revs", false, "index every revision together")
	exclusive(build, "all-revs", "rev", "ask for one revision and for all of them; give one of them")
	op := func(c *cobra.Command, _ []string) error { o.Op = c.Name(); return nil }
	for _, c := range []*cobra.Command{build,
		{Use: "path", Short: "Print where the cache lives", Args: exactArgs(0)},
		{Use: "clean", Short: "Remove the cache", Args: exactArgs(0)}} {
		cmd.AddCommand(hook(env, c, o, op, nil, withLib(runIndex)))
	}
	return cmd
}

func runIndex(env *Env, lib *crules.Library, o *indexOptions) error {
	switch o.Op {
	case "path":
		d, err := lib.CacheDir()
		if err == nil {
			_, err = fmt.Fprintln(env.Stdout, d)
		}
		return err
	case "clean":
		d, err := lib.CleanCache()
		if err == nil {
			env.note("crules: removed %s", d)
		}
		return err
	}
	r, err := lib.Select(o.Rev)
	if err != nil {
		return err
	}
	name, err := lib.BuildIndex(r, o.AllRevs)
	if err == nil {
		env.note("crules: the index of %s is ready", name)
	}
	return err
}

type simOptions struct {
	Files                []string
	Rev                  string
	Trace, JSON, Example bool
}

func newSimCmd(env *Env, runF func(*simOptions) error) *cobra.Command {
	o := &simOptions{}
	cmd := &cobra.Command{
		Use:   "sim FILE...",
		Short: "Run keyword scenarios against a revision's rules, citing the rule at every step",
		Long: `Sim runs scenario files against the rules of the revisions their "rev:" line
names, or of --rev: each check passes or fails at its file:line; --trace
prints every rule applied, with its number and text in that revision. Exit 1
when a check fails. --example prints a scenario to start from.

` + scenario.Help,
		Example: `  crules sim --example > convoke.txt
  crules sim convoke.txt --trace
  crules sim convoke.txt --rev latest --json`,
	}
	cmd.Flags().StringVar(&o.Rev, "rev", "", "run against this revision instead of the file's rev: line")
	cmd.Flags().BoolVar(&o.Trace, "trace", false, "print each rule applied, with its ID and text")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	cmd.Flags().BoolVar(&o.Example, "example", false, "print a scenario to start from")
	return hook(env, cmd, o, func(c *cobra.Command, args []string) error {
		o.Files = args
		if o.Example && len(args) > 0 {
			return fmt.Errorf("--example prints a scenario; it takes no FILE")
		}
		if o.Example {
			return nil
		}
		return minArgs(1)(c, args)
	}, runF, withLib(runSim))
}

func runSim(env *Env, lib *crules.Library, o *simOptions) error {
	if o.Example {
		_, err := env.Stdout.Write(scenario.Example)
		return err
	}
	results, err := lib.SimulateFiles(o.Rev, o.Files...)
	if err != nil {
		return err
	}
	err = printOut(env, o.JSON, func() any { return render.SimResults(results) }, func(p *render.TextPrinter) { p.Sim(results, o.Trace) })
	if failed := engine.Failed(results...); err == nil && failed > 0 {
		err = problems(render.Count(failed, "check", "checks") + " failed")
	}
	return err
}
