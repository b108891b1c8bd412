package diff

import (
	"sort"
	"strings"

	"github.com/crules/crules/lexicon"
)

// A Substitution is a phrase replaced by another in many matched rules.
type Substitution struct {
	Old, New string
	Rules    []string // IDs (in B) of the rules where it occurs
	Known    bool     // the lexicon has it
}

// Discover mines the phrase substitutions that recur across the matched
// rules of a comparison: for each pair whose text changed, the word-level
// difference of their normalised words, and each replacement of up to four
// words by up to four words. Substitutions found in at least min rules are
// returned, the most frequent first, so the lexicon can be checked against
// the corpus rather than written from memory.
func Discover(res *Result, lex *lexicon.Lexicon, min int) []Substitution {
	if lex == nil {
		lex = lexicon.Default()
	}
	type key struct{ old, new string }
	found := map[key][]string{}
	for _, p := range res.Pairs {
		if p.A == nil || p.B == nil || p.Class <= Typography {
			continue
		}
		wa, wb := plainWords(RuleText(p.A)), plainWords(RuleText(p.B))
		seen := map[key]bool{}
		ops := lcsOps(wa, wb, wa, wb)
		for i := 0; i < len(ops); {
			if ops[i].Kind == Equal {
				i++
				continue
			}
			var del, ins []string
			j := i
			for ; j < len(ops) && ops[j].Kind != Equal; j++ {
				if ops[j].Kind == Delete {
					del = append(del, ops[j].Text)
				} else {
					ins = append(ins, ops[j].Text)
				}
			}
			if (len(del) == 0 || len(ins) == 0) && i > 0 {
				// A pure deletion or insertion ("enters [the battlefield]")
				// is read with the word before it: "enters the battlefield"
				// → "enters".
				del = append([]string{ops[i-1].Text}, del...)
				ins = append([]string{ops[i-1].Text}, ins...)
			}
			if len(del) > 0 && len(ins) > 0 && len(del) <= 4 && len(ins) <= 4 {
				k := key{strings.Join(del, " "), strings.Join(ins, " ")}
				if !seen[k] {
					seen[k] = true
					found[k] = append(found[k], p.B.ID.String())
				}
			}
			i = j
		}
	}
	known := map[key]bool{}
	for _, t := range lex.Terms {
		known[key{t.Old, t.New}] = true
	}
	var out []Substitution
	for k, ids := range found {
		if len(ids) >= min {
			out = append(out, Substitution{Old: k.old, New: k.new, Rules: ids, Known: known[k] || knownCanonical(lex, k.old, k.new)})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].Rules) != len(out[j].Rules) {
			return len(out[i].Rules) > len(out[j].Rules)
		}
		return out[i].Old+out[i].New < out[j].Old+out[j].New
	})
	return out
}

// knownCanonical reports whether the lexicon already turns old into new.
func knownCanonical(lex *lexicon.Lexicon, old, new string) bool {
	return strings.Join(lex.Canonical(strings.Fields(old)), " ") == strings.Join(lex.Canonical(strings.Fields(new)), " ")
}

// plainWords is words without the punctuation that clings to them.
func plainWords(s string) []string {
	ws := words(s)
	out := ws[:0]
	for _, w := range ws {
		w = strings.Trim(w, ".'\"")
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}
