package game

import "strings"

// A Change is one kind of change a continuous effect makes to
// characteristics; the revision's layer rule (613.1–613.4 today, 418.5a
// in 2006-10-01) says in which layer, and sublayer, each kind applies.
type Change int

// The kinds of change, in the order of today's layers.
const (
	ChangeCopy     Change = iota // copiable values: "becomes a copy of"
	ChangeFaceDown               // a face-down object's characteristics
	ChangeControl
	ChangeText
	ChangeType
	ChangeColor
	ChangeAbility
	ChangePTDefine  // power/toughness from a characteristic-defining ability
	ChangePTSet     // sets power and/or toughness to a value
	ChangePTModify  // modifies power/toughness: a resolved spell or ability
	ChangePTStatic  // modifies power/toughness: a static ability
	ChangePTCounter // +1/+1 and -1/-1 counters
	ChangePTSwitch  // switches power and toughness
	nChanges
)

var changeNames = [...]string{"copy", "face-down", "control", "text", "type", "color", "ability", "power/toughness (defining)", "power/toughness (set)", "power/toughness (modify)", "power/toughness (modify, static)", "counters", "power/toughness (switch)"}

func (c Change) String() string { return changeNames[c] }

// A Subject is what a continuous effect of card text applies to: the
// permanent an Aura or Equipment is attached to ("enchanted creature"),
// a target ("target creature"), or every permanent of a kind ("other
// white creatures you control", "noncreature artifacts").
type Subject struct {
	// Attached is "equipped", "enchanted" or "fortified" for the permanent the
	// source is attached to.
	Attached string
	Target   bool
	// Type is the card type the subject has ("creature", "artifact",
	// "land"); "" or "permanent" for any.
	Type string
	// Non is a card type the subject doesn't have ("noncreature").
	Non        string
	Color      Color
	YouControl bool
	Other      bool
	// Self is set for "this creature": the source of the ability.
	Self bool
}

// A Continuous is a continuous effect (611): the changes it makes to
// the characteristics of the objects it applies to, applied by the
// layers (613). One effect may change several characteristics; each
// part applies in its own layer, to the objects the effect applied to
// in the first layer it applied in (613.6). Its fields, zero when the
// effect does not make that change, are the parts.
//
// An effect made by a resolving spell or ability applies to Objects,
// chosen as it resolved (611.2c); an effect of a static ability
// (Static) applies to what Subject names on the battlefield, as long as
// its source is there with the ability (611.3).
type Continuous struct {
	Source    *Object
	Label     string // the card or keyword that made it, for the trace
	Timestamp int
	Static    bool
	Subject   Subject
	Objects   []*Object
	// UntilEOT effects end in the cleanup step, UntilEOC ones at the end
	// of the combat phase (500.5a; 300.4 in 2006); WhileSource effects
	// end when Source leaves the battlefield ("for as long as").
	UntilEOT    bool
	UntilEOC    bool
	WhileSource bool
	// YourTurn is set for a static ability's effect that applies only
	// "during your turn": while its source's controller is the active
	// player (living metal, 702.161a).
	YourTurn bool
	// Counter is set for a static ability's effect that applies only as
	// long as its source has at least CounterMin counters of that kind
	// on it, and no more than CounterMax unless that is 0 (a leveler's
	// level symbol, 711.2a–b).
	Counter                string
	CounterMin, CounterMax int
	// Paid is set for a static ability's effect that applies only as
	// long as the cost it names was paid to cast the spell its source
	// was (impending's "As long as this permanent's impending cost was
	// paid and it has a time counter on it, it's not a creature",
	// 702.176a).
	Paid string

	CopyOf *Object // layer 1: becomes a copy of CopyOf
	// Except are the exceptions of the copy effect, part of the
	// copiable values it gives (707.9b).
	Except *CopyExcept
	// GainControl is set for card text that gives the controller of the
	// spell or ability control of what it applies to ("gain control of
	// target creature"); Controls is that player once it resolves:
	// layer 2 makes them the objects' controller.
	GainControl bool
	Controls    *Player
	// WhileControl effects last "for as long as you control" Source:
	// they end once Controls no longer controls it or it has left the
	// battlefield.
	WhileControl bool
	// CopyTarget is set for card text whose copy effect copies the
	// spell's target ("each other creature becomes a copy of target
	// creature"); CopyOf is that target once the spell resolves.
	CopyTarget bool
	copyOf     string // the kind of target, while the text is read
	// TextWords is set for a text-changing effect of card text (612,
	// layer 3): the kind of word it replaces, TextColor or
	// TextLandType; From and To are the words chosen as it resolves.
	TextWords string
	From, To  string
	// SetTypes replaces the card types; AddTypes adds to them ("in
	// addition to its other types"); LoseTypes removes them ("causes
	// the Equipment to stop being a creature", 702.151b).
	SetTypes  []string
	AddTypes  []string
	LoseTypes []string
	// AddSubtypes are subtypes the objects get with their new card
	// types ("becomes a 0/0 Elemental creature", 205.1b; "it becomes an
	// Orc in addition to its other types", amass's, 701.47a).
	AddSubtypes []string
	// WhileAttached is set for a static ability's effect that applies
	// only while its source is attached to a permanent ("until it
	// becomes unattached", 702.151b).
	WhileAttached bool
	SetColor      bool
	Colors        Color
	Gain          []Ability
	// GainBelow names a keyword: the effect's objects gain the keyword
	// abilities printed below its first instance on the source, but
	// that keyword's, and only an object other than the source
	// (backup's "If that's another creature, it also gains the
	// non-backup abilities of this creature printed below this one",
	// 702.165a); Gain is set from the source as the effect begins.
	GainBelow string
	Lose      []string // keyword names
	// LoseQuality is, for each of Lose, the quality the lost ability
	// names ("loses protection from red": "red"), "" for every instance
	// of the keyword.
	LoseQuality []string
	LoseAll     bool
	SetPT       bool
	Switch      bool
	P, T        int // with SetPT the values set, else the change
	AddPT       bool
	// Define is what a characteristic-defining ability sets power and
	// toughness equal to (604.3, 208.2a): DefineHand or DefineCreatures.
	Define string
	// Defining is set for the effect of a characteristic-defining
	// ability of colour or type ("NAME is all colors", devoid,
	// changeling): it applies first in its layer, and in every zone
	// (604.3).
	Defining bool
	// EveryCreatureType makes the object every creature type of the
	// revision (changeling, 702.73a; "is every creature type").
	EveryCreatureType bool
}

// The kinds of word a text-changing effect replaces (612.2): a colour
// word used as a colour word, a basic land type used as a land type.
const (
	TextColor    = "color word"
	TextLandType = "basic land type"
)

// TextWord reports whether w is a word of kind (TextColor or
// TextLandType), and returns it in the case it is printed in.
func TextWord(kind, w string) (string, bool) {
	switch kind {
	case TextColor:
		if c, ok := ParseColor(w); ok && c != 0 && !strings.Contains(strings.TrimSpace(w), " ") {
			return strings.ToLower(strings.TrimSpace(w)), true
		}
	case TextLandType:
		return BasicLandType(strings.TrimSpace(w))
	}
	return "", false
}

// What a characteristic-defining ability's power and toughness count.
const (
	DefineHand      = "cards in your hand"
	DefineCreatures = "creatures you control"
)

// CDA reports whether e is a characteristic-defining ability's effect,
// applied first within its layer (613.3, 613.4a).
func (e *Continuous) CDA() bool { return e.Define != "" || e.Defining }

// Has reports whether the effect makes change c.
func (e *Continuous) Has(c Change) bool {
	switch c {
	case ChangeCopy:
		return e.CopyOf != nil || e.CopyTarget
	case ChangeControl:
		return e.GainControl || e.Controls != nil
	case ChangeText:
		return e.TextWords != ""
	case ChangeType:
		return len(e.SetTypes) > 0 || len(e.AddTypes) > 0 || len(e.LoseTypes) > 0 || len(e.AddSubtypes) > 0 || e.EveryCreatureType
	case ChangeColor:
		return e.SetColor
	case ChangeAbility:
		return len(e.Gain) > 0 || len(e.Lose) > 0 || e.LoseAll
	case ChangePTDefine:
		return e.Define != ""
	case ChangePTSet:
		return e.SetPT
	case ChangePTModify:
		return e.AddPT && !e.Static
	case ChangePTStatic:
		return e.AddPT && e.Static
	case ChangePTSwitch:
		return e.Switch
	}
	return false
}

// Chars are an object's characteristics as the layers leave them.
// Slices may be shared with the card: they are never changed in place.
type Chars struct {
	// Card is the card whose copiable values the object has (the card,
	// the half cast, or the card it became a copy of).
	Card       *Card
	Name       string
	Cost       Cost
	Supertypes []string
	Types      []string
	Subtypes   []string
	// EveryCreatureType is set for an object that is every creature
	// type (changeling): it has each subtype the revision lists as a
	// creature type besides Subtypes.
	EveryCreatureType bool
	Colors            Color
	Abilities         []Ability
	// NoText is set for an object with no abilities of its text: face
	// down, or one that lost all abilities.
	NoText           bool
	Power, Toughness int
	HasPT            bool
	// NoDefinePT is set for a copy whose copy effect gives it a power
	// and toughness: the characteristic-defining ability of the object
	// copied that defines them is not copied (707.9d).
	NoDefinePT bool
	Controller *Player
	// Swaps are the words text-changing effects replaced in its text,
	// in the order applied: from, to (layer 3).
	Swaps [][2]string
	// WorldSince is the timestamp of the copy effect that gave it the
	// world supertype its own copiable values lack; 0 otherwise (see
	// Object.WorldSince).
	WorldSince int
}

// Is reports whether the characteristics have card type t.
func (c Chars) Is(t string) bool { return hasFold(c.Types, t) }
