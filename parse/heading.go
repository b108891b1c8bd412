package parse

import "strings"

// Heading is the name a rule heads its subrules with: its Title, or, for
// a rule whose heading the parser kept as text because of its punctuation
// ("702.186. ∞ (Infinity)"), that text: a short line with no full stop
// over subrules. ("702.163. For Mirrodin!" and "702.179. Start Your
// Engines!" are titles since TreeVersion 3.) It is "" for a rule that is a
// sentence, or that introduces its subrules with a colon ("704.5. The
// state-based actions are as follows:").
func (r *Rule) Heading() string {
	if r.Title != "" || len(r.Children) == 0 || len(r.Text) > 40 || strings.ContainsAny(r.Text, ".\n") || strings.HasSuffix(r.Text, ":") {
		return r.Title
	}
	return r.Text
}
