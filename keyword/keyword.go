// Package keyword extracts a structured specification of every keyword
// ability (502.x in 1999–2009, 702.x since) and keyword action (501.x,
// 701.x) of a revision from the rule text itself: what kind of ability it
// is, its parameters, the zones it works in, its definition, how multiple
// instances behave, the era's wording it uses and the rules it cites. No
// table of keywords is written by hand: a new keyword in a new revision
// gets a spec the day the revision is read.
package keyword

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/xref"
)

// A Kind is what sort of ability (or action) a keyword is, as the rules
// name it: "static", "triggered", ….
type Kind string

// Kinds of keyword.
const (
	Static                 Kind = "static"
	Triggered              Kind = "triggered"
	DelayedTriggered       Kind = "delayed triggered"
	Activated              Kind = "activated"
	Spell                  Kind = "spell"
	CharacteristicDefining Kind = "characteristic-defining"
	Mana                   Kind = "mana"
	AbilityWord            Kind = "ability word" // a former keyword with no rules meaning (threshold)
	Action                 Kind = "keyword action"
)

// A Zone is where a keyword functions, as the rules say it: a zone of the
// game ("hand", "battlefield", …) or "any zone it could be cast from",
// "outside the game", "everywhere".
type Zone string

// Zones a keyword functions in.
const (
	Hand           Zone = "hand"
	Graveyard      Zone = "graveyard"
	Library        Zone = "library"
	Stack          Zone = "stack"
	Battlefield    Zone = "battlefield"
	Exile          Zone = "exile"
	Command        Zone = "command"
	CastZone       Zone = "any zone it could be cast from"
	OutsideTheGame Zone = "outside the game"
	Everywhere     Zone = "everywhere"
)

// A Spec is what the rules say a keyword is.
type Spec struct {
	Name     string   `json:"name"`
	Rule     string   `json:"rule"` // "702.47"
	Rev      string   `json:"rev"`
	Subrules []string `json:"subrules"`
	// Kind lists the kinds of ability the keyword is, in the order the
	// text gives them, each kind once: flashback is [static], madness
	// [static triggered]. Empty when the text does not say.
	Kind []Kind `json:"kind"`
	// Abilities is how many abilities the keyword represents when the
	// text says it is more than one (flashback "represents two static
	// abilities": 2); 0 otherwise.
	Abilities int `json:"abilities,omitempty"`
	// KindInferred is set when the text names no kind and Kind was read
	// off the definition (a "Whenever …" definition is triggered).
	KindInferred bool `json:"kind_inferred,omitempty"`
	Evasion      bool `json:"evasion,omitempty"` // "is an evasion ability"
	// Params are the parameters of the keyword's written form: "N",
	// "cost", "quality", "type or subtype", "text". Empty for none (a
	// keyword the text calls an ability and gives no written form, such
	// as flying); nil when the text shows neither.
	Params []string `json:"params"`
	// Written is the keyword's written form as the rules quote it:
	// "Splice onto [quality] [cost]", "Bushido N"; for a keyword ability
	// with no parameters, its name as cards print it: "First strike";
	// "" when the rules quote none (an ability word, landwalk).
	Written string `json:"written"`
	// Zones are where it functions: hand, graveyard, library, stack,
	// battlefield, exile, command, "any zone it could be cast from",
	// "outside the game", "everywhere". Empty when the text names none.
	Zones []Zone `json:"zones"`
	// Definition is the quoted meaning, split into its parts when the
	// keyword represents several abilities.
	Definition []string `json:"definition"`
	// Instances is how multiple instances behave: "redundant", "each
	// triggers separately", "each works separately", "all apply", another
	// sentence of the text, or "unknown".
	Instances string `json:"instances"`
	// Terms are the era-dependent phrases of the lexicon the keyword's
	// text uses: "play", "comes into play", "removed from the game", or
	// their modern forms.
	Terms []string `json:"terms"`
	// See lists the rules the keyword's rules cite.
	See []string `json:"see"`

	rule *parse.Rule
}

// KindText says what Kind and Abilities say, for people: "static",
// "static and triggered", "two static abilities", "static and triggered
// (three abilities)"; "" when the kind is unknown.
func (s *Spec) KindText() string {
	n := s.Abilities
	if len(s.Kind) == 1 && n > 1 {
		return number(n) + " " + string(s.Kind[0]) + " abilities"
	}
	t := ""
	for i, k := range s.Kind {
		switch {
		case i == 0:
		case i == len(s.Kind)-1:
			t += " and "
		default:
			t += ", "
		}
		t += string(k)
	}
	if n > len(s.Kind) {
		t += " (" + number(n) + " abilities)"
	}
	return t
}

func number(n int) string {
	if n < 10 {
		return [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}[n]
	}
	return strconv.Itoa(n)
}

// Text returns the rules the spec was extracted from.
func (s *Spec) Text() *parse.Rule { return s.rule }

// SpecVersion is the version of what Extract and ExtractNames read from
// a text: a cache of specs keys on it. TestSpecDigest holds the digest of
// every embedded revision's specs under it, so that a change to what is
// read fails until the version is raised.
const SpecVersion = 3

// Bind sets the rules s was extracted from (Text) for a spec read back
// from its JSON: the rule of d numbered s.Rule whose position is at
// offset (Text().Pos.Offset when it was extracted). It reports whether d
// has that rule.
func (s *Spec) Bind(d *parse.Document, offset int) bool {
	id, err := parse.ParseRuleID(s.Rule)
	if err != nil {
		return false
	}
	r := d.Rule(id)
	if r == nil || r.Pos.Offset != offset {
		r = nil
		d.Walk(func(x *parse.Rule) bool {
			if x.ID == id && x.Pos.Offset == offset {
				r = x
			}
			return r == nil
		})
	}
	s.rule = r
	return r != nil
}

// chapters returns the keyword-ability and keyword-action chapters of d,
// found by their titles.
func chapters(d *parse.Document) (abilities, actions *parse.Chapter) {
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			t := strings.ToLower(c.Title)
			switch {
			case strings.Contains(t, "keyword abilities"):
				abilities = c
			case strings.Contains(t, "keyword actions"):
				actions = c
			}
		}
	}
	return abilities, actions
}

// Extract returns the specs of every keyword ability and action of d,
// abilities first, in rule order. g may be nil; See is then empty.
func Extract(d *parse.Document, g *xref.Graph, rev string) []*Spec {
	return extractWhere(d, g, rev, nil)
}

// ExtractNames returns the specs of the keywords named, each as Extract
// returns it, reading only those keywords' rules: what "crules sim"
// needs for the few keywords a scenario names costs a fraction of the
// whole extraction. A name matches a keyword as Find matches it (case,
// typography and punctuation ignored); names that match nothing are
// left out. The specs are in Extract's order, so Find on the result
// returns what Find on Extract's result returns for each name.
func ExtractNames(d *parse.Document, g *xref.Graph, rev string, names ...string) []*Spec {
	q := nameIndex{folds: map[string]bool{}, keys: map[string]bool{}}
	for _, n := range names {
		q.folds[fold(n)] = true
		if k := wordKey(n); k != "" {
			q.keys[k] = true
		}
	}
	return extractWhere(d, g, rev, func(s *Spec) bool {
		folds, keys := specForms(s.Name)
		for _, f := range folds {
			if q.folds[f] {
				return true
			}
		}
		for _, k := range keys {
			if q.keys[k] {
				return true
			}
		}
		return false
	})
}

// specForms returns the forms under which Find finds a spec named name:
// folded, the name and the name before a parenthesis ("Infinity" of
// "∞ (Infinity)"), and each of two names joined by "and"; as word
// keys, the name and its parenthesised form.
func specForms(name string) (folds, keys []string) {
	folds, keys = []string{fold(name)}, []string{wordKey(name)}
	if i := strings.Index(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		folds = append(folds, fold(name[:i]))
		keys = append(keys, wordKey(name[i+2:len(name)-1]))
	}
	if a, b, ok := strings.Cut(name, " and "); ok {
		// One rule of two keywords ("Daybound and Nightbound").
		folds = append(folds, fold(a), fold(b))
	}
	return folds, keys
}

// A nameIndex tells whether Find would find a name among some specs
// without scanning them for each name.
type nameIndex struct{ folds, keys map[string]bool }

func indexSpecs(specs []*Spec) nameIndex {
	ix := nameIndex{folds: map[string]bool{}, keys: map[string]bool{}}
	for _, s := range specs {
		folds, keys := specForms(s.Name)
		for _, f := range folds {
			ix.folds[f] = true
		}
		for _, k := range keys {
			ix.keys[k] = true
		}
	}
	return ix
}

// has reports whether Find(specs, name) is not nil.
func (ix nameIndex) has(name string) bool {
	k := wordKey(name)
	return ix.folds[fold(name)] || k != "" && ix.keys[k]
}

// extractWhere extracts the specs whose heading keep accepts (every one
// for a nil keep). Ability words are listed only when they have no
// keyword rule, which every heading is checked against.
func extractWhere(d *parse.Document, g *xref.Graph, rev string, keep func(*Spec) bool) []*Spec {
	abilities, actions := chapters(d)
	lex := lexicon.Default()
	var out, heads []*Spec
	for _, ch := range []*parse.Chapter{abilities, actions} {
		if ch == nil {
			continue
		}
		byName := map[string]*parse.Rule{}
		for _, r := range ch.Rules {
			if h := r.Heading(); h != "" && !r.Implicit {
				byName[fold(h)] = r
			}
		}
		for _, r := range ch.Rules {
			if r.Heading() == "" || r.Implicit {
				continue
			}
			if keep != nil {
				h := &Spec{Name: r.Heading()}
				heads = append(heads, h)
				if !keep(h) {
					continue
				}
			}
			s := extract(r, ch == actions, lex, func(name string) *parse.Rule { return byName[fold(name)] })
			s.Rev = rev
			if g != nil {
				s.See = see(g, r)
			}
			out = append(out, s)
		}
	}
	if keep == nil {
		return append(out, abilityWords(d, out, rev)...)
	}
	for _, w := range abilityWords(d, heads, rev) {
		if keep(w) {
			out = append(out, w)
		}
	}
	return out
}

// abilityWords returns a spec for each ability word the rules list ("The
// ability words are adamant, addendum, …" in 207.2c since 2009, 206.2c
// before) that has no keyword rule of its own in specs.
func abilityWords(d *parse.Document, specs []*Spec, rev string) []*Spec {
	const intro = "The ability words are "
	var list *parse.Rule
	d.Walk(func(r *parse.Rule) bool {
		if strings.Contains(r.Text, intro) {
			list = r
		}
		return list == nil
	})
	if list == nil {
		return nil
	}
	text := list.Text[strings.Index(list.Text, intro)+len(intro):]
	if i := strings.Index(text, "."); i >= 0 {
		text = text[:i]
	}
	var out []*Spec
	ix := indexSpecs(specs)
	for _, w := range strings.Split(text, ",") {
		w = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(w), "and "))
		if w == "" || ix.has(w) {
			continue
		}
		out = append(out, &Spec{
			Name: titleCase(w), Rule: list.ID.String(), Rev: rev, Subrules: []string{}, Kind: []Kind{AbilityWord}, Params: []string{},
			Zones: []Zone{}, Definition: []string{}, Instances: "unknown", Terms: []string{}, See: []string{}, rule: list,
		})
	}
	return out
}

// titleCase capitalises a name as the CR heads keywords: "council’s
// dilemma" → "Council’s Dilemma", "will of the council" → "Will of the
// Council".
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		switch w {
		case "of", "the", "a", "an", "and", "or", "to", "into":
			if i > 0 {
				continue
			}
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// Find returns the spec named name, or nil. Case, typography and
// punctuation are ignored ("for mirrodin" finds "For Mirrodin!"), and a
// name with a spelled-out form in parentheses is found by either ("∞",
// "infinity").
func Find(specs []*Spec, name string) *Spec {
	want, key := fold(name), wordKey(name)
	for _, s := range specs {
		if fold(s.Name) == want {
			return s
		}
	}
	for _, s := range specs {
		if key == "" {
			break
		}
		if wordKey(s.Name) == key {
			return s
		}
		if i := strings.Index(s.Name, " ("); i > 0 && strings.HasSuffix(s.Name, ")") && wordKey(s.Name[i+2:len(s.Name)-1]) == key {
			return s
		}
	}
	for _, s := range specs {
		if i := strings.Index(s.Name, " ("); i > 0 && fold(s.Name[:i]) == want {
			return s
		}
	}
	for _, s := range specs {
		// One rule of two keywords ("Daybound and Nightbound",
		// 702.145): either name finds it.
		if a, b, ok := strings.Cut(s.Name, " and "); ok && (len(s.Kind) == 0 || s.Kind[0] != Action) && (fold(a) == want || fold(b) == want) {
			return s
		}
	}
	return nil
}

func fold(s string) string { return strings.ToLower(parse.Normalize(s)) }

// Normalize is parse.Normalize (straight quotes and apostrophes, one
// space, "-" for dashes) for keyword rule text, which also reads the "?"
// a lossy revision prints for every curly quotation mark, apostrophe
// and dash (2008-05-01: `?Flanking? means ?Whenever …?`): see
// parse.LossyQuotes.
func Normalize(s string) string { return parse.LossyQuotes(parse.Normalize(s)) }

// apostrophes removes apostrophes, straight and typographic.
var apostrophes = strings.NewReplacer("'", "", "’", "")

// wordKey is s in lower-case words of letters and digits: "For Mirrodin!"
// → "for mirrodin", "Council's dilemma" → "councils dilemma".
func wordKey(s string) string {
	s = apostrophes.Replace(strings.ToLower(s))
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ")
}

// extract reads the spec of keyword rule r; rule finds another keyword's
// rule of the same chapter by name (nil when there is none).
func extract(r *parse.Rule, action bool, lex *lexicon.Lexicon, rule func(name string) *parse.Rule) *Spec {
	s := &Spec{Name: r.Heading(), Rule: r.ID.String(), rule: r, Kind: []Kind{}, Params: []string{}, Zones: []Zone{}, Definition: []string{}, Terms: []string{}, See: []string{}}
	for _, c := range r.Children {
		s.Subrules = append(s.Subrules, c.ID.String())
	}
	texts := make([]string, 0, len(r.Children)+1)
	for _, c := range r.Children {
		texts = append(texts, Normalize(c.Text))
	}
	all := strings.Join(texts, " ")
	lower := strings.ToLower(all)
	def := definingText(s.Name, texts)
	s.Written, s.Definition = definition(s.Name, all)
	s.Params = params(s.Written)
	if s.Written == "" && numberOf(s.Name, lower) {
		s.Params = []string{"N"} // "to mill a number of cards"
	}
	switch {
	case action:
		s.Kind = []Kind{Action}
	case isAbilityWord(lower):
		s.Kind = []Kind{AbilityWord}
	default:
		var ks []Kind
		ks, s.Evasion = kinds(def)
		if len(ks) == 0 && len(s.Definition) > 0 {
			for _, d := range s.Definition {
				ks = append(ks, inferKind(d))
			}
			s.KindInferred = true
		}
		if len(ks) == 0 {
			// "Bands with other is a special form of banding": the kind of
			// the keyword it is a form of.
			if m := formOf().FindStringSubmatch(def); m != nil && !strings.EqualFold(m[1], s.Name) {
				if other := rule(m[1]); other != nil {
					o := extract(other, action, lex, func(string) *parse.Rule { return nil })
					ks, s.Evasion, s.KindInferred = o.Kind, o.Evasion, true
				}
			}
		}
		if len(ks) == 0 && isKeywordAbility(def) {
			// "Companion is a keyword ability that functions outside the
			// game", "This keyword ability causes …": a keyword that names
			// no trigger and no cost works as a static ability. Whether it
			// has parameters the text does not tell.
			ks, s.KindInferred = []Kind{Static}, true
			if s.Written == "" {
				s.Params = nil
			}
		}
		s.Kind = dedupe(ks)
		if len(ks) > 1 {
			s.Abilities = len(ks)
		}
	}
	if s.Kind == nil {
		s.Kind = []Kind{}
	}
	if s.Written == "" && len(s.Kind) == 0 {
		s.Params = nil // neither a written form nor a kind: unknown
	}
	if s.Written == "" && s.Params != nil && len(s.Params) == 0 && len(s.Kind) > 0 && !action && s.Kind[0] != AbilityWord && !strings.Contains(lower, "generic term") {
		s.Written = printedName(s.Name, all)
	}
	s.Zones = zones(def)
	if len(s.Zones) == 0 && slices.Contains(s.Kind, Activated) && len(s.Definition) > 0 && ofPermanent(s.Definition[0]) {
		// "[Cost]: Attach this permanent to target creature you control":
		// the activated ability of a permanent, which works on the
		// battlefield (rule 113.6).
		s.Zones = []Zone{Battlefield}
	}
	s.Instances = instances(all, lower)
	s.Terms = terms(lex, lower)
	return s
}

// definingText is the sentence or sentences that say what the keyword is:
// the first subrule that names it with "is a", "represents" or "functions",
// up to its quoted definition.
func definingText(name string, texts []string) string {
	lname := strings.ToLower(name)
	for _, t := range texts {
		l := strings.ToLower(t)
		if strings.Contains(l, " abilit") || strings.Contains(l, "functions") || strings.Contains(l, "represents") || strings.Contains(l, "works") {
			// Quotations are definitions and written forms, not what the
			// keyword is ("Forecast — [Activated ability]"), nor are the
			// abilities a written form names ("Imprint is an activated or
			// triggered ability, written "Imprint — [text]," where [text]
			// is a triggered or activated ability").
			t = quotation().ReplaceAllString(t, `""`)
			if i := strings.Index(t, ", written"); i >= 0 {
				t = t[:i]
			}
			if strings.Contains(l, lname) || strings.Contains(l, "this keyword") || strings.Contains(l, " ability") {
				return t
			}
		}
	}
	if len(texts) > 0 {
		return texts[0]
	}
	return ""
}

// formOf reads the keyword a keyword is a form of: "Bands with other is a
// special form of banding."
var formOf = lazyRegexp(`(?i)\bis a (?:special )?(?:form|variant) of ([a-z][a-z' -]*?)[.,;]`)

// printedName is a keyword ability without parameters as cards print it:
// its name as the rules write it inside a sentence ("first strike",
// "For Mirrodin!"), with a capital first letter; the heading when the
// text does not write it.
func printedName(name, all string) string {
	n := name
	for i := 0; i+len(name) <= len(all); i++ {
		if strings.EqualFold(all[i:i+len(name)], name) {
			n = all[i : i+len(name)]
			break
		}
	}
	r, size := utf8.DecodeRuneInString(n)
	return string(unicode.ToUpper(r)) + n[size:]
}

// isAbilityWord tells a former keyword the rules now call an ability word
// (threshold since 2005).
func isAbilityWord(l string) bool {
	return strings.Contains(l, "is now an ability word") || strings.Contains(l, "used to be a keyword ability")
}

// isKeywordAbility tells a defining text that calls the keyword a keyword
// ability (or "a keyword that functions …") without naming its kind.
func isKeywordAbility(def string) bool {
	l := strings.ToLower(def)
	return strings.Contains(l, "keyword ability") || strings.Contains(l, "is a keyword that functions")
}

// numberOf tells a keyword action done to "a number of" things: "For a
// player to mill a number of cards".
func numberOf(name, lower string) bool {
	return strings.Contains(lower, "to "+strings.ToLower(name)+" a number of ")
}

// ofPermanent tells a definition about the permanent that has the ability.
func ofPermanent(def string) bool {
	l := strings.ToLower(def)
	for _, p := range []string{"this permanent", "this creature", "this equipment", "this fortification", "this vehicle", "this artifact", "this enchantment", "this land", "this planeswalker", "this aura"} {
		if strings.Contains(l, p) {
			return true
		}
	}
	return false
}

// dedupe keeps the first of each kind, in order.
func dedupe(ks []Kind) []Kind {
	var out []Kind
	for _, k := range ks {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

var (
	quotation = lazyRegexp(`"[^"]*"`)
	kindRe    = lazyRegexp(`\b(?:(two|three|both|second and third)\s+(?:are\s+)?)?(?:(static|activated|triggered)\s+or\s+)?(delayed triggered|triggered|static|activated|characteristic-defining|spell|mana|evasion)\s+abilit(?:y|ies)\b`)
)

// kinds reads the kinds of ability the defining text names, in order:
// "represents two static abilities" → static, static; "an activated or
// triggered ability" → activated, triggered. An evasion ability is static.
func kinds(def string) ([]Kind, bool) {
	def = strings.ToLower(def)
	var out []Kind
	evasion := false
	for _, loc := range kindRe().FindAllStringSubmatchIndex(def, -1) {
		m := make([]string, len(loc)/2)
		for k := range m {
			if loc[2*k] >= 0 {
				m[k] = def[loc[2*k]:loc[2*k+1]]
			}
		}
		// An ability the keyword creates or has players activate is not
		// one it is: "one of which creates a delayed triggered ability",
		// "before you activate mana abilities".
		before := strings.ToLower(def[max(0, loc[0]-16):loc[0]])
		if strings.Contains(before, "creat") || strings.Contains(before, "activat") {
			continue
		}
		n := 1
		switch strings.ToLower(m[1]) {
		case "two", "second and third":
			n = 2
		case "three":
			n = 3
		}
		k := Kind(strings.ToLower(m[3]))
		if k == "evasion" {
			k, evasion = Static, true
		}
		if m[2] != "" {
			out = append(out, Kind(strings.ToLower(m[2])))
		}
		for i := 0; i < n; i++ {
			out = append(out, k)
		}
	}
	// "a special kind of activated ability" names one kind once.
	return out, evasion
}

// inferKind reads a kind off one part of a definition when the text names
// none: a trigger condition is triggered, a cost and a colon activated,
// anything else static.
func inferKind(def string) Kind {
	d := strings.TrimSpace(def)
	for _, p := range []string{"When ", "Whenever ", "At the beginning", "At end"} {
		if strings.HasPrefix(d, p) {
			return Triggered
		}
	}
	if i := strings.Index(d, ":"); i > 0 && (strings.Contains(d[:i], "[Cost]") || strings.Contains(d[:i], "{")) {
		return Activated
	}
	return Static
}

// quoted is a double-quoted string; the text has gone through
// parse.Normalize, so every quote is straight.
var quoted = lazyRegexp(`"([^"]*)"`)

// definition finds the keyword's written form and meaning: `"Bushido N"
// means "…"`, `"Flashback [cost]" means "…" and "…"`, the same with the
// written form unquoted (`Ward [cost] means "…"`), a written form whose
// meaning is a sentence (`To "scry N" means to look …`), or a written form
// alone (`written "Enchant [object or player]"`, `rules text as
// "[type]walk"`).
func definition(name, all string) (string, []string) {
	lname := strings.ToLower(name)
	for _, loc := range quotedMeans(all) {
		written := all[loc[0]+1 : loc[1]]
		if lw := strings.ToLower(written); !strings.Contains(lw, firstWord(lname)) && !strings.Contains(lw, "[") {
			continue
		}
		return written, meaning(all[loc[2]:])
	}
	for _, m := range unquotedMeans().FindAllStringSubmatchIndex(all, -1) {
		if strings.EqualFold(all[m[2]:m[3]], name) {
			return all[m[2]:m[5]], meaning(all[m[1]-1:])
		}
	}
	for _, key := range []string{`written "`, `written as "`, `It's written "`, `rules text as "`} {
		if i := strings.Index(all, key); i >= 0 {
			rest := all[i+len(key)-1:]
			if m := quoted().FindStringSubmatch(rest); m != nil {
				return strings.TrimRight(m[1], ".,"), itMeans(all)
			}
		}
	}
	if def := itMeans(all); len(def) > 0 {
		// "Ascend on a permanent represents a static ability. It means
		// "…"": the keyword's name is its written form.
		return "", def
	}
	for _, m := range writtenMeans().FindAllStringSubmatch(all, -1) {
		if strings.HasPrefix(strings.ToLower(m[1]), lname+" ") {
			return m[1], []string{}
		}
	}
	// A quoted form with a parameter and no meaning: "bands with other
	// [creature type]".
	for _, m := range quoted().FindAllStringSubmatch(all, -1) {
		if strings.HasPrefix(strings.ToLower(m[1]), lname+" [") {
			return m[1], []string{}
		}
	}
	return "", []string{}
}

// itMeans reads the meanings of the sentences `It means "…"` that follow
// the sentence naming the keyword or its written form ("Craft represents
// an activated ability. It is written as "Craft with [materials]
// [cost]," …. It means "…""), one part each: ascend has one for an
// instant or sorcery and one for a permanent.
//
// Read ahead's first wording (2022-09-08 to 2023-04-14) names its two
// static abilities so: "The first ability is "…" The second ability is
// "…"", one part each.
func itMeans(all string) []string {
	parts := []string{}
	for rest := all; ; {
		i, key := -1, ""
		for _, k := range []string{`It means "`, `The first ability is "`, `The second ability is "`} {
			if j := strings.Index(rest, k); j >= 0 && (i < 0 || j < i) {
				i, key = j, k
			}
		}
		if i < 0 {
			return parts
		}
		rest = rest[i+len(key)-1:]
		parts = append(parts, meaning(rest)...)
	}
}

var (
	// unquotedMeans is a written form, unquoted, before a quoted meaning:
	// `Ward [cost] means "`, `Undaunted means "`.
	unquotedMeans = lazyRegexp(`(?:^|[.:] )(\pL[\pL' -]*?)((?: (?:\[[^\]"]+\]|[NX]))*) means "`)
	// writtenMeans is a quoted written form whose meaning is a sentence:
	// `To "scry N" means to look`.
	writtenMeans = lazyRegexp(`"([^"]+)" means [a-z]`)
)

// meaning reads the quoted strings at the start of rest, the parts of a
// keyword's meaning: `"A," "B," and "C"`, `"A" and "B"`.
func meaning(rest string) []string {
	parts := []string{}
	for {
		m := quoted().FindStringSubmatchIndex(rest)
		if m == nil || m[0] != 0 {
			return parts
		}
		parts = append(parts, strings.TrimRight(rest[m[2]:m[3]], ","))
		rest = strings.TrimPrefix(strings.TrimLeft(rest[m[1]:], " ,"), "and ")
		if !strings.HasPrefix(rest, `"`) {
			return parts
		}
	}
}

// quotedMeans finds `"Bushido N" means "` and `"Haunt" on a permanent
// means "`: for each, the offsets of the opening and closing quote of the
// written form, and of the quote that opens the meaning.
func quotedMeans(all string) [][3]int {
	var out [][3]int
	for from := 0; ; {
		k := strings.Index(all[from:], " means")
		if k < 0 {
			return out
		}
		at := from + k
		from = at + len(" means")
		after := strings.TrimPrefix(all[from:], ",")
		if !strings.HasPrefix(after, ` "`) {
			continue
		}
		open := len(all) - len(after) + 1
		// The written form ends in a quote before "means", directly or
		// after "on a permanent".
		end := strings.LastIndexByte(all[:at], '"')
		if end < 0 || at-end > 40 || strings.ContainsAny(all[end+1:at], `".`) {
			continue
		}
		start := strings.LastIndexByte(all[:end], '"')
		if start < 0 || end-start > 80 {
			continue
		}
		out = append(out, [3]int{start, end, open})
	}
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " -"); i > 0 {
		return s[:i]
	}
	return s
}

var (
	bracket  = lazyRegexp(`\[([^\]]+)\]`)
	variable = lazyRegexp(`(?:^|[\s—-])([NX])\b`)
)

// params reads the parameters of a written form: bracketed terms in order
// ("[quality]", "[cost]") and the number variables N and X.
func params(written string) []string {
	out := []string{}
	if written == "" {
		return out
	}
	type at struct {
		i int
		p string
	}
	var found []at
	for _, m := range bracket().FindAllStringSubmatchIndex(written, -1) {
		found = append(found, at{m[0], strings.ToLower(written[m[2]:m[3]])})
	}
	for _, m := range variable().FindAllStringSubmatchIndex(written, -1) {
		found = append(found, at{m[2], written[m[2]:m[3]]})
	}
	sort.Slice(found, func(i, j int) bool { return found[i].i < found[j].i })
	for _, f := range found {
		out = append(out, f.p)
	}
	return out
}

// castZone is how the rules say a keyword functions wherever its card
// could be cast from: "in any zone from which you could play the card
// it's on", "from any zone in which the spell with overload can be
// cast", "in any zone from which the card with evoke can be cast", and
// morph's first wording, "any time you could play the card it's on".
var castZone = lazyRegexp(`any zone (?:from|in) which (?:you could (?:play|cast)|it could be cast|(?:the|this) (?:card|spell|object)(?: with [a-z-]+)? (?:can|could|may) be (?:played|cast))|any time you could play the card`)

// zones reads where the defining text says the keyword functions.
func zones(def string) []Zone {
	l := strings.ToLower(def)
	out := []Zone{}
	add := func(z Zone) {
		for _, x := range out {
			if x == z {
				return
			}
		}
		out = append(out, z)
	}
	type zoneAt struct {
		i int
		z Zone
	}
	var found []zoneAt
	for _, p := range []struct {
		phrase string
		zone   Zone
	}{
		{"hand", "hand"},
		{"graveyard", "graveyard"},
		{"library", "library"},
		{"on the stack", "stack"},
		{"from the stack", "stack"},
		{"entering the battlefield", "battlefield"},
		{"enters the battlefield", "battlefield"},
		{"coming into play", "battlefield"},
		{"on the battlefield", "battlefield"},
		{"in play", "battlefield"},
		{"removed-from-the-game zone", "exile"},
		{"in exile", "exile"},
		{"exile zone", "exile"},
		{"command zone", "command"},
		{"outside the game", "outside the game"},
		{"before the game begins", "outside the game"},
		{"functions everywhere", "everywhere"},
		{"works everywhere", "everywhere"},
		{"works in all zones", "everywhere"},
	} {
		selfContained := p.zone == "everywhere" || p.phrase == "before the game begins"
		if i := strings.Index(l, p.phrase); i >= 0 && (selfContained || functionsClause(l, i)) {
			found = append(found, zoneAt{i, p.zone})
		}
	}
	if loc := castZone().FindStringIndex(l); loc != nil && functionsClause(l, loc[0]) {
		found = append(found, zoneAt{loc[0], CastZone})
	}
	for _, f := range found {
		if f.z == "everywhere" { // "works everywhere, even outside the game"
			return []Zone{Everywhere}
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].i < found[j].i })
	for _, f := range found {
		add(f.z)
	}
	return out
}

// functionsClause reports whether the zone word at i belongs to a clause
// saying where the ability functions ("functions while the card is in a
// player's hand", "can be activated only from a player's hand").
func functionsClause(l string, i int) bool {
	start := strings.LastIndexAny(l[:i], ".;")
	clause := l[start+1 : i]
	for _, w := range []string{"function", "works", "only from", "only while", "activated only", "played only", "while the card", "while the spell", "while it", "while this"} {
		if strings.Contains(clause, w) {
			return true
		}
	}
	return false
}

// instances reads how multiple instances of the keyword behave; l is all
// in lower case.
func instances(all, l string) string {
	i := strings.Index(l, "multiple instances of")
	if i < 0 {
		i = strings.Index(l, "more than one instance of")
	}
	if i < 0 {
		return "unknown"
	}
	end := strings.Index(l[i:], ".")
	if end < 0 {
		end = len(l) - i
	}
	sentence := l[i : i+end]
	switch {
	case strings.Contains(sentence, "redundant"):
		return "redundant"
	case strings.Contains(sentence, "triggers separately"):
		return "each triggers separately"
	case strings.Contains(sentence, "works separately"), strings.Contains(sentence, "applies separately"), strings.Contains(sentence, "functions separately"),
		strings.Contains(sentence, "each of them applies"), strings.Contains(sentence, "each one applies"):
		return "each works separately"
	case strings.Contains(sentence, "all of them apply"), strings.Contains(sentence, "all apply"):
		return "all apply"
	}
	return strings.TrimSpace(all[i : i+end])
}

// termScopes are the lexicon scopes that tell an era's wording apart:
// play or cast, in play or the battlefield, removed from the game or
// exile, converted mana cost or mana value, tribal or kindred.
var termScopes = map[string]bool{"spells": true, "zones": true, "permanents": true, "characteristics": true, "card types": true}

// phraseIndex maps the first word of each lexicon phrase of termScopes
// (old and new forms) to the phrases, as words.
type phraseIndex map[string][][]string

var (
	phrasesOnce sync.Once
	phrases     phraseIndex
	phraseRank  map[string]int // lexicon order
)

func lexiconPhrases(lex *lexicon.Lexicon) phraseIndex {
	phrasesOnce.Do(func() {
		phrases, phraseRank = phraseIndex{}, map[string]int{}
		seen := map[string]bool{}
		for _, t := range lex.Terms {
			if !termScopes[t.Scope] {
				continue
			}
			for _, p := range []string{t.Old, t.New} {
				if ws := strings.Fields(p); len(ws) > 0 && !seen[p] {
					seen[p] = true
					phraseRank[p] = len(phraseRank)
					phrases[ws[0]] = append(phrases[ws[0]], ws)
				}
			}
		}
	})
	return phrases
}

// terms lists the lexicon phrases, old or new, the keyword's text (in
// lower case) uses, in the lexicon's order, each once.
func terms(lex *lexicon.Lexicon, lower string) []string {
	ix := lexiconPhrases(lex)
	words := strings.FieldsFunc(lower, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '-' || r == '\'')
	})
	out := []string{}
	seen := map[string]bool{}
	for i, w := range words {
		for _, p := range ix[w] {
			if i+len(p) > len(words) {
				continue
			}
			match := true
			for k := 1; k < len(p); k++ {
				if words[i+k] != p[k] {
					match = false
					break
				}
			}
			if k := strings.Join(p, " "); match && !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return phraseRank[out[i]] < phraseRank[out[j]] })
	return out
}

// see lists the targets the keyword's rules cite.
func see(g *xref.Graph, r *parse.Rule) []string {
	var refs []*xref.Ref
	refs = append(refs, g.Outgoing(r.ID)...)
	for _, c := range r.Children {
		refs = append(refs, g.Outgoing(c.ID)...)
	}
	out := []string{}
	for _, t := range xref.Sorted(refs) {
		out = append(out, t.String())
	}
	return out
}

// See lists the targets keyword rule r and its subrules cite: Spec.See,
// for a spec extracted without a graph, read from the rules' text alone.
func See(r *parse.Rule) []string {
	var refs []*xref.Ref
	for _, x := range append([]*parse.Rule{r}, r.Children...) {
		for _, t := range xref.RuleTargets(x) {
			refs = append(refs, &xref.Ref{Target: t})
		}
	}
	out := []string{}
	for _, t := range xref.Sorted(refs) {
		out = append(out, t.String())
	}
	return out
}

// lazyRegexp compiles expr on first use: compiling every pattern in the
// package's init cost each crules process a tenth of a millisecond,
// whatever the command.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
