package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
	"github.com/spf13/cobra"
)

type diffOptions struct {
	A, B    string
	JSON    bool
	Rule    string
	Classes []string
	Stat    bool
}

func newDiffCmd(env *Env, runF func(*diffOptions) error) *cobra.Command {
	o := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Compare two revisions rule by rule: renumbering, and what changed in each rule",
		Long: `Diff matches every rule and subrule of A to its counterpart in B, despite
renumbering, and classifies each change:
  unchanged, renumbered (same text, new number), citations (only cited rule
  numbers changed), typography, terminology (only lexicon conventions such as
  play→cast), edited, split, merged, added, removed.
A and B are revisions (2009-05-01, 2009, latest, first) or CR files on disk.`,
		Example: `  crules diff 2009-05-01 2009-07-11 --stat
  crules diff 2024-06 2024-07 --class terminology,edited
  crules diff 2004 latest --rule 702.47`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 2 {
				return badRequest("diff takes two revisions or files, got %d arguments (usage: %s)", len(args), cmd.UseLine())
			}
			return nil
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return revisionNames(env), cobra.ShellCompDirectiveDefault
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.A, o.B = args[0], args[1]
			for _, c := range o.Classes {
				for _, name := range strings.Split(c, ",") {
					if _, ok := diff.ParseClass(name); !ok {
						return badRequest("--class %q: classes are unchanged, renumbered, citations, typography, terminology, edited, split, merged, added, removed", name)
					}
				}
			}
			if runF != nil {
				return runF(o)
			}
			return runDiff(env, o)
		},
	}
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	cmd.Flags().StringVar(&o.Rule, "rule", "", "only rules under this ID (in A or B)")
	cmd.Flags().StringSliceVar(&o.Classes, "class", nil, "only these classes (comma-separated)")
	cmd.Flags().BoolVar(&o.Stat, "stat", false, "only the counts per class and per chapter")
	_ = cmd.RegisterFlagCompletionFunc("class", cobra.FixedCompletions([]string{"unchanged", "renumbered", "citations", "typography", "terminology", "edited", "split", "merged", "added", "removed"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// loadArg reads a document named by a revision selector or a file path.
func loadArg(env *Env, arg string) (*loaded, error) {
	if fi, err := os.Stat(arg); err == nil && !fi.IsDir() {
		return loadFile(env, arg)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, badRequest("%v", err)
	}
	a, err := env.archive()
	if err != nil {
		return nil, err
	}
	r, err := a.Select(arg)
	if err != nil {
		var u *corpus.UnknownRevisionError
		if errors.As(err, &u) {
			return nil, badRequest("%v (and no file %q)", err, arg)
		}
		return nil, err
	}
	return loadRevision(a, r)
}

type diffPairJSON struct {
	A     string       `json:"a,omitempty"`
	B     string       `json:"b,omitempty"`
	Title string       `json:"title,omitempty"`
	Class diff.Class   `json:"class"`
	Moved bool         `json:"moved"`
	Score float64      `json:"score"`
	Via   string       `json:"via,omitempty"`
	Diff  []diffOpJSON `json:"diff,omitempty"`
}

type diffOpJSON struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

func runDiff(env *Env, o *diffOptions) error {
	var only parse.RuleID
	if o.Rule != "" {
		id, err := parse.ParseRuleID(o.Rule)
		if err != nil {
			return badRequest("--rule: %v", err)
		}
		only = id
	}
	la, err := loadArg(env, o.A)
	if err != nil {
		return err
	}
	lb, err := loadArg(env, o.B)
	if err != nil {
		return err
	}
	res := diff.Compare(la.Doc, lb.Doc, nil)
	want := map[diff.Class]bool{}
	for _, c := range o.Classes {
		for _, name := range strings.Split(c, ",") {
			k, _ := diff.ParseClass(name)
			want[k] = true
		}
	}
	var pairs []diff.Pair
	for _, p := range res.Pairs {
		if !only.IsZero() && !(p.A != nil && only.Contains(p.A.ID) || p.B != nil && only.Contains(p.B.ID)) {
			continue
		}
		if len(want) > 0 && !want[p.Class] || len(want) == 0 && p.Class == diff.Unchanged {
			continue
		}
		pairs = append(pairs, p)
	}
	counts := res.Counts()
	if o.JSON {
		js := []diffPairJSON{}
		for _, p := range pairs {
			j := diffPairJSON{Class: p.Class, Moved: p.Moved, Score: p.Score, Via: p.Via}
			var ta, tb string
			if p.A != nil {
				j.A, ta = p.A.ID.String(), diff.RuleText(p.A)
				j.Title = p.A.Title
			}
			if p.B != nil {
				j.B, tb = p.B.ID.String(), diff.RuleText(p.B)
				j.Title = p.B.Title
			}
			if !o.Stat && ta != tb {
				for _, op := range diff.WordDiff(ta, tb) {
					j.Diff = append(j.Diff, diffOpJSON{[...]string{"equal", "delete", "insert"}[op.Kind], op.Text})
				}
			}
			js = append(js, j)
		}
		cj := map[string]int{}
		for k, v := range counts {
			cj[k.String()] = v
		}
		return writeJSON(env.Stdout, struct {
			A      string         `json:"a"`
			B      string         `json:"b"`
			Counts map[string]int `json:"counts"`
			Pairs  []diffPairJSON `json:"pairs"`
		}{la.Rev, lb.Rev, cj, js})
	}
	p := printer{w: env.Stdout, color: env.Color}
	p.printf("%s → %s: %s\n", la.Rev, lb.Rev, countLine(counts))
	if o.Stat {
		byChapter := map[int]map[diff.Class]int{}
		for _, x := range pairs {
			r := x.B
			if r == nil {
				r = x.A
			}
			if byChapter[r.ID.Chapter] == nil {
				byChapter[r.ID.Chapter] = map[diff.Class]int{}
			}
			byChapter[r.ID.Chapter][x.Class]++
		}
		var chs []int
		for c := range byChapter {
			chs = append(chs, c)
		}
		sort.Ints(chs)
		for _, c := range chs {
			title := ""
			if ch := lb.Doc.Chapter(c); ch != nil {
				title = ch.Title
			} else if ch := la.Doc.Chapter(c); ch != nil {
				title = ch.Title
			}
			p.printf("  %d %-40s %s\n", c, clip(title, 40), countLine(byChapter[c]))
		}
		return p.err
	}
	var moved []diff.Pair
	for _, x := range pairs {
		if x.Moved && x.A != nil && x.B != nil {
			moved = append(moved, x)
		}
	}
	if len(moved) > 0 {
		p.printf("\nRenumbered (%d):\n", len(moved))
		for _, x := range moved {
			p.printf("  %-9s → %-9s %s\n", x.A.ID, x.B.ID, clip(x.B.Title, 50))
		}
	}
	for _, x := range pairs {
		p.printf("\n")
		switch {
		case x.A == nil:
			p.printf("%s %s\n", p.bold(x.B.ID.String()), p.paint("added", "32"))
			p.printf("%s\n", p.paint(diff.RuleText(x.B), "32"))
		case x.B == nil:
			p.printf("%s %s\n", p.bold(x.A.ID.String()), p.paint("removed", "31"))
			p.printf("%s\n", p.paint(diff.RuleText(x.A), "31"))
		default:
			head := x.B.ID.String()
			if x.Moved {
				head = x.A.ID.String() + " → " + x.B.ID.String()
			}
			p.printf("%s (%s)\n", p.bold(head), x.Class)
			if x.Class != diff.Renumbered {
				p.wordDiff(diff.WordDiff(diff.RuleText(x.A), diff.RuleText(x.B)))
			}
		}
	}
	return p.err
}

func countLine(c map[diff.Class]int) string {
	var parts []string
	for k := diff.Unchanged; k <= diff.Removed; k++ {
		if c[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c[k], k))
		}
	}
	if len(parts) == 0 {
		return "no rules"
	}
	return strings.Join(parts, ", ")
}

func (p *printer) paint(s, code string) string {
	if !p.color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// elide shortens unchanged text between changes to its ends: the context
// a reader needs, not the whole rule.
func elide(s string, changeBefore, changeAfter bool) string {
	const keep = 60
	r := []rune(s)
	switch {
	case changeBefore && changeAfter && len(r) > 3*keep:
		return string(r[:keep]) + " … " + string(r[len(r)-keep:])
	case changeAfter && !changeBefore && len(r) > keep+10:
		return "… " + string(r[len(r)-keep:])
	case changeBefore && !changeAfter && len(r) > keep+10:
		return string(r[:keep]) + " …"
	}
	return s
}

// wordDiff prints a word diff: colours on a terminal, [-deleted-] and
// {+inserted+} otherwise.
func (p *printer) wordDiff(ops []diff.Op) {
	var b strings.Builder
	for i, op := range ops {
		switch op.Kind {
		case diff.Equal:
			b.WriteString(elide(op.Text, i > 0, i < len(ops)-1))
		case diff.Delete:
			if p.color {
				b.WriteString(p.paint(op.Text, "31;9"))
			} else {
				b.WriteString("[-" + op.Text + "-]")
			}
		case diff.Insert:
			if p.color {
				b.WriteString(p.paint(op.Text, "32"))
			} else {
				b.WriteString("{+" + op.Text + "+}")
			}
		}
	}
	p.printf("%s\n", b.String())
}
