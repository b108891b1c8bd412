package xref

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crules/crules/parse"
)

// TestExtractForms covers each citation form found in the corpus (counted
// over all revisions when this was written: dotted IDs 76,000; "rule NNN"
// 49,000; glossary "See X." 5,300; letter ranges 4,500; "section N" 1,700;
// number ranges 207; "rules NNN-NNN" 166; full-ID ranges 80; "section NNN"
// of 1999 75), and the numbers that are not citations.
func TestExtractForms(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // targets, with the cited title after "=" where there is one
	}{
		{"See rule 702.47.", "702.47"},
		{"(see rule 309, \"Declare Blockers Step.\")", "309=Declare Blockers Step"},
		{"See rule 702.47, “Splice.”", "702.47=Splice"},
		{"the rules for paying additional costs in rules 601.2b and 601.2f–h.", "601.2b 601.2f 601.2g 601.2h"},
		{"rules 409.1b and 409.1f-h", "409.1b 409.1f 409.1g 409.1h"},
		{"follows rules 702.19c-d.", "702.19c 702.19d"},
		{"See rules 702.46a-e.", "702.46a 702.46b 702.46c 702.46d 702.46e"},
		{"see rules 409.1a-409.1f)", "409.1a 409.1b 409.1c 409.1d 409.1e 409.1f"},
		{"follows steps 601.2a–h of rule 601, “Casting Spells.”", "601.2a 601.2b 601.2c 601.2d 601.2e 601.2f 601.2g 601.2h 601=Casting Spells"},
		{"subrules 702.19k-m", "702.19k 702.19m"},
		{"prevention effect, 419.7-8", "419.7 419.8"},
		{"(See rules 212-215.)", "212 213 214 215"},
		{"See rules 306\ufffd311 and", "306 307 308 309 310 311"},
		{"See section 8, “Multiplayer Rules.”", "section 8=Multiplayer Rules"},
		{"See section 410, \"Handling Triggered Abilities.\"", "410=Handling Triggered Abilities"},
		{"702.109, “Dash,” 702.152, “Blitz,” and 702.185, “Warp.”", "702.109=Dash 702.152=Blitz 702.185=Warp"},
		{"rules 601, 602, and 603", "601 602 603"},
		{"See rules 110.2 and 112.2.", "110.2 112.2"},
		{"except as specified in 101.4a.", "101.4a"},
		{"(see 601.3d), they", "601.3d"},
		{"Rules 506.7 and 506.7a–f apply", "506.7 506.7a 506.7b 506.7c 506.7d 506.7e 506.7f"},
		// Not citations.
		{"gets +1/+1 until end of turn", ""},
		{"costs {2}{U} and is a 2/2 creature", ""},
		{"PO Box 707, Renton, WA 98057-0707", ""},
		{"in 2009 there were 100 cards and 60 lands", ""},
		{"the number 999,999 and 1.5 and 12.34", ""},
		{"deals 3 damage. 309 creatures", ""},
		{"version 702.47and more", ""},
	} {
		var got []string
		for _, c := range extract(tc.text) {
			for _, tg := range c.targets {
				s := tg.String()
				if c.title != "" && tg == c.targets[len(c.targets)-1] {
					s += "=" + c.title
				}
				got = append(got, s)
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("extract(%q)\n got %q\nwant %q", tc.text, g, tc.want)
		}
	}
}

func TestGlossaryTermRefs(t *testing.T) {
	src := "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\n" +
		"1. Game Concepts\n\n100. General\n\n100.1. A rule.\n\nGlossary\n\n" +
		"Cast\nTo take a spell from where it is. See rule 100.1.\n\n" +
		"Intervening “If” Clause\nA clause.\n\n" +
		"Kicker, Kicked\nAn ability.\n\n" +
		"If\nSee Intervening “If” Clause.\n\n" +
		"Play\nSee Cast. See also Kicker and Intervening “If” Clause.\n\n" +
		"Multikicker\nSee rule 100.1. See also Kicked.\n\n" +
		"Phasing\nSee Appendix B, \"Older Rules,\" section 5.\n\n" +
		"Tribal\nSee Creature Types and rule 100.1, \"General.\"\n\nCredits\n\nSomeone\n"
	d, err := parse.Parse("g.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g := Build(d)
	var got []string
	for _, r := range g.Refs {
		if r.Target.Kind == KindGlossary {
			got = append(got, fmt.Sprintf("%s>%s:%s", r.Source.Glossary, r.Target.Term, r.Status))
		}
	}
	want := "If>Intervening “If” Clause:resolved Play>Cast:resolved Play>Kicker:resolved Play>Intervening “If” Clause:resolved " +
		"Multikicker>Kicked:resolved Tribal>Creature Types:unresolved"
	if strings.Join(got, " ") != want {
		t.Errorf("glossary references:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	// The chapter title "General" matches; positions point at the text.
	for _, r := range g.Refs {
		if r.Target.Kind == KindChapter && r.Status != Resolved {
			t.Errorf("%v: %v", r.Target, r.Status)
		}
		if !strings.HasPrefix(d.Text[r.Pos.Offset:], r.Text) {
			t.Errorf("ref %q at %v points at %.20q", r.Text, r.Pos, d.Text[r.Pos.Offset:])
		}
	}
}

func TestLettering(t *testing.T) {
	src := "100. General\n\n100.1. A.\n\n100.1a a\n\n100.1b b\n\n100.1d d\n\n100.1e e\n\n100.1l l\n\n" +
		"100.2. B.\n\n100.2a a\n\n100.2a again\n\n100.2k k\n\n100.2m m\n"
	d, err := parse.Parse("l.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range Check(Build(d)) {
		got = append(got, f.Code+": "+f.Msg)
	}
	want := []string{
		"lettering-gap: subrule 100.1d follows 100.1b; missing 100.1c",
		"bad-letter: subrule 100.1l uses the letter \"l\", which the CR skips",
		"duplicate-id: rule 100.2a appears again (first at line 17)",
		"lettering-gap: subrule 100.2k follows 100.2a; missing 100.2b, 100.2c, 100.2d, 100.2e, 100.2f, 100.2g, 100.2h, 100.2i, 100.2j",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestTerms(t *testing.T) {
	src := "100. General\n\n100.1. An activated ability of a creature is cast; the Kicked spell's kicker costs. You tap.\n\nGlossary\n\n" +
		"Activate\nA.\n\nActivated Ability\nB.\n\nCreature\nC.\n\nKicker, Kicked\nD.\n\nYou, Your\nE.\n\nTap\nF.\n\nCredits\n\nX\n"
	d, err := parse.Parse("t.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g := Build(d)
	r := d.Rule(parse.MustParseRuleID("100.1"))
	var got []string
	for _, m := range g.Terms(r.Text) {
		got = append(got, r.Text[m.Start:m.End]+"="+m.Entry.Term)
	}
	want := "activated ability=Activated Ability creature=Creature Kicked=Kicker, Kicked kicker=Kicker, Kicked tap=Tap"
	if strings.Join(got, " ") != want {
		t.Errorf("terms: %s\nwant   %s", strings.Join(got, " "), want)
	}
	if n := len(g.RuleTerms(r)); n != 4 {
		t.Errorf("RuleTerms: %d entries, want 4", n)
	}
}
