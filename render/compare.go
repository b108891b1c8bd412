package render

import (
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// A Comparison is two documents compared rule by rule, as the diff
// printers print it (TextPrinter.Diff, CompareJSON); crules.Comparison
// fills it.
type Comparison struct {
	A, B         *parse.Document
	AName, BName string
	// Scope is the rule the comparison is narrowed to ("702.47"), "" for
	// the whole documents; RuleA and RuleB are what it is in A and in B
	// (itself, its counterpart there, "" for none), Notes say so in words.
	Scope, RuleA, RuleB string
	Notes               []string
	Counts              map[diff.Class]int // the pairs under Scope of each class, before a class filter
	Pairs               []diff.Pair        // the pairs listed
	// Chapters, when set, is what ChapterCounts returns: a comparison
	// read from the lineage (crules.DiffOptions.Stat) has counts, not pairs.
	Chapters []ChapterCount
	// IgnoreTypography is set when the words are compared through
	// parse.Typography (see diff.IgnoreTypography): Typography pairs
	// differed in typography alone and count as unchanged or renumbered.
	IgnoreTypography bool
	Typography       int
}

// WordDiff is the word diff of a pair of c, with words compared through
// parse.Typography when c ignores typography.
func (c *Comparison) WordDiff(p diff.Pair) []diff.Op {
	var ta, tb string
	if p.A != nil {
		ta = diff.RuleText(p.A)
	}
	if p.B != nil {
		tb = diff.RuleText(p.B)
	}
	if c.IgnoreTypography {
		return diff.WordDiffBy(ta, tb, parse.Typography)
	}
	return diff.WordDiff(ta, tb)
}

// A ChapterCount is the pairs of a comparison's listed pairs in one
// chapter, by class, as diff --stat prints them.
type ChapterCount = diff.ChapterCount

// ChapterCounts counts the listed pairs per chapter, in chapter order. A
// removed rule counts in its chapter of A, titled as A titles it: 502 is
// Keyword Abilities in a 502-era A, Untap Step in B, two rows; a chapter
// of the same title in both is one. A comparison read from the lineage,
// without its pairs, has them counted already (Chapters).
func (c *Comparison) ChapterCounts() []ChapterCount {
	if c.Chapters != nil {
		return c.Chapters
	}
	type chapter struct {
		n    int
		name string
	}
	byChapter := map[chapter]map[diff.Class]int{}
	for _, x := range c.Pairs {
		r, doc := x.B, c.B
		if r == nil {
			r, doc = x.A, c.A
		}
		k := chapter{n: r.ID.Chapter}
		if ch := doc.Chapter(k.n); ch != nil {
			k.name = ch.Title
		}
		if byChapter[k] == nil {
			byChapter[k] = map[diff.Class]int{}
		}
		byChapter[k][x.Class]++
	}
	out := []ChapterCount{}
	for k, n := range byChapter {
		out = append(out, ChapterCount{Chapter: k.n, Title: k.name, Counts: n})
	}
	diff.SortChapterCounts(out)
	return out
}

// Moved is the pairs of c whose rule has a new number: the renumbering
// table.
func (c *Comparison) Moved() []diff.Pair {
	var out []diff.Pair
	for _, p := range c.Pairs {
		if p.Moved && p.A != nil && p.B != nil {
			out = append(out, p)
		}
	}
	return out
}

// RuleLabel is what names a rule in a table of rules: its title, or for
// a rule without one (a subrule) the first words of its text, cut between
// words with "…" after at most about 32 characters.
func RuleLabel(r *parse.Rule) string {
	if r.Title != "" {
		return r.Title
	}
	const most = 32
	t := strings.Join(strings.Fields(r.Text), " ")
	if utf8.RuneCountInString(t) <= most {
		return t
	}
	cut := byteOffset(t, most)
	if k := strings.LastIndexByte(t[:cut], ' '); k > 0 {
		cut = k
	}
	return strings.TrimRight(t[:cut], ",;:") + " …"
}
