package ability

import (
	"strings"

	"github.com/crules/crules/game"
)

// CantBlock: the creature can't block (decayed's "This creature can't
// block"); with Counter set, only as long as it has a counter of that
// kind on it (unleash's "This permanent can't block as long as it has a
// +1/+1 counter on it"). Note's argument: its label.
type CantBlock struct {
	Base
	Counter string
	Text    string // as printed on a card; "" for a keyword's
}

// PrintedText is the card text the ability was read from.
func (c *CantBlock) PrintedText() string { return c.Text }

// Applies reports whether the restriction applies to o now.
func (c *CantBlock) Applies(o *game.Object) bool {
	return c.Counter == "" || o.Counters[c.Counter] > 0
}

// readCantBlock is the shape, for keyword definitions and card text
// (readStatic) alike, of what follows the subject:
//
//	cantblock = "can't block" ["as long as it has a" KIND "counter on it"]
//
// It reports false when rest is not "can't block …"; tail is the part
// after "can't block" it does not read, "" when it read it all.
func readCantBlock(rest string) (c *CantBlock, tail string, ok bool) {
	after, ok := strings.CutPrefix(rest, "can't block")
	if !ok || after != "" && after[0] != ' ' {
		return nil, "", false
	}
	c = &CantBlock{Base: Base{Rule: []string{" means ", "can't block"}, Note: "%s can't block"}}
	after = strings.TrimSpace(after)
	if after == "" {
		return c, "", true
	}
	if w, ok := strings.CutPrefix(after, "as long as it has a "); ok {
		if kind, ok := strings.CutSuffix(w, " counter on it"); ok && kind != "" && !strings.Contains(kind, " ") {
			c.Counter = kind
			c.Note = "%s can't block as long as it has a " + kind + " counter on it"
			return c, "", true
		}
	}
	return c, after, true
}

// readCantBlockPart is the static shape of a definition's part:
// "this creature can't block", "this permanent can't block as long as
// it has a +1/+1 counter on it".
func readCantBlockPart(part string) ([]Ability, bool) {
	for _, s := range staticSubjects {
		if rest, ok := strings.CutPrefix(part, s+" "); ok {
			if c, tail, ok := readCantBlock(rest); ok && tail == "" {
				return []Ability{c}, true
			}
			return nil, false
		}
	}
	return nil, false
}

func init() {
	staticShapes = append(staticShapes, readCantBlockPart)
	families = append(families, func() {
		// "This creature can't block" and "When this creature attacks,
		// sacrifice it at end of combat" (702.147a): a CantBlock and a
		// trigger whose effect is a delayed triggered ability.
		declare("Decayed", shaped, byShapes)
	})
}
