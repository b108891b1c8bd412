package render

import (
	"encoding/json"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/crules/crules/index"
	"github.com/crules/crules/parse"
)

// staticIndex is what search.js searches for one revision of a written
// site ({rev}/search-index.js): the documents a server's search index
// holds for the revision (index.Documents), each with its fields as the
// index analyses them, so that the script ranks as the server does.
//
// Terms are numbers into Terms; a field is its terms, in base 36,
// separated by spaces, "." where the analyzer dropped a stop word (none
// at the end of a document's field: no phrase needs their places).
type staticIndex struct {
	Rev     string             `json:"rev"`
	Ranking map[string]float64 `json:"ranking"` // index.Ranking
	// Synonyms are index.SynonymPairs: the other era's wording.
	Synonyms [][2]string `json:"synonyms"`
	Terms    []string    `json:"terms"`
	// Vocab maps each word of the revision as printed, in lower case (a
	// term of the words field), to the term the body holds for it, -1
	// for a stop word: how search.js analyses a query's plain words.
	Vocab map[string]int `json:"vocab"`
	// Titles are the headings documents carry, each with its stemmed
	// terms (stop words at its end too).
	Titles [][2]string `json:"titles"`
	// Docs: kind, rule number ("glossary" for an entry), title (a number
	// into Titles), lead (1 for a rule that opens its chapter or
	// keyword), bare (1 for a heading rule with no text of its own), link
	// from the site's root, order (equal scores are ordered by it: the
	// server orders them by their keys), the text a hit shows, and the
	// body, words and heading fields. Most bodies are what Vocab makes of
	// their words, after their title's terms (1) or alone (0, a glossary
	// entry's): then the number stands for the field.
	Docs [][11]any `json:"docs"`
}

// searchIndex writes {rev}/search-index.js for revision i, a script that
// calls crulesSearchIndex (defined by search.js) with its staticIndex: a
// script, not JSON, so that it loads from file:// too.
func (s *Site) searchIndex(w io.Writer, i int) error {
	r, err := s.rev(i)
	if err != nil {
		return err
	}
	x := staticIndex{Rev: r.name, Ranking: index.Ranking(), Synonyms: index.SynonymPairs(), Vocab: map[string]int{}}
	termNo := map[string]int{}
	encode := func(terms []string) string {
		var b strings.Builder
		for k, t := range terms {
			if k > 0 {
				b.WriteByte(' ')
			}
			if t == "" {
				b.WriteByte('.')
				continue
			}
			n, ok := termNo[t]
			if !ok {
				n = len(x.Terms)
				termNo[t] = n
				x.Terms = append(x.Terms, t)
			}
			b.WriteString(strconv.FormatInt(int64(n), 36))
		}
		return b.String()
	}
	field := func(terms []string) string {
		for len(terms) > 0 && terms[len(terms)-1] == "" {
			terms = terms[:len(terms)-1] // stop words at the end: no phrase needs their places
		}
		return encode(terms)
	}
	// derive is the body Vocab makes of the words of a field: each word's
	// stemmed term, "" for a stop word.
	derive := func(words []string) []string {
		out := make([]string, len(words))
		for k, w := range words {
			if n, ok := x.Vocab[w]; ok && n >= 0 {
				out[k] = x.Terms[n]
			}
		}
		return out
	}
	titleNo := map[string]int{}
	var titleStems [][]string
	a := index.NewTermAnalyzer()
	stemmed := func(text string) []string { _, body := a.Terms(text); return body }
	docs := index.Documents(r.doc, r.name)
	for k := range docs {
		d := &docs[k]
		printed, body, words := terms(a, d)
		// The word at a body term's place is what a reader types for it.
		for p, word := range printed {
			if _, ok := x.Vocab[word]; ok || word == "" {
				continue
			}
			x.Vocab[word] = -1
			if body[p] != "" {
				field([]string{body[p]})
				x.Vocab[word] = termNo[body[p]]
			}
		}
		t, ok := titleNo[d.Title]
		if !ok {
			t = len(x.Titles)
			titleNo[d.Title] = t
			titleStems = append(titleStems, stemmed(d.Title))
			x.Titles = append(x.Titles, [2]string{d.Title, encode(titleStems[t])})
		}
		var bodyField any
		switch derived := derive(words); {
		case slices.Equal(derived, body):
			bodyField = 0
		case slices.Equal(slices.Concat(titleStems[t], derived), body):
			bodyField = 1
		default:
			bodyField = field(body)
		}
		href := ""
		text := d.Text
		switch d.Kind {
		case index.KindGlossary:
			href = r.glossHref(d.Title)
			text = d.Title + ": " + text
		case index.KindChapter:
		default:
			if id, err := parse.ParseRuleID(d.ID); err == nil {
				href = r.ruleHref(id)
			}
		}
		if d.Subrules != "" {
			text = d.Subrules
		}
		if href != "" {
			href = r.name + "/" + href
		}
		x.Docs = append(x.Docs, [11]any{d.Kind, d.ID, t, flag(d.Lead == "yes"), flag(d.IsBare()), href, d.Key(),
			strings.Join(strings.Fields(text), " "), bodyField, field(words), field(stemmed(d.Heading))})
	}
	order := make([]int, len(x.Docs))
	for k := range order {
		order[k] = k
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(x.Docs[a][6].(string), x.Docs[b][6].(string)) })
	for n, k := range order {
		x.Docs[k][6] = n
	}
	b, err := json.Marshal(x)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(w, "crulesSearchIndex("); err != nil {
		return err
	}
	_, err = w.Write(append(b, ");\n"...))
	return err
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A SearchPage is what a search page shows: the query, the revision
// searched and those to choose from, and the result or what went wrong.
type SearchPage struct {
	Query string
	Rev   string   // the revision searched
	Revs  []string // the revisions to choose from, newest first
	// Result is the search's answer, nil before a query or after Err.
	Result *index.Result
	// Err is why the query was not answered (a bad query, say).
	Err error
}

// searchHit is a line of the search page.
type searchHit struct {
	URL, Label, Title, Rev string
	Snippet                template.HTML
}

// SearchPage writes the search page of a server: the page of
// Site.Search, laid out as the other pages, with the form (the words, the
// revision) and the hits, each linked to its place in the reference.
func (s *Site) SearchPage(w io.Writer, p SearchPage) error {
	s.init()
	root := ""
	if strings.HasPrefix(s.Search, "/") {
		root = "/"
	}
	data := searchData{Action: s.Search, Query: p.Query, Rev: p.Rev, Revs: p.Revs}
	if p.Err != nil {
		data.Error = p.Err.Error()
	}
	if res := p.Result; res != nil {
		for _, h := range res.Hits {
			hit := searchHit{Label: h.ID, Title: h.Title, Rev: h.Rev, Snippet: markHTML(h.Snippet, h.Marks)}
			if h.Kind == index.KindGlossary {
				hit.Label, hit.Title, hit.URL = h.Term, "", s.GlossaryURL(h.Rev, h.Term)
			} else if id, err := parse.ParseRuleID(h.ID); err == nil {
				hit.URL = s.RuleURL(h.Rev, id)
			}
			if hit.URL != "" {
				hit.URL = root + hit.URL
			}
			data.Hits = append(data.Hits, hit)
		}
		if len(res.Hits) == 0 && p.Query != "" {
			data.Error, data.Suggestions = "Nothing matches.", res.Suggestions
			if len(res.Unindexed) > 0 {
				data.Error += " Too common to be indexed: " + strings.Join(res.Unindexed, ", ") + "."
			}
		}
	}
	return s.searchLayout(w, data)
}

// searchData is what the search template needs.
type searchData struct {
	Action, Query, Rev, Error string
	Revs, Suggestions         []string
	Hits                      []searchHit
	Static                    bool // search.js fills in the hits
}

func (s *Site) searchLayout(w io.Writer, data searchData) error {
	b, err := body("search", data)
	if err != nil {
		return err
	}
	title := "Search · Comprehensive Rules"
	if data.Query != "" {
		title = data.Query + " · " + title
	}
	return s.layout(w, layout{Title: title, H1: "Search", Body: b, noForm: true})
}

// staticSearchPage writes search.html of a written site: the form, with
// the revisions the site holds (the newest chosen), and search.js, which
// reads ?q= and ?rev=, loads {rev}/search-index.js and lists the hits.
func (s *Site) staticSearchPage(w io.Writer) error {
	var revs []string
	for _, r := range s.Revs {
		revs = append(revs, r.Name)
	}
	for _, r := range s.kept {
		revs = append(revs, r.Name)
	}
	slices.Sort(revs)
	slices.Reverse(revs)
	data := searchData{Action: "search.html", Revs: slices.Compact(revs), Static: true}
	if len(data.Revs) > 0 {
		data.Rev = data.Revs[0]
	}
	return s.searchLayout(w, data)
}

// markHTML escapes a snippet and wraps its matches in <mark>.
func markHTML(s string, marks [][2]int) template.HTML {
	var b strings.Builder
	for _, seg := range Segments(s, marks) {
		if seg.Marked {
			b.WriteString("<mark>" + template.HTMLEscapeString(seg.Text) + "</mark>")
		} else {
			b.WriteString(template.HTMLEscapeString(seg.Text))
		}
	}
	return template.HTML(b.String()) // #nosec: escaped above
}

// terms returns the terms of d's body as printed and stemmed, and of its
// words. The body is its title and its text, and the words its text or
// the body itself (see index.Documents): the text is analysed once for
// both, the tokenizer breaking at the line between title and text.
func terms(a *index.TermAnalyzer, d *index.Doc) (printed, body, words []string) {
	if d.Words == d.Body {
		printed, body = a.Terms(d.Body)
		return printed, body, printed
	}
	title, text, ok := strings.Cut(d.Body, "\n")
	if !ok || text != d.Words || d.Words == "" {
		printed, body = a.Terms(d.Body)
		words, _ = a.Terms(d.Words)
		return printed, body, words
	}
	tp, tb := a.Terms(title)
	words, wb := a.Terms(text)
	return slices.Concat(tp, words), slices.Concat(tb, wb), words
}
