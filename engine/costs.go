package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// The rules of paying costs, found by what they say in any era.
var (
	phNoPartial   = []string{"partial payments are not allowed. unpayable costs can't be paid", "the player pays the total cost in any order. partial payments are not allowed"}
	phSnowSource  = []string{"produced by a snow source"}
	phSickAbility = []string{"activated ability with the tap symbol or the untap symbol in its activation cost can't be", "activated ability with the tap symbol in its activation cost can't be played unless"}
)

// A payment is what a player has chosen to pay for a spell or an
// ability: mana, life and the non-mana parts of its total cost, each
// checked before anything is paid, so that a cost that can't be paid in
// full refuses the action and leaves the game as it was ("Partial
// payments are not allowed", 601.2h today, 409.1h in 2006; the parts
// are paid in any order).
type payment struct {
	p        *game.Player
	src      *game.Object // the object whose cost it is
	mana     game.Mana
	life     int
	tap      []*game.Object
	tapped   []*game.Object // tapped as a part of the cost other than {T}
	untap    []*game.Object
	sac      []*game.Object
	discard  []*game.Object
	exile    []*game.Object
	ret      []*game.Object
	reveal   []*game.Object
	counters []counterChange
	notes    []string
	// exiled are the new objects in exile of the permanents exiled
	// to pay (champion's "unless you exile another [object] you
	// control"): what the ability's linked ability returns (607).
	exiled []*game.Object
	// phyrexian is how many Phyrexian symbols were paid with life.
	phyrexian int
}

type counterChange struct {
	kind string
	n    int // removed when negative
}

// objects are the objects the payment takes.
func (pay *payment) objects() []*game.Object {
	var out []*game.Object
	for _, l := range [][]*game.Object{pay.tap, pay.tapped, pay.untap, pay.sac, pay.discard, pay.exile, pay.ret, pay.reveal} {
		out = append(out, l...)
	}
	return out
}

// chosen reports whether o is already part of the payment.
func (pay *payment) chosen(o *game.Object) bool {
	for _, l := range [][]*game.Object{pay.tap, pay.tapped, pay.untap, pay.sac, pay.discard, pay.exile, pay.ret, pay.reveal} {
		if slices.Contains(l, o) {
			return true
		}
	}
	return false
}

// symbols refuses a cost with a mana symbol the revision does not
// define: Phyrexian mana (from 2011), {C} (from 2015), {S} (from
// Coldsnap, 2006-07-15), hybrid symbols (104.3f from 2005-10-01, "half-half" until 2006-02-01), {2/W}.
func (e *engine) symbols(c game.Cost) error {
	for _, s := range c.Symbols {
		var phrases []string
		switch {
		case s.Either:
			// "{W} or {U}": two symbols, each of every revision.
			continue
		case s.Phyrexian:
			phrases = []string{"phyrexian mana symbol"}
		case s.Colorless:
			phrases = []string{"colorless mana symbol {c}"}
		case s.Snow:
			phrases = phSnowMana
		case s.Hybrid() && s.Generic > 0:
			phrases = []string{"{2/" + strings.ToLower(s.Color.Letter()) + "}"}
		case s.Hybrid():
			phrases = []string{"hybrid mana symbol", "half-half mana symbol"}
		default:
			continue
		}
		if e.rules.Find(phrases...).IsZero() {
			return refuse("%s is not a mana symbol of revision %s", s, revName(e.rules.Doc()))
		}
	}
	return nil
}

// produced is the mana m that src's spell or ability adds, as snow
// mana when src is snow after the layers (a snow land that became a copy
// of a land that isn't produces mana that isn't): from Coldsnap mana
// "produced by a snow permanent" (104.3h in 2006, 107.4h until 2020),
// from 2021-02-05 by any snow source (107.4h), a snow spell too, since
// the source of mana a spell produces is that spell (106.3).
func (e *engine) produced(src *game.Object, m game.Mana) game.Mana {
	if !src.HasSupertype("Snow") || e.rules.Find(phSnowMana...).IsZero() {
		return m
	}
	if src.Zone != game.Battlefield && e.rules.Find(phSnowSource...).IsZero() {
		return m
	}
	return m.AsSnow()
}

// spendOnly applies the restriction a spell's text puts on the mana
// spent on its X ("Spend only snow mana on X"): the X part of its total
// cost, at most the generic mana left after reductions, is paid only
// with mana a snow source produced, as {S} is (107.4h today, 104.3h in
// 2006). It returns the cost to pay, how many mana of it are restricted
// and the rule that says what snow mana is; a revision with no snow mana
// refuses the spell.
func (e *engine) spendOnly(face *game.Card, x int, total game.Cost) (game.Cost, int, game.Ref, error) {
	for _, ef := range face.Effects {
		if ef.Verb != "spendonly" || !ef.X {
			continue
		}
		rule := e.rules.Find(phSnowMana...)
		if rule.IsZero() {
			return total, 0, rule, refuse("%s: %q: revision %s has no snow mana", face.Name, ef.Text, revName(e.rules.Doc()))
		}
		n := min(x, total.Generic())
		return total.SnowGeneric(n), n, rule, nil
	}
	return total, 0, game.Ref{}, nil
}

// chooseMana chooses how total is paid: with the mana and life the
// statement's pay clause names ("pay {1}{U} and 2 life", "pay 2 life"),
// or from the pool (colourless first; a Phyrexian symbol is paid with
// life only when the script says so).
func (e *engine) chooseMana(pay *payment, total game.Cost, st *Stmt) error {
	if err := e.symbols(total); err != nil {
		return err
	}
	p := pay.p
	cl := st.Clause("pay")
	life := 0
	if cl != nil {
		life = cl.N
	}
	if life > 0 {
		rule := e.rules.Find("can be paid either with one mana of its color or by paying 2 life", "phyrexian mana symbol")
		if life%2 != 0 || life/2 > total.Phyrexian() {
			return refuse("%d life pays no Phyrexian symbols of %s: each is paid with one mana of its colour or 2 life (%s)", life, total, rule.ID)
		}
		if err := e.canPayLife(p, pay.life+life); err != nil {
			return err
		}
		pay.notes = append(pay.notes, fmt.Sprintf("%d life for %d Phyrexian %s (%s)", life, life/2, plural(life/2, "symbol"), rule.ID))
	}
	var spent game.Mana
	switch {
	case cl != nil && cl.HasMana:
		if !cl.Mana.PaysWith(total, life) {
			return refuse("%s does not pay %s%s", cl.Mana, total, andLife(life))
		}
		spent = cl.Mana
	default:
		rest, _ := total.PayLife(p.Pool, life/2)
		m, ok := game.AutoPay(p.Pool, rest)
		if !ok {
			why := ""
			if rest.Phyrexian() > 0 {
				why = " (a Phyrexian symbol is paid with 2 life only if the script says so: pay N life)"
			}
			return refuse("%s's mana pool %s can't pay %s%s", p.Name, p.Pool, rest, why)
		}
		spent = m
	}
	pool := p.Pool
	if !pool.Sub(spent) {
		return refuse("%s's mana pool %s doesn't hold %s", p.Name, p.Pool, spent)
	}
	pay.mana = spent
	pay.life += life
	pay.phyrexian = life / 2
	return nil
}

func andLife(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" with %d life", n)
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// canPayLife: a player can pay life only if their life total is at
// least the payment (119.4 today; "partial payments are not allowed",
// 409.1h, in 2006).
func (e *engine) canPayLife(p *game.Player, n int) error {
	if p.Life >= n {
		return nil
	}
	return refuse("%s has %d life and can't pay %d life (%s)", p.Name, p.Life, n, e.rules.Find("pay an amount of life greater than 0", phNoPartial[1]).ID)
}

// payNow chooses how player p pays a cost that is not a spell's or an
// activated ability's (ward's "unless that player pays", morph's turning
// face up, echo's "unless you pay"): its parts that are not mana, chosen
// from the current statement's clauses, and its mana as its pay clause
// names it ("resolve; pay {R}"), else from the pool. settle pays it.
func (e *engine) payNow(p *game.Player, src *game.Object, cost game.Cost, parts []game.Part) (*payment, error) {
	pay := &payment{p: p, src: src}
	st := e.cur
	if st == nil {
		st = &Stmt{}
	}
	if err := e.chooseParts(pay, parts, st); err != nil {
		return nil, err
	}
	if cl := st.Clause("pay"); cl != nil && cl.HasMana {
		// The exact mana spent, as for a spell.
		if err := e.chooseMana(pay, cost, st); err != nil {
			return nil, err
		}
		return pay, nil
	}
	m, ok := game.AutoPay(p.Pool, cost)
	if !ok {
		return nil, refuse("%s's mana pool %s can't pay %s", p.Name, p.Pool, cost)
	}
	pay.mana = m
	return pay, nil
}

// chooseParts checks each non-mana part of a cost and chooses the
// objects it names, from the statement's clauses ("sacrifice A",
// "discard A", "exile A, B", "return A", "reveal A").
func (e *engine) chooseParts(pay *payment, parts []game.Part, st *Stmt) error {
	p, src := pay.p, pay.src
	partial := e.rules.Find(phNoPartial...)
	for _, part := range parts {
		switch part.Kind {
		case game.Tap, game.Untap:
			if err := e.symbolTap(src, part.Kind); err != nil {
				return err
			}
			if part.Kind == game.Tap {
				pay.tap = append(pay.tap, src)
			} else {
				pay.untap = append(pay.untap, src)
			}
			continue
		case game.PayLife:
			if err := e.canPayLife(p, pay.life+part.N); err != nil {
				return err
			}
			pay.life += part.N
			// "alice pays 3 life", not "pays Pay 3 life" (a cost in words,
			// "Morph—Pay 3 life").
			pay.notes = append(pay.notes, fmt.Sprintf("%d life", part.N))
			continue
		case game.RemoveCounters:
			if src.Counters[part.What] < part.N {
				return refuse("%s has %d %s counters and can't have %d removed (%s)", src.Label, src.Counters[part.What], part.What, part.N, partial.ID)
			}
			pay.counters = append(pay.counters, counterChange{part.What, -part.N})
			pay.notes = append(pay.notes, part.Text)
			continue
		case game.PutCounters:
			pay.counters = append(pay.counters, counterChange{part.What, part.N})
			pay.notes = append(pay.notes, part.Text)
			continue
		case game.TapOthers:
			// Any number of untapped creatures its controller controls
			// (other than the object, when the cost says so), whatever
			// their time under control: no {T} of their own (302.6).
			total := 0
			var objs []*game.Object
			if cl := st.Clause("tap"); cl != nil {
				for _, n := range cl.Names {
					o := e.s.FindIn(n.Text, game.Battlefield)
					switch {
					case o == nil || !e.fits(p, part, o):
						return refuse("%s is not a creature %s controls (%s)", n.Text, p.Name, partial.ID)
					case o.Tapped || pay.chosen(o) || slices.Contains(objs, o):
						return refuse("%s is not untapped: it can't be tapped to pay %q (%s)", o.Label, part.Text, partial.ID)
					case part.Other && o == src:
						return refuse("%s can't be tapped to pay its own %q: the creatures are other than it (%s)", o.Label, part.Text, partial.ID)
					}
					objs = append(objs, o)
					total += o.Power()
				}
			}
			if part.Max > 0 && len(objs) > part.Max {
				return refuse("%q taps at most %d %s, not %d (%s)", part.Text, part.Max, plural(part.Max, "creature"), len(objs), partial.ID)
			}
			if total < part.N {
				return refuse("the creatures tapped (%s) have total power %d, less than %d: %q can't be paid (%s)", strings.Join(labelsOf(objs), ", "), total, part.N, part.Text, partial.ID)
			}
			pay.tapped = append(pay.tapped, objs...)
			pay.notes = append(pay.notes, fmt.Sprintf("%s (%s: total power %d)", part.Text, strings.Join(labelsOf(objs), ", "), total))
			continue
		case game.TapUntapped:
			// Exactly N untapped permanents its controller controls,
			// other than the object when the cost says so ("Tap another
			// untapped creature you control", station), each sharing a
			// colour with the spell when the cost says so (conspire),
			// whatever their time under control (302.6).
			var objs []*game.Object
			if cl := st.Clause("tap"); cl != nil {
				for _, n := range cl.Names {
					o := e.s.FindIn(n.Text, game.Battlefield)
					switch {
					case o == nil || !e.fits(p, part, o):
						return refuse("%s is not a %s %s controls (%s)", n.Text, part.What, p.Name, partial.ID)
					case o.Tapped || pay.chosen(o) || slices.Contains(objs, o):
						return refuse("%s is not untapped: it can't be tapped to pay %q (%s)", o.Label, part.Text, partial.ID)
					case part.Other && o == src:
						return refuse("%s can't be tapped to pay its own %q: the creatures are other than it (%s)", o.Label, part.Text, partial.ID)
					case part.Shares && o.Colors()&src.Colors() == 0:
						return refuse("%s shares no color with %s: it can't be tapped to pay %q (%s)", o.Label, src.Name(), part.Text, partial.ID)
					}
					objs = append(objs, o)
				}
			}
			if len(objs) != part.N {
				return refuse("the cost %q needs exactly %d untapped %s named, %d given (%s)", part.Text, part.N, plural(part.N, part.What), len(objs), partial.ID)
			}
			pay.tapped = append(pay.tapped, objs...)
			pay.notes = append(pay.notes, fmt.Sprintf("%s (%s)", part.Text, strings.Join(labelsOf(objs), ", ")))
			continue
		}
		var objs []*game.Object
		if part.Self {
			if src.Zone != part.From {
				return refuse("%s is not in %s (%s)", src.Label, e.zone(part.From), partial.ID)
			}
			objs = []*game.Object{src}
		} else {
			cl := st.Clause(part.Choice())
			if cl == nil || len(cl.Names) != part.N {
				n := 0
				if cl != nil {
					n = len(cl.Names)
				}
				if n == 0 && len(e.candidates(p, part, pay)) < part.N {
					return refuse("%s can't pay %q: %s has no %s to %s (%s)", p.Name, part.Text, p.Name, part.What, part.Kind, partial.ID)
				}
				noun := "card"
				if part.From == game.Battlefield {
					noun = "permanent"
				}
				return refuse("the cost %q needs exactly %d %s named (%s A, …), %d given", part.Text, part.N, plural(part.N, noun), part.Choice(), n)
			}
			for _, n := range cl.Names {
				o := e.s.FindIn(n.Text, part.From)
				if o == nil || !e.fits(p, part, o) || pay.chosen(o) || slices.Contains(objs, o) || part.Other && o == src {
					return refuse("%s is not a %s in %s's %s to %s (%s)", n.Text, part.What, p.Name, part.From, part.Kind, partial.ID)
				}
				objs = append(objs, o)
			}
		}
		switch part.Kind {
		case game.Sacrifice:
			pay.sac = append(pay.sac, objs...)
		case game.Discard:
			pay.discard = append(pay.discard, objs...)
		case game.ExileFrom:
			pay.exile = append(pay.exile, objs...)
		case game.ReturnToHand:
			pay.ret = append(pay.ret, objs...)
		case game.Reveal:
			pay.reveal = append(pay.reveal, objs...)
		}
		pay.notes = append(pay.notes, fmt.Sprintf("%s (%s)", part.Text, strings.Join(labelsOf(objs), ", ")))
	}
	return nil
}

func labelsOf(os []*game.Object) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.Label
	}
	return out
}

// fits reports whether o, in the zone of part, can pay it for p: p's
// own, of the part's quality.
func (e *engine) fits(p *game.Player, part game.Part, o *game.Object) bool {
	if part.From == game.Battlefield {
		if o.Controller() != p {
			return false
		}
	} else if o.Owner != p {
		return false
	}
	w := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(part.What), " card"), "card")
	if q, power, ok := strings.Cut(w, " with power "); ok {
		// "a creature with power 2 or greater" (casualty 2).
		var n int
		if k, err := fmt.Sscanf(power, "%d or greater", &n); k != 1 || err != nil || fmt.Sprintf("%d or greater", n) != power || o.Power() < n {
			return false
		}
		w = q
	}
	if strings.Contains(w, ",") || strings.Contains(w, " or ") {
		// "an artifact, enchantment, or token" (bargain): any of them.
		for _, alt := range splitAny(strings.ReplaceAll(w, ", or ", ", "), ", ", " or ") {
			if alt = strings.TrimSpace(alt); alt == "token" && o.Token || alt != "token" && hasWords(alt, o) {
				return true
			}
		}
		return false
	}
	return w == "" || w == "permanent" || hasWords(w, o)
}

// hasWords reports whether o has every quality of words: "creature",
// "nonblack creature", "artifact creature" ("non" negates a word).
func hasWords(words string, o *game.Object) bool {
	for _, w := range strings.Fields(words) {
		if q, ok := strings.CutPrefix(w, "non"); ok && q != "" {
			if ability.Q(q).Matches(o) {
				return false
			}
			continue
		}
		if !ability.Q(w).Matches(o) {
			return false
		}
	}
	return true
}

// spellOf reports whether spell is of a cost change's kind of spells:
// "spells", "noncreature spells", "black spells and green spells".
func spellOf(kind string, spell *game.Object) bool {
	for _, part := range splitAny(kind, " and ", " or ") {
		if hasWords(strings.TrimSuffix(strings.TrimSpace(part), "spells"), spell) {
			return true
		}
	}
	return false
}

// splitAny splits s at each of seps.
func splitAny(s string, seps ...string) []string {
	for _, sep := range seps[1:] {
		s = strings.ReplaceAll(s, sep, seps[0])
	}
	return strings.Split(s, seps[0])
}

// candidates are the objects that could pay part.
func (e *engine) candidates(p *game.Player, part game.Part, pay *payment) []*game.Object {
	var out []*game.Object
	for _, o := range p.Zone(part.From) {
		if e.fits(p, part, o) && !pay.chosen(o) && !(part.Other && o == pay.src) {
			out = append(out, o)
		}
	}
	return out
}

// symbolTap checks {T} or {Q} in the cost of src's ability: a permanent
// already tapped can't be tapped to pay it (107.5; 104.4 in 2006), nor
// one untapped be untapped (107.6, since 2008), and a creature that has
// not been under its controller's control since their most recent turn
// began can't pay either, unless it has haste (302.6; 212.3d in 2006).
func (e *engine) symbolTap(src *game.Object, k game.PartKind) error {
	if k == game.Untap {
		rule := e.rules.Find("the untap symbol in an activation cost")
		if rule.IsZero() {
			return refuse("{Q} is not a symbol of revision %s", revName(e.rules.Doc()))
		}
		if !src.Tapped {
			return refuse("%s is untapped and can't be untapped to pay {Q} (%s)", src.Label, rule.ID)
		}
	} else if src.Tapped {
		return refuse("%s is already tapped and can't be tapped to pay {T} (%s)", src.Label, e.rules.Find("already tapped can't be tapped again").ID)
	}
	if src.Zone != game.Battlefield {
		return refuse("%s is not a permanent", src.Label)
	}
	if _, haste := first[*ability.IgnoresSickness](e, src); src.Is("Creature") && src.EnteredTurn == e.s.Turn && !haste {
		return refuse("%s has not been under %s's control since their most recent turn began and can't pay %s (%s)", src.Label, src.Controller().Name, map[game.PartKind]string{game.Tap: "{T}", game.Untap: "{Q}"}[k], e.rules.Find(phSickAbility...).ID)
	}
	return nil
}

// settle pays everything chosen, all at once, and cites the payment by
// rule: a spell's or an activated ability's is 601.2h's "pays the total
// cost" (409.1h in 2006); another payment cites the rule that asks for it
// (ward's "unless that player pays", morph's special action).
func (e *engine) settle(pay *payment, total game.Cost, rule game.Ref) {
	p := pay.p
	p.Pool.Sub(pay.mana)
	p.Life -= pay.life
	if pay.life > 0 {
		e.firePlayer(p, ability.LosesLife, nil)
	}
	for _, o := range append(pay.tap, pay.tapped...) {
		o.Tapped = true
	}
	for _, o := range pay.untap {
		o.Tapped = false
	}
	for _, c := range pay.counters {
		put := countersPut{by: p}
		put.before(pay.src, c.kind)
		pay.src.AddCounters(c.kind, c.n)
		if pay.src.Counters[c.kind] == 0 {
			delete(pay.src.Counters, c.kind)
		}
		if c.n > 0 {
			// Putting counters as a cost puts them all the same (122.6);
			// only an effect's are replaced (614.16).
			e.countersPut(pay.src, put)
		}
	}
	for _, o := range pay.exile {
		if o.Zone == game.Battlefield {
			// A permanent exiled leaves the battlefield (603.6c).
			pay.exiled = append(pay.exiled, e.leaveBattlefield(o, game.Exile, "exiled"))
			continue
		}
		e.s.Move(o, game.Exile, nil, false)
	}
	for _, o := range pay.discard {
		e.move(o, game.Graveyard, nil, "discarded")
	}
	for _, o := range pay.ret {
		e.s.Move(o, game.Hand, nil, false)
	}
	for _, o := range pay.sac {
		e.s.Cite(e.defined("Sacrifice", phSacrifice...), "%s sacrifices %s", p.Name, o.Label)
		e.leaveBattlefield(o, game.Graveyard, "sacrificed")
	}
	what := []string{}
	if total.IsSet() || pay.mana.Total() > 0 {
		what = append(what, fmt.Sprintf("%s with %s", total, pay.mana))
	}
	if len(pay.tap) > 0 {
		what = append(what, "{T} ("+strings.Join(labelsOf(pay.tap), ", ")+" is tapped)")
	}
	if len(pay.untap) > 0 {
		what = append(what, "{Q} ("+strings.Join(labelsOf(pay.untap), ", ")+" is untapped)")
	}
	if len(pay.reveal) > 0 {
		what = append(what, "reveals "+strings.Join(labelsOf(pay.reveal), ", "))
	}
	what = append(what, pay.notes...)
	e.s.Cite(rule, "%s pays %s", p.Name, strings.Join(what, "; "))
}
