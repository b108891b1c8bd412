package ability

import (
	"fmt"
	"regexp"
	"strconv"
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
//	later   = "Its owner may cast this card after the current turn has ended for as long as it remains exiled"
//	while   = "As long as this permanent's KEYWORD cost was paid, it has" KEYWORD2 ["and '" triggered "'"]
//	change  = ("If you chose to pay this spell's KEYWORD cost" | "If this spell's KEYWORD cost was paid") ", change its text by"
//	          ("replacing all instances of the word 'WORD' with the word 'WORD'"
//	          | "removing all text found within square brackets in the spell's rules text")
//	spell   = "If this spell's KEYWORD cost was paid," EFFECT {"." EFFECT}
//	enters  = ("If you chose to pay this" ("spell's" | "permanent's") "KEYWORD cost" | "If this spell's KEYWORD cost was paid")
//	          ", it enters with N KIND counters on it"
//	static  = "As long as" ("this permanent's KEYWORD cost was paid and it has a KIND counter on it"
//	          | "this permanent has a KIND counter on it, if it was cast for its KEYWORD cost") "," PREDICATE
//	trigger = "At the beginning of" … (a triggered ability of the grammar of text.go)
//	reduce  = (("If you chose to pay" | "If you pay") "this spell's KEYWORD cost" | "If you cast this spell using its KEYWORD ability")
//	          ", its total cost is reduced by an amount of generic mana equal to the"
//	          (("sacrificed creature" | "sacrificed permanent") "'s" ("mana value" | "converted mana cost") | "tapped creature's power")
//
// cond is an intervening condition of the grammar of triggered abilities
// (text.go), checked as the spell is cast: "an opponent lost life this
// turn"; PART a cost in words (game.ParseFullCost: "Sacrifice a
// creature"), paid besides [cost]. A definition is one altcost, then any
// of exile, delayed, while, change, spell and reduce; a part outside the shape
// leaves the keyword without a model in that revision (stale); later
// follows a delayed exile only, and gives the card it exiles a permission
// to be cast from exile for its mana cost (game.CastPermit). delayed's
// instruction is read by the effect table of card text with "it" for the
// permanent ("return it to its owner's hand"), while's triggered ability
// by the grammar of triggered abilities. spell's instructions (awaken's
// "put N +1/+1 counters on target land you control. That land becomes a
// 0/0 Elemental creature with haste. It's still a land.") are read by
// the effect table of card text, one sentence each, "It's still a land"
// with the sentence before it. enters is a replacement effect (614.1c)
// applied only when the cost was paid, static's PREDICATE ("it's not a
// creature") a continuous effect of the permanent's own (a
// StaticEffect) that applies only while the cost was paid and the
// permanent has such a counter; trigger's intervening "if" reads the
// cost paid ("if this permanent's impending cost was paid and it has a
// time counter on it"). The 2015 wordings of dash say
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
	reEnters  = lazyRegexp(`^(?i)if (?:you chose to pay this (?:spell|permanent)'s ([\w-]+) cost|this spell's ([\w-]+) cost was paid), it enters with (.+)$`)
	reStatic  = lazyRegexp(`^(?i)as long as (?:this permanent's ([\w-]+) cost was paid and it has an? ([\w+/-]+) counter on it|this permanent has an? ([\w+/-]+) counter on it, if it was cast for its ([\w-]+) cost), (?:it's|it is) (.+)$`)
	reSpell   = lazyRegexp(`^(?i)if this spell's ([\w-]+) cost was paid, (.+)$`)
	reLater   = lazyRegexp(`^(?i)its owner may cast this card after the current turn has ended for as long as it remains exiled$`)
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
	later *game.Effect
	// permit is set when the card later exiles may be cast from exile
	// on a later turn.
	permit bool
	grants []game.Ability
	grantT *Trigger
	// spell are the instructions the spell has while the cost was
	// paid (awaken's spell ability).
	spell []game.Effect
	// enters, static and trigger are what the permanent has when the
	// cost was paid (impending): the replacement effect it enters with,
	// a continuous effect on itself, a triggered ability.
	enters  *EntersWith
	static  *StaticEffect
	trigger *Trigger
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
	if reLater().MatchString(s) && sh.later != nil && sh.later.Verb == "exile" && !sh.permit {
		sh.permit = true
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
	if y := reEnters().FindStringSubmatch(s); y != nil && strings.EqualFold(y[1]+y[2], keyword) {
		w, ok, err := readEntersWith("this permanent enters with "+y[3], "")
		if !ok || err != nil || w.If != nil || w.May {
			return fmt.Errorf("no replacement effect the grammar knows at %q", s)
		}
		w.If = &Condition{Text: "its " + strings.ToLower(keyword) + " cost was paid", Kind: "paid", Who: strings.ToLower(keyword)}
		sh.enters = w
		return nil
	}
	if y := reStatic().FindStringSubmatch(s); y != nil && strings.EqualFold(y[1]+y[4], keyword) {
		ef, err := game.ParseEffect("this permanent is " + y[5])
		if err != nil || ef.Verb != "continuous" || !ef.Cont.Subject.Self {
			return fmt.Errorf("no continuous effect the grammar knows at %q", s)
		}
		c := *ef.Cont
		c.Paid, c.Counter, c.CounterMin = strings.ToLower(keyword), strings.ToLower(y[2]+y[3]), 1
		sh.static = &StaticEffect{Base: Base{Rule: []string{"as long as this permanent"}, Note: "%s: %q"}, Effect: c, Text: s}
		return nil
	}
	if strings.HasPrefix(strings.ToLower(s), "at the beginning of ") {
		t, ok, err := ReadTriggered(s, "")
		if !ok || err != nil || t.If == nil || !paidIn(t.If, keyword) {
			return fmt.Errorf("no triggered ability on the %s cost paid the grammar knows at %q", strings.ToLower(keyword), s)
		}
		sh.trigger = t
		return nil
	}
	if y := reSpell().FindStringSubmatch(s); y != nil && strings.EqualFold(y[1], keyword) && sh.spell == nil {
		ef, err := game.ParseEffect(y[2])
		if err != nil {
			return fmt.Errorf("no instruction the grammar knows at %q: %v", s, err)
		}
		sh.spell = []game.Effect{ef}
		return nil
	}
	if n := len(sh.spell); n > 0 {
		// The spell ability's next sentence, or one that completes the
		// sentence before ("It's still a land").
		if ef, err := game.ParseEffect(s); err == nil {
			sh.spell = append(sh.spell, ef)
			return nil
		}
		ef, err := game.ParseEffect(sh.spell[n-1].Text + ". " + s)
		if err != nil {
			return fmt.Errorf("no instruction the grammar knows at %q: %v", s, err)
		}
		sh.spell[n-1] = ef
		return nil
	}
	return outside
}

// paidIn reports whether condition c asks that keyword's cost was paid.
func paidIn(c *Condition, keyword string) bool {
	for ; c != nil; c = c.And {
		if c.Kind == "paid" && strings.EqualFold(c.Who, keyword) {
			return true
		}
	}
	return false
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
		pd := &PaidDelayed{Base: Base{Keyword: inst.Keyword, Rule: []string{"the permanent this spell becomes"}, Note: kw + ": the " + kw + " cost of %s was paid: at the beginning of the next end step, %s"},
			Paid: kw, Do: *sh.later}
		if sh.permit {
			pd.Then = &ExilePermit{Base: Base{Keyword: inst.Keyword, Rule: []string{"its owner may cast this card"}, Note: kw + ": %s may cast %s from exile after this turn has ended, for as long as it remains exiled"}, Later: true}
		}
		out = append(out, pd)
	}
	if sh.spell != nil {
		out = append(out, &PaidSpell{Base: Base{Keyword: inst.Keyword, Rule: []string{"cost was paid, "}, Note: kw + ": the " + kw + " cost of %s was paid: it has %q"},
			Paid: kw, Effects: instances(sh.spell, inst.N), Optional: Base{Keyword: inst.Keyword, Rule: []string{"only if that player chose to pay", "cost was paid, "}, Note: kw + ": the " + kw + " cost of %s was not paid: it is cast as if it didn't have that target"}})
	}
	if sh.enters != nil {
		w := *sh.enters
		w.Keyword = inst.Keyword
		if w.ByN {
			w.N, w.ByN = inst.N, false
		}
		w.Note = "%s: its " + kw + " cost was paid: %s enters with %d " + w.Kind + " counters"
		out = append(out, &w)
	}
	if sh.static != nil {
		se := *sh.static
		se.Keyword = inst.Keyword
		out = append(out, &se)
	}
	if sh.trigger != nil {
		t := *sh.trigger
		t.Keyword, t.Rule = inst.Keyword, []string{"at the beginning of"}
		out = append(out, &t)
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
	// Then, when set, is the permission the card Do exiles gets (warp's
	// "Its owner may cast this card after the current turn has ended").
	Then *ExilePermit
}

// An ExilePermit is the permission to cast a card from exile that a
// keyword gives the card it exiles (game.CastPermit): its owner casts
// it, on a later turn when Later is set, without paying its mana cost
// when Free is, during their main phase while the stack is empty when
// MainPhase is; Choice is the cast statement's clause that chooses it
// ("" for none). Note's arguments: the player, the card.
type ExilePermit struct {
	Base
	Later, Free, MainPhase bool
	Choice                 string
}

// A PaidSpell is a spell ability of a spell that has its Effects only
// when the cost chosen by Paid was paid to cast it (awaken's "If this
// spell's awaken cost was paid, put N +1/+1 counters on target land you
// control …", 702.113a), after the spell's own instructions; their
// targets are chosen only then, and Optional is the rule that says so
// (702.113b). Note's arguments: the spell, the instructions.
type PaidSpell struct {
	Base
	Paid     string
	Effects  []game.Effect
	Optional Base
	// First puts Effects before the spell's other instructions (gift's,
	// 702.174j); Spells limits them to an instant or sorcery spell (a
	// permanent's gift is a triggered ability, 702.174b).
	First, Spells bool
}

// instances returns effects as an instance of a keyword whose number is
// n has them.
func instances(effects []game.Effect, n int) []game.Effect {
	out := make([]game.Effect, len(effects))
	for i, ef := range effects {
		out[i] = ef.Instance(n)
		if ef.ByN != 0 {
			out[i].Text = strings.Replace(ef.Text, " N ", " "+strconv.Itoa(n)+" ", 1)
		}
	}
	return out
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
var altKeywords = []string{"Flashback", "Escape", "Spectacle", "Surge", "Retrace", "Jump-Start", "Prowl", "Freerunning", "Dash", "Blitz", "Emerge", "Web-slinging", "Overload", "Cleave", "Harmonize", "Mayhem", "Awaken", "Impending", "Warp"}

func init() {
	for _, name := range altKeywords {
		l := strings.ToLower(name) // once: init's allocations are every process's
		AltChoices[l] = l
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
