package cite

import (
	"fmt"
	"strings"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/parse"
)

// An Index knows, for every rule number, which keyword or heading it held
// in which revisions, and where each keyword lives now.
type Index struct {
	lin      *diff.Lineage
	latest   *parse.Document
	revs     []string
	keywords map[string]string // lower-case keyword → its ID in the latest revision
	names    []string          // lower-case keyword names, longest first
	byWords  map[string]string // a name's words ("for mirrodin") → the name ("for mirrodin!")
	actions  map[string]bool   // names that only ever named keyword actions (701.x, 501.x)
}

// NewIndex builds the index from a lineage (for the titles of every
// revision) and the latest revision.
func NewIndex(l *diff.Lineage, latest *parse.Document) *Index {
	ix := &Index{lin: l, latest: latest, revs: l.Revs, keywords: map[string]string{}, actions: map[string]bool{}, byWords: map[string]string{}}
	seen := map[string]bool{}
	ability := map[string]bool{}
	for i := len(l.Revs) - 1; i >= 0; i-- {
		for id, t := range l.Titles(i) {
			if !isKeywordID(id) {
				continue
			}
			k := strings.ToLower(parse.Normalize(t))
			if i == len(l.Revs)-1 {
				ix.keywords[k] = id
			}
			if strings.HasPrefix(id, "702.") || strings.HasPrefix(id, "502.") {
				ability[k] = true
			}
			if !seen[k] {
				seen[k] = true
				ix.names = append(ix.names, k)
				ix.byWords[strings.Join(titleWords(k), " ")] = k
			}
		}
	}
	for _, n := range ix.names {
		if !ability[n] {
			ix.actions[n] = true
		}
	}
	// Longest first, so "double strike" is found before "strike".
	for i := 1; i < len(ix.names); i++ {
		for j := i; j > 0 && len(ix.names[j]) > len(ix.names[j-1]); j-- {
			ix.names[j], ix.names[j-1] = ix.names[j-1], ix.names[j]
		}
	}
	return ix
}

// isKeywordID tells the rules that define keyword abilities and actions:
// 701.x and 702.x now, 501.x and 502.x before 2009.
func isKeywordID(id string) bool {
	for _, p := range []string{"702.", "701.", "502.", "501."} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// A Finding is the verdict on one citation.
type Finding struct {
	Citation
	Stale bool
	Msg   string
	// Now is the number the cited rule has in the latest revision when it
	// no longer has the number cited (409.1b is 601.2b now), found by
	// following the rule's history; zero otherwise.
	Now parse.RuleID
}

// heading is the titled rule a citation belongs to: itself or its parent.
func heading(id parse.RuleID) string {
	if id.Level() == parse.LevelSubrule {
		return id.Parent().String()
	}
	return id.String()
}

// Check judges a citation: stale when its number no longer exists, or when
// a keyword named beside it (on its line, or in the file name) no longer
// lives at that number. A number that no longer exists is said to be the
// keyword it held (and where that keyword is now), or else the number its
// rule has now (Finding.Now, set in either case), or else the title it
// held, or else not to exist.
func (ix *Index) Check(c Citation) Finding {
	f := Finding{Citation: c}
	latestName := ix.revs[len(ix.revs)-1]
	h := heading(c.ID)
	named := ix.named(c)
	exists := ix.latest.Rule(c.ID) != nil
	nowTitle := ix.lin.Title(len(ix.revs)-1, h)
	switch {
	case !exists:
		f.Stale = true
		at := ix.lin.Last(c.ID.String())
		var since, was, span string
		f.Now, since = ix.successor(c.ID.String(), at)
		if at >= 0 {
			if was = ix.lin.Title(at, h); was != "" {
				span = ix.span(h, was, at)
			}
		}
		renumbered := fmt.Sprintf("%s now (renumbered in %s)", f.Now, since)
		switch {
		case was != "" && (isKeywordID(h) || f.Now.IsZero()):
			f.Msg = fmt.Sprintf("%s is %s of %s", c.ID, was, span)
			if now, ok := ix.keywords[strings.ToLower(was)]; ok {
				f.Msg += fmt.Sprintf("; %s is %s now", was, now)
			} else if !f.Now.IsZero() {
				f.Msg += "; it is " + renumbered
			}
		case !f.Now.IsZero():
			f.Msg = fmt.Sprintf("%s is %s", c.ID, renumbered)
		default:
			f.Msg = fmt.Sprintf("%s does not exist in %s", c.ID, latestName)
		}
		if named != "" && !strings.EqualFold(named, parse.Normalize(was)) {
			if now, ok := ix.keywords[named]; ok {
				f.Msg += fmt.Sprintf("; %s is %s now", display(named), now)
			}
		}
	case named != "" && !strings.EqualFold(named, parse.Normalize(nowTitle)):
		f.Stale = true
		now, ok := ix.keywords[named]
		f.Msg = fmt.Sprintf("%s is %s now, not %s", c.ID, orRule(nowTitle), display(named))
		if was, span := ix.wasTitle(h, named); was != "" {
			f.Msg = fmt.Sprintf("%s is %s of %s, and %s now", c.ID, display(named), span, orRule(nowTitle))
		}
		if ok {
			f.Msg += fmt.Sprintf("; %s is %s now", display(named), now)
		} else {
			f.Msg += fmt.Sprintf("; %s is no longer a keyword", display(named))
		}
	default:
		f.Msg = fmt.Sprintf("%s is current", c.ID)
		if nowTitle != "" {
			f.Msg = fmt.Sprintf("%s is %s, current", c.ID, nowTitle)
		}
	}
	return f
}

func orRule(t string) string {
	if t == "" {
		return "a rule with another subject"
	}
	return t
}

func display(k string) string {
	if k == "" {
		return k
	}
	return strings.ToUpper(k[:1]) + k[1:]
}

// named returns the keyword named beside a citation: the title next to
// its number (Citation.Named) when that is a keyword, or else, when the
// line names no keyword at all, one in the file name
// ("ConvokeAbility.java") whose rule the number was in some revision
// (502.46a there, not 601.2f: a file about Convoke cites the casting
// rules too). A keyword elsewhere on the line is about something else:
// "409.1f, then tap creatures for Convoke" names none.
func (ix *Index) named(c Citation) string {
	if c.Named != "" {
		return ix.byWords[c.Named]
	}
	if ix.namesKeyword(strings.ToLower(c.LineText)) != "" {
		return ""
	}
	joined := " " + strings.Join(c.FileWords, " ") + " "
	squashed := strings.Join(c.FileWords, "")
	for _, n := range ix.names {
		if ix.actions[n] {
			continue
		}
		if strings.Contains(joined, " "+n+" ") || len(n) > 4 && strings.Contains(squashed, strings.ReplaceAll(n, " ", "")) {
			if was, _ := ix.wasTitle(heading(c.ID), n); was != "" {
				return n
			}
			return ""
		}
	}
	return ""
}

// namesKeyword returns a keyword ability named in line, as a whole word:
// "double" is not in "double-faced". Keyword actions are common words
// ("play", "double", "search") and do not count.
func (ix *Index) namesKeyword(line string) string {
	for _, n := range ix.names {
		if ix.actions[n] {
			continue
		}
		for from := 0; ; {
			k := strings.Index(line[from:], n)
			if k < 0 {
				break
			}
			k += from
			e := k + len(n)
			if (k == 0 || !wordByte(line[k-1])) && (e == len(line) || !wordByte(line[e])) {
				return n
			}
			from = e
		}
	}
	return ""
}

// wordByte tells the bytes that continue a word: letters, and a hyphen
// ("double-faced", "first-strike").
func wordByte(c byte) bool { return isLetter(c) || c == '-' }

// successor follows rule id of revision at (its latest, not the latest
// revision) through its history (see diff.Lineage.History) to the number
// it has in the latest revision, and returns that number and the
// revision that first gave it another; zero when the rule was removed or
// merged into another, or at is -1.
func (ix *Index) successor(id string, at int) (parse.RuleID, string) {
	if at < 0 || at+1 >= len(ix.revs) {
		return parse.RuleID{}, ""
	}
	h := ix.lin.History(at, id)
	if len(h) < 2 {
		return parse.RuleID{}, ""
	}
	end := h[len(h)-1]
	if end.Rev != ix.revs[len(ix.revs)-1] || end.ID == "" || end.ID == id {
		return parse.RuleID{}, ""
	}
	now, err := parse.ParseRuleID(end.ID)
	if err != nil {
		return parse.RuleID{}, ""
	}
	// at is the last revision with id and the latest has it not: the
	// number changed in the revision after at.
	return now, ix.revs[at+1]
}

// wasTitle returns the span of revisions in which id had the title name.
func (ix *Index) wasTitle(id, name string) (string, string) {
	for i := len(ix.revs) - 1; i >= 0; i-- {
		if t := ix.lin.Title(i, id); strings.EqualFold(parse.Normalize(t), name) {
			return t, ix.span(id, t, i)
		}
	}
	return "", ""
}

func (ix *Index) span(id, title string, last int) string {
	first := last
	for first > 0 && ix.lin.Title(first-1, id) == title {
		first--
	}
	if first == last {
		return ix.revs[first]
	}
	return ix.revs[first] + ".." + ix.revs[last]
}
