package scenario_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/game"
	"github.com/crules/crules/internal/golden"
	"github.com/crules/crules/render"
	"github.com/crules/crules/scenario"
)

func runFile(t *testing.T, path, rev string) *engine.Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.Parse(path[strings.LastIndexByte(path, '/')+1:], src)
	if err != nil {
		t.Fatal(err)
	}
	doc, specs := revision(t, rev)
	res, err := scenario.Run(f, doc, specs...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestTraceGolden: the convoke scenario's trace, as "crules sim --trace"
// prints it, cites 409.1 and 502.46a in 2006-10-01 and 601.2 and 702.51a
// in the latest revision, each with the revision's text. Refresh with
// -update and read the diff.
func TestTraceGolden(t *testing.T) {
	for _, tc := range []struct{ rev, convoke, total string }{
		{"2006-10-01", "502.46a", "409.1f"},
		{"latest", "702.51a", "601.2f"},
	} {
		res := runFile(t, "testdata/scenarios/convoke.txt", tc.rev)
		var b bytes.Buffer
		if err := render.SimText(&b, []*engine.Result{res}, true); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, id := range []string{tc.convoke, tc.total} {
			if !strings.Contains(out, " "+id+" ") {
				t.Errorf("%s: the trace does not cite %s", tc.rev, id)
			}
		}
		golden.Check(t, "testdata/golden/convoke."+tc.rev+".txt", b.Bytes())
		var j bytes.Buffer
		if err := render.SimJSON(&j, []*engine.Result{res}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "testdata/golden/convoke."+tc.rev+".json", j.Bytes())
	}
}

// TestSpliceOrder: the main spell's instructions are followed first
// (502.40b, 702.47b): Reach Through Mists draws before Glacial Ray's
// damage is dealt.
func TestSpliceOrder(t *testing.T) {
	for _, rev := range []string{"2006-10-01", "2019-10-04", "latest"} {
		res := runFile(t, "testdata/scenarios/splice.txt", rev)
		var draw, damage, first int
		for i, s := range res.Scripts[0].Trace {
			switch {
			case strings.Contains(s.Note, "draws"):
				draw = i
			case strings.Contains(s.Note, "deals 2 damage"):
				damage = i
			case strings.Contains(s.Note, "followed first"):
				first = i
				if want := map[string]string{"2006-10-01": "502.40b", "2019-10-04": "702.46b", "latest": "702.47b"}[rev]; s.Rule != want {
					t.Errorf("%s: the order of splice's instructions cites %s, want %s", rev, s.Rule, want)
				}
			}
		}
		if !(first > 0 && first < draw && draw < damage) {
			t.Errorf("%s: order: followed-first at %d, draw at %d, damage at %d", rev, first, draw, damage)
		}
	}
}

// TestReplacementCitations: the replacement effects of flashback,
// madness, dredge and modular, and the choice among several effects on
// one event, cite the rule each revision numbers them by.
func TestReplacementCitations(t *testing.T) {
	for _, tc := range []struct{ file, script, rev, rule, note string }{
		{"flashback.txt", "cast from the graveyard, exiled as it resolves", "2006-10-01", "502.22a", "would be put into the graveyard (it resolves); it is removed from the game instead"},
		{"flashback.txt", "countered, it is exiled as well", "2006-10-01", "502.22a", "would be put into the graveyard (countered); it is removed from the game instead"},
		{"flashback.txt", "countered, it is exiled as well", "latest", "702.34a", "would be put into the graveyard (countered); it is exiled instead"},
		{"flashback.txt", "its only target gone, it does nothing and is exiled", "latest", "702.34a", "(its targets are illegal); it is exiled instead"},
		{"madness.txt", "discarded, exiled, then cast for {R}", "2006-10-01", "502.24a", "it is removed from the game instead of being put into the graveyard"},
		{"madness.txt", "discarded, exiled, then cast for {R}", "latest", "702.35a", "it is exiled instead of being put into the graveyard"},
		{"dredge.txt", "dredge 5 instead of drawing", "2006-10-01", "502.47a", "instead of drawing, alice puts the top 5 cards"},
		{"dredge.txt", "dredge 5 instead of drawing", "latest", "702.52a", "instead of drawing, alice mills 5 cards"},
		{"modular.txt", "enters with one counter", "2006-10-01", "502.35a", "enters with 1 +1/+1 counters"},
		{"modular.txt", "enters with one counter", "latest", "702.43a", "enters with 1 +1/+1 counters"},
		{"replacement.txt", "twice, then plus one: three counters", "2006-10-01", "419.9a", "alice chooses Corpsejack Menace first"},
		{"replacement.txt", "twice, then plus one: three counters", "latest", "616.1", "alice chooses Corpsejack Menace first"},
		{"replacement.txt", "twice, then plus one: three counters", "latest", "614.1a", "Hardened Scales: 2 +1/+1 counters would be put on Arcbound Worker; 3 are put on it instead"},
	} {
		res := runFile(t, "testdata/scenarios/"+tc.file, tc.rev)
		found := false
		for _, s := range res.Scripts {
			if s.Name != tc.script {
				continue
			}
			for _, st := range s.Trace {
				if st.Rule == tc.rule && strings.Contains(st.Note, tc.note) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s %q [%s]: no trace line cites %s with %q", tc.file, tc.script, tc.rev, tc.rule, tc.note)
		}
	}
}

// TestTraceFixes: what the trace cites for a draw, a turn, counters, a
// copy ceasing to exist, splice's order and convoke's unused reduction,
// in the revision run (issue 19): each cites the rule that says it, and
// a note says only what happened.
func TestTraceFixes(t *testing.T) {
	const src = `-- cards --
Siege Wurm: {5}{G}{G} Creature — Wurm 7/7; Convoke; Trample
Grizzly Bears: {1}{G} Creature — Bear 2/2
Ornithopter: {0} Artifact Creature — Thopter 0/2
Arcbound Worker: {1} Artifact Creature — Construct 0/0; Modular 1
Grapeshot: {1}{R} Sorcery; Grapeshot deals 1 damage to target creature or player; Storm
Shock: {R} Instant; Shock deals 2 damage to target creature or player
Kavu: {3}{R} Creature — Kavu 4/2; When Kavu comes into play, it deals 2 damage to target creature

-- script: draw --
library alice: Grizzly Bears, Ornithopter
alice draws

-- script: turn --
turn bob

-- script: counters --
battlefield alice: Arcbound Worker, Ornithopter
counters Arcbound Worker: 2 +1/+1
destroy Arcbound Worker; targeting Ornithopter
resolve

-- script: copy --
hand alice: Shock, Grapeshot
mana alice: {R}{1}{R}
alice casts Shock; targeting bob
resolve
alice casts Grapeshot; targeting bob
resolve all

-- script: combat damage --
battlefield alice: Grizzly Bears
alice attacks with Grizzly Bears
damage

-- script: own trigger --
hand alice: Kavu
battlefield bob: Grizzly Bears
mana alice: {3}{R}
alice casts Kavu
resolve; targeting Grizzly Bears
resolve

-- script: convoke --
hand alice: Siege Wurm
battlefield alice: Ornithopter, Ornithopter, Ornithopter, Ornithopter, Ornithopter, Ornithopter
mana alice: {G}{G}
alice casts Siege Wurm; convoke Ornithopter, Ornithopter#2, Ornithopter#3, Ornithopter#4, Ornithopter#5, Ornithopter#6
`
	f, err := scenario.Parse("fixes.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rev  string
		want []traceWant
	}{
		{"2006-10-01", []traceWant{
			{"draw", "423.1", "alice draws a card"},
			{"turn", "300.1", "bob's turn 2 begins"},
			{"turn", "302.2", "bob untaps"},
			{"copy", "420.5j", "the copy of Grapeshot ceases to exist"},
			{"convoke", "502.46a", "pays nothing: {G}{G} is still owed"},
			// 2006 defines destroy in its glossary only; the rule
			// that moves a destroyed object is the graveyard's, not
			// 208.1's "the amount of damage needed to destroy it".
			{"counters", "217.4a", "Arcbound Worker is destroyed"},
			{"own trigger", "404.1", "the triggered ability of Kavu triggers"},
			// Dealt as the damage on the stack resolves, not as it is
			// announced (310.1).
			{"combat damage", "310.4", "Grizzly Bears deals 2 combat damage to bob"},
		}},
		{"2008-05-01", []traceWant{
			{"counters", "501.4a", "Arcbound Worker is destroyed"},
			{"combat damage", "310.4", "Grizzly Bears deals 2 combat damage to bob"},
		}},
		{"latest", []traceWant{
			{"draw", "121.1", "alice draws a card"},
			{"turn", "500.1", "bob's turn 2 begins"},
			{"turn", "502.3", "bob untaps"},
			{"counters", "122.1", "2 +1/+1 counters are put on Ornithopter"},
			{"counters", "701.8a", "Arcbound Worker is destroyed"},
			{"combat damage", "510.2", "Grizzly Bears deals 2 combat damage to bob"},
			{"copy", "704.5e", "the copy of Grapeshot ceases to exist"},
		}},
	} {
		wantCites(t, f, tc.rev, tc.want, func(script, note string) {
			if strings.Contains(note, "Grizzly Bears") && script == "draw" {
				t.Errorf("%s: the draw names the card drawn: %q", tc.rev, note)
			}
			if strings.Contains(note, "Kavu of Kavu") || strings.Contains(note, "Kavu trigger of Kavu") {
				t.Errorf("%s: a card's own trigger is named twice: %q", tc.rev, note)
			}
			if strings.Contains(note, "already zero") && script == "convoke" {
				t.Errorf("%s: convoke says the cost is zero while {G}{G} is owed: %q", tc.rev, note)
			}
		})
	}
}

// TestGlossaryCitations: a step that a revision defines only in its
// glossary cites the glossary entry: drawing a card before 2006-10-01
// (121.1 today), sacrificing before 2007-05-01 (501.6a then).
func TestGlossaryCitations(t *testing.T) {
	f := scenarioFile(t, "end-of-combat.txt")
	const sac = "the attacker deals its damage, then is sacrificed at end of combat"
	draw, err := scenario.Parse("draw.txt", []byte("-- cards --\nIsland: Basic Land — Island\n-- script: draw --\nlibrary bob: Island\nturn bob\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ rev, sac, draw string }{
		{"1999-04-23", `glossary "Sacrifice"`, `glossary "Draw"`},
		{"2006-07-15", `glossary "Sacrifice"`, `glossary "Draw"`},
		{"2006-10-01", `glossary "Sacrifice"`, "423.1"},
		{"2007-05-01", "501.6a", "423.1"},
		{"latest", "701.21a", "121.1"},
	} {
		wantCites(t, f, tc.rev, []traceWant{{sac, tc.sac, "alice sacrifices Fervent Elemental"}}, nil)
		wantCites(t, draw, tc.rev, []traceWant{{"draw", tc.draw, "bob draws a card"}}, nil)
	}
	doc, _ := revision(t, "1999-04-23")
	if r := game.NewRules(doc).Glossary("Draw", "draws a card by putting"); r.Name() != `glossary "Draw"` || !strings.HasPrefix(r.Text, "1. A player draws a card") {
		t.Errorf("1999-04-23: the glossary's Draw: %q %q", r.Name(), r.Text)
	}
}

// TestTraceSteps checks that every step a turn passes happens and cites
// its rule in the revision run: the 300s in 2006-10-01, the 500s today;
// the state-based actions cite 420.5 and 704.5.
func TestTraceSteps(t *testing.T) {
	const src = `-- cards --
Island: Basic Land — Island
Ebon Clock: {3} Artifact; At the beginning of each end step, you lose 1 life
Shock: {R} Instant; Shock deals 2 damage to target creature or player

-- script: turn --
library bob: Island
turn bob

-- script: end --
battlefield alice: Ebon Clock
step end

-- script: life --
life bob: 2
hand alice: Shock
mana alice: {R}
alice casts Shock; targeting bob
resolve
`
	f, err := scenario.Parse("steps.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rev  string
		want []traceWant
	}{
		{"2006-10-01", []traceWant{
			{"turn", "306", "combat phase begins"},
			{"turn", "307", "the beginning of combat step begins"},
			{"turn", "308.4", "no creature attacks"},
			{"turn", "311.2", "removed from combat"},
			{"turn", "313", "end of turn step begins"},
			{"turn", "314", "cleanup step begins"},
			{"turn", "303", "upkeep step begins"},
			{"turn", "304.1", "bob draws a card"},
			{"turn", "305", "precombat main phase begins"},
			{"end", "313", "end of turn step begins"},
			{"end", "313.1", "trigger at the beginning of the end step"},
			{"life", "420.5a", "bob loses the game"},
		}},
		// The rule that says the end step's abilities trigger: 313.1 until
		// 2009, 513.1 until its "no turn-based actions" wording of
		// 2016-09-30, 603.2b since (513.2 says only when they don't).
		// 1999 says only that a creature attacks "until it's removed
		// from combat or the combat phase ends" (308.5), not 306.2's
		// "if it stops being a creature or its controller changes".
		{"1999-04-23", []traceWant{{"end", "313.1", "trigger at the beginning of the end step"}, {"turn", "308.5", "the combat phase ends: every creature stops being an attacking or blocking creature"}}},
		{"2001-07-23", []traceWant{{"end", "313.1", "trigger at the beginning of the end step"}}},
		{"2009-07-11", []traceWant{{"end", "513.1", "trigger at the beginning of the end step"}}},
		{"2016-09-30", []traceWant{{"end", "603.2b", "trigger at the beginning of the end step"}}},
		{"latest", []traceWant{
			{"turn", "506", "combat phase begins"},
			{"turn", "507", "the beginning of combat step begins"},
			{"turn", "508.8", "no creature attacks"},
			{"turn", "511.3", "removed from combat"},
			{"turn", "513", "end step begins"},
			{"turn", "514", "cleanup step begins"},
			{"turn", "503", "upkeep step begins"},
			{"turn", "504.1", "bob draws a card"},
			{"turn", "505", "precombat main phase begins"},
			{"end", "513", "end step begins"},
			{"end", "603.2b", "trigger at the beginning of the end step"},
			{"life", "704.5a", "bob loses the game"},
		}},
	} {
		wantCites(t, f, tc.rev, tc.want, nil)
	}
}

// traceWant is a trace line a script must print: its rule and part of its
// note.
type traceWant struct{ script, rule, note string }

// wantCites runs f against revision rev and reports each want that no
// trace line of its script cites with its note; line, when not nil, sees
// every trace line of those scripts.
func wantCites(t *testing.T, f *scenario.File, rev string, wants []traceWant, line func(script, note string)) {
	t.Helper()
	doc, specs := revision(t, rev)
	res, err := scenario.Run(f, doc, specs...)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range wants {
		found := false
		for _, s := range res.Scripts {
			if s.Name != w.script {
				continue
			}
			for _, st := range s.Trace {
				if st.Rule == w.rule && strings.Contains(st.Note, w.note) {
					found = true
				}
				if line != nil {
					line(s.Name, st.Note)
				}
			}
		}
		if !found {
			t.Errorf("%s %s: no trace line cites %s with %q", rev, w.script, w.rule, w.note)
		}
	}
}

// TestTraceMorph: turning a face-down permanent face up is a special
// action (408.2h from 2003-07-01 until 2009, 114.2b, 116.2b today); in
// 2002-10-07 and 2003-03-15, before special actions, 408.2h says only
// "whenever he or she has priority" and morph's 502.26a says "This
// action does not use the stack". It is taken and paid for as morph's
// rule says (502.26d, 702.34d, 702.37e today), not a spell's payment
// (601.2h) nor megamorph's rule (702.37b). Cast face down, the spell
// follows "To play a spell using its morph ability, turn it face down"
// (502.26b; 702.34b, 702.37c today), and is named a face-down spell.
func TestTraceMorph(t *testing.T) {
	f := scenarioFile(t, "morph.txt")
	const script = "turned face up for its morph cost"
	const special = "alice turns Skirk Marauder face up, a special action"
	const noStack = "alice turns Skirk Marauder face up: this action does not use the stack"
	for _, tc := range []struct{ rev, action, up, morph, cast, played string }{
		{"2002-10-07", "502.26a", noStack, "502.26d", "502.26b", "409.1g"},
		{"2003-03-15", "502.26a", noStack, "502.26d", "502.26b", "409.1g"},
		{"2003-07-01", "408.2h", special, "502.26d", "502.26b", "409.1i"},
		{"2006-10-01", "408.2h", special, "502.26d", "502.26b", "409.1i"},
		{"2009-07-11", "114.2b", special, "702.34d", "702.34b", "601.2h"},
		{"latest", "116.2b", special, "702.37e", "702.37c", "601.2i"},
	} {
		wantCites(t, f, tc.rev, []traceWant{
			{script, tc.action, tc.up},
			{script, tc.morph, "alice pays {2}{R} with {2}{R}"},
			{script, tc.morph, "turns Skirk Marauder face up; it is 2/1"},
			{script, tc.cast, "alice casts Skirk Marauder face down"},
			{script, tc.played, "a face-down spell becomes"},
		}, func(_, note string) {
			if strings.HasPrefix(note, " ") {
				t.Errorf("%s: a step names nothing: %q", tc.rev, note)
			}
		})
	}
}

// TestTraceOldWording: a trace says what the revision run says. Before
// 2003-07-01 no rule removes creatures from combat as the end of combat
// step ends: they stay attacking "until [they're] removed from combat or
// the combat phase ends" (308.5), not 306.2's removal. Before layers
// (1999) effects apply in timestamp order; 418.5e of 2002 and 418.5a of
// 2003-07-01 number no layers but list steps ("then applying …"); an
// effect that applies to nothing lists no objects. 409.1i of 2009-05-01
// prints "409.1a?h" (a lost dash), as `crules rule` quotes it, not an
// apostrophe.
func TestTraceOldWording(t *testing.T) {
	const src = `-- cards --
Control Magic: {2}{U}{U} Enchant Creature; You control enchanted creature
Wild Growth: {G} Enchant Land; Enchanted creature gets +1/+1
Grizzly Bears: {1}{G} Creature — Bear 2/2
Forest: Basic Land — Forest

-- script: steal --
hand alice: Control Magic
battlefield bob: Grizzly Bears
mana alice: {2}{U}{U}
alice casts Control Magic; targeting Grizzly Bears
resolve

-- script: nothing enchanted is a creature --
hand alice: Wild Growth
battlefield alice: Forest
mana alice: {G}
alice casts Wild Growth; targeting Forest
resolve

-- script: combat --
battlefield alice: Grizzly Bears
alice attacks with Grizzly Bears
step postcombat main
`
	// Auras from Eighth Edition on (212.4d).
	aura := strings.NewReplacer("Enchant Creature;", "Enchantment — Aura; Enchant creature;", "Enchant Land;", "Enchantment — Aura; Enchant land;")
	const ended = "the combat phase ends: every creature stops being an attacking or blocking creature"
	const removed = "the end of combat step ends: every creature is removed from combat"
	const rest = `the step "then applying all other continuous effects"`
	for _, tc := range []struct {
		rev    string
		want   []traceWant
		layers bool // the revision numbers layers, and has Auras
	}{
		{"1999-04-23", []traceWant{
			{"combat", "308.5", ended},
			{"steal", "418.5b", "control is read in timestamp order"},
		}, false},
		{"2002-10-07", []traceWant{
			{"combat", "308.5", ended},
			{"steal", "418.5e", "control is read through " + rest},
			{"nothing enchanted is a creature", "418.5e", "applies to no permanent now: its power/toughness (modify, static) part applies in " + rest},
		}, false},
		{"2003-07-01", []traceWant{
			{"combat", "311.2", removed},
			{"steal", "418.5a", "control is read through " + rest},
		}, false},
		{"2009-05-01", []traceWant{
			{"combat", "311.2", removed},
			{"steal", "418.5a", "control is read through layer 2"},
		}, true},
		{"latest", []traceWant{
			{"combat", "511.3", removed},
			{"steal", "613.1b", "control is read through layer 2"},
		}, true},
	} {
		text := src
		if tc.layers {
			text = aura.Replace(src)
		}
		f, err := scenario.Parse("old-wording.txt", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		wantCites(t, f, tc.rev, tc.want, func(script, note string) {
			if strings.Contains(note, "()") || strings.HasPrefix(note, " ") {
				t.Errorf("%s %s: a step names nothing: %q", tc.rev, script, note)
			}
			if !tc.layers && strings.Contains(note, "layer") {
				t.Errorf("%s %s: a revision with no layers cites one: %q", tc.rev, script, note)
			}
		})
	}
	res := runFile(t, "testdata/scenarios/morph.txt", "2009-05-01")
	found := false
	for _, s := range res.Scripts {
		for _, st := range s.Trace {
			if st.Rule == "409.1i" {
				found = true
				if !strings.Contains(st.Text, "409.1a?h") {
					t.Errorf("2009-05-01: 409.1i is quoted %q, not as the revision prints it (409.1a?h)", st.Text)
				}
			}
		}
	}
	if !found {
		t.Error("2009-05-01: no step cites 409.1i")
	}
}

// TestTraceMergedFaceDown: a creature mutated under a face-down one is a
// face-down merged permanent (729.2e; 721.2e in 2020): it has only the
// characteristics of a face-down permanent (708.2; 707.2 in 2020), not
// "all abilities of each card that represents it" (702.140e).
func TestTraceMergedFaceDown(t *testing.T) {
	f := scenarioFile(t, "mutate-face-down.txt")
	const script = "mutating under a face-down creature: it stays face down; turned face up, each component is"
	for rev, rule := range map[string]string{"2020-04-17": "707.2", "latest": "708.2"} {
		wantCites(t, f, rev, []traceWant{
			{script, rule, "Skirk Marauder is face down: a 2/2 creature with no name, no abilities"},
		}, func(s, note string) {
			if s == script && strings.Contains(note, "has all abilities of each card") {
				t.Errorf("%s: the face-down merged permanent has its components' abilities: %q", rev, note)
			}
		})
	}
}

// TestTraceNames: a step names what acts as the rules would. A card's
// own triggered ability is named by its card ("Spirit Caller: Kami of
// Ancient Law returns", not "0: …" from an empty keyword), and a cost in
// words is paid without its verb ("Ward—Pay 3 life": "unless its
// controller pays 3 life", "alice pays 3 life", never "pays Pay 3 life"
// nor "pays " and nothing).
func TestTraceNames(t *testing.T) {
	bad := func(_, note string) {
		if strings.Contains(note, "pays Pay") || strings.HasSuffix(note, "pays ") || strings.HasPrefix(note, " ") || strings.HasPrefix(note, "0:") {
			t.Errorf("a step names nothing or pays a verb: %q", note)
		}
	}
	wantCites(t, scenarioFile(t, "trigger-shapes.txt"), "latest", []traceWant{
		{`the "may" taken`, "113.3c", "Spirit Caller: Kami of Ancient Law returns from the graveyard"},
	}, bad)
	words := scenarioFile(t, "keyword-cost-words.txt")
	wantCites(t, words, "latest", []traceWant{
		{"702.21a: the ward trigger resolves, bob pays 3 life and his ability resolves", "702.21a", "unless its controller pays 3 life"},
		{"morph: turned face up by paying 3 life, it is a 4/4", "702.37e", "morph: alice pays 3 life and turns Hidden Brute face up"},
	}, bad)
}

// scenarioFile parses the scenario file name of testdata/scenarios.
func scenarioFile(tb testing.TB, name string) *scenario.File {
	tb.Helper()
	src, err := os.ReadFile("testdata/scenarios/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	f, err := scenario.Parse(name, src)
	if err != nil {
		tb.Fatal(err)
	}
	return f
}
