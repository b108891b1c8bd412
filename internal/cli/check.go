package cli

import (
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
	"github.com/spf13/cobra"
)

type checkOptions struct {
	docFlags
	All  bool
	JSON bool
}

func newCheckCmd(env *Env, runF func(*checkOptions) error) *cobra.Command {
	o := &checkOptions{}
	cmd := &cobra.Command{
		Use:   "check [REV]",
		Short: "Lint a revision: broken citations, title mismatches, duplicate numbers, lettering gaps",
		Long: `Check reports, as file:line:col: code: message,
  unresolved      a citation of a rule, chapter, section or glossary term that does not exist
  title-mismatch  a citation whose quoted title is not the target's title
  duplicate-id    a rule number used twice
  lettering-gap   subrule letters that skip or go back (l and o are skipped by the CR)
  bad-letter      a subrule lettered l or o
  orphan-example  an example outside any rule
It exits 1 when it finds anything, so it can guard a pipeline that edits rules text.`,
		Example: `  crules check
  crules check 2009-10-01
  crules check --file MagicCompRules.txt
  crules check --all --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				if cmd.Flags().Changed("rev") || o.File != "" || o.All {
					return badRequest("give the revision once: as an argument, --rev, --file or --all")
				}
				o.Rev = args[0]
			}
			if o.All && (o.File != "" || cmd.Flags().Changed("rev")) {
				return badRequest("--all checks every embedded revision; it takes no --rev or --file")
			}
			if runF != nil {
				return runF(o)
			}
			return runCheck(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().BoolVar(&o.All, "all", false, "check every embedded revision")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

type findingJSON struct {
	Rev     string `json:"rev"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func runCheck(env *Env, o *checkOptions) error {
	var docs []*loaded
	if o.All {
		a, err := env.archive()
		if err != nil {
			return err
		}
		ds, err := parseAll(a)
		if err != nil {
			return err
		}
		for i, r := range a.Revisions() {
			docs = append(docs, &loaded{Doc: ds[i], Rev: r.Name()})
		}
	} else {
		l, err := o.load(env)
		if err != nil {
			return err
		}
		docs = append(docs, l)
	}
	findings := checkAll(docs)
	total := 0
	for _, fs := range findings {
		total += len(fs)
	}
	if o.JSON {
		js := []findingJSON{}
		for i, fs := range findings {
			for _, f := range fs {
				js = append(js, findingJSON{docs[i].Rev, docs[i].Doc.Name, f.Pos.Line, f.Pos.Col, f.Code, f.Msg})
			}
		}
		if err := writeJSON(env.Stdout, js); err != nil {
			return err
		}
	} else {
		p := printer{w: env.Stdout, color: env.Color}
		for i, fs := range findings {
			for _, f := range fs {
				p.printf("%s:%s: %s: %s\n", docs[i].Doc.Name, f.Pos, f.Code, f.Msg)
			}
		}
		if p.err != nil {
			return p.err
		}
	}
	if total > 0 {
		return &exitError{ExitNotFound, errorString(plural(total, "finding") + " in " + plural(len(docs), "revision"))}
	}
	env.note("crules: no findings")
	return nil
}

// checkAll builds the citation graph and checks each document, on all
// cores.
func checkAll(docs []*loaded) [][]xref.Finding {
	out := make([][]xref.Finding, len(docs))
	ds := make([]*parse.Document, len(docs))
	for i, l := range docs {
		ds[i] = l.Doc
	}
	parallel(len(ds), func(i int) { out[i] = xref.Check(xref.Build(ds[i])) })
	return out
}
