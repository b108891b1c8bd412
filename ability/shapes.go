package ability

import (
	"fmt"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// The static shapes of keyword definitions: a definition that is no
// triggered ability ("This spell costs {1} less to cast for each
// opponent you have", "As long as this spell is on the stack, players
// can't cast other spells …") is read part by part by one of them, each
// in a file of its own (shape_*.go). A shape reads one part, in lower
// case with its quotes, final period and typographic apostrophes gone,
// into the abilities it means; ok is false outside the shape.
type shape func(part string) (as []Ability, ok bool)

// staticShapes are the shapes a part is tried with, in order.
var staticShapes []shape

// normalPart is a part of a definition as a shape reads it.
func normalPart(part string) string {
	s := strings.NewReplacer("’", "'", "‘", "'", "“", "", "”", "", "\"", "").Replace(part)
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".")
}

// readShapes reads every part of a definition with the static shapes:
// the abilities, or an error naming the first part none of them reads.
func readShapes(parts []string) ([]Ability, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no quoted definition for the shapes to read")
	}
	var out []Ability
	for _, part := range parts {
		p := normalPart(part)
		read := false
		for _, sh := range staticShapes {
			if as, ok := sh(p); ok {
				out, read = append(out, as...), true
				break
			}
		}
		if !read {
			return nil, fmt.Errorf("no shape the grammar knows at %q", part)
		}
	}
	return out, nil
}

// CheckShapes reports why a definition's parts (its quoted parts, as a
// keyword spec lists them) are outside the static shapes: a keyword
// declared byShapes is stale in a revision whose definition they don't
// read.
func CheckShapes(parts []string) error {
	_, err := readShapes(parts)
	return err
}

// shaped declares a keyword by its revision's own definition, read by
// the static shapes: the keyword then names the abilities, and has none
// in a revision whose definition they don't read.
// The abilities are read once for each wording and shared: no shape
// has a parameter of the instance.
func shaped(inst game.Ability, r Rev) []Ability {
	parts := r.Parts(inst.Keyword)
	key := inst.Keyword + "\x00" + strings.Join(parts, "\x00")
	if v, ok := shapedCache.Load(key); ok {
		return v.([]Ability)
	}
	as, err := readShapes(parts)
	if err != nil {
		as = nil
	}
	for _, a := range as {
		Info(a).Keyword = inst.Keyword
		if p, ok := a.(*PayWithPermanents); ok {
			p.Choice = strings.ToLower(inst.Keyword)
			p.Note = p.Choice + ": " + p.Note
		}
	}
	v, _ := shapedCache.LoadOrStore(key, as)
	return v.([]Ability)
}

var shapedCache sync.Map // keyword and wording → []Ability

// byShapes marks a keyword compiled from its definition by the static
// shapes.
func byShapes(d *Decl) { d.Compiled, d.Shaped = true, true }
