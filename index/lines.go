package index

import (
	"fmt"
	"slices"
	"strings"
)

// linesKey is where an all-revisions index keeps the lineage of its
// documents (Doc.Line) by content key: "key\tline" lines, sorted. It is
// kept apart from the documents because adding a revision moves the
// lineage of most rules but changes few documents (see Extend).
const linesKey = "crules-lines"

// encodeLines encodes the lineage of docs, those that have one.
func encodeLines(docs []Doc) []byte {
	var ls []string
	for i := range docs {
		if docs[i].Line != "" {
			ls = append(ls, docs[i].key+"\t"+docs[i].Line)
		}
	}
	slices.Sort(ls)
	if len(ls) == 0 {
		return nil
	}
	return []byte(strings.Join(ls, "\n") + "\n")
}

func decodeLines(b []byte) (map[string]string, error) {
	out := map[string]string{}
	if len(b) == 0 {
		return out, nil
	}
	for n, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		k, v, ok := strings.Cut(l, "\t")
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("lineage line %d: %q", n+1, l)
		}
		out[k] = v
	}
	return out, nil
}

// lineOf returns the lineage of the document with content key key, ""
// in an index of one revision.
func (ix *Index) lineOf(key string) string {
	ix.linesOnce.Do(func() {
		if ix.lines != nil {
			return
		}
		ix.lines = map[string]string{}
		if raw, err := ix.bleve.GetInternal([]byte(linesKey)); err == nil {
			if m, err := decodeLines(raw); err == nil {
				ix.lines = m
			}
		}
	})
	return ix.lines[key]
}
