package game

import (
	"maps"
	"strings"
	"sync"

	"github.com/crules/crules/parse"
)

// A Ref is a rule cited by a step of the engine: its ID and text in the
// revision the engine runs, or, where the revision says what the step
// does only in its glossary (drawing a card before 2006-10-01,
// sacrificing before 2007-05-01), the glossary entry's Term and its text,
// with a zero ID. The zero Ref cites nothing (the revision has no such
// rule).
type Ref struct {
	ID   parse.RuleID
	Term string // a glossary entry's, when ID is zero
	Text string
}

// IsZero reports whether r cites nothing.
func (r Ref) IsZero() bool { return r.ID == parse.RuleID{} && r.Term == "" }

// Name is how a citation is printed: the rule's ID, or `glossary "Draw"`
// for a glossary entry ("crules glossary Draw" prints it); "" for none.
func (r Ref) Name() string {
	switch {
	case r.Term != "":
		return `glossary "` + r.Term + `"`
	case r.IsZero():
		return ""
	}
	return r.ID.String()
}

// String prints "ID text" (`glossary "Term" text`).
func (r Ref) String() string {
	if r.IsZero() {
		return "(no rule)"
	}
	return r.Name() + " " + r.Text
}

// Glossary returns the revision's glossary entry of term (case ignored)
// when its definition contains one of phrases (case ignored; any entry
// of that term when there are none), as a Ref; the zero Ref otherwise.
func (r *Rules) Glossary(term string, phrases ...string) Ref {
	if r == nil || r.doc == nil {
		return Ref{}
	}
	g := r.doc.GlossaryEntry(term)
	if g == nil {
		return Ref{}
	}
	texts := make([]string, len(g.Definition))
	for i, p := range g.Definition {
		texts[i] = p.Text
	}
	text := parse.Normalize(strings.Join(texts, " "))
	lower := string(fold(nil, text))
	for _, p := range phrases {
		if strings.Contains(lower, strings.ToLower(p)) {
			return Ref{Term: g.Term, Text: text}
		}
	}
	if len(phrases) > 0 {
		return Ref{}
	}
	return Ref{Term: g.Term, Text: text}
}

// RefOf returns a Ref to rule r.
func RefOf(r *parse.Rule) Ref {
	if r == nil {
		return Ref{}
	}
	t := r.Text
	if t == "" {
		t = r.Title
	}
	return Ref{ID: r.ID, Text: parse.Normalize(t)}
}

// Rules finds the rules of one revision the engine cites, by what they
// say rather than by number, so that one engine cites 409.1f in 2006 and
// 601.2f today. A nil Rules cites nothing. Rules is safe for concurrent
// use; it reads the document's rules once, on the first Find.
type Rules struct {
	doc   *parse.Document
	once  sync.Once
	index []indexed // every rule with text, in rule order
	mu    sync.Mutex
	cache map[string]Ref
	key   []byte // the key being looked up, under mu: a hit allocates nothing
	layersState
	ctypes creatureTypes
	stypes subtypeList
}

type indexed struct {
	rule  *parse.Rule
	lower string // the normalised text in lower case
}

// NewRules returns the citation finder of doc.
func NewRules(doc *parse.Document) *Rules {
	return &Rules{doc: doc, cache: map[string]Ref{}}
}

// Doc is the revision the rules come from.
func (r *Rules) Doc() *parse.Document {
	if r == nil {
		return nil
	}
	return r.doc
}

// fold is a cheap parse.Normalize for searching, in one pass: ASCII
// letters to lower case, typographic apostrophes and quotes to ASCII,
// line breaks to spaces. It appends to b: build folds every rule into
// one buffer.
func fold(b []byte, s string) []byte {
	// 2008-05-01 was published with every curly quote and apostrophe
	// as '?': "owner?s", "?world rule.?".
	s = parse.LossyQuotes(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c == '\n' || c == '\r' || c == '\t' || c == ' ':
			// A hard-wrapped text (1999) keeps its line breaks and
			// indents: any run of white space is one space.
			if len(b) > 0 && b[len(b)-1] == ' ' {
				continue
			}
			c = ' '
		case c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80: // U+2018, U+2019, U+201C, U+201D
			switch s[i+2] {
			case 0x98, 0x99:
				c, i = '\'', i+2
			case 0x9c, 0x9d:
				c, i = '"', i+2
			}
		}
		b = append(b, c)
	}
	return b
}

// searchText is the text of rule x that Find searches: its text, or a
// title that is a sentence. The hard-wrapped 1999 revisions have rules
// whose one paragraph the parser reads as a title (404.2 of 1999-04-23,
// "Triggered abilities aren't played. ... Once an ability has triggered,
// it goes on the stack"); RefOf cites its text the same way.
func searchText(x *parse.Rule) string {
	if x.Text == "" && strings.HasSuffix(x.Title, ".") {
		return x.Title
	}
	return x.Text
}

// build indexes every rule with text, leaving out the keyword chapters,
// which the engine cites through keyword specs: their folded texts are
// cut from one string.
func (r *Rules) build() {
	var rules []*parse.Rule
	size := 0
	for _, p := range r.doc.Parts {
		for _, c := range p.Chapters {
			if t := strings.ToLower(c.Title); strings.Contains(t, "keyword abilities") || strings.Contains(t, "keyword actions") {
				continue
			}
			var walk func(rs []*parse.Rule)
			walk = func(rs []*parse.Rule) {
				for _, x := range rs {
					if t := searchText(x); t != "" {
						rules, size = append(rules, x), size+len(t)
					}
					walk(x.Children)
				}
			}
			walk(c.Rules)
		}
	}
	b := make([]byte, 0, size)
	ends := make([]int, len(rules))
	for i, x := range rules {
		b = fold(b, searchText(x))
		ends[i] = len(b)
	}
	all := string(b)
	r.index = make([]indexed, len(rules))
	start := 0
	for i, x := range rules {
		r.index[i] = indexed{x, all[start:ends[i]]}
		start = ends[i]
	}
}

// Find returns the first rule, in rule order, whose text contains one of
// phrases, tried in order, case ignored; the keyword chapters (702 and
// 701 today, 502 and 501 before 2009) are not searched.
func (r *Rules) Find(phrases ...string) Ref {
	if r == nil || r.doc == nil {
		return Ref{}
	}
	ref, key, ok := r.cached(false, nil, phrases)
	if ok {
		return ref
	}
	r.once.Do(r.build)
	var found Ref
search:
	for _, p := range phrases {
		p = strings.ToLower(p)
		for _, x := range r.index {
			if strings.Contains(x.lower, p) {
				found = RefOf(x.rule)
				break search
			}
		}
	}
	r.mu.Lock()
	r.cache[key] = found
	r.mu.Unlock()
	return found
}

// FindVersion is the version of what Find and FindUnder find for the
// same phrases in the same text: a cache of their citations (Found,
// Learn) keys on it. It changes whenever they would find another rule.
const FindVersion = 5

// Found returns the citations r has found so far by Find and FindUnder,
// by the key each was looked up by: what Learn gives a Rules of the same
// document in a later process, so that it does not look them up again.
func (r *Rules) Found() map[string]Ref {
	r.mu.Lock()
	defer r.mu.Unlock()
	return maps.Clone(r.cache)
}

// Learn adds the citations that a Rules of the same document found
// (Found) under the same FindVersion: Find and FindUnder answer them
// without reading the rules. Citations r found itself are kept.
func (r *Rules) Learn(found map[string]Ref) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k, v := range found {
		if _, ok := r.cache[k]; !ok {
			r.cache[k] = v
		}
	}
}

// cached looks up the citation found for phrases, under titles when
// under is set (FindUnder). On a miss it returns the key to store the citation
// under. The key is built in a buffer kept under the lock, so that a hit,
// which is every lookup after the first, allocates nothing.
func (r *Rules) cached(under bool, titles, phrases []string) (ref Ref, key string, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.key[:0]
	if under {
		b = append(b, "under\x00"...)
		for i, t := range titles {
			if i > 0 {
				b = append(b, 0)
			}
			b = append(b, t...)
		}
		b = append(b, 1)
	}
	for i, p := range phrases {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, p...)
	}
	r.key = b
	if ref, ok = r.cache[string(b)]; ok {
		return ref, "", true
	}
	return Ref{}, string(b), false
}

// Within returns the first subrule of rule under whose text contains one
// of phrases, or under's first subrule, or under itself.
func Within(under *parse.Rule, phrases ...string) Ref {
	if under == nil {
		return Ref{}
	}
	for _, p := range phrases {
		p = strings.ToLower(p)
		for _, c := range under.Children {
			if strings.Contains(strings.ToLower(parse.Normalize(c.Text)), p) {
				return RefOf(c)
			}
		}
	}
	if len(under.Children) > 0 {
		return RefOf(under.Children[0])
	}
	return RefOf(under)
}

// Titled returns the rule or chapter heading titled one of titles (case
// ignored), as a rule; nil if none.
func (r *Rules) Titled(titles ...string) *parse.Rule {
	if r == nil || r.doc == nil {
		return nil
	}
	for _, t := range titles {
		for _, p := range r.doc.Parts {
			for _, c := range p.Chapters {
				if strings.EqualFold(c.Title, t) {
					return &parse.Rule{ID: c.ID, Title: c.Title, Children: c.Rules}
				}
				for _, x := range c.Rules {
					if strings.EqualFold(x.Title, t) {
						return x
					}
				}
			}
		}
	}
	return nil
}

// FindUnder returns the first rule under the rule or chapter titled one
// of titles (at any depth, in rule order) whose text contains one of
// phrases, tried in order, case ignored; the zero Ref when there is
// none. Found once per revision, like Find.
func (r *Rules) FindUnder(titles []string, phrases ...string) Ref {
	if r == nil || r.doc == nil {
		return Ref{}
	}
	ref, key, ok := r.cached(true, titles, phrases)
	if ok {
		return ref
	}
	var found Ref
	if top := r.Titled(titles...); top != nil {
		var under []*parse.Rule
		var walk func(rs []*parse.Rule)
		walk = func(rs []*parse.Rule) {
			for _, x := range rs {
				under = append(under, x)
				walk(x.Children)
			}
		}
		walk(top.Children)
	search:
		for _, p := range phrases {
			p = strings.ToLower(p)
			for _, x := range under {
				if strings.Contains(string(fold(nil, searchText(x))), p) {
					found = RefOf(x)
					break search
				}
			}
		}
	}
	r.mu.Lock()
	r.cache[key] = found
	r.mu.Unlock()
	return found
}
