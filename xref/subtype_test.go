package xref_test

import (
	"testing"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/xref"
)

// TestSubtypeTerms: in 2026-01-16 lowercase "case", "the role of…" and
// "a … background" are English, not the subtypes Case, Role and
// Background, which link only where written as names; terms the CR writes
// in lowercase (plane, scheme, a dungeon's room) link in any case.
func TestSubtypeTerms(t *testing.T) {
	revs, docs := corpustest.Docs(t)
	d := docs[len(revs)-1]
	g := xref.Build(d)
	lower, capital := map[string]int{}, map[string]int{}
	var texts []string
	for _, id := range d.IDs() {
		r := d.Rule(id)
		texts = append(texts, r.Title+"\n"+r.Text)
		for _, e := range r.Examples {
			texts = append(texts, e.Text)
		}
	}
	for _, e := range d.Glossary {
		for _, p := range e.Definition {
			texts = append(texts, p.Text)
		}
	}
	for _, text := range texts {
		for _, m := range g.Terms(text) {
			if w := text[m.Start:m.End]; w[0] >= 'a' && w[0] <= 'z' {
				lower[m.Entry.Term]++
			} else {
				capital[m.Entry.Term]++
			}
		}
	}
	for _, term := range []string{"Case", "Role", "Background"} {
		if lower[term] > 0 || capital[term] == 0 {
			t.Errorf("%s: %d lowercase links (want none), %d capitalised (want some)", term, lower[term], capital[term])
		}
	}
	for _, term := range []string{"Plane", "Scheme", "Room"} {
		if lower[term] == 0 {
			t.Errorf("%s: no lowercase links, want the CR's lowercase uses linked", term)
		}
	}
}
