package ability

import (
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// An Ability is one ability an object has, as the procedures of the
// engine read it: a closed set of kinds, each a value of its own type
// (BlockRestriction, Protection, AltCost, Trigger, …). Every kind
// embeds a Base saying which keyword declared it and which subrule it
// implements.
type Ability interface{ base() *Base }

// Base is what every ability carries: the keyword whose declaration made
// it ("" for card text), the phrases that select the subrule it
// implements in the keyword's rules (the engine cites the first subrule
// containing one, in the revision it runs), and the note the trace
// prints when the ability changes what happens.
type Base struct {
	Keyword string
	Rule    []string
	// Note is a format for the trace; its arguments are given by the
	// procedure applying the ability, in the order its kind documents.
	Note string
}

func (b *Base) base() *Base { return b }

// Info returns the Base of a.
func Info(a Ability) *Base { return a.base() }

// Rev is what a declaration may ask of the revision the engine runs:
// whether the definition of a keyword contains a phrase, so that one
// declaration states each wording's meaning (deathtouch as a trigger in
// 2007–2009, convoke before and after 2013).
type Rev interface {
	// Defines reports whether the keyword's definition contains phrase.
	Defines(keyword, phrase string) bool
	// Mentions reports whether any of the keyword's rules contains
	// phrase.
	Mentions(keyword, phrase string) bool
	// Definition returns the text the grammar compiles for a keyword:
	// its quoted definition, or its first "Whenever" subrule.
	Definition(keyword string) (string, bool)
	// Parts returns the parts of the keyword's quoted definition, each
	// a meaning of its own ("Evoke [cost]" means an alternative cost and
	// a triggered ability); none when the rules quote none.
	Parts(keyword string) []string
}

// A Decl is the declaration of one keyword: the abilities one instance
// of it (as printed, with its number, cost or quality) is, and the facts
// of its model the engine checks against each revision's rules.
type Decl struct {
	// Name is the keyword's title in the rules: "Double Strike".
	Name string
	Of   func(inst game.Ability, r Rev) []Ability
	// Compiled is set for a keyword whose abilities the grammar of
	// compile.go reads from the revision's own definition.
	Compiled bool
	// Reads, for a compiled keyword read by a shape other than the
	// grammar of triggered abilities (shape_altcost.go), reports why the
	// parts of a definition are outside it; nil when they are not.
	Reads func(parts []string) error
	// Anchors select the subrules whose text a hand-written model
	// implements when the rules quote no definition (flying, first
	// strike): each subrule containing one of them (lower case).
	Anchors []string
	// Qualified is set for a keyword whose instance names a quality
	// (protection from [quality], affinity for [quality], enchant
	// [quality], splice onto [quality], [quality] offering): a
	// characteristic value of the revision, or one of Forms.
	Qualified bool
	// Forms are the other qualities the keyword's instance may name,
	// each where the revision's rules of the keyword mention it.
	Forms []QualityForm
	// Words is set for a keyword whose model pays a cost in words
	// ("Ward—Pay 3 life"); another keyword written with one is an
	// error rather than a cost paid as nothing.
	Words bool
	// Shaped is set for a compiled keyword whose definition the static
	// shapes (shapes.go) read rather than the grammar of triggered
	// abilities.
	Shaped bool
	// Formerly are the names the rules gave the keyword before a
	// rename ("Totem Armor", umbra armor's until 2024-06-07): one
	// model, each revision's name read where it has it.
	Formerly []string
	// Action is set for a keyword action (701: mill, destroy, scry),
	// which no object has: Of is nil, and the engine performs it as a
	// verb of the effect table. Compiled is then set when the verb is
	// read from the action's own definition, its first subrule, by
	// CompileAction.
	Action bool
	// Blesses is set for a keyword whose abilities give a player the
	// city's blessing (ascend): the engine, which checks it whenever
	// state-based actions are, expands only those.
	Blesses bool
}

// An option is a fact of a keyword's model that its declaration states
// beside the abilities.
type option func(*Decl)

// anchors gives a hand-written model its Anchors.
func anchors(phrases ...string) option { return func(d *Decl) { d.Anchors = phrases } }

// qualified marks a keyword whose instance names a quality, and the
// forms of quality besides a characteristic value it may take.
func qualified(forms ...QualityForm) option {
	return func(d *Decl) { d.Qualified, d.Forms = true, forms }
}

// paysWords marks a keyword whose model pays a cost in words.
func paysWords(d *Decl) { d.Words = true }

// formerly gives a renamed keyword its earlier names.
func formerly(names ...string) option { return func(d *Decl) { d.Formerly = names } }

// blesses marks a keyword whose abilities give the city's blessing.
func blesses(d *Decl) { d.Blesses = true }

// Blesses reports whether keyword name's abilities may give the city's
// blessing (Ascend), without expanding them.
func Blesses(name string) bool { return registry()[strings.ToLower(name)].Blesses }

// byDefinition marks a keyword whose abilities the grammar compiles
// from the revision's own definition.
func byDefinition(d *Decl) { d.Compiled = true }

// byShape marks a keyword whose abilities a shape of the grammar reads
// from the parts of the revision's own definition; reads says why a
// definition is outside it.
func byShape(reads func(parts []string) error) option {
	return func(d *Decl) { d.Compiled, d.Reads = true, reads }
}

// ReadsParts reports whether keyword name is compiled by a shape of its
// own (byShape), and then why the parts of a definition are outside it
// (nil when they are not).
func ReadsParts(name string, parts []string) (bool, error) {
	d := registry()[strings.ToLower(name)]
	if d.Reads == nil {
		return false, nil
	}
	return true, d.Reads(parts)
}

var (
	decls    = map[string]Decl{}
	order    []string // the keywords' names, in the order declared
	actions  []Decl   // the keyword actions' declarations, in the order declared
	families []func() // each family's declarations, run on first use
	declOnce sync.Once
)

// registry returns the declarations, made on first use so that a
// command that runs no scenario pays nothing for them at start-up.
func registry() map[string]Decl {
	declOnce.Do(func() {
		for _, f := range families {
			f()
		}
	})
	return decls
}

// declare registers a keyword's declaration, with the facts of its
// model; the families of keywords call it from their files.
func declare(name string, of func(inst game.Ability, r Rev) []Ability, opts ...option) {
	d := Decl{Name: name, Of: of}
	for _, o := range opts {
		o(&d)
	}
	if _, ok := decls[strings.ToLower(name)]; !ok {
		order = append(order, name)
	}
	decls[strings.ToLower(name)] = d
	for _, f := range d.Formerly {
		decls[strings.ToLower(f)] = d
	}
}

// declareAction registers the declaration of a keyword action, in a
// list of its own: a name may be a keyword ability in one revision and
// a keyword action in another (scry, an ability in 2004–2005).
func declareAction(name string, opts ...option) {
	d := Decl{Name: name, Action: true}
	for _, o := range opts {
		o(&d)
	}
	actions = append(actions, d)
}

// ActionDecls returns every keyword action's declaration, in the order
// declared.
func ActionDecls() []Decl {
	registry()
	return slices.Clone(actions)
}

// Decls returns every keyword's declaration, in the order the families
// declare them (their files in name order).
func Decls() []Decl {
	r := registry()
	out := make([]Decl, 0, len(order))
	for _, name := range order {
		out = append(out, r[strings.ToLower(name)])
	}
	return out
}

// Declared returns the names of the keywords with a declaration, sorted.
func Declared() []string {
	registry()
	out := slices.Clone(order)
	sort.Strings(out)
	return out
}

// OfInstance returns the abilities one printed keyword instance is in
// revision r; none for a keyword with no declaration. A keyword action
// printed as the keyword ability it once was ("Scry 1", PrintedAction)
// is the action (Performs) where r has no ability of that name.
func OfInstance(inst game.Ability, r Rev) []Ability {
	var out []Ability
	if d, ok := registry()[strings.ToLower(inst.Keyword)]; ok {
		out = d.Of(inst, r)
	}
	if len(out) == 0 && PrintedAction(inst.Keyword) {
		return []Ability{performs(inst)}
	}
	return out
}

// Of returns every ability object o has in revision r: the enchant
// restriction of a local enchantment's subtype, its keyword instances
// expanded through their declarations, in printed order (then the
// abilities a max speed or threshold ability grants while it does),
// then the triggered, static and activated abilities of its text after
// the layers. A face-down object, one that lost all abilities and an ability
// on the stack have none of its text.
func Of(o *game.Object, r Rev) []Ability {
	var out []Ability
	for _, s := range o.Characteristics().Subtypes {
		// A local enchantment's subtype (214.8a of 1999): a type, not
		// an ability, which losing all abilities leaves.
		if en, ok := Local(s); ok {
			out = append(out, en)
		}
	}
	for _, inst := range o.Abilities() {
		out = append(out, OfInstance(inst, r)...)
	}
	for _, a := range out {
		if m, ok := a.(*MaxSpeed); ok && m.Active(o) {
			out = append(out, OfInstance(m.Grants, r)...)
		}
		if t, ok := a.(*Threshold); ok && t.Active(o) {
			out = append(out, OfInstance(t.Grants, r)...)
		}
		if i, ok := a.(*Infinity); ok && i.Active(o) {
			out = append(out, OfInstance(i.Grants, r)...)
		}
		if w, ok := a.(*WhilePaid); ok && w.Active(o) {
			out = append(out, w.Grants...)
		}
	}
	if o.Suspected && o.Ability == nil {
		// 701.60c: "A suspected permanent has menace and 'This
		// creature can't block' for as long as it's suspected" (no
		// ability of its text: losing all abilities leaves them; its
		// menace is among its characteristics, game.Object.Abilities).
		out = append(out, &CantBlock{Base: Base{Keyword: Suspected.Keyword, Rule: []string{"has menace and"}, Note: "%s is suspected: it can't block"}})
	}
	if o.Ability != nil {
		return out
	}
	c := o.AbilityText()
	if c == nil {
		return out
	}
	for _, x := range c.Triggered {
		if t, ok := x.(*Trigger); ok {
			out = append(out, t)
		}
	}
	for _, x := range c.Statics {
		if a, ok := x.(Ability); ok {
			out = append(out, a)
		}
	}
	for i := range c.Activated {
		out = append(out, FromActivated(&c.Activated[i]))
	}
	return out
}

// Instances returns the keyword instances o has in revision r after
// the layers, as Of reads them: its own, then those a max speed or
// threshold ability of it grants while it does (702.178a: "As long as
// your speed is 4, this object has '[Ability].'"; 502.23a).
func Instances(o *game.Object, r Rev) []game.Ability {
	own := o.Abilities()
	out := slices.Clone(own)
	for _, inst := range own {
		for _, a := range OfInstance(inst, r) {
			if m, ok := a.(*MaxSpeed); ok && m.Active(o) {
				out = append(out, m.Grants)
			}
			if t, ok := a.(*Threshold); ok && t.Active(o) {
				out = append(out, t.Grants)
			}
			if i, ok := a.(*Infinity); ok && i.Active(o) {
				out = append(out, i.Grants)
			}
		}
	}
	return out
}

// FirstOfCard returns the first ability of kind T printed on card c,
// whatever the object's state (a face-down permanent's morph cost).
func FirstOfCard[T Ability](c *game.Card, r Rev) (T, bool) {
	for _, inst := range c.Abilities {
		for _, a := range OfInstance(inst, r) {
			if t, ok := a.(T); ok {
				return t, true
			}
		}
	}
	var zero T
	return zero, false
}

// All returns the abilities of o of kind T.
func All[T Ability](o *game.Object, r Rev) []T {
	var out []T
	for _, a := range Of(o, r) {
		if t, ok := a.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// First returns o's first ability of kind T, and whether it has one.
func First[T Ability](o *game.Object, r Rev) (T, bool) {
	for _, a := range Of(o, r) {
		if t, ok := a.(T); ok {
			return t, true
		}
	}
	var zero T
	return zero, false
}

// DeclaredOf returns the first ability of kind T any keyword's declaration
// makes in revision r, for a rule that outlives the permanents with the
// keyword (a player's speed, 702.179d); false when none does.
func DeclaredOf[T Ability](r Rev) (T, bool) {
	for _, d := range Decls() {
		for _, a := range d.Of(game.Ability{Keyword: d.Name}, r) {
			if t, ok := a.(T); ok {
				return t, true
			}
		}
	}
	var zero T
	return zero, false
}
