package xref

import (
	"fmt"
	"sort"
	"strings"

	"github.com/crules/crules/parse"
)

// CheckHelp lists the codes of the findings Check reports, one a line,
// each with what it means, for the command line's help.
const CheckHelp = `  unresolved      a citation of a rule, chapter, section or glossary term that does not exist
  title-mismatch  a citation whose quoted title is not the target's title
  duplicate-id    a rule number used twice
  lettering-gap   subrule letters that skip or go back (l and o are skipped by the CR)
  bad-letter      a subrule lettered l or o
  orphan-example  an example outside any rule
`

// A Finding is one problem Check found in a revision.
type Finding struct {
	Pos  parse.Pos
	Code string // unresolved, title-mismatch, duplicate-id, lettering-gap, bad-letter, orphan-example
	Msg  string
}

// Check lints a revision: citations that resolve to nothing, cited titles
// that are not the target's title, rule numbers used twice, gaps and
// misordering in subrule lettering (which skips l and o), and examples
// outside any rule. Findings are sorted by position.
func Check(g *Graph) []Finding {
	var fs []Finding
	for i := 0; i < len(g.Refs); {
		// One finding per citation as written, naming every missing target
		// of a range.
		j := i
		var missing []string
		for ; j < len(g.Refs) && g.Refs[j].cite == g.Refs[i].cite; j++ {
			r := g.Refs[j]
			switch r.Status {
			case Unresolved:
				missing = append(missing, r.Target.String())
			case TitleMismatch:
				fs = append(fs, Finding{r.Pos, "title-mismatch", fmt.Sprintf("%s cites %s as \u201c%s\u201d, but %s is \u201c%s\u201d", r.Source, r.Target, r.CitedTitle, r.Target, r.Actual)})
			}
		}
		if r := g.Refs[i]; len(missing) > 0 {
			what := map[Kind]string{KindRule: "rule", KindChapter: "rule", KindPart: "section", KindGlossary: "glossary term"}[r.Target.Kind]
			msg := fmt.Sprintf("%s cites %s %s, which does not exist", r.Source, what, missing[0])
			if len(missing) > 1 {
				msg = fmt.Sprintf("%s cites %ss %s, which do not exist", r.Source, what, strings.Join(missing, ", "))
			}
			if len(missing) > 1 || r.Text != missing[0] {
				msg += fmt.Sprintf(" (%q)", r.Text)
			}
			fs = append(fs, Finding{r.Pos, "unresolved", msg})
		}
		i = j
	}
	d := g.Doc
	seen := map[parse.RuleID]parse.Pos{}
	d.Walk(func(r *parse.Rule) bool {
		if r.Implicit {
			return true
		}
		if first, dup := seen[r.ID]; dup {
			fs = append(fs, Finding{r.Pos, "duplicate-id", fmt.Sprintf("rule %s appears again (first at line %d)", r.ID, first.Line)})
		} else {
			seen[r.ID] = r.Pos
		}
		fs = append(fs, lettering(r)...)
		return true
	})
	for _, w := range d.Warnings {
		if strings.Contains(w.Msg, "example outside any rule") {
			fs = append(fs, Finding{w.Pos, "orphan-example", w.Msg})
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Pos.Offset < fs[j].Pos.Offset })
	return fs
}

// lettering checks that r's subrules run a, b, c, … with l and o skipped.
func lettering(r *parse.Rule) []Finding {
	var fs []Finding
	want := "a"
	for _, c := range r.Children {
		if c.Implicit || c.ID.Sub == "" {
			continue
		}
		got := c.ID.Sub
		switch {
		case got == "l" || got == "o":
			fs = append(fs, Finding{c.Pos, "bad-letter", fmt.Sprintf("subrule %s uses the letter %q, which the CR skips", c.ID, got)})
		case got == want:
		case want != "" && got > want:
			var missing []string
			for s := want; s != "" && s < got; s = parse.NextSubLetter(s) {
				missing = append(missing, r.ID.String()+s)
			}
			fs = append(fs, Finding{c.Pos, "lettering-gap", fmt.Sprintf("subrule %s follows %s; missing %s", c.ID, prevLetter(r.ID, want), strings.Join(missing, ", "))})
		case prevLetter(r.ID, want) == c.ID.String():
			continue // a duplicate, reported as such
		default:
			fs = append(fs, Finding{c.Pos, "lettering-gap", fmt.Sprintf("subrule %s is out of order after %s", c.ID, prevLetter(r.ID, want))})
			continue
		}
		want = parse.NextSubLetter(got)
	}
	return fs
}

func prevLetter(id parse.RuleID, want string) string {
	if want == "a" {
		return id.String()
	}
	c := want[0] - 1
	for c == 'l' || c == 'o' {
		c--
	}
	return id.String() + string(c)
}
