package diff

import (
	"math/bits"
	"strings"
)

// An Op is one step of a word-level difference.
type Op struct {
	Kind OpKind
	Text string
}

// OpKind says whether an Op's text is common, deleted or inserted.
type OpKind uint8

// Kinds of Op.
const (
	Equal OpKind = iota
	Delete
	Insert
)

// WordDiff returns the word-level difference from a to b: runs of common,
// deleted and inserted text, so that concatenating the Equal and Delete runs gives a, and the Equal and
// Insert runs gives b.
func WordDiff(a, b string) []Op { return WordDiffBy(a, b, nil) }

// WordDiffBy is WordDiff with words compared by key (nil: as they are):
// with parse.Typography, words that differ in typography alone are the
// same. Equal runs hold b's text, so that concatenating the Equal and
// Insert runs still gives b.
func WordDiffBy(a, b string, key func(string) string) []Op {
	wa, wb := splitKeepSpace(a), splitKeepSpace(b)
	ka, kb := keys(wa, key), keys(wb, key)
	// Trim the common prefix and suffix: most changes are small.
	p := 0
	for p < len(ka) && p < len(kb) && ka[p] == kb[p] {
		p++
	}
	s := 0
	for s < len(ka)-p && s < len(kb)-p && ka[len(ka)-1-s] == kb[len(kb)-1-s] {
		s++
	}
	// Runs of one kind are joined once, not word by word.
	var ops []Op
	var run []string
	var kind OpKind
	flush := func() {
		if len(run) > 0 {
			ops = append(ops, Op{kind, strings.Join(run, "")})
			run = run[:0]
		}
	}
	add := func(k OpKind, t string) {
		if t == "" {
			return
		}
		if k != kind {
			flush()
			kind = k
		}
		run = append(run, t)
	}
	for _, w := range wb[:p] {
		add(Equal, w)
	}
	for _, op := range lcsOps(wa[p:len(wa)-s], wb[p:len(wb)-s], ka[p:len(ka)-s], kb[p:len(kb)-s]) {
		add(op.Kind, op.Text)
	}
	for _, w := range wb[len(wb)-s:] {
		add(Equal, w)
	}
	flush()
	return coalesce(ops)
}

// coalesce joins the changes on either side of a bare space into one
// change, deletions before insertions: "[-comes into play-]{+enters the
// battlefield+}" rather than word by word.
func coalesce(ops []Op) []Op {
	var out []Op
	for i := 0; i < len(ops); {
		if ops[i].Kind == Equal {
			out = append(out, ops[i])
			i++
			continue
		}
		var del, ins string
		j := i
	run:
		for ; j < len(ops); j++ {
			switch {
			case ops[j].Kind == Delete:
				del += ops[j].Text
			case ops[j].Kind == Insert:
				ins += ops[j].Text
			case isBlank(ops[j].Text) && j+1 < len(ops) && ops[j+1].Kind != Equal:
				del += ops[j].Text
				ins += ops[j].Text
			default:
				break run
			}
		}
		if del != "" {
			out = append(out, Op{Delete, del})
		}
		if ins != "" {
			out = append(out, Op{Insert, ins})
		}
		i = j
	}
	return out
}

func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			return false
		}
	}
	return true
}

// keys is the key of each word, ws itself when key is nil.
func keys(ws []string, key func(string) string) []string {
	if key == nil {
		return ws
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = key(w)
	}
	return out
}

// lcsOps diffs two word lists by longest common subsequence of their keys
// (ka, kb), an equal word written as in b. Lists longer than a few
// thousand words fall back to delete-all, insert-all.
//
// The path is the one of the classic table of L(i, j), the length of the
// longest common subsequence of a[i:] and b[j:], walked from (0, 0): a
// common word is taken at once, else a deletion when L(i+1, j) ≥ L(i, j+1),
// else an insertion. The table is computed 64 columns at a time (Hyyrö's
// bit-parallel LCS, over both lists reversed), and its values read back
// from the bits on the walk: for splice's long texts this took a warm
// history splice from 115 to 8 million instructions.
func lcsOps(a, b, ka, kb []string) []Op {
	var ops []Op
	if len(a)*len(b) > 4_000_000 {
		for _, w := range a {
			ops = append(ops, Op{Delete, w})
		}
		for _, w := range b {
			ops = append(ops, Op{Insert, w})
		}
		return ops
	}
	n, m := len(a), len(b)
	// The words as numbers, compared many times over.
	num := make(map[string]int32, n)
	an, bn := make([]int32, n), make([]int32, m)
	for i, w := range ka {
		k, ok := num[w]
		if !ok {
			k = int32(len(num))
			num[w] = k
		}
		an[i] = k
	}
	// match[k] has bit m-1-j set where b[j] is word k of a: b reversed.
	words := (m + 63) / 64
	match := make([]uint64, len(num)*words)
	for j, w := range kb {
		k, ok := num[w]
		if !ok {
			k = -1 // in b only
		} else {
			c := m - 1 - j
			match[int(k)*words+c/64] |= 1 << (c % 64)
		}
		bn[j] = k
	}
	// rows[r] is the bit vector after a[n-r:] (reversed): a 0 at bit c
	// marks where the common length of a[n-r:] and b[m-c-1:] grows, so
	// L(i, j) is the count of zeros of rows[n-i] below bit m-j.
	rows := make([]uint64, (n+1)*words)
	for c := range rows[:words] {
		rows[c] = ^uint64(0)
	}
	for r := 1; r <= n; r++ {
		pm := match[int(an[n-r])*words : int(an[n-r]+1)*words]
		prev, row := rows[(r-1)*words:r*words], rows[r*words:(r+1)*words]
		var carry, borrow uint64
		for c, v := range prev {
			u := v & pm[c]
			var sum, diff uint64
			sum, carry = bits.Add64(v, u, carry)
			diff, borrow = bits.Sub64(v, u, borrow)
			row[c] = sum | diff
		}
	}
	// lcs is L(i, j).
	lcs := func(i, j int) int {
		row, k := rows[(n-i)*words:], m-j
		ones := 0
		for c := 0; c < k/64; c++ {
			ones += bits.OnesCount64(row[c])
		}
		if k%64 != 0 {
			ones += bits.OnesCount64(row[k/64] & (1<<(k%64) - 1))
		}
		return k - ones
	}
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case an[i] == bn[j]:
			ops = append(ops, Op{Equal, b[j]})
			i, j = i+1, j+1
		case lcs(i+1, j) >= lcs(i, j+1):
			ops = append(ops, Op{Delete, a[i]})
			i++
		default:
			ops = append(ops, Op{Insert, b[j]})
			j++
		}
	}
	for ; i < n; i++ {
		ops = append(ops, Op{Delete, a[i]})
	}
	for ; j < m; j++ {
		ops = append(ops, Op{Insert, b[j]})
	}
	return ops
}

// splitKeepSpace splits text into words and the runs of white space
// between them, each its own token.
func splitKeepSpace(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		j := i + 1
		space := isSpace(s[i])
		for j < len(s) && isSpace(s[j]) == space {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }
