package engine

import (
	"cmp"

	"github.com/crules/crules/game"
)

// Double-faced cards (712 today, 711 from 2011-09-30 until 2020): a
// card with a back face, which the keyword action transform turns over
// (701.27a). Transforming, it stays the same object (712.18): its
// counters, damage, attachments and the effects on it stay.

var (
	// phTransform is the definition of transform: its first subrule.
	phTransform = []string{"to transform a permanent, turn it over", "only permanents represented by double-faced cards can transform"}
	// phTransformNothing is what an instruction to transform a permanent
	// that is no double-faced card does (701.27c; 701.25a in 2011).
	phTransformNothing = []string{"double-faced card, nothing happens"}
	// phTransformSorcery: the face it would transform into is an
	// instant or sorcery face (701.27d, from 2023).
	phTransformSorcery = []string{"would transform into is"}
	// phConvert, phConvertNothing: convert's definition (701.28a, from
	// 2022-11-18) and what converting a permanent that isn't a
	// double-faced card does (701.28c).
	phConvert        = []string{"to convert a permanent, turn it"}
	phConvertNothing = []string{"double-faced card, nothing happens"}
	// phBackFrontCost: a permanent with its back face up has its front
	// face's mana value (711.4b from 2016-04-08; 712.8e today).
	phBackFrontCost = []string{"its converted mana cost is calculated using the mana cost of its front face", "its mana value is calculated using the mana cost of its front face"}
	// phEntersSameFace: a double-faced spell becomes a permanent with
	// the face up it had on the stack (712.13), or, for disturb's,
	// with its back face up (702.146b).
	phEntersSameFace = []string{"same face up that was face up on the stack", "enters the battlefield with its back face up"}
	// phFrontFace: with its front face up, it has only its front
	// face's characteristics (712.8d; 711.4a in 2016).
	phFrontFace = []string{"has its front face up, it has only", "front face is up, it has only", "with its front face up, it has only", "characteristics of its front face", "characteristics of the front face"}
	// phDoubleFaced is the rule of a double-faced card's faces.
	phDoubleFaced = []string{"has only the characteristics of its back face", "back face is up, it has only the characteristics"}
)

// transform follows "Transform this creature" (701.27a): each permanent
// the instruction names turns over so that its other face is up, a
// permanent that isn't a double-faced card (or a copy of another's back
// face, 712.9) doing nothing (701.27c).
func (e *engine) transform(d doing, ef game.Effect, t *game.Target) {
	action, phrases, nothing := "Transform", phTransform, phTransformNothing
	if ef.Verb == "convert" {
		// Convert (701.28a) follows transform's rules.
		action, phrases, nothing = "Convert", phConvert, phConvertNothing
	}
	if d.rule.IsZero() {
		d.rule = e.action(action, phrases...)
	}
	objs := e.objects(d, ef, t)
	if ef.Who == "all" {
		objs = nil
		for _, o := range e.s.Battlefield() {
			if o.HasSubtype(ef.Name) {
				objs = append(objs, o)
			}
		}
	}
	for _, o := range objs {
		if !o.DoubleFaced() || o.FaceDown {
			e.s.Cite(e.action(action, nothing...), "%s: %s isn't represented by a double-faced card: it doesn't %s, nothing happens", cmp.Or(d.head, d.from), o.Label, ef.Verb)
			continue
		}
		if e.transformedOnlyBy(o, cmp.Or(d.head, d.from)) {
			continue
		}
		to := o.Card.Back
		if o.Transformed {
			to = o.Card
		}
		if (to.Is("Instant") || to.Is("Sorcery")) && !e.rules.Find(phTransformSorcery...).IsZero() {
			e.s.Cite(e.action("Transform", phTransformSorcery...), "%s: %s's other face, %s, is an instant or sorcery face: nothing happens", cmp.Or(d.head, d.from), o.Label, to.Name)
			continue
		}
		o.Transformed = !o.Transformed
		e.s.Changed()
		face := "back"
		if !o.Transformed {
			face = "front"
		}
		e.cite(d, "%s: %s %ss: its %s face, %s, is up; the same object, its counters, damage and attachments stay", cmp.Or(d.head, d.from), o.Label, ef.Verb, face, to.Name)
		ph := phDoubleFaced
		if !o.Transformed {
			ph = phFrontFace
		}
		e.s.Cite(e.rules.Find(ph...), "%s has only the characteristics of its %s face", o.Label, face)
	}
}
