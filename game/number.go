package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxNumber bounds every number a card or a scenario writes: life,
// damage, counters, power and toughness, a keyword's N, X. Rules have no
// such bound, but a script's numbers are read into machine integers that
// the engine adds and multiplies, and a number past this one is a typo
// or an attack, never a game.
const MaxNumber = 1_000_000

// MaxRepeat bounds how many times a script may repeat a choice that the
// engine carries out once per repetition ("multikicker N", "mode N").
const MaxRepeat = 1_000

// ParseNumber reads a whole number from min to max, with an optional
// sign. Its error says what was expected, for the caller to place.
func ParseNumber(s string, min, max int) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if errors.Is(err, strconv.ErrRange) || err == nil && (n < min || n > max) {
		return 0, fmt.Errorf("%s is out of range: expected a number from %d to %d", s, min, max)
	}
	if err != nil || strings.HasPrefix(s, "+-") {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return n, nil
}
