package ability

import "github.com/crules/crules/game"

// The static abilities of a Saga (714) with read ahead (702.155): the
// number of lore counters it enters with, chosen, and the limit on its
// chapter abilities the turn it entered.

// A LoreChoice is a Saga's static ability: as it enters, its controller
// chooses a number from one to its final chapter number, and it enters
// with that many lore counters instead of one (702.155a's first ability
// from 2022-09-08 to 2023-09-01; 702.155b and 714.3a after). Note's
// arguments: the Saga's label, the number chosen, its final chapter
// number.
type LoreChoice struct{ Base }

// A ChapterLimit is a Saga's static ability: its chapter abilities
// can't trigger the turn it entered the battlefield unless it has
// exactly the number of lore counters their chapter symbol specifies
// (702.155a). Note's arguments: the Saga's label, its lore counters,
// the chapter number.
type ChapterLimit struct{ Base }

var (
	reLoreChoice   = lazyRegexp(`^as this saga enters the battlefield, choose a number from one to this saga's final chapter number\. this saga enters the battlefield with the chosen number of lore counters on it$`)
	reChapterLimit = lazyRegexp(`^chapter abilities of this saga can't trigger the turn it entered the battlefield unless it has exactly the number of lore counters on it specified in the chapter symbol of that ability$`)
)

// readLore is the shape
//
//	lore  = "As this Saga enters the battlefield, choose a number from one to this Saga's final chapter number. This Saga enters the battlefield with the chosen number of lore counters on it"
//	limit = "Chapter abilities of this Saga can't trigger the turn it entered the battlefield unless it has exactly the number of lore counters on it specified in the chapter symbol of that ability"
func readLore(part string) ([]Ability, bool) {
	switch {
	case reLoreChoice().MatchString(part):
		return []Ability{loreChoice()}, true
	case reChapterLimit().MatchString(part):
		return []Ability{&ChapterLimit{Base: Base{Rule: []string{"can't trigger the turn it entered"}, Note: "%s entered the battlefield this turn and has %d lore counters, not exactly %d: the chapter ability doesn't trigger"}}}, true
	}
	return nil, false
}

func loreChoice() *LoreChoice {
	return &LoreChoice{Base: Base{Rule: []string{"choose a number from one", "chooses a number from one"}, Note: "%s enters the battlefield with %d lore counters: its controller chose %d, from one to its final chapter number %d"}}
}

// readAhead is read ahead's declaration: the parts of its definition,
// read by the shapes, and, where the definition has only the limit on
// chapter abilities (from 2023-10-13), the choice as it enters, which
// 702.155b states as a rule of the keyword outside the quoted
// definition.
func readAhead(inst game.Ability, r Rev) []Ability {
	as := shaped(inst, r)
	for _, a := range as {
		if _, ok := a.(*LoreChoice); ok {
			return as
		}
	}
	if len(as) > 0 && r.Mentions(inst.Keyword, "enters the battlefield with the chosen number of lore counters") {
		c := loreChoice()
		c.Keyword = inst.Keyword
		as = append(as[:len(as):len(as)], c)
	}
	return as
}

func init() {
	staticShapes = append(staticShapes, readLore)
	families = append(families, func() {
		declare("Read Ahead", readAhead, byShapes)
	})
}
