package diff_test

import (
	"strings"
	"testing"

	"github.com/crules/crules/diff"
	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/lexicon"
	"github.com/crules/crules/parse"
)

func corpusDocs(t testing.TB) []*parse.Document {
	_, docs := corpustest.Docs(t)
	return docs
}

// keywordRules maps the titles of the keyword abilities of d to their
// rules: the titled rules of chapter 502 (1999–2009) or 702.
func keywordRules(d *parse.Document) map[string]*parse.Rule {
	ch := d.Chapter(702)
	if d.Era == parse.Era502 {
		ch = d.Chapter(502)
	}
	out := map[string]*parse.Rule{}
	if ch == nil {
		return out
	}
	for _, r := range ch.Rules {
		if r.Title != "" {
			out[strings.ToLower(parse.Normalize(r.Title))] = r
		}
	}
	return out
}

// TestKeywordsMatchThemselves is the ground truth of the matcher: a
// keyword ability's rule, named in its heading, is matched to the rule of
// the same name in the next revision; across the 2009 rewrite the 502.x
// keyword subrules are matched to subrules of the 702.x rule of the same
// keyword.
func TestKeywordsMatchThemselves(t *testing.T) {
	docs := corpusDocs(t)
	lex := lexicon.Default()
	total, good := 0, 0
	for i := 1; i < len(docs); i++ {
		a, b := docs[i-1], docs[i]
		res := diff.Compare(a, b, lex)
		ka, kb := keywordRules(a), keywordRules(b)
		for name, ra := range ka {
			rb, ok := kb[name]
			if !ok {
				continue
			}
			total++
			p, _ := res.Match(0, ra.ID)
			if p.B == rb {
				good++
			} else {
				got := "nothing"
				if p.B != nil {
					got = p.B.ID.String()
				}
				t.Logf("%s→%s: %s (%s) matched to %s, want %s", a.Name, b.Name, ra.ID, name, got, rb.ID)
			}
		}
	}
	rate := float64(good) / float64(total)
	t.Logf("keyword rules matched to themselves over all %d adjacent pairs: %d of %d (%.2f%%)", len(docs)-1, good, total, 100*rate)
	if rate < 0.995 {
		t.Errorf("%.2f%% of keyword rules matched to themselves, want at least 99.5%%", 100*rate)
	}
}

func TestRewrite2009KeywordSubrules(t *testing.T) {
	docs := corpusDocs(t)
	var a, b *parse.Document
	for i, d := range docs {
		if strings.Contains(d.Name, "2009-07-11") {
			a, b = docs[i-1], d
		}
	}
	res := diff.Compare(a, b, lexicon.Default())
	ka, kb := keywordRules(a), keywordRules(b)
	total, good := 0, 0
	for name, ra := range ka {
		rb, ok := kb[name]
		if !ok {
			continue
		}
		for _, sub := range ra.Children {
			total++
			p, _ := res.Match(0, sub.ID)
			if p.B != nil && p.B.ID.Parent() == rb.ID {
				good++
			} else {
				got := "nothing"
				if p.B != nil {
					got = p.B.ID.String()
				}
				t.Logf("%s (%s) matched to %s (%s), want a subrule of %s", sub.ID, name, got, p.Class, rb.ID)
			}
		}
	}
	rate := float64(good) / float64(total)
	t.Logf("2009-05-01→2009-07-11: %d of %d keyword subrules matched into their keyword (%.2f%%)", good, total, 100*rate)
	if rate < 0.95 {
		t.Errorf("%.2f%% of 502.x keyword subrules matched to their 702.x counterparts, want at least 95%%", 100*rate)
	}
}

// TestCompareIsDeterministic: comparing the same two revisions twice gives
// the same pairs with the same scores, to the last bit, so that change
// pages and goldens do not move between runs (sums of word weights once
// ran in a map's random order).
func TestCompareIsDeterministic(t *testing.T) {
	docs := corpusDocs(t)
	var a, b *parse.Document
	for i, d := range docs {
		if strings.Contains(d.Name, "2009-07-11") {
			a, b = docs[i-1], d
		}
	}
	first := diff.Compare(a, b, lexicon.Default())
	for run := 0; run < 3; run++ {
		again := diff.Compare(a, b, lexicon.Default())
		if len(again.Pairs) != len(first.Pairs) {
			t.Fatalf("run %d: %d pairs, first run %d", run, len(again.Pairs), len(first.Pairs))
		}
		for k, p := range again.Pairs {
			q := first.Pairs[k]
			if p.A != q.A || p.B != q.B || p.Class != q.Class || p.Score != q.Score || p.Via != q.Via {
				t.Fatalf("run %d, pair %d: %v %v %v %v, first run %v %v %v %v", run, k, p.A != nil, p.B != nil, p.Class, p.Score, q.A != nil, q.B != nil, q.Class, q.Score)
			}
		}
	}
}
