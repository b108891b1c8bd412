package index

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/parse"
)

// publishedOffsets returns the function that maps a byte offset in
// parse.Typography(text) to the same place in text: each character Typography
// replaced before it is longer in text. One pass over text per hit, a
// binary search per offset.
func publishedOffsets(text string) func(int) int {
	if !strings.ContainsAny(text, parse.TypographyChars) {
		return func(n int) int { return n }
	}
	var at []int    // offsets in the normalised text of each replaced character
	var extra []int // bytes text holds beyond the normalised text up to and with it
	shift := 0
	for i := 0; ; {
		k := strings.IndexAny(text[i:], parse.TypographyChars)
		if k < 0 {
			break
		}
		_, size := utf8.DecodeRuneInString(text[i+k:])
		at = append(at, i+k-shift)
		shift += size - 1
		extra = append(extra, shift)
		i += k + size
	}
	return func(n int) int {
		k, _ := slices.BinarySearch(at, n) // replaced characters before n
		if k == 0 {
			return n
		}
		return min(n+extra[k-1], len(text))
	}
}
