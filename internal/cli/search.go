package cli

import (
	"errors"
	"fmt"

	"strings"
	"sync"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/index"
	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/parse"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

type searchOptions struct {
	docFlags
	Query   string
	AllRevs bool
	Limit   int
	JSON    bool
}

func newSearchCmd(env *Env, runF func(*searchOptions) error) *cobra.Command {
	o := &searchOptions{}
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Search the rules, examples and glossary in words",
		Long: `Search ranks the rules, subrules, examples and glossary entries of a revision
for a query in words. Plain words are matched with English stemming; "quoted
phrases" must appear as written; field:value narrows (title:splice,
kind:glossary, keyword:ninjutsu, era:502). Old and modern wording find each
other (exile / removed from the game). A bare rule number is looked up.

--all-revs searches every revision at once, one hit per rule across its
renumbering, with the revisions it was in. The index is built on first use
and cached (see 'crules index').`,
		Example: `  crules search "splice onto arcane"
  crules search mana burn --all-revs
  crules search 'kind:glossary deathtouch' --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badRequest("search needs a query (usage: %s)", cmd.UseLine())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Query = strings.Join(args, " ")
			if o.AllRevs && (o.File != "" || cmd.Flags().Changed("rev")) {
				return badRequest("--all-revs searches every embedded revision; it takes no --rev or --file")
			}
			if o.Limit < 1 || o.Limit > index.MaxLimit {
				return badRequest("--limit must be 1–%d", index.MaxLimit)
			}
			if runF != nil {
				return runF(o)
			}
			return runSearch(env, o)
		},
	}
	o.docFlags.register(cmd, env)
	cmd.Flags().BoolVar(&o.AllRevs, "all-revs", false, "search every embedded revision")
	cmd.Flags().IntVar(&o.Limit, "limit", 10, "at most this many hits")
	cmd.Flags().BoolVar(&o.JSON, "json", false, "print JSON")
	return cmd
}

type searchJSON struct {
	Query string      `json:"query"`
	Rev   string      `json:"rev,omitempty"`
	Hits  []index.Hit `json:"hits"`
	// When nothing matches: words of the rules close to the query's
	// ("did you mean"), and the query's words too common to be indexed.
	Suggestions []string `json:"suggestions,omitempty"`
	Unindexed   []string `json:"unindexed,omitempty"`
}

// newSearchJSON is the answer to a search; when nothing matches, it says
// what might.
func newSearchJSON(ix *index.Index, q, rev string, hits []index.Hit) searchJSON {
	j := searchJSON{Query: q, Rev: rev, Hits: hits}
	if len(hits) == 0 {
		j.Hits = []index.Hit{}
		j.Suggestions = ix.Suggest(q, 5)
		j.Unindexed = ix.Unindexed(q)
	}
	return j
}

// message says what newSearchJSON found for a query that matched nothing.
func (j searchJSON) message() string {
	msg := ""
	if len(j.Suggestions) > 0 {
		msg = "; did you mean: " + strings.Join(j.Suggestions, ", ")
	}
	if len(j.Unindexed) > 0 {
		msg += "; too common to be indexed: " + strings.Join(j.Unindexed, ", ")
	}
	return msg
}

func runSearch(env *Env, o *searchOptions) error {
	if id, err := parse.ParseRuleID(o.Query); err == nil && id.Rule > 0 {
		// A bare rule number: the lookup answers it exactly.
		return runRule(env, &ruleOptions{docFlags: o.docFlags, ID: o.Query, JSON: o.JSON})
	}
	ix, rev, err := searchIndex(env, o.docFlags, o.AllRevs)
	if err != nil {
		return err
	}
	defer ix.Close()
	hits, err := ix.Search(o.Query, index.Options{Limit: o.Limit})
	if err != nil {
		if errors.Is(err, index.ErrBadQuery) {
			return badRequest("%v", err)
		}
		return err
	}
	j := newSearchJSON(ix, o.Query, rev, hits)
	if o.JSON {
		if err := writeJSON(env.Stdout, j); err != nil {
			return err
		}
	}
	if len(hits) == 0 {
		return notFound("nothing matches %q in %s%s", o.Query, rev, j.message())
	}
	if o.JSON {
		return nil
	}
	p := printer{w: env.Stdout, color: env.Color}
	for i, h := range hits {
		if i > 0 {
			p.printf("\n")
		}
		where := h.Rev
		if len(h.Revs) > 1 {
			where = revSpan(h.Revs)
		}
		id := h.ID
		if h.Kind == index.KindGlossary {
			id = "glossary"
		}
		if len(h.IDs) > 1 {
			id = strings.Join(h.IDs, " → ")
		}
		p.printf("%s  %s  (%s)\n", p.bold(id), h.Title, where)
		if h.Snippet != "" { // a heading ("702.47. Splice") has no text of its own
			p.printf("    %s\n", p.highlight(h.Snippet, h.Marks))
		}
	}
	return p.err
}

// revSpan prints the revisions of a hit as runs: "2003-07-01 … 2009-05-01".
func revSpan(revs []string) string {
	if len(revs) == 0 {
		return ""
	}
	if len(revs) == 1 {
		return revs[0]
	}
	return fmt.Sprintf("%s … %s, %d revisions", revs[0], revs[len(revs)-1], len(revs))
}

// highlight marks the matched ranges: bold on a terminal, as is otherwise.
func (p *printer) highlight(s string, marks [][2]int) string {
	if !p.color || len(marks) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range marks {
		if m[0] < last || m[1] > len(s) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString("\x1b[1;33m" + s[m[0]:m[1]] + "\x1b[0m")
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// searchIndex opens the index the flags ask for: a cached one for an
// embedded revision (built on first use), one of all revisions, or an
// in-memory one for a file on disk.
func searchIndex(env *Env, f docFlags, allRevs bool) (*index.Index, string, error) {
	if f.File != "" {
		l, err := f.load(env)
		if err != nil {
			return nil, "", err
		}
		ix, err := index.BuildMem(index.Documents(l.Doc, l.Rev))
		return ix, l.Rev, err
	}
	a, err := env.archive()
	if err != nil {
		return nil, "", err
	}
	if allRevs {
		ix, err := openIndex(env, a, "all", func(bar func(int, int)) ([]index.Doc, error) { return allRevDocs(env, a, bar) })
		return ix, "all revisions", err
	}
	r, err := a.Select(f.Rev)
	if err != nil {
		var u *corpus.UnknownRevisionError
		if errors.As(err, &u) {
			return nil, "", badRequest("%v", err)
		}
		return nil, "", err
	}
	ix, err := openIndex(env, a, r.Name(), func(func(int, int)) ([]index.Doc, error) {
		l, err := loadRevision(a, r)
		if err != nil {
			return nil, err
		}
		return index.Documents(l.Doc, r.Name()), nil
	})
	return ix, r.Name(), err
}

// buildLocks serialises builds of one index within this process (a server
// answering two first searches at once); across processes, index.Build's
// rename keeps whichever finishes first.
var buildLocks sync.Map

// openIndex opens the cached index named name, building it when it is
// missing, stale (another corpus or mapping version) or corrupt.
func openIndex(env *Env, a *corpus.Archive, name string, docs func(bar func(done, total int)) ([]index.Doc, error)) (*index.Index, error) {
	dir, err := cache.Path(a.Hash(), "index-"+name, index.MappingVersion)
	if err != nil {
		return nil, err
	}
	if ix, err := index.Open(dir); err == nil {
		return ix, nil
	}
	mu, _ := buildLocks.LoadOrStore(dir, &sync.Mutex{})
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()
	if ix, err := index.Open(dir); err == nil {
		return ix, nil // built while we waited
	}
	var bar *progressbar.ProgressBar
	progress := func(done, total int) {}
	if env.Terminal && !env.quiet {
		bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(env.Stderr), progressbar.OptionSetDescription("crules: indexing "+name),
			progressbar.OptionClearOnFinish(), progressbar.OptionShowCount(), progressbar.OptionThrottle(100_000_000))
		progress = func(done, total int) {
			bar.ChangeMax(total)
			_ = bar.Set(done)
		}
	}
	ds, err := docs(progress)
	if err != nil {
		return nil, err
	}
	if err := index.Build(dir, ds, func(done int) { progress(done, len(ds)) }); err != nil {
		return nil, fmt.Errorf("building the search index in %s: %w", dir, err)
	}
	if bar != nil {
		_ = bar.Finish()
	}
	return index.Open(dir)
}

// allRevDocs are the documents of every revision, merged and grouped by
// lineage.
func allRevDocs(env *Env, a *corpus.Archive, progress func(done, total int)) ([]index.Doc, error) {
	l, err := loadLineage(env, a)
	if err != nil {
		return nil, err
	}
	docs, err := parseAll(a)
	if err != nil {
		return nil, err
	}
	per := make([][]index.Doc, len(docs))
	for i, r := range a.Revisions() {
		per[i] = index.Documents(docs[i], r.Name())
		progress(i+1, len(docs))
	}
	return index.Merge(per, l.Next), nil
}
