package engine

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/crules/crules/ability"
	"github.com/crules/crules/diff"
	"github.com/crules/crules/keyword"
	"github.com/crules/crules/parse"
)

// A Model is the engine's model of one keyword ability (or of split
// cards): the name the rules give it and how it is built. Hand-written
// models implement the wording listed for them in declared.txt, revision
// range by revision range; compiled models are built from each
// revision's own quoted definition by the grammar of compile.go.
type Model struct {
	Name     string `json:"name"`     // the keyword's title in the rules: "Double Strike"
	Compiled bool   `json:"compiled"` // built from the revision's text
	// Title is set for a model of a rule that is no keyword: the title
	// of the rule or chapter it implements ("Split Cards", 708 today, 505
	// in 2006).
	Title string `json:"title,omitempty"`
	// Anchors select the subrules whose text the model implements when
	// the rules quote no definition (flying, first strike): each subrule
	// containing one of them.
	Anchors []string `json:"-"`
	// shaped: compiled by the static shapes of package ability, not
	// the grammar of triggered abilities.
	shaped bool
	// Formerly are the keyword's names before a rename (umbra armor was
	// totem armor until 2024-06-07).
	Formerly []string `json:"formerly,omitempty"`
	// Action is set for the model of a keyword action (701): the
	// engine performs it as a verb; compiled when the verb is read from
	// the action's own definition, its first subrule.
	Action bool `json:"action,omitempty"`
}

// spec returns the keyword's spec among specs, by its name or an
// earlier one: a keyword action's for the model of an action, a keyword
// ability's otherwise (scry was an ability in 2004–2005).
func (m Model) spec(specs []*keyword.Spec) *keyword.Spec {
	for _, name := range append([]string{m.Name}, m.Formerly...) {
		if s := keyword.Find(specs, name); s != nil && isAction(s) == m.Action {
			return s
		}
	}
	return nil
}

// isAction reports whether s is a keyword action's spec.
func isAction(s *keyword.Spec) bool { return len(s.Kind) > 0 && s.Kind[0] == keyword.Action }

// named reports whether name is the model's name or an earlier one.
func (m Model) named(name string) bool {
	return strings.EqualFold(m.Name, name) || slices.ContainsFunc(m.Formerly, func(f string) bool { return strings.EqualFold(f, name) })
}

// modelOrder is the order of the keyword models: roughly that of 702
// today. It is only an order, which the declarations, made family by
// family in package ability, cannot give; a declared keyword it does not
// name comes after those it names, by name.
var modelOrder = []string{
	"Deathtouch", "Defender", "Double Strike", "Enchant", "Equip", "First Strike", "Flash", "Flying", "Haste",
	"Hexproof", "Indestructible", "Lifelink", "Menace", "Landwalk", "Protection", "Reach", "Trample", "Vigilance",
	"Ward", "Rampage", "Flanking", "Kicker", "Buyback", "Flashback", "Madness", "Fear", "Morph", "Amplify",
	"Provoke", "Storm", "Affinity", "Entwine", "Modular", "Sunburst", "Bushido", "Soulshift", "Splice", "Offering",
	"Ninjutsu", "Epic", "Convoke", "Evoke", "Dredge", "Transmute", "Frenzy", "Poisonous", "Changeling", "Devoid",
	"Mutate",
}

// splitCards is the model of a rule that is no keyword: split cards have
// no declaration in package ability, so their model's facts stay here.
var splitCards = Model{Name: "Split Cards", Title: "Split Cards", Anchors: []string{"two sets of characteristics", "halves combined", "only the characteristics of the half", "the other half's characteristics", "only the color or colors of the half"}}

// allModels returns every model: one per keyword declared in package
// ability, with the facts its declaration states, in modelOrder, then
// the models of rules that are not keywords. It is built on first use:
// ability's declarations are made then, not at start-up.
var allModels = sync.OnceValue(func() []Model {
	rank := map[string]int{}
	for i, name := range modelOrder {
		rank[name] = i
	}
	decls := ability.Decls()
	out := make([]Model, 0, len(decls)+1)
	for _, d := range decls {
		out = append(out, Model{Name: d.Name, Compiled: d.Compiled, Anchors: d.Anchors, shaped: d.Shaped, Formerly: d.Formerly})
	}
	sort.SliceStable(out, func(i, j int) bool {
		ri, iok := rank[out[i].Name]
		rj, jok := rank[out[j].Name]
		if iok != jok {
			return iok
		}
		if iok {
			return ri < rj
		}
		return out[i].Name < out[j].Name
	})
	return append(out, splitCards)
})

// actionModels returns the models of keyword actions, one per action
// declared in package ability, in the order declared.
var actionModels = sync.OnceValue(func() []Model {
	var out []Model
	for _, d := range ability.ActionDecls() {
		out = append(out, Model{Name: d.Name, Compiled: d.Compiled, Anchors: d.Anchors, Formerly: d.Formerly, Action: true})
	}
	return out
})

// Models returns every model: the keyword models, then split cards.
func Models() []Model { return append([]Model(nil), allModels()...) }

// ActionModels returns the models of keyword actions.
func ActionModels() []Model { return append([]Model(nil), actionModels()...) }

// rule returns the rule a model implements in a revision, its ID, and
// its quoted definition: the keyword's spec, or for a model of a titled
// rule (split cards) the rule or chapter of that title. It returns nil
// when the revision has neither.
func (m Model) rule(doc *parse.Document, specs []*keyword.Spec) (*parse.Rule, string, []string) {
	if m.Title != "" {
		r := rulesOf(doc).Titled(m.Title)
		if r == nil {
			return nil, "", nil
		}
		return r, r.ID.String(), nil
	}
	s := m.spec(specs)
	if s == nil {
		return nil, "", nil
	}
	return s.Text(), s.Rule, s.Definition
}

// Implements returns the text a model implements in revision doc with
// keyword specs specs: the quoted definition, its parts joined by " | ",
// or, when the rules quote none, the subrules (at any depth) the model's
// anchors select, normalised and joined the same way (for a compiled
// model, the subrule its grammar reads). It is "" when the
// revision does not have the keyword or rule.
func (m Model) Implements(doc *parse.Document, specs []*keyword.Spec) string {
	r, _, def := m.rule(doc, specs)
	if len(def) > 0 {
		return strings.Join(def, " | ")
	}
	if m.Action && len(m.Anchors) == 0 {
		// A keyword action implements its definition, the rule's first
		// subrule (701.17a: "For a player to mill a number of cards,
		// …").
		t, _ := actionDefinition(r)
		return t
	}
	if m.Compiled && m.Title == "" {
		// A compiled model with no quoted definition implements the
		// subrule its grammar reads (702.28b for shadow).
		if t, ok := source(m.spec(specs)); ok {
			return t
		}
	}
	var parts []string
	var walk func(rs []*parse.Rule)
	walk = func(rs []*parse.Rule) {
		for _, c := range rs {
			t := keyword.Normalize(c.Text)
			l := strings.ToLower(t)
			for _, a := range m.Anchors {
				if strings.Contains(l, a) {
					parts = append(parts, t)
					break
				}
			}
			walk(c.Children)
		}
	}
	if r != nil {
		walk(r.Children)
	}
	return strings.Join(parts, " | ")
}

// A Declaration is the text a hand-written model implements over a
// range of revisions (dates, inclusive).
type Declaration struct {
	Model    string
	From, To string
	Text     string
}

//go:embed declared.txt
var declaredText string

// declarations is declared.txt read once: blocks of a "MODEL FROM TO"
// line followed by the text, indented by a tab. Stale asks for it for
// every model in every revision.
var declarations = sync.OnceValue(func() []Declaration {
	var out []Declaration
	for _, block := range strings.Split(declaredText, "\n\n") {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		if len(lines) < 2 || strings.HasPrefix(lines[0], "#") {
			continue
		}
		f := strings.Fields(lines[0])
		if len(f) < 3 {
			continue
		}
		var text []string
		for _, l := range lines[1:] {
			text = append(text, strings.TrimPrefix(l, "\t"))
		}
		out = append(out, Declaration{Model: strings.Join(f[:len(f)-2], " "), From: f[len(f)-2], To: f[len(f)-1], Text: strings.Join(text, "\n")})
	}
	return out
})

// Declarations returns what each hand-written model declares it
// implements.
func Declarations() []Declaration { return slices.Clone(declarations()) }

// Stale reports why a model does not implement the text of revision doc
// (with keyword specs specs): "" when it does or when the revision has
// no such keyword or rule, or only an ability word of its name
// (threshold from 2006-10-01), which has no rules meaning to model, or
// a keyword action (scry from 2007-05-01), no keyword ability.
func (m Model) Stale(doc *parse.Document, specs []*keyword.Spec) string {
	r, id, _ := m.rule(doc, specs)
	if r == nil {
		return ""
	}
	if s := m.spec(specs); s != nil && len(s.Kind) > 0 && (s.Kind[0] == keyword.AbilityWord || s.Kind[0] == keyword.Action) {
		return ""
	}
	rev := revName(doc)
	if m.Action && m.Compiled {
		def, ok := actionDefinition(r)
		if !ok {
			return fmt.Sprintf("%s %s: no subrule defines the action for the grammar to compile", m.Name, id)
		}
		if verb, err := ability.ActionName(def); err != nil {
			return fmt.Sprintf("%s %s: %v", m.Name, id, err)
		} else if !m.named(verb) {
			return fmt.Sprintf("%s %s: the definition defines %q, not %s", m.Name, id, verb, m.Name)
		}
		return ""
	}
	if m.Compiled && m.shaped {
		if err := ability.CheckShapes(m.spec(specs).Definition); err != nil {
			return fmt.Sprintf("%s %s: %v", m.Name, id, err)
		}
		return ""
	}
	if m.Compiled {
		if s := m.spec(specs); s != nil {
			if shaped, err := ability.ReadsParts(m.Name, s.Definition); shaped {
				if err != nil {
					return fmt.Sprintf("%s %s: %v", m.Name, id, err)
				}
				return ""
			}
		}
		def, ok := source(m.spec(specs))
		if !ok {
			return fmt.Sprintf("%s %s: no one-part definition or \"Whenever\" subrule for the grammar to compile", m.Name, id)
		}
		if err := ability.Compiles(def); err != nil {
			return fmt.Sprintf("%s %s: %v", m.Name, id, err)
		}
		return ""
	}
	text := m.Implements(doc, specs)
	if text == "" {
		return fmt.Sprintf("%s %s: no definition found in %s to check the model against", m.Name, id, rev)
	}
	// A revision within a declared range is held to that range's
	// wording; any other (a newer text, a file) is judged by its text
	// alone: stale only if it words the keyword differently from every
	// wording the model declares. The message shows the nearest one.
	var near *Declaration
	nearWords := 0
	for _, d := range declarations() {
		if d.Model != m.declName() {
			continue
		}
		if d.From <= rev && rev <= d.To {
			if d.Text == text {
				return ""
			}
			near = &d
			break
		}
		if d.Text == text {
			return ""
		}
		if n := changedWords(d.Text, text); near == nil || n < nearWords || n == nearWords && d.To > near.To {
			near, nearWords = &d, n
		}
	}
	if near == nil {
		return fmt.Sprintf("%s %s: no declared wording covers %s, which reads %q", m.Name, id, rev, text)
	}
	return fmt.Sprintf("%s %s: the model implements %q (%s–%s), which %s words differently: %s", m.Name, id, near.Text, near.From, near.To, rev, wordChanges(near.Text, text))
}

// actionDefinition returns the definition of the keyword action of rule
// r: its first subrule, normalised.
func actionDefinition(r *parse.Rule) (string, bool) {
	if r == nil || len(r.Children) == 0 {
		return "", false
	}
	return keyword.Normalize(r.Children[0].Text), true
}

// changedWords counts the words deleted and inserted from a to b.
func changedWords(a, b string) int {
	n := 0
	for _, op := range diff.WordDiff(a, b) {
		if op.Kind != diff.Equal {
			n += len(strings.Fields(op.Text))
		}
	}
	return n
}

// wordChanges prints the word diff from a to b as render's text output
// does, [-deleted-] and {+inserted+}, with three words of common text
// around each change and "…" for the rest.
func wordChanges(a, b string) string {
	const keep = 3
	ops := diff.WordDiff(a, b)
	var out strings.Builder
	for i, op := range ops {
		switch op.Kind {
		case diff.Delete:
			out.WriteString("[-" + op.Text + "-]")
		case diff.Insert:
			out.WriteString("{+" + op.Text + "+}")
		default:
			w := strings.Fields(op.Text)
			lead, trail := strings.HasPrefix(op.Text, " "), strings.HasSuffix(op.Text, " ")
			head, tail := i > 0, i < len(ops)-1
			limit := keep
			if head == tail {
				limit = 2 * keep
			}
			switch {
			case len(w) <= limit || !head && !tail:
				out.WriteString(op.Text)
				continue
			case head && tail:
				w = append(append(w[:keep:keep], "…"), w[len(w)-keep:]...)
			case head:
				w, trail = append(w[:keep:keep], "…"), false
			default:
				w, lead = append([]string{"…"}, w[len(w)-keep:]...), false
			}
			if lead {
				out.WriteString(" ")
			}
			out.WriteString(strings.Join(w, " "))
			if trail {
				out.WriteString(" ")
			}
		}
	}
	return out.String()
}

// declare builds declared.txt from every revision, oldest first, with
// its keyword specs: consecutive revisions with the same text share a
// block.
func declare(revs []string, docs []*parse.Document, specs [][]*keyword.Spec) string {
	var b strings.Builder
	b.WriteString("# The wording each hand-written keyword model implements, revision range by\n# revision range: the quoted definition (parts joined by \" | \") or, where the\n# rules quote none, the subrules the model's anchors select. Refreshed by\n# go test ./engine -run TestDeclarations -update, after the models were\n# checked against any new wording.\n")
	var hand []Model
	for _, m := range append(allModels(), actionModels()...) {
		if !m.Compiled {
			hand = append(hand, m)
		}
	}
	sort.SliceStable(hand, func(i, j int) bool { return hand[i].declName() < hand[j].declName() })
	for _, m := range hand {
		name := m.declName()
		var cur *Declaration
		flush := func() {
			if cur != nil {
				fmt.Fprintf(&b, "\n%s %s %s\n\t%s\n", cur.Model, cur.From, cur.To, strings.ReplaceAll(cur.Text, "\n", "\n\t"))
				cur = nil
			}
		}
		for i, rev := range revs {
			t := m.Implements(docs[i], specs[i])
			if t == "" {
				flush()
				continue
			}
			if cur != nil && cur.Text == t {
				cur.To = rev
				continue
			}
			flush()
			cur = &Declaration{Model: name, From: rev, To: rev, Text: t}
		}
		flush()
	}
	return b.String()
}

// declName is the name a model's wordings have in declared.txt: a
// keyword action's is marked, as a keyword ability may have its name
// (scry).
func (m Model) declName() string {
	if m.Action {
		return m.Name + " (keyword action)"
	}
	return m.Name
}
