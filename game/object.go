package game

import (
	"slices"
	"strings"
)

// A Zone is where an object is.
type Zone int

// The zones. Each player has a library (in order, top first), a hand, a
// graveyard, a battlefield area, an exile area and a command area; the
// stack is shared. Outside is not a zone of the rules: it holds the
// cards a player owns outside the game (dungeon cards, 309.2), which an
// effect may bring into it.
const (
	Library Zone = iota
	Hand
	Battlefield
	Graveyard
	Stack
	Exile
	Command
	Outside
	nZones
)

var zoneNames = [...]string{"library", "hand", "battlefield", "graveyard", "stack", "exile", "command", "outside"}

// String is the zone's name in the modern wording.
func (z Zone) String() string { return zoneNames[z] }

// ParseZone reads a zone's name; "play" and "removed from the game" are
// the older names of the battlefield and exile.
func ParseZone(s string) (Zone, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "play", "in play":
		return Battlefield, true
	case "removed from the game", "removed":
		return Exile, true
	}
	for i, n := range zoneNames {
		if strings.EqualFold(s, n) {
			return Zone(i), true
		}
	}
	return 0, false
}

// An Object is a card, a copy of a card or a token in a zone, or an
// ability on the stack. An object that changes zones becomes a new object
// with a new ID (400.7 in modern rules): it keeps only Label, the name a
// scenario knows the physical card by.
type Object struct {
	ID    int
	Label string // "Goblin Piker" or "Goblin Piker#2"
	Card  *Card
	Half  *Card // the half of a split card cast, while on the stack
	Owner *Player
	// BaseController is who controls the object when no
	// control-changing effect applies: who cast or activated it, or
	// under whose control it entered the battlefield (110.2). Read
	// Controller, which applies layer 2 (613.1b).
	BaseController *Player
	Zone           Zone
	Tapped         bool
	FaceDown       bool
	Token          bool
	Copy           bool // a copy of a spell
	// Renowned is the renowned designation (702.112b): no ability, no
	// copiable value, kept until the permanent leaves the battlefield.
	// It fills the padding after the flags, as Room and Sector do.
	Renowned bool
	// Saddled is the saddled designation (702.171b): no copiable value,
	// kept until the end of the turn or until the permanent leaves the
	// battlefield.
	Saddled bool
	// Monstrous is the monstrous designation (701.37b): kept until the
	// permanent leaves the battlefield.
	Monstrous bool
	// Harnessed is the harnessed designation (701.64b): no ability, no
	// copiable value, kept until the permanent leaves the battlefield.
	Harnessed bool
	// Suspected is the suspected designation (701.60b): menace and
	// "This creature can't block" while it lasts (701.60c), until the
	// permanent leaves the battlefield; no copiable value.
	Suspected bool
	// Exerted is set for a permanent exerted since its controller's
	// last untap step: it doesn't untap during the next (701.43a).
	Exerted bool
	// Transformed is set while a double-faced permanent or spell has
	// its back face up (712.8c, 712.8e; 701.27a): Face is then its
	// Card's Back. A permanent that transforms stays the same object
	// (712.18).
	Transformed bool
	// Room is, for a dungeon card in the command zone, the index in
	// Card.Rooms of the room its owner's venture marker is on (309.4a:
	// 0, the topmost, as it is put there). Room and Sector fill the
	// padding after the flags: a state copy stays the size it was.
	Room int16
	// Sector is the permanent's sector designation (702.158b), 0 for
	// none, else the number of its name among those the keyword's
	// declaration lists; no copiable value.
	Sector uint8
	// Shields are the regeneration shields on the permanent (701.19a):
	// each replaces the next destruction of it this turn; they end in
	// the cleanup step.
	Shields uint8
	// Goaded is the goaded designation (701.15b): bit i is set while
	// the permanent is goaded by the i-th player (State.Players), until
	// that player's next turn (701.15a); no copiable value.
	Goaded   uint8
	Counters map[string]int // nil in a copy (State.Clone) of an object with none: add with AddCounters
	Damage   int
	// Doomed is the rule that destroys the object as a state-based
	// action for having been dealt damage by a source whose damage
	// destroys in any amount (deathtouch); zero for none.
	Doomed Ref
	// Timestamp is the object's timestamp (613.7): when it entered its
	// zone, was attached or turned face up.
	Timestamp int
	// EnteredTurn is the turn the object came under its controller's
	// control; 0 for objects set up before the scenario's first turn.
	EnteredTurn int
	AttachedTo  *Object
	// noted is the controller State.NoteControl last saw.
	noted *Player
	// Protector is the player designated as a battle's protector
	// (310.8), chosen as it enters; nil for none. It stays when the
	// permanent stops being a battle (310.8g).
	Protector *Player

	// Merged are the components of a merged permanent, top first (729;
	// Merge); empty for an object that is not merged. Card is then the
	// merged characteristics (MergedCard). The slice is never changed
	// in place: a state copy shares it.
	Merged []Component

	Spell   *SpellInfo   // set while a spell is on the stack
	Ability *AbilityInfo // set for an ability on the stack
	// Paid is what was paid to cast the spell that became this
	// permanent as it resolved (400.7d today, 400.7c from 2009); nil for
	// a permanent that was not a spell. Move leaves it behind: it ends
	// when the permanent leaves the battlefield. Never changed, so a
	// copy of the state shares it.
	Paid *CostsPaid
	// Permit is the permission to cast this card from exile that the
	// effect which exiled it, or a rule, gave (warp's, plot's,
	// foretell's, suspend's); nil for none. Move leaves it behind: it
	// ends when the card leaves exile (400.7). Never changed, so a copy
	// of the state shares it.
	Permit *CastPermit

	st *State // the game the object is in, whose effects apply to it
}

// A CastPermit is a permission an exiled card carries to be cast from
// exile later: by whom, from which turn on, at what time and for what
// cost. The casting procedure reads it as it reads an alternative cost
// (601.2b, 601.2f–h).
type CastPermit struct {
	// Keyword names the ability that gave it, Choice the clause of a
	// cast statement that chooses it ("foretell"; "" when none is
	// needed), Rule the rule cited as the card is cast this way.
	Keyword, Choice string
	Rule            Ref
	// Player is the player who may cast it.
	Player *Player
	// After is the turn that must have ended first ("after the current
	// turn has ended", "on a later turn"); 0 for none.
	After int
	// Free casts it without paying its mana cost; Cost, when set, is the
	// alternative cost paid rather than its mana cost (a foretell
	// cost); neither: its mana cost.
	Free bool
	Cost *Cost
	// MainPhase permits it only during the player's main phase while
	// the stack is empty, whatever its card type (plot, 702.170d).
	MainPhase bool
}

// SpellInfo is what was decided while a spell was cast (601.2).
type SpellInfo struct {
	Targets []Target
	Spliced []Splice
	Modes   []int
	CostsPaid
	// Mutating is set for a mutating creature spell (702.140a): its
	// first target is the creature it merges with as it resolves.
	Mutating   bool
	Paid       Mana // mana spent on the total cost
	Total      Cost // the total cost
	CastNumber int  // 1 for the first spell cast this turn
	// Sacrificed are the powers of the creatures sacrificed to pay its
	// costs, as they last existed on the battlefield (608.2h).
	Sacrificed []int
	// Changed are the spell's instructions after a text-changing
	// effect of its own made as it was cast (overload's, 702.96a); nil
	// when none.
	Changed []Effect
}

// CostsPaid is which of a spell's optional costs were paid as it was
// cast (601.2b, 601.2f–h; 409.1b in 2006): what "if its evoke cost was
// paid", "if it was kicked" and "for each time it was kicked" read. A
// copy of the spell copies it (707.10: "additional or alternative
// costs"); the permanent the spell becomes remembers it (Object.Paid,
// 400.7d) until it leaves the battlefield; a copy effect never copies
// it, since it is no copiable value (707.2). Never changed once the
// spell is cast: copies share Optional.
type CostsPaid struct {
	// Alt is the alternative cost paid, by the word that chose it
	// ("evoke", "flashback"); "" when none was.
	Alt string
	// FaceDownWith are the abilities the face-down spell and the
	// permanent it becomes have, by the alternative cost paid, besides
	// the characteristics 708.2 lists (disguise's ward {2}, 702.168a);
	// nil for none. They end as it is turned face up.
	FaceDownWith []Ability
	// Prototype is the alternative set of mana cost, power and
	// toughness a prototyped spell, and the permanent it becomes, has
	// (718.3b); nil when it wasn't cast prototyped.
	Prototype *Prototype
	Kicked    bool // a cost that kicks was paid (kicker, multikicker)
	// Optional are the optional additional costs paid, by the word that
	// chose them, once for each time ("kicker", "multikicker",
	// "multikicker", "buyback").
	Optional []string
	// Cast is set for a spell that was cast, From being the zone it was
	// cast from ("if it was cast from your graveyard").
	Cast bool
	From Zone
	// X is the value chosen for X as it was cast (601.2b); the
	// permanent it became keeps it (107.3m: ravenous's "if X is 5 or
	// more").
	X int
	// PhyrexianLife is how many Phyrexian mana symbols of its cost were
	// paid with life (compleated, 702.150a).
	PhyrexianLife int
	// Chosen is the name of the opponent chosen as an additional cost
	// ("you may choose an opponent": gift, 702.174a); "" for none.
	Chosen string
}

// TimesPaid is how many times the optional additional cost chosen by
// word was paid.
func (c CostsPaid) TimesPaid(word string) int {
	n := 0
	for _, w := range c.Optional {
		if w == word {
			n++
		}
	}
	return n
}

// WasPaid reports whether the cost word names was paid: "kicker" for
// any cost that kicks ("if it was kicked"), else the alternative or
// optional additional cost chosen by word ("evoke", "buyback").
func (c CostsPaid) WasPaid(word string) bool {
	if word == "kicker" {
		return c.Kicked
	}
	return c.Alt == word || c.TimesPaid(word) > 0
}

// ChosenPlayer is the name of the opponent chosen as the spell that is
// or became o was cast (CostsPaid.Chosen), "" for none.
func (o *Object) ChosenPlayer() string {
	if o.Paid == nil && o.Spell != nil {
		return o.Spell.Chosen
	}
	if o.Paid != nil {
		return o.Paid.Chosen
	}
	return ""
}

// WasPaid reports whether the cost word names was paid to cast the
// spell that became permanent o (see CostsPaid.WasPaid); false for one
// that was not a spell.
func (o *Object) WasPaid(word string) bool {
	if o.Paid == nil && o.Spell != nil {
		// A spell on the stack: how it was cast.
		return o.Spell.WasPaid(word)
	}
	return o.Paid != nil && o.Paid.WasPaid(word)
}

// A Splice is a card spliced onto a spell: its text is added, the card
// stays in the hand.
type Splice struct {
	Card    *Card
	Label   string
	Targets []Target
}

// AbilityInfo is a triggered or activated ability on the stack.
// Activated is set for an activated ability printed on a card. Source
// is nil for combat damage on the stack (310.1 in 2006-10-01, until
// 2009-07-11), which is no spell or ability: only Rule and Resolve are
// set.
type AbilityInfo struct {
	Source    *Object
	Activated bool
	Keyword   string
	Text      string
	Targets   []Target
	Rule      Ref
	// Check, when set, is run before the ability resolves: an error
	// means a choice made for its resolution is one the rules do not
	// allow, and the ability does not resolve.
	Check   func(s *State, a *Object) error
	Resolve func(s *State, a *Object)
}

// CombatDamage reports whether o is combat damage on the stack.
func (o *Object) CombatDamage() bool { return o.Ability != nil && o.Ability.Source == nil }

// A Target is a player or an object chosen as a target.
type Target struct {
	Player *Player
	Object *Object
}

// Name is the name of the target.
func (t Target) Name() string {
	if t.Player != nil {
		return t.Player.Name
	}
	if t.Object != nil {
		return t.Object.Name()
	}
	return "nothing"
}

// face is the card whose characteristics the object has now: the half
// cast while on the stack, else the card.
func (o *Object) face() *Card {
	if o.Half != nil {
		return o.Half
	}
	if o.Transformed && o.Card.Back != nil {
		return o.Card.Back
	}
	return o.Card
}

// DoubleFaced reports whether the object is represented by a
// double-faced card (712.1) or a copy of one: a card with a back face.
func (o *Object) DoubleFaced() bool { return o.Card != nil && o.Card.Back != nil }

// Face is the card whose characteristics the object has now: the half
// cast while on the stack, the back face of a double-faced object with
// its back face up, else the card.
func (o *Object) Face() *Card { return o.face() }

// Name is the object's name; a split card's two names are joined by
// " // "; a face-down object has none.
func (o *Object) Name() string {
	if o.CombatDamage() {
		return o.Label
	}
	if o.Ability != nil {
		return "ability of " + o.Ability.Source.Name()
	}
	return o.chars().Name
}

// Controller is the player who controls the object: a permanent's after
// the control-changing effects of layer 2 (613.1b; 418.5a in 2006),
// which begin and end with their effects; a spell's or ability's is who
// cast or activated it (405.4 today).
func (o *Object) Controller() *Player {
	if o.Zone != Battlefield || o.st == nil || !o.st.anyControl() {
		return o.BaseController
	}
	return o.chars().Controller
}

// Game returns the game the object is in; nil for an object made
// outside one.
func (o *Object) Game() *State { return o.st }

// Colors is the object's colour: a split card not on the stack has both
// halves' colours; a face-down object is colourless.
func (o *Object) Colors() Color { return o.chars().Colors }

// ManaValues is the object's mana value; a split card not on the stack
// gives two answers when combined is false (rules before 2017) and one,
// the sum, when it is true.
func (o *Object) ManaValues(combined bool) []int {
	if o.FaceDown {
		return []int{0}
	}
	ch := o.chars()
	x := 0
	if o.Spell != nil {
		x = o.Spell.X
	}
	c := ch.Card
	if o.Transformed && o.Card.Back != nil && c == o.Card.Back && o.st != nil && o.st.BackFaceFrontCost {
		// Its back face up, its mana value is its front face's
		// (712.8e; 711.4b from 2016-04-08); a copy of a back face,
		// whose Card is another's, has the back face's, none.
		return []int{o.Card.Cost.Value(x)}
	}
	if len(c.Halves) == 2 {
		a, b := c.Halves[0].Cost.Value(0), c.Halves[1].Cost.Value(0)
		if combined {
			return []int{a + b}
		}
		return []int{a, b}
	}
	return []int{ch.Cost.Value(x)}
}

// Is reports whether the object has card type t; a split card has the
// types of both halves.
func (o *Object) Is(t string) bool { return o.chars().Is(t) }

// HasSubtype reports whether the object has subtype t: one of its
// subtypes, or a creature type of the revision when it is every creature
// type (changeling).
func (o *Object) HasSubtype(t string) bool {
	ch := o.chars()
	var r *Rules
	if o.st != nil {
		r = o.st.Rules
	}
	return ch.HasCreatureType(t, r)
}

// HasSupertype reports whether the object has supertype t
// ("Legendary").
func (o *Object) HasSupertype(t string) bool { return hasFold(o.chars().Supertypes, t) }

// WorldSince returns the timestamp since which permanent o has had the
// world supertype (704.5k: the world rule keeps the one that has had
// it for the shortest time): as it entered, or as the copy effect that
// gave it began, whichever is later; 0 when it has none.
func (o *Object) WorldSince() int {
	ch := o.chars()
	if !hasFold(ch.Supertypes, "World") {
		return 0
	}
	return max(o.Timestamp, ch.WorldSince)
}

// Power is the object's power after the layers: printed (2 face
// down), then set, modified (counters among them) and switched.
func (o *Object) Power() int { return o.chars().Power }

// Toughness is the object's toughness, as Power.
func (o *Object) Toughness() int { return o.chars().Toughness }

// PT returns power and toughness, computed once.
func (o *Object) PT() (int, int) {
	ch := o.chars()
	return ch.Power, ch.Toughness
}

// Abilities are the object's keyword abilities after the layers: none
// face down or after it lost all abilities, with those gained.
func (o *Object) Abilities() []Ability {
	if o.Ability != nil {
		return nil
	}
	return o.chars().Abilities
}

// AbilityText is the card whose rules text the object has after the
// layers: its own, or the one it became a copy of; nil face down or
// after it lost all abilities. Its static, triggered and activated
// abilities are the object's.
func (o *Object) AbilityText() *Card {
	ch := o.chars()
	if ch.NoText {
		return nil
	}
	return ch.Card
}

// Has reports whether the object has keyword k.
func (o *Object) Has(k string) bool {
	return slices.ContainsFunc(o.Abilities(), func(a Ability) bool { return strings.EqualFold(a.Keyword, k) })
}

// Instances returns the object's instances of keyword k.
func (o *Object) Instances(k string) []Ability {
	var out []Ability
	for _, a := range o.Abilities() {
		if strings.EqualFold(a.Keyword, k) {
			out = append(out, a)
		}
	}
	return out
}

// IsPermanent reports whether the object is a permanent card type.
func (o *Object) IsPermanent() bool {
	return !o.Is("Instant") && !o.Is("Sorcery")
}

// AddCounters puts n counters of kind on o (n < 0 removes them), making
// o's counters the first time: a copy of the state leaves an object with
// no counters without a map, since most have none.
func (o *Object) AddCounters(kind string, n int) {
	if o.Counters == nil {
		o.Counters = map[string]int{}
	}
	o.Counters[kind] += n
	if o.st != nil {
		o.st.Changed()
	}
}

// Designated reports whether o has the designation name ("renowned",
// "saddled", "monstrous", "harnessed").
func (o *Object) Designated(name string) bool {
	switch name {
	case "renowned":
		return o.Renowned
	case "saddled":
		return o.Saddled
	case "monstrous":
		return o.Monstrous
	case "harnessed":
		return o.Harnessed
	case "goaded":
		return o.Goaded != 0
	case "suspected":
		return o.Suspected
	}
	return false
}

// Designate gives o the designation name; it reports false for a name
// that is no designation o can have.
func (o *Object) Designate(name string) bool {
	switch name {
	case "renowned":
		o.Renowned = true
	case "saddled":
		o.Saddled = true
	case "monstrous":
		o.Monstrous = true
	case "harnessed":
		o.Harnessed = true
	default:
		return false
	}
	return true
}

// faceDownWith returns the abilities face-down object o has by the
// alternative cost paid to cast it face down (CostsPaid.FaceDownWith).
func (o *Object) faceDownWith() []Ability {
	switch {
	case o.Spell != nil:
		return o.Spell.FaceDownWith
	case o.Paid != nil:
		return o.Paid.FaceDownWith
	}
	return nil
}

// A Prototype is a prototype card's alternative characteristics (718.2):
// a mana cost, power and toughness.
type Prototype struct {
	Cost             Cost
	Power, Toughness int
}

// prototype returns the alternative characteristics object o has as a
// prototyped spell or the permanent one became (718.3b), nil for none:
// in any other zone a prototype card has its normal ones (718.4).
func (o *Object) prototype() *Prototype {
	switch {
	case o.Spell != nil && o.Zone == Stack:
		return o.Spell.Prototype
	case o.Paid != nil && o.Zone == Battlefield:
		return o.Paid.Prototype
	}
	return nil
}
