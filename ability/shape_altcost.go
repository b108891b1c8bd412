package ability

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// The shape of an alternative cost (601.2b; 409.1b in 2006), read from
// the parts of a keyword's quoted definition:
//
//	altcost = "You may" ["choose to"] permit "rather than" ["pay" | "paying"] ("this spell's" | "its") "mana cost"
//	          ["as you cast this spell"] ["if" cond]
//	permit  = ("cast" | "play") ("this card" | "this spell") ["from your" ("graveyard" | "hand")]
//	          ["if the resulting spell is an instant or sorcery spell"] "by paying [cost]"
//	        | "pay [cost]"
//	        | "You may" ("cast" | "play") "this card from your graveyard" ["if the resulting spell is an instant or sorcery spell"]
//	          "by discarding" ("a card" | "a land card") "as an additional cost to" ("cast" | "play") "it"
//	exile   = ("If you do" | "If the KEYWORD cost was paid" | "If this spell was cast using its KEYWORD ability") ","
//	          ("exile this card" | "remove this card from the game")
//	          "instead of putting it anywhere else any time it would leave the stack"
//
// cond is an intervening condition of the grammar of triggered abilities
// (text.go), checked as the spell is cast: "an opponent lost life this
// turn". A definition is one altcost, then optionally exile; a part
// outside the shape leaves the keyword without a model in that
// revision (stale).

// The shape's patterns, compiled on first use: every command links this
// package, few read a definition.
var (
	reAltCost = lazyRegexp(`^(?i)you may (?:choose to )?(?:(?:cast|play) this (?:card|spell)(?: from your (graveyard|hand))?( if the resulting spell is an instant or sorcery spell)? by paying \[cost\]|pay \[cost\]) rather than (?:pay |paying )?(?:this spell's |its )mana cost(?: as you cast this spell)?(?: if (.+))?$`)
	reAddCost = lazyRegexp(`^(?i)you may (?:cast|play) this card from your (graveyard)( if the resulting spell is an instant or sorcery spell)? by discarding (an? (?:land )?card) as an additional cost to (?:cast|play) it$`)
	reExile   = lazyRegexp(`^(?i)if (?:you do|the ([\w-]+) cost was paid|this spell was cast using its ([\w-]+) ability), (?:exile this card|remove this card from the game) instead of putting it anywhere else any time it would leave the stack$`)
)

func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// altShape is a definition read: where the card is cast from, the
// card types the resulting spell must have, the condition, whether the
// spell is exiled as it leaves the stack, and the additional cost paid
// besides the mana cost when the permission is not an alternative cost
// ("by discarding a land card as an additional cost").
type altShape struct {
	from  game.Zone
	types []string
	cond  *Condition
	exile bool
	adds  []game.Part
}

var altShapes memo[altShape] // by the definition's parts joined by "\x00"

// readAltCost reads the parts of keyword's definition as an alternative
// cost; the error names the part outside the shape.
func readAltCost(keyword string, parts []string) (altShape, error) {
	return altShapes.get(strings.Join(parts, "\x00"), func() (altShape, error) { return readAltParts(keyword, parts) })
}

func readAltParts(keyword string, parts []string) (altShape, error) {
	var sentences []string
	for _, p := range parts {
		for _, s := range strings.SplitAfter(p, ". ") {
			s = strings.TrimSuffix(strings.TrimSpace(strings.ReplaceAll(s, "’", "'")), ".")
			if s != "" {
				sentences = append(sentences, s)
			}
		}
	}
	if len(sentences) == 0 {
		return altShape{}, fmt.Errorf("no definition to read as an alternative cost")
	}
	x := reAltCost().FindStringSubmatch(sentences[0])
	var adds []game.Part
	if y := reAddCost().FindStringSubmatch(sentences[0]); y != nil {
		fc, err := game.ParseFullCost("Discard "+y[3], "")
		if err != nil {
			return altShape{}, fmt.Errorf("no cost the grammar knows at %q: %v", y[3], err)
		}
		x, adds = []string{y[0], y[1], y[2], ""}, fc.Parts
	}
	if x == nil {
		return altShape{}, fmt.Errorf("no alternative cost the grammar knows at %q", sentences[0])
	}
	sh := altShape{from: game.Hand, adds: adds}
	switch strings.ToLower(x[1]) {
	case "graveyard":
		sh.from = game.Graveyard
	}
	if x[2] != "" {
		sh.types = []string{"Instant", "Sorcery"}
	}
	if x[3] != "" {
		c, ok := readCondition(x[3])
		if !ok {
			return altShape{}, fmt.Errorf("no condition the grammar knows at %q", x[3])
		}
		sh.cond = c
	}
	for _, s := range sentences[1:] {
		y := reExile().FindStringSubmatch(s)
		if y == nil || y[1]+y[2] != "" && !strings.EqualFold(y[1]+y[2], keyword) {
			return altShape{}, fmt.Errorf("no part of an alternative cost the grammar knows at %q", s)
		}
		sh.exile = true
	}
	return sh, nil
}

// altCompiled declares a keyword by the shape of its revision's
// definition: an alternative cost chosen by the keyword's name.
func altCompiled(inst game.Ability, r Rev) []Ability {
	sh, err := readAltCost(inst.Keyword, r.Parts(inst.Keyword))
	if err != nil {
		return nil
	}
	kw := strings.ToLower(inst.Keyword)
	where := ""
	if sh.from != game.Hand {
		where = fmt.Sprintf(" from the %v", sh.from)
	}
	if sh.adds != nil {
		var adds []string
		for _, p := range sh.adds {
			adds = append(adds, strings.ToLower(p.Text))
		}
		note := kw + ": %s is cast" + where + " for its mana cost %s; as an additional cost, " + strings.Join(adds, ", ")
		return []Ability{&AltCost{Base: Base{Keyword: inst.Keyword, Rule: []string{" means "}, Note: note},
			Choice: kw, From: sh.from, ExileAfter: sh.exile, If: sh.cond, Types: sh.types, Additional: sh.adds}}
	}
	return []Ability{&AltCost{Base: Base{Keyword: inst.Keyword, Rule: []string{" means "}, Note: kw + ": %s is cast" + where + " for %s rather than its mana cost"},
		Choice: kw, From: sh.from, Cost: inst.Cost, ExileAfter: sh.exile, If: sh.cond, Types: sh.types}}
}

// altKeywords are the keywords declared by the shape of an alternative
// cost.
var altKeywords = []string{"Flashback", "Escape", "Spectacle", "Surge", "Retrace", "Jump-Start", "Prowl", "Freerunning"}

func init() {
	for _, name := range altKeywords {
		AltChoices[strings.ToLower(name)] = strings.ToLower(name)
	}
	families = append(families, func() {
		for _, name := range altKeywords {
			declare(name, altCompiled, byShape(func(parts []string) error {
				_, err := readAltCost(name, parts)
				return err
			}))
		}
	})
}
