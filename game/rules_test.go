package game

import (
	"testing"
	"unicode/utf8"

	"github.com/crules/crules/internal/corpustest"
	"github.com/crules/crules/parse"
)

// foldRunes is fold as it was written first, rune by rune: the reference
// the byte-wise fold must agree with.
func foldRunes(s string) string {
	s = parse.LossyQuotes(s)
	b := make([]byte, 0, len(s))
	for _, c := range s {
		switch {
		case c >= 'A' && c <= 'Z':
			b = append(b, byte(c+'a'-'A'))
		case c == '\u2019' || c == '\u2018':
			b = append(b, '\'')
		case c == '\u201c' || c == '\u201d':
			b = append(b, '"')
		case c == '\n' || c == '\r' || c == '\t' || c == ' ':
			if len(b) == 0 || b[len(b)-1] != ' ' {
				b = append(b, ' ')
			}
		default:
			b = utf8.AppendRune(b, c)
		}
	}
	return string(b)
}

// TestFold: the folded text of every rule of every revision is the one
// the rune-by-rune reference gives, and the short cases around the
// three-byte quotes too.
func TestFold(t *testing.T) {
	for _, s := range []string{"", "A", "Don’t “Tap”\r\n", "\u2014—é™", "\xe2\x80", "a\xe2\x80\x99", "\u2020\u201e"} {
		if got, want := string(fold(nil, s)), foldRunes(s); got != want && utf8.ValidString(s) {
			t.Errorf("fold(%q) = %q, want %q", s, got, want)
		}
	}
	revs, docs := corpustest.Docs(t)
	for i, d := range docs {
		d.Walk(func(r *parse.Rule) bool {
			if got, want := string(fold(nil, r.Text)), foldRunes(r.Text); got != want {
				t.Fatalf("%s %s: fold gives %q, want %q", revs[i].Name(), r.ID, got, want)
			}
			return true
		})
	}
}

// BenchmarkRulesFind: the first citation an engine looks up in the
// latest revision, which folds the text of every rule outside the keyword
// chapters.
func BenchmarkRulesFind(b *testing.B) {
	_, docs := corpustest.Docs(b)
	d := docs[len(docs)-1]
	b.ReportAllocs()
	for b.Loop() {
		if r := NewRules(d).Find("mana ability"); r.IsZero() {
			b.Fatal("no rule says mana ability")
		}
	}
}

// TestRulesCachedAllocs: once a citation is found, finding it again, by
// Find or FindUnder, allocates nothing (the engine asks for the same
// state-based actions at every priority) and gives the same rule; Find
// and FindUnder of the same phrases are kept apart.
func TestRulesCachedAllocs(t *testing.T) {
	_, docs := corpustest.Docs(t)
	r := NewRules(docs[len(docs)-1])
	titles := []string{"State-Based Actions", "State-Based Effects"}
	phrases := []string{"if a player has 0 or less life", "a player with 0 or less life loses the game"}
	under, find := r.FindUnder(titles, phrases...), r.Find(phrases...)
	if under.IsZero() || find.IsZero() {
		t.Fatal("no rule says a player with 0 or less life loses")
	}
	if got := r.FindUnder(nil, phrases...); !got.IsZero() {
		t.Errorf("FindUnder under no title found %s: it shares Find's cache", got.ID)
	}
	if n := testing.AllocsPerRun(100, func() {
		if r.FindUnder(titles, phrases...) != under || r.Find(phrases...) != find {
			t.Fatal("a cached citation changed")
		}
	}); n != 0 {
		t.Errorf("a cached citation costs %v allocations, want 0", n)
	}
}

// TestIsSubtype: the subtypes a revision lists, creature types and the
// others (205.3g–q today, the glossary's lists in 2006), and not a word
// that is none.
func TestIsSubtype(t *testing.T) {
	names, docs := corpustest.Docs(t)
	for i, d := range docs {
		name := names[i].Name()
		r := NewRules(d)
		want := map[string]bool{"Goblin": true, "Equipment": true, "Aura": true, "Forest": true, "Arcane": true, "Purple": false, "Grizzly Bears": false}
		switch name {
		case "2006-10-01", "2026-01-16":
		default:
			continue
		}
		for w, ok := range want {
			if got := r.IsSubtype(w); got != ok {
				t.Errorf("%s: IsSubtype(%q) = %v, want %v", name, w, got, ok)
			}
		}
		if name == "2026-01-16" && !r.IsSubtype("Siege") {
			t.Errorf("%s: Siege (205.3q, a battle type) is not a subtype", name)
		}
	}
	// 2003-10-01 to 2004-06-01 list no land types but the basic ones
	// (212.6d): those are subtypes, a nonbasic one is not.
	for i, d := range docs {
		name := names[i].Name()
		if name < "2003-10-01" || name > "2004-06-01" {
			continue
		}
		r := NewRules(d)
		for w, ok := range map[string]bool{"Plains": true, "Island": true, "Swamp": true, "Mountain": true, "Forest": true, "Forests": false, "Desert": false, "Lair": false} {
			if got := r.IsSubtype(w); got != ok {
				t.Errorf("%s: IsSubtype(%q) = %v, want %v (212.6d)", name, w, got, ok)
			}
		}
	}
}
