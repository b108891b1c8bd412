package lexicon_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/lexicon"
)

func Example() {
	lex := lexicon.Default()
	words := strings.Fields("when this comes into play remove target card from the game")
	fmt.Println(strings.Join(lex.Canonical(words), " "))
	text := lexicon.ToLowerASCII([]byte("Removed from the Game: a card removed from the game is in the removed-from-the-game zone."))
	fmt.Println(lexicon.CountPhrase(text, "removed from the game"))
	fmt.Println(lexicon.Shift([]int{42, 40, 41, 0, 0}))
	// Output:
	// when this enters remove target card from the game
	// 2
	// 3
}

func ExampleLexicon_OtherNames() {
	lex := lexicon.Default()
	fmt.Println(lex.OtherNames("mana value"))
	fmt.Println(lex.OtherNames("Exile"))
	// Output:
	// [converted mana cost]
	// [remove from the game removed-from-the-game removed from the game]
}

func ExampleLexicon_NamesAt() {
	lex := lexicon.Default()
	date := func(s string) corpus.Date {
		t, _ := time.Parse(time.DateOnly, s)
		return corpus.Date{Time: t}
	}
	fmt.Println(lex.NamesAt("enters", date("2005-10-01")))
	fmt.Println(lex.NamesAt("state-based effects", date("2026-01-16")))
	fmt.Println(lex.NamesAt("removed from the game", date("2026-01-16"))[:2])
	// Output:
	// [enters the battlefield comes into play]
	// [state-based actions state based actions]
	// [exiled exile]
}
