package diff

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// lcsTable is lcsOps as the plain table of L(i, j) computes it: the
// reference the bit-parallel one must follow step for step.
func lcsTable(a, b []string) []Op {
	n, m := len(a), len(b)
	L := make([][]int, n+1)
	for i := range L {
		L[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				L[i][j] = L[i+1][j+1] + 1
			} else {
				L[i][j] = max(L[i+1][j], L[i][j+1])
			}
		}
	}
	var ops []Op
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			ops = append(ops, Op{Equal, a[i]})
			i, j = i+1, j+1
		case L[i+1][j] >= L[i][j+1]:
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

// TestLCSOpsTable: the bit-parallel diff takes the table's path exactly,
// on random word lists of every length around the 64-bit word boundaries
// (few distinct words, so that ties are many) and on rule texts.
func TestLCSOpsTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	vocab := []string{"the", " ", "creature", ",", "card", "a", "b"}
	list := func(n, k int) []string {
		w := make([]string, n)
		for i := range w {
			w[i] = vocab[rng.IntN(k)]
		}
		return w
	}
	for round := range 3000 {
		n, m := rng.IntN(200), rng.IntN(200)
		if round < 300 {
			n, m = round%20, round/20
		}
		a, b := list(n, 2+rng.IntN(len(vocab)-1)), list(m, 2+rng.IntN(len(vocab)-1))
		if got, want := lcsOps(a, b, a, b), lcsTable(a, b); !slices.Equal(got, want) {
			t.Fatalf("lcsOps(%q, %q)\n = %v\nwant %v", a, b, got, want)
		}
	}
	a := splitKeepSpace("702.47a Splice is a static ability that functions while a card is in your hand. \"Splice onto [subtype] [cost]\" means \"You may reveal this card from your hand as you cast a [subtype] spell. If you do, copy this card's text box onto that spell and pay [cost] as an additional cost to cast that spell.\"")
	b := splitKeepSpace(strings.ReplaceAll(strings.ReplaceAll(strings.Join(a, ""), "card", "object"), "spell", "spell or ability"))
	if got, want := lcsOps(a, b, a, b), lcsTable(a, b); !slices.Equal(got, want) {
		t.Errorf("splice:\n got %v\nwant %v", got, want)
	}
}
