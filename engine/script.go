package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/game"
	"github.com/crules/crules/parse"
)

// A Scenario is what the engine runs: players, the cards the scripts
// name, and the scripts. Package scenario reads it from a scenario file;
// every statement keeps its position in that file so that each check
// reports file:line:col.
type Scenario struct {
	Name string // the file name, printed in every check's position
	// Keywords are the keywords the scenario exercises; Cover counts a
	// keyword as modelled when a scenario naming it passes.
	Keywords []string
	// Players are the player names, first active.
	Players []string
	Cards   []*CardDef
	Scripts []*Script
}

// A CardDef is a card definition with its position.
type CardDef struct {
	Card *game.Card
	Pos  parse.Pos
	// AbilityPos is where each keyword ability of a face (Card or one
	// of its Halves) is written, in the order of its Abilities.
	AbilityPos map[*game.Card][]parse.Pos
	// Src is the card's line as written, from Pos: where an effect's
	// text is, for an error at its column.
	Src string
	// TypePos is where the words of a face's type line are written
	// that a revision may not define ("Enchant" of "Enchant Creature",
	// the subtype "Aura"), by word.
	TypePos map[*game.Card]map[string]parse.Pos
}

// TypeAt is where word of face c's type line is written, or the card's
// line when unknown.
func (d *CardDef) TypeAt(c *game.Card, word string) parse.Pos {
	if p, ok := d.TypePos[c][word]; ok {
		return p
	}
	return d.Pos
}

// At is where keyword ability i of face c is written: its column, or
// the card's line when unknown.
func (d *CardDef) At(c *game.Card, i int) parse.Pos {
	if ps := d.AbilityPos[c]; i < len(ps) {
		return ps[i]
	}
	return d.Pos
}

// EffectAt is where the instruction ef of the card is written: the
// column of its text in the card's line, or the line's start.
func (d *CardDef) EffectAt(ef game.Effect) parse.Pos {
	i := strings.Index(strings.ToLower(d.Src), strings.ToLower(ef.Text))
	if i < 0 || ef.Text == "" {
		return d.Pos
	}
	return parse.Pos{Line: d.Pos.Line, Col: d.Pos.Col + utf8.RuneCountInString(d.Src[:i]), Offset: d.Pos.Offset + i}
}

// Card returns the definition of the card named name (case ignored;
// "Name#2" means Name), or nil.
func (s *Scenario) Card(name string) *game.Card {
	name = baseName(name)
	for _, d := range s.Cards {
		if strings.EqualFold(d.Card.Name, name) {
			return d.Card
		}
	}
	return nil
}

// baseName strips the "#2" that tells two cards of one name apart.
func baseName(label string) string {
	if i := strings.LastIndexByte(label, '#'); i > 0 {
		if _, err := strconv.Atoi(label[i+1:]); err == nil {
			return strings.TrimSpace(label[:i])
		}
	}
	return label
}

// Labels hands out the labels of one script's cards: the first card of
// a name is "Bears", the next "Bears#2", and so on. A label written in
// setup ("battlefield alice: Bears#2") is kept as written, so that the
// object is named by it everywhere; the cards named without a number
// take the labels still free. The zero value is ready to use.
type Labels struct {
	taken map[string]bool // lower-case labels in use
	next  map[string]int  // lower-case name: the last number handed out
}

// Take returns the label of a new card named name, written as written
// ("Bears" or "Bears#2"), or an error when the written label is already
// taken or its number is not one of 2, 3, ….
func (l *Labels) Take(name, written string) (string, error) {
	if l.taken == nil {
		l.taken, l.next = map[string]bool{}, map[string]int{}
	}
	k := strings.ToLower(name)
	if base := baseName(written); base != written {
		num := strings.TrimSpace(written[strings.LastIndexByte(written, '#')+1:])
		n, _ := strconv.Atoi(num)
		switch {
		case n < 1 || strconv.Itoa(n) != num: // "#01" says its leading zero first
			return "", fmt.Errorf("%s: a label's number is 2 or more, written without sign or leading zeros (%s#2)", written, name)
		case n == 1:
			return "", fmt.Errorf("%s: the first card of a name is labelled %s, without a number", written, name)
		}
		label := fmt.Sprintf("%s#%d", name, n)
		if l.taken[strings.ToLower(label)] {
			return "", fmt.Errorf("%s: the label is already taken by another card of this script", written)
		}
		l.taken[strings.ToLower(label)] = true
		return label, nil
	}
	for n := l.next[k] + 1; ; n++ {
		label := name
		if n > 1 {
			label = fmt.Sprintf("%s#%d", name, n)
		}
		if !l.taken[strings.ToLower(label)] {
			l.next[k], l.taken[strings.ToLower(label)] = n, true
			return label, nil
		}
	}
}

// A Script is one scenario: statements run in order from an empty game.
type Script struct {
	Name  string
	Pos   parse.Pos
	Stmts []*Stmt
}

// A Stmt is one statement of a script. Verb says what it does:
//
//	setup:   zone (ZONE PLAYER: cards), mana, life, turn, tap, counters,
//	         attach, poison, owner (a permanent another player owns)
//	actions: cast, activate, draw, discard, attack, block, resolve,
//	         resolveall, noblocks, damage, destroy, endturn, unmorph,
//	         triggers (the choices for triggered abilities waiting),
//	         orderblockers (a damage assignment order),
//	         keep (the permanent a player keeps under the legend rule)
//	checks:  expect
//
// Illegal marks an action that must be refused.
type Stmt struct {
	Pos     parse.Pos
	Text    string
	Verb    string
	Illegal bool
	Player  string
	Zone    game.Zone
	Object  Name   // the card acted on
	Names   []Name // a list of cards or players; a player first when Player is set
	Clauses []*Clause
	// Expect is what an expect statement checks ("zone", "in", "life",
	// "pt", "counters", "tapped", "untapped", "color", "mv", "paid",
	// "stack", "reason", "damage", "poison", "pool", …); Value the
	// expected value, which starts at ValuePos.
	Expect   string
	Value    string
	ValuePos parse.Pos
	Mana     game.Mana
	N        int
}

// FaceDownSuffix ends the name of a card a setup line puts onto the
// battlefield face down ("battlefield alice: Shock face down").
const FaceDownSuffix = " face down"

// A Name is a card label or a player name with its position.
type Name struct {
	Text string
	Pos  parse.Pos
}

// A Clause is a choice made with an action: "targeting bob", "splice
// Glacial Ray targeting Grizzly Bears", "convoke A, B=W", "pay {G}{W}".
type Clause struct {
	Word  string
	Pos   parse.Pos
	Names []Name
	Sub   *Clause // "splice X targeting Y": the targeting clause of X
	Mana  game.Mana
	// HasMana is set when a pay clause names mana ("pay {1}{U}"), not
	// only life ("pay 2 life"); N is then the life paid.
	HasMana bool
	N       int
	// Ns are the numbers of a clause that lists them ("mode 1, 3"), N
	// the first.
	Ns []int
}

// Clause returns the statement's first clause of word w, or nil.
func (s *Stmt) Clause(w string) *Clause {
	for _, c := range s.Clauses {
		if c.Word == w {
			return c
		}
	}
	return nil
}
