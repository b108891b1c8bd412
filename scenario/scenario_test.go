package scenario_test

import (
	"strings"
	"testing"

	"github.com/crules/crules/game"
	"github.com/crules/crules/scenario"
)

const good = `# Splice onto Arcane
keyword: Splice
rev: 2006-10-01 latest

-- cards --
Glacial Ray: {1}{R} Instant — Arcane; Glacial Ray deals 2 damage to target creature or player; Splice onto Arcane {1}{R}
Reach Through Mists: {U} Instant — Arcane; Draw a card
Assault // Battery: {R} Sorcery; Assault deals 2 damage to target creature or player // {3}{G} Sorcery; create a 3/3 Elephant token

-- script: spliced --
hand alice: Reach Through Mists, Glacial Ray x2
mana alice: {U}{1}{R}
alice casts Reach Through Mists; splice Glacial Ray targeting bob; pay {U}{1}{R}
expect paid Reach Through Mists: {1}{U}{R}
illegal alice casts Glacial Ray
expect reason: not in
`

func TestParse(t *testing.T) {
	f, err := scenario.Parse("splice.txt", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if f.Title != "Splice onto Arcane" || strings.Join(f.Revs, " ") != "2006-10-01 latest" || strings.Join(f.Keywords, ",") != "Splice" {
		t.Errorf("header: %q %q %q", f.Title, f.Revs, f.Keywords)
	}
	ray := f.Card("Glacial Ray")
	if ray == nil || ray.Cost.String() != "{1}{R}" || !ray.HasSubtype("Arcane") || len(ray.Abilities) != 1 || ray.Abilities[0].Quality != "Arcane" || ray.Abilities[0].Cost.String() != "{1}{R}" {
		t.Fatalf("Glacial Ray: %+v", ray)
	}
	if ray.Effects[0].Verb != "damage" || ray.Effects[0].N != 2 || ray.Effects[0].Target != "any" {
		t.Errorf("Glacial Ray's effect: %+v", ray.Effects[0])
	}
	ab := f.Card("Assault // Battery")
	if ab == nil || len(ab.Halves) != 2 || ab.Halves[1].Cost.String() != "{3}{G}" || ab.Halves[1].Effects[0].Verb != "create" {
		t.Fatalf("Assault // Battery: %+v", ab)
	}
	s := f.Scripts[0]
	if s.Name != "spliced" || len(s.Stmts) != 6 {
		t.Fatalf("script: %q, %d statements", s.Name, len(s.Stmts))
	}
	hand := s.Stmts[0]
	if hand.Verb != "zone" || hand.Zone != game.Hand || len(hand.Names) != 4 {
		t.Errorf("hand: %+v", hand)
	}
	cast := s.Stmts[2]
	sp := cast.Clause("splice")
	if cast.Verb != "cast" || cast.Object.Text != "Reach Through Mists" || sp == nil || sp.Names[0].Text != "Glacial Ray" || sp.Sub.Names[0].Text != "bob" {
		t.Errorf("cast: %+v", cast)
	}
	if got := sp.Pos.String(); got != "13:34" {
		t.Errorf("splice clause at %s, want 13:34", got)
	}
	if pay := cast.Clause("pay"); pay == nil || pay.Mana != (game.Mana{U: 1, C: 1, R: 1}) {
		t.Errorf("pay: %+v", pay)
	}
	if !s.Stmts[4].Illegal || s.Stmts[5].Expect != "reason" {
		t.Errorf("illegal / reason: %+v %+v", s.Stmts[4], s.Stmts[5])
	}
}

// TestErrors: bad input gives every error, sorted, at file:line:col, the
// column that of the offending token (the bad symbol of a cost, the verb
// after a player, the value after a colon), not of the one before it.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"no script", "rev: latest\n", []string{"x.txt:1:1: no script section"}},
		{"header", "revs latest\n-- script --\n", []string{"x.txt:1:1: expected rev:"}},
		{"section", "-- cardz --\n-- script --\n", []string{`x.txt:1:1: unknown section "cardz"`}},
		{"cost", "-- cards --\nBad: {Q} Instant\n-- script --\n", []string{"x.txt:2:6: Bad: mana symbol {Q}: unknown"}},
		{"cost, second symbol", "-- cards --\nBad: {1}{Q} Instant\n-- script --\n", []string{"x.txt:2:9: Bad: mana symbol {Q}: unknown"}},
		{"no type", "-- cards --\nBad: {R}\n-- script --\n", []string{"x.txt:2:9: Bad: expected a card type"}},
		{"*/* without a CDA", "-- cards --\nMaro: {G} Creature — Avatar */*\n-- script --\n", []string{"x.txt:2:29: Maro: power/toughness */* needs an ability that defines them"}},
		{"CDA without */*", "-- cards --\nMaro: {G} Creature — Avatar 1/1; This creature's power and toughness are each equal to the number of cards in your hand\n-- script --\n", []string{`x.txt:2:34: Maro: "This creature's power and toughness are each equal to the number of cards in your hand" needs */*`}},
		{"CDA count", "-- cards --\nMaro: {G} Creature — Avatar */*; This creature's power and toughness are each equal to the number of lands you control\n-- script --\n", []string{`x.txt:2:34: Maro: "This creature's power and toughness are each equal to the number of lands you control": unknown count "lands you control"`}},
		{"creature pt", "-- cards --\nBad: {R} Creature — Goblin\n-- script --\n", []string{"x.txt:2:10: Bad: a creature needs power/toughness"}},
		{"enchant alone", "-- cards --\nBad: {W} Enchant\n-- script --\n", []string{`x.txt:2:10: Bad: a local enchantment's type line is "Enchant" and what it enchants`}},
		{"enchant with a dash", "-- cards --\nBad: {W} Enchant Creature — Aura\n-- script --\n", []string{`x.txt:2:10: Bad: a local enchantment's type line is "Enchant" and what it enchants`}},
		{"battle defense", "-- cards --\nBad: {R} Battle — Siege\n-- script --\n", []string{"x.txt:2:10: Bad: a battle needs a defense"}},
		{"protector player", "-- cards --\nB: {R} Battle — Siege 3\n-- script --\nprotector B: dave\n", []string{`x.txt:4:14: unknown player "dave"`}},
		{"protector form", "-- cards --\nB: {R} Battle — Siege 3\n-- script --\nprotector B\n", []string{`x.txt:4:1: protector: expected "protector CARD: PLAYER"`}},
		{"attach form", "-- cards --\nA: {1} Artifact\n-- script --\nattach A\n", []string{`x.txt:4:1: attach: expected "attach CARD: CARD"`}},
		{"attach two", "-- cards --\nA: {1} Artifact\n-- script --\nattach A: A, A\n", []string{`x.txt:4:11: attach: expected one card after the colon`}},
		{"attach none", "-- cards --\nA: {1} Artifact\n-- script --\nattach A:\n", []string{`x.txt:4:10: attach: expected one card after the colon`}},
		{"owner form", "-- cards --\nA: {1} Artifact\n-- script --\nowner A\n", []string{`x.txt:4:1: owner: expected "owner CARD: PLAYER"`}},
		{"owner player", "-- cards --\nA: {1} Artifact\n-- script --\nowner A:  dave\n", []string{`x.txt:4:11: unknown player "dave"`}},
		{"protector empty", "-- cards --\nB: {R} Battle — Siege 3\n-- script --\nprotector B:\n", []string{`x.txt:4:1: protector: expected "protector CARD: PLAYER"`}},
		{"counters form", "-- cards --\nA: {1} Artifact\n-- script --\ncounters A\n", []string{`x.txt:4:11: counters: expected "counters CARD: N KIND"`}},
		// A value no position can have is an error at its column; a
		// valid one that does not hold is a failed check.
		// A check read as one with a name before its colon would check
		// nothing (a newcomer's "expect tapped Bear: yes" passed).
		{"expect tapped, name", "-- cards --\nA: {1} Artifact\n-- script --\nexpect tapped A: yes\n", []string{`x.txt:4:8: expect tapped: expected "expect tapped: A, B" (nothing before the colon)`}},
		{"expect stack, name", "-- cards --\nA: {1} Artifact\n-- script --\nexpect stack A: A\n", []string{`x.txt:4:8: expect stack: expected "expect stack: A, B" (nothing before the colon)`}},
		{"expect tapped, empty", "-- script --\nexpect tapped:\n", []string{`x.txt:2:15: expect tapped: expected the names after the colon, or none`}},
		{"speed", "-- script --\nexpect speed alice: fast\n", []string{`x.txt:2:21: expect speed: "fast": expected a number from 1, or none`}},
		{"speed 0", "-- script --\nexpect speed alice: 0\n", []string{`x.txt:2:21: expect speed: "0": expected a number from 1, or none`}},
		{"poison, negative", "-- script --\nexpect poison alice: -1\n", []string{`x.txt:2:22: expect poison: -1 is out of range: expected a number from 0 to 1000000`}},
		{"damage, negative", "-- cards --\nA: {1} Artifact\n-- script --\nexpect damage A: -2\n", []string{`x.txt:4:18: expect damage: -2 is out of range`}},
		{"protector of no battle", "-- cards --\nB: {1} Artifact\n-- script --\nexpect protector B: alice\n", []string{`x.txt:4:18: expect protector: B is not a battle: only a battle has a protector (310.8)`}},
		{"protector, no player", "-- cards --\nB: {R} Battle — Siege 3\n-- script --\nexpect protector B: dave\n", []string{`x.txt:4:21: expect protector: "dave": expected a player (alice, bob) or none`}},
		{"room", "-- cards --\nCrawl: Dungeon; Gate — draw a card\n-- script --\nexpect room alice: Cellar\n", []string{`x.txt:4:20: expect room: "Cellar": expected a room of a dungeon of the cards, or none`}},
		{"completed", "-- cards --\nCrawl: Dungeon; Gate — draw a card\nA: {1} Artifact\n-- script --\nexpect completed alice: Crawl, A\n", []string{`x.txt:5:32: expect completed: "A": expected a dungeon of the cards, or none`}},
		{"counters, order", "-- cards --\nA: {1} Artifact\n-- script --\nexpect counters A: 2 charge, 1 +1/+1\n", []string{`x.txt:4:32: expect counters: +1/+1 after charge: expected each kind once, +1/+1, -1/-1, charge, loyalty, then the others by name`}},
		{"counters, other kinds by name", "-- cards --\nA: {1} Artifact\n-- script --\nexpect counters A: 1 loyalty, 2 lore, 1 defense\n", []string{`x.txt:4:41: expect counters: defense after lore`}},
		{"counters, zero", "-- cards --\nA: {1} Artifact\n-- script --\nexpect counters A: 0 +1/+1\n", []string{`x.txt:4:20: expect counters: 0 is out of range: expected a number from 1`}},
		{"counters, form", "-- cards --\nA: {1} Artifact\n-- script --\nexpect counters A: 1 +1/+1, two\n", []string{`x.txt:4:29: expect counters: "two": expected N KIND`}},
		{"types", "-- cards --\nA: {1} Artifact\n-- script --\nexpect types A: Legendary Artefact — Golem\n", []string{`x.txt:4:27: expect types: "Artefact": expected a supertype or card type`}},
		// A check of a card that names a player is an error, as an
		// unknown card is: a player is in no zone.
		{"sector of a player", "-- cards --\nA: {1} Artifact\n-- script --\nexpect sector bob: alpha\n", []string{`x.txt:4:15: expect sector: "bob" is a player: expected a card`}},
		{"pt of a player", "-- script --\nexpect pt alice: 2/2\nexpect alice in graveyard\nexpect tapped: bob\n", []string{`x.txt:2:11: expect pt: "alice" is a player: expected a card`, `x.txt:3:8: expect in: "alice" is a player: expected a card`, `x.txt:4:16: expect tapped: "bob" is a player: expected a card`}},
		{"abilities", "-- cards --\nA: {1} Artifact\n-- script --\nexpect abilities A: Flying, Flyng\n", []string{`x.txt:4:29: expect abilities: "Flyng": expected a keyword ability`}},
		{"begin game's choice", "-- script --\nbegin game; kick\n", []string{`x.txt:2:13: unknown choice "kick"`}},
		{"mode", "-- cards --\nBad: {R} Instant; Choose one — draw a card • win the game\n-- script --\n", []string{`x.txt:2:46: Bad: unknown ability or effect "win the game"`}},
		{"mode with a cost", "-- cards --\nBad: {R} Instant; + {1} — draw a card • + {2} — win the game\n-- script --\n", []string{`x.txt:2:49: Bad: unknown ability or effect "win the game"`}},
		{"modes' costs", "-- cards --\nBad: {R} Instant; + {1} — draw a card • draw two cards\n-- script --\n", []string{`x.txt:2:19: Bad: every mode has a cost`}},
		{"modes chosen", "-- cards --\nA: {R} Instant; Choose one or more — draw a card • gain 2 life\n-- script --\nalice casts A; mode 1, two\n", []string{`x.txt:4:24: mode: `}},
		{"mana", "-- script --\nmana alice: {1}{Q}\n", []string{"x.txt:2:16: mana symbol {Q}: unknown"}},
		{"pay", "-- cards --\nA: {R} Instant; draw a card\n-- script --\nalice casts A; pay {R}{Z}\n", []string{"x.txt:4:23: mana symbol {Z}: unknown"}},
		{"paid", "-- cards --\nA: {R} Instant; draw a card\n-- script --\nexpect paid A: {1}{G/W}\n", []string{"x.txt:4:19: {G/W} is not an amount of mana"}},
		{"pool", "-- script --\nexpect pool alice: nothing\n", []string{`x.txt:2:20: mana cost "nothing": expected '{'`}},
		{"counters", "-- cards --\nA: {1} Artifact\n-- script --\ncounters A: two +1/+1\n", []string{`x.txt:4:13: counters: expected`}},
		{"counters, negative", "-- cards --\nA: {1} Artifact\n-- script --\ncounters A: -5 +1/+1\n", []string{`x.txt:4:13: counters: -5 is out of range: expected a number from 0 to 1000000`}},
		{"counters, too many", "-- cards --\nA: {1} Artifact\n-- script --\ncounters A: 9223372036854775807 +1/+1\n", []string{`x.txt:4:13: counters: 9223372036854775807 is out of range: expected a number from 0 to 1000000`}},
		{"multikicker, too many", "-- cards --\nA: {0} Artifact; Multikicker {2}\n-- script --\nalice casts A; multikicker 4611686018427387904\n", []string{`x.txt:4:28: multikicker: 4611686018427387904 is out of range: expected a number from 0 to 1000`}},
		{"copies, too many", "-- cards --\nA: {1} Artifact\n-- script --\nhand alice: A x61\n", []string{`x.txt:4:16: A: copies: 61 is out of range: expected a number from 1 to 60`}},
		{"life, huge", "-- script --\nlife alice: 99999999999999999999\n", []string{`x.txt:2:13: life: 99999999999999999999 is out of range`}},
		{"power, huge", "-- cards --\nBear: {1}{G} Creature — Bear 2000000/2\n-- script --\n", []string{`x.txt:2:30: Bear: bad power/toughness "2000000/2": 2000000 is out of range: expected a number from -1000000 to 1000000`}},
		{"toughness, not a number", "-- cards --\nBear: {1}{G} Creature — Bear 2/x\n-- script --\n", []string{`x.txt:2:30: Bear: bad power/toughness "2/x": "x" is not a whole number`}},
		{"effect number, huge", "-- cards --\nHeal: {W} Instant; gain 9223372036854775807 life\n-- script --\n", []string{`x.txt:2:25: Heal: 9223372036854775807 is out of range: expected a number from 0 to 1000000`}},
		{"cost without braces", "-- cards --\nShock: R Instant; Shock deals 2 damage to any target\n-- script --\n", []string{`x.txt:2:8: Shock: unknown card type "R"`}},
		{"too many abilities", "-- cards --\nBears: {1}{G} Creature — Bear 2/2" + strings.Repeat(";", 65) + "\n-- script --\n", []string{`x.txt:2:7: Bears: 65 abilities: a card has at most 64`}},
		{"counters, past int", "-- cards --\nA: {1} Artifact\n-- script --\ncounters A: 99999999999999999999 +1/+1\n", []string{`x.txt:4:13: counters: 99999999999999999999 is out of range`}},
		{"mana, past int", "-- script --\nmana alice: {1000000000000}\n", []string{`x.txt:2:13: mana symbol {1000000000000}: out of range`}},
		{"players", "players: alice\n-- script --\n", []string{"x.txt:1:10: players: expected two or more names"}},
		{"players twice", "players: alice bob Alice\n-- script --\n", []string{"x.txt:1:20: players: Alice is named twice"}},
		{"step", "-- script --\nstep lunch\n", []string{`x.txt:2:6: step: unknown step "lunch"`}},
		{"step count", "-- script --\nstep beginning of combat 0\nstep lunch 2\n", []string{`x.txt:2:26: step: 0: expected a count from 1`, `x.txt:3:6: step: unknown step "lunch"`}},
		{"ability", "-- cards --\nBad: {R} Instant; Bushido two\n-- script --\n", []string{`x.txt:2:19: Bad: Bushido two: expected a number from 0 to 1000000 after "Bushido"`}},
		{"effect", "-- cards --\nBad: {R} Instant; Win the game\n-- script --\n", []string{`x.txt:2:19: Bad: unknown ability or effect "Win the game"`}},
		{"one-shot text on a creature", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; Kavu deals 2 damage to any target\n-- script --\n", []string{`x.txt:2:35: Kavu: "Kavu deals 2 damage to any target" on a permanent is not understood`}},
		{"trigger's effect", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; When Kavu comes into play, it wrestles target creature\n-- script --\n", []string{`x.txt:2:62: Kavu: unknown effect "it wrestles target creature" of a triggered ability`}},
		{"room's effect", "-- cards --\nCrawl: Dungeon; Gate — win the game; Vault — draw a card\n-- script --\n", []string{`x.txt:2:24: Crawl: unknown effect "win the game" of a triggered ability`}},
		{"room's arrow", "-- cards --\nCrawl: Dungeon; Gate — draw a card → Cellar; Vault — draw a card\n-- script --\n", []string{`x.txt:2:38: Crawl: room Gate: an arrow points to a room listed after it, not "Cellar"`}},
		{"bottommost room's arrow", "-- cards --\nCrawl: Dungeon; Gate — draw a card; Vault — draw a card → Gate\n-- script --\n", []string{`x.txt:2:59: Crawl: room Vault: an arrow points to a room listed after it, not "Gate"`, `x.txt:2:59: Crawl: the last room listed is the bottommost`}},
		{"room without a name", "-- cards --\nCrawl: Dungeon; draw a card\n-- script --\n", []string{`x.txt:2:17: Crawl: "draw a card": a room is "NAME — EFFECT"`}},
		{"unknown room", "-- cards --\nCrawl: Dungeon; Gate — draw a card\n-- script --\nresolve; room Cellar\n", []string{`x.txt:4:15: unknown room "Cellar"`}},
		{"sector", "-- cards --\nBears: {1}{G} Creature — Bear 2/2\n-- script --\nalice sectors Bears=delta\n", []string{`x.txt:4:15: sector: "Bears=delta" is not CREATURE=alpha|beta|gamma`}},
		{"trigger's event", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; Whenever Kavu explores, draw a card\n-- script --\n", []string{`x.txt:2:49: Kavu: unknown event "explores" of a trigger`}},
		{"trigger's subject", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; Whenever a goblin attacks, draw a card\n-- script --\n", []string{`x.txt:2:44: Kavu: unknown subject "a goblin attacks" of a trigger`}},
		{"trigger's word", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; At dawn, draw a card\n-- script --\n", []string{`x.txt:2:35: Kavu: unknown trigger "At dawn, draw a card"`}},
		{"trigger's condition", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; When Kavu dies, if it rains, draw a card\n-- script --\n", []string{`x.txt:2:54: Kavu: unknown condition "it rains"`}},
		{"trigger's comma", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; When Kavu dies draw a card\n-- script --\n", []string{`x.txt:2:50: Kavu: expected ", EFFECT" after the trigger condition`}},
		{"player's event", "-- cards --\nKavu: {3}{R} Creature — Kavu 4/2; Whenever you attack, draw a card\n-- script --\n", []string{`x.txt:2:48: Kavu: unknown event "attack" of a trigger`}},
		{"activated cost", "-- cards --\nA: {1} Artifact; {2}, Frob a card: Draw a card.\n-- script --\n", []string{`x.txt:2:23: A: unknown cost "Frob a card"`}},
		{"activated cost symbol", "-- cards --\nA: {1} Artifact; {2}{Z}, {T}: Draw a card.\n-- script --\n", []string{`x.txt:2:21: A: mana symbol {Z}: unknown`}},
		{"activated effect", "-- cards --\nA: {1} Artifact; {T}: Win the game.\n-- script --\n", []string{`x.txt:2:23: A: unknown effect "Win the game" of an activated ability`}},
		{"sacrifice on a spell", "-- cards --\nA: {R} Instant; sacrifice it\n-- script --\n", []string{`x.txt:2:17: A: "sacrifice it": a spell is not a permanent`}},
		{"sacrifice on a permanent", "-- cards --\nA: {1} Artifact; its controller sacrifices it\n-- script --\n", []string{`x.txt:2:18: A: "its controller sacrifices it" on a permanent is not understood`}},
		{"intervening if", "-- cards --\nA: {1} Artifact; When A enters, if it was kicked, frob\n-- script --\n", []string{`x.txt:2:51: A: unknown effect "frob" of a triggered ability`}},
		{"mana on a permanent", "-- cards --\nA: {1} Artifact; Add {G}\n-- script --\n", []string{`x.txt:2:18: A: "Add {G}" on a permanent is not understood`}},
		{"pay life", "-- cards --\nA: {R} Instant; draw a card\n-- script --\nalice casts A; pay {R} and two life\n", []string{`x.txt:4:28: pay: expected "N life"`}},
		{"unknown card", "-- script --\nhand alice: Nothing\n", []string{`x.txt:2:13: unknown card "Nothing"`}},
		{"face down off the battlefield", "-- cards --\nA: {R} Instant; draw a card\n-- script --\nhand alice: A face down\n", []string{`x.txt:4:13: A: only a permanent is set up face down`}},
		{"unknown card face down", "-- script --\nbattlefield alice: Nothing face down\n", []string{`x.txt:2:20: unknown card "Nothing"`}},
		{"unknown player", "-- cards --\nA: {R} Instant; draw a card\n-- script --\nhand carol: A\n", []string{`x.txt:4:6: unknown player "carol"`}},
		{"statement", "-- script --\nalice dances\n", []string{`x.txt:2:7: unknown statement "alice dances"`}},
		{"statement, no player", "-- script --\ndance alice\n", []string{`x.txt:2:1: unknown statement "dance alice"`}},
		{"choice", "-- cards --\nA: {R} Instant; draw a card\n-- script --\nalice casts A; kick\n", []string{`x.txt:4:16: unknown choice "kick"`}},
		{"expect", "-- script --\nexpect nothing\n", []string{`x.txt:2:8: expect: unknown check "nothing"`}},
		{"two errors sorted", "-- cards --\nA: {R} Instant; draw a card\n-- script --\nhand alice: B\nalice casts C\n", []string{`x.txt:4:13: unknown card "B"`, `x.txt:5:13: unknown card "C"`}},
		{"not utf-8", "\xff\xfe", []string{"x.txt:1:1: not UTF-8 text"}},
		{"unclosed brace", "-- cards --\nBear: {1}{G Creature — Bear 2/2\n-- script --\n", []string{"x.txt:2:10: Bear: mana cost \"{G\": missing '}'"}},
		{"unknown word before damage", "-- cards --\nZap: {R} Instant; Frobnicate: deals 1 damage to any target\n-- script --\n", []string{`x.txt:2:19: Zap: "Frobnicate:" deals the damage`}},
		{"unknown source of damage", "-- cards --\nZop: {R} Instant; xyzzy deals 1 damage to any target\n-- script --\n", []string{`x.txt:2:19: Zop: "xyzzy" deals the damage`}},
		{"unknown source of a mode's damage", "-- cards --\nZip: {R} Instant; Choose one — draw a card • xyzzy deals 1 damage to any target\n-- script --\n", []string{`x.txt:2:46: Zip: "xyzzy" deals the damage`}},
		{"unknown source of an ability's damage", "-- cards --\nRod: {1} Artifact; {T}: xyzzy deals 1 damage to any target\n-- script --\n", []string{`x.txt:2:25: Rod: "xyzzy" deals the damage`}},
		{"activated ability on a sorcery", "-- cards --\nZup: {R} Sorcery; Sacrifice a creature: draw a card\n-- script --\n", []string{`x.txt:2:19: Zup: "Sacrifice a creature: draw a card" is an activated ability`}},
		{"pt", "-- cards --\nBear: {1}{G} Creature — Bear 2/2\n-- script --\nexpect pt Bear: two/two\n", []string{`x.txt:4:17: expect pt: "two/two": expected POWER/TOUGHNESS`}},
		{"pt, one number", "-- cards --\nBear: {1}{G} Creature — Bear 2/2\n-- script --\nexpect pt Bear: 2\n", []string{`x.txt:4:17: expect pt: "2": expected POWER/TOUGHNESS`}},
		{"mv", "-- cards --\nBear: {1}{G} Creature — Bear 2/2\n-- script --\nexpect mv Bear: two\n", []string{`x.txt:4:17: expect mv: "two": expected a number`}},
		{"reason, empty", "-- script --\nexpect reason: \n", []string{`x.txt:2:15: expect reason: expected the text`}},
		{"chapter on a sorcery: XX is a name, not numerals", "-- cards --\nXX: {1}{R} Sorcery; XX deals 2 damage to any target\n-- script --\n", nil},
		{"chapter on a creature", "-- cards --\nBear: {1}{G} Creature — Bear 2/2; I — draw a card\n-- script --\n", []string{`x.txt:2:35: Bear: unknown ability or effect "I — draw a card"`}},
		{"chapter on a Saga", "-- cards --\nTale: {1}{U} Enchantment — Saga; I, II draw a card\n-- script --\n", []string{`x.txt:2:39: Tale: "I, II draw a card": expected " — EFFECT" after the chapter numbers`}},
		{"keyword cost in words", "-- cards --\nBear: {1}{G} Creature — Bear 2/2; Ward—Frob a card\n-- script --\n", []string{`x.txt:2:35: Bear: Ward—Frob a card: unknown cost "Frob a card"`}},
		{"byte-order mark", "\ufeff# t\r\nrev: latest\r\n-- script --\r\nexpect life alice: 20\r\n", nil},
		{"byte-order mark, then an error", "\ufeffrevs latest\n-- script --\n", []string{`x.txt:1:1: expected rev:, keyword:, players:, a comment or a section before "revs latest"`}},
		{"rev: column after a byte-order mark", "\ufeffrev: 2006..\n-- script --\n", []string{`x.txt:1:6: rev: "2006..": a range`}},
	} {
		_, err := scenario.Parse("x.txt", []byte(tc.src))
		list := scenario.Errors(err)
		if len(list) != len(tc.want) {
			t.Errorf("%s: %d errors %v, want %d", tc.name, len(list), list, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if got := list[i].Error(); !strings.HasPrefix(got, w) {
				t.Errorf("%s: error %d = %q, want prefix %q", tc.name, i, got, w)
			}
		}
	}
}
