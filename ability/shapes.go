package ability

import (
	"fmt"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// The shapes of keyword definitions read part by part: a part that is
// no triggered ability ("This spell costs {1} less to cast for each
// opponent you have", "As long as this spell is on the stack, players
// can't cast other spells …") is read by one of the static shapes, each
// in a file of its own (shape_*.go); a part that is one ("When you cast
// this spell, if a replicate cost was paid for it, copy it …") by the
// grammar of triggered abilities (compile.go). A static shape reads one
// part, in lower case with its quotes, final period and typographic
// apostrophes gone, into the abilities it means; ok is false outside the
// shape.
type shape func(part string) (as []Ability, ok bool)

// staticShapes are the shapes a part is tried with, in order.
var staticShapes []shape

// normalPart is a part of a definition as a shape reads it.
func normalPart(part string) string {
	s := strings.NewReplacer("’", "'", "‘", "'", "“", "", "”", "", "\"", "").Replace(part)
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".")
}

// A reading is a definition read part by part: the abilities of the
// static shapes, and the triggered parts' programs with their text.
type reading struct {
	static   []Ability
	programs []*Program
	defs     []string
}

// readShapes reads every part of a definition, or returns an error
// naming the first part neither the static shapes nor the grammar of
// triggered abilities read.
func readShapes(parts []string) (*reading, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no quoted definition for the shapes to read")
	}
	rd := &reading{}
	for _, part := range parts {
		p := normalPart(part)
		if strings.HasPrefix(p, "when") || strings.HasPrefix(p, "at the beginning of") {
			def := strings.TrimSuffix(strings.TrimSpace(part), ".")
			pr, err := Compile(def)
			if err != nil {
				return nil, err
			}
			rd.programs, rd.defs = append(rd.programs, pr), append(rd.defs, def)
			continue
		}
		read := false
		for _, sh := range staticShapes {
			if as, ok := sh(p); ok {
				rd.static, read = append(rd.static, as...), true
				break
			}
		}
		if !read {
			return nil, fmt.Errorf("no shape the grammar knows at %q", part)
		}
	}
	return rd, nil
}

// CheckShapes reports why a definition's parts (its quoted parts, as a
// keyword spec lists them) are outside the shapes: a keyword declared
// byShapes is stale in a revision whose definition they don't read.
func CheckShapes(parts []string) error {
	_, err := readShapes(parts)
	return err
}

// shaped declares a keyword by its revision's own definition, read part
// by part: it has none in a revision whose definition the shapes don't
// read. The abilities of one printed instance are built once for each
// wording and shared.
func shaped(inst game.Ability, r Rev) []Ability {
	return shapedFrom(inst, numberNamedX(inst, r.Parts(inst.Keyword)))
}

// numberNamedX returns the parts of a definition with the keyword's
// number written N: a keyword printed with a number whose oldest
// wordings name it X ("Fading X" means "This permanent comes into play
// with X fade counters on it", 502.20a until 2005-08-01) means the
// instance's number there, not a spell's X (ravenous, printed with none).
func numberNamedX(inst game.Ability, parts []string) []string {
	if game.Keywords()[inst.Keyword] != game.NParam {
		return parts
	}
	var out []string
	for _, p := range parts {
		out = append(out, strings.ReplaceAll(p, " X ", " N "))
	}
	return out
}

// shapedFrom is shaped for the parts of a definition given.
func shapedFrom(inst game.Ability, parts []string) []Ability {
	key := inst.Keyword + "\x00" + inst.Text + "\x00" + strings.Join(parts, "\x00")
	if v, ok := shapedCache.Load(key); ok {
		return v.([]Ability)
	}
	var as []Ability
	if rd, err := readShapes(parts); err == nil {
		as = rd.instance(inst)
	}
	v, _ := shapedCache.LoadOrStore(key, as)
	return v.([]Ability)
}

var shapedCache sync.Map // keyword, instance and wording → []Ability

// instance is the abilities of one printed instance: the static
// shapes' with the keyword's name and the instance's cost put in, then
// the triggered parts'.
func (rd *reading) instance(inst game.Ability) []Ability {
	word := strings.ToLower(inst.Keyword)
	var out []Ability
	for _, a := range rd.static {
		switch a := a.(type) {
		case *PayWithPermanents:
			p := *a
			p.Keyword, p.Choice, p.Note = inst.Keyword, word, word+": "+a.Note
			out = append(out, &p)
		case *AddCost:
			c := *a
			c.Keyword, c.Choice, c.Cost, c.Note = inst.Keyword, word, inst.Cost, word+": "+a.Note
			if a.partsText != "" {
				fc, err := game.ParseFullCost(strings.ReplaceAll(a.partsText, " n ", fmt.Sprintf(" %d ", inst.N)), "")
				if err != nil {
					return nil
				}
				c.Cost, c.Parts = game.Cost{}, fc.Parts
			}
			out = append(out, &c)
		case *EntersWith:
			w := *a
			w.Keyword = inst.Keyword
			if w.ByN {
				w.N, w.ByN = inst.N, false
			}
			out = append(out, &w)
		case *CantBlock:
			c := *a
			c.Keyword = inst.Keyword
			out = append(out, &c)
		case *StackLock:
			l := *a
			l.Keyword = inst.Keyword
			out = append(out, &l)
		case *Reduction:
			r := *a
			r.Keyword = inst.Keyword
			out = append(out, &r)
		case *ModeCost:
			m := *a
			m.Keyword, m.Cost = inst.Keyword, inst.Cost
			out = append(out, &m)
		case *HalfFrom:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *ExileCastFrom:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *AltCost:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *RevealDrawn:
			x := *a
			x.Keyword, x.Cast.Keyword, x.Cast.Choice, x.Cast.Cost = inst.Keyword, inst.Keyword, word, inst.Cost
			x.Cast.Note = word + ": " + a.Cast.Note
			// The alternative cost is the card's too: cast for it
			// only while the trigger permits (AltCost.Permitted).
			out = append(out, &x, &x.Cast)
		case *EntersTapped:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *ExileAction:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *LoreChoice:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *ChapterLimit:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *StaticEffect:
			x := *a
			x.Keyword = inst.Keyword
			out = append(out, &x)
		case *ExileResolves:
			x := *a
			x.Keyword, x.Cast.Keyword = inst.Keyword, inst.Keyword
			out = append(out, &x)
		case *AttackCost:
			x := *a
			x.Keyword, x.Choice, x.Bonus.Keyword = inst.Keyword, word, inst.Keyword
			out = append(out, &x)
		}
	}
	for i, pr := range rd.programs {
		out = append(out, pr.Instance(inst, rd.defs[i]))
	}
	return out
}

// byShapes marks a keyword compiled from its definition by the shapes.
func byShapes(d *Decl) { d.Compiled, d.Shaped = true, true }
