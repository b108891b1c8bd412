package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// attack declares attackers: untapped creatures without defender that
// have been under their controller's control since the turn began (or
// have haste); attacking taps them unless they have vigilance.
func (e *engine) attack(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	if e.s.ActivePlayer() != p {
		return refuse("%s is not the active player", p.Name)
	}
	if e.s.Step != "declare attackers" && e.ahead("declare attackers") < 0 {
		return refuse("%s's turn has no combat phase left: creatures attack only in a combat phase%s", p.Name, see(e.rules.Find(phAttack...)))
	}
	var attackers []*game.Object
	for _, n := range st.Names[1:] {
		o := e.s.FindIn(n.Text, game.Battlefield)
		switch {
		case o == nil || o.Controller() != p || !o.Is("Creature"):
			return refuse("%s is not a creature %s controls", n.Text, p.Name)
		case o.Tapped:
			return refuse("%s is tapped and can't attack", o.Label)
		}
		if a, ok := first[*ability.CantAttack](e, o); ok {
			return refuse(a.Note+" (%s)", o.Label, e.ref(a).ID)
		}
		// Until 2004-10-01 the rule that declares attackers names
		// Walls among the creatures that can't attack: "Walls,
		// creatures that the active player didn't control" (308.1 of
		// 1999-04-23), "creatures with creature type Wall" (308.2a of
		// 2003-07-01); from 2004-10-01 Wall is a creature type with no
		// rules meaning (defender replaces it).
		if r := e.rules.Find(phWall...); !r.IsZero() && o.HasSubtype("Wall") {
			return refuse("%s is a Wall and can't attack (%s)", o.Label, r.ID)
		}
		if _, haste := first[*ability.IgnoresSickness](e, o); o.EnteredTurn == e.s.Turn && !haste {
			return refuse("%s has not been under %s's control since the turn began and can't attack (%s)", o.Label, p.Name, e.rules.Find(phSick...).ID)
		}
		attackers = append(attackers, o)
	}
	if len(attackers) == 0 {
		return refuse("%s declares no attacking creature", p.Name)
	}
	defs, battles, err := e.attackChoices(st, p, attackers)
	if err != nil {
		return err
	}
	// 506.2a: one defending player, unless the game lets the active
	// player attack several, each creature's own (802.3 today).
	each := e.rules.Find(phEachAttacker...)
	if e.s.Combat.Defending != nil && len(e.s.Combat.Attackers) > 0 {
		defs = append(defs, e.s.Combat.Defending)
	}
	for _, d := range defs {
		if d != defs[0] && each.IsZero() {
			return refuse("%s attacks %s this combat: one defending player (%s)", p.Name, defs[0].Name, e.rules.Find(phDefending...).ID)
		}
	}
	if err := e.attackRequirements(p, attackers, defs); err != nil {
		return err
	}
	costs, err := e.attackCosts(st, p, attackers)
	if err != nil {
		return err
	}
	e.toStep("declare attackers")
	e.attacked = append(e.attacked, attackers...)
	if e.s.Combat.Defending == nil || len(e.s.Combat.Attackers) == 0 {
		e.s.Combat.Defending = defs[0]
	}
	e.blocksDone = false
	if e.s.Combat.Defender == nil {
		e.s.Combat.Defender = map[*game.Object]*game.Player{}
	}
	several := false
	for i, o := range attackers {
		def, battle := defs[i], battles[i]
		several = several || def != defs[0]
		e.s.Combat.Defender[o] = def
		if battle != nil {
			if e.s.Combat.Attacked == nil {
				e.s.Combat.Attacked = map[*game.Object]*game.Object{}
			}
			e.s.Combat.Attacked[o] = battle
		} else if !slices.Contains(e.s.Combat.PlayersAttacked, def) {
			e.s.Combat.PlayersAttacked = append(e.s.Combat.PlayersAttacked, def)
		}
	}
	if several {
		e.s.Cite(each, "%s chooses for each attacking creature the defending player it attacks: each of those players is a defending player", p.Name)
	}
	for i, o := range attackers {
		if h, ok := first[*ability.IgnoresSickness](e, o); ok && o.EnteredTurn == e.s.Turn {
			e.s.Cite(e.ref(h), h.Note, o.Label, p.Name)
		}
		if v, ok := first[*ability.AttacksUntapped](e, o); ok {
			e.s.Cite(e.ref(v), v.Note, o.Label)
		} else {
			o.Tapped = true
		}
		e.s.Combat.Attackers = append(e.s.Combat.Attackers, o)
		rule, attacks := e.rules.Find(phAttack...), defs[i].Name
		if b := battles[i]; b != nil {
			rule = e.rules.Find(phBattleAttacked...)
			attacks = fmt.Sprintf("%s, a battle %s protects", b.Label, defs[i].Name)
		}
		e.s.Cite(rule, "%s attacks %s", o.Label, attacks)
	}
	for _, c := range costs {
		c()
	}
	for _, o := range attackers {
		e.fire(o, ability.Attacks, nil)
	}
	e.fireAttackShapes(attackers)
	return nil
}

// attackCosts checks the optional costs to attack the declaration's
// clauses pay (508.1g; "enlist A=C": attacking creature A's cost taps C,
// an untapped creature its controller p controls that doesn't attack and
// has haste or has been under p's control since the turn began, each
// once), and returns how to pay each as the attackers are declared: C
// becomes tapped, and the triggered ability linked to the cost (607.2h)
// triggers, giving A +X/+0 until end of turn, X C's power as it
// resolves, or as it last existed on the battlefield.
func (e *engine) attackCosts(st *Stmt, p *game.Player, attackers []*game.Object) ([]func(), error) {
	var pay []func()
	used := map[*game.Object]bool{}
	for _, cl := range st.Clauses {
		if cl.Word == "exert" {
			for _, n := range cl.Names {
				f, err := e.exert(p, attackers, n.Text, used)
				if err != nil {
					return nil, err
				}
				pay = append(pay, f)
			}
			continue
		}
		if !ability.AttackChoices[cl.Word] {
			continue
		}
		for _, n := range cl.Names {
			who, other, _ := strings.Cut(n.Text, "=")
			who, other = strings.TrimSpace(who), strings.TrimSpace(other)
			i := slices.IndexFunc(attackers, func(o *game.Object) bool { return strings.EqualFold(o.Label, who) })
			if i < 0 {
				return nil, refuse("%s: %s is not among the creatures %s attacks with", cl.Word, who, p.Name)
			}
			att := attackers[i]
			var a *ability.AttackCost
			for _, x := range all[*ability.AttackCost](e, att) {
				if x.Choice == cl.Word && !used[att] {
					a = x
				}
			}
			if a == nil {
				return nil, refuse("%s has no %s", att.Label, cl.Word)
			}
			rule := e.ref(a)
			c := e.s.FindIn(other, game.Battlefield)
			haste := false
			if c != nil {
				_, haste = first[*ability.IgnoresSickness](e, c)
			}
			switch {
			case c == nil || c.Controller() != p || !c.Is("Creature"):
				return nil, refuse("%s: %s is not a creature %s controls (%s)", cl.Word, other, p.Name, rule.ID)
			case c == att || slices.Contains(attackers, c) || slices.Contains(e.s.Combat.Attackers, c):
				return nil, refuse("%s: %s attacks: %s taps a creature %s didn't choose to attack with (%s)", cl.Word, c.Label, att.Label, p.Name, rule.ID)
			case c.Tapped || used[c]:
				return nil, refuse("%s: %s is tapped: the cost taps an untapped creature (%s)", cl.Word, c.Label, rule.ID)
			case c.EnteredTurn == e.s.Turn && !haste:
				return nil, refuse("%s: %s has neither haste nor been under %s's control continuously since the turn began (%s)", cl.Word, c.Label, p.Name, rule.ID)
			}
			used[att], used[c] = true, true
			pay = append(pay, func() {
				c.Tapped = true
				e.s.Cite(rule, a.Note, att.Label, c.Label)
				power := c.Power()
				e.trigger(att, a.Keyword, "When you do, this creature gets +X/+0 until end of turn, where X is the tapped creature's power.", rule, func(s *game.State, _ *game.Object) {
					if e.s.FindIn(c.Label, game.Battlefield) == c {
						power = c.Power()
					}
					if e.s.FindIn(att.Label, game.Battlefield) != att {
						return
					}
					s.AddEffect(&game.Continuous{Source: att, Label: a.Keyword, Objects: []*game.Object{att}, AddPT: true, P: power, UntilEOT: true})
					pw, tg := att.PT()
					s.Cite(rule, a.Bonus.Note, att.Label, power, fmt.Sprintf("%d/%d", pw, tg))
				})
			})
		}
	}
	return pay, nil
}

// attackChoices reads the "attacking" clause of a declaration of
// attackers by p: "attacking bob" (a player or a battle) for them all,
// "attacking A=bob, B=carol" for each creature (802.3), a creature not
// named attacking the next opponent in turn order. It returns the
// defending player of each attacker and the battle it attacks, if any
// (its protector is then the defending player, 508.1b, 310.8b).
func (e *engine) attackChoices(st *Stmt, p *game.Player, attackers []*game.Object) ([]*game.Player, []*game.Object, error) {
	defs := make([]*game.Player, len(attackers))
	battles := make([]*game.Object, len(attackers))
	all, each := "", map[*game.Object]Name{}
	if cl := st.Clause("attacking"); cl != nil {
		for _, n := range cl.Names {
			who, at, ok := strings.Cut(n.Text, "=")
			if !ok {
				if len(cl.Names) > 1 {
					return nil, nil, refuse("attacking: %q is not CREATURE=PLAYER: with more than one choice each names its creature", n.Text)
				}
				all = n.Text
				continue
			}
			i := slices.IndexFunc(attackers, func(o *game.Object) bool { return strings.EqualFold(o.Label, strings.TrimSpace(who)) })
			if i < 0 {
				return nil, nil, refuse("attacking: %s is not among the creatures %s attacks with", strings.TrimSpace(who), p.Name)
			}
			each[attackers[i]] = Name{Text: strings.TrimSpace(at), Pos: n.Pos}
		}
	}
	for i, o := range attackers {
		name := all
		if n, ok := each[o]; ok {
			name = n.Text
		}
		if name == "" {
			defs[i] = e.s.Opponent(p)
			continue
		}
		def := e.s.Player(name)
		if def == nil {
			// A battle: its protector is the defending player (508.1b,
			// 310.8b).
			b, err := e.attackBattle(p, name)
			if err != nil {
				return nil, nil, err
			}
			def, battles[i] = b.Protector, b
		}
		if def == p || def.Left {
			return nil, nil, refuse("%s is not an opponent of %s in the game (%s)", name, p.Name, e.rules.Find(phDefending...).ID)
		}
		defs[i] = def
	}
	return defs, battles, nil
}

// fireAttackShapes fires the events of a declaration of attackers
// beyond each creature's attacking: the only creature declared attacks
// alone (506.5; 306.5 in 2008), a creature attacking the player with the most life or
// tied for it (a battle is no player), a creature attacking with
// another of greater power.
func (e *engine) fireAttackShapes(attackers []*game.Object) {
	if len(e.s.Combat.Attackers) == 1 && len(attackers) == 1 {
		e.fire(attackers[0], ability.AttacksAlone, nil)
	}
	for _, o := range attackers {
		if e.s.Combat.Attacked[o] != nil {
			continue
		}
		def := e.defending(o)
		most := true
		for _, p := range e.s.InGame() {
			most = most && p.Life <= def.Life
		}
		if most {
			e.fire(o, ability.AttacksMostLife, def)
		}
	}
	for _, o := range attackers {
		p, _ := o.PT()
		if slices.ContainsFunc(attackers, func(x *game.Object) bool { xp, _ := x.PT(); return x != o && xp > p }) {
			e.fire(o, ability.AttacksWithStronger, nil)
		}
	}
}

// canBlock checks the restrictions of evasion abilities.
func (e *engine) canBlock(att, b *game.Object) error {
	switch {
	case b.Tapped:
		return refuse("%s is tapped and can't block (%s)", b.Label, e.blockerRef(phTapped...).ID)
	}
	for _, r := range all[*ability.CantBlock](e, b) {
		if r.Applies(b) {
			return refuse(r.Note+" (%s)", b.Label, e.restrictionRef(r).ID)
		}
	}
	for _, r := range all[*ability.BlockRestriction](e, att) {
		if !r.Allows(att, b) {
			return refuse(r.Note+" (%s)", att.Label, b.Label, e.restrictionRef(r).ID)
		}
	}
	for _, r := range all[*ability.CanBlockOnly](e, b) {
		if !r.Allows(att) {
			return refuse(r.Note+" (%s)", b.Label, att.Label, e.restrictionRef(r).ID)
		}
	}
	for _, pr := range all[*ability.Protection](e, att) {
		if pr.From.Matches(b) {
			return refuse("%s has protection from %s and can't be blocked by %s (%s)", att.Label, pr.From.Text, b.Label, e.protRef(pr, pr.Block).ID)
		}
	}
	for _, r := range e.s.Requirements {
		if r.Blocker == b && r.Attacker != att && slices.Contains(e.s.Combat.Attackers, r.Attacker) {
			if e.canBlockQuiet(r.Attacker, b) {
				return refuse("%s must block %s this combat if able (%s)", b.Label, r.Attacker.Label, r.Rule.ID)
			}
		}
	}
	return nil
}

func (e *engine) canBlockQuiet(att, b *game.Object) bool {
	saved := e.s.Requirements
	e.s.Requirements = nil
	defer func() { e.s.Requirements = saved }()
	return e.canBlock(att, b) == nil
}

// block declares that blockers block an attacker.
func (e *engine) block(st *Stmt) error {
	p, err := e.player(st.Player)
	if err != nil {
		return err
	}
	att := e.s.FindIn(st.Object.Text, game.Battlefield)
	if att == nil || !slices.Contains(e.s.Combat.Attackers, att) {
		return refuse("%s is not attacking", st.Object.Text)
	}
	if err := e.protectorOnly(att, p); err != nil {
		return err
	}
	if def := e.defending(att); p != def {
		return refuse("%s is not the defending player: %s declares blockers (%s)", p.Name, def.Name, e.rules.Find(phBlock...).ID)
	}
	var bs []*game.Object
	for _, n := range st.Names[1:] {
		b := e.s.FindIn(n.Text, game.Battlefield)
		if b == nil || b.Controller() != p || !b.Is("Creature") {
			return refuse("%s is not a creature %s controls", n.Text, p.Name)
		}
		if _, busy := e.s.Combat.Blocking[b]; busy {
			return refuse("%s is already blocking", b.Label)
		}
		if err := e.canBlock(att, b); err != nil {
			return err
		}
		bs = append(bs, b)
	}
	e.toStep("declare blockers")
	e.blocking = true
	for _, b := range bs {
		e.s.Combat.Blockers[att] = append(e.s.Combat.Blockers[att], b)
		e.s.Combat.Blocking[b] = att
		e.s.Cite(e.rules.Find(phBlock...), "%s blocks %s", b.Label, att.Label)
	}
	return nil
}

// endBlocks ends the declaration of blockers, which may have taken
// several lines: restrictions on the whole declaration (menace) and
// requirements are checked, and block triggers fire. An illegal
// declaration is undone, so that the script may declare again.
func (e *engine) endBlocks() error {
	e.blocking = false
	if err := e.checkBlocks(); err != nil {
		clear(e.s.Combat.Blocking)
		clear(e.s.Combat.Blockers)
		return err
	}
	e.blocksDone = true
	for _, att := range e.s.Combat.Attackers {
		bs := e.s.Combat.Blockers[att]
		if len(bs) > 0 {
			e.fire(att, ability.BecomesBlocked, bs)
		} else {
			e.fire(att, ability.AttacksUnblocked, nil)
		}
		for _, b := range bs {
			e.fire(b, ability.Blocks, nil)
		}
	}
	return nil
}

// checkBlocks checks the declaration of blockers as a whole (509.1b–c,
// 308.2b in 2006): menace, and requirements such as provoke's.
func (e *engine) checkBlocks() error {
	for _, att := range e.s.Combat.Attackers {
		n := len(e.s.Combat.Blockers[att])
		for _, c := range all[*ability.BlockCount](e, att) {
			if n > 0 && n < c.Min {
				return refuse(c.Note+" (%s)", att.Label, e.ref(c).ID)
			}
		}
	}
	for _, r := range e.s.Requirements {
		if _, blocking := e.s.Combat.Blocking[r.Blocker]; !blocking && slices.Contains(e.s.Combat.Attackers, r.Attacker) && e.canBlockQuiet(r.Attacker, r.Blocker) {
			return refuse("%s must block %s this combat if able (%s)", r.Blocker.Label, r.Attacker.Label, r.Rule.ID)
		}
	}
	return nil
}

// damageSteps reports in which combat damage steps o deals damage:
// first is set for the first-strike step, regular for the regular step
// even after dealing damage in the first.
func (e *engine) damageSteps(o *game.Object) (first, regular bool, a *ability.DamageStep) {
	for _, d := range all[*ability.DamageStep](e, o) {
		first, regular = first || d.First, regular || d.Regular
		if a == nil || d.Regular {
			a = d
		}
	}
	return first, regular, a
}

// phFirstStrikeStep finds the rule of the first-strike combat damage
// step: 510.4 today ("If at least one attacking or blocking creature has
// first strike ... as the combat damage step begins"), 310.5 in 2006.
var phFirstStrikeStep = []string{"as the combat damage step begins, the only creatures", "at the start of the combat damage step, if at least one attacking or blocking creature has first strike"}

// combatDamage runs the combat damage step, split in two when a
// creature has first strike or double strike. In the revisions where
// combat damage uses the stack (310.1 from 1999 to 2009-05-01: "all
// assignments of combat damage go on the stack as a single object"),
// each step's damage is put on the stack and resolves; with "; respond"
// it stays there, players get priority, and "resolve" deals it. Each
// step ends with the active player getting priority: abilities that
// triggered in the first-strike step are put on the stack then, and the
// statement stops there. Once the first-strike damage is dealt, the
// next "damage" runs the regular step.
func (e *engine) combatDamage() error {
	if len(e.s.Combat.Attackers) == 0 {
		return refuse("no creature is attacking")
	}
	respond := e.cur != nil && e.cur.Clause("respond") != nil
	onStack := e.rules.Find(phDamageStack...)
	if respond && onStack.IsZero() {
		return refuse("combat damage doesn't use the stack in this revision: no player can cast spells or activate abilities between the time it is assigned and the time it is dealt%s", see(e.rules.Find(phDamageNoStack...)))
	}
	if e.s.Step == "combat damage" {
		return refuse("the combat damage of this combat has been dealt")
	}
	// "; priority" stops after the first-strike combat damage step,
	// where the active player gets priority (510.3; 310.4 in 2006)
	// whether or not anything triggered.
	pause := e.cur != nil && e.cur.Clause("priority") != nil
	if pause && (e.s.Step == "first-strike damage" || e.firstStrike() == nil) {
		return refuse("this combat has no first-strike combat damage step to stop after (%s)", e.rules.Find(phFirstStrikeStep...).ID)
	}
	if !e.blocksDone {
		if err := e.endBlocks(); err != nil {
			return err
		}
		if err := e.pushTriggers(); err != nil {
			return err
		}
	}
	if e.s.Top() != nil {
		return refuse("the stack is not empty: resolve %s before combat damage", stackName(e.s.Top()))
	}
	assigned, err := e.assignments()
	if err != nil {
		return err
	}
	e.assigned = assigned
	defer func() { e.assigned = nil }()
	e.dealing = true
	defer func() { e.dealing = false }()
	if e.s.Step != "first-strike damage" && e.firstStrike() != nil {
		e.toStep("first-strike damage")
		if !e.damageStep(e.dealsFirst, onStack, respond) {
			return nil
		}
		e.sba()
		// The first-strike step gives priority too (510.3 today, 310.4
		// in 2006): what triggered on its damage goes on the stack
		// first, and resolves before the regular step begins.
		if err := e.pushTriggers(); err != nil {
			return err
		}
		if e.s.Top() != nil {
			e.s.Cite(e.rules.Find(phDamagePriority...), "the abilities that triggered in the first-strike combat damage step are put on the stack before the active player gets priority; the regular combat damage step begins once the stack is empty and all players pass")
			return nil
		}
		if pause {
			e.s.Cite(e.rules.Find(phDamagePriority...), "the active player gets priority in the first-strike combat damage step; the regular combat damage step begins once all players pass")
			return nil
		}
	}
	e.toStep("combat damage")
	e.damageStep(e.dealsRegular, onStack, respond)
	e.sba()
	return e.pushTriggers()
}

// firstStrike returns the ability of a creature in combat that gives
// the combat phase a first-strike combat damage step (510.4 today, 310.5
// in 2006), a double strike's first; nil when there is none.
func (e *engine) firstStrike() *ability.DamageStep {
	var two *ability.DamageStep
	for _, a := range e.s.Combat.Attackers {
		for _, o := range append([]*game.Object{a}, e.s.Combat.Blockers[a]...) {
			if f, r, d := e.damageSteps(o); f && (two == nil || r) {
				two = d
			}
		}
	}
	return two
}

// dealsFirst selects the creatures that deal combat damage in the
// first-strike combat damage step.
func (e *engine) dealsFirst(o *game.Object) bool {
	f, _, _ := e.damageSteps(o)
	return f
}

// dealsRegular selects the creatures that deal combat damage in the
// regular combat damage step: those that didn't in the first, and those
// that deal damage in both (double strike).
func (e *engine) dealsRegular(o *game.Object) bool {
	if _, r, a := e.damageSteps(o); r {
		e.s.Cite(e.ref(&a.Again), a.Again.Note, o.Label)
		return true
	}
	return !e.s.Combat.FirstStrikeDealt[o]
}

// passDamage is a combat damage step a statement moves through ("step
// end", "turn bob"): it happens (the step's creatures deal their combat
// damage, assigned as the rules do by default), and where combat damage
// uses the stack no player responds to it.
func (e *engine) passDamage(step string) {
	if len(e.s.Combat.Attackers) == 0 {
		return
	}
	deals := e.dealsRegular
	if step == "first-strike damage" {
		deals = e.dealsFirst
	}
	e.damageStep(deals, e.rules.Find(phDamageStack...), false)
}

// damageStep assigns the combat damage of the creatures deals selects
// and deals it: at once where combat damage doesn't use the stack; else
// it goes on the stack as one object (rule onStack) and resolves, or,
// when respond is set, stays there for the players to respond to and
// damageStep reports false.
func (e *engine) damageStep(deals func(*game.Object) bool, onStack game.Ref, respond bool) bool {
	if e.s.Step == "first-strike damage" {
		e.s.Cite(e.ref(e.firstStrike()), "a creature has first strike or double strike: there are two combat damage steps; only those creatures deal damage in the first")
	}
	hits := e.assignCombat(deals)
	if onStack.IsZero() || len(hits) == 0 {
		e.dealCombat(hits)
		return true
	}
	ob := &game.Object{Label: "Combat damage", Owner: e.s.ActivePlayer(), BaseController: e.s.ActivePlayer(), Card: &game.Card{Name: "Combat damage"},
		Ability: &game.AbilityInfo{Keyword: "Combat damage", Rule: onStack, Resolve: func(*game.State, *game.Object) {
			e.s.Cite(e.rules.Find(phDamageResolves...), "the combat damage resolves: it is all dealt at once, as originally assigned")
			e.dealCombat(hits)
		}}}
	e.s.Push(ob)
	e.s.Cite(onStack, "the combat damage assignments (%s) go on the stack as one object", describeHits(hits))
	if respond {
		e.s.Cite(onStack, "then the active player gets priority, with the combat damage on the stack")
		return false
	}
	e.s.Remove(ob)
	ob.Ability.Resolve(e.s, ob)
	return true
}

// describeHits lists combat damage assignments: "Grizzly Bears 2 to
// Hill Giant, Hill Giant 3 to Grizzly Bears".
func describeHits(hits []hit) string {
	var parts []string
	for _, h := range hits {
		if h.n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d to %s", h.src.Label, h.n, h.target.Name()))
		}
	}
	return strings.Join(parts, ", ")
}

// An assignment is combat damage its controller assigns to one blocker.
type assignment struct {
	to *game.Object
	n  int
}

// assignments reads the "damage; assign A=2, B=1" clause (a player's
// name, "bob=2", for the damage a trampler assigns to them): how the
// controller of an attacking creature blocked by two or more creatures
// divides its combat damage among them (510.1c today, 310.2c in
// 2006-10-01: as they choose). The division must add up to the
// creature's power; in the revisions with a damage assignment order
// (2010 to 2024), the order is the clause's, and a creature can't be
// assigned damage while one before it has less than lethal damage.
func (e *engine) assignments() (map[*game.Object][]assignment, error) {
	if e.cur == nil || e.cur.Clause("assign") == nil {
		return nil, nil
	}
	out := map[*game.Object][]assignment{}
	var att *game.Object
	var player []assignment // damage assigned to a player, by name
	var playerNames []string
	for _, n := range e.cur.Clause("assign").Names {
		name, num, ok := strings.Cut(n.Text, "=")
		k, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil || k < 0 {
			return nil, refuse("assign: %q is not BLOCKER=N", n.Text)
		}
		if e.s.Player(strings.TrimSpace(name)) != nil || e.attackedNamed(strings.TrimSpace(name)) {
			player = append(player, assignment{nil, k})
			playerNames = append(playerNames, strings.TrimSpace(name))
			continue
		}
		b := e.s.FindIn(strings.TrimSpace(name), game.Battlefield)
		a, blocking := e.s.Combat.Blocking[b]
		if b == nil || !blocking {
			return nil, refuse("assign: %s is not blocking", strings.TrimSpace(name))
		}
		if att != nil && a != att {
			return nil, refuse("assign: %s blocks %s, not %s", b.Label, a.Label, att.Label)
		}
		att = a
		out[a] = append(out[a], assignment{b, k})
	}
	if att == nil {
		return nil, refuse("assign: name at least one blocking creature")
	}
	total := 0
	for _, x := range out[att] {
		total += x.n
	}
	for i, x := range player {
		total += x.n
		if err := e.assignToPlayer(att, playerNames[i], x.n, out[att]); err != nil {
			return nil, err
		}
		if x.n > 0 {
			out[att] = append(out[att], x)
		}
	}
	rule := e.rules.Find(phDivide...)
	if total != att.Power() {
		return nil, refuse("%s assigns %d combat damage, not %d (its power)%s", att.Label, total, att.Power(), see(rule))
	}
	how := "as they choose"
	if order := e.rules.Find(phAssignOrder...); !order.IsZero() {
		how = "in damage assignment order, lethal damage to each before the next"
		out[att] = e.byOrder(att, out[att])
		for i, x := range out[att][:len(out[att])-1] {
			if lethal := e.lethal(att, x.to); x.to != nil && x.n < lethal && out[att][i+1].n > 0 && out[att][i+1].to != nil {
				return nil, refuse("%s must be assigned lethal damage (%d) before %s is assigned any, in damage assignment order%s", x.to.Label, lethal, out[att][i+1].to.Label, see(order))
			}
		}
	}
	e.s.Cite(rule, "%s's controller divides its combat damage among its blockers %s", att.Label, how)
	return out, nil
}

// assignToPlayer checks n combat damage assigned by att to the player
// named name: only a creature with trample assigns any to the player
// it attacks, and only once every creature blocking it is assigned
// lethal damage (702.19b; 502.9b in 2006-10-01), damage already marked
// counted and, where deathtouch makes 1 damage lethal, 1.
func (e *engine) assignToPlayer(att *game.Object, name string, n int, blockers []assignment) error {
	def := e.attackTarget(att)
	trample, tramples := first[*ability.AssignsExcess](e, att)
	if !tramples {
		return refuse("assign: %s has no trample and can't assign combat damage to %s while blocked", att.Label, name)
	}
	rule := e.ref(trample, "lethal damage", "assign the rest", "rest of its damage", "excess")
	if attacked := e.targetLabel(def); !strings.EqualFold(name, attacked) {
		return refuse("assign: %s is attacking %s, not %s%s", att.Label, attacked, name, see(rule))
	}
	if n == 0 {
		return nil
	}
	for _, b := range liveBlockers(e, e.s.Combat.Blockers[att]) {
		got := 0
		for _, x := range blockers {
			if x.to == b {
				got += x.n
			}
		}
		if lethal := e.lethal(att, b); got < lethal {
			return refuse("%s must be assigned lethal damage (%d) before %s is assigned any of %s's combat damage%s", b.Label, lethal, e.targetLabel(def), att.Label, see(rule))
		}
	}
	return nil
}

// lethal is the damage att must assign to the blocker b to be lethal:
// its toughness less the damage already marked on it, or 1 where the
// revision's deathtouch makes any damage lethal (702.2c today).
func (e *engine) lethal(att, b *game.Object) int {
	if b == nil {
		return 0
	}
	lethal := max(0, b.Toughness()-b.Damage)
	if slices.ContainsFunc(all[*ability.DamageRider](e, att), func(r *ability.DamageRider) bool { return r.LethalOne }) {
		lethal = min(lethal, 1)
	}
	return lethal
}

// A hit is combat damage assigned: n damage from src to target.
type hit struct {
	src    *game.Object
	target game.Target
	n      int
}

// assignCombat assigns the combat damage of the creatures deals selects.
func (e *engine) assignCombat(deals func(*game.Object) bool) []hit {
	var hits []hit
	for _, att := range e.s.Combat.Attackers {
		if att.Zone != game.Battlefield || e.s.FindIn(att.Label, game.Battlefield) != att {
			continue
		}
		def := e.attackTarget(att)
		bs := e.inOrder(att, liveBlockers(e, e.s.Combat.Blockers[att]))
		if deals(att) {
			if e.s.Step == "first-strike damage" {
				e.s.Combat.FirstStrikeDealt[att] = true
			}
			pw := att.Power()
			if len(e.s.Combat.Blockers[att]) == 0 {
				if !e.attackedGone(att) {
					hits = append(hits, hit{att, def, pw})
				}
			} else {
				if as, ok := e.assigned[att]; ok {
					for _, x := range as {
						if x.to == nil {
							trample, _ := first[*ability.AssignsExcess](e, att)
							e.s.Cite(e.ref(trample), trample.Note, att.Label, x.n, def.Name())
							hits = append(hits, hit{att, def, x.n})
						} else if slices.Contains(bs, x.to) {
							hits = append(hits, hit{att, game.Target{Object: x.to}, x.n})
						}
					}
					goto blockers
				}
				lethalOne := slices.ContainsFunc(all[*ability.DamageRider](e, att), func(r *ability.DamageRider) bool { return r.LethalOne })
				trample, tramples := first[*ability.AssignsExcess](e, att)
				for _, b := range bs {
					lethal := max(0, b.Toughness()-b.Damage)
					if lethalOne {
						lethal = min(lethal, 1)
					}
					k := pw
					if tramples || len(bs) > 1 {
						k = min(pw, lethal)
					}
					if b == bs[len(bs)-1] && !tramples {
						k = pw
					}
					hits = append(hits, hit{att, game.Target{Object: b}, k})
					pw -= k
				}
				if tramples && pw > 0 && !e.attackedGone(att) {
					e.s.Cite(e.ref(trample), trample.Note, att.Label, pw, def.Name())
					hits = append(hits, hit{att, def, pw})
				}
			}
		}
	blockers:
		for _, b := range bs {
			if deals(b) {
				if e.s.Step == "first-strike damage" {
					e.s.Combat.FirstStrikeDealt[b] = true
				}
				hits = append(hits, hit{b, game.Target{Object: att}, b.Power()})
			}
		}
	}
	return hits
}

// dealCombat deals combat damage as it was assigned, all at once. Where
// it used the stack (310.4 in 2006-10-01), it is dealt even by a
// creature no longer on the battlefield, whose power no longer counts,
// and not to a creature that has left it. Combat damage dealt to the
// player who has the initiative triggers its ability (725.2) once for
// each player whose creatures dealt it.
func (e *engine) dealCombat(hits []hit) {
	holder := e.initiativeHolder()
	var by []*game.Player // the controllers of creatures that dealt combat damage to holder
	for _, h := range hits {
		if h.n <= 0 {
			continue
		}
		if t := h.target.Object; t != nil && (e.s.FindIn(t.Label, game.Battlefield) != t || !t.Is("Creature") && !t.Is("Planeswalker") && !t.Is("Battle")) {
			e.s.Cite(e.rules.Find(phDamageGone...), "%s is no longer %s as a creature: the %d damage assigned to it by %s isn't dealt", t.Label, e.term("on the battlefield", "in play"), h.n, h.src.Label)
			continue
		}
		if e.s.FindIn(h.src.Label, game.Battlefield) != h.src {
			e.s.Cite(e.rules.Find(phDamageLKI...), "%s is no longer %s: its combat damage is dealt as assigned, by %s as it last existed", h.src.Label, e.term("on the battlefield", "in play"), h.src.Label)
		}
		e.s.Cite(e.rules.Find(append(phDamageDealt, phDamage...)...), "%s deals %d combat damage to %s", h.src.Label, h.n, h.target.Name())
		if e.damage(h.src, h.target, h.n, true) && holder != nil && h.target.Player == holder && !slices.Contains(by, h.src.Controller()) {
			by = append(by, h.src.Controller())
		}
	}
	if len(by) > 0 {
		e.initiativeDamage(holder, by)
	}
}

func liveBlockers(e *engine, bs []*game.Object) []*game.Object {
	var out []*game.Object
	for _, b := range bs {
		if _, blocking := e.s.Combat.Blocking[b]; blocking && e.s.FindIn(b.Label, game.Battlefield) == b {
			out = append(out, b)
		}
	}
	return out
}

// defending is the player att attacks: the one its controller chose for
// it as attackers were declared (802.2a: an attacking creature's
// defending player is the one it attacks), else the combat's defending
// player or their next opponent.
func (e *engine) defending(att *game.Object) *game.Player {
	if d := e.s.Combat.Defender[att]; d != nil {
		return d
	}
	if d := e.s.Combat.Defending; d != nil {
		return d
	}
	return e.s.Opponent(att.Controller())
}

// restrictionRef cites the rule of a restriction on blocking: its
// keyword's subrule, or for card text the rule of the declaration of
// blockers that has the defending player check restrictions (509.1b;
// 309.2b in 2006).
func (e *engine) restrictionRef(a ability.Ability) game.Ref {
	if ability.Info(a).Keyword == "" {
		return e.blockerRef(phRestrictions...)
	}
	return e.ref(a)
}

// phRestrictions finds the rule by which the defending player checks
// the restrictions on blocking: 509.1b today (508.1c, its attacking
// twin, is not under the declare blockers step), 500.3 in 2004–2009,
// 501.3 in 1999.
var phRestrictions = []string{"affected by any restrictions", "has some other blocking restriction", "restrict how they can block"}

// blockerRef finds the rule of the declare blockers step that says one
// of phrases ("The chosen creatures must be untapped", 509.1a; "Only
// untapped creatures can block", 309.2a in 2006), anywhere else when the
// step says none.
func (e *engine) blockerRef(phrases ...string) game.Ref {
	if r := e.rules.FindUnder([]string{"Declare Blockers Step"}, phrases...); !r.IsZero() {
		return r
	}
	return e.rules.Find(phrases...)
}

// phEachAttacker finds the rule of the attack multiple players option by
// which each attacking creature attacks a defending player of its own
// (802.3 today; from 2005-08-01).
var phEachAttacker = []string{"as the attacking player declares each attacking creature"}

// A mustAttack is a requirement that creature o attacks player p in
// turn turn if able (508.1d): encore's "a token … that attacks that
// opponent this turn if able" (702.141a).
type mustAttack struct {
	o    *game.Object
	p    *game.Player
	turn int
}

// attackRequirements refuses a declaration of attackers (each of
// attackers attacking the player defs names at its index) that leaves
// out a creature p controls that attacks a player this turn if able, or
// has it attack another, while it could attack: untapped, under p's
// control since the turn began or with haste, and no ability that says
// it can't (508.1d).
func (e *engine) attackRequirements(p *game.Player, attackers []*game.Object, defs []*game.Player) error {
	if err := e.goadRequirements(p, attackers, defs); err != nil {
		return err
	}
	for _, r := range e.mustAttack {
		o := r.o
		if r.turn != e.s.Turn || r.p.Left || e.s.FindIn(o.Label, game.Battlefield) != o || o.Controller() != p {
			continue
		}
		if i := slices.Index(attackers, o); i >= 0 && defs[i] == r.p || slices.Contains(e.s.Combat.Attackers, o) {
			continue
		}
		if _, ok := first[*ability.CantAttack](e, o); ok || o.Tapped && !slices.Contains(attackers, o) {
			continue
		}
		if _, haste := first[*ability.IgnoresSickness](e, o); o.EnteredTurn == e.s.Turn && !haste {
			continue
		}
		return refuse("%s attacks %s this turn if able, and it can: a declaration that doesn't obey that requirement obeys fewer than it could (%s)", o.Label, r.p.Name, e.rules.Find(phAttackReq...).ID)
	}
	return nil
}

// phAttackReq finds the rule on requirements to attack (508.1d today).
var phAttackReq = []string{"to see whether it's affected by any requirements", "to see whether it’s affected by any requirements", "effects that say a creature attacks if able"}

// ableToAttack reports whether o, a creature p controls, could attack as
// attackers is declared: untapped (or among them), under p's control
// since the turn began or with haste, and no ability that says it can't.
func (e *engine) ableToAttack(o *game.Object, attackers []*game.Object) bool {
	if _, ok := first[*ability.CantAttack](e, o); ok || o.Tapped && !slices.Contains(attackers, o) {
		return false
	}
	if _, haste := first[*ability.IgnoresSickness](e, o); o.EnteredTurn == e.s.Turn && !haste {
		return false
	}
	return true
}

// goadRequirements refuses a declaration of attackers that leaves out a
// goaded creature p controls that could attack, or has it attack a
// player who goaded it while it could attack another (701.15b: "attacks
// each combat if able and attacks a player other than the controller
// of the permanent, spell, or ability that caused it to be goaded if
// able"; each player who goaded it adds a requirement, 701.15c).
func (e *engine) goadRequirements(p *game.Player, attackers []*game.Object, defs []*game.Player) error {
	for _, o := range e.s.Battlefield() {
		if o.Goaded == 0 || o.Controller() != p || !o.Is("Creature") || slices.Contains(e.s.Combat.Attackers, o) || !e.ableToAttack(o, attackers) {
			continue
		}
		r := e.action("Goad", "attacks each combat if able")
		i := slices.Index(attackers, o)
		if i < 0 {
			return refuse("%s is goaded: it attacks each combat if able, and it can (%s)", o.Label, r.ID)
		}
		goader := func(q *game.Player) bool {
			k := slices.Index(e.s.Players, q)
			return k >= 0 && o.Goaded&(1<<k) != 0
		}
		if defs[i] == nil || !goader(defs[i]) {
			continue
		}
		for _, q := range e.s.InGame() {
			if q != p && !goader(q) {
				return refuse("%s is goaded by %s: it attacks a player other than %s if able, and it can attack %s (%s)", o.Label, defs[i].Name, defs[i].Name, q.Name, r.ID)
			}
		}
	}
	return nil
}

// endGoads ends the goaded designations p gave, as p's turn begins
// (701.15a: "until the next turn of the controller of that spell or
// ability").
func (e *engine) endGoads(p *game.Player) {
	k := slices.Index(e.s.Players, p)
	if k < 0 || k > 7 {
		return
	}
	for _, o := range e.s.Battlefield() {
		if o.Goaded&(1<<k) != 0 {
			o.Goaded &^= 1 << k
			e.s.Cite(e.action("Goad", "until the next turn"), "%s's turn begins: %s is no longer goaded by %s", p.Name, o.Label, p.Name)
		}
	}
}

// exert reads `exert A` of a declaration of attackers by p: A, one of
// attackers, has "You may exert this creature as it attacks. When you
// do, …" (701.43d, an optional cost to attack, 508.1g), exerted once.
// It returns how to pay it as the attackers are declared: A won't untap
// during p's next untap step (701.43a), and the linked triggered
// ability (607.2h) triggers.
func (e *engine) exert(p *game.Player, attackers []*game.Object, name string, used map[*game.Object]bool) (func(), error) {
	i := slices.IndexFunc(attackers, func(o *game.Object) bool { return strings.EqualFold(o.Label, strings.TrimSpace(name)) })
	if i < 0 {
		return nil, refuse("exert: %s is not among the creatures %s attacks with", name, p.Name)
	}
	att := attackers[i]
	x, ok := first[*ability.Exert](e, att)
	if !ok {
		return nil, refuse("%s has no \"You may exert this creature as it attacks\" (%s)", att.Label, e.action("Exert", "optional cost to attack").ID)
	}
	if used[att] {
		return nil, refuse("exert: %s is exerted once as it attacks", att.Label)
	}
	used[att] = true
	rule := e.action("Exert", "optional cost to attack")
	return func() {
		att.Exerted = true
		e.s.Cite(e.action("Exert", "not untap during"), x.Note, att.Label)
		e.trigger(att, att.Name(), x.Text, rule, func(s *game.State, ab *game.Object) {
			for _, op := range x.Then.Effects {
				e.effect(doing{src: att, from: att.Label, rule: rule, name: att.Label}, op.Effect, nil)
			}
		})
	}, nil
}
