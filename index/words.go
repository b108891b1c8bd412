package index

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// wordsKey is where an index keeps its vocabulary.
const wordsKey = "crules-words"

// vocabulary counts the words of the documents' bodies as printed (in lower
// case, not stemmed): what "did you mean" offers, since the index's own
// terms are stems ("specif", "abil").
func vocabulary(docs []Doc) map[string]int {
	v := map[string]int{}
	for i := range docs {
		for _, w := range strings.FieldsFunc(strings.ToLower(docs[i].Body), notWordRune) {
			w = strings.Trim(w, "'-")
			if utf8.RuneCountInString(w) >= 3 {
				v[w]++
			}
		}
	}
	return v
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '-' }

// encodeWords writes a vocabulary as "word\tcount" lines, sorted.
func encodeWords(v map[string]int) []byte {
	words := make([]string, 0, len(v))
	for w := range v {
		words = append(words, w)
	}
	slices.Sort(words)
	var b bytes.Buffer
	for _, w := range words {
		fmt.Fprintf(&b, "%s\t%d\n", w, v[w])
	}
	return b.Bytes()
}

func decodeWords(b []byte) (map[string]int, error) {
	v := map[string]int{}
	for n, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		w, c, ok := strings.Cut(line, "\t")
		count, err := strconv.Atoi(c)
		if !ok || err != nil || w == "" {
			return nil, fmt.Errorf("vocabulary line %d: %q", n+1, line)
		}
		v[w] = count
	}
	return v, nil
}

// Suggest returns words of the rules close to the words of a query that
// found nothing, the closest and then the most frequent first: "did you
// mean".
func (ix *Index) Suggest(q string, n int) []string {
	terms, err := parseQuery(q)
	if err != nil {
		return nil
	}
	vocab := ix.vocabulary()
	type cand struct {
		word        string
		dist, count int
	}
	var cands []cand
	for _, t := range terms {
		for _, w := range strings.Fields(strings.ToLower(t.text)) {
			if utf8.RuneCountInString(w) < 3 || len(ix.analyze(w)) == 0 {
				continue // too short, or a stop word (see Unindexed)
			}
			for v, count := range vocab {
				if d := editDistance(w, v, 2); d > 0 && d <= 2 {
					cands = append(cands, cand{v, d, count})
				}
			}
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		if cands[i].count != cands[j].count {
			return cands[i].count > cands[j].count
		}
		return cands[i].word < cands[j].word
	})
	var out []string
	for _, c := range cands {
		if len(out) == n {
			break
		}
		if !slices.Contains(out, c.word) && len(ix.analyze(c.word)) > 0 {
			out = append(out, c.word)
		}
	}
	return out
}

// vocabulary returns the index's vocabulary, read once.
func (ix *Index) vocabulary() map[string]int {
	ix.wordsOnce.Do(func() {
		if ix.words != nil {
			return
		}
		raw, err := ix.bleve.GetInternal([]byte(wordsKey))
		if err == nil {
			ix.words, _ = decodeWords(raw)
		}
	})
	return ix.words
}
