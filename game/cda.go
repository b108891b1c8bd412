package game

import (
	"strings"
	"sync"

	"github.com/crules/crules/parse"
)

// Characteristic-defining abilities (604.3 today, 405.2 before 2009):
// static abilities that define an object's colour, subtypes, power or
// toughness. They apply first within their layer on the battlefield,
// and they function in every zone: a changeling card in a library is a
// Goblin card, a devoid spell is colourless, a */* creature card in a
// graveyard has the power its ability defines (except in the revisions
// before 2007-05-01, where "the * is 0 while the object is not in
// play": State.StarZeroOutside).

// keywordCDAs are the effects of the keyword abilities that are
// characteristic-defining abilities, by canonical keyword name; package
// ability registers them with its declarations.
var keywordCDAs = map[string]Continuous{}

// RegisterCDA records that keyword is a characteristic-defining ability
// whose effect is e (changeling: "This object is every creature type";
// devoid: "This object is colorless"). It is called by the keyword's
// declaration, once, as the program starts.
func RegisterCDA(keyword string, e Continuous) {
	e.Defining = true
	e.Subject = Subject{Self: true}
	keywordCDAs[keyword] = e
}

// DefiningKeyword returns the effect of keyword k when k is a
// characteristic-defining ability (changeling, devoid). Only where it is
// printed (or a copy or text-changing effect gave it, 604.3a) is it one:
// gained from any other effect, in layer 6, it defines nothing, since
// the layer of what it would define was applied before.
func DefiningKeyword(k string) (Continuous, bool) {
	e, ok := keywordCDAs[k]
	return e, ok
}

// cdas returns the characteristic-defining abilities of an object with
// characteristics ch: the static abilities of its text that are, and
// its keyword abilities that are, each with o as its source; none when
// it has no text (face down, or it lost all abilities).
func cdas(o *Object, ch *Chars) []*Continuous {
	if ch.NoText || ch.Card == nil {
		return nil
	}
	var out []*Continuous
	for _, a := range ch.Abilities {
		if t, ok := keywordCDAs[a.Keyword]; ok {
			e := t
			e.Source, e.Static, e.Timestamp, e.Label = o, true, o.Timestamp, o.Label
			out = append(out, &e)
		}
	}
	for _, ef := range ch.Card.Effects {
		if ef.Verb != "static" || !ef.Cont.CDA() {
			continue
		}
		e := *ef.Cont
		e.Source, e.Static, e.Timestamp, e.Label = o, true, o.Timestamp, o.Label
		out = append(out, &e)
	}
	return out
}

// defineOutside applies the characteristic-defining abilities of an
// object that is not on the battlefield to ch (604.3: they function in
// all zones), in the order of the layers: type, colour, then power and
// toughness. Where the revision says the * is 0 off the battlefield, a
// */* is left 0/0.
func (s *State) defineOutside(o *Object, ch *Chars) {
	es := cdas(o, ch)
	if len(es) == 0 {
		return
	}
	for _, c := range []Change{ChangeType, ChangeColor, ChangePTDefine} {
		for _, e := range es {
			if !e.Has(c) || c == ChangePTDefine && s.StarZeroOutside {
				continue
			}
			switch c {
			case ChangeType:
				ch.EveryCreatureType = ch.EveryCreatureType || e.EveryCreatureType
				ch.Types = union(union(ch.Types, e.SetTypes), e.AddTypes)
			case ChangeColor:
				ch.Colors = e.Colors
			case ChangePTDefine:
				p := o.BaseController
				if p == nil {
					p = o.Owner // 109.5: "your" is the owner's without a controller
				}
				n := s.countOutside(e.Define, p)
				ch.Power, ch.Toughness, ch.HasPT = n, n, true
			}
		}
	}
}

// countOutside is view.count for a characteristic-defining ability of an
// object off the battlefield: the permanents are read through the
// layers.
func (s *State) countOutside(what string, p *Player) int {
	v := &view{objs: s.Battlefield(), chars: s.layered(), keepAC: s.ArtifactCreatureKeeps, st: s}
	return v.count(what, p)
}

// HasCreatureType reports whether characteristics ch include creature
// type t in the revision rules: one of its subtypes, or any creature
// type the revision lists when it is every creature type.
func (ch *Chars) HasCreatureType(t string, rules *Rules) bool {
	return hasFold(ch.Subtypes, t) || ch.EveryCreatureType && rules.IsCreatureType(t)
}

// creatureTypes is the lazily read list of creature types of a Rules.
type creatureTypes struct {
	once  sync.Once
	types map[string]bool // lower case
	rule  Ref
}

// IsCreatureType reports whether t is a creature type in the revision:
// one of the list of 205.3m (204.3k in 2009, the glossary's "Creature
// Type" entry before). A nil Rules knows none.
func (r *Rules) IsCreatureType(t string) bool {
	if r == nil {
		return false
	}
	r.readCreatureTypes()
	return r.ctypes.types[strings.ToLower(strings.TrimSpace(t))]
}

// CreatureTypesRule is the rule that says which subtypes are creature
// types (205.3m today; 205.3d in 2007, which sends to the glossary's
// list).
func (r *Rules) CreatureTypesRule() Ref {
	if r == nil {
		return Ref{}
	}
	r.readCreatureTypes()
	return r.ctypes.rule
}

func (r *Rules) readCreatureTypes() {
	r.ctypes.once.Do(func() {
		r.ctypes.types = map[string]bool{}
		r.ctypes.rule = r.Find("these subtypes are called creature types")
		types := listedTypes(r.ctypes.rule.Text)
		if len(types) == 0 && r.doc != nil {
			// Before 2009 the rule sends the reader to the glossary's
			// list.
			var text string
			for _, g := range r.doc.Glossary {
				if !strings.EqualFold(strings.TrimSpace(g.Term), "Creature Type") {
					continue
				}
				for _, p := range g.Definition {
					if strings.Count(p.Text, ",") > strings.Count(text, ",") {
						text = parse.Normalize(p.Text)
					}
				}
			}
			types = listedTypes(text)
		}
		for _, t := range types {
			r.ctypes.types[strings.ToLower(t)] = true
		}
	})
}

// subtypeList is the lazily read list of the subtypes of a Rules other
// than creature types.
type subtypeList struct {
	once  sync.Once
	types map[string]bool // lower case
}

// subtypeKinds are the kinds of subtypes the rules list besides creature
// types: 205.3g–q today, the glossary's "Artifact Type", "Land Type", …
// entries before 2009.
var subtypeKinds = []string{"artifact", "enchantment", "land", "planeswalker", "spell", "instant", "sorcery", "planar", "battle", "dungeon"}

// IsSubtype reports whether t is a subtype in the revision: a creature
// type (IsCreatureType) or one of the artifact, enchantment, land,
// planeswalker, spell, planar, battle or dungeon types it lists. A nil
// Rules knows none.
func (r *Rules) IsSubtype(t string) bool {
	if r == nil {
		return false
	}
	if r.IsCreatureType(t) {
		return true
	}
	r.stypes.once.Do(func() {
		r.stypes.types = map[string]bool{}
		for _, k := range subtypeKinds {
			var texts []string
			if ref := r.Find("the "+k+" types are", "that "+k+" type is", "called a "+k+" type", "the only "+k+" type"); ref.Text != "" {
				texts = append(texts, ref.Text)
			}
			if ref := r.Find("the basic " + k + " types are"); ref.Text != "" {
				// The only land types 2003-10-01 to 2004-06-01 list
				// (212.6d): "The basic land types are Plains, …".
				texts = append(texts, ref.Text)
			}
			if r.doc != nil {
				for _, g := range r.doc.Glossary {
					if strings.EqualFold(strings.TrimSpace(g.Term), k+" type") || strings.EqualFold(strings.TrimSpace(g.Term), k+" types") {
						for _, p := range g.Definition {
							// "… is as follows:" and the list in a
							// paragraph of its own.
							text := parse.Normalize(p.Text)
							texts = append(texts, text)
							if strings.Count(text, ",") >= 3 && !strings.Contains(text, ":") {
								texts = append(texts, "x: "+strings.TrimSpace(text))
							}
						}
					}
				}
			}
			for _, text := range texts {
				for _, sent := range strings.Split(text, ". ") {
					// "The land types are Desert, Forest, …", "That
					// battle type is Siege", "… is as follows: Equipment".
					if _, after, ok := strings.Cut(sent, " types are "); ok {
						sent = "x: " + after
					} else if _, after, ok := strings.Cut(sent, " type at this time is "); ok {
						sent = "x: " + after // 2009: "The only spell type at this time is Arcane"
					} else if _, after, ok := strings.Cut(sent, " type is "); ok {
						sent = "x: " + after
					} else if !strings.Contains(sent, ":") {
						continue
					}
					for _, t := range listedTypes(sent) {
						// "Arcane and Trap": a list of two has no comma.
						for _, t := range strings.Split(t, " and ") {
							t, _, _ = strings.Cut(t, " (") // "Equipment (see rule 301.5)"
							r.stypes.types[strings.ToLower(strings.TrimSpace(t))] = true
						}
					}
				}
			}
		}
	})
	return r.stypes.types[strings.ToLower(strings.TrimSpace(t))]
}

// listedTypes reads the names a rule lists: "… The creature types are
// Advisor, Angel, … and Zubera." (2009–2024), "One creature type is two
// words long: Time Lord. All other creature types are one word long:
// Advisor, …" (today), or the glossary's bare list.
func listedTypes(text string) []string {
	var out []string
	for _, sent := range strings.Split(text, ". ") {
		if i := strings.LastIndex(sent, ":"); i >= 0 {
			sent = sent[i+1:]
		} else if _, after, ok := strings.Cut(sent, "creature types are "); ok {
			sent = after
		} else if strings.Count(sent, ",") < 10 {
			continue
		}
		for _, t := range strings.Split(sent, ",") {
			t = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), "."))
			t = strings.TrimSpace(strings.TrimPrefix(t, "and "))
			if t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// ShareCreatureType reports whether objects a and b share a creature
// type (amplify's "share a creature type"), their characteristic-
// defining abilities included: a changeling shares each of the other's
// creature types, and two changelings share them all.
func ShareCreatureType(a, b *Object) bool {
	ca, cb := a.chars(), b.chars()
	var r *Rules
	if a.st != nil {
		r = a.st.Rules
	}
	if ca.EveryCreatureType && cb.EveryCreatureType {
		return true
	}
	for _, t := range ca.Subtypes {
		if cb.HasCreatureType(t, r) && (!cb.EveryCreatureType || r.IsCreatureType(t)) {
			return true
		}
	}
	for _, t := range cb.Subtypes {
		if ca.EveryCreatureType && r.IsCreatureType(t) {
			return true
		}
	}
	return false
}
