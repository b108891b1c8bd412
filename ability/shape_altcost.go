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
//	altcost = ["As long as" cond ","] "you may" ["choose to"] permit "rather than" ["pay" | "paying"]
//	          ("this spell's" | "its") "mana cost" ["as you cast this spell"] ["if" cond]
//	permit  = ("cast" | "play") ("this card" ["transformed" | "converted"] | "this spell" | "it") ["from your" ("graveyard" | "hand")]
//	          ["if the resulting spell is an instant or sorcery spell"] "by paying [cost]"
//	          ["and" ("sacrificing" | "returning" | "tapping") PART]
//	        | "pay [cost]"
//	        | "You may" ("cast" | "play") "this card from your graveyard" ["if the resulting spell is an instant or sorcery spell"]
//	          "by discarding" ("a card" | "a land card") "as an additional cost to" ("cast" | "play") "it"
//	exile   = ("If you do" | "If the KEYWORD cost was paid" | "If this spell was cast using its KEYWORD ability") ","
//	          ("exile this card" | "remove this card from the game")
//	          "instead of putting it anywhere else any time it would leave the stack"
//	delayed = "If this spell's KEYWORD cost was paid," ("return" | "sacrifice" | "exile")
//	          "the permanent this spell becomes" ["to its owner's hand"] "at the beginning of the next end step"
//	while   = "As long as this permanent's KEYWORD cost was paid, it has" KEYWORD2 ["and '" triggered "'"]
//	change  = ("If you chose to pay this spell's KEYWORD cost" | "If this spell's KEYWORD cost was paid") ", change its text by"
//	          ("replacing all instances of the word 'WORD' with the word 'WORD'"
//	          | "removing all text found within square brackets in the spell's rules text")
//	reduce  = (("If you chose to pay" | "If you pay") "this spell's KEYWORD cost" | "If you cast this spell using its KEYWORD ability")
//	          ", its total cost is reduced by an amount of generic mana equal to the"
//	          (("sacrificed creature" | "sacrificed permanent") "'s" ("mana value" | "converted mana cost") | "tapped creature's power")
//
// cond is an intervening condition of the grammar of triggered abilities
// (text.go), checked as the spell is cast: "an opponent lost life this
// turn"; PART a cost in words (game.ParseFullCost: "Sacrifice a
// creature"), paid besides [cost]. A definition is one altcost, then any
// of exile, delayed, while, change and reduce; a part outside the shape
// leaves the keyword without a model in that revision (stale). delayed's
// instruction is read by the effect table of card text with "it" for the
// permanent ("return it to its owner's hand"), while's triggered ability
// by the grammar of triggered abilities. The 2015 wordings of dash say
// "rather that its mana cost", a typo the shape reads as "rather than".

// The shape's patterns, compiled on first use: every command links this
// package, few read a definition.
var (
	reAltCost = lazyRegexp(`^(?i)(?:as long as ([^,]+), )?you may (?:choose to )?(?:(?:cast|play) (?:this card|this spell|it)(?: from your (graveyard|hand))?( if the resulting spell is an instant or sorcery spell)? by paying \[cost\](?: and (sacrificing|returning|tapping) ((?:an?|up to one) [^,]+?))?|pay \[cost\]) rather th(?:an|at) (?:pay |paying )?(?:this spell's |its )mana cost(?: as you cast this spell)?(?: if (.+))?$`)
	reAddCost = lazyRegexp(`^(?i)you may (?:cast|play) this card from your (graveyard)( if the resulting spell is an instant or sorcery spell)? by discarding (an? (?:land )?card) as an additional cost to (?:cast|play) it$`)
	reReduce  = lazyRegexp(`^(?i)if (?:(?:you chose to pay|you pay) this spell's ([\w-]+) cost|you cast this spell using its ([\w-]+) ability), its total cost is reduced by an amount of generic mana equal to the (?:sacrificed (?:creature|permanent)'s (mana value|converted mana cost)|tapped creature's (power))$`)
	reChange  = lazyRegexp(`^(?i)if (?:you chose to pay this spell's ([\w-]+) cost|this spell's ([\w-]+) cost was paid), change its text by (?:replacing all instances of the word '(\w+)' with the word '(\w+)\.?'|(removing all text found within square brackets in the spell's rules text))$`)
	reDelayed = lazyRegexp(`^(?i)if this spell's ([\w-]+) cost was paid, (return|sacrifice|exile) the permanent this spell becomes( to its owner's hand)? at the beginning of the next end step$`)
	reWhile   = lazyRegexp(`^(?i)as long as this permanent's ([\w-]+) cost was paid, it has ([\w ]+?)(?: and '(.+?)\.?')?$`)
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
	// with are cost parts paid besides the cost, reduceBy what of the
	// object they take reduces the total cost; change is the
	// text-changing effect on the spell's own text.
	with     []game.Part
	reduceBy string
	change   *game.TextChange
	// later is the delayed triggered ability's instruction the spell
	// creates for the permanent it becomes; grants and grantT, what
	// that permanent has while the cost was paid.
	later  *game.Effect
	grants []game.Ability
	grantT *Trigger

	// transformed: the card is cast transformed (disturb, 702.146a).
	transformed bool
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
			s = strings.TrimSuffix(strings.TrimSpace(strings.NewReplacer("’", "'", "‘", "'").Replace(s)), ".")
			if s != "" {
				sentences = append(sentences, s)
			}
		}
	}
	if len(sentences) == 0 {
		return altShape{}, fmt.Errorf("no definition to read as an alternative cost")
	}
	// "cast this card transformed" (disturb, 702.146a): the spell is
	// the card's back face (712.8c); the rest of the sentence is the
	// shape's.
	first, transformed := sentences[0], false
	for _, w := range []string{"this card transformed ", "this card converted "} {
		// More Than Meets the Eye's "cast this card converted"
		// (702.162a) too.
		if t := strings.Replace(first, w, "this card ", 1); t != first {
			first, transformed = t, true
		}
	}
	x := reAltCost().FindStringSubmatch(first)
	if x != nil {
		// The condition comes before ("As long as you discarded this
		// card this turn, …", mayhem) or after ("… if an opponent
		// lost life this turn").
		pre := x[1]
		x = append([]string{x[0]}, x[2:]...)
		if pre != "" && x[5] != "" {
			return altShape{}, fmt.Errorf("two conditions in %q", sentences[0])
		}
		if pre != "" {
			x[5] = pre
		}
	}
	var adds []game.Part
	if y := reAddCost().FindStringSubmatch(sentences[0]); y != nil {
		fc, err := game.ParseFullCost("Discard "+y[3], "")
		if err != nil {
			return altShape{}, fmt.Errorf("no cost the grammar knows at %q: %v", y[3], err)
		}
		x, adds = []string{y[0], y[1], y[2], "", "", ""}, fc.Parts
	}
	if x == nil {
		return altShape{}, fmt.Errorf("no alternative cost the grammar knows at %q", sentences[0])
	}
	sh := altShape{from: game.Hand, adds: adds, transformed: transformed}
	switch strings.ToLower(x[1]) {
	case "graveyard":
		sh.from = game.Graveyard
	}
	if x[2] != "" {
		sh.types = []string{"Instant", "Sorcery"}
	}
	if x[5] != "" {
		c, ok := readCondition(x[5])
		if !ok {
			return altShape{}, fmt.Errorf("no condition the grammar knows at %q", x[5])
		}
		sh.cond = c
	}
	if x[3] != "" {
		// "and sacrificing a creature": the imperative of a cost in
		// words ("Sacrifice a creature").
		verb := map[string]string{"sacrificing": "Sacrifice ", "returning": "Return ", "tapping": "Tap "}[strings.ToLower(x[3])]
		fc, err := game.ParseFullCost(verb+x[4], "")
		if err != nil || fc.Mana.Value(0) != 0 {
			return altShape{}, fmt.Errorf("no cost the grammar knows at %q", x[3]+" "+x[4])
		}
		sh.with = fc.Parts
	}
	for _, s := range sentences[1:] {
		if err := sh.readPart(keyword, s); err != nil {
			return altShape{}, err
		}
	}
	return sh, nil
}

// readPart reads sentence s of keyword's definition after its
// alternative cost: exile, delayed or while.
func (sh *altShape) readPart(keyword, s string) error {
	outside := fmt.Errorf("no part of an alternative cost the grammar knows at %q", s)
	if y := reExile().FindStringSubmatch(s); y != nil {
		if y[1]+y[2] != "" && !strings.EqualFold(y[1]+y[2], keyword) {
			return outside
		}
		sh.exile = true
		return nil
	}
	if y := reChange().FindStringSubmatch(s); y != nil && strings.EqualFold(y[1]+y[2], keyword) {
		sh.change = &game.TextChange{From: y[3], To: y[4], Brackets: y[5] != ""}
		return nil
	}
	if y := reReduce().FindStringSubmatch(s); y != nil && strings.EqualFold(y[1]+y[2], keyword) && sh.with != nil {
		sh.reduceBy = "mana value"
		if y[4] != "" {
			sh.reduceBy = "power"
		}
		return nil
	}
	if y := reDelayed().FindStringSubmatch(s); y != nil && strings.EqualFold(y[1], keyword) {
		ef, err := game.ParseEffect(strings.ToLower(y[2]) + " it" + y[3])
		if err != nil {
			return fmt.Errorf("no instruction the grammar knows at %q: %v", s, err)
		}
		ef.Delayed = "end"
		sh.later = &ef
		return nil
	}
	if y := reWhile().FindStringSubmatch(s); y != nil && strings.EqualFold(y[1], keyword) {
		inst, ok, err := game.ParseAbility(y[2])
		if !ok || err != nil {
			return fmt.Errorf("no keyword the grammar knows at %q", y[2])
		}
		sh.grants = append(sh.grants, inst)
		if y[3] != "" {
			t, ok, err := ReadTriggered(y[3], "")
			if !ok || err != nil {
				return fmt.Errorf("no triggered ability the grammar knows at %q", y[3])
			}
			sh.grantT = t
		}
		return nil
	}
	return outside
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
	out := []Ability{&AltCost{Base: Base{Keyword: inst.Keyword, Rule: []string{" means "}, Note: kw + ": %s is cast" + where + " for %s rather than its mana cost"},
		Choice: kw, From: sh.from, Cost: inst.Cost, ExileAfter: sh.exile, If: sh.cond, Types: sh.types, With: sh.with, ReduceBy: sh.reduceBy, Change: sh.change, Transformed: sh.transformed}}
	if sh.later != nil {
		out = append(out, &PaidDelayed{Base: Base{Keyword: inst.Keyword, Rule: []string{"the permanent this spell becomes"}, Note: kw + ": the " + kw + " cost of %s was paid: at the beginning of the next end step, %s"},
			Paid: kw, Do: *sh.later})
	}
	if sh.grants != nil {
		w := &WhilePaid{Base: Base{Keyword: inst.Keyword, Rule: []string{"as long as this permanent"}}, Paid: kw}
		for _, g := range sh.grants {
			w.Grants = append(w.Grants, OfInstance(g, r)...)
		}
		if sh.grantT != nil {
			t := *sh.grantT
			t.Keyword, t.Rule = inst.Keyword, []string{"as long as this permanent"}
			w.Grants = append(w.Grants, &t)
		}
		out = append(out, w)
	}
	return out
}

// A PaidDelayed is a static ability of a spell that, when the cost
// chosen by Paid was paid to cast it, creates a delayed triggered
// ability (603.7) as the spell resolves and becomes a permanent: at the
// beginning of the step Do.Delayed names, Do to that permanent ("it"),
// unless it has left the battlefield since (400.7: it is a new object).
// Note's arguments: the permanent, the instruction.
type PaidDelayed struct {
	Base
	Paid string
	Do   game.Effect
}

// A WhilePaid is a static ability of a permanent: as long as the cost
// chosen by Paid was paid to cast the spell it was, it has Grants (dash's
// and blitz's haste, blitz's "When this permanent is put into a
// graveyard from the battlefield, draw a card").
type WhilePaid struct {
	Base
	Paid   string
	Grants []Ability
}

// Active reports whether w grants its abilities to o: whether o is a
// permanent that remembers the cost w names paid (400.7d).
func (w *WhilePaid) Active(o *game.Object) bool {
	return o.Paid != nil && o.Paid.WasPaid(w.Paid)
}

// altKeywords are the keywords declared by the shape of an alternative
// cost.
var altKeywords = []string{"Flashback", "Escape", "Spectacle", "Surge", "Retrace", "Jump-Start", "Prowl", "Freerunning", "Dash", "Blitz", "Emerge", "Web-slinging", "Overload", "Cleave", "Harmonize", "Mayhem"}

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
