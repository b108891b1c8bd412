package engine

import (
	"strings"

	"github.com/crules/crules/game"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// spec returns the revision's spec of keyword name, or nil.
func (e *engine) spec(name string) *keyword.Spec { return e.specs.find(name) }

// kw cites the subrule of keyword name that contains one of phrases, or
// the subrule holding its definition ("means"), or its first subrule:
// the rule ID comes from the revision's own keyword specs, so convoke
// cites 502.46a in 2006-10-01 and 702.51a today.
func (e *engine) kw(name string, phrases ...string) game.Ref {
	return e.specs.ref(name+"\x00"+strings.Join(phrases, "\x00"), func() game.Ref {
		s := e.spec(name)
		if s == nil || s.Text() == nil {
			return game.Ref{}
		}
		return game.Within(s.Text(), append(phrases, " means ", "means")...)
	})
}

// defines reports whether the revision's definition of keyword name
// contains phrase (case ignored); the models use it to run the wording of
// the revision asked for.
func (e *engine) defines(name, phrase string) bool {
	def := e.specs.text("def\x00"+name, func() string {
		s := e.spec(name)
		if s == nil {
			return ""
		}
		return strings.ToLower(strings.Join(s.Definition, " "))
	})
	return strings.Contains(def, strings.ToLower(phrase))
}

// Procedures the engine cites, found by what the rule says in any era.
var (
	phAnnounce       = []string{"to propose the casting of a spell", "announces that he or she is playing the spell", "announces that he or she is casting", "announces that they are casting"}
	phVariable       = []string{"has a variable cost", "has a variable mana cost"}
	phModes          = []string{"if the spell is modal", "if the spell or ability is modal"}
	phTargets        = []string{"announces their choice of an appropriate", "announces his or her choice of an appropriate", "if the spell or ability requires any targets", "requires any targets", "specifies any targets, the player announces these"}
	phTotalCost      = []string{"the player determines the total cost of the spell", "the player determines the total cost of the spell or ability", "the player determines the total cost", "the total cost is the mana or activation cost"}
	phPay            = []string{"pays the total cost", "pays all costs"}
	phCastDone       = []string{"are completed, effects that modify the characteristics of the spell", "are completed, the spell becomes cast", "are completed, the spell or ability becomes played", "then the spell becomes cast", "playing a spell or activated ability follows the steps"}
	phResolve        = []string{"checks whether the targets are still legal", "it checks whether the targets are still legal"}
	phAllIllegal     = []string{"if all its targets are illegal", "if all its targets, for every instance of the word \"target,\" are now illegal", "all its targets are illegal", "doesn't resolve", "if all targets are now illegal"}
	phPermanent      = []string{"it becomes a permanent and enters the battlefield", "becomes a permanent and is put onto the battlefield", "put onto the battlefield under the control of the spell's controller", "a spell is put into play from the stack", "is put into play from the stack", "the card becomes a permanent and is put into the in-play zone"}
	phNonPerm        = []string{"as the final part of an instant or sorcery spell's resolution", "put into its owner's graveyard from the stack"}
	phNewObject      = []string{"an object that moves from one zone to another becomes a new object", "an object that moves from one zone to another is treated as a new object", "becomes a new object with no memory", "moves from one zone to another is treated as a new card", "it is treated as a new copy of that card"}
	phCopy           = []string{"to copy a spell", "to copy a spell, activated ability"}
	phModeOnce       = []string{"choose the same mode more than once"}
	phCopiable       = []string{"the copy acquires the copiable values", "acquires the copiable values"}
	phCopyExcept     = []string{"modify a characteristic as part of the copying process"}
	phTrigger        = []string{"its controller puts it on the stack as an object", "once an ability has triggered, it goes on the stack", "once an ability has triggered"}
	phDivide         = []string{"divided as its controller chooses among them", "assigns its combat damage to those creatures according to the damage assignment order", "divided as its controller chooses, to the creatures blocking it", "divided as its controller chooses"}
	phAssignOrder    = []string{"it can't assign combat damage to a creature that's blocking it unless", "damage assignment order"}
	phTriggered      = []string{"triggered abilities have a trigger condition and an effect", "a triggered ability begins with the word \"when,\" \"whenever,\" or \"at.\""}
	phTriggerTargets = []string{"the remainder of the process for putting a triggered ability on the stack", "when a triggered ability goes on the stack, the controller of the ability makes any choices", "when a triggered ability goes on the stack, the controller"}
	phTriggerOrder   = []string{"in apnap order, puts triggered abilities", "each player, in apnap order, puts each triggered ability", "in apnap order"}
	phFollow         = []string{"follows its instructions in the order written"}
	phHarness        = []string{"it becomes harnessed"}
	phFunctionsIn    = []string{"out of a particular zone functions only in that zone"}
	phKeepMana       = []string{"you don't lose this mana as steps and phases end", "you don’t lose this mana as steps and phases end"}
	phIntervening    = []string{"intervening"}
	phLethal         = []string{"that creature has been dealt lethal damage and is destroyed", "a creature with lethal damage, but greater than 0 toughness, is destroyed", "has been dealt lethal damage and is destroyed", "with lethal damage"}
	phZeroTough      = []string{"if a creature has toughness 0 or less, it's put into its owner's graveyard", "a creature with toughness 0 or less is put into its owner's graveyard", "toughness 0 or less", "a creature with toughness 0 is put", "a creature with toughness 0 (or less) is put"}
	phSorcery        = []string{"main phase of their turn when they have priority and the stack is empty", "main phase of his or her turn, when he or she has priority and the stack is empty", "during a main phase of"}
	phAttack         = []string{"the active player declares attackers", "chooses which creatures that he or she controls, if any, will attack", "declares attackers", "the active player declares which, if any, creatures"}
	phBlock          = []string{"the defending player declares blockers", "defending player declares blockers", "the defending player declares which, if any, creatures"}
	phDamageDealt    = []string{"all combat damage that's been assigned is dealt simultaneously", "all dealt at once", "it's dealt as originally assigned", "dealt as it was originally assigned"}
	phDamage         = []string{"each attacking creature and each blocking creature assigns combat damage equal to its power", "assigns combat damage equal to its power", "announces how each attacking creature will assign its combat damage", "deals combat damage"}
	phReplaceChoice  = []string{"the affected object's controller (or its owner if it has no controller) or the affected player chooses one to apply", "chooses one to apply"}
	phSelfReplace    = []string{"such effects are called self-replacement effects", "self-replacement effects"}
	phSelfFirst      = []string{"if any of the replacement and/or prevention effects are self-replacement effects", "self-replacement effects are applied before other replacement effects", "apply self-replacement effects first"}
	phInstead        = []string{"effects that use the word \"instead\" are replacement effects", "use the word \"instead\""}
	phSick           = []string{"can't attack unless it has been under its controller's control", "continuously since their most recent turn began", "continuously since the beginning of his or her most recent turn", "didn't control continuously since the beginning of the turn"}
	phWall           = []string{"creatures with creature type wall", "creature type \"wall,\"", "walls, creatures that", "walls, and creatures"}
	phTapped         = []string{"the chosen creatures must be untapped", "tapped creature can't block", "untapped creature", "can't be declared as blockers"}
	phCounter        = []string{"to counter a spell or ability means", "counter a spell", "to counter a spell is to move"}
	phDraw           = []string{"draws a card by putting the top card of"}
	phSacrifice      = []string{"to sacrifice a permanent"}
	phEmptyLibrary   = []string{"who attempts to draw a card from a library with no cards in it", "attempts to draw a card from a library with no cards", "draw a card from an empty library", "empty library", "required to draw more cards than are left in his or her library"}
	phCounters       = []string{"a counter is a marker placed on an object"}
	phEntersCounters = []string{"refer to counters being", "refers to a counter being \"placed\" on a permanent"}
	phOccurrences    = []string{"it can trigger repeatedly if one event contains multiple occurrences"}
	phTurn           = []string{"a turn consists of five phases"}
	phUntap          = []string{"untap them all simultaneously", "untaps them all simultaneously", "untaps all"}
	phStarZero       = []string{"the * is 0 while the object is not in play", "the * is 0 while the card is not in play", "the * is equal to 0"}
	phMergedLeaves   = []string{"if a merged permanent leaves the battlefield"}
	phMerge          = []string{"to merge an object with a permanent"}
	phMergedStatus   = []string{"the permanent's status is determined by its topmost component"}
	phNoStack        = []string{"this action does not use the stack"}
	phFaceDownChars  = []string{"face-down spells and face-down permanents have no characteristics other than those listed"}
	phFaceUpAction   = []string{"turning a face-down creature face up is a special action", "the controller of a face-down permanent may turn it face up"}
	phMergedFaceUp   = []string{"if a face-down merged permanent is turned face up, each face-down component"}
	phMergedNoFaceUp = []string{"that contains an instant or sorcery card can't be turned face up"}
	phDamageStack    = []string{"of combat damage go on the stack as"}
	phDamageNoStack  = []string{"no player has the chance to cast spells or activate abilities between the time combat damage is assigned", "combat damage that's been assigned is dealt simultaneously"}
	phDamageResolves = []string{"combat damage resolves as", "when the combat damage resolves"}
	phDamageLKI      = []string{"even if the creature dealing damage is no longer", "dealt as it was originally assigned", "dealt as originally assigned"}
	phDamagePriority = []string{"any abilities that triggered on damage being dealt or while state-based actions are performed afterward", "any abilities that triggered on damage being assigned or dealt go on the stack", "after combat damage finishes resolving, the active player gets priority", "then the active player receives priority to play spells and abilities"}
	phDamageGone     = []string{"that was assigned combat damage is no longer in play", "supposed to receive combat damage is no longer in play", "supposed to receive damage is no longer in play"}
	phCopyPermanent  = []string{"some effects copy a permanent spell"}
	phCopyResolves   = []string{"if the object that's resolving is a copy of a permanent spell"}
	phCopyGone       = []string{"if a copy of a spell is in a zone other than the stack, it ceases to exist", "a copy of a spell in a zone other than the stack ceases to exist", "copy of a spell in a zone other than the stack"}
)

// defined cites the rule that says what term means: the keyword action
// titled term, or the first rule that contains one of phrases, or, where
// the revision says it only in its glossary (drawing a card before
// 2006-10-01, sacrificing before 2007-05-01), term's glossary entry.
func (e *engine) defined(term string, phrases ...string) game.Ref {
	return e.specs.ref("defined\x00"+term, func() game.Ref {
		if r := e.rules.Titled(term); r != nil {
			return game.Within(r, phrases...)
		}
		if r := e.rules.Find(phrases...); !r.IsZero() {
			return r
		}
		return e.rules.Glossary(term, phrases...)
	})
}

// action cites a keyword action (701 today, 501 before 2009) by its
// spec, or, where the revision has none titled so, the first rule that
// contains one of phrases.
func (e *engine) action(name string, phrases ...string) game.Ref {
	if r := e.kw(name, phrases...); !r.IsZero() {
		return r
	}
	return e.rules.Find(phrases...)
}

// actionOr cites keyword action name as action does, or, in a revision
// that defines it nowhere, the rule of following a spell's instructions.
func (e *engine) actionOr(name string, phrases ...string) game.Ref {
	if r := e.action(name, phrases...); !r.IsZero() {
		return r
	}
	return e.rules.Find(phFollow...)
}

// exiled is the revision's word for exile in keyword name's rules: "is
// removed from the game" until 2007, "is exiled" since.
func (e *engine) exiled(name string) string {
	if e.mentions(name, "remove") && !e.mentions(name, "exile") {
		return "is removed from the game"
	}
	return "is exiled"
}

// term picks the wording of the revision's era for a note: the modern
// one, or the one of the 502 era (before Magic 2010).
func (e *engine) term(modern, old string) string {
	if d := e.rules.Doc(); d != nil && d.Era == parse.Era502 {
		return old
	}
	return modern
}

// zone names a zone in the revision's era.
func (e *engine) zone(z game.Zone) string {
	switch z {
	case game.Battlefield:
		return e.term("the battlefield", "play")
	case game.Exile:
		return e.term("exile", "the removed-from-the-game zone")
	}
	return "the " + z.String()
}

// mentions reports whether any rule of keyword name contains phrase.
func (e *engine) mentions(name, phrase string) bool {
	all := e.specs.text("all\x00"+name, func() string {
		s := e.spec(name)
		if s == nil || s.Text() == nil {
			return ""
		}
		return strings.ToLower(allText(s.Text()))
	})
	return strings.Contains(all, strings.ToLower(phrase))
}
