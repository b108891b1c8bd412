package engine

import (
	"fmt"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
)

// Battles (310, from 2023-04-14): a battle enters with its printed
// defense in defense counters, and its controller chooses its protector
// (an opponent, for a Siege); damage dealt to it removes defense
// counters; creatures attack it, and only its protector's creatures
// block them; three state-based actions (704.5v–x) put it into the
// graveyard at defense 0 and keep its protector an appropriate player.
// Each step cites the revision's rule found by what it says.
var (
	phBattleEnters    = []string{"a number of defense counters on it equal to its printed defense number"}
	phProtectorChosen = []string{"its controller chooses a player to be its protector"}
	phSiegeProtector  = []string{"must choose its protector from among their opponents"}
	phBattleDamage    = []string{"damage dealt to a battle causes that many defense counters to be removed", "that many defense counters being removed"}
	phBattleAttacked  = []string{"announces which player, planeswalker, or battle each of the chosen creatures is attacking"}
	phProtectorAttack = []string{"a battle's protector can never attack it"}
	phProtectorBlocks = []string{"creatures controlled by other players can't block those attackers"}
	phAttackedGone    = []string{"removing that planeswalker or battle from combat doesn't remove that creature from combat"}
	sbaDefense        = []string{"if a battle has defense 0"}
	sbaNoProtector    = []string{"has no player in the game designated as its protector"}
	sbaSiegeProtector = []string{"if a siege's controller is also its designated protector"}
)

// siege reports whether battle o has the battle type Siege, whose
// protector is one of its controller's opponents (310.11a).
func siege(o *game.Object) bool { return o.HasSubtype("Siege") }

// canProtect says why player p can't be battle o's protector under its
// battle type: a Siege's must be an opponent of its controller
// (310.11a), and a battle with no battle type is protected by its
// controller (310.8a); "" when p can.
func (e *engine) canProtect(o *game.Object, p *game.Player) string {
	ctrl := o.Controller()
	switch {
	case p == nil || p.Left:
		return "is not in the game"
	case siege(o) && p == ctrl:
		return fmt.Sprintf("controls %s, a Siege: only an opponent of its controller can be its protector%s", o.Label, see(e.rules.Find(phSiegeProtector...)))
	case !siege(o) && len(o.Characteristics().Subtypes) == 0 && p != ctrl:
		return fmt.Sprintf("doesn't control %s, a battle with no battle type: its controller is its protector%s", o.Label, see(e.rules.Find(phProtectorChosen...)))
	}
	return ""
}

// chooseProtector is the player battle o's controller chooses as its
// protector: the one the statement's "protector" clause names when the
// rules allow it, else the first appropriate player in turn order from
// the controller on (an opponent for a Siege); nil when none can be.
func (e *engine) chooseProtector(o *game.Object) *game.Player {
	if e.cur != nil {
		if cl := e.cur.Clause("protector"); cl != nil && len(cl.Names) > 0 {
			p := e.s.Player(cl.Names[0].Text)
			switch why := e.canProtect(o, p); {
			case p == nil:
				e.protectorErr = refuse("protector: no player %s", cl.Names[0].Text)
			case why != "":
				e.protectorErr = refuse("protector: %s can't be the protector of %s: %s %s", p.Name, o.Label, p.Name, why)
			default:
				e.protectorErr = nil
				e.protectorChosen = true
				return p
			}
		}
	}
	ctrl := o.Controller()
	for _, p := range append([]*game.Player{ctrl}, e.s.Opponents(ctrl)...) {
		if e.canProtect(o, p) == "" {
			return p
		}
	}
	return nil
}

// battleEnters is what happens as battle o enters the battlefield: its
// defense counters (310.4b, put as it entered) are cited, and its
// controller chooses its protector (310.8a; 310.11a for a Siege).
func (e *engine) battleEnters(o *game.Object) {
	r := e.rules.Find(phBattleEnters...)
	if r.IsZero() {
		return
	}
	n := o.Counters["defense"]
	e.s.Cite(r, "%s enters with %d defense %s, its printed defense", o.Label, n, plural(n, "counter"))
	o.Protector = e.chooseProtector(o)
	how := e.rules.Find(phProtectorChosen...)
	if siege(o) {
		how = e.rules.Find(phSiegeProtector...)
	}
	if o.Protector == nil {
		e.s.Cite(how, "%s has no appropriate player to choose as the protector of %s", o.Controller().Name, o.Label)
		return
	}
	e.s.Cite(how, "%s chooses %s as the protector of %s", o.Controller().Name, o.Protector.Name, o.Label)
}

// unprotected refuses a statement whose "protector" clause chose no
// battle's protector: the player it names can't be one, or no battle
// entered and no state-based action asked for a choice.
func (e *engine) unprotected(st *Stmt) error {
	cl := st.Clause("protector")
	switch {
	case cl == nil || e.protectorChosen:
		return nil
	case e.protectorErr != nil:
		return e.protectorErr
	}
	return refuse("protector: no battle's protector is chosen by this action")
}

// battleDamage removes from battle o as many defense counters as the
// damage dealt to it (120.3h), no more than it has.
func (e *engine) battleDamage(o *game.Object, n int) {
	k := min(n, o.Counters["defense"])
	o.AddCounters("defense", -k)
	e.s.Cite(e.rules.Find(phBattleDamage...), "%d damage dealt to %s, a battle: %d defense %s removed (%d left)", n, o.Label, k, counterNoun(k), o.Counters["defense"])
	if k > 0 && o.Counters["defense"] == 0 {
		e.fire(o, ability.LastDefenseRemoved, nil)
	}
}

// triggeredFrom reports whether o is the source of an ability that has
// triggered but not yet left the stack: waiting to be put on it, or on
// it.
func (e *engine) triggeredFrom(o *game.Object) bool {
	for _, l := range [][]*game.Object{e.s.Pending, e.s.Stack} {
		for _, a := range l {
			if a.Ability != nil && !a.Ability.Activated && a.Ability.Source == o {
				return true
			}
		}
	}
	return false
}

// attackedBy reports whether a creature is attacking battle o.
func (e *engine) attackedBy(o *game.Object) bool {
	for a, b := range e.s.Combat.Attacked {
		if b == o && e.s.FindIn(a.Label, game.Battlefield) == a {
			return true
		}
	}
	return false
}

// sbaBattle adds the state-based actions of battle o: 704.5v (defense 0
// and the source of no triggered ability waiting or on the stack: into
// its owner's graveyard), 704.5w (no protector in the game and not
// attacked: its controller chooses one) and 704.5x (a Siege protected
// by its controller: that player chooses an opponent); where no
// appropriate player can be chosen, the battle goes to the graveyard.
func (e *engine) sbaBattle(o *game.Object, do func([]string, func(game.Ref)) bool) {
	if n := o.Counters["defense"]; n <= 0 && !e.triggeredFrom(o) {
		if do(sbaDefense, func(r game.Ref) {
			e.s.Cite(r, "%s has defense 0 and is put into its owner's graveyard", o.Label)
			e.leaveBattlefield(o, game.Graveyard, "defense 0")
		}) {
			return
		}
	}
	choose := func(why string) func(game.Ref) {
		return func(r game.Ref) {
			ctrl := o.Controller()
			p := e.chooseProtector(o)
			if p == nil {
				e.s.Cite(r, "%s %s and no player can be chosen as its protector: it is put into its owner's graveyard", o.Label, why)
				e.leaveBattlefield(o, game.Graveyard, "no protector")
				return
			}
			o.Protector = p
			e.s.Changed()
			e.s.Cite(r, "%s %s: %s chooses %s as its protector", o.Label, why, ctrl.Name, p.Name)
		}
	}
	switch p := o.Protector; {
	case (p == nil || p.Left) && !e.attackedBy(o):
		do(sbaNoProtector, choose("has no protector in the game"))
	case p != nil && siege(o) && p == o.Controller():
		do(sbaSiegeProtector, choose(fmt.Sprintf("is a Siege whose protector is its controller, %s", p.Name)))
	}
}

// attackTarget is what att attacks: the battle it was declared
// attacking, or the defending player.
func (e *engine) attackTarget(att *game.Object) game.Target {
	if b := e.s.Combat.Attacked[att]; b != nil {
		return game.Target{Object: b}
	}
	return game.Target{Player: e.defending(att)}
}

// attackedGone reports whether att attacks a battle that has been
// removed from combat (it left the battlefield or stopped being a
// battle): att still attacks, but nothing (506.4c), and if unblocked
// deals no combat damage.
func (e *engine) attackedGone(att *game.Object) bool {
	b := e.s.Combat.Attacked[att]
	if b == nil || e.s.FindIn(b.Label, game.Battlefield) == b && b.Is("Battle") {
		return false
	}
	e.s.Cite(e.rules.Find(phAttackedGone...), "%s attacked %s, which has been removed from combat: it still attacks, but nothing, and unblocked deals no combat damage", att.Label, b.Label)
	return true
}

// attackBattle checks that player p may attack the battle named n with
// its creatures (508.1b, 310.8b): a battle on the battlefield whose
// protector is an opponent of p in the game, which becomes the defending
// player.
func (e *engine) attackBattle(p *game.Player, n string) (*game.Object, error) {
	b := e.s.FindIn(n, game.Battlefield)
	switch {
	case b == nil:
		return nil, refuse("%s is not a player or a battle on the battlefield (%s)", n, e.rules.Find(phDefending...).ID)
	case b.Is("Planeswalker") && !b.Is("Battle"):
		return nil, refuse("%s is a planeswalker: attacking a planeswalker is not modelled", b.Label)
	case !b.Is("Battle"):
		return nil, refuse("%s is not a battle: only a player, a planeswalker or a battle can be attacked%s", b.Label, see(e.rules.Find(phBattleAttacked...)))
	case b.Protector == p:
		return nil, refuse("%s is the protector of %s and can't attack it%s", p.Name, b.Label, see(e.rules.Find(phProtectorAttack...)))
	case b.Protector == nil || b.Protector.Left:
		return nil, refuse("%s has no protector: no player defends it", b.Label)
	}
	return b, nil
}

// protectorOnly refuses a block by player p of att, which attacks a
// battle p doesn't protect (310.8c); nil otherwise.
func (e *engine) protectorOnly(att *game.Object, p *game.Player) error {
	b := e.s.Combat.Attacked[att]
	if b == nil || p == b.Protector {
		return nil
	}
	prot := "no one"
	if b.Protector != nil {
		prot = b.Protector.Name
	}
	return refuse("%s is attacking %s, whose protector is %s: creatures %s controls can't block it%s", att.Label, b.Label, prot, p.Name, see(e.rules.Find(phProtectorBlocks...)))
}

// attackedNamed reports whether name is the label of a battle a
// creature attacks.
func (e *engine) attackedNamed(name string) bool {
	for _, b := range e.s.Combat.Attacked {
		if strings.EqualFold(b.Label, name) {
			return true
		}
	}
	return false
}

// targetLabel names t as a scenario does: a player's name or an
// object's label.
func (e *engine) targetLabel(t game.Target) string {
	if t.Player != nil {
		return t.Player.Name
	}
	return t.Object.Label
}

// checkProtector refuses, before it resolves, a battle spell top whose
// statement's "protector" clause names a player who can't be chosen as
// its protector as it enters (310.8a, 310.11a).
func (e *engine) checkProtector(st *Stmt, top *game.Object) error {
	cl := st.Clause("protector")
	if cl == nil || len(cl.Names) == 0 || top.Spell == nil || !top.Is("Battle") {
		return nil
	}
	p := e.s.Player(cl.Names[0].Text)
	if p == nil {
		return refuse("protector: no player %s", cl.Names[0].Text)
	}
	if why := e.canProtect(top, p); why != "" {
		return refuse("protector: %s can't be the protector of %s: %s %s", p.Name, top.Label, p.Name, why)
	}
	return nil
}
