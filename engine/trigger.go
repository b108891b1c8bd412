package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// source returns the text a compiled keyword is built from: the quoted
// definition, or the first subrule that begins "Whenever" or "When", or
// for an evasion ability with no quoted definition the subrule that
// begins "A creature with [keyword]" (702.28b: "A creature with shadow
// can't be blocked by creatures without shadow, …"), or the subrules
// saying what damage from a source with the keyword does (702.90b–c).
func source(s *keyword.Spec) (string, bool) {
	if s == nil {
		return "", false
	}
	if len(s.Definition) == 1 {
		return s.Definition[0], true
	}
	if len(s.Definition) > 1 || s.Text() == nil {
		return "", false
	}
	for _, c := range s.Text().Children {
		t := parse.Normalize(c.Text)
		if strings.HasPrefix(t, "Whenever ") || strings.HasPrefix(t, "When ") {
			return t, true
		}
	}
	with := "A creature with " + strings.ToLower(s.Name) + " "
	for _, c := range s.Text().Children {
		if t := parse.Normalize(c.Text); strings.HasPrefix(t, with) {
			return t, true
		}
	}
	// What damage from a source with the keyword does (wither, infect,
	// toxic: "Damage dealt to a creature by a source with wither isn't
	// marked on that creature. …"): each such subrule, in order.
	// The rule may follow the sentence that says which kind of ability
	// the keyword is (702.80a: "Wither is a static ability. Damage …").
	var damage []string
	for _, c := range s.Text().Children {
		t := parse.Normalize(c.Text)
		for _, w := range []string{"Damage dealt to a ", "Combat damage dealt to a "} {
			i := strings.Index(t, w)
			if (i == 0 || i > 1 && t[i-2:i] == ". ") && strings.Contains(strings.ToLower(t[i:]), " with "+strings.ToLower(s.Name)+" ") {
				damage = append(damage, t[i:])
				break
			}
		}
	}
	if len(damage) > 0 {
		return strings.Join(damage, " "), true
	}
	return "", false
}

// Definition returns the text the grammar of package ability compiles
// for keyword name in the revision run.
func (e *engine) Definition(name string) (string, bool) { return source(e.spec(name)) }

// fire triggers o's triggered abilities that wait for event ev. arg is
// what the event concerns: the blockers of a blocked creature
// ([]*game.Object), the player dealt damage, the spell or ability that
// targets o (*game.Object).
func (e *engine) fire(o *game.Object, ev ability.Event, arg any) {
	if o.Ability == nil {
		ch := o.Characteristics()
		e.s.Log = append(e.s.Log, game.Happened{Event: string(ev), Object: o.ID, Creature: ch.Is("Creature"), Subtypes: slices.Clip(ch.Subtypes), AllTypes: ch.EveryCreatureType, Player: slices.Index(e.s.Players, o.Controller())})
	}
	for _, t := range all[*ability.Trigger](e, o) {
		if !t.Fires(ev) || t.Subject != ability.Self {
			continue
		}
		if t.IfPaid != "" && !o.WasPaid(t.IfPaid) {
			// An intervening "if" clause false as the event happens: it
			// doesn't trigger (603.4; 410.8 in 2006).
			e.s.Cite(e.rules.Find(phIntervening...), "%s of %s does not trigger: its %s cost was not paid", triggerName(o, t), o.Label, t.IfPaid)
			continue
		}
		if !e.holds(o, t, "does not trigger", nil) {
			continue
		}
		blockers, _ := arg.([]*game.Object)
		switch {
		case ev == ability.BecomesBlocked && t.PerBlocker != "":
			// One trigger for each blocking creature without the keyword.
			for _, b := range blockers {
				if !b.Has(t.PerBlocker) {
					e.queue(o, t, []*game.Object{b}, arg)
				}
			}
		case ev == ability.CountersPut && len(t.Chapters) > 0:
			// Only as the count crosses a chapter number (714.2b).
			if c, ok := arg.(countersPut); ok && c.put(t.Counter) > 0 {
				e.fireChapter(o, t, c.was[t.Counter], c.now[t.Counter])
			}
		case ev == ability.CountersPut:
			c, _ := arg.(countersPut)
			for range e.counterTimes(o, t, c) {
				e.queue(o, t, nil, arg)
			}
		case ev == ability.BecomesBlocked && len(blockers) < t.Min:
		case ev == ability.LastCounterRemoved && arg != lastCounter(t.Counter):
		case t.Yours && (ev == ability.UpkeepBegins || ev == ability.EndStepBegins || ev == ability.CombatBegins || ev == ability.EndOfCombat) && o.Controller() != e.s.ActivePlayer():
		case ev == ability.BecomesTarget && t.ByOpponent:
			if by, ok := arg.(*game.Object); ok && by.Controller() != o.Controller() {
				e.queue(o, t, nil, arg)
			}
		default:
			e.queue(o, t, blockers, arg)
		}
	}
	var by *game.Player
	if c, ok := arg.(countersPut); ok {
		by = c.by
	}
	e.watch(o, by, ev, arg)
}

// countersPut is the event of counters being put on permanent o (122.6):
// its abilities and those watching it trigger.
func (e *engine) countersPut(o *game.Object, c countersPut) {
	c.now = map[string]int{}
	for k := range c.was {
		c.now[k] = o.Counters[k]
		e.citeCounterStatics(o, k, c.was[k])
	}
	if c.put("") > 0 {
		e.fire(o, ability.CountersPut, c)
	}
}

// counterTimes is how many times trigger t of x triggers on the putting
// of counters c: not at all when none of its kind were put or when they
// were put on an object it doesn't watch; once for "one or more
// counters"; once for each counter for "a counter" (603.2c; 410.6 in
// 2006: one event with several occurrences).
func (e *engine) counterTimes(x *game.Object, t *ability.Trigger, c countersPut) int {
	n := c.put(t.Counter)
	if n == 0 {
		return 0
	}
	if !t.PerCounter {
		if n > 1 {
			e.s.Cite(e.rules.Find(phOccurrences...), "%d %s put at once are one event: %s of %s triggers once", n, plural(n, "counter"), triggerName(x, t), x.Label)
		}
		return 1
	}
	if n > 1 {
		e.s.Cite(e.rules.Find(phOccurrences...), "%d %s put at once are one event with %d occurrences: %s of %s triggers %d times", n, plural(n, "counter"), n, triggerName(x, t), x.Label, n)
	}
	return n
}

// firePlayer triggers the abilities that wait for event ev happening to
// player p ("whenever you cast a spell", "whenever an opponent draws a
// card"); arg is as for fire.
func (e *engine) firePlayer(p *game.Player, ev ability.Event, arg any) {
	h := game.Happened{Event: string(ev), Player: slices.Index(e.s.Players, p)}
	if o, ok := arg.(*game.Object); ok && ev == ability.Discards {
		// The card discarded, as the object it became in the
		// graveyard ("if you discarded this card this turn").
		h.Object = o.ID
	}
	e.s.Log = append(e.s.Log, h)
	e.watch(nil, p, ev, arg)
	if ev == ability.LosesLife {
		e.speedLoss(p)
	}
}

// watch triggers the abilities of the permanents that wait for event ev
// happening to any creature (o) or player (p) of a kind (603.2). An
// object that left the battlefield looks back in time (603.10a): its
// own abilities, as it last existed, see it leave.
func (e *engine) watch(o *game.Object, p *game.Player, ev ability.Event, arg any) {
	watchers := e.s.Battlefield()
	if o != nil && (ev == ability.Dies || ev == ability.Leaves) && !slices.Contains(watchers, o) {
		watchers = append(slices.Clone(watchers), o)
	}
	on := len(watchers)
	for _, q := range e.s.Players {
		// Cards in graveyards whose triggered abilities function there
		// (113.6m; 402.8g in 2006).
		watchers = append(watchers[:len(watchers):len(watchers)], q.Zone(game.Graveyard)...)
	}
	for i, x := range watchers {
		for _, t := range all[*ability.Trigger](e, x) {
			if t.Subject == ability.Self || !t.Fires(ev) || !watches(x, t.Subject, o, p) {
				continue
			}
			if (i >= on) != slices.Contains(t.Functions, x.Zone) {
				// A permanent's ability that functions elsewhere, or a
				// card's that functions only on the battlefield.
				continue
			}
			if i >= on {
				e.s.Cite(e.rules.Find(phFunctionsIn...), "%s's ability functions in the %s: its effect moves %s out of it", x.Label, x.Zone, x.Label)
			}
			if spell, _ := arg.(*game.Object); ev == ability.Casts && !t.CastMatches(spell) {
				continue
			}
			if ev == ability.CountersPut {
				c, _ := arg.(countersPut)
				if t.Onto != "" && !watches(x, t.Onto, o, nil) {
					continue
				}
				if e.holds(x, t, "does not trigger", o) {
					for range e.counterTimes(x, t, c) {
						e.queue(x, t, nil, arg)
					}
				}
				continue
			}
			if e.holds(x, t, "does not trigger", o) {
				about := arg
				if about == nil && o != nil {
					// "That creature": the one the event happened to.
					about = o
				}
				e.queue(x, t, nil, about)
			}
		}
	}
}

// watches reports whether the subject s of a trigger of x is object o
// or player p.
func watches(x *game.Object, s ability.Subject, o *game.Object, p *game.Player) bool {
	if s.OfPlayer() {
		switch {
		case p == nil:
			return false
		case s == ability.You:
			return p == x.Controller()
		case s == ability.AnOpponent:
			return p != x.Controller()
		}
		return true
	}
	if o == nil || !o.Is("Creature") {
		return false
	}
	switch s {
	case ability.AnotherCreature:
		return o != x
	case ability.CreatureYouControl:
		return o.Controller() == x.Controller()
	case ability.AnotherYours:
		return o != x && o.Controller() == x.Controller()
	case ability.OpponentsCreature:
		return o.Controller() != x.Controller()
	case ability.IntoYourGraveyard:
		return o.Owner == x.Owner
	}
	return true
}

// holds checks the intervening "if" clause of o's trigger t (603.4;
// 410.8 in 2006): as the event happens, and again as it resolves; when
// it is false, the trace says so, what not being "what" happens. that
// is the object the event happened to ("that creature"), nil for none.
func (e *engine) holds(o *game.Object, t *ability.Trigger, what string, that *game.Object) bool {
	c := t.If
	if c == nil {
		return true
	}
	ok, why := e.condition(c, o, o.Controller(), that)
	if !ok {
		e.s.Cite(e.rules.Find(phIntervening...), "%s of %s %s: \"if %s\" is false%s", triggerName(o, t), o.Label, what, c.Text, why)
	}
	return ok
}

// condition checks c for object o ("it"), player p ("you") and the
// object the event happened to, that ("that creature", nil for none):
// an intervening "if" clause, or the condition of an alternative cost;
// why, when not empty, says what it was checked on.
func (e *engine) condition(c *ability.Condition, o *game.Object, p *game.Player, that *game.Object) (ok bool, why string) {
	if c.And != nil {
		one := *c
		one.And = nil
		if ok, why := e.condition(&one, o, p, that); !ok {
			return false, why
		}
		return e.condition(c.And, o, p, that)
	}
	me := slices.Index(e.s.Players, p)
	life := p.Life
	switch c.Kind {
	case "lifeatmost", "lifeatleast":
		ok = c.Kind == "lifeatmost" && life <= c.N || c.Kind == "lifeatleast" && life >= c.N
		why = fmt.Sprintf(" (%s has %d life)", p.Name, life)
	case "controlsno":
		// "you don't control an Army creature" (amass, 701.47a).
		ok = true
		for _, x := range e.s.Battlefield() {
			if x.Controller() == p && x.Is("Creature") && x.HasSubtype(c.Subtype) {
				ok, why = false, fmt.Sprintf(" (%s controls %s)", p.Name, x.Label)
				break
			}
		}
	case "notsubtype":
		// "it isn't a [subtype]" (amass, 701.47a).
		ok = !o.HasSubtype(c.Subtype)
		why = fmt.Sprintf(" (%s is a %s)", o.Label, c.Subtype)
	case "undesignated":
		// "it isn't renowned" (702.112a), "this permanent isn't
		// monstrous" (701.37a).
		ok = !o.Designated(c.Who)
		why = fmt.Sprintf(" (%s is %s)", o.Label, c.Who)
	case "castfrom":
		// The permanent remembers how its spell was cast (400.7d).
		ok = o.Paid.Cast && o.Paid.From == c.From
	case "bigger":
		// "that creature's power is greater than this creature's
		// power and/or that creature's toughness is greater …".
		if that == nil {
			break
		}
		tp, tt := that.PT()
		mp, mt := o.PT()
		ok = tp > mp || tt > mt
		why = fmt.Sprintf(" (%s is %d/%d, %s %d/%d)", that.Label, tp, tt, o.Label, mp, mt)
	case "sinceupkeep":
		// "since the beginning of your last upkeep": during the
		// controller's upkeep, the one before it. A permanent set up
		// before the first turn came under control before any.
		ctrl := o.Controller()
		u := e.upkeeps[ctrl]
		last := u[1]
		if last == e.s.Turn && e.s.ActivePlayer() == ctrl {
			last = u[0]
		}
		ok = o.EnteredTurn >= max(last, 1)
		why = fmt.Sprintf(" (%s came under %s's control in turn %d)", o.Label, ctrl.Name, o.EnteredTurn)
	case "onbattlefield":
		ok = e.s.FindIn(o.Label, game.Battlefield) == o
		why = fmt.Sprintf(" (%s is in the %s)", o.Label, o.Zone)
	case "nocounters":
		// The source as it last existed (603.10a): a permanent that
		// left the battlefield keeps the counters it had there.
		n := o.Counters[c.Counter]
		ok = n == 0
		why = fmt.Sprintf(" (%s had %d %s %s on it)", o.Label, n, c.Counter, plural(n, "counter"))
	case "xatleast":
		x := 0
		if o.Paid != nil {
			x = o.Paid.X
		}
		ok = x >= c.N
		why = fmt.Sprintf(" (X was %d)", x)
	case "paid":
		// The permanent remembers how its spell was cast (400.7d).
		ok = o.WasPaid(c.Who)
		why = fmt.Sprintf(" (its %s cost was not paid)", c.Who)
		if ok {
			why = fmt.Sprintf(" (its %s cost was paid)", c.Who)
		}
	case "hascounter":
		n := o.Counters[c.Counter]
		ok = n > 0
		why = fmt.Sprintf(" (%s has %d %s %s on it)", o.Label, n, c.Counter, plural(n, "counter"))
	case "thisturn":
		ok = e.s.Happened(string(c.Event), func(h game.Happened) bool {
			switch c.Who {
			case "a creature":
				return h.Creature
			case "a creature you control":
				return h.Creature && h.Player == me && (c.Subtype == "" || slices.ContainsFunc(h.Subtypes, func(t string) bool { return strings.EqualFold(t, c.Subtype) }) || h.AllTypes)
			case "a source you control":
				return h.Player == me && (!c.Shares || e.sharedType(h, o))
			case "you":
				return h.Player == me
			case "an opponent":
				return h.Player != me
			case "it":
				return h.Object == o.ID
			}
			return false
		})
	}
	return ok, why
}

// sharedType reports whether the object of event h had, as it happened,
// a creature type o has (prowl's "had any of this spell's creature
// types"; changeling: every creature type).
func (e *engine) sharedType(h game.Happened, o *game.Object) bool {
	ch := o.Characteristics()
	if h.AllTypes {
		return ch.EveryCreatureType || slices.ContainsFunc(ch.Subtypes, e.s.Rules.IsCreatureType)
	}
	return slices.ContainsFunc(h.Subtypes, func(t string) bool { return ch.HasCreatureType(t, e.s.Rules) })
}

// queue makes o's trigger t wait to be put on the stack, and returns
// the triggered ability.
func (e *engine) queue(o *game.Object, t *ability.Trigger, blockers []*game.Object, arg any) *game.Object {
	rule, name := e.ref(t), t.Keyword
	if name == "" {
		// Card text: its rule is the one of triggered abilities, its
		// name the card's.
		rule, name = e.rules.Find(phTriggered...), o.Card.Name
	}
	note := t.Note
	if by, ok := arg.(*game.Object); ok && strings.Contains(note, "%s") {
		note = fmt.Sprintf(note, stackName(by), game.FullCost{Mana: t.Cost, Parts: t.CostParts}.Paid())
	}
	a := e.trigger(o, name, note, rule, func(s *game.State, ab *game.Object) {
		if t.IfPaid != "" {
			// The intervening "if" is checked again as it resolves
			// (603.4), on what the source remembers: a copy effect
			// doesn't change it (707.2).
			if !o.WasPaid(t.IfPaid) {
				e.s.Cite(e.rules.Find(phIntervening...), "the %s cost of %s was not paid: the %s trigger does nothing", t.IfPaid, o.Label, name)
				return
			}
			e.s.Cite(e.rules.Find(phIntervening...), "the %s cost of %s was paid, as it still is on resolution", t.IfPaid, o.Label)
		}
		that, _ := arg.(*game.Object)
		if !e.holds(o, t, "does nothing", that) {
			return
		}
		for _, x := range t.Effects {
			e.runOp(o, t, x, blockers, arg, ab, rule)
		}
	})
	if t.Target != nil {
		e.wants[a] = t.Target
	}
	for _, x := range t.Effects {
		if x.Kind == "effect" && x.Effect.Verb == "venture" {
			e.ventureCount[a]++
			if x.Effect.Name != "" {
				e.ventureInto[a] = x.Effect.Name
			}
		}
	}
	if slices.ContainsFunc(t.Effects, func(x ability.Op) bool {
		return x.May || x.Kind == "counterunless" || x.Effect.Verb == "sacrificeunless" || x.Effect.Verb == "action" && e.actionMay(x.Effect.Name)
	}) {
		e.mays[a] = true
	}
	if i := slices.IndexFunc(t.Effects, func(x ability.Op) bool {
		return x.Effect.Verb == "sacrificeunless" || x.Effect.Verb == "pay"
	}); i >= 0 {
		// Mana the statement names to pay with must pay the cost.
		ef := t.Effects[i].Effect
		// The counters the instructions before it will have put on
		// its source ("put an age counter on this permanent. Then you
		// may pay [cost] for each age counter on it").
		more := 0
		for _, x := range t.Effects[:i] {
			if x.Effect.Verb == "putcounters" && x.Effect.Target == "" && ef.For == x.Effect.Name+" counter" {
				more += x.Effect.N
			}
		}
		a.Ability.Check = func(s *game.State, ab *game.Object) error {
			cost, parts, _ := e.unlessCost(o, ef, more)
			chosen := e.cur.Clause("pay") != nil
			for _, p := range parts {
				chosen = chosen || e.cur.Clause(p.Choice()) != nil
			}
			if !chosen || e.declines() {
				return nil
			}
			_, err := e.payNow(o.Controller(), o, cost, parts)
			return err
		}
	}
	if i := slices.IndexFunc(t.Effects, func(x ability.Op) bool { return x.Effect.Verb == "connive" }); i >= 0 {
		// The cards discarded are chosen as it resolves, among those
		// in hand once drawn.
		x := t.Effects[i]
		a.Ability.Check = func(s *game.State, ab *game.Object) error {
			if x.May && e.declines() {
				return nil
			}
			return e.conniveCheck(o.Controller(), x.Effect.N)
		}
	}
	if i := slices.IndexFunc(t.Effects, func(x ability.Op) bool { return x.Effect.Verb == "sacrificeperms" }); i >= 0 {
		// The player chooses what they sacrifice as it resolves: the
		// statement that resolves it names them, unless it declines a
		// "you may".
		x := t.Effects[i]
		a.Ability.Check = func(s *game.State, ab *game.Object) error {
			if x.May && e.declines() {
				return nil
			}
			_, err := e.sacrificeChoice(e.sacrificer(o, x.Effect), x.Effect.N, x.Effect.Name)
			return err
		}
	}
	if slices.ContainsFunc(t.Effects, func(x ability.Op) bool { return x.Kind == "copy" || x.Effect.Verb == "copyself" }) {
		// The copies' new targets are chosen as the ability resolves,
		// for all its copies in the order they are made.
		a.Ability.Check = func(s *game.State, ab *game.Object) error {
			n := 0
			for _, x := range t.Effects {
				switch {
				case x.Kind == "copy":
					n += o.Spell.CastNumber - 1
				case x.Effect.Verb == "copyself":
					k, _ := e.copiesOf(o, x.Effect)
					n += k
				}
			}
			ts, err := e.newTargets(o, n)
			e.retarget[ab] = ts
			return err
		}
	}
	return a
}

// triggerName names o's trigger t in the trace: its keyword's, or
// card text's.
func triggerName(o *game.Object, t *ability.Trigger) string {
	if t.Keyword != "" {
		return t.Keyword + " trigger"
	}
	return "the triggered ability"
}

// trigger queues a triggered ability of source; it goes on the stack
// the next time a player would receive priority.
func (e *engine) trigger(source *game.Object, kw, text string, rule game.Ref, resolve func(s *game.State, a *game.Object)) *game.Object {
	a := &game.Object{Label: kw + " trigger", Owner: source.Controller(), BaseController: source.Controller(), Card: source.Card,
		Ability: &game.AbilityInfo{Source: source, Keyword: kw, Text: text, Rule: rule, Resolve: resolve}}
	e.s.Pending = append(e.s.Pending, a)
	name := kw + " of " + source.Label
	if own(a.Ability) {
		name = trigName(a.Ability)
	}
	e.s.Cite(rule, "%s triggers: %s", name, text)
	return a
}

// trigName names a triggered ability in notes: "the Bushido trigger of
// Samurai", or "the triggered ability of Flametongue Kavu" for a card's
// own ability, whose keyword is the card's name.
func trigName(a *game.AbilityInfo) string {
	if own(a) {
		return "the triggered ability of " + a.Source.Label
	}
	return "the " + a.Keyword + " trigger of " + a.Source.Label
}

// pushTriggers puts the triggered abilities waiting on the stack, the
// next time a player would receive priority: the active player's first,
// then each other player's in turn order (APNAP, 603.3b; 410.5 in
// 2006), each player's in the order the statement's "order" clause
// gives, else as they triggered. An ability with a target has it chosen
// now (603.3d, 410.4 in 2006), from the statement's "targeting" clause
// in order; an ability with no legal target is removed, and a target
// that is not legal refuses the statement with the rule it breaks (the
// ability stays waiting).
func (e *engine) pushTriggers() error {
	if len(e.s.Pending) == 0 {
		return nil
	}
	if err := e.checkOrder(); err != nil {
		return err
	}
	var ordered []*game.Object
	for i := range e.s.Players {
		p := e.s.Players[(e.s.Active+i)%len(e.s.Players)]
		var mine []*game.Object
		for _, a := range e.s.Pending {
			if a.Controller() == p {
				mine = append(mine, a)
			}
		}
		ordered = append(ordered, e.orderTriggers(mine)...)
	}
	var names []Name
	if e.cur != nil && e.cur.Verb != "cast" && e.cur.Verb != "activate" {
		if cl := e.cur.Clause("targeting"); cl != nil {
			names = cl.Names
		}
	}
	// Choose every target before any ability moves, so that a refusal
	// leaves them all waiting.
	chosen := map[*game.Object]game.Target{}
	var dropped []*game.Object
	ni := 0
	for _, a := range ordered {
		want := e.wants[a]
		if want == nil {
			continue
		}
		if ni < len(names) {
			t, err := e.target(names[ni].Text)
			if err != nil {
				return refuse("%v", err)
			}
			if err := e.canTargetWant(a, want, t); err != nil {
				return refuse("%s can't target %s: %v%s", trigName(a.Ability), names[ni].Text, err, see(e.rules.Find(phTriggerTargets...)))
			}
			chosen[a] = t
			ni++
			continue
		}
		if e.anyTarget(a, want) {
			return refuse("%s needs %s, chosen as it is put on the stack with \"; targeting NAME\"%s", trigName(a.Ability), want.Text, see(e.rules.Find(phTriggerTargets...)))
		}
		dropped = append(dropped, a)
	}
	if ni < len(names) && len(chosen) > 0 {
		return refuse("too many targets for the triggered abilities: %s", names[ni].Text)
	}
	e.s.Pending = nil
	for _, a := range ordered {
		if slices.Contains(dropped, a) {
			e.s.Cite(e.rules.Find(phTriggerTargets...), "%s has no legal target (%s) and is removed from the stack", trigName(a.Ability), e.wants[a].Text)
			delete(e.wants, a)
			continue
		}
		e.s.Push(a)
		e.s.Cite(e.rules.Find(phTrigger...), "%s is put on the stack", trigName(a.Ability))
		if t, ok := chosen[a]; ok {
			a.Ability.Targets = append(a.Ability.Targets, t)
			e.s.Cite(e.rules.Find(phTriggerTargets...), "%s chooses %s as the target of %s", a.Controller().Name, t.Name(), trigName(a.Ability))
			if t.Object != nil {
				e.fire(t.Object, ability.BecomesTarget, a)
			}
		}
	}
	if len(e.s.Pending) > 0 {
		// Abilities that triggered on the targets chosen (ward).
		return e.pushTriggers()
	}
	return nil
}

// see is " (ID)" citing r, or "" when the revision has no such rule.
func see(r game.Ref) string {
	if r.IsZero() {
		return ""
	}
	return " (" + r.ID.String() + ")"
}

// namesTrigger reports whether n names waiting triggered ability a: by its
// source's label or name, or as "KEYWORD trigger".
func namesTrigger(n Name, a *game.Object) bool {
	src := a.Ability.Source
	return strings.EqualFold(n.Text, src.Label) || strings.EqualFold(n.Text, src.Name()) || strings.EqualFold(n.Text, a.Ability.Keyword+" trigger")
}

// checkOrder checks the statement's "order" clause against the
// triggered abilities waiting, before any of them moves: when it names
// one of them it is their order (603.3b, 410.3 in 2006: each player
// puts their own in the order they choose), so every name must be a
// different waiting ability and every ability of a player it orders
// must be named. A clause that names none of them is left to the
// replacement effects (616.1); one that orders nothing at all is
// refused when the statement ends (unordered).
func (e *engine) checkOrder() error {
	if e.cur == nil || e.cur.Clause("order") == nil {
		return nil
	}
	cl := e.cur.Clause("order")
	var named []*game.Object
	var unknown []string
	for _, n := range cl.Names {
		i := slices.IndexFunc(e.s.Pending, func(a *game.Object) bool { return !slices.Contains(named, a) && namesTrigger(n, a) })
		if i < 0 {
			unknown = append(unknown, n.Text)
			continue
		}
		named = append(named, e.s.Pending[i])
	}
	if len(named) == 0 {
		return nil
	}
	rule := see(e.rules.Find(phTriggerOrder...))
	if len(unknown) > 0 {
		return refuse("order: %s is not a triggered ability waiting to be put on the stack%s", strings.Join(unknown, ", "), rule)
	}
	for _, a := range e.s.Pending {
		if !slices.Contains(named, a) && slices.ContainsFunc(named, func(b *game.Object) bool { return b.Controller() == a.Controller() }) {
			return refuse("order: %s is left out; %s orders all of their triggered abilities waiting%s", trigName(a.Ability), a.Controller().Name, rule)
		}
	}
	e.ordered = true
	return nil
}

// unordered refuses a statement whose "order" clause ordered neither
// triggered abilities nor replacement effects.
func (e *engine) unordered(st *Stmt) error {
	cl := st.Clause("order")
	if cl == nil || e.ordered {
		return nil
	}
	var ns []string
	for _, n := range cl.Names {
		ns = append(ns, n.Text)
	}
	return refuse("order: %s orders no triggered abilities waiting to be put on the stack%s and no replacement effects applying to one event", strings.Join(ns, ", "), see(e.rules.Find(phTriggerOrder...)))
}

// orderTriggers orders one player's triggered abilities: as the
// statement's "order" clause names them, else as they triggered
// (603.3b: the controller chooses).
func (e *engine) orderTriggers(as []*game.Object) []*game.Object {
	if len(as) < 2 || e.cur == nil || e.cur.Clause("order") == nil {
		return as
	}
	var out []*game.Object
	for _, n := range e.cur.Clause("order").Names {
		for _, a := range as {
			if !slices.Contains(out, a) && namesTrigger(n, a) {
				out = append(out, a)
				break
			}
		}
	}
	for _, a := range as {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	e.s.Cite(e.rules.Find(phTriggerOrder...), "%s puts their triggered abilities on the stack in the order they choose", as[0].Controller().Name)
	return out
}

// canTargetWant checks a target for triggered ability a: what its text
// asks for, then the target's own abilities (protection, hexproof)
// against the ability's source.
func (e *engine) canTargetWant(a *game.Object, want *ability.Target, t game.Target) error {
	if want.Player || want.OrPlayer && t.Player != nil {
		if t.Player == nil {
			return fmt.Errorf("%s is not a player", t.Name())
		}
		if want.Opponent && t.Player == a.Controller() {
			return fmt.Errorf("%s is not an opponent of %s", t.Player.Name, a.Controller().Name)
		}
		return nil
	}
	if t.Object == nil {
		return fmt.Errorf("%s is not %s", t.Name(), want.Text)
	}
	if err := want.Check(t.Object, a.Controller(), e.s.SplitCombined); err != nil {
		return err
	}
	if want.Attacking && !slices.Contains(e.s.Combat.Attackers, t.Object) {
		return fmt.Errorf("%s is not attacking (%s)", t.Object.Label, want.Text)
	}
	if src := a.Ability.Source; want.Weaker {
		if p, sp := power(t.Object), power(src); p >= sp {
			return fmt.Errorf("%s has power %d, not less than %s's %d (%s)", t.Object.Label, p, src.Label, sp, want.Text)
		}
	}
	if t.Object.Zone == game.Battlefield {
		return e.shielded(a.Ability.Source, a.Controller(), t.Object)
	}
	return nil
}

// anyTarget reports whether some player or object could be a's target.
func (e *engine) anyTarget(a *game.Object, want *ability.Target) bool {
	for _, p := range e.s.InGame() {
		if (want.Player || want.OrPlayer) && e.canTargetWant(a, want, game.Target{Player: p}) == nil {
			return true
		}
	}
	for _, o := range e.s.Objects() {
		if o.Ability == nil && e.canTargetWant(a, want, game.Target{Object: o}) == nil {
			return true
		}
	}
	return false
}

// runOp does one instruction of triggered ability t of o, resolving as
// ab.
func (e *engine) runOp(o *game.Object, t *ability.Trigger, x ability.Op, blockers []*game.Object, arg any, ab *game.Object, rule game.Ref) {
	target := func() *game.Object {
		if len(ab.Ability.Targets) == 0 {
			return nil
		}
		return ab.Ability.Targets[0].Object
	}
	legal := func() bool {
		tg := target()
		if tg == nil || e.s.FindIn(tg.Label, tg.Zone) != tg {
			return false
		}
		return e.canTargetWant(ab, t.Target, ab.Ability.Targets[0]) == nil
	}
	// The trace names the ability as it was queued: its keyword
	// ("Soulshift 3"), or the card whose text it is.
	name, head := ab.Ability.Keyword, ab.Ability.Keyword
	if t.N > 0 {
		head = fmt.Sprintf("%s %d", name, t.N)
	}
	couldnt := e.couldnt
	e.couldnt = false
	switch {
	case x.IfCant && !couldnt:
		// "If you can't, …": the instruction before it was done.
		return
	case x.IfDone && couldnt:
		// "If you do, …": what the "you may" before it asked couldn't
		// be paid.
		e.couldnt = true
		return
	case x.Otherwise && !e.declines() && !couldnt:
		// "If you don't, …": the "you may" before it was taken.
		return
	}
	if x.May && e.declines() {
		e.s.Cite(rule, "%s: %s chooses not to (\"you may\")", name, ab.Controller().Name)
		return
	}
	switch x.Kind {
	case "movecounters":
		n := o.Counters["+1/+1"]
		if !legal() {
			e.s.Cite(e.rules.Find(phResolve...), "%s: the target is no longer legal: nothing happens", name)
			return
		}
		tg := target()
		e.s.Cite(rule, "%s: %d +1/+1 counters are put on %s (the counters %s had as it last existed)", strings.ToLower(t.Keyword), n, tg.Label, o.Label)
		e.putCounters(tg, "+1/+1", n, ab.Controller())
	case "counterunless":
		by, _ := arg.(*game.Object)
		e.counterUnless(by, t.Cost, t.CostParts, rule)
	case "copy":
		e.stormCopies(o, ab, t, rule)
	case "effect":
		switch x.Effect.Verb {
		case "copyself":
			n, why := e.copiesOf(o, x.Effect)
			p := o.Controller()
			if x.Effect.Who == "that player" {
				// The player chosen before copies it (demonstrate).
				if p = e.chosen[o]; p == nil {
					e.s.Cite(rule, "%s: no player was chosen: no copy", strings.ToLower(t.Keyword))
					return
				}
				delete(e.chosen, o)
				why += ", controlled by " + p.Name
			}
			e.copies(o, ab, t, n, p)
			e.s.Cite(rule, "%s: %s", strings.ToLower(t.Keyword), why)
			return
		case "chooseopponent":
			// The first opponent in turn order: the only one in a game
			// of two players.
			for _, q := range e.s.InGame() {
				if q != o.Controller() {
					e.chosen[o] = q
					e.s.Cite(rule, "%s: %s chooses an opponent: %s", strings.ToLower(t.Keyword), o.Controller().Name, q.Name)
					break
				}
			}
			return
		case "newtargets":
			// The new targets were chosen as the copies were made.
			return
		}
		var tg *game.Target
		if t.Target != nil {
			if !legal() && (len(ab.Ability.Targets) == 0 || ab.Ability.Targets[0].Player == nil) {
				e.s.Cite(e.rules.Find(phAllIllegal...), "the target of %s is illegal now: it does nothing", trigName(ab.Ability))
				return
			}
			tg = &ab.Ability.Targets[0]
		}
		if tg == nil && x.Effect.That {
			// "it" of an ability with no target: the new object its
			// source became in the zone the event put it in (400.7),
			// else the source.
			tg = &game.Target{Object: o}
			if n, ok := arg.(*game.Object); ok && n.Label == o.Label && n != o {
				tg.Object = n
			}
		}
		var that *game.Player
		if pl, ok := arg.(*game.Player); ok {
			that = pl
		}
		card, _ := arg.(*game.Object)
		obj := card
		if card != nil && !t.Fires(ability.Dies) && !t.Fires(ability.Leaves) {
			card = nil
		}
		e.effect(doing{src: o, from: o.Label, rule: rule, name: name, head: head, blockers: blockers, player: that, object: obj, card: card}, x.Effect, tg)
	}
}

// own tells a card's own triggered ability, whose keyword is the card's
// name, from a keyword's.
func own(a *game.AbilityInfo) bool {
	return a.Keyword == a.Source.Label || a.Source.Card != nil && a.Keyword == a.Source.Card.Name
}

// power is o's power after the layers.
func power(o *game.Object) int {
	p, _ := o.PT()
	return p
}
