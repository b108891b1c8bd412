package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/engine"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

// revisions parses the revisions the scenarios name, once.
var (
	revMu   sync.Mutex
	archive *corpus.Archive
	docs    = map[string]*parse.Document{}
	specsOf = map[string][]*keyword.Spec{}
)

func corpusArchive(t testing.TB) *corpus.Archive {
	t.Helper()
	a, err := corpus.Default()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func revision(t testing.TB, sel string) (*parse.Document, []*keyword.Spec) {
	t.Helper()
	revMu.Lock()
	defer revMu.Unlock()
	if archive == nil {
		archive = corpusArchive(t)
	}
	r, err := archive.Select(sel)
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := docs[r.Name()]; ok {
		return d, specsOf[r.Name()]
	}
	text, err := archive.Text(r)
	if err != nil {
		t.Fatal(err)
	}
	d, err := parse.Parse(r.File, text)
	if err != nil {
		t.Fatal(err)
	}
	docs[r.Name()] = d
	specsOf[r.Name()] = keyword.Extract(d, nil, r.Name())
	return d, specsOf[r.Name()]
}

// TestScenarios runs every scenario file of testdata/scenarios against
// each revision it is written for (every revision of its rev: ranges;
// with -short, each range's last revision only); every check must pass,
// since keyword coverage counts the file in each of them.
func TestScenarios(t *testing.T) {
	files, _ := filepath.Glob("testdata/scenarios/*.txt")
	if len(files) == 0 {
		t.Fatal("no scenarios")
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			runScenarioFile(t, path)
		})
	}
}

// parseFile reads and parses the scenario file at path.
func parseFile(t testing.TB, path string) *scenario.File {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := scenario.Parse(filepath.Base(path), src)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// runChecked runs f in revision sel and reports each check that fails.
func runChecked(t *testing.T, f *scenario.File, sel string) *engine.Result {
	t.Helper()
	doc, specs := revision(t, sel)
	res, err := scenario.Run(f, doc, specs...)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Scripts {
		for _, c := range s.Checks {
			if !c.Pass {
				t.Errorf("%s [%s, %s]: %s: got %s", c.Pos(), res.Rev, s.Name, c.Text, c.Got)
			}
		}
	}
	return res
}

// runScenarioFile runs one scenario file in the revisions TestScenarios
// names for it.
func runScenarioFile(t *testing.T, path string) {
	f := parseFile(t, path)
	if len(f.Revs) == 0 {
		t.Errorf("%s: no rev: line", path)
	}
	sels := f.Revisions("")
	if !testing.Short() {
		revs, err := f.WrittenFor(corpusArchive(t))
		if err != nil {
			t.Fatal(err)
		}
		sels = sels[:0]
		for _, r := range revs {
			sels = append(sels, r.Name())
		}
	}
	for _, sel := range sels {
		res := runChecked(t, f, sel)
		for _, s := range res.Scripts {
			for _, st := range s.Trace {
				if st.Rule == "" {
					t.Errorf("%s:%d [%s, %s]: a step cites no rule: %s", path, st.Line, res.Rev, s.Name, st.Note)
				}
			}
			if testing.Verbose() && !s.Passed() {
				for _, st := range s.Trace {
					t.Logf("  %d %s %s", st.Line, st.Rule, st.Note)
				}
			}
		}
	}
}

// TestConcurrentRuns: runs against one document may share it (a server
// answers several requests at once); run with -race.
func TestConcurrentRuns(t *testing.T) {
	files, err := scenario.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	doc, specs := revision(t, "latest")
	var wg sync.WaitGroup
	passed := make([]bool, len(files))
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := scenario.Run(f, doc, specs...)
			passed[i] = err == nil && r.Passed()
		}()
	}
	wg.Wait()
	for i, f := range files {
		want := slices.Contains(f.Revisions(""), "latest")
		if want && !passed[i] {
			t.Errorf("%s failed when run concurrently", f.Name)
		}
	}
}

// TestOnlyNamedSpecs: a run that reads only the keywords it looks up
// gives the results, traces included, of a run given every keyword spec
// of the revision, for every built-in scenario in 2006-10-01 and in the
// latest revision.
func TestOnlyNamedSpecs(t *testing.T) {
	files, err := scenario.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, sel := range []string{"2006-10-01", "latest"} {
		doc, specs := revision(t, sel)
		for _, f := range files {
			all, err := scenario.Run(f, doc, specs...)
			named, err2 := scenario.Run(f, doc)
			if err != nil || err2 != nil {
				// Card text the revision does not define: the same
				// errors either way.
				if fmt.Sprint(err) != fmt.Sprint(err2) {
					t.Errorf("%s [%s]: %v; only the keywords looked up: %v", f.Name, sel, err, err2)
				}
				continue
			}
			if !reflect.DeepEqual(all, named) {
				t.Errorf("%s [%s]: the results differ when only the keywords looked up are read", f.Name, sel)
			}
		}
	}
}

// TestDeclarationJudgedAtItsEnd: a declaration of blockers marked
// illegal on its last line fails when the whole declaration turns out
// legal, at that line, and whether the script ends it or a later line.
func TestDeclarationJudgedAtItsEnd(t *testing.T) {
	const src = `-- cards --
Goblin Heelcutter: {3}{R} Creature — Goblin Warrior 3/2; Menace
Grizzly Bears: {1}{G} Creature — Bear 2/2

-- script: ended by a later line --
battlefield alice: Goblin Heelcutter
battlefield bob: Grizzly Bears x2
alice attacks with Goblin Heelcutter
bob blocks Goblin Heelcutter with Grizzly Bears
illegal bob blocks Goblin Heelcutter with Grizzly Bears#2
damage

-- script: ended by the end of the script --
battlefield alice: Goblin Heelcutter
battlefield bob: Grizzly Bears x2
alice attacks with Goblin Heelcutter
bob blocks Goblin Heelcutter with Grizzly Bears
illegal bob blocks Goblin Heelcutter with Grizzly Bears#2
`
	f, err := scenario.Parse("decl.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := revision(t, "latest")
	res, err := scenario.Run(f, doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Scripts {
		var failed []engine.Check
		for _, c := range s.Checks {
			if !c.Pass {
				failed = append(failed, c)
			}
		}
		if len(failed) != 1 || failed[0].Line != s.Line+5 || failed[0].Got != "the declaration of blockers was allowed" {
			t.Errorf("%s: failed checks %+v, want one at line %d", s.Name, failed, s.Line+5)
		}
	}
}

// TestDamageOnPermanentsOnly: without its protection the blocker dies,
// and "expect damage" of the card in the graveyard fails instead of
// reading the new object's 0 (120.3: damage is marked on permanents), so
// a script about prevention can't pass when nothing was prevented.
func TestDamageOnPermanentsOnly(t *testing.T) {
	const src = `-- cards --
Tel-Jilad Chosen: {1}{G} Creature — Human Warrior 2/1
Bronze Sable: {2} Artifact Creature — Sable 2/1

-- script: no protection --
battlefield alice: Bronze Sable
battlefield bob: Tel-Jilad Chosen
alice attacks with Bronze Sable
bob blocks Bronze Sable with Tel-Jilad Chosen
damage
expect damage Tel-Jilad Chosen: 0
`
	res := runLatest(t, src)
	c := res.Scripts[0].Checks[len(res.Scripts[0].Checks)-1]
	if c.Pass || c.Got != "Tel-Jilad Chosen is in the graveyard, not on the battlefield: damage is marked on permanents only" {
		t.Errorf("expect damage of a card in the graveyard: pass=%v, got %q", c.Pass, c.Got)
	}
}

// TestZoneListLabels: "Bears#2" in a zone list names that card, so a
// check of which of two same-named cards moved can fail.
func TestZoneListLabels(t *testing.T) {
	const src = `-- cards --
Bears: {1}{G} Creature — Bear 2/2

-- script: one of two --
battlefield alice: Bears, Bears#2
destroy Bears#2
expect battlefield alice: Bears#2
expect graveyard alice: Bears#2
expect battlefield alice: Bears
`
	res := runLatest(t, src)
	var pass []bool
	for _, c := range res.Scripts[0].Checks {
		pass = append(pass, c.Pass)
	}
	if want := []bool{false, true, true}; !slices.Equal(pass, want) {
		t.Errorf("checks passed %v, want %v", pass, want)
	}
}

// TestSetupLabelKept: a "Name#N" label written in setup with no earlier
// card of that name is the object's label, so every later line finds
// it by that label (issue 19); the cards named without a number take
// the labels still free.
func TestSetupLabelKept(t *testing.T) {
	const src = `players: carol alice bob
-- cards --
Bears: {1}{G} Creature — Bear 2/2
Bolt: {R} Instant; deals 3 damage to any target

-- script: a --
battlefield alice: Bears#2
expect battlefield alice: Bears#2
expect pt Bears#2: 2/2

-- script: b --
battlefield bob: Bears#2
hand alice: Bolt
mana alice: {R}
alice casts Bolt; targeting Bears#2
resolve
expect graveyard bob: Bears#2

-- script: c --
battlefield carol: Bears#3
expect battlefield carol: Bears#3
carol attacks with Bears#3; attacking bob
expect tapped: Bears#3

-- script: d --
hand alice: Bolt#5
mana alice: {R}
alice casts Bolt#5; targeting bob
resolve
expect life bob: 17

-- script: the plain names take the free labels --
battlefield alice: Bears#2, Bears, Bears
expect battlefield alice: Bears, Bears#2, Bears#3
destroy Bears#3
expect graveyard alice: Bears#3
expect battlefield alice: Bears, Bears#2
`
	res := runLatest(t, src)
	for _, sr := range res.Scripts {
		for _, c := range sr.Checks {
			if !c.Pass {
				t.Errorf("script %s: %s: %s: %s", sr.Name, c.Pos(), c.Text, c.Got)
			}
		}
	}
}

// TestSetupLabelTaken: a label written in setup that another card of
// the script already has, or a number that is no label's, is an error
// at the label's column.
func TestSetupLabelTaken(t *testing.T) {
	const cards = "-- cards --\nBears: {1}{G} Creature — Bear 2/2\n"
	for _, tc := range []struct{ src, want string }{
		{"-- script --\nbattlefield alice: Bears, Bears\nhand bob: Bears#2\n", "x.txt:5:11: Bears#2: the label is already taken by another card of this script"},
		{"-- script --\nbattlefield alice: Bears#2 x2\n", "x.txt:4:20: Bears#2: the label is already taken by another card of this script"},
		// Once, not once per copy.
		{"-- script --\nbattlefield alice: Bears, Bears#2 x4\n", "x.txt:4:27: Bears#2: the label is already taken by another card of this script"},
		{"-- script --\nhand alice: Bears#1\n", "x.txt:4:13: Bears#1: the first card of a name is labelled Bears, without a number"},
		{"-- script --\nhand alice: Bears, Bears#02\n", "x.txt:4:20: Bears#02: a label's number is 2 or more, written without sign or leading zeros (Bears#2)"},
		{"-- script --\nhand alice: Bears#01\n", "x.txt:4:13: Bears#01: a label's number is 2 or more, written without sign or leading zeros (Bears#2)"},
		// Each script starts from an empty game: its labels are its own.
		{"-- script: one --\nhand alice: Bears#2\n-- script: two --\nhand alice: Bears#2\nhand bob: Bears#2\n", "x.txt:7:11: Bears#2: the label is already taken by another card of this script"},
	} {
		_, err := scenario.Parse("x.txt", []byte(cards+tc.src))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %s", tc.src, err, tc.want)
		}
	}
}

// runLatest runs a scenario's source against 2026-01-16.
func runLatest(t *testing.T, src string) *engine.Result {
	t.Helper()
	f, err := scenario.Parse("x.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	doc, specs := revision(t, "2026-01-16")
	res, err := scenario.Run(f, doc, specs...)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestUndefinedText: card text a revision does not define is an error at
// its column, naming what is not understood: a keyword the revision
// lacks, a quality that is no characteristic value (a card name is one
// only where the ability says it is a name, 702.16a), protection from a
// player or from everything before the rules define them (502.7a in
// 2006-10-01 knows only a characteristic value), the initiative and
// venture into Undercity before 2022-06-10 (721, 701.46d).
func TestUndefinedText(t *testing.T) {
	for _, tc := range []struct {
		rev, card, want string
	}{
		{"2006-10-01", "X: {1} Creature — Elf 1/1; Flying; Hexproof", `x.txt:3:36: X: Hexproof is not a keyword of revision 2006-10-01`},
		{"latest", "X: {W} Creature — Human 1/1; Protection from purple", `x.txt:3:30: X: Protection from purple: "purple" is not a quality`},
		{"latest", "X: {W} Creature — Human 1/1; Protection from Grizzly Bears", `x.txt:3:30: X: Protection from Grizzly Bears: "Grizzly Bears" is not a quality`},
		{"latest", "X: {W} Creature — Human 1/1; Protection from red and from purple", `x.txt:3:30: X: Protection from red and from purple: "purple" is not a quality`},
		{"latest", "X: {5} Artifact Creature — Golem 3/3; Affinity for purple", `x.txt:3:39: X: Affinity for purple: "purple" is not a quality`},
		{"latest", "X: {W} Enchantment — Aura; Enchant purple", `x.txt:3:28: X: Enchant purple: "purple" is not a quality`},
		{"latest", "X: {R} Instant — Arcane; Splice onto Purple {1}; draw a card", `x.txt:3:26: X: Splice onto Purple {1}: "Purple" is not a quality`},
		{"2006-10-01", "X: {W} Creature — Human 1/1; Protection from bob", `x.txt:3:30: X: Protection from bob: protection from a player is not defined: the revision's rules of protection know no such quality (revision 2006-10-01, 502.7a)`},
		{"2006-10-01", "X: {W} Creature — Human 1/1; Protection from everything", `x.txt:3:30: X: Protection from everything: protection from everything is not defined: the revision's rules of protection know no such quality (revision 2006-10-01, 502.7a)`},
		{"2006-10-01", "X: {W} Creature — Human 1/1; Protection from red and from blue", `x.txt:3:30: X: Protection from red and from blue: protection from [quality A] and from [quality B] is not defined`},
		{"2019-07-12", "X: {W} Creature — Human 1/1; Protection from each color", `x.txt:3:30: X: Protection from each color: protection from each [characteristic] is not defined`},
		{"latest", "X: {W} Creature — Human 1/1; Protection from carol", `x.txt:3:30: X: Protection from carol: "carol" is not a quality`},
		{"latest", "X: {R} Sorcery; Flashback—Pay 3 life; draw a card", `x.txt:3:17: X: Flashback—Pay 3 life: a cost in words ("Pay 3 life") is not modelled for flashback`},
		{"2022-10-07", "X: {3}{R} Battle — Siege 5", `x.txt:3:1: X: Battle is not a card type of revision 2022-10-07`},
		{"latest", "X: {W} Creature — Human 1/1; Max speed — Protection from purple", `x.txt:3:30: X: Protection from purple: "purple" is not a quality`},
		{"2024-11-08", "X: {W} Creature — Human 1/1; Max speed — Flying", `x.txt:3:30: X: Max speed is not a keyword of revision 2024-11-08`},
		{"2022-04-29", "X: {1}{W} Sorcery; Take the initiative", `x.txt:3:20: X: Take the initiative: the initiative is not a designation of revision 2022-04-29`},
		{"2022-04-29", "X: {2}{W} Creature — Human 2/2; When X enters, you take the initiative", `x.txt:3:48: X: you take the initiative: the initiative is not a designation of revision 2022-04-29`},
		// Card types, supertypes and dungeon types the revision's own
		// lists do not name (212.1 of 2002, 205.2a, 205.4a, 205.3p).
		{"2002-10-07", "X: {1}{G} Kindred Creature — Lhurgoyf 2/2", `x.txt:3:11: X: Kindred is not a card type of revision 2002-10-07 (212.1)`},
		{"2002-10-07", "X: {R} Tribal Instant — Goblin; draw a card", `x.txt:3:8: X: Tribal is not a card type of revision 2002-10-07 (212.1)`},
		{"2002-10-07", "X: {1}{G} Planeswalker — Jace 3", `x.txt:3:11: X: Planeswalker is not a card type of revision 2002-10-07 (212.1)`},
		{"2007-10-01", "X: {1}{G} Kindred Creature — Elf 2/2", `x.txt:3:11: X: Kindred is not a card type of revision 2007-10-01 (205.2a)`},
		{"2005-10-01", "X: Basic Snow Land — Forest", `x.txt:3:10: X: Snow is not a supertype of revision 2005-10-01 (205.4a)`},
		{"2021-11-19", "X: Dungeon — Undercity; Secret Entrance — Gain 1 life", `x.txt:3:14: X: Undercity is not a dungeon type of revision 2021-11-19 (205.3p)`},
		// "any target" is a term from 2018-04-27 (114.4, then 115.4).
		{"2018-01-19", "X: {R} Instant; X deals 3 damage to any target", `x.txt:3:37: X: X deals 3 damage to any target: say "target creature or player": "any target" is not a term of revision 2018-01-19`},
		{"1999-04-23", "X: {R} Artifact; {T}: X deals 1 damage to any target.", `x.txt:3:43: X: X deals 1 damage to any target: say "target creature or player": "any target" is not a term of revision 1999-04-23`},
		{"2006-10-01", "X: {2}{R} Creature — Elemental 2/2; When X enters the battlefield, it deals 1 damage to any target", `x.txt:3:89: X: it deals 1 damage to any target: say "target creature or player": "any target" is not a term of revision 2006-10-01`},
		// A keyword action the revision does not define would do
		// nothing, silently (clue tokens from 2016, surveil from 2018).
		{"2009-07-11", "X: {U} Instant; Investigate", `x.txt:3:17: X: Investigate: investigate is not a keyword action of revision 2009-07-11`},
		{"2009-07-11", "X: {2}{U} Creature — Human 2/2; When X enters, surveil 2", `x.txt:3:48: X: surveil 2: surveil is not a keyword action of revision 2009-07-11`},
		{"2022-04-29", "X: {1}{B} Sorcery; Venture into Undercity", `x.txt:3:20: X: Venture into Undercity: venture into [quality] is not a keyword action of revision 2022-04-29`},
		// Local enchantments (1999 to 2005-02-01) and Auras (from
		// 2005-08-01), each an error in the other's revisions.
		{"2005-08-01", "X: {2}{U}{U} Enchant Creature; You control enchanted creature", `x.txt:3:14: X: "Enchant Creature" is not a type line of revision 2005-08-01: a local enchantment is an Aura there, "Enchantment — Aura; Enchant creature" (212.4d)`},
		{"2005-02-01", "X: {W} Enchantment — Aura; Enchanted creature gets +1/+1", `x.txt:3:22: X: Aura is not a subtype of revision 2005-02-01: a local enchantment's type line names what it enchants, "Enchant Creature" (212.4c)`},
		{"1999-04-23", "X: {W} Enchantment — Aura; Enchanted creature gets +1/+1", `x.txt:3:22: X: Aura is not a subtype of revision 1999-04-23: a local enchantment's type line names what it enchants, "Enchant Creature" (214.8a)`},
		// "Enchant World", a global enchantment (212.4j of 2003-07-01),
		// and the supertype world that replaced it (205.4d of
		// 2004-10-01), each an error in the other's revisions.
		{"2004-10-01", "X: {B} Enchant World", `x.txt:3:8: X: "Enchant World" is not a type line of revision 2004-10-01: a world enchantment has the supertype world, "World Enchantment" (205.4d)`},
		{"2003-07-01", "X: {B} World Enchantment", `x.txt:3:8: X: World is not a supertype of revision 2003-07-01: a world enchantment's type line is "Enchant World" (212.4j)`},
		{"2001-07-23", "X: {B} World Enchantment", `x.txt:3:8: X: World is not a supertype of revision 2001-07-23: a world enchantment's type line is "Enchant World" (214.8k)`},
		{"1999-11-01", "X: {B} Enchant World", `x.txt:3:8: X: "Enchant World" is not modelled in revision 1999-11-01: its rules are in the glossary, not among the state-based effects`},
		{"2003-03-15", "X: {B} Enchant Swamp", `x.txt:3:8: X: "Enchant Swamp" is not a local enchantment subtype of revision 2003-03-15 (214.8a)`},
		{"2003-07-01", "X: {B} Enchant Player", `x.txt:3:8: X: "Enchant Player" is not modelled: a local enchantment attached to a player (212.4c)`},
		{"2003-10-01", "X: {B} Enchant Purple", `x.txt:3:8: X: "Enchant Purple": "purple" is not a characteristic of revision 2003-10-01 (212.4c)`},
		{"2003-10-01", "X: {G} Enchant Desert", `x.txt:3:8: X: "Enchant Desert": "desert" is not a characteristic of revision 2003-10-01 (212.4c)`},
		{"2004-10-01", "X: {B} Enchant Purple", `x.txt:3:8: X: "Enchant Purple": "purple" is not a characteristic of revision 2004-10-01 (212.4c)`},
		{"2003-07-01", "X: {B} Enchant Artifact Creature", `x.txt:3:8: X: "Enchant Artifact Creature" is not a local enchantment subtype of revision 2003-07-01 (212.4c)`},
		{"2004-10-01", "X: {B} Enchant Artifact Purple", `x.txt:3:8: X: "Enchant Artifact Purple": "purple" is not a characteristic of revision 2004-10-01 (212.4c)`},
	} {
		f, err := scenario.Parse("x.txt", []byte("rev: "+tc.rev+"\n-- cards --\n"+tc.card+"\n-- script --\nexpect life alice: 20\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.card, err)
		}
		doc, specs := revision(t, tc.rev)
		_, err = scenario.Run(f, doc, specs...)
		if list := scenario.Errors(err); len(list) != 1 || !strings.HasPrefix(list[0].Error(), tc.want) {
			t.Errorf("%s [%s]: %v, want %q", tc.card, tc.rev, err, tc.want)
		}
	}
	// Defined qualities run: a player's name from 2013-11-01, everything
	// from 2009-02-01, a subtype, a card type; and the types each
	// revision's lists name.
	for rev, card := range map[string]string{
		"latest":     "X: {W} Creature — Human 1/1; Protection from bob; Protection from everything; Protection from Goblins; Protection from artifacts; Protection from each color",
		"2006-10-01": "X: {W} Creature — Human 1/1; Protection from Goblins; Protection from artifacts; Protection from multicolored",
		"2022-06-10": "X: {1}{W} Sorcery; Take the initiative; Venture into Undercity",
		"1999-04-23": "X: {G} Legendary Creature — Elf 1/1",
		"2006-07-15": "X: Basic Snow Land — Forest",
		"2007-10-01": "X: {1}{G} Tribal Instant — Elf; draw a card",
		"2023-04-14": "X: Dungeon — Undercity; Secret Entrance — Gain 1 life; Throne — Draw a card",
	} {
		f, err := scenario.Parse("x.txt", []byte("rev: "+rev+"\n-- cards --\n"+card+"\n-- script --\nexpect life alice: 20\n"))
		if err != nil {
			t.Fatal(err)
		}
		doc, specs := revision(t, rev)
		if res, err := scenario.Run(f, doc, specs...); err != nil || !res.Passed() {
			t.Errorf("%s [%s]: %v", card, rev, err)
		}
	}
}

// TestSectorValues: the sector designations an expect sector line may
// name are those the revision's 702.158b names ("The sector designations
// are alpha sector, beta sector, and gamma sector."), or none; a word that
// is none of them is an error at its column in each revision, and before
// 2022-10-07 only none is a value.
func TestSectorValues(t *testing.T) {
	for _, tc := range []struct{ rev, value, want string }{
		{"latest", "delta", `x.txt:6:30: expect sector: "delta": expected a sector designation of revision 2026-01-16 (alpha, beta, gamma, 702.158b) or none`},
		{"2022-10-07", "delta sector", `x.txt:6:30: expect sector: "delta sector": expected a sector designation of revision 2022-10-07 (alpha, beta, gamma, 702.158b) or none`},
		{"2022-09-08", "alpha", `x.txt:6:30: expect sector: "alpha": revision 2022-09-08 has no sector designations: expected none`},
		{"latest", "gamma sector", ""},
		{"2022-09-08", "none", ""},
	} {
		src := "rev: " + tc.rev + "\n-- cards --\nGrizzly Bears: {1}{G} Creature — Bear 2/2\n-- script --\nbattlefield alice: Grizzly Bears\nexpect sector Grizzly Bears: " + tc.value + "\n"
		f, err := scenario.Parse("x.txt", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", tc.value, err)
		}
		doc, specs := revision(t, tc.rev)
		res, err := scenario.Run(f, doc, specs...)
		switch list := scenario.Errors(err); {
		case tc.want == "" && err != nil:
			t.Errorf("%s [%s]: %v", tc.value, tc.rev, err)
		case tc.want == "" && res.Passed() != (tc.value == "none"):
			t.Errorf("%s [%s]: passed %v", tc.value, tc.rev, res.Passed())
		case tc.want != "" && (len(list) != 1 || list[0].Error() != tc.want):
			t.Errorf("%s [%s]: %v, want %q", tc.value, tc.rev, err, tc.want)
		}
	}
}

// TestRevisionValues: a value no game of the revision run can have is
// an error at its column, as the same text on a card is: a player's
// speed before 702.179 (2025-02-07), the initiative before its rules
// (2022-06-10), a keyword ability the revision does not define or a
// quality it does not know (702.16a: "purple is not a quality"), a card
// type it does not have. The same values are checks where they can hold.
func TestRevisionValues(t *testing.T) {
	const pre = "-- cards --\nBears: {1}{G} Creature — Bear 2/2\n-- script --\nbattlefield alice: Bears\n"
	for _, tc := range []struct{ rev, line, want string }{
		{"latest", "expect abilities Bears: Flying, Protection from purple", `x.txt:5:33: expect abilities: Protection from purple: "purple" is not a quality: neither a colour, a card type, a subtype nor a supertype of the revision, nor a player (revision 2026-01-16, 702.16a)`},
		{"latest", "expect abilities Bears: Protection from dave", `x.txt:5:25: expect abilities: Protection from dave: "dave" is not a quality`},
		{"latest", "expect abilities Bears: Protection from bob, Protection from Goblins", ""},
		{"2002-10-07", "expect abilities Bears: Flying, Convoke", `x.txt:5:33: expect abilities: Convoke is not a keyword of revision 2002-10-07`},
		{"2005-10-01", "expect abilities Bears: Convoke", ""},
		{"2024-11-08", "expect abilities Bears: Max speed — Flying", `x.txt:5:25: expect abilities: Max speed is not a keyword of revision 2024-11-08`},
		{"2002-10-07", "expect types Bears: Battle", `x.txt:5:21: expect types: Battle is not a card type of revision 2002-10-07 (it has no rules titled Battles)`},
		{"2023-04-14", "expect types Bears: Battle", ""},
		{"2002-10-07", "expect initiative: alice", `x.txt:5:20: expect initiative: "alice": the initiative is not a designation of revision 2002-10-07 (it has no rules titled The Initiative): expected none`},
		{"2022-02-18", "expect initiative: alice", `x.txt:5:20: expect initiative: "alice": the initiative is not a designation of revision 2022-02-18`},
		{"2002-10-07", "expect initiative: none", ""},
		{"2022-06-10", "expect initiative: alice", ""},
		{"2002-10-07", "expect speed alice: 3", `x.txt:5:21: expect speed: "3": revision 2002-10-07 has no speed (Start your engines! is none of its keywords): expected none`},
		{"2024-11-08", "expect speed alice: none", ""},
		{"2025-02-07", "expect speed alice: 3", ""},
		{"2021-11-19", "speed alice: 4", `x.txt:5:14: speed: 4: revision 2021-11-19 has no speed (Start your engines! is none of its keywords): expected 0`},
		{"2025-02-07", "speed alice: 4\nexpect speed alice: 4", ""},
		{"2015-03-27", "expect designations Bears: renowned", `x.txt:5:28: expect designations: renowned is not a designation of revision 2015-03-27 (it does not define renown): expected none`},
		{"2015-07-17", "expect designations Bears: renowned, dizzy", `x.txt:5:38: expect designations: "dizzy": expected renowned, saddled, monstrous, harnessed, goaded, suspected or none`},
		{"2015-07-17", "expect designations Bears: goaded", `x.txt:5:28: expect designations: goaded is not a designation of revision 2015-07-17 (it does not define goad): expected none`},
		{"2013-07-13", "expect designations Bears: monstrous", `x.txt:5:28: expect designations: monstrous is not a designation of revision 2013-07-13 (it does not define monstrosity): expected none`},
		{"2015-07-17", "expect designations Bears: none", ""},
		{"2015-03-27", "expect designations Bears: none", ""},
	} {
		f, err := scenario.Parse("x.txt", []byte(pre+tc.line+"\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		doc, specs := revision(t, tc.rev)
		res, err := scenario.Run(f, doc, specs...)
		switch list := scenario.Errors(err); {
		case tc.want == "" && err != nil:
			t.Errorf("%s [%s]: %v", tc.line, tc.rev, err)
		case tc.want == "" && res == nil:
			t.Errorf("%s [%s]: no result", tc.line, tc.rev)
		case tc.want != "" && (len(list) != 1 || !strings.HasPrefix(list[0].Error(), tc.want)):
			t.Errorf("%s [%s]: %v, want %q", tc.line, tc.rev, err, tc.want)
		}
	}
}
