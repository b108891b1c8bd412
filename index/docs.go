package index

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/crules/crules/parse"
)

// Kinds of indexed documents.
const (
	KindChapter  = "chapter"
	KindRule     = "rule"
	KindSubrule  = "subrule"
	KindExample  = "example"
	KindGlossary = "glossary"
)

// A Doc is one indexed document: a chapter heading, a rule or subrule, an
// example (with the ID of its rule), or a glossary entry (ID "glossary";
// a search Hit's ID is its term).
type Doc struct {
	ID      string   `json:"id"`
	Rev     string   `json:"rev"`  // the latest revision that has it
	Revs    []string `json:"revs"` // every revision that has it (all-revisions indexes)
	Era     string   `json:"era"`
	Kind    string   `json:"kind"`
	Title   string   `json:"title"`   // heading, the rule's heading for subrules and examples, or the term
	Text    string   `json:"text"`    // as published
	Keyword string   `json:"keyword"` // the keyword ability or action the rule belongs to
	Body    string   `json:"body"`    // title and text, for ranking plain words
	Heading string   `json:"heading"` // a heading's own title
	// Subrules is, for a heading rule with no text of its own ("702.47.
	// Splice"), the text of its subrules: stored, for its snippet.
	Subrules string `json:"subrules,omitempty"`
	Lead     string `json:"lead"` // "yes" for a rule that opens its chapter or keyword
	// Words is what a quoted phrase matches: the text of a rule, subrule
	// or example, or a glossary entry's term and definition, in plain
	// typography. A chapter's and a heading rule's are empty: their
	// subrules hold the words.
	Words string `json:"words"`
	// Line identifies the rule across revisions and renumbering: its
	// number in the last revision it is in, and that revision
	// ("300.3@2009-05-01"); a glossary entry's is its term. Set by Merge.
	// It is neither indexed nor part of the bleve ID: adding a revision
	// moves the lineage of most rules, so an index keeps it in a table
	// beside the documents (see linesKey), rewritten when it is extended.
	Line string `json:"-"`

	key  string // the bleve document ID
	bare bool   // a heading rule with no text of its own ("702.19. Trample")
}

// Documents lists what a revision contributes to an index.
func Documents(d *parse.Document, rev string) []Doc {
	var docs []Doc
	era := string(d.Era)
	add := func(x Doc) {
		x.Rev, x.Era = rev, era
		x.Body = parse.Typography(x.Title) + "\n" + parse.Typography(x.Text)
		switch x.Kind {
		case KindGlossary:
			x.Words = parse.Typography(x.Title) + "\n" + parse.Typography(x.Text)
		case KindChapter:
		default:
			x.Words = parse.Typography(x.Text)
		}
		x.Revs = []string{rev}
		docs = append(docs, x)
	}
	for _, p := range d.Parts {
		for _, c := range p.Chapters {
			if !c.Implicit { // an excerpt's rules may have no chapter heading
				add(Doc{ID: c.ID.String(), Kind: KindChapter, Title: c.Title, Heading: c.Title})
			}
			keywordChapter := isKeywordChapter(c)
			var walk func(rs []*parse.Rule, heading string)
			walk = func(rs []*parse.Rule, heading string) {
				for _, r := range rs {
					title := heading
					if r.Title != "" {
						title = r.Title
					}
					kw := ""
					if keywordChapter && title != c.Title {
						kw = title
					}
					if !r.Implicit {
						kind := KindRule
						if r.ID.Level() == parse.LevelSubrule {
							kind = KindSubrule
						}
						lead := ""
						if leads(r.ID, keywordChapter) {
							lead = "yes"
						}
						x := Doc{ID: r.ID.String(), Kind: kind, Title: title, Heading: r.Title, Text: r.Text, Keyword: kw, Lead: lead}
						add(x)
						if r.Title != "" && r.Text == "" {
							// A heading rule ("702.47. Splice") stands for
							// its whole rule: rank it on its subrules' words.
							docs[len(docs)-1].Subrules = subrulesText(r)
							docs[len(docs)-1].bare = true
							docs[len(docs)-1].Body = parse.Typography(x.Title) + "\n" + parse.Typography(docs[len(docs)-1].Subrules)
						}
						for _, e := range r.Examples {
							add(Doc{ID: r.ID.String(), Kind: KindExample, Title: title, Text: e.Text, Keyword: kw})
						}
					}
					walk(r.Children, title)
				}
			}
			walk(c.Rules, c.Title)
		}
	}
	for _, g := range d.Glossary {
		var def []string
		for _, p := range g.Definition {
			def = append(def, p.Text)
		}
		add(Doc{ID: "glossary", Kind: KindGlossary, Title: g.Term, Heading: g.Term, Text: strings.Join(def, "\n")})
	}
	for i := range docs {
		docs[i].key = docKey(&docs[i])
	}
	return docs
}

func subrulesText(r *parse.Rule) string {
	var b strings.Builder
	for _, c := range r.Children {
		b.WriteString(c.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// leads tells the rules that usually define what their chapter or keyword
// is about: the first rule of a chapter and its first subrule, and the
// first subrule of a keyword.
func leads(id parse.RuleID, keywordChapter bool) bool {
	switch {
	case id.Rule == 1 && (id.Sub == "" || id.Sub == "a"):
		return true
	case keywordChapter && id.Sub == "a":
		return true
	}
	return false
}

func isKeywordChapter(c *parse.Chapter) bool {
	t := strings.ToLower(c.Title)
	return strings.Contains(t, "keyword abilities") || strings.Contains(t, "keyword actions")
}

// docKey identifies a document by what it says: kind, number, title and
// normalised text. Within one revision it is unique (examples differ by
// text); across revisions, the same key means the same rule unchanged.
func docKey(x *Doc) string {
	h := sha256.New()
	for _, s := range []string{x.Kind, x.ID, x.Title, parse.Normalize(x.Text)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// Next tells what rule id of revision i (counting revisions from 0, oldest
// first) became in revision i+1, "" if it was removed. A diff.Lineage's
// Next is one.
type Next func(i int, id string) string

// idSep separates the parts of a bleve document ID.
const idSep = "\x1f"

// bleveID is the ID a document is indexed under. It carries what ranking
// and grouping need of every candidate (kind, lead, number, revision,
// title; the lineage is looked up by the content key, see Index.lines),
// so that a search reads stored fields only for the hits it returns; the
// content key keeps it unique.
func bleveID(x *Doc) string {
	bare := ""
	if x.bare {
		bare = "bare"
	}
	return strings.Join([]string{x.key, x.Kind, x.Lead, x.ID, x.Rev, bare, x.Title}, idSep)
}

// idParts are the parts of a bleve document ID; bare is "bare" for a
// heading rule with no text of its own.
type idParts struct{ key, kind, lead, id, rev, bare, title string }

func parseBleveID(s string) idParts {
	p := strings.SplitN(s, idSep, 7)
	for len(p) < 7 {
		p = append(p, "")
	}
	return idParts{p[0], p[1], p[2], p[3], p[4], p[5], p[6]}
}

// Merge folds the documents of many revisions (oldest first) into one set
// for an all-revisions index: a rule whose text did not change is one
// document listing every revision it appears in. With next, every document
// also gets its lineage (Line), so that search can group the versions of a
// rule across renumbering: mana burn was 300.4 and then 300.3.
func Merge(perRev [][]Doc, next Next) []Doc {
	if next != nil {
		lines := make([]map[string]string, len(perRev))
		for i := len(perRev) - 1; i >= 0; i-- {
			lines[i] = map[string]string{}
			for k := range perRev[i] {
				x := &perRev[i][k]
				switch {
				case x.Kind == KindGlossary:
					x.Line = "glossary:" + strings.ToLower(parse.Normalize(x.Title))
				case x.Kind == KindChapter:
					x.Line = "chapter:" + x.ID
				default:
					if l, ok := lines[i][x.ID]; ok {
						x.Line = l
						continue
					}
					x.Line = x.ID + "@" + x.Rev
					if i+1 < len(perRev) {
						if b := next(i, x.ID); b != "" {
							if l, ok := lines[i+1][b]; ok {
								x.Line = l
							}
						}
					}
					lines[i][x.ID] = x.Line
				}
			}
		}
	}
	byKey := map[string]int{}
	var out []Doc
	for _, docs := range perRev {
		for _, x := range docs {
			if i, ok := byKey[x.key]; ok {
				out[i].Revs = append(out[i].Revs, x.Rev)
				out[i].Rev = x.Rev
				continue
			}
			byKey[x.key] = len(out)
			x.Revs = append([]string(nil), x.Revs...)
			out = append(out, x)
		}
	}
	return out
}
