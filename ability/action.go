package ability

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/crules/crules/game"
)

// A keyword action (701) whose definition is a template of the effect
// table: "For a player to mill a number of cards, that player puts that
// many cards from the top of their library into their graveyard."
//
//	action = ("For a player to" | "To") VERB ("a number of cards" | "a card") ", " ("that player" | "they") EFFECT
//
// EFFECT is an entry of the effect table of card text
// (game.ParseEffect) in which "that many" is the action's number (ByN).
var reAction = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(?:for a player to|to) (\w+) (?:a number of cards|a card), (?:that player|they) (.+)$`)
})

var actionCache sync.Map // definition → game.Effect or error

// CompileAction reads a keyword action's definition, the first
// sentence of its rule: the verb it defines and the instruction it
// means. It returns an error when the definition is no template the
// grammar knows.
func CompileAction(def string) (verb string, e game.Effect, err error) {
	type compiled struct {
		verb string
		e    game.Effect
		err  error
	}
	if v, ok := actionCache.Load(def); ok {
		c := v.(compiled)
		return c.verb, c.e, c.err
	}
	first, _, _ := strings.Cut(strings.TrimSpace(def), ". ")
	first = strings.TrimSuffix(first, ".")
	m := reAction().FindStringSubmatch(first)
	if m == nil {
		err = fmt.Errorf("no keyword action template at %q", first)
	} else {
		verb = strings.ToLower(m[1])
		e, err = game.ParseEffect(m[2])
	}
	actionCache.Store(def, compiled{verb, e, err})
	return verb, e, err
}
