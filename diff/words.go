package diff

import (
	"strings"
	"sync"
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
func WordDiff(a, b string) []Op {
	wa, wb := splitKeepSpace(a), splitKeepSpace(b)
	// Trim the common prefix and suffix: most changes are small.
	p := 0
	for p < len(wa) && p < len(wb) && wa[p] == wb[p] {
		p++
	}
	s := 0
	for s < len(wa)-p && s < len(wb)-p && wa[len(wa)-1-s] == wb[len(wb)-1-s] {
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
	for _, w := range wa[:p] {
		add(Equal, w)
	}
	ma, mb := wa[p:len(wa)-s], wb[p:len(wb)-s]
	for _, op := range lcsOps(ma, mb) {
		add(op.Kind, op.Text)
	}
	for _, w := range wa[len(wa)-s:] {
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

// lcsOps diffs two word lists by longest common subsequence. Lists longer
// than a few thousand words fall back to delete-all, insert-all.
var dpPool = sync.Pool{New: func() any { return new([]int16) }}

func lcsOps(a, b []string) []Op {
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
	for i, w := range a {
		k, ok := num[w]
		if !ok {
			k = int32(len(num))
			num[w] = k
		}
		an[i] = k
	}
	for j, w := range b {
		k, ok := num[w]
		if !ok {
			k = -1 // in b only
		}
		bn[j] = k
	}
	// dp[i][j] = LCS length of a[i:], b[j:]; below 2,000 (n*m is at most
	// 4,000,000), so int16. The table is reused, not cleared: every cell
	// is written before it is read but for the last row and column, set
	// here.
	bp := dpPool.Get().(*[]int16)
	defer dpPool.Put(bp)
	if cap(*bp) < (n+1)*(m+1) {
		*bp = make([]int16, (n+1)*(m+1))
	}
	dp := (*bp)[:(n+1)*(m+1)]
	clear(dp[n*(m+1):])
	for i := range n {
		dp[i*(m+1)+m] = 0
	}
	at := func(i, j int) int16 { return dp[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		ai, row, next := an[i], dp[i*(m+1):(i+1)*(m+1)], dp[(i+1)*(m+1):(i+2)*(m+1)]
		for j := m - 1; j >= 0; j-- {
			v := next[j]
			if ai == bn[j] {
				v = next[j+1] + 1
			} else if w := row[j+1]; w > v {
				v = w
			}
			row[j] = v
		}
	}
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case an[i] == bn[j]:
			ops = append(ops, Op{Equal, a[i]})
			i, j = i+1, j+1
		case at(i+1, j) >= at(i, j+1):
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
