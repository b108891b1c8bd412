package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// The grammar of a permanent that enters as a copy (707.5; 706.5 from
// 2009-07-11, 503.5 before), a replacement effect of card text
// (614.1c):
//
//	entersascopy = "You may have" object "enter" ["the battlefield"] "as a copy of" which ["on the battlefield"] [", except" EXCEPTIONS]
//	object       = "this creature" | "this artifact" | "this enchantment" | "this permanent" | NAME
//	which        = ("any" | "a" | "an") TYPE ["you control"]
//	TYPE         = "creature" | "artifact" | "enchantment" | "land" | "permanent"
//
// EXCEPTIONS are those of a token created as a copy (game.ParseCopyExcept):
// they become part of the copy's copiable values (707.9b). Its controller
// chooses the object as it enters, `resolve; copy NAME`, or declines the
// "may", `resolve; decline`, and it enters as itself.

// EntersAsCopy is a replacement effect "You may have this creature enter
// as a copy of any creature on the battlefield": Of is the card type of
// what it may copy ("Permanent" for any), YouControl limits it to its
// controller's, Except the exceptions. Note's arguments: the label, its
// controller, the object copied.
type EntersAsCopy struct {
	Base
	Of         string
	YouControl bool
	Except     *game.CopyExcept
	Text       string // as printed on a card
}

// PrintedText is the card text the ability was read from.
func (c *EntersAsCopy) PrintedText() string { return c.Text }

// Allows reports whether o is an object c lets its permanent copy, for a
// permanent controlled by p: a permanent of its type on the
// battlefield.
func (c *EntersAsCopy) Allows(o *game.Object, p *game.Player) bool {
	if o.Zone != game.Battlefield || c.YouControl && o.Controller() != p {
		return false
	}
	return c.Of == "Permanent" || o.Is(c.Of)
}

// readEntersAsCopy reads t (no final period) as an "enter as a copy"
// replacement effect of the object named self; false when t is not
// one.
func readEntersAsCopy(t, self string) (*EntersAsCopy, bool, error) {
	t = strings.NewReplacer("’", "'").Replace(t)
	low := strings.ToLower(t)
	rest, ok := strings.CutPrefix(low, "you may have ")
	if !ok {
		return nil, false, nil
	}
	objects := []string{"this creature", "this artifact", "this enchantment", "this permanent"}
	if self != "" {
		objects = append(objects, strings.ToLower(self))
	}
	found := false
	for _, o := range objects {
		if r, ok := strings.CutPrefix(rest, o+" "); ok {
			rest, found = r, true
			break
		}
	}
	if !found {
		return nil, false, nil
	}
	enter := ""
	for _, v := range []string{"enter the battlefield as a copy of ", "enter as a copy of ", "come into play as a copy of "} {
		if strings.HasPrefix(rest, v) {
			enter = v
		}
	}
	if enter == "" {
		return nil, false, nil
	}
	rest = rest[len(enter):]
	at := len(low) - len(rest)
	which, _, hasExcept := strings.Cut(rest, ", except ")
	c := &EntersAsCopy{Base: Base{Rule: []string{"then become a copy of that permanent", "then become a copy of that object"}, Note: "%s enters as a copy of %s"}}
	words := strings.Fields(which)
	if len(words) < 2 || words[0] != "any" && words[0] != "a" && words[0] != "an" {
		return nil, true, textErr(at, "unknown object to copy %q (known: \"any creature on the battlefield\", \"a creature you control\", …)", t[at:at+len(which)])
	}
	switch words[1] {
	case "creature", "artifact", "enchantment", "land", "permanent":
		c.Of = strings.ToUpper(words[1][:1]) + words[1][1:]
	default:
		return nil, true, textErr(at+len(words[0])+1, "unknown card type %q to copy (known: creature, artifact, enchantment, land, permanent)", words[1])
	}
	switch tail := strings.Join(words[2:], " "); tail {
	case "", "on the battlefield":
	case "you control":
		c.YouControl = true
	default:
		return nil, true, textErr(at+strings.Index(which, tail), "unknown end %q of the object to copy (known: \"on the battlefield\", \"you control\")", tail)
	}
	if hasExcept {
		at += len(which) + len(", except ")
		x, ok := game.ParseCopyExcept(t[at:])
		if !ok {
			return nil, true, textErr(at, "unknown exception %q (known: \"it's P/T\", \"it's a TYPE in addition to its other types\", \"it's COLOR\", \"it has no mana cost\")", t[at:])
		}
		c.Except = x
	}
	return c, true, nil
}
