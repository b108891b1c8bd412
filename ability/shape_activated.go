package ability

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crules/crules/game"
)

// The grammar of activated keyword abilities: a definition the rules
// quote ("Cycling [cost]" means "[Cost], Discard this card: Draw a
// card.") is an activated ability as a card prints it, with the
// keyword's cost and number for "[Cost]" and N:
//
//	activated   = cost ":" (effect | "[Effect]") ["." restriction] ["."]
//	cost        = "[Cost]" {", " part} | part {", " part}
//	              (crew: "Tap any number of other untapped creatures you control with total power N or greater")
//	part        = a part of game.ParseFullCost: "{T}", "Sacrifice this permanent",
//	              "Discard this card" ["from your hand"], "Exile this card from your graveyard", …
//	effect      = an effect of game.ParseEffect, N the keyword's number:
//	              "Draw a card", "Put N +1/+1 counters on target creature",
//	              "Attach this permanent to target creature you control", …
//	restriction = ("Activate" | "Activate this ability" | "Play this ability") " only " cond {" and only " cond}
//	cond        = "as a sorcery" | "any time you could play a sorcery" | "once each turn" | "once"
//	            | "if this creature attacked this turn" | "during your upkeep" | "if this card is in your hand"
//
// The cost says the zone the ability is activated from: the hand for
// "Discard this card", the graveyard for "Exile this card from your
// graveyard", else the battlefield. "[Cost]: [Effect]" (boast, exhaust:
// "Boast — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate only …")
// is the instance's own activated ability, written after its dash, with
// the definition's restrictions added. Card text is read by
// game.ParseActivated, which reads the effect and restrictions after the
// colon by the same game.ParseActivatedEffect.

// An ActivatedProgram is an activated keyword ability compiled from the
// revision's own definition: its cost parts besides the keyword's cost,
// and its effect text after the colon, with N standing for the number.
type ActivatedProgram struct {
	def  string
	slot bool   // the cost begins with the keyword's "[Cost]"
	cost string // the cost's other parts, N for the number
	body string
	// effect is set for a body "[Effect]. restrictions": the instance's
	// own ability, body then its restrictions only.
	effect bool
}

var (
	reCostSlot   = lazyRegexp(`(?i)^\[cost\](?:,\s*|$)`)
	reEffectSlot = lazyRegexp(`(?i)^\s*\[effect\]`)
	reNumber     = lazyRegexp(`\bN\b`)
)

var activatedCache memo[*ActivatedProgram] // by definition

// CompileActivated reads a definition written as an activated ability;
// an error names the part outside the grammar.
func CompileActivated(def string) (*ActivatedProgram, error) {
	return activatedCache.get(def, func() (*ActivatedProgram, error) { return compileActivated(def) })
}

func compileActivated(def string) (*ActivatedProgram, error) {
	d := strings.TrimSpace(def)
	colon := strings.Index(d, ":")
	if colon < 0 {
		return nil, fmt.Errorf("no activated ability (COST: EFFECT) the grammar knows at %q", d)
	}
	cost := strings.TrimSpace(d[:colon])
	slot := reCostSlot().FindString(cost)
	p := &ActivatedProgram{def: d, slot: slot != "", cost: cost[len(slot):], body: d[colon+1:]}
	if e := reEffectSlot().FindString(p.body); e != "" {
		// "[Cost]: [Effect]. Activate only once.": the instance's own
		// cost and effect, and restrictions the grammar reads.
		p.effect, p.body = true, p.body[len(e):]
		if !p.slot || p.cost != "" {
			return nil, fmt.Errorf("no cost the grammar knows at %q: an ability written after the keyword has its own cost", cost)
		}
		if err := game.ParseRestrictions(&game.Activated{}, p.body); err != nil {
			return nil, fmt.Errorf("no restriction the grammar knows at %q", strings.TrimSpace(p.body))
		}
		return p, nil
	}
	// The cost and the effect must read with any number for N.
	parts, err := p.parts(1)
	if err != nil {
		return nil, fmt.Errorf("no cost the grammar knows at %q: %v", p.cost, err)
	}
	if _, err := game.ParseActivatedEffect(parts, number(p.body, 1), ""); err != nil {
		return nil, fmt.Errorf("no effect the grammar knows at %q: %v", strings.TrimSpace(p.body), err)
	}
	return p, nil
}

// parts reads the cost's parts besides the keyword's cost, with n for N.
func (p *ActivatedProgram) parts(n int) (game.FullCost, error) {
	if p.cost == "" {
		if !p.slot {
			return game.FullCost{}, fmt.Errorf("an empty cost")
		}
		return game.FullCost{}, nil
	}
	return game.ParseFullCost(number(p.cost, n), "")
}

// number is text with the keyword's number n for N.
func number(text string, n int) string {
	return reNumber().ReplaceAllString(text, strconv.Itoa(n))
}

// Instance returns the Activated ability one printed instance of the
// keyword is (its Note the instance as written, "Equip {1}"): its cost (mana, or parts in words) before the
// definition's own parts, its number for N. A statement activates it by
// the keyword's name in lower case ("alice activates Bonesplitter:
// equip").
func (p *ActivatedProgram) Instance(inst game.Ability) *Activated {
	var a game.Activated
	var err error
	if p.effect {
		// The ability written after the keyword's dash (its text read
		// as game.ParseAbility read it), with the definition's
		// restrictions.
		if a, err = game.ParseActivated(inst.Quality, ""); err == nil {
			err = game.ParseRestrictions(&a, p.body)
		}
	} else {
		var parts game.FullCost
		parts, err = p.parts(inst.N)
		cost := game.FullCost{Mana: inst.Cost, Parts: append(append([]game.Part(nil), inst.Parts...), parts.Parts...)}
		if err == nil {
			a, err = game.ParseActivatedEffect(cost, number(p.body, inst.N), "")
		}
	}
	if err != nil {
		// The definition compiled with N = 1; no number makes it
		// unreadable.
		panic(fmt.Sprintf("ability: %q with N = %d: %v", p.def, inst.N, err))
	}
	note := inst.Text
	if note == "" {
		note = strings.TrimSpace(inst.Keyword + " " + inst.Cost.String())
	}
	return &Activated{Base: Base{Keyword: inst.Keyword, Rule: []string{" means "}, Note: note},
		Name: strings.ToLower(inst.Keyword), From: a.From, Sorcery: a.Sorcery, Limits: a.Limits, Cost: a.Cost, Do: &a.Effect, Then: a.Then}
}

// activatedCompiled declares an activated keyword by its revision's own
// definition, read by the grammar above.
func activatedCompiled(inst game.Ability, r Rev) []Ability {
	def, ok := r.Definition(inst.Keyword)
	if !ok {
		return nil
	}
	p, err := CompileActivated(def)
	if err != nil || p.effect && inst.Quality == "" {
		// An instance with no ability after its dash is no boast: only
		// what asks for the keyword's kinds (DeclaredOf) makes one.
		return nil
	}
	return []Ability{p.Instance(inst)}
}

// Compiles reports why a keyword's definition does not compile, by the
// grammar of triggered or of activated abilities: nil when it does.
func Compiles(def string) error {
	_, err := Compile(def)
	if err != nil && !strings.HasPrefix(strings.TrimSpace(def), "When") && !strings.HasPrefix(strings.TrimSpace(def), "At ") && strings.Contains(def, ":") {
		_, err = CompileActivated(def)
	}
	return err
}
