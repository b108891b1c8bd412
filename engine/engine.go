package engine

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/game"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// A Result is the outcome of running a scenario file against one
// revision: a result per script.
type Result struct {
	File    string          `json:"file"`
	Rev     string          `json:"rev"`
	Scripts []*ScriptResult `json:"scripts"`
}

// Passed reports whether every check of every script passed.
func (r *Result) Passed() bool {
	for _, s := range r.Scripts {
		if !s.Passed() {
			return false
		}
	}
	return true
}

// Failed returns how many checks of the results failed.
func Failed(results ...*Result) int {
	n := 0
	for _, r := range results {
		_, f := r.Counts()
		n += f
	}
	return n
}

// Counts returns how many checks passed and failed.
func (r *Result) Counts() (passed, failed int) {
	for _, s := range r.Scripts {
		for _, c := range s.Checks {
			if c.Pass {
				passed++
			} else {
				failed++
			}
		}
	}
	return passed, failed
}

// A ScriptResult is the outcome of one script: its checks, in order,
// and the trace of the rules applied.
type ScriptResult struct {
	Name   string  `json:"name"`
	Line   int     `json:"line"`
	Checks []Check `json:"checks"`
	Trace  []Step  `json:"trace"`
}

// Passed reports whether every check passed.
func (s *ScriptResult) Passed() bool {
	for _, c := range s.Checks {
		if !c.Pass {
			return false
		}
	}
	return true
}

// A Check is one expect line, an illegal action, or an action that
// failed when it should have worked. Got says what the engine found
// when the check failed.
type Check struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Text string `json:"text"`
	Pass bool   `json:"pass"`
	Got  string `json:"got,omitempty"`
}

// Pos prints "file:line:col".
func (c Check) Pos() string { return fmt.Sprintf("%s:%d:%d", c.File, c.Line, c.Col) }

// A Step is one rule the engine applied: the script line that caused it,
// the rule's ID and text in the revision run, and what it did. A step the
// revision defines only in its glossary cites the entry: Rule is
// `glossary "Draw"` (game.Ref.Name), Text the entry's definition.
type Step struct {
	Line int    `json:"line"`
	Rule string `json:"rule"`
	Text string `json:"text"`
	Note string `json:"note"`
}

// Run runs every script of f against the revision doc. specs are the
// keyword specs of doc (keyword.Extract); when none are given Run reads
// only the keywords it looks up, each the first time it is asked for
// (keyword.ExtractNames), which is what makes one scenario cheap. Run
// returns an error only when f cannot run at all (a nil scenario or
// document); a failing check is a result, not an error.
func Run(f *Scenario, doc *parse.Document, specs ...*keyword.Spec) (*Result, error) {
	if f == nil || doc == nil {
		return nil, errors.New("engine: nil scenario or document")
	}
	rev := revName(doc)
	rules, set := docOf(doc)
	if len(specs) > 0 {
		set = givenSet(doc, specs, rev)
	}
	res := &Result{File: f.Name, Rev: rev}
	if err := validate(f, rules, set, rev); err != nil {
		// The cards have text the revision does not define: a script
		// would run rules the revision does not have, and its checks
		// would pass or fail by rules of another era.
		return nil, err
	}
	for _, sc := range f.Scripts {
		sr := &ScriptResult{Name: sc.Name, Line: sc.Pos.Line, Checks: []Check{}, Trace: []Step{}}
		e := newEngine(f, rules, set)
		for i, st := range sc.Stmts {
			before := len(e.s.Trace)
			e.safeStmt(st, sr, i == len(sc.Stmts)-1)
			for _, t := range e.s.Trace[before:] {
				sr.Trace = append(sr.Trace, Step{Line: st.Pos.Line, Rule: t.Rule.Name(), Text: t.Rule.Text, Note: t.Note})
			}
		}
		res.Scripts = append(res.Scripts, sr)
	}
	return res, nil
}

// Validate reports, as a parse.ErrorList sorted by position, what in f
// the revision doc cannot run: card text it does not define (a card
// type, a keyword or a keyword's quality it lacks) at its column. Run
// refuses such a file with the same errors; Validate finds them without
// running it, so that a file's every error is reported at once. specs
// are as Run takes them.
func Validate(f *Scenario, doc *parse.Document, specs ...*keyword.Spec) error {
	if f == nil || doc == nil {
		return errors.New("engine: nil scenario or document")
	}
	rev := revName(doc)
	rules, set := docOf(doc)
	if len(specs) > 0 {
		set = givenSet(doc, specs, rev)
	}
	return validate(f, rules, set, rev)
}

// validate is Validate on the revision's rules and specs: the card
// text the revision does not define, and the checks whose value no
// position of the revision has.
func validate(f *Scenario, rules *game.Rules, specs *specSet, rev string) error {
	errs := append(undefined(f, rules, specs, rev), values(f, rules, specs, rev)...)
	errs.Sort()
	return errs.Err()
}

// kind is a card type newer than 1999 with the title of its rules.
type kind struct {
	typ    string
	titles []string
}

// kinds are card types newer than 1999, each with the title of its
// rules: a card of one in a revision without a rule so titled (Titled)
// is an error, rather than half-working (a battle with no protector, a
// dungeon no rule cites). Which revisions have them is the revisions'
// own say.
var kinds = []kind{
	{"Battle", []string{"Battles"}},
	{"Dungeon", []string{"Dungeons"}},
}

// Where the revision lists its card types, supertypes and dungeon
// types.
var (
	phCardTypes   = []string{"the card types are", "the types are", "all cards have one or more card types:", "all cards have one or more types:"}
	phSupertypes  = []string{"the supertypes are"}
	phDungeonType = []string{"that dungeon type is", "dungeon cards, phenomenon cards", "dungeon cards have no subtypes"}
)

// listed reports whether word is one of the list that follows the first
// of phrases in r's text ("The card types are artifact, creature, …,
// and sorcery."), case ignored.
func listed(r game.Ref, word string, phrases ...string) bool {
	text := strings.ToLower(r.Text)
	for _, ph := range phrases {
		i := strings.Index(text, ph)
		if i < 0 {
			continue
		}
		list, _, _ := strings.Cut(text[i+len(ph):], ".")
		for _, w := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' || r == ':' }) {
			if w == strings.ToLower(word) {
				return true
			}
		}
		return false
	}
	return false
}

// undefinedType is the card type, supertype or dungeon type of face c
// that the revision does not name, and why: each is read from the
// revision's own list (205.2a "The card types are …", 212.1 of 1999 "All
// cards have one or more types: …", 205.4a "The supertypes are …", a
// supertype named "the supertype "snow"" where there is no such list,
// 205.3p "That dungeon type is Undercity"). A revision with no
// supertypes (before 2003-07-01) has "Legendary" and "Basic" as words of
// its type line; Battle and Dungeon are reported by kinds.
func undefinedType(c *game.Card, rules *game.Rules, rev string) (word, msg string) {
	types := rules.Find(phCardTypes...)
	if !types.IsZero() {
		for _, t := range c.Types {
			if !listed(types, t, phCardTypes...) && !slices.ContainsFunc(kinds, func(k kind) bool { return k.typ == t }) {
				return t, fmt.Sprintf("%s: %s is not a card type of revision %s (%s)", c.Name, t, rev, types.ID)
			}
		}
	}
	if len(c.Supertypes) > 0 {
		supers := rules.Find(phSupertypes...)
		for _, t := range c.Supertypes {
			switch {
			case t == "World":
				// worldType reads it: "Enchant World" is the
				// supertype world of a revision without it.
			case !supers.IsZero() && listed(supers, t, phSupertypes...):
			case supers.IsZero() && (rules.Find("supertype").IsZero() || !rules.Find(`supertype "`+strings.ToLower(t)+`"`).IsZero()):
			default:
				if supers.IsZero() {
					supers = rules.Find("can also have one or more supertypes", "supertype")
				}
				return t, fmt.Sprintf("%s: %s is not a supertype of revision %s (%s)", c.Name, t, rev, supers.ID)
			}
		}
	}
	if c.Is("Dungeon") && len(c.Subtypes) > 0 {
		r := rules.Find(phDungeonType...)
		for _, s := range c.Subtypes {
			if r.IsZero() || !listed(r, s, phDungeonType[0]) {
				return s, fmt.Sprintf("%s: %s is not a dungeon type of revision %s%s", c.Name, s, rev, see(r))
			}
		}
	}
	return "", ""
}

// undefinedEffect says why the rules do not define the instruction ef,
// "" when they do: the initiative (725) and venture into Undercity
// (701.46d) are rules of 2022-06-10 on.
func undefinedEffect(ef game.Effect, rules *game.Rules) string {
	switch {
	case ef.Verb == "initiative" && rules.Titled(ability.TheInitiative.Titles...) == nil:
		return "the initiative is not a designation"
	case ef.Verb == "venture" && ef.Name != "" && rules.FindUnder(ventureTitles, phVentureInto...).IsZero():
		return "venture into [quality] is not a keyword action"
	case ef.Target == "any" && anyTargetAt(ef) >= 0 && rules.Find(phAnyTarget...).IsZero():
		// The term comes with 2018-04-27 (114.4, 115.4 today); before,
		// card text says "target creature or player".
		return `say "target creature or player": "any target" is not a term`
	}
	return ""
}

// anyTargetAt is the index of "any target" in the text of ef, or -1.
func anyTargetAt(ef game.Effect) int {
	return strings.Index(strings.ToLower(ef.Text), "any target")
}

// cardEffects are the instructions of card c's text: its spell's, its
// modes', and those of its triggered, activated and room abilities.
func cardEffects(c *game.Card) []game.Effect {
	out := slices.Concat(c.Effects, c.Modes)
	trig := func(p game.Printed) {
		if t, ok := p.(*ability.Trigger); ok {
			for _, x := range t.Effects {
				if x.Kind == "effect" {
					out = append(out, x.Effect)
				}
			}
		}
	}
	for _, t := range c.Triggered {
		trig(t)
	}
	for _, r := range c.Rooms {
		trig(r.Ability)
	}
	for _, a := range c.Activated {
		out = append(out, a.Effects()...)
	}
	return out
}

// undefined reports, as errors at their columns, the card types and
// keywords of the file's cards that the revision does not define, and
// the qualities of
// keywords (protection from [quality], …) it does not define: the
// engine would run rules the revision does not have.
func undefined(f *Scenario, rules *game.Rules, specs *specSet, rev string) parse.ErrorList {
	var names []string
	for _, d := range f.Cards {
		for _, c := range append([]*game.Card{d.Card, d.Card.Back}, d.Card.Halves...) {
			if c == nil {
				continue
			}
			for _, a := range c.Abilities {
				names = append(names, a.Keyword)
			}
		}
	}
	specs.prefetch(names)
	rv := &engine{specs: specs, rules: rules}
	var errs parse.ErrorList
	for _, d := range f.Cards {
		faces := []*game.Card{d.Card}
		if len(d.Card.Halves) > 0 {
			faces = d.Card.Halves
		}
		if d.Card.Back != nil {
			faces = append(faces, d.Card.Back)
			if rules.Find(phDoubleFaced...).IsZero() {
				errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: d.Pos, Severity: parse.SeverityError,
					Msg: fmt.Sprintf("%s: revision %s has no double-faced cards (no rule gives a permanent the characteristics of its back face)", d.Card.Name, rev)})
			}
		}
		for _, c := range faces {
			for _, k := range kinds {
				if c.Is(k.typ) && rules.Titled(k.titles...) == nil {
					errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: d.Pos, Severity: parse.SeverityError,
						Msg: fmt.Sprintf("%s: %s is not a card type of revision %s (it has no rules titled %s)", c.Name, k.typ, rev, k.titles[0])})
				}
			}
			if msg, word := worldType(c, d, rules, rev); msg != "" {
				errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: d.TypeAt(c, word), Severity: parse.SeverityError, Msg: msg})
			}
			if word, msg := undefinedType(c, rules, rev); msg != "" {
				errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: d.TypeAt(c, word), Severity: parse.SeverityError, Msg: msg})
			}
			if msg := localType(c, rules, rev); msg != "" {
				word := strings.TrimSpace(ability.LocalPrefix) // the type line's first word
				if c.HasSubtype("Aura") {
					word = "Aura"
				}
				errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: d.TypeAt(c, word), Severity: parse.SeverityError, Msg: msg})
			}
			for _, ef := range cardEffects(c) {
				msg := undefinedEffect(ef, rules)
				if ef.Verb == "action" && rv.kw(ef.Name).IsZero() {
					// "Investigate", "Surveil 1" where the revision
					// defines no such keyword action: it would do
					// nothing, silently.
					msg = strings.ToLower(ef.Name) + " is not a keyword action"
				}
				if msg != "" {
					pos := d.EffectAt(ef)
					if i := anyTargetAt(ef); i >= 0 && strings.HasSuffix(msg, `"any target" is not a term`) {
						pos = d.EffectAt(game.Effect{Text: ef.Text[i:]})
					}
					errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: pos, Severity: parse.SeverityError,
						Msg: fmt.Sprintf("%s: %s: %s of revision %s", c.Name, ef.Text, msg, rev)})
				}
			}
			for i, a := range c.Abilities {
				if msg := rv.undefinedKeyword(a, f.Players, rev); msg != "" {
					errs = append(errs, &parse.Diagnostic{File: f.Name, Pos: d.At(c, i), Severity: parse.SeverityError, Msg: c.Name + ": " + msg})
				}
			}
		}
	}
	return errs
}

// Local enchantments (1999 to 2005-02-01) and Auras (from 2005-08-01),
// found by what their rules say: the rule listing the subtypes of local
// enchantments, and the one naming the subtype Aura.
var (
	phLocalTypes = []string{"local enchantments comprise various subtypes", "local enchantments use the word"}
	phAura       = []string{"have the subtype \"aura", "the enchantment types are aura", "aura spell"}
)

// The enchant world of 2001-07-23 to 2004-06-01, a global enchantment
// the world rule governs, and the supertype world that replaced it.
var (
	phEnchantWorld = []string{"with the enchant world subtype is a global", "an enchant world card is a global", "is an \"enchant world\""}
	phWorldSuper   = []string{"with the supertype \"world\"", "supertype world"}
)

// worldType says what is wrong, in revision rev, with face c's type
// line as a world enchantment, and the word of it to point at; "" when
// nothing is. "Enchant World" is a global enchantment subject to the
// world rule where the revision says so (214.8k of 2001-07-23, 212.4j
// of 2003-07-01): the parser gives it the supertype world, which the
// world rule reads. Where the supertype world has replaced it (205.4d of
// 2004-10-01) the type line is "World Enchantment", an error before;
// the revisions of 1999 define an enchant world in their glossary only,
// with no state-based effect among their rules, and are not modelled.
func worldType(c *game.Card, d *CardDef, rules *game.Rules, rev string) (string, string) {
	if !slices.Contains(c.Supertypes, "World") {
		return "", ""
	}
	word := strings.TrimSpace(ability.LocalPrefix) // the type line's first word
	_, written := d.TypePos[c][word]
	old, super := rules.Find(phEnchantWorld...), rules.Find(phWorldSuper...)
	switch {
	case written && old.IsZero() && !super.IsZero():
		return fmt.Sprintf("%s: %q is not a type line of revision %s: a world enchantment has the supertype world, \"World Enchantment\" (%s)", c.Name, ability.WorldLine, rev, super.ID), word
	case written && old.IsZero():
		return fmt.Sprintf("%s: %q is not modelled in revision %s: its rules are in the glossary, not among the state-based effects", c.Name, ability.WorldLine, rev), word
	case !written && super.IsZero() && !old.IsZero():
		return fmt.Sprintf("%s: World is not a supertype of revision %s: a world enchantment's type line is %q (%s)", c.Name, rev, ability.WorldLine, old.ID), "World"
	}
	return "", ""
}

// localType says what is wrong, in revision rev, with face c's type
// line as a local enchantment or an Aura; "" when nothing is. A local
// enchantment's type line ("Enchant Creature") is an error where Auras
// have replaced it, and the subtype Aura before they did; a local
// enchantment names one of the subtypes its revision lists (214.8a of
// 1999, 212.4c of 2003-07-01), or, where the list is of examples
// (2003-10-01) or speaks of an identifier (2004-10-01), a characteristic
// of the revision, or several, each of which the enchanted permanent
// must match (212.4c of 2003-10-01). An enchant player, whose permanent is
// attached to a player, is not modelled.
func localType(c *game.Card, rules *game.Rules, rev string) string {
	local := ""
	for _, s := range c.Subtypes {
		if ability.IsLocal(s) {
			local = s
		}
	}
	if local == "" && !c.HasSubtype("Aura") {
		return ""
	}
	types := rules.Find(phLocalTypes...)
	if local == "" {
		if types.IsZero() {
			return ""
		}
		return fmt.Sprintf("%s: Aura is not a subtype of revision %s: a local enchantment's type line names what it enchants, \"Enchant Creature\" (%s)", c.Name, rev, types.ID)
	}
	if types.IsZero() {
		aura := rules.Find(phAura...)
		return fmt.Sprintf("%s: %q is not a type line of revision %s: a local enchantment is an Aura there, \"Enchantment — Aura; Enchant %s\" (%s)", c.Name, local, rev, strings.ToLower(local[len(ability.LocalPrefix):]), aura.ID)
	}
	what := strings.ToLower(local[len(ability.LocalPrefix):])
	text := strings.ToLower(types.Text)
	switch {
	case what == "player":
		return fmt.Sprintf("%s: %q is not modelled: a local enchantment attached to a player (%s)", c.Name, local, types.ID)
	case strings.Contains(text, "enchant "+what):
	case !strings.Contains(text, "examples of") && !strings.Contains(text, "identifier"):
		return fmt.Sprintf("%s: %q is not a local enchantment subtype of revision %s (%s)", c.Name, local, rev, types.ID)
	case strings.Contains(what, " ") && !strings.Contains(text, "each of those words"):
		return fmt.Sprintf("%s: %q: revision %s doesn't say what a local enchantment of several words enchants (%s)", c.Name, local, rev, types.ID)
	}
	for _, w := range strings.Fields(what) {
		if !ability.IsCharacteristic(w, rules) && !strings.Contains(text, "enchant "+what) {
			return fmt.Sprintf("%s: %q: %q is not a characteristic of revision %s (%s)", c.Name, local, w, rev, types.ID)
		}
	}
	return ""
}

// safeStmt runs a statement (the last of its script ends a declaration
// of blockers still under way); a panic, which is a defect of the
// engine, becomes a failed check rather than a crash of the caller.
func (e *engine) safeStmt(st *Stmt, r *ScriptResult, last bool) {
	defer func() {
		if p := recover(); p != nil {
			e.check(st, r, false, fmt.Sprintf("internal error: %v", p))
		}
	}()
	e.stmt(st, r)
	if last && e.blocking {
		if err := e.endDeclaration(r); err != nil {
			e.reason = err.Error()
			e.check(st, r, false, err.Error())
		}
	}
}

// docCache keeps the citation finders and keyword specs of the last
// documents run, so that running many scenarios against one revision
// reads its rules once.
var docCache struct {
	sync.Mutex
	docs  []*parse.Document
	rules []*game.Rules
	specs []*specSet
	// given are the spec sets of the specs last given to Run, kept so
	// that the citations and texts they memoise outlive one Run.
	given []*specSet
	facts []*revFacts
}

// revFacts are what a new engine reads from the revision's rules,
// found once per revision rather than once per script.
type revFacts struct {
	once                  sync.Once
	splitCombined, keepAC bool
	starZero              bool // State.StarZeroOutside
	backFrontCost         bool // State.BackFaceFrontCost
}

// factsOf returns the facts of rules, the citation finder of doc, found
// the first time they are asked for.
func factsOf(doc *parse.Document, rules *game.Rules) *revFacts {
	c := &docCache
	c.Lock()
	var f *revFacts
	for i, d := range c.docs {
		if d == doc && c.rules[i] == rules {
			f = c.facts[i]
		}
	}
	c.Unlock()
	if f == nil {
		f = &revFacts{}
	}
	f.once.Do(func() {
		split := rules.Titled("Split Cards")
		f.splitCombined = split != nil && strings.Contains(strings.ToLower(allText(split)), "two halves combined")
		f.keepAC = !rules.Find("also allow the object to retain all of its prior").IsZero()
		f.starZero = !rules.Find(phStarZero...).IsZero()
		f.backFrontCost = !rules.Find(phBackFrontCost...).IsZero()
	})
	return f
}

// givenSet returns the spec set of specs, the keyword specs of doc given
// to Run: the one kept from an earlier Run when it was given the same
// specs, in the same order, for the same document.
func givenSet(doc *parse.Document, specs []*keyword.Spec, rev string) *specSet {
	c := &docCache
	c.Lock()
	defer c.Unlock()
	i := slices.Index(c.docs, doc)
	if i < 0 {
		return newSpecSet(specs, nil, rev)
	}
	if g := c.given[i]; g != nil && slices.Equal(g.given, specs) {
		return g
	}
	c.given[i] = newSpecSet(slices.Clone(specs), nil, rev)
	return c.given[i]
}

// docOf returns the citation finder of doc and its keyword specs, read
// as they are asked for.
func docOf(doc *parse.Document) (*game.Rules, *specSet) {
	c := &docCache
	c.Lock()
	defer c.Unlock()
	for i, d := range c.docs {
		if d == doc {
			return c.rules[i], c.specs[i]
		}
	}
	r, s := game.NewRules(doc), newSpecSet(nil, doc, revName(doc))
	if len(c.docs) == 4 {
		c.docs, c.rules, c.specs, c.given, c.facts = c.docs[1:], c.rules[1:], c.specs[1:], c.given[1:], c.facts[1:]
	}
	c.docs, c.rules, c.specs = append(c.docs, doc), append(c.rules, r), append(c.specs, s)
	c.given, c.facts = append(c.given, nil), append(c.facts, &revFacts{})
	return r, s
}

// Citations returns the citation finder the engine uses for doc, kept
// for the last few documents run: what it found can be saved and given
// to a later process's finder (game.Rules.Found, Learn).
func Citations(doc *parse.Document) *game.Rules { return rulesOf(doc) }

// Specs returns the keyword specs the engine has read from doc so far,
// by the name it asked for (nil where doc has none): what LearnSpecs
// gives the engine in a later process.
func Specs(doc *parse.Document) map[string]*keyword.Spec {
	_, s := docOf(doc)
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.found)
}

// Spec returns the spec of keyword name in doc, or nil, as
// keyword.Find on the revision's whole extraction would: the one the
// engine read or learned (LearnSpecs) for that name, else read now and
// kept. The spec is shared: it must not be modified.
func Spec(doc *parse.Document, name string) *keyword.Spec {
	_, s := docOf(doc)
	return s.find(name)
}

// LearnSpecs gives the engine the keyword specs of doc that an earlier
// run read (Specs), each bound to doc's rules (keyword.Spec.Bind): they
// are not read again. Specs it read itself are kept.
func LearnSpecs(doc *parse.Document, specs map[string]*keyword.Spec) {
	_, s := docOf(doc)
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, v := range specs {
		if _, ok := s.found[k]; !ok {
			s.found[k] = v
		}
	}
}

// rulesOf returns the citation finder of doc.
func rulesOf(doc *parse.Document) *game.Rules {
	r, _ := docOf(doc)
	return r
}

// A specSet finds the keyword specs of one revision by name: among the
// specs given to Run, or else by reading the keyword's rules the first
// time it is asked for (keyword.ExtractNames). It is safe for
// concurrent use.
type specSet struct {
	given []*keyword.Spec
	doc   *parse.Document
	rev   string
	mu    sync.Mutex
	found map[string]*keyword.Spec // by the name asked for; nil when the revision has none
	// refs are the citations found (kw), texts the lower-case texts of
	// keywords' rules and definitions (mentions, defines), by key: the
	// engine asks for the same ones at every step.
	refs  map[string]game.Ref
	texts map[string]string
}

// ref returns the citation of key, computing it with f the first time.
func (s *specSet) ref(key string, f func() game.Ref) game.Ref {
	return memo(&s.mu, s.refs, key, f)
}

// text returns the text of key, computing it with f the first time.
func (s *specSet) text(key string, f func() string) string {
	return memo(&s.mu, s.texts, key, f)
}

// memo returns m[key] under mu, computing and storing it with f (outside
// the lock) the first time.
func memo[T any](mu *sync.Mutex, m map[string]T, key string, f func() T) T {
	mu.Lock()
	v, ok := m[key]
	mu.Unlock()
	if ok {
		return v
	}
	v = f()
	mu.Lock()
	m[key] = v
	mu.Unlock()
	return v
}

func newSpecSet(given []*keyword.Spec, doc *parse.Document, rev string) *specSet {
	return &specSet{given: given, doc: doc, rev: rev, found: map[string]*keyword.Spec{}, refs: map[string]game.Ref{}, texts: map[string]string{}}
}

// prefetch finds the specs of names not yet found in one reading of the
// revision's keyword chapters rather than one each: the specs kept for
// several names hold every spec one of them alone keeps, in the same
// order, so keyword.Find picks the same.
func (s *specSet) prefetch(names []string) {
	if s.given != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var missing []string
	for _, n := range names {
		if _, ok := s.found[n]; !ok && !slices.Contains(missing, n) {
			missing = append(missing, n)
		}
	}
	if len(missing) < 2 {
		return
	}
	specs := keyword.ExtractNames(s.doc, nil, s.rev, missing...)
	for _, n := range missing {
		s.found[n] = keyword.Find(specs, n)
	}
}

// find returns the spec of keyword name, or nil, as keyword.Find on the
// revision's whole extraction would.
func (s *specSet) find(name string) *keyword.Spec {
	s.mu.Lock()
	defer s.mu.Unlock()
	sp, ok := s.found[name]
	if !ok {
		if s.given != nil {
			sp = keyword.Find(s.given, name)
		} else {
			sp = keyword.Find(keyword.ExtractNames(s.doc, nil, s.rev, name), name)
		}
		s.found[name] = sp
	}
	return sp
}

func revName(doc *parse.Document) string {
	if !doc.Effective.IsZero() {
		return doc.Effective.Format("2006-01-02")
	}
	return doc.Name
}

// An engine runs one script.
type engine struct {
	f      *Scenario
	s      *game.State
	rules  *game.Rules
	specs  *specSet
	reason string // why the last refused action was refused
	// blocking is set between the first block and the end of the
	// declare-blockers step.
	blocking bool
	// blocksDone is set once the declare-blockers step of this combat
	// has ended.
	blocksDone bool
	labels     Labels
	// castLastTurn is how many spells the previous turn's active player
	// cast during that turn (502.2).
	castLastTurn int
	// assigned is the division of combat damage the damage statement
	// chose, by attacker.
	assigned map[*game.Object][]assignment
	// wants are the targets the waiting triggered abilities ask for,
	// chosen as they are put on the stack.
	wants map[*game.Object]*ability.Target
	// retarget are the new targets chosen for the copies a resolving
	// ability makes.
	retarget map[*game.Object][]*game.Target
	// revealed are the cards revealed for amplify, by the label of the
	// spell.
	revealed map[string][]string
	// effects are the replacement effects spells created (flashback).
	effects []*replacement
	// cur is the statement being run, whose clauses hold its player's
	// choices.
	cur *Stmt
	// over is set once one player is left in the game; overNote says
	// who won.
	over     bool
	overNote string
	// at is the index of the current step in turn, the steps of this
	// turn (steps and the phases effects added); attacked are the
	// creatures that attacked this turn; cleanupAgain is set
	// when the cleanup step must be followed by another (514.3a);
	// stepErr is a step's refusal (a discard not chosen); begun is set
	// once "begin game" has run.
	at       int
	turn     []string
	attacked []*game.Object
	// turnEnded is set once an effect of the resolving object has
	// ended the turn (723): the object is no longer on the stack.
	turnEnded    bool
	cleanupAgain bool
	// dealing is set while a "damage" statement moves through the
	// combat damage steps it runs itself.
	dealing bool
	stepErr error
	begun   bool
	// lastBlock is the last block statement of the declaration under
	// way: the declaration is checked as a whole when it ends, and a
	// refusal is reported at this line.
	lastBlock *Stmt
	// bans are the abilities that forbid a player to cast spells for
	// the rest of the game.
	bans map[*game.Player]*ability.UpkeepCopies
	// orders are the damage assignment orders announced, by attacking
	// creature.
	orders map[*game.Object]assignOrder
	// created are the tokens the last "create" instruction created
	// ("sacrifice them").
	created []*game.Object
	// picked is the creature the last "choose" instruction of a keyword
	// action chose ("put N +1/+1 counters on that creature", 701.39a),
	// nil outside one.
	picked *game.Object
	// mustAttack are the creatures that attack a player this turn if
	// able (508.1d): encore's tokens.
	mustAttack []mustAttack
	// returned is the permanent the last "return this card … to the
	// battlefield" instruction returned, "it" of the instructions after.
	returned *game.Object
	// drawn counts the cards each player has drawn this turn: the turn,
	// the count.
	drawn map[*game.Player][2]int
	// mays are the triggered abilities whose resolution offers a choice
	// a statement may decline ("you may", "unless that player pays").
	mays map[*game.Object]bool
	// permits are the cards an ability lets their owner cast now for an
	// alternative cost that needs its permission (AltCost.Permitted);
	// untilPass are the permissions that last until their player next
	// passes, with what happens then.
	permits   map[*game.Object]bool
	untilPass []untilPass
	// free are the cards an ability resolving casts without paying
	// their mana costs, with that alternative cost; exiledWay are the cards
	// an ability resolving exiled from a library "this way", by its
	// source.
	free map[*game.Object]*ability.AltCost
	// chosen are the players a resolving ability chose ("choose an
	// opponent"), by its source, for its "that player".
	chosen    map[*game.Object]*game.Player
	exiledWay map[*game.Object]*exiledWay
	// gains are the life-gain triggers of damage riders, by instance.
	gains map[gainKey]*gain
	// ordered is set once the statement's "order" clause has ordered
	// triggered abilities or replacement effects.
	ordered bool
	// choice is the refusal of a state-based action that waits for a
	// player's choice (the legend rule's "keep"): no other action
	// happens until a statement makes it; kept is set once the
	// statement's "keep" choice kept a permanent.
	choice error
	kept   bool
	// protectorChosen is set once the statement's "protector" clause
	// chose a battle's protector; protectorErr says why the player it
	// names could not be chosen.
	protectorChosen bool
	protectorErr    error
	// sectored is set once the statement's "sector" choice gave a
	// creature its sector designation (704.5u).
	sectored    bool
	sectorPicks map[*game.Object]string
	// sectorList caches sectorNames.
	sectorList []string
	// chapterAbility are the chapter abilities triggered (waiting or on
	// the stack), with the Saga whose they are (704.5s).
	chapterAbility map[*game.Object]*game.Object
	// entering is the Saga entering the battlefield with the lore
	// counters chosen for it, while they are put (702.155a).
	entering *game.Object
	// roomAbility are the room abilities triggered (waiting or on the
	// stack), with the dungeon whose they are (704.5t); ventureCount
	// the triggered abilities that venture into the dungeon, with how
	// many times; vc the choices for the ventures of the statement
	// under way.
	roomAbility  map[*game.Object]*game.Object
	ventureCount map[*game.Object]int
	// ventureInto is the dungeon type an ability's ventures go into
	// (701.46d), absent for any dungeon.
	ventureInto map[*game.Object]string
	vc          *ventureChoices
	// speedTurn is the turn in which each player's speed last
	// triggered (702.179d: once each turn).
	speedTurn map[*game.Player]int
	// upkeeps are the turns of each player's two latest upkeeps, the
	// one before and the latest ("since the beginning of your last
	// upkeep").
	upkeeps map[*game.Player][2]int
	// couldnt is set when the instruction followed last couldn't be
	// done: what "If you can't, …" after it asks (702.32a).
	couldnt bool
	// linked are the cards an ability of each source exiled, which its
	// linked ability returns (607.2a: champion's).
	linked map[*game.Object][]*game.Object
	// kwStatics are the continuous effects of each keyword's static
	// ability in the revision run (keywordStatics), read once.
	kwStatics map[string][]game.Continuous
}

func newEngine(f *Scenario, rules *game.Rules, specs *specSet) *engine {
	e := &engine{at: mainAt, turn: steps, f: f, rules: rules, specs: specs, wants: map[*game.Object]*ability.Target{}, retarget: map[*game.Object][]*game.Target{}, revealed: map[string][]string{}, gains: map[gainKey]*gain{}, mays: map[*game.Object]bool{}, permits: map[*game.Object]bool{}, free: map[*game.Object]*ability.AltCost{}, chosen: map[*game.Object]*game.Player{}, exiledWay: map[*game.Object]*exiledWay{}, orders: map[*game.Object]assignOrder{}, chapterAbility: map[*game.Object]*game.Object{}, roomAbility: map[*game.Object]*game.Object{}, ventureCount: map[*game.Object]int{}, ventureInto: map[*game.Object]string{}, speedTurn: map[*game.Player]int{}, sectorPicks: map[*game.Object]string{}, upkeeps: map[*game.Player][2]int{}, linked: map[*game.Object][]*game.Object{}, bans: map[*game.Player]*ability.UpkeepCopies{}}
	e.s = game.New(rules, f.Players...)
	facts := factsOf(rules.Doc(), rules)
	e.s.SplitCombined, e.s.ArtifactCreatureKeeps, e.s.StarZeroOutside = facts.splitCombined, facts.keepAC, facts.starZero
	e.s.BackFaceFrontCost = facts.backFrontCost
	e.s.KeywordStatics = e.keywordStatics
	return e
}

func allText(r *parse.Rule) string {
	var b strings.Builder
	b.WriteString(r.Text)
	for _, c := range r.Children {
		b.WriteString(" ")
		b.WriteString(parse.Normalize(c.Text))
	}
	return b.String()
}

// refusal is an action the rules do not allow.
type refusal struct{ msg string }

func (r *refusal) Error() string { return r.msg }

func refuse(format string, args ...any) error { return &refusal{fmt.Sprintf(format, args...)} }

func (e *engine) check(sr *Stmt, r *ScriptResult, pass bool, got string) {
	c := Check{File: e.f.Name, Line: sr.Pos.Line, Col: sr.Pos.Col, Text: sr.Text, Pass: pass}
	if !pass {
		c.Got = got
	}
	r.Checks = append(r.Checks, c)
}

// stmt runs one statement; actions that fail and expectations become
// checks.
func (e *engine) stmt(st *Stmt, r *ScriptResult) {
	e.cur, e.ordered, e.kept, e.sectored = st, false, false, false
	e.protectorChosen, e.protectorErr = false, nil
	var err error
	if st.Verb != "block" && e.blocking {
		err = e.endDeclaration(r)
	}
	if st.Verb == "expect" {
		pass, got := e.expect(st)
		e.check(st, r, pass, got)
		return
	}
	if err == nil && e.choice == nil && len(e.s.Pending) > 0 && !setup[st.Verb] && st.Verb != "triggers" {
		// A choice for them was refused: they wait for a legal one
		// (603.3d), before anything else happens.
		a := e.s.Pending[0]
		err = refuse("%s waits to be put on the stack; choose again with \"triggers; targeting A\" or \"triggers; order A, B\"%s", trigName(a.Ability), see(e.rules.Find(phTriggerTargets...)))
	}
	if err == nil && e.choice != nil && !setup[st.Verb] && st.Verb != "keep" && st.Verb != "sector" {
		// A state-based action waits for its player's choice: it is
		// performed, and triggered abilities are put on the stack, before
		// anybody receives priority (704.3, 117.5).
		err = e.choice
	}
	if err == nil {
		err = e.do(st)
	}
	if err == nil && setup[st.Verb] {
		// Daybound and nightbound act "any time" (702.145c–g): on
		// what a setup line puts onto the battlefield too.
		e.dayNight()
	}
	if err == nil && !setup[st.Verb] && st.Verb != "block" {
		e.sba()
		err = e.choice
		if err == nil {
			err = e.pushTriggers()
		}
	}
	if err == nil && st.Verb != "block" {
		err = e.unordered(st)
	}
	if err == nil && st.Verb != "block" {
		err = e.unkept(st)
	}
	if err == nil && st.Verb != "block" {
		err = e.unprotected(st)
	}
	if err == nil && st.Verb != "block" {
		err = e.unsectored(st)
	}
	if st.Verb == "sector" && e.sectored && err != nil && err == e.choice {
		// The player chose; the action waits for another player's
		// choice, which is no refusal of this one.
		err = nil
	}
	var ref *refusal
	if st.Verb == "block" && err == nil {
		// The declaration may go on over the next lines; it is judged,
		// and an illegal mark on its last line with it, when it ends.
		if prev := e.lastBlock; e.blocking && prev != nil && prev != st && prev.Illegal {
			e.check(prev, r, false, "the block was allowed")
		}
		e.lastBlock = st
		return
	}
	switch {
	case st.Illegal && err == nil:
		e.check(st, r, false, "the action was allowed")
	case st.Illegal && errors.As(err, &ref):
		e.reason = err.Error()
		e.check(st, r, true, "")
	case err != nil:
		e.reason = err.Error()
		e.check(st, r, false, err.Error())
	}
}

// endDeclaration ends a declaration of blockers made over one or more
// block lines and judges it, at its last line: a refusal fails the
// script unless that line starts with "illegal". It returns the refusal
// of the choices for the triggered abilities that go on the stack then,
// which are the choices of the statement under way.
func (e *engine) endDeclaration(r *ScriptResult) error {
	last := e.lastBlock
	e.lastBlock = nil
	err := e.endBlocks()
	switch {
	case err != nil:
		e.reason = err.Error()
		e.check(last, r, last.Illegal, "declare blockers: "+err.Error())
	case last.Illegal:
		e.check(last, r, false, "the declaration of blockers was allowed")
	}
	return e.pushTriggers()
}

// setup are the statements that build the starting state: no
// state-based action or trigger follows them.
var setup = map[string]bool{"zone": true, "mana": true, "life": true, "tap": true, "counters": true, "attach": true, "poison": true, "speed": true, "protector": true, "owner": true}

// object finds the object a scenario names, wherever it is.
func (e *engine) object(n Name) (*game.Object, error) {
	o := e.s.Find(n.Text)
	if o == nil {
		return nil, fmt.Errorf("no %s in any zone", n.Text)
	}
	return o, nil
}

func (e *engine) player(name string) (*game.Player, error) {
	p := e.s.Player(name)
	if p == nil {
		return nil, fmt.Errorf("no player %s", name)
	}
	return p, nil
}

// label returns the label of the next card of that name: "Bears", then
// "Bears#2", skipping the labels setup gave as written.
func (e *engine) label(name string) string {
	l, _ := e.labels.Take(name, name)
	return l
}

func (e *engine) do(st *Stmt) error {
	if e.over && !setup[st.Verb] {
		return refuse("the game is over: %s", e.overNote)
	}
	switch st.Verb {
	case "zone":
		p, err := e.player(st.Player)
		if err != nil {
			return err
		}
		for _, n := range st.Names[1:] {
			text, down := strings.CutSuffix(n.Text, FaceDownSuffix)
			c := e.f.Card(text)
			if c == nil {
				return fmt.Errorf("no card %s is defined", text)
			}
			label, err := e.labels.Take(c.Name, text)
			if err != nil {
				return err
			}
			o := e.s.Create(c, label, p, st.Zone)
			o.EnteredTurn = 0
			if down && st.Zone == game.Battlefield {
				// A face-down permanent as an effect leaves one (manifest):
				// a 2/2 creature with no text, name, subtypes or mana
				// cost (708.2a).
				o.FaceDown = true
				e.s.Changed()
			}
			if st.Zone == game.Battlefield && o.Is("Battle") {
				// As if it had entered: its controller's choice of
				// protector, the first appropriate player (310.8a).
				o.Protector = e.chooseProtector(o)
			}
		}
		return nil
	case "mana":
		p, err := e.player(st.Player)
		if err != nil {
			return err
		}
		p.Pool = p.Pool.Plus(st.Mana)
		return nil
	case "life", "poison", "speed":
		p, err := e.player(st.Player)
		if err != nil {
			return err
		}
		if st.Verb == "speed" {
			p.Speed = st.N
		} else if st.Verb == "poison" {
			p.Poison = st.N
		} else {
			p.Life = st.N
		}
		return nil
	case "turn":
		p, err := e.player(st.Player)
		if err != nil {
			return err
		}
		return e.turnOf(p)
	case "tap":
		o, err := e.object(st.Object)
		if err != nil {
			return err
		}
		o.Tapped = true
		return nil
	case "owner":
		o, err := e.object(st.Object)
		if err != nil {
			return err
		}
		p, err := e.player(st.Player)
		if err != nil {
			return err
		}
		if o.Zone != game.Battlefield {
			return fmt.Errorf("owner: %s must be on the battlefield (elsewhere a card is in its owner's zone)", o.Label)
		}
		o.Owner = p
		return nil
	case "counters":
		o, err := e.object(st.Object)
		if err != nil {
			return err
		}
		o.AddCounters(st.Value, st.N)
		return nil
	case "protector":
		o, err := e.object(st.Object)
		if err != nil {
			return err
		}
		if o.Zone != game.Battlefield {
			return fmt.Errorf("protector: %s must be on the battlefield", o.Label)
		}
		o.Protector = nil
		if !strings.EqualFold(st.Player, "none") {
			if o.Protector, err = e.player(st.Player); err != nil {
				return err
			}
		}
		return nil
	case "attach":
		o, err := e.object(st.Object)
		if err != nil {
			return err
		}
		to, err := e.object(st.Names[0])
		if err != nil {
			return err
		}
		if o.Zone != game.Battlefield || to.Zone != game.Battlefield {
			return fmt.Errorf("attach: %s and %s must be on the battlefield", o.Label, to.Label)
		}
		attachTo(e.s, o, to)
		return nil
	case "orderblockers":
		return e.orderBlockers(st)
	case "keep", "sector":
		if e.choice == nil {
			return refuse("no state-based action waits for a choice of %s", map[string]string{"keep": "a permanent to keep", "sector": "sector designations"}[st.Verb])
		}
		return nil
	case "triggers":
		if len(e.s.Pending) == 0 {
			return refuse("no triggered ability waits to be put on the stack")
		}
		return nil
	case "resolve":
		return e.resolveTop(st)
	case "resolveall":
		for range 100 {
			if e.s.Top() == nil {
				return nil
			}
			if err := e.resolveTop(st); err != nil {
				return err
			}
			e.sba()
			if e.choice != nil {
				return e.choice
			}
			if err := e.pushTriggers(); err != nil {
				return err
			}
		}
		return errors.New("the stack did not empty after 100 resolutions")
	case "noblocks":
		if len(e.s.Combat.Attackers) == 0 || e.blocksDone {
			return refuse("no declare-blockers step is under way")
		}
		return e.endBlocks()
	case "damage":
		return e.combatDamage()
	case "endturn":
		return e.toCleanup()
	case "step":
		return e.stepTo(st.Value, st.N)
	case "begin":
		return e.beginGame()
	case "destroy":
		o, err := e.object(st.Object)
		if err != nil {
			return err
		}
		if o.Zone != game.Battlefield {
			return refuse("%s is not on the battlefield", st.Object.Text)
		}
		e.destroy(o, e.action("Destroy", "to destroy a permanent", "destroyed, or sacrificed is put", "destroyed or sacrificed is put"), "destroyed by the scenario")
		return nil
	case "cast":
		if err := e.priority("cast a spell"); err != nil {
			return err
		}
		return e.cast(st)
	case "activate":
		return e.activate(st)
	case "draw":
		return e.drawStmt(st)
	case "discard":
		return e.discard(st)
	case "attack":
		return e.attack(st)
	case "block":
		return e.block(st)
	case "unmorph":
		return e.unmorph(st)
	case "exileaction":
		return e.exileAction(st)
	}
	return fmt.Errorf("unknown statement %q", st.Verb)
}
