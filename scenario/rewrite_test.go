package scenario_test

import (
	"strings"
	"testing"

	"github.com/crules/crules/engine"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/scenario"
)

// A rewrite is one compiled keyword's definition reworded in a copy of
// 2026-01-16's text (old → new, each found once), with a script that
// passes by the printed definition and one that passes by the new one;
// each fails by the other text.
type rewrite struct {
	keyword, what, old, new  string
	cards, printed, reworded string
}

// rewrites: at least ten compiled keywords (a number, a trigger event,
// a card type, an instruction, a zone, a condition of a cost); extend it
// as keywords come to be compiled from their definitions.
var rewrites = []rewrite{
	{keyword: "Bushido", what: "a number: +N/+0",
		old:   "“Bushido N” means “Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.”",
		new:   "“Bushido N” means “Whenever this creature blocks or becomes blocked, it gets +N/+0 until end of turn.”",
		cards: "Devoted Retainer: {W} Creature — Human Samurai 1/1; Bushido 1\nHill Giant: {3}{R} Creature — Giant 3/3",
		printed: `battlefield alice: Hill Giant
battlefield bob: Devoted Retainer
alice attacks with Hill Giant
bob blocks Hill Giant with Devoted Retainer
resolve
expect pt Devoted Retainer: 2/2`,
		reworded: `battlefield alice: Hill Giant
battlefield bob: Devoted Retainer
alice attacks with Hill Giant
bob blocks Hill Giant with Devoted Retainer
resolve
expect pt Devoted Retainer: 2/1`},
	{keyword: "Frenzy", what: "a trigger event: attacks, blocked or not",
		old:   "“Frenzy N” means “Whenever this creature attacks and isn’t blocked, it gets +N/+0 until end of turn.”",
		new:   "“Frenzy N” means “Whenever this creature attacks, it gets +N/+0 until end of turn.”",
		cards: "Frenzied Goblin: {R} Creature — Goblin Berserker 1/1; Frenzy 2\nGrizzly Bears: {1}{G} Creature — Bear 2/2",
		printed: `battlefield alice: Frenzied Goblin
battlefield bob: Grizzly Bears
alice attacks with Frenzied Goblin
expect stack: none
bob blocks Frenzied Goblin with Grizzly Bears
expect stack: none
expect pt Frenzied Goblin: 1/1`,
		reworded: `battlefield alice: Frenzied Goblin
battlefield bob: Grizzly Bears
alice attacks with Frenzied Goblin
expect stack: Frenzy trigger
resolve
bob blocks Frenzied Goblin with Grizzly Bears
expect pt Frenzied Goblin: 3/1`},
	{keyword: "Poisonous", what: "a number: two counters whatever N",
		old:   "“Poisonous N” means “Whenever this creature deals combat damage to a player, that player gets N poison counters.”",
		new:   "“Poisonous N” means “Whenever this creature deals combat damage to a player, that player gets two poison counters.”",
		cards: "Virulent Sliver: {G} Creature — Sliver 1/1; Poisonous 1",
		printed: `battlefield alice: Virulent Sliver
alice attacks with Virulent Sliver
damage
resolve
expect poison bob: 1`,
		reworded: `battlefield alice: Virulent Sliver
alice attacks with Virulent Sliver
damage
resolve
expect poison bob: 2`},
	{keyword: "Soulshift", what: "a card type: Samurai for Spirit",
		old:   "return target Spirit card with mana value N or less from your graveyard to your hand",
		new:   "return target Samurai card with mana value N or less from your graveyard to your hand",
		cards: "Hundred-Talon Kami: {4}{W} Creature — Spirit 2/3; Soulshift 4\nSamurai of the Pale Curtain: {W}{W} Creature — Fox Samurai 2/2",
		printed: `battlefield alice: Hundred-Talon Kami
graveyard alice: Samurai of the Pale Curtain
illegal destroy Hundred-Talon Kami; targeting Samurai of the Pale Curtain
expect hand alice: none`,
		reworded: `battlefield alice: Hundred-Talon Kami
graveyard alice: Samurai of the Pale Curtain
destroy Hundred-Talon Kami; targeting Samurai of the Pale Curtain
resolve
expect hand alice: Samurai of the Pale Curtain`},
	{keyword: "Rampage", what: "a number: +N/+0 for each blocker beyond the first",
		old:   "“Rampage N” means “Whenever this creature becomes blocked, it gets +N/+N until end of turn for each creature blocking it beyond the first.”",
		new:   "“Rampage N” means “Whenever this creature becomes blocked, it gets +N/+0 until end of turn for each creature blocking it beyond the first.”",
		cards: "Craw Giant: {3}{G}{G}{G}{G} Creature — Giant 6/4; Trample; Rampage 2\nGrizzly Bears: {1}{G} Creature — Bear 2/2",
		printed: `battlefield alice: Craw Giant
battlefield bob: Grizzly Bears x2
alice attacks with Craw Giant
bob blocks Craw Giant with Grizzly Bears, Grizzly Bears#2
resolve
expect pt Craw Giant: 8/6`,
		reworded: `battlefield alice: Craw Giant
battlefield bob: Grizzly Bears x2
alice attacks with Craw Giant
bob blocks Craw Giant with Grizzly Bears, Grizzly Bears#2
resolve
expect pt Craw Giant: 8/4`},
	{keyword: "Flanking", what: "a number: -2/-2",
		old:   "the blocking creature gets -1/-1 until end of turn.”",
		new:   "the blocking creature gets -2/-2 until end of turn.”",
		cards: "Knight of the Holy Nimbus: {W}{W} Creature — Human Rebel Knight 2/2; Flanking\nGrizzly Bears: {1}{G} Creature — Bear 2/2",
		printed: `battlefield alice: Knight of the Holy Nimbus
battlefield bob: Grizzly Bears
alice attacks with Knight of the Holy Nimbus
bob blocks Knight of the Holy Nimbus with Grizzly Bears
resolve
expect pt Grizzly Bears: 1/1`,
		reworded: `battlefield alice: Knight of the Holy Nimbus
battlefield bob: Grizzly Bears
alice attacks with Knight of the Holy Nimbus
bob blocks Knight of the Holy Nimbus with Grizzly Bears
resolve
expect Grizzly Bears in graveyard`},
	{keyword: "Provoke", what: "an instruction left out: no untap",
		old:   "block this creature this combat if able. If you do, untap that creature.”",
		new:   "block this creature this combat if able.”",
		cards: "Goblin Grappler: {R} Creature — Goblin 1/1; Provoke\nGrizzly Bears: {1}{G} Creature — Bear 2/2",
		printed: `battlefield alice: Goblin Grappler
battlefield bob: Grizzly Bears
tap Grizzly Bears
alice attacks with Goblin Grappler; targeting Grizzly Bears
resolve
expect untapped: Grizzly Bears`,
		reworded: `battlefield alice: Goblin Grappler
battlefield bob: Grizzly Bears
tap Grizzly Bears
alice attacks with Goblin Grappler; targeting Grizzly Bears
resolve
expect tapped: Grizzly Bears`},
	{keyword: "Escape", what: "a zone: cast from the hand, not the graveyard",
		old:   "“Escape [cost]” means “You may cast this card from your graveyard by paying [cost] rather than paying its mana cost.”",
		new:   "“Escape [cost]” means “You may cast this card from your hand by paying [cost] rather than paying its mana cost.”",
		cards: "Ox of Agonas: {3}{R}{R} Creature — Ox 4/2; Escape {R}{R}",
		printed: `graveyard alice: Ox of Agonas
mana alice: {R}{R}
alice casts Ox of Agonas; escape
expect paid Ox of Agonas: {R}{R}
resolve
expect battlefield alice: Ox of Agonas`,
		reworded: `hand alice: Ox of Agonas
mana alice: {R}{R}
alice casts Ox of Agonas; escape
expect paid Ox of Agonas: {R}{R}
resolve
expect battlefield alice: Ox of Agonas

-- script: not from the graveyard --
graveyard alice: Ox of Agonas
mana alice: {R}{R}
illegal alice casts Ox of Agonas; escape
expect Ox of Agonas in graveyard`},
	{keyword: "Spectacle", what: "a condition: you gained life this turn",
		old:   "“Spectacle [cost]” means “You may pay [cost] rather than pay this spell’s mana cost if an opponent lost life this turn.”",
		new:   "“Spectacle [cost]” means “You may pay [cost] rather than pay this spell’s mana cost if you gained life this turn.”",
		cards: "Skewer the Critics: {2}{R} Sorcery; Skewer the Critics deals 3 damage to any target; Spectacle {R}\nShock: {R} Instant; Shock deals 2 damage to any target",
		printed: `hand alice: Shock, Skewer the Critics
mana alice: {R}{R}
alice casts Shock; targeting bob
resolve
alice casts Skewer the Critics; spectacle; targeting bob
expect paid Skewer the Critics: {R}`,
		reworded: `hand alice: Shock, Skewer the Critics
mana alice: {R}{R}
alice casts Shock; targeting bob
resolve
illegal alice casts Skewer the Critics; spectacle; targeting bob
expect Skewer the Critics in hand`},
	{keyword: "Surge", what: "a condition: an opponent lost life this turn",
		old:   "“Surge [cost]” means “You may pay [cost] rather than pay this spell’s mana cost as you cast this spell if you or one of your teammates has cast another spell this turn.”",
		new:   "“Surge [cost]” means “You may pay [cost] rather than pay this spell’s mana cost as you cast this spell if an opponent lost life this turn.”",
		cards: "Reckless Bushwhacker: {2}{R} Creature — Goblin Warrior 2/1; Haste; Surge {1}{R}\nGoblin Piker: {1}{R} Creature — Goblin Warrior 2/1",
		printed: `hand alice: Goblin Piker, Reckless Bushwhacker
mana alice: {1}{R}{1}{R}
alice casts Goblin Piker
resolve
alice casts Reckless Bushwhacker; surge
expect paid Reckless Bushwhacker: {1}{R}`,
		reworded: `hand alice: Goblin Piker, Reckless Bushwhacker
mana alice: {1}{R}{1}{R}
alice casts Goblin Piker
resolve
illegal alice casts Reckless Bushwhacker; surge
expect Reckless Bushwhacker in hand`},
}

// TestRewrittenDefinitions: the compiled keywords do what the text they
// are read from says. Each definition of rewrites is reworded in one
// copy of 2026-01-16's text; each keyword's script by the printed
// definition passes in 2026-01-16 and fails in the copy, and its script
// by the new wording passes in the copy and fails in 2026-01-16.
func TestRewrittenDefinitions(t *testing.T) {
	printed, _ := revision(t, "2026-01-16")
	r, err := corpusArchive(t).Select("2026-01-16")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := corpusArchive(t).Text(r)
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	for _, rw := range rewrites {
		if n := strings.Count(text, rw.old); n != 1 {
			t.Fatalf("%s: 2026-01-16 has %d of %q, want one", rw.keyword, n, rw.old)
		}
		text = strings.Replace(text, rw.old, rw.new, 1)
	}
	reworded, err := parse.Parse("CR-2026-01-16-reworded.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var failed []string // the checks that failed in the last run
	passes := func(name, src string, doc *parse.Document) bool {
		t.Helper()
		f, err := scenario.Parse(name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Run(&f.Scenario, doc)
		if err != nil {
			t.Fatal(err)
		}
		failed = failed[:0]
		for _, sc := range res.Scripts {
			for _, c := range sc.Checks {
				if !c.Pass {
					failed = append(failed, c.Pos()+": "+c.Text+": got "+c.Got)
				}
			}
		}
		return res.Passed()
	}
	compiled := map[string]bool{}
	for _, m := range engine.Models() {
		compiled[m.Name] = m.Compiled
	}
	for _, rw := range rewrites {
		if !compiled[rw.keyword] {
			t.Errorf("%s is not compiled from its definition", rw.keyword)
		}
		file := func(script string) string {
			return "keyword: " + rw.keyword + "\n\n-- cards --\n" + rw.cards + "\n\n-- script: " + rw.what + " --\n" + script + "\n"
		}
		name := strings.ToLower(rw.keyword) + ".txt"
		if !passes(name, file(rw.printed), printed) {
			t.Errorf("%s: the script by the printed definition fails in 2026-01-16: %q", rw.keyword, failed)
		}
		if passes(name, file(rw.printed), reworded) {
			t.Errorf("%s (%s): the script by the printed definition passes in the copy too", rw.keyword, rw.what)
		}
		if !passes(name, file(rw.reworded), reworded) {
			t.Errorf("%s (%s): the script by the new wording fails in the copy: %q", rw.keyword, rw.what, failed)
		}
		if passes(name, file(rw.reworded), printed) {
			t.Errorf("%s (%s): the script by the new wording passes in 2026-01-16 too", rw.keyword, rw.what)
		}
	}
}
