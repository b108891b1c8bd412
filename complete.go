package crules

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

// Completions for a shell. Each completes word, the word being typed, after
// the words args typed before it, and returns what word can become.

// CompleteRule completes a rule reference with the rule numbers of d, in
// every form ParseRuleRefs reads: a bare number ("702.4" → "702.47a"), a
// number behind a prefix written with it ("§702.4" → "§702.47a"), the end
// of a range ("601.2f-" → "601.2f-g", "601.2f-h", …), or a number after
// prefix words and other references in args ("CR", "rules 702.47a and").
// A completion is offered only when args followed by it parse as rule
// references, so the parser decides what is a reference, not this.
func (d *Document) CompleteRule(args []string, word string) []string {
	var out []string
	offer := func(c string) {
		if _, err := parse.ParseRuleRefs(strings.Join(append(slices.Clip(args), c), " ")); err == nil {
			out = append(out, c)
		}
	}
	if i := strings.IndexAny(word, "-–"); i > 0 { // the end of a range
		_, w := utf8.DecodeRuneInString(word[i:])
		head, end := word[:i+w], strings.ToLower(word[i+w:])
		refs, err := parse.ParseRuleRefs(word[:i])
		if err != nil || len(refs) != 1 || refs[0].Part > 0 {
			return nil
		}
		first := refs[0].ID
		for _, id := range d.IDs() {
			if id.Level() != first.Level() || id.Parent() != first.Parent() || id.Compare(first) <= 0 {
				continue
			}
			for _, form := range []string{id.Sub, id.String()} {
				if form != "" && strings.HasPrefix(strings.ToLower(form), end) {
					offer(head + form)
				}
			}
		}
		return out
	}
	k := strings.IndexAny(word, "0123456789")
	if k < 0 {
		k = len(word) // a prefix alone ("§"), or nothing yet
	}
	head, num := word[:k], strings.ToLower(word[k:])
	// Parts and chapters first, as the table of contents lists them: "7"
	// offers 7 and 700…799, and the rules only once a chapter is typed.
	for _, p := range d.Parts {
		if s := strconv.Itoa(p.Number); strings.HasPrefix(s, num) {
			offer(head + s)
		}
	}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			if s := c.ID.String(); strings.HasPrefix(s, num) {
				offer(head + s)
			}
		}
	}
	if len(num) < 3 && !strings.Contains(num, ".") {
		return out
	}
	for _, id := range d.IDs() {
		if s := id.String(); strings.HasPrefix(strings.ToLower(s), num) {
			offer(head + s)
		}
	}
	return out
}

// CompleteTerm completes the first argument with the glossary terms of d
// that start with word, case ignored, and then the abbreviations the
// glossary lookup reads (cmc, etb) that stand for a term of d.
func (d *Document) CompleteTerm(args []string, word string) []string {
	var terms []string
	for _, g := range d.Glossary {
		terms = append(terms, g.Term)
	}
	for _, a := range lexicon.DefaultAbbreviations() {
		if slices.ContainsFunc(a.Terms, func(t string) bool { return d.GlossaryEntry(t) != nil }) && !slices.Contains(terms, a.Short) {
			terms = append(terms, a.Short)
		}
	}
	return startingWith(args, word, terms)
}

// CompleteKeyword completes the first argument with the names of the
// keyword abilities and actions of d, in lower case, that start with word.
func (d *Document) CompleteKeyword(args []string, word string) []string {
	var names []string
	for _, s := range d.Keywords() {
		names = append(names, strings.ToLower(s.Name))
	}
	return startingWith(args, word, names)
}

// CompleteHistory completes what history takes: a rule reference
// (CompleteRule) when word starts like one, else a keyword's name
// (CompleteKeyword).
func (d *Document) CompleteHistory(args []string, word string) []string {
	if r, _ := utf8.DecodeRuneInString(word); r == '§' || r >= '0' && r <= '9' {
		return d.CompleteRule(args, word)
	}
	return d.CompleteKeyword(args, word)
}

// CompleteRev completes a revision selector: latest, first, and the
// embedded revisions, newest first, that start with word.
func (l *Library) CompleteRev(word string) []string {
	names := []string{"latest", "first"}
	for i := len(l.revs) - 1; i >= 0; i-- {
		names = append(names, l.revs[i].Name())
	}
	return startingWith(nil, word, names)
}

// startingWith returns the candidates that start with word, case ignored,
// when word is the first argument.
func startingWith(args []string, word string, cands []string) []string {
	if len(args) > 0 {
		return nil
	}
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(strings.ToLower(c), strings.ToLower(word)) {
			out = append(out, c)
		}
	}
	return out
}
