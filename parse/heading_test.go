package parse

import "testing"

func TestHeading(t *testing.T) {
	src := "702. Keyword Abilities\n\n702.1. Most abilities describe exactly what they do.\n\n702.1a Some are keywords.\n\n" +
		"702.2. Deathtouch\n\n702.2a Deathtouch is a static ability.\n\n" +
		"702.163. For Mirrodin!\n\n702.163a For Mirrodin! is a triggered ability.\n\n" +
		"702.186. ∞ (Infinity)\n\n702.186a ∞ is a keyword ability.\n\n" +
		"704. State-Based Actions\n\n704.5. The state-based actions are as follows:\n\n704.5a A player with 0 or less life loses the game.\n"
	doc, err := Parse("x.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{"702.1": "", "702.1a": "", "702.2": "Deathtouch", "702.163": "For Mirrodin!", "702.186": "∞ (Infinity)", "702.163a": "", "704.5": ""} {
		r := doc.Rule(MustParseRuleID(id))
		if r == nil {
			t.Errorf("no rule %s", id)
			continue
		}
		if got := r.Heading(); got != want {
			t.Errorf("%s: Heading() = %q, want %q", id, got, want)
		}
	}
}
