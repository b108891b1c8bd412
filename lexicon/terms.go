package lexicon

import (
	"bytes"
	"strings"
)

// CountPhrase counts the occurrences of phrase in text: case-insensitive,
// on whole words (not inside a longer word: "play" does not count "player"
// or "played"), over the whole text, glossary and credits included. This is
// the count `crules terms` reports.
func CountPhrase(lowerText []byte, phrase string) int {
	p := []byte(strings.ToLower(phrase))
	n := 0
	for i := 0; ; {
		k := bytes.Index(lowerText[i:], p)
		if k < 0 {
			return n
		}
		at := i + k
		end := at + len(p)
		if (at == 0 || !isWordChar(lowerText[at-1])) && (end == len(lowerText) || !isWordChar(lowerText[end])) {
			n++
		}
		i = at + 1
	}
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// ToLowerASCII lower-cases the ASCII letters of text, which is all
// CountPhrase needs, leaving other bytes alone.
func ToLowerASCII(text []byte) []byte {
	out := make([]byte, len(text))
	for i, c := range text {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// Shift finds where a phrase went out of use: the revision index i with the
// largest fall from counts[i-1] to counts[i], among falls of at least a
// quarter from a count of at least 5 ("enters the battlefield" fell from
// 181 to 104 when most uses became "enters"). It returns -1 when there is
// no such fall.
func Shift(counts []int) int {
	best, bestDrop := -1, 0
	for i := 1; i < len(counts); i++ {
		prev, cur := counts[i-1], counts[i]
		if prev >= 5 && 4*(prev-cur) >= prev && prev-cur > bestDrop {
			best, bestDrop = i, prev-cur
		}
	}
	return best
}
