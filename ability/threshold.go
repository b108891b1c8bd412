package ability

import (
	"fmt"
	"strings"

	"github.com/crules/crules/game"
)

// The keywords that give an object text while a condition holds:
// threshold (502.23, 2001-09-24 to 2006-07-15; an ability word after),
// and the keywords that do nothing in their own right, other rules and
// cards looking for them: snow-covered (502.14, 2001-07-23 to
// 2004-06-01) and substance (502.49, 2005-10-01 to 2009-05-01).

// Threshold is a threshold ability (502.23a): "Threshold — [text]"
// means "As long as you have seven or more cards in your graveyard,
// this card has '[text].'" An instant or sorcery card has the text only
// on the stack, any other only on the battlefield (502.23c). The text
// modelled is a keyword ability (Grants); Of gives its abilities beside
// the Threshold while Active. Its note takes the object, the ability
// granted, the player and the number of cards in their graveyard.
type Threshold struct {
	Base
	Min    int
	Grants game.Ability
}

// Active reports whether t grants its text to o: o is on the stack (an
// instant or sorcery) or on the battlefield (any other), and its
// controller has at least Min cards in their graveyard.
func (t *Threshold) Active(o *game.Object) bool {
	spell := o.Is("Instant") || o.Is("Sorcery")
	if spell && o.Zone != game.Stack || !spell && o.Zone != game.Battlefield {
		return false
	}
	p := o.Controller()
	return p != nil && len(p.Zone(game.Graveyard)) >= t.Min
}

// reThreshold is the shape of threshold's definition (502.23a): "As
// long as you have seven or more cards in your graveyard, this card
// has '[text].'" ("[this object] has" from 2003-07-01; the 2004-02-01
// text lost its quoted '[text]').
var reThreshold = lazyRegexp(`^(?i)as long as you have (\w+) or more cards in your graveyard, (?:this card|\[this object\]) has(?: '\[text\]\.?'\.?)?$`)

// readThreshold reads the number of cards threshold's definition asks
// for.
func readThreshold(parts []string) (int, error) {
	if len(parts) != 1 {
		return 0, fmt.Errorf("threshold's definition has %d parts, not one", len(parts))
	}
	p := strings.TrimSpace(strings.NewReplacer("’", "'", "‘", "'", "“", "", "”", "", "\"", "").Replace(parts[0]))
	m := reThreshold().FindStringSubmatch(p)
	if m == nil {
		return 0, fmt.Errorf("no shape the grammar knows at %q (known: \"As long as you have N or more cards in your graveyard, this card has '[text]'\")", parts[0])
	}
	n, byN, ok := readNumber(strings.ToLower(m[1]))
	if !ok || byN {
		return 0, fmt.Errorf("unknown number %q in %q", m[1], parts[0])
	}
	return n, nil
}

// Infinity is an ∞ ability (702.186, from 2025-09-19): "∞ — [Ability]"
// means "As long as this permanent is harnessed, it has [ability]"
// (702.186b; harnessed, 701.64b). Grants is the keyword ability
// granted; Of gives its abilities beside the Infinity while Active.
type Infinity struct {
	Base
	Grants game.Ability
}

// Active reports whether i grants its ability to o: o is a harnessed
// permanent.
func (i *Infinity) Active(o *game.Object) bool { return o.Zone == game.Battlefield && o.Harnessed }

// reInfinity is the shape of ∞'s definition (702.186b).
var reInfinity = lazyRegexp(`^(?i)as long as this permanent is harnessed, it has \[ability\]\.?$`)

// readInfinity reports why the parts of ∞'s definition are outside its
// shape.
func readInfinity(parts []string) error {
	if len(parts) != 1 || !reInfinity().MatchString(strings.TrimSpace(strings.NewReplacer("’", "'", "“", "", "”", "", "\"", "").Replace(parts[0]))) {
		return fmt.Errorf("no shape the grammar knows at %q (known: \"As long as this permanent is harnessed, it has [ability]\")", strings.Join(parts, " | "))
	}
	return nil
}

func init() {
	families = append(families, func() {
		// Compiled from the definition; written "∞ — Flying" on a card,
		// the ability after the dash a keyword ability. The name cards
		// print, "∞", is the declaration's other name (formerly), so
		// that an instance written so finds it.
		declare("∞ (Infinity)", func(inst game.Ability, r Rev) []Ability {
			if readInfinity(r.Parts("∞ (Infinity)")) != nil {
				return nil
			}
			g, _, _ := game.ParseAbility(inst.Quality)
			return []Ability{&Infinity{Base: Base{Keyword: "∞ (Infinity)", Rule: []string{"as long as this permanent is harnessed"}, Note: "%s is harnessed and has %s"}, Grants: g}}
		}, byShape(readInfinity), formerly("∞"))
		// Compiled from the definition: the number of cards read from
		// it. The text after "Threshold —" is written as a keyword
		// ability ("Threshold — Flying"): a card's static, activated or
		// triggered text there (502.23a lists them) is not read.
		declare("Threshold", func(inst game.Ability, r Rev) []Ability {
			n, err := readThreshold(r.Parts("Threshold"))
			if err != nil {
				return nil
			}
			g, _, _ := game.ParseAbility(inst.Quality)
			return []Ability{&Threshold{Base: Base{Keyword: "Threshold", Rule: []string{"cards in your graveyard"}, Note: "%s has %s: %s has %d cards in their graveyard"},
				Min: n, Grants: g}}
		}, byShape(func(parts []string) error {
			_, err := readThreshold(parts)
			return err
		}))
		// "Snow-covered is an ability that doesn't do anything in its own
		// right; it's simply a keyword that other cards look for"
		// (502.14a): a snow-covered land is one with it, which a
		// snow-covered landwalk counts (game.LandwalkLand).
		declare("Snow-Covered", func(game.Ability, Rev) []Ability { return nil }, anchors("doesn't do anything in its own right"))
		// "Substance is a static ability with no effect" (502.49a).
		declare("Substance", func(game.Ability, Rev) []Ability { return nil }, anchors("with no effect"))
	})
}

// readScry reports why the parts of scry's definition as a keyword
// ability (502.36a, 2004-06-01 to 2007-02-01: "Scry X" means "Look at
// the top X cards of your library. Put any number of them on the bottom
// of your library in any order and the rest on top of your library in
// any order") are not what CompileMeans reads as scry's look at the top
// (the engine does that compiled definition, as it does the keyword
// action's of later revisions).
func readScry(parts []string) error {
	if len(parts) != 1 {
		return fmt.Errorf("no shape the grammar knows at %q (known: one quoted instruction, \"Look at the top N cards of your library. Put any number of them on the bottom …\")", strings.Join(parts, " | "))
	}
	_, steps, err := CompileMeans("“Scry N” means “" + parts[0] + "”")
	if err != nil {
		return err
	}
	if len(steps) != 1 || steps[0].Effect.Verb != "arrange" {
		return fmt.Errorf("no look at the top cards at %q", parts[0])
	}
	return nil
}

func init() {
	families = append(families, func() {
		// Compiled from the definition where scry is a keyword
		// ability: the engine does what it means (Performs), as it does
		// the keyword action of later revisions (OfInstance).
		declare("Scry", func(inst game.Ability, r Rev) []Ability {
			if readScry(r.Parts("Scry")) != nil {
				return nil
			}
			return []Ability{performs(inst)}
		}, byShape(readScry))
	})
}
