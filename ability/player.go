package ability

import (
	"fmt"
	"strings"

	"github.com/crules/crules/game"
)

// The designation family: keywords that give players a value of their
// own (speed), that read it (max speed), or that give permanents a
// designation (sectors); and the initiative, a designation no keyword
// gives.

// Speed is start your engines! (702.179, from 2025-02-07): a player who
// controls a permanent with it and has no speed gets speed Start, a
// state-based action (704.5z); a player with speed has the inherent
// triggered ability Grow, with no source: "Whenever one or more
// opponents lose life during your turn, if your speed is less than Max,
// your speed increases by 1. This ability triggers only once each turn."
// Grow's note takes the player, the speed before and after.
type Speed struct {
	Base
	Start, Max int
	Grow       Base
}

func init() {
	families = append(families, func() {
		speed := []Ability{&Speed{Base: Base{Keyword: "Start your engines!", Rule: []string{"has no speed, their speed becomes 1"}, Note: "%s controls a permanent with start your engines! and has no speed: their speed becomes %d"},
			Start: 1, Max: 4,
			Grow: Base{Keyword: "Start your engines!", Rule: []string{"whenever one or more opponents lose life during your turn"}, Note: "%s's speed increases from %d to %d"}}}
		declare("Start your engines!", func(game.Ability, Rev) []Ability { return speed }, anchors("speed becomes 1", "your speed increases by 1"))
	})
}

// MaxSpeed is a max speed ability (702.178, from 2025-02-07): "Max
// speed — [Ability]" means "As long as your speed is Speed, this object
// has '[Ability]'", the speed of the object's controller (its owner's
// off the battlefield). Grants is the keyword ability granted; Of gives
// its abilities beside the MaxSpeed while the condition holds. Its note
// takes the object, the ability granted, the player and the speed.
type MaxSpeed struct {
	Base
	Speed  int
	Grants game.Ability
}

func init() {
	families = append(families, func() {
		declare("Max Speed", func(inst game.Ability, _ Rev) []Ability {
			g, _, _ := game.ParseAbility(inst.Quality)
			return []Ability{&MaxSpeed{Base: Base{Keyword: "Max Speed", Rule: []string{"as long as your speed is 4"}, Note: "%s has %s as long as %s's speed is %d"},
				Speed: 4, Grants: g}}
		}, anchors("as long as your speed is 4"))
	})
}

// Active reports whether m grants its ability to o: whether the speed
// of o's controller (its owner's, for a card neither on the battlefield
// nor on the stack) is m.Speed.
func (m *MaxSpeed) Active(o *game.Object) bool {
	p := o.Controller()
	if o.Zone != game.Battlefield && o.Zone != game.Stack && o.Owner != nil {
		p = o.Owner
	}
	return p != nil && p.Speed == m.Speed
}

// Sculpts is space sculptor (702.158, from 2022-10-07): while a
// permanent with it is on the battlefield, each creature without a
// sector designation gets one of those 702.158b names (the engine reads
// them from the revision's text), chosen by its controller, the
// players who control no permanent with space sculptor first (a
// state-based action, 704.5u); a permanent keeps its designation until
// no player controls a permanent with space sculptor or an ability
// whose source has it (Keeps, 702.158b).
type Sculpts struct {
	Base
	Keeps Base
}

func init() {
	families = append(families, func() {
		sculpts := []Ability{&Sculpts{Base: Base{Keyword: "Space Sculptor", Rule: []string{"chooses a sector designation for each of those creatures"}},
			Keeps: Base{Keyword: "Space Sculptor", Rule: []string{"keeps it until no player controls"}}}}
		declare("Space Sculptor", func(game.Ability, Rev) []Ability { return sculpts }, anchors("sector designation"))
	})
}

// Initiative is the initiative (725; 721, titled "Initiative", from
// 2022-06-10 to 2022-09-08), a designation a player takes by an effect
// and at most one player has (Takes; a player who has it and takes it
// again, Again, keeps it; when the player who has it leaves the game,
// Leaves, the active player or the next in turn order takes it). It is
// no keyword: no object has it, and its
// three inherent triggered abilities have no source and are controlled
// by the player who had the initiative as they triggered: Upkeep ("At
// the beginning of the upkeep of the player who has the initiative,
// that player ventures into Undercity"), Damage ("Whenever one or more
// creatures a player controls deal combat damage to the player who has
// the initiative, the controller of those creatures takes the
// initiative") and Taken ("Whenever a player takes the initiative, that
// player ventures into Undercity"). Each Base's Rule selects the
// subrule under a rule of Titles; the notes of Takes and Again take the
// player, Leaves's the player leaving and the one who takes it. Dungeon is the dungeon
// type its ventures choose (701.46d, 205.3p).
type Initiative struct {
	Titles                []string
	Takes, Again, Leaves  Base
	Upkeep, Damage, Taken Base
	Dungeon               string
}

// TheInitiative is the initiative's data.
var TheInitiative = &Initiative{
	Titles:  []string{"The Initiative", "Initiative"},
	Takes:   Base{Keyword: "Initiative", Rule: []string{"as a player takes the initiative, the player who currently has the initiative ceases to have it"}, Note: "%s takes the initiative"},
	Again:   Base{Keyword: "Initiative", Rule: []string{"if the player who currently has the initiative is instructed to take the initiative"}, Note: "%s already has the initiative and takes it again: the initiative trigger triggers, but there is no second initiative"},
	Leaves:  Base{Keyword: "Initiative", Rule: []string{"if the player who has the initiative leaves the game"}, Note: "%s, who has the initiative, leaves the game: %s takes it"},
	Upkeep:  Base{Keyword: "Initiative", Rule: []string{"at the beginning of the upkeep of the player who has the initiative"}, Note: "at the beginning of the upkeep of the player who has the initiative, that player ventures into Undercity"},
	Damage:  Base{Keyword: "Initiative", Rule: []string{"deal combat damage to the player who has the initiative"}, Note: "whenever one or more creatures a player controls deal combat damage to the player who has the initiative, the controller of those creatures takes the initiative"},
	Taken:   Base{Keyword: "Initiative", Rule: []string{"whenever a player takes the initiative, that player ventures into undercity"}, Note: "whenever a player takes the initiative, that player ventures into Undercity"},
	Dungeon: "Undercity",
}

// Ascend is ascend (702.131, from 2018-01-19): on an instant or sorcery
// spell a spell ability, "If you control ten or more permanents and you
// don't have the city's blessing, you get the city's blessing for the
// rest of the game" (Spell, as it resolves); on a permanent a static
// ability, "Any time you control ten or more permanents …" (Any). Min
// is the number of permanents, read from the definition. The notes
// take the player and how many permanents they control.
type Ascend struct {
	Base
	Min   int
	Spell Base
}

// reAscend is the shape of each part of ascend's definition.
var reAscend = lazyRegexp(`^(?i)(if|any time) you control (\w+) or more permanents and you don't have the city's blessing, you get the city's blessing for the rest of the game\.?$`)

// readAscend reads the number of permanents ascend's two parts ask
// for: the spell's, then the permanent's.
func readAscend(parts []string) (int, error) {
	if len(parts) != 2 {
		return 0, fmt.Errorf("ascend's definition has %d parts, not two", len(parts))
	}
	n := 0
	for i, part := range parts {
		m := reAscend().FindStringSubmatch(normalPart(part))
		if m == nil || (m[1] == "if") != (i == 0) {
			return 0, fmt.Errorf("no shape the grammar knows at %q (known: \"If|Any time you control N or more permanents and you don't have the city's blessing, you get the city's blessing for the rest of the game\")", part)
		}
		k, byN, ok := readNumber(strings.ToLower(m[2]))
		if !ok || byN || i > 0 && k != n {
			return 0, fmt.Errorf("unknown number %q in %q", m[2], part)
		}
		n = k
	}
	return n, nil
}

func init() {
	families = append(families, func() {
		declare("Ascend", func(inst game.Ability, r Rev) []Ability {
			n, err := readAscend(r.Parts("Ascend"))
			if err != nil {
				return nil
			}
			return []Ability{&Ascend{Base: Base{Keyword: "Ascend", Rule: []string{"represents a static ability"}, Note: "%s controls %d permanents and gets the city's blessing for the rest of the game"},
				Min:   n,
				Spell: Base{Keyword: "Ascend", Rule: []string{"represents a spell ability"}, Note: "%s controls %d permanents as the spell resolves and gets the city's blessing for the rest of the game"}}}
		}, byShape(func(parts []string) error {
			_, err := readAscend(parts)
			return err
		}), blesses)
	})
}
