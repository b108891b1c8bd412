package diff

import "github.com/crules/crules/parse"

// IgnoreTypography returns pairs with the changes of typography alone set
// aside, and how many pairs that was: a pair of class Typography whose
// texts are the same once parse.Typography folds them (quotes, apostrophes, dashes,
// non-breaking spaces; the normaliser search uses) becomes Unchanged, or
// Renumbered when its number changed. The other pairs keep their class
// (Typography stays for what the normaliser does not fold: case, spacing,
// trademark marks, the "?" of a lossy encoding);
// their word diffs should compare words through parse.Typography too
// (see WordDiffBy). pairs is not modified.
func IgnoreTypography(pairs []Pair) ([]Pair, int) {
	out := make([]Pair, len(pairs))
	n := 0
	for i, p := range pairs {
		out[i] = p
		if p.Class != Typography {
			continue
		}
		if ta, tb := RuleText(p.A), RuleText(p.B); ta != tb && parse.Typography(ta) == parse.Typography(tb) {
			out[i].Class = Unchanged
			if p.Moved {
				out[i].Class = Renumbered
			}
			n++
		}
	}
	return out, n
}
