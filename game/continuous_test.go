package game

import (
	"strconv"
	"strings"
	"testing"
)

// TestParseContinuous: card text of continuous effects and what each
// reads as; text of another form is not one, and a known form with an
// unknown part is an error.
func TestParseContinuous(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"Target creature gets +3/+3 until end of turn", "target=creature type=Creature add=3/3 eot"},
		{"Equipped creature gets +2/+0", "attached=equipped type=Creature add=2/0"},
		{"Other white creatures you control get +1/+1", "type=Creature color=white you other add=1/1"},
		{"Creatures you control get +0/+2", "type=Creature you add=0/2"},
		{"Noncreature artifacts are 2/2 artifact creatures", "type=Artifact non=Creature set=2/2 types=Artifact,Creature"},
		{"Target creature becomes 0/1 until end of turn", "target=creature type=Creature set=0/1 eot"},
		{"Target creature loses all abilities and has base power and toughness 0/1 until end of turn", "target=creature type=Creature set=0/1 loseall eot"},
		{"Enchanted creature has flying", "attached=enchanted type=Creature gain=Flying"},
		{"Enchanted creature loses flying", "attached=enchanted type=Creature lose=Flying"},
		{"Target creature becomes white until end of turn", "target=creature type=Creature color=white eot"},
		{"Target permanent becomes an artifact in addition to its other types until end of turn", "target=permanent addtypes=Artifact eot"},
		{"Switch target creature's power and toughness until end of turn", "target=creature type=Creature switch eot"},
		{"Each other creature becomes a copy of target creature until end of turn", "target=creature type=Creature other copy eot"},
		{"Gain control of target creature until end of turn", "target=creature type=Creature control eot"},
		{"Gain control of target permanent", "target=permanent control"},
		{"Gain control of target creature for as long as you control Old Man of the Sea", "target=creature type=Creature control while-control"},
		{"It gains haste until end of turn", "that gain=Haste eot"},
		{"That creature gets +1/+0", "that type=Creature add=1/0"},
		{"You control enchanted creature", "attached=enchanted type=Creature control"},
		{"You control enchanted permanent", "attached=enchanted control"},
		{"You control target creature", "error"},
		{"You control creatures", "error"},
		{"Gain control of all creatures", "error"},
		{"Gain control of target spell", "error"},
		{"Change the text of target permanent by replacing all instances of one color word with another", "target=permanent text=color word"},
		{"Change the text of target creature by replacing all instances of one basic land type with another", "target=creature type=Creature text=basic land type"},
		{"Change the text of target creature by replacing all instances of one creature type with another", "error"},
		{"Change the text of all creatures by replacing all instances of one color word with another", "error"},
		{"That land becomes a 0/0 Elemental creature with haste. It's still a land", "that type=Land set=0/0 types=Creature,Land subtypes=Elemental gain=Haste"},
		{"Target land becomes a 3/3 Elemental creature with flying and haste until end of turn", "target=land type=Land set=3/3 types=Creature subtypes=Elemental gain=Flying gain=Haste eot"},
		{"Target land becomes a 0/0 Elemental", "-"},
		{"Target land becomes a 0/0 creature with wings", "-"},
		{"Target creature gets +1/+1. It's still a land", "error"},
		{"This permanent is not a creature", "lose-types=Creature"},
		{"This permanent is not a wizard", "-"},
		{"Draw a card", "-"},
		{"Equipped Creature", "-"},
		{"Target creature gets +X/+0", "-"},
		{"Enchanted creature has flying and loses wings", "error"},
	} {
		ef, ok, err := parseContinuous(tc.text)
		got := "-"
		switch {
		case err != nil:
			got = "error"
		case ok:
			got = describeCont(ef)
		}
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.text, got, tc.want)
		}
	}
}

func describeCont(ef Effect) string {
	e := ef.Cont
	var w []string
	add := func(s string, ok bool) {
		if ok {
			w = append(w, s)
		}
	}
	add("target="+ef.Target, ef.Target != "")
	add("that", ef.That)
	add("attached="+e.Subject.Attached, e.Subject.Attached != "")
	add("type="+e.Subject.Type, e.Subject.Type != "")
	add("non="+e.Subject.Non, e.Subject.Non != "")
	add("color="+e.Subject.Color.String(), e.Subject.Color != 0)
	add("you", e.Subject.YouControl)
	add("other", e.Subject.Other)
	add("add="+strconv.Itoa(e.P)+"/"+strconv.Itoa(e.T), e.AddPT)
	add("set="+strconv.Itoa(e.P)+"/"+strconv.Itoa(e.T), e.SetPT)
	add("types="+strings.Join(e.SetTypes, ","), len(e.SetTypes) > 0)
	add("addtypes="+strings.Join(e.AddTypes, ","), len(e.AddTypes) > 0)
	add("subtypes="+strings.Join(e.AddSubtypes, ","), len(e.AddSubtypes) > 0)
	add("lose-types="+strings.Join(e.LoseTypes, ","), len(e.LoseTypes) > 0)
	add("color="+e.Colors.String(), e.SetColor)
	for _, a := range e.Gain {
		w = append(w, "gain="+a.Keyword)
	}
	add("lose="+strings.Join(e.Lose, ","), len(e.Lose) > 0)
	add("loseall", e.LoseAll)
	add("switch", e.Switch)
	add("copy", e.CopyTarget)
	add("text="+e.TextWords, e.TextWords != "")
	add("control", e.GainControl)
	add("while-control", e.WhileControl)
	add("eot", e.UntilEOT)
	return strings.Join(w, " ")
}

// TestRewrite: a text change replaces a colour word or a land type in
// abilities' words (612.2), landwalk's "[type]walk" included, and leaves
// other abilities and the slice given as they were.
func TestRewrite(t *testing.T) {
	parse := func(ts ...string) []Ability {
		var out []Ability
		for _, x := range ts {
			a, ok, err := ParseAbility(x)
			if !ok || err != nil {
				t.Fatalf("%q: %v %v", x, ok, err)
			}
			out = append(out, a)
		}
		return out
	}
	text := func(as []Ability) string {
		var w []string
		for _, a := range as {
			w = append(w, a.Keyword+"="+a.Text+"/"+a.Quality)
		}
		return strings.Join(w, " ")
	}
	for _, tc := range []struct {
		in       []string
		from, to string
		want     string
	}{
		{[]string{"Flying", "Protection from black"}, "black", "white", "Flying=Flying/ Protection=Protection from white/white"},
		{[]string{"Swampwalk"}, "Swamp", "Island", "Landwalk=Islandwalk/Island"},
		{[]string{"Swampwalk", "Protection from blackness"}, "black", "red", "Landwalk=Swampwalk/Swamp Protection=Protection from blackness/blackness"},
	} {
		in := parse(tc.in...)
		before := text(in)
		if got := text(rewrite(in, tc.from, tc.to)); got != tc.want {
			t.Errorf("%q %s→%s: got %s, want %s", tc.in, tc.from, tc.to, got, tc.want)
		}
		if text(in) != before {
			t.Errorf("%q: rewrite changed the abilities given", tc.in)
		}
	}
	if _, ok := TextWord(TextColor, "Swamp"); ok {
		t.Error("Swamp read as a colour word")
	}
	if w, ok := TextWord(TextLandType, "island"); !ok || w != "Island" {
		t.Errorf("island: got %q %v", w, ok)
	}
}
