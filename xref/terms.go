package xref

import (
	"strings"

	"github.com/crules/crules/parse"
)

// A TermMatch is a glossary term found in a text: text[Start:End] is the
// word or words, Entry the glossary entry that defines them.
type TermMatch struct {
	Start, End int
	Entry      *parse.GlossaryEntry
}

// termIndex finds glossary terms in running text: each comma-separated
// variant of an entry's term ("Kicker, Kicked"), whole words, any case, a
// plural "s" or "es" on the last word allowed. Variants shorter than three
// letters ("X") and the pronouns "You, Your" are left out: they would link
// most sentences. A term that names a subtype (Case, Role, Background,
// Attraction) matches only where the text writes it capitalised, as the
// CR writes a subtype: "in that case" is not the enchantment; a term the
// CR writes in lowercase (plane, scheme, a dungeon's room) matches in any
// case.
type termIndex struct {
	byFirst map[string][]termVariant // first word, lower case → variants, longest first
}

type termVariant struct {
	words []string
	// brackets are the placeholder brackets of the term around its words:
	// brackets[k] before words[k], the last after the last word
	// ("Partner with [name]": "", "", "[", "]"). A match has the same
	// brackets in the same places, so "additional [cost]" is not the term
	// "additional cost", and a match never ends inside a placeholder.
	brackets []string
	entry    *parse.GlossaryEntry
	capital  bool // only where each word starts with a capital letter
}

func newTermIndex(d *parse.Document) *termIndex {
	ix := &termIndex{byFirst: map[string][]termVariant{}}
	for _, e := range d.Glossary {
		capital := namesSubtype(e)
		term := e.Term
		if i := strings.LastIndexByte(term, '('); i > 0 {
			term = term[:i]
		}
		for _, v := range strings.Split(term, ",") {
			norm := strings.ToLower(parse.Normalize(v))
			words := splitWords(norm)
			if len(words) == 0 || len(strings.Join(words, " ")) < 3 || stopTerms[words[0]] && len(words) == 1 {
				continue
			}
			ix.byFirst[words[0]] = append(ix.byFirst[words[0]], termVariant{words, termBrackets(norm), e, capital})
		}
	}
	for k, vs := range ix.byFirst {
		// Longest first, so "Activated Ability" wins over "Activate".
		for i := 1; i < len(vs); i++ {
			for j := i; j > 0 && len(vs[j].words) > len(vs[j-1].words); j-- {
				vs[j], vs[j-1] = vs[j-1], vs[j]
			}
		}
		ix.byFirst[k] = vs
	}
	return ix
}

var stopTerms = map[string]bool{"you": true, "your": true}

// subtypeOf are the types whose subtypes a definition names: "An
// enchantment subtype.", "An artifact type seen only…". A card type ("A
// card type seen only…": plane, scheme) is written in lowercase.
var subtypeOf = []string{"artifact", "enchantment", "land", "creature", "planeswalker", "spell", "battle"}

// namesSubtype reports whether glossary entry e defines a subtype: its
// first paragraph (the term's first sense: Room's is a dungeon's room)
// begins "A(n) subtype", "An enchantment subtype" or "An enchantment
// type", or calls the term a subtype ("…has the Aura and Role subtypes").
// "Changeling: … every creature type" does not, nor Subtype itself ("A
// card can have one or more subtypes", 2005), which the CR writes in
// lowercase.
func namesSubtype(e *parse.GlossaryEntry) bool {
	if len(e.Definition) == 0 {
		return false
	}
	def := strings.ToLower(parse.Normalize(e.Definition[0].Text))
	first, _, _ := strings.Cut(def, ".")
	rest, ok := strings.CutPrefix(first, "an ")
	if !ok {
		rest, ok = strings.CutPrefix(first, "a ")
	}
	if ok && strings.HasPrefix(rest, "subtype") {
		return true
	}
	for _, t := range subtypeOf {
		if ok && (strings.HasPrefix(rest, t+" type") || strings.HasPrefix(rest, t+" subtype")) {
			return true
		}
	}
	term := strings.ToLower(e.Term)
	return strings.Contains(def, " "+term+" subtype")
}

func splitWords(s string) []string { return strings.FieldsFunc(s, notWordRune) }

func notWordRune(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '\'' || r >= 0x80)
}

// termBrackets returns the placeholder brackets of term s before each of
// its words (as splitWords splits it) and after the last.
func termBrackets(s string) []string {
	out := []string{""}
	inWord := false
	for _, r := range s {
		if !notWordRune(r) {
			inWord = true
			continue
		}
		if inWord {
			out = append(out, "")
			inWord = false
		}
		if r == '[' || r == ']' {
			out[len(out)-1] += string(r)
		}
	}
	if inWord {
		out = append(out, "")
	}
	return out
}

// bracketsIn returns the placeholder brackets of s, in order.
func bracketsIn(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '[' || s[i] == ']' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

type span struct{ start, end int }

// words returns the byte spans of the words of text.
func words(text string) []span {
	var out []span
	for i := 0; i < len(text); {
		for i < len(text) && !isWordByte(text[i]) {
			i++
		}
		j := i
		for j < len(text) && isWordByte(text[j]) {
			j++
		}
		if j > i {
			out = append(out, span{i, j})
		}
		i = j
	}
	return out
}

func isWordByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '-' || c == '\'' }

func (ix *termIndex) find(text string) []TermMatch {
	ws := words(text)
	var out []TermMatch
	for i := 0; i < len(ws); {
		first := strings.ToLower(text[ws[i].start:ws[i].end])
		matched := 0
		for _, cand := range [...]string{first, strings.TrimSuffix(first, "s"), strings.TrimSuffix(first, "es")} {
			for _, v := range ix.byFirst[cand] {
				if n, end := v.matchAt(text, ws[i:]); n > 0 {
					out = append(out, TermMatch{ws[i].start, end, v.entry})
					matched = n
					break
				}
			}
			if matched > 0 {
				break
			}
		}
		i += max(1, matched)
	}
	return out
}

// matchAt reports how many words of ws v matches, 0 for none, and where
// the match ends: after its last word, or after the bracket that closes a
// placeholder the term ends in ("Partner with [name]").
func (v termVariant) matchAt(text string, ws []span) (int, int) {
	if len(ws) < len(v.words) {
		return 0, 0
	}
	for k, want := range v.words {
		if k > 0 && bracketsIn(text[ws[k-1].end:ws[k].start]) != v.brackets[k] {
			return 0, 0
		}
		if v.capital && !isUpper(text[ws[k].start]) {
			return 0, 0
		}
		got := strings.ToLower(text[ws[k].start:ws[k].end])
		if got == want {
			continue
		}
		if k == len(v.words)-1 && (got == want+"s" || got == want+"es") {
			continue
		}
		return 0, 0
	}
	n := len(v.words)
	end := ws[n-1].end
	if tail := v.brackets[n]; tail != "" {
		if !strings.HasPrefix(text[end:], tail) {
			return 0, 0
		}
		end += len(tail)
	}
	return n, end
}

// Terms finds the glossary terms used in text (a rule's text, say), for
// linking words to their definitions.
func (g *Graph) Terms(text string) []TermMatch {
	if g.terms == nil {
		return nil
	}
	return g.terms.find(text)
}

// RuleTerms lists the glossary entries whose terms rule r uses, in order of
// first use.
func (g *Graph) RuleTerms(r *parse.Rule) []*parse.GlossaryEntry {
	seen := map[*parse.GlossaryEntry]bool{}
	var out []*parse.GlossaryEntry
	for _, m := range g.Terms(r.Title + "\n" + r.Text) {
		if !seen[m.Entry] {
			seen[m.Entry] = true
			out = append(out, m.Entry)
		}
	}
	return out
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
