package game

import (
	"fmt"
	"slices"
	"strings"
)

// A Player has a life total, poison counters, a mana pool and zones.
type Player struct {
	Name   string
	Life   int
	Poison int
	Pool   Mana
	zones  [nZones][]*Object
	// CantCast is set by epic: for the rest of the game the player can't
	// cast spells.
	CantCast bool
	// DrewFromEmpty is set when the player attempted to draw from an
	// empty library since state-based actions were last checked.
	DrewFromEmpty bool
	// Lost is set when the player has lost the game, Left when they have
	// left it (a multiplayer game goes on without them, 800.4a).
	Lost, Left bool
	// Completed are the names of the dungeons the player has completed
	// (309.7), in order. The slice is never changed in place.
	Completed []string
	// Speed is the player's speed (702.179): 0 while they have none
	// (702.179b), as no rule sets a speed to 0.
	Speed int
	// Blessed is set once the player has the city's blessing (702.131c),
	// for the rest of the game.
	Blessed bool
	// KeptCombat is the mana in the player's pool they don't lose as
	// steps and phases end until end of combat (firebending's, 702.189a),
	// at most what is left of it in the pool.
	KeptCombat Mana
	// Initiative is set while the player has the initiative (725; 721
	// in 2022), a designation at most one player has at a time.
	Initiative bool
}

// Zone returns the objects of the player's zone z; the library top
// first.
func (p *Player) Zone(z Zone) []*Object { return p.zones[z] }

// A State is a game in progress: two players, the stack, the turn, the
// step, and the trace of rules applied so far.
// A Happened is one event of the turn's history: its kind (the words of
// an event of package ability, "dies", "gains life"), the object it
// happened to by ID (0 for a player's event but a discard, whose card
// it is, as the object it became in the graveyard), whether that object was
// a creature, its creature types then (Subtypes; AllTypes for one that
// had every creature type, changeling), and the index in Players of the
// player it concerns: the player's own, or the object's controller.
type Happened struct {
	Event    string
	Object   int
	Creature bool
	Subtypes []string
	AllTypes bool
	Player   int
}

// Happened reports whether an event of kind ev happened this turn for
// which match is true.
func (s *State) Happened(ev string, match func(Happened) bool) bool {
	for _, h := range s.Log {
		if h.Event == ev && match(h) {
			return true
		}
	}
	return false
}

type State struct {
	// held are the characteristics through the layers of every
	// permanent in the state's version heldAt: every question reads them
	// until the state changes (Changed).
	held    map[*Object]*Chars
	heldAt  int
	version int
	Players []*Player
	Active  int
	Turn    int
	Step    string
	Stack   []*Object // bottom first
	// CastThisTurn are the spells cast this turn, in order.
	CastThisTurn []*Object
	// Log is the turn's history: the events that happened this turn, in
	// order ("if a creature died this turn"). Entries are values, never
	// changed once appended, so a copy of the state shares them.
	Log []Happened
	// Activations are the activations this game of abilities with a
	// restriction on their use ("only once each turn", 602.5b), in
	// order. Entries are values, never changed once appended, so a copy
	// of the state shares them.
	Activations []Activation
	// SplitCombined is set when the revision's rules combine a split
	// card's halves outside the stack.
	SplitCombined bool
	// DayNight is the game's day or night designation (730.1): "day",
	// "night", or "" for neither, as the game starts; once it has one,
	// it has exactly one of them from then on.
	DayNight string
	// BackFaceFrontCost is set when the revision's rules give a
	// double-faced permanent with its back face up the mana value of
	// its front face's mana cost (711.4b from 2016-04-08, 712.8e
	// today); before, its back face has no mana cost (711.2b of
	// 2011-09-30).
	BackFaceFrontCost bool
	// ArtifactCreatureKeeps is set when the revision's rules let an
	// object that becomes an "artifact creature" keep its prior card
	// types and subtypes (205.1b today, 212.1c in 2006).
	ArtifactCreatureKeeps bool
	// StarZeroOutside is set when the revision's rules make a */* 0
	// while the object is not on the battlefield ("The * is 0 while the
	// object is not in play", before 2007-05-01): its power/toughness
	// CDA functions only there; otherwise it functions in all zones.
	StarZeroOutside bool
	// KeywordStatics returns the continuous effects of the static
	// ability a keyword is in the revision run ("During your turn, this
	// permanent is an artifact creature in addition to its other
	// types", living metal): the engine reads them from the keyword's
	// declaration, each with Subject.Self. Nil reads none.
	KeywordStatics func(keyword string) []Continuous
	Rules          *Rules
	Trace          []Step
	// Pending are triggered abilities waiting to be put on the stack.
	Pending []*Object
	// Requirements are blocking requirements: Blocker must block
	// Attacker if able (provoke).
	Requirements []Requirement
	// Delayed are delayed triggers, checked at the beginning of the
	// steps they wait for.
	Delayed []Delayed
	Combat  Combat
	// Effects are the continuous effects resolved spells and abilities
	// made, in timestamp order; static abilities' are read from the
	// permanents each time (Object.Characteristics).
	Effects []*Continuous
	nextID  int
	clock   int // the last timestamp given
}

// An Activation is one activation of a restricted activated ability:
// the turn, the object's ID (a new object, 400.7, has a new one) and the
// ability's text.
type Activation struct {
	Turn, Object int
	Ability      string
}

// Activated reports how many times ability of object id was activated:
// this turn, or with ever, this game.
func (s *State) Activated(id int, ability string, ever bool) int {
	n := 0
	for _, a := range s.Activations {
		if a.Object == id && a.Ability == ability && (ever || a.Turn == s.Turn) {
			n++
		}
	}
	return n
}

// A Requirement is that a creature must block another if able.
type Requirement struct {
	Blocker, Attacker *Object
	Rule              Ref
}

// A Delayed trigger fires at the beginning of a step (603.7): Step is
// "upkeep" or "end"; with Controller set, only in that player's turns
// (epic's copies); with Once, only the next time, then it is gone ("at
// the beginning of the next end step").
type Delayed struct {
	Controller *Player
	Step       string
	Once       bool
	Fire       func(s *State)
}

// Combat is the state of the combat phase: attackers and their blockers.
type Combat struct {
	Attackers []*Object
	Blockers  map[*Object][]*Object // attacker → blockers, in order declared
	Blocking  map[*Object]*Object   // blocker → attacker
	// FirstStrikeDealt marks creatures that dealt damage in the
	// first-strike damage step.
	FirstStrikeDealt map[*Object]bool
	// Defending is the player the attackers attack (506.2, chosen by
	// the active player in a multiplayer game); nil before attackers
	// are declared.
	Defending *Player
	// Defender maps an attacking creature to the player it attacks, or
	// who protects the battle it attacks, where the attacking player
	// chose one for each creature (802.3, the attack multiple players
	// option): a creature not in it attacks Defending. Nil when no
	// declaration chose per creature.
	Defender map[*Object]*Player
	// PlayersAttacked are the players the active player attacked with
	// creatures declared as attackers this combat, each once, in the
	// order first attacked (a battle's protector is not attacked).
	PlayersAttacked []*Player
	// Attacked maps an attacking creature to the battle it attacks
	// (508.1b), which the defending player protects; a creature not in
	// it attacks the defending player. Nil when none attacks a battle.
	Attacked map[*Object]*Object
}

// Remove removes o from combat (506.4): it stops being an attacking or
// blocking creature. An attacker it blocked remains blocked (509.1h):
// o stays among that attacker's blockers as declared, blocking no
// longer. It reports whether o was in combat.
func (c *Combat) Remove(o *Object) bool {
	in := false
	if i := slices.Index(c.Attackers, o); i >= 0 {
		c.Attackers = slices.Delete(slices.Clone(c.Attackers), i, i+1)
		in = true
	}
	if _, ok := c.Blocking[o]; ok {
		delete(c.Blocking, o)
		in = true
	}
	return in
}

// A Step of the trace: a rule applied, with what it did.
type Step struct {
	Rule Ref
	Note string
}

// New returns a state with players of the given names, the first active,
// each at 20 life; rules resolves citations (nil cites nothing).
func New(rules *Rules, names ...string) *State {
	s := &State{Rules: rules, Turn: 1, Step: "main"}
	for _, n := range names {
		s.Players = append(s.Players, &Player{Name: n, Life: 20})
	}
	s.resetCombat()
	return s
}

func (s *State) resetCombat() {
	s.Combat = Combat{Blockers: map[*Object][]*Object{}, Blocking: map[*Object]*Object{}, FirstStrikeDealt: map[*Object]bool{}}
}

// EndCombat clears the combat state.
func (s *State) EndCombat() { s.resetCombat() }

// ActivePlayer is the player whose turn it is.
func (s *State) ActivePlayer() *Player { return s.Players[s.Active] }

// Opponent returns p's first opponent in turn order after p: in a
// two-player game the other player.
func (s *State) Opponent(p *Player) *Player {
	if os := s.Opponents(p); len(os) > 0 {
		return os[0]
	}
	return p
}

// Opponents returns p's opponents still in the game, in turn order
// starting after p (every other player: no teams).
func (s *State) Opponents(p *Player) []*Player {
	at := 0
	for i, q := range s.Players {
		if q == p {
			at = i
		}
	}
	var out []*Player
	for i := 1; i < len(s.Players); i++ {
		if q := s.Players[(at+i)%len(s.Players)]; !q.Left {
			out = append(out, q)
		}
	}
	return out
}

// InGame returns the players who have not left the game, in turn order
// starting with the active player.
func (s *State) InGame() []*Player {
	var out []*Player
	for i := range s.Players {
		if q := s.Players[(s.Active+i)%len(s.Players)]; !q.Left {
			out = append(out, q)
		}
	}
	return out
}

// Player returns the player named name, or nil.
func (s *State) Player(name string) *Player {
	for _, p := range s.Players {
		if strings.EqualFold(p.Name, name) {
			return p
		}
	}
	return nil
}

// Cite records that rule r was applied, with a note.
func (s *State) Cite(r Ref, format string, args ...any) {
	s.Trace = append(s.Trace, Step{Rule: r, Note: fmt.Sprintf(format, args...)})
}

// Create makes a new object of card c owned and controlled by p in zone
// z (at the bottom of a library, at the top of the stack).
func (s *State) Create(c *Card, label string, p *Player, z Zone) *Object {
	s.nextID++
	o := &Object{ID: s.nextID, Label: label, Card: c, Owner: p, BaseController: p, Zone: z, Counters: map[string]int{}, EnteredTurn: s.Turn}
	s.put(o, z, false)
	return o
}

// Changed notes that the state changed in a way that may change
// characteristics (a zone change, an effect that begins or ends,
// counters, an attachment, a timestamp, a face turned): the layers are
// applied again the next time one is asked for. The game's own methods
// call it; a procedure that sets an object's AttachedTo or FaceDown
// itself must too.
func (s *State) Changed() { s.version++ }

func (s *State) put(o *Object, z Zone, top bool) {
	defer s.Changed()
	o.Zone, o.st = z, s
	s.Stamp(o)
	if z == Battlefield && o.Is("Planeswalker") && o.Counters != nil {
		// A planeswalker enters with its printed loyalty in loyalty
		// counters (306.5b).
		o.Counters["loyalty"] = o.face().Loyalty
	}
	if z == Battlefield && o.Is("Battle") && o.Counters != nil {
		// A battle enters with its printed defense in defense counters
		// (310.4b).
		o.Counters["defense"] = o.face().Defense
	}
	if z == Stack {
		s.Stack = append(s.Stack, o)
		return
	}
	p := o.Owner
	if z == Battlefield {
		p = o.BaseController
	}
	if top {
		p.zones[z] = append([]*Object{o}, p.zones[z]...)
		return
	}
	p.zones[z] = append(p.zones[z], o)
}

// Remove takes o out of its zone; it reports false if o is in none.
func (s *State) Remove(o *Object) bool {
	defer s.Changed()
	if o.Zone == Stack {
		for i, x := range s.Stack {
			if x == o {
				s.Stack = append(s.Stack[:i], s.Stack[i+1:]...)
				return true
			}
		}
		return false
	}
	for _, p := range s.Players {
		zs := p.zones[o.Zone]
		for i, x := range zs {
			if x == o {
				p.zones[o.Zone] = append(zs[:i], zs[i+1:]...)
				return true
			}
		}
	}
	return false
}

// Move puts o into zone z as a new object: a new ID and timestamp, no
// counters, damage, tapped status or spell decisions; only its card, label,
// owner and whether it is a token or a copy of a spell carry over (a
// token or copy out of its zone ceases to exist as a state-based action,
// 704.5d-e). A battlefield object comes under controller's control. An
// ability leaving the stack ceases to exist and Move returns nil. The
// library receives the object on top when top is set.
func (s *State) Move(o *Object, z Zone, controller *Player, top bool) *Object {
	s.Remove(o)
	for b, a := range s.Combat.Blocking {
		if b == o || a == o {
			delete(s.Combat.Blocking, b)
		}
	}
	if o.Ability != nil {
		return nil
	}
	comps := o.Merged
	if len(comps) == 0 {
		comps = []Component{{Label: o.Label, Card: o.Card, Token: o.Token}}
	}
	var n *Object
	for i, c := range comps {
		// A merged permanent leaves as one permanent, and each of its
		// components is put into the new zone (729.3): the topmost
		// becomes the object Move returns.
		s.nextID++
		m := &Object{ID: s.nextID, Label: c.Label, Card: c.Card, Owner: o.Owner, BaseController: o.Owner, Counters: map[string]int{}, EnteredTurn: s.Turn, Token: c.Token, Copy: o.Copy}
		if controller != nil {
			m.BaseController = controller
		}
		s.put(m, z, top)
		if i == 0 {
			n = m
		}
	}
	return n
}

// Push puts an ability or a copy of a spell onto the stack.
func (s *State) Push(o *Object) {
	s.nextID++
	o.ID = s.nextID
	if o.Counters == nil {
		o.Counters = map[string]int{}
	}
	s.put(o, Stack, false)
}

// Top returns the top object of the stack, or nil.
func (s *State) Top() *Object {
	if len(s.Stack) == 0 {
		return nil
	}
	return s.Stack[len(s.Stack)-1]
}

// Objects returns every object in every zone: players' zones in order,
// then the stack top first.
func (s *State) Objects() []*Object {
	n := len(s.Stack)
	for _, p := range s.Players {
		for z := range p.zones {
			n += len(p.zones[z])
		}
	}
	out := make([]*Object, 0, n)
	for i := len(s.Stack) - 1; i >= 0; i-- {
		out = append(out, s.Stack[i])
	}
	for _, z := range []Zone{Battlefield, Hand, Graveyard, Exile, Command, Library, Outside} {
		for _, p := range s.Players {
			out = append(out, p.zones[z]...)
		}
	}
	return out
}

// Find returns the object labelled label ("Goblin Piker", "Goblin
// Piker#2"), searching the stack, battlefield, hands, graveyards, exile,
// command zones, libraries and outside the game in that order; or nil.
func (s *State) Find(label string) *Object {
	for _, o := range s.Objects() {
		if o.Ability == nil && strings.EqualFold(o.Label, label) {
			return o
		}
	}
	if !strings.Contains(label, "#") {
		for _, o := range s.Objects() {
			if o.Ability == nil && strings.EqualFold(o.Name(), label) {
				return o
			}
		}
	}
	return nil
}

// FindIn returns the object labelled label in zone z, or else, for a
// label with no "#", the first object of that name there; or nil.
func (s *State) FindIn(label string, z Zone) *Object {
	for _, o := range s.Objects() {
		if o.Zone == z && o.Ability == nil && strings.EqualFold(o.Label, label) {
			return o
		}
	}
	if strings.Contains(label, "#") {
		return nil
	}
	for _, o := range s.Objects() {
		if o.Zone == z && o.Ability == nil && (strings.EqualFold(o.Card.Name, label) || strings.EqualFold(strings.SplitN(o.Label, "#", 2)[0], label)) {
			return o
		}
	}
	return nil
}

// Controlled returns the permanents p controls (after layer 2), in the
// order of Battlefield.
func (s *State) Controlled(p *Player) []*Object {
	var out []*Object
	for _, o := range s.Battlefield() {
		if o.Controller() == p {
			out = append(out, o)
		}
	}
	return out
}

// Battlefield returns every permanent, each player's in turn.
func (s *State) Battlefield() []*Object {
	n := 0
	for _, p := range s.Players {
		n += len(p.zones[Battlefield])
	}
	out := make([]*Object, 0, n)
	for _, p := range s.Players {
		out = append(out, p.zones[Battlefield]...)
	}
	return out
}

// Bind makes o, an object built outside any zone (a spell as it will be
// on the stack, for the checks of its targets), read its characteristics
// in s: the effects and the revision's rules of s apply to it. It
// returns o.
func (s *State) Bind(o *Object) *Object {
	o.st = s
	return o
}
