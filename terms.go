package crules

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/crules/crules/internal/cache"
	"github.com/crules/crules/lexicon"
)

// TermsHelp says what Terms counts and dates, and what Discover mines,
// for the command line's help.
const TermsHelp = `Terms counts, in every embedded revision, each old and new phrase of the
terminology lexicon (play→cast, comes into play→enters the battlefield, …)
and dates the shift: the revision where the old phrase's count falls the
most (by at least a quarter, from at least 5).

A count is the number of case-insensitive whole-word occurrences of the
phrase in the whole text of the revision (glossary and credits included);
"play" does not count "player" or "played".

--discover A,B mines the phrase substitutions that recur across the matched
rules of two revisions, and marks those the lexicon already has.`

// Terms counts, in every embedded revision, the old and new phrases of
// each lexicon entry that mentions query ("" for all) and dates each
// shift. No entry mentioning it is ErrNoPhrase. The counts of every entry
// are made once and cached (see termUsage).
func (l *Library) Terms(query string) ([]lexicon.Usage, error) {
	l.reading(allRevs)
	all := lexicon.Default().Terms
	var pick []int
	q := strings.ToLower(query)
	for i, t := range all {
		if q == "" || strings.Contains(t.Old, q) || strings.Contains(t.New, q) {
			pick = append(pick, i)
		}
	}
	if len(pick) == 0 {
		return nil, &Error{Kind: ErrNoPhrase, Msg: fmt.Sprintf("no lexicon entry mentions %q (crules terms lists them all)", query)}
	}
	usage, err := l.termUsage(all)
	if err != nil {
		return nil, err
	}
	out := make([]lexicon.Usage, len(pick))
	for k, i := range pick {
		out[k] = usage[i]
	}
	return out, nil
}

// termsVersion changes with the format of the cached term counts (2:
// with a checksum).
const termsVersion = 2

// termUsage returns the usage of every term: from memory, else from the
// cache (keyed by the corpus and the terms themselves), else counted in
// one pass over the archive, a revision at a time, and cached, once for
// the processes sharing the cache (see cache.Lock).
func (l *Library) termUsage(terms []lexicon.Term) ([]lexicon.Usage, error) {
	l.termsMu.Lock()
	defer l.termsMu.Unlock()
	if l.terms != nil {
		return l.terms, nil
	}
	names := make([]string, len(l.revs))
	for i, r := range l.revs {
		names[i] = r.Name()
	}
	h := sha256.New()
	for _, t := range terms {
		fmt.Fprintf(h, "%q %q %q %q\n", t.Old, t.New, t.Since, t.Scope)
	}
	name := fmt.Sprintf("terms-%x", h.Sum(nil)[:6])
	path, err := l.cachePath(name, termsVersion)
	if err == nil {
		load := func() bool {
			var us []lexicon.Usage
			err := cache.Load(path, func(r io.Reader) error { return json.NewDecoder(r).Decode(&us) })
			if err == nil && usageFits(us, terms, names) {
				l.terms = us
			}
			return l.terms != nil
		}
		if load() {
			return l.terms, nil
		}
		// Another process may be counting them: wait for it, then look again.
		release, lockErr := cache.Lock(path)
		defer release()
		if load() {
			return l.terms, nil
		}
		if lockErr == nil {
			cache.RemoveTemps(path) // left by an interrupted build
		}
	}
	old, cur := make([][]int, len(terms)), make([][]int, len(terms))
	for k := range terms {
		old[k], cur[k] = make([]int, len(names)), make([]int, len(names))
	}
	from := l.termsBefore(name, terms, names, old, cur)
	task := fmt.Sprintf("counting the lexicon's phrases in the %d revisions (once, usually 2 s; cached in %s)", len(names)-from, path)
	l.progress(task, 0, len(names))
	var mu sync.Mutex
	done := 0
	count := func(i int, text []byte) {
		lower := lexicon.ToLowerASCII(text)
		for k, t := range terms {
			old[k][i], cur[k][i] = lexicon.CountPhrase(lower, t.Old), lexicon.CountPhrase(lower, t.New)
		}
		mu.Lock()
		done++
		l.progress(task, done, len(names))
		mu.Unlock()
	}
	type job struct {
		i    int
		text []byte
	}
	jobs, wait := workers(func(j job) { count(j.i, j.text) })
	if from > 0 {
		done = from
		for i := from; i < len(names) && err == nil; i++ {
			var text []byte
			if text, err = l.archive.Text(l.revs[i].r); err == nil {
				jobs <- job{i, text}
			}
		}
	} else {
		err = l.eachText(func(i int, text []byte) error {
			jobs <- job{i, text}
			return nil
		})
	}
	close(jobs)
	wait()
	if err != nil {
		return nil, err
	}
	us := make([]lexicon.Usage, len(terms))
	for k, t := range terms {
		us[k] = lexicon.NewUsage(t, names, old[k], cur[k])
	}
	if path != "" {
		if err := cache.Store(path, func(w io.Writer) error { return json.NewEncoder(w).Encode(us) }); err != nil {
			l.notCached("the term counts", err)
		} else {
			cache.Prune(path, "terms-") // the counts of another lexicon or format
		}
	}
	l.terms = us
	return us, nil
}

// termsBefore fills old and cur (per term, per revision) with the counts
// cached for the revisions before the latest added ones, and returns how
// many revisions it filled: the counts of the others are all that is left
// to count. 0 when none are cached (see extendLineage).
func (l *Library) termsBefore(name string, terms []lexicon.Term, names []string, old, cur [][]int) int {
	added := 0
	for _, r := range l.revs {
		if r.IsAdded() {
			added++
		}
	}
	if l.archive.Replaces() {
		return 0
	}
	for n := added - 1; n >= 0; n-- {
		path, err := l.cachePathOf(l.archive.PrefixHash(n), name, termsVersion)
		if err != nil {
			return 0
		}
		var us []lexicon.Usage
		if cache.Load(path, func(r io.Reader) error { return json.NewDecoder(r).Decode(&us) }) != nil || !usageFits(us, terms, names[:len(names)-(added-n)]) {
			continue
		}
		for k, u := range us {
			for i, c := range u.Counts {
				old[k][i], cur[k][i] = c.Old, c.New
			}
		}
		return len(names) - (added - n)
	}
	return 0
}

// usageFits tells whether cached usages are of these terms in these
// revisions.
func usageFits(us []lexicon.Usage, terms []lexicon.Term, names []string) bool {
	if len(us) != len(terms) {
		return false
	}
	for k, u := range us {
		if u.Old != terms[k].Old || u.New != terms[k].New || len(u.Counts) != len(names) {
			return false
		}
		for i, c := range u.Counts {
			if c.Rev != names[i] {
				return false
			}
		}
	}
	return true
}
