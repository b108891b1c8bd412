package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
	"github.com/spf13/cobra"
)

type historyOptions struct {
	Query string
	Rev   string
	JSON  bool
}

func newHistoryCmd(env *Env, runF func(*historyOptions) error) *cobra.Command {
	o := &historyOptions{}
	cmd := &cobra.Command{
		Use:   "history ID|KEYWORD",
		Short: "Trace one rule through every embedded revision: its number, its changes",
		Long: `History follows a rule back to the revision that added it and forward to the
latest revision (or its removal), across renumbering and the 2009 rewrite,
and shows what changed in each revision. A keyword or heading ("splice",
"Artifacts") names its rule; the text compared is then the rule with all
its subrules.

The lineage of every rule is computed once and cached (see 'crules index
path').`,
		Example: `  crules history splice
  crules history 502.46 --rev 2006-10-01
  crules history 702.19c --json`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Query = args[0]
			if runF != nil {
				return runF(o)
			}
			return runHistory(env, o, cmd.Flags().Changed("rev"))
		},
	}
	cmd.Flags().StringVar(&o.Rev, "rev", "latest", "the revision the ID is read in")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	_ = cmd.RegisterFlagCompletionFunc("rev", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return revisionNames(env), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// loadLineage returns the lineage of the archive, from the cache when it is
// there and sound, else built (a few seconds) and stored.
func loadLineage(env *Env, a *corpus.Archive) (*diff.Lineage, error) {
	path, err := cache.Path(a.Hash(), "lineage", diff.LineageVersion)
	if err == nil {
		var l *diff.Lineage
		err := cache.Load(path, func(r io.Reader) (err error) {
			l, err = diff.DecodeLineage(r)
			return err
		})
		if err == nil && len(l.Revs) == len(a.Revisions()) {
			return l, nil
		}
	}
	if env.Terminal {
		env.note("crules: computing the lineage of every rule (once; cached in %s)", path)
	}
	docs, err := parseAll(a)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, r := range a.Revisions() {
		names = append(names, r.Name())
	}
	l := diff.BuildLineage(names, docs, nil)
	if path != "" {
		if err := cache.Store(path, l.Encode); err != nil {
			env.note("crules: could not cache the lineage: %v", err)
		}
	}
	return l, nil
}

type pointJSON struct {
	Rev   string       `json:"rev"`
	ID    string       `json:"id"`
	Title string       `json:"title,omitempty"`
	Class diff.Class   `json:"class"`
	Moved bool         `json:"moved"`
	Diff  []diffOpJSON `json:"diff,omitempty"`
}

// archiveLineage returns the corpus and its lineage.
func archiveLineage(env *Env) (*corpus.Archive, *diff.Lineage, error) {
	a, err := env.archive()
	if err != nil {
		return nil, nil, err
	}
	l, err := loadLineage(env, a)
	return a, l, err
}

func runHistory(env *Env, o *historyOptions, revGiven bool) error {
	a, l, err := archiveLineage(env)
	if err != nil {
		return err
	}
	start, id := -1, ""
	if rid, err := parse.ParseRuleID(o.Query); err == nil {
		r, err := a.Select(o.Rev)
		if err != nil {
			return badRequest("%v", err)
		}
		at := indexOf(l.Revs, r.Name())
		switch {
		case l.Has(at, rid.String()):
			start, id = at, rid.String()
		case !revGiven:
			for i := len(l.Revs) - 1; i >= 0; i-- {
				if l.Has(i, rid.String()) {
					start, id = i, rid.String()
					break
				}
			}
		}
		if start < 0 {
			return notFound("no rule %s in %s", rid, map[bool]string{true: r.Name(), false: "any revision"}[revGiven])
		}
	} else {
		start, id = l.FindTitle(o.Query)
		if start < 0 {
			return notFound("no rule is titled %q in any revision (try a rule number, or crules search)", o.Query)
		}
	}
	points := l.History(start, id)
	texts, err := pointTexts(a, l, points)
	if err != nil {
		return err
	}
	var js []pointJSON
	for i, p := range points {
		j := pointJSON{Rev: p.Rev, ID: p.ID, Title: p.Title, Class: p.Class, Moved: p.Moved}
		if i > 0 && texts[i-1] != texts[i] {
			j.Class = diff.Classify(lexicon.Default(), texts[i-1], texts[i], points[i-1].ID == p.ID)
			for _, op := range diff.WordDiff(texts[i-1], texts[i]) {
				j.Diff = append(j.Diff, diffOpJSON{[...]string{"equal", "delete", "insert"}[op.Kind], op.Text})
			}
		} else if i > 0 {
			j.Class = diff.Unchanged
			if j.Moved {
				j.Class = diff.Renumbered
			}
		}
		js = append(js, j)
	}
	if o.JSON {
		return writeJSON(env.Stdout, struct {
			Query  string      `json:"query"`
			Rev    string      `json:"rev"`
			ID     string      `json:"id"`
			Points []pointJSON `json:"points"`
		}{o.Query, l.Revs[start], id, js})
	}
	p := printer{w: env.Stdout, color: env.Color}
	title := points[len(points)-1].Title
	last := points[len(points)-1]
	if title == "" {
		title = "Rule " + last.ID
	}
	p.printf("%s: %s in %s", p.bold(title), last.ID, last.Rev)
	if last.Rev != l.Revs[len(l.Revs)-1] {
		p.printf(" (removed after that)")
	}
	p.printf("\n")
	for i := 0; i < len(js); i++ {
		j := js[i]
		if i > 0 && j.Class == diff.Unchanged {
			k := i
			for k+1 < len(js) && js[k+1].Class == diff.Unchanged {
				k++
			}
			if k == i {
				p.printf("  %-10s   %-10s  %-9s unchanged\n", j.Rev, "", j.ID)
			} else {
				p.printf("  %-10s … %-10s  %-9s unchanged\n", j.Rev, js[k].Rev, j.ID)
			}
			i = k
			continue
		}
		label := j.Class.String()
		if i == 0 {
			label = "first seen"
			if j.Rev != l.Revs[0] {
				label = "added"
			}
		}
		if j.Moved && j.Class != diff.Renumbered {
			label += ", renumbered from " + js[i-1].ID
		} else if j.Class == diff.Renumbered {
			label += " from " + js[i-1].ID
		}
		p.printf("  %-10s   %-10s  %-9s %s\n", j.Rev, "", j.ID, label)
		if len(j.Diff) > 0 {
			ops := make([]diff.Op, len(j.Diff))
			for k, d := range j.Diff {
				ops[k] = diff.Op{Kind: map[string]diff.OpKind{"equal": diff.Equal, "delete": diff.Delete, "insert": diff.Insert}[d.Op], Text: d.Text}
			}
			var b strings.Builder
			sub := printer{w: &b, color: p.color}
			sub.wordDiff(ops)
			for _, line := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
				p.printf("      %s\n", line)
			}
		}
	}
	return p.err
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

// pointTexts returns the text of the rule at each point: for a heading
// rule, the rule with its subrules, their numbers left out so that
// renumbering alone is no change. Only the revisions where the lineage says
// something changed are parsed; the others repeat the text before them.
func pointTexts(a *corpus.Archive, l *diff.Lineage, points []diff.Point) ([]string, error) {
	revs := a.Revisions()
	byName := map[string]corpus.Revision{}
	for _, r := range revs {
		byName[r.Name()] = r
	}
	need := map[string]bool{}
	for i, p := range points {
		switch {
		case i == 0 || p.Class != diff.Unchanged && p.Class != diff.Renumbered:
			need[p.Rev] = true
		case p.Title != "" && l.SubtreeChanged(indexOf(l.Revs, p.Rev), points[i-1].ID, p.ID):
			need[p.Rev], need[points[i-1].Rev] = true, true
		}
	}
	var names []string
	for n := range need {
		names = append(names, n)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(names))) // stream order: newest first
	docs := map[string]*parse.Document{}
	for _, n := range names {
		l, err := loadRevision(a, byName[n])
		if err != nil {
			return nil, err
		}
		docs[n] = l.Doc
	}
	out := make([]string, len(points))
	for i, p := range points {
		d, ok := docs[p.Rev]
		if !ok {
			out[i] = out[i-1]
			continue
		}
		r := d.Rule(parse.MustParseRuleID(p.ID))
		if r == nil {
			return nil, fmt.Errorf("lineage names %s in %s, which the parse does not have", p.ID, p.Rev)
		}
		out[i] = subtreeText(r)
	}
	return out, nil
}

func subtreeText(r *parse.Rule) string {
	s := diff.RuleText(r)
	if r.Title == "" {
		return s
	}
	var b strings.Builder
	b.WriteString(s)
	for _, c := range r.Children {
		b.WriteString("\n")
		b.WriteString(subtreeText(c))
	}
	return b.String()
}
