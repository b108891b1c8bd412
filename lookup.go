package crules

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
	"github.com/crules/crules/render"
)

// A RuleAnswer is a rule or chapter of a document.
type RuleAnswer struct {
	Doc     *Document
	Part    *parse.Part    // for a part number (from Lookup only)
	Chapter *parse.Chapter // for a chapter number
	Rule    *parse.Rule    // otherwise
	// Asked is set when the number asked for is not in this revision and
	// Rule is what that rule was (or became) here, per the lineage:
	// 702.47a asked of 2005-10-01 answers 502.40a; or Chapter is the one
	// chapter here of the asked chapter's title: 702 asked of 2005-10-01
	// answers 502, Keyword Abilities. AskedIn is the revision the asked
	// number was read in, Title the asked rule's or chapter's heading.
	Asked   parse.RuleID
	AskedIn string
	Title   string
	// Named is set when the rule was asked for by a name ("trample"):
	// how the name was read (see Library.RuleNamed).
	Named *Named
}

// Section names what a subrule belongs to, for a subrule printed alone:
// its rule when that has a title (702.19 Trample, for 702.19b), else its
// chapter (601 Casting Spells, for 601.2f). It is zero for anything but
// a subrule.
func (a *RuleAnswer) Section() (id parse.RuleID, title string) {
	if a.Rule == nil || a.Rule.ID.Level() != parse.LevelSubrule {
		return parse.RuleID{}, ""
	}
	if r := a.Doc.Rule(a.Rule.ID.Parent()); r != nil && r.Title != "" {
		return r.ID, r.Title
	}
	if c := a.Doc.Chapter(a.Rule.ID.Chapter); c != nil && c.Title != "" {
		return c.ID, c.Title
	}
	return parse.RuleID{}, ""
}

// Note says how a cross-revision answer relates to the question, "" for a
// direct one: "702.47a (Splice) was 502.40a in 2005-10-01", "702 (Keyword
// Abilities) was 502 in 2005-10-01".
func (a *RuleAnswer) Note() string {
	if a.Named != nil {
		return a.Named.Note()
	}
	if a.Asked.IsZero() {
		return ""
	}
	// Forward, "is": the asked number may have changed several times
	// before that revision ("502.46a (Convoke) is 702.51a in
	// 2026-01-16", by way of 702.48a and 702.50a); history dates each.
	verb := "was"
	if a.AskedIn < a.Doc.Rev.Name() {
		verb = "is"
	}
	title := ""
	if a.Title != "" {
		title = " (" + a.Title + ")"
	}
	var id parse.RuleID
	if a.Rule != nil {
		id = a.Rule.ID
	} else {
		id = a.Chapter.ID
	}
	return fmt.Sprintf("%s%s %s %s in %s", a.Asked, title, verb, id, a.Doc.Label)
}

// Rule looks a rule, subrule or chapter up in src. A rule number the
// document has not is looked up through the lineage, in the embedded
// revision the document is or is dated in (see Document.Rev): the answer
// is the rule it was or became there (see RuleAnswer.Asked); a chapter
// number it has not answers its chapter of the same title (702 of
// 2005-10-01 is 502, Keyword Abilities). No such rule is ErrNoRule: with
// the revision it first appeared in when it came later, else with the
// nearest numbers (chapters, for a chapter).
func (l *Library) Rule(src Source, id parse.RuleID) (*RuleAnswer, error) {
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	return l.resolve(d, id)
}

// resolve finds rule or chapter id in d. A rule missing from d is
// followed through the lineage, as Rule says; a chapter missing from d
// answers the chapter of its title there (see sameChapter), else
// suggests d's nearest chapters. When neither a rule nor its
// rule has a counterpart there, the ErrNoRule says when it first
// appeared if that was after d, else suggests what its rule was or
// became and that rule's first subrules (702.47q of 2005-10-01: 502.40,
// 502.40a..., Splice then), else the numbers nearest id.
func (l *Library) resolve(d *Document, id parse.RuleID) (*RuleAnswer, error) {
	c, r, err := find(d, id)
	if err == nil {
		return &RuleAnswer{Doc: d, Chapter: c, Rule: r}, nil
	}
	switch {
	case id.Level() == parse.LevelChapter && d.Rev.IsZero():
		return nil, noChapter(d, id) // a file of no date is read as it is
	case id.Level() == parse.LevelChapter:
		return l.sameChapter(d, id)
	case d.Rev.IsZero():
		return nil, err
	}
	a, err := l.counterpart(d, id)
	if err != nil || a != nil {
		return a, err
	}
	if id.Level() == parse.LevelSubrule && d.Rule(id.Parent()) == nil {
		a, err := l.counterpart(d, id.Parent())
		if err != nil {
			return nil, err
		}
		if a != nil {
			near := []parse.RuleID{a.Rule.ID}
			for _, c := range a.Rule.Children {
				if len(near) < 5 {
					near = append(near, c.ID)
				}
			}
			return nil, notFound(d, id, "rule", near, a.Note())
		}
	}
	return nil, notFound(d, id, "rule", d.Nearest(id, 5), "")
}

// The limits of one Lookup, so that a short request cannot ask for an
// answer hundreds of times its size (a chapter number repeated a thousand
// times in a 6 KB URL): at most MaxLookupRefs rules, chapters and parts
// (a range counting as the rules it expands to), holding at most
// MaxLookupBytes of text (rules, subrules and examples; the whole of a
// revision is under 1 MB). A request beyond either is ErrTooLarge, before
// any answer is built.
const (
	MaxLookupRefs  = 256
	MaxLookupBytes = 4 << 20
)

// LookupHelp says what rule references Lookup takes and what it answers,
// for the command line's help.
const LookupHelp = `Rule prints rules, subrules, chapters or parts as the CR prints them. It takes
the forms the CR and crules print: 702.47a, 702.47A, 702.47., a range
601.2f–h (or 601.2f-h), a prefix CR 702.47a, §702.47a or rule 702.47a, a
part number from toc (7), and several of them in one call. A name where a
number is expected is read as the rule or chapter of that title (trample,
combat damage step) or the one rule its glossary entry cites (mulligan), said
on stderr; a name that is none of these suggests titles and search hits
(exit 1). A subrule printed alone is headed by its section. A rule number the
revision does not have is followed through the lineage, for a --file by its
date too: 'crules rule 702.47a --rev 2005' prints 502.40a, what Splice was
then, and says so on stderr. Rules not found are each named on stderr, after
the ones found (exit 1). With --json, one reference prints one object,
several an array, or an object of the rules found and the missing ones.`

// Lookup answers rule references as users type them and the CR prints
// them (see parse.ParseRuleRefs): one or several rules, chapters, ranges
// ("601.2f–h") or parts ("7"), with a "CR", "§" or "rule" prefix, in the
// order given, a range expanded to its rules; or a name where a number is
// expected ("trample", see RuleNamed), whose answer's Named says how it
// was read. Each rule is looked up as Rule does. The ones found are returned in order, and when some are
// missing the error is a *LookupError listing them (errors.Is(err,
// ErrNoRule) holds); any other error stops the lookup. More than
// MaxLookupRefs references, or answers holding more than MaxLookupBytes
// of text, are ErrTooLarge naming the limit.
func (l *Library) Lookup(src Source, refs string) ([]*RuleAnswer, error) {
	rs, named, err := l.RuleRefs(src, refs)
	if errors.Is(err, ErrNoRule) {
		return nil, &LookupError{Missing: []Missing{{ID: refs, Err: err}}}
	}
	if err != nil {
		return nil, err
	}
	if n := countRefs(rs); n > MaxLookupRefs {
		return nil, &Error{Kind: ErrTooLarge, Msg: fmt.Sprintf("%d rule references in one request; at most %d: ask in several", n, MaxLookupRefs)}
	}
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	var out []*RuleAnswer
	miss := &LookupError{}
	size := 0
	found := func(ref string, a *RuleAnswer, err error) error {
		switch {
		case errors.Is(err, ErrNoRule):
			miss.Missing = append(miss.Missing, Missing{ID: ref, Err: err})
		case err != nil:
			return err
		default:
			if size += a.textSize(); size > MaxLookupBytes {
				return &Error{Kind: ErrTooLarge, Msg: fmt.Sprintf("the rules asked for hold more than %d MB of text; at most %d MB in one request: ask in several", MaxLookupBytes>>20, MaxLookupBytes>>20)}
			}
			out = append(out, a)
		}
		return nil
	}
	for _, r := range rs {
		if r.Part > 0 {
			p, err := findPart(d, r.Part)
			if err := found(r.String(), &RuleAnswer{Doc: d, Part: p}, err); err != nil {
				return nil, err
			}
			continue
		}
		for _, id := range r.IDs() {
			a, err := l.resolve(d, id)
			if a != nil {
				a.Named = named
			}
			if err := found(id.String(), a, err); err != nil {
				return nil, err
			}
		}
	}
	if len(miss.Missing) > 0 {
		return out, miss
	}
	return out, nil
}

// countRefs is how many rules, chapters and parts rs name, a range
// counting as the rules it expands to.
func countRefs(rs []parse.RuleRef) int {
	n := 0
	for _, r := range rs {
		n += max(1, len(r.IDs()))
	}
	return n
}

// textSize is the bytes of text the answer holds: its rules with their
// subrules and examples.
func (a *RuleAnswer) textSize() int {
	n := 0
	var walk func(rs []*parse.Rule)
	walk = func(rs []*parse.Rule) {
		for _, r := range rs {
			n += len(r.Title) + len(r.Text)
			for _, e := range r.Examples {
				n += len(e.Text)
			}
			walk(r.Children)
		}
	}
	switch {
	case a.Part != nil:
		for _, c := range a.Part.Chapters {
			n += len(c.Title)
			walk(c.Rules)
		}
	case a.Chapter != nil:
		n += len(a.Chapter.Title)
		walk(a.Chapter.Rules)
	case a.Rule != nil:
		walk([]*parse.Rule{a.Rule})
	}
	return n
}

// JSON is the answer as the command line's --json and the HTTP API print
// it (see package render).
func (a *RuleAnswer) JSON() any {
	if a.Part != nil {
		return render.PartLookupJSON(a.Part, a.Doc.Label, string(a.Doc.Era))
	}
	return render.LookupJSON(a.Chapter, a.Rule, a.Doc.Label, string(a.Doc.Era), a.Asked)
}

// AnswersJSON is Lookup's answers as printed: one object for one
// reference, an array for several.
func AnswersJSON(as []*RuleAnswer) any {
	if len(as) == 1 {
		return as[0].JSON()
	}
	js := []any{}
	for _, a := range as {
		js = append(js, a.JSON())
	}
	return js
}

// LookupJSON is what Lookup returned, as printed: AnswersJSON when all
// was found; the error object (ErrorJSON) when the one
// rule asked for is missing; when some of several are, the answers found
// with the missing ones (render.PartialJSON).
func LookupJSON(as []*RuleAnswer, err error) any {
	var le *LookupError
	switch {
	case !errors.As(err, &le):
		return AnswersJSON(as)
	case len(as)+len(le.Missing) == 1: // the one rule asked for
		return ErrorJSON(err)
	}
	js := []any{}
	for _, a := range as {
		js = append(js, a.JSON())
	}
	var missing []render.MissingJSON
	for _, m := range le.Missing {
		missing = append(missing, render.NewMissingJSON(m.ID, m.Err))
	}
	return render.PartialJSON(err, js, missing)
}

// findPart returns part n of d, or ErrNoRule naming the parts d has.
func findPart(d *Document, n int) (*parse.Part, error) {
	var have []string
	for _, p := range d.Parts {
		if p.Number == n {
			return p, nil
		}
		have = append(have, fmt.Sprint(p.Number))
	}
	return nil, &Error{Kind: ErrNoRule, Msg: fmt.Sprintf("no part %d in %s; it has parts %s", n, d.Label, strings.Join(have, ", ")), Nearest: have}
}

// ParseRuleRefs reads rule references (see parse.ParseRuleRefs); a
// string that is not one is ErrBadRequest naming the accepted forms.
func ParseRuleRefs(s string) ([]parse.RuleRef, error) {
	rs, err := parse.ParseRuleRefs(s)
	if err != nil {
		return nil, &Error{Kind: ErrBadRequest, Msg: err.Error(), Err: err}
	}
	return rs, nil
}

// ParseOneRef reads one rule reference in any form ParseRuleRefs takes
// ("rule 702.47a", "§702.47a", "601.2f–h", "7"): what Refs answers
// about. Several references are ErrBadRequest.
func ParseOneRef(s string) (parse.RuleRef, error) {
	rs, err := ParseRuleRefs(s)
	if err != nil {
		return parse.RuleRef{}, err
	}
	if len(rs) != 1 {
		return parse.RuleRef{}, &Error{Kind: ErrBadRequest, Msg: fmt.Sprintf("%q: give one rule, chapter, range or part", s)}
	}
	return rs[0], nil
}

// ParseRuleID reads a rule number as users type it ("702.47A", "702.47.");
// a malformed one is ErrBadRequest.
func ParseRuleID(s string) (parse.RuleID, error) {
	id, err := parse.ParseRuleID(s)
	if err != nil {
		return id, &Error{Kind: ErrBadRequest, Msg: err.Error(), Err: err}
	}
	return id, nil
}

// find returns a chapter (for a chapter number) or a rule of d, or
// ErrNoRule naming the nearest ones.
func find(d *Document, id parse.RuleID) (*parse.Chapter, *parse.Rule, error) {
	what := "rule"
	if id.Level() == parse.LevelChapter {
		if c := d.Chapter(id.Chapter); c != nil {
			return c, nil, nil
		}
		what = "chapter"
	} else if r := d.Rule(id); r != nil {
		return nil, r, nil
	}
	return nil, nil, notFound(d, id, what, d.Nearest(id, 5), "")
}

// notFound is ErrNoRule for id ("rule" or "chapter") in d, suggesting
// near (rules, or chapters for a chapter), with a note on how they were
// chosen when note is not "".
func notFound(d *Document, id parse.RuleID, what string, near []parse.RuleID, note string) error {
	var ns []string
	for _, n := range near {
		ns = append(ns, n.String())
	}
	msg := fmt.Sprintf("no %s %s in %s", what, id, d.Label)
	if note != "" {
		msg += "; " + note
	}
	label := "nearest"
	if what == "chapter" {
		label = "nearest chapters"
	}
	if len(ns) > 0 {
		msg += "; " + label + ": " + strings.Join(ns, ", ")
	}
	return &Error{Kind: ErrNoRule, Msg: msg, Nearest: ns}
}

// sameChapter answers chapter id, missing from d, with the one chapter of
// d titled as id is in the latest embedded revision that has it (a rule
// id.1 there), when that title is also the title of no other chapter
// there: "General" names a chapter of every part, and is followed
// nowhere. Otherwise it is ErrNoRule with d's nearest chapters.
func (l *Library) sameChapter(d *Document, id parse.RuleID) (*RuleAnswer, error) {
	lin, err := l.Lineage()
	if err != nil {
		return nil, err
	}
	first := parse.RuleID{Chapter: id.Chapter, Rule: 1}.String()
	if i := lin.Last(first); i >= 0 { // the latest revision that has the chapter
		src, err := l.Document(l.revs[i].Source())
		if err != nil {
			return nil, err
		}
		if asked := src.Chapter(id.Chapter); asked != nil {
			if c := titled(d, asked.Title); c != nil && titled(src, asked.Title) == asked {
				return &RuleAnswer{Doc: d, Chapter: c, Asked: id, AskedIn: lin.Revs[i], Title: asked.Title}, nil
			}
		}
	}
	return nil, noChapter(d, id)
}

// noChapter is ErrNoRule for chapter id with d's nearest chapters.
func noChapter(d *Document, id parse.RuleID) error {
	var near []parse.RuleID
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			near = append(near, c.ID)
		}
	}
	dist := func(c parse.RuleID) int { return max(c.Chapter-id.Chapter, id.Chapter-c.Chapter) }
	sort.SliceStable(near, func(i, j int) bool { return dist(near[i]) < dist(near[j]) })
	return notFound(d, id, "chapter", near[:min(5, len(near))], "")
}

// titled is the one chapter of d titled title (case and typography
// aside), nil when none or several are.
func titled(d *Document, title string) *parse.Chapter {
	want := strings.ToLower(parse.Normalize(title))
	var found *parse.Chapter
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			if strings.ToLower(parse.Normalize(c.Title)) == want {
				if found != nil {
					return nil
				}
				found = c
			}
		}
	}
	return found
}

// counterpart finds, through the lineage, what rule id (read in the latest
// revision that has it) was or became in d's revision (d.Rev); nil when
// it has none there. A rule that first appeared after d's revision is
// ErrNoRule saying when and as what. A number that another rule had
// earlier (409.1g, mana abilities from 2003-07-01, was "the spell becomes
// played" from 2001-07-23) is read in the first revision after d that
// has it when that rule is older: asked of 1999-04-23, 409.1g is first in
// 2001-07-23, not 2003-07-01.
func (l *Library) counterpart(d *Document, id parse.RuleID) (*RuleAnswer, error) {
	lin, err := l.Lineage()
	if err != nil {
		return nil, err
	}
	last := lin.Last(id.String())
	a, err := counterpartAt(lin, d, id, last)
	var later *Error
	if a != nil || !errors.As(err, &later) {
		return a, err
	}
	next := -1
	for i := range lin.Revs {
		if lin.Revs[i] > d.Rev.Name() && lin.Has(i, id.String()) {
			next = i
			break
		}
	}
	if next < 0 || next == last {
		return a, err
	}
	if hist := lin.History(next, id.String()); len(hist) > 0 && hist[0].Rev < lin.History(last, id.String())[0].Rev {
		return counterpartAt(lin, d, id, next)
	}
	return a, err
}

// counterpartAt is what rule id of the lineage's revision at was or
// became in d, as counterpart says; nil when at is -1.
func counterpartAt(lin *diff.Lineage, d *Document, id parse.RuleID, at int) (*RuleAnswer, error) {
	if at < 0 {
		return nil, nil
	}
	title := lin.Title(at, id.String())
	if title == "" && id.Level() == parse.LevelSubrule {
		title = lin.Title(at, id.Parent().String())
	}
	hist := lin.History(at, id.String())
	for _, p := range hist {
		if p.Rev != d.Rev.Name() || p.ID == "" {
			continue
		}
		r := d.Rule(parse.MustParseRuleID(p.ID))
		if r == nil {
			return nil, nil
		}
		return &RuleAnswer{Doc: d, Rule: r, Asked: id, AskedIn: lin.Revs[at], Title: title}, nil
	}
	if len(hist) > 0 && hist[0].Rev > d.Rev.Name() {
		first := hist[0]
		msg := fmt.Sprintf("%s is not in %s; first in %s", id, d.Label, first.Rev)
		if title != "" {
			msg = fmt.Sprintf("%s (%s) is not in %s; first in %s", id, title, d.Label, first.Rev)
		}
		if first.ID != id.String() {
			msg += ", as " + first.ID
		}
		return nil, &Error{Kind: ErrNoRule, Msg: msg}
	}
	return nil, nil
}

// A TermAnswer is a glossary entry of a document.
type TermAnswer struct {
	Doc   *Document
	Entry *parse.GlossaryEntry
	// Asked is the term asked for when Entry is its name in this
	// revision's era, found through the lexicon: "mana value" asked of
	// 2005-10-01 answers Converted Mana Cost.
	Asked string
}

// Note says how a cross-era answer relates to the question, "" for a
// direct one: `"mana value" is "Converted Mana Cost" in 2005-10-01`.
func (a *TermAnswer) Note() string {
	if a.Asked == "" {
		return ""
	}
	return fmt.Sprintf("%q is %q in %s", a.Asked, a.Entry.Term, a.Doc.Label)
}

// Glossary looks a glossary term up in src, case-insensitively; a term
// the revision names otherwise finds that entry: its name in the
// revision's era per the lexicon (lexicon.NamesAt), older or newer. No such entry is ErrNoTerm with the nearest terms.
func (l *Library) Glossary(src Source, term string) (*TermAnswer, error) {
	if strings.TrimSpace(term) == "" {
		return nil, &Error{Kind: ErrBadRequest, Msg: "empty glossary term"}
	}
	d, err := l.Document(src)
	if err != nil {
		return nil, err
	}
	if g := d.GlossaryEntry(term); g != nil {
		return &TermAnswer{Doc: d, Entry: g}, nil
	}
	date := l.Latest().r.Date
	if !d.Rev.IsZero() {
		date = d.Rev.r.Date
	}
	// Its name in the revision's era, old or new: state-based actions were
	// State-Based Effects in 2005-10-01, removed from the game is Exile.
	for _, other := range lexicon.Default().NamesAt(term, date) {
		if g := d.GlossaryEntry(other); g != nil {
			return &TermAnswer{Doc: d, Entry: g, Asked: term}, nil
		}
	}
	// An abbreviation or informal name (cmc, etb, p/t), in the revision's
	// era: cmc is Converted Mana Cost before 2021-04-22, Mana Value since.
	for _, full := range lexicon.DefaultAbbreviations().Expand(strings.ToLower(strings.TrimSpace(term)), date) {
		if g := d.GlossaryEntry(full); g != nil {
			return &TermAnswer{Doc: d, Entry: g, Asked: term}, nil
		}
	}
	near := glossarySuggestions(d.Document, term, 5)
	msg := fmt.Sprintf("no glossary entry %q in %s", term, d.Label)
	if len(near) > 0 {
		msg += "; did you mean: " + strings.Join(near, ", ")
	}
	return nil, &Error{Kind: ErrNoTerm, Msg: msg, Nearest: near}
}

// glossarySuggestions ranks terms by how they relate to the query: terms
// that contain it, that it contains, then by edit distance.
func glossarySuggestions(d *parse.Document, q string, n int) []string {
	q = strings.ToLower(parse.Normalize(q))
	type cand struct {
		term  string
		score int
	}
	var cs []cand
	for _, g := range d.Glossary {
		t := strings.ToLower(parse.Normalize(g.Term))
		score := editDistance(q, t)
		switch {
		case strings.HasPrefix(t, q):
			score = 0
		case strings.Contains(t, q) || strings.Contains(q, t) && len(t) > 3:
			score = 1
		}
		if score <= max(2, len(q)/3) {
			cs = append(cs, cand{g.Term, score})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score < cs[j].score })
	var out []string
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].term)
	}
	return out
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// JSON is the entry as glossary --json and the HTTP API print it.
func (a *TermAnswer) JSON() any {
	return render.TermJSON(a.Entry, a.Doc.Label, string(a.Doc.Era), a.Asked)
}
