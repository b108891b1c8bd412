package index

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// typography maps each character the CR and its readers write in more
// than one way to the one way a keyboard types it: curly quotes and
// primes to ' and ", dashes to -, non-breaking and narrow spaces to a
// space. Each is one character for one, so offsets map back (see
// publishedOffsets).
var typography = map[rune]byte{
	'‘': '\'', '’': '\'', '′': '\'', '`': '\'',
	'“': '"', '”': '"', '″': '"',
	'–': '-', '—': '-', '―': '-', '‒': '-', '−': '-',
	'\u00a0': ' ', '\u2007': ' ', '\u2009': ' ', '\u202f': ' ',
}

// typographyChars lists the keys of typography, for a quick scan.
var typographyChars = func() string {
	var b strings.Builder
	for r := range typography {
		b.WriteRune(r)
	}
	return b.String()
}()

// Typography is the one normaliser of typography that search applies to
// what it indexes and to every query: ’ ‘ ′ → ', “ ” ″ → ", – — ― ‒ − →
// -, non-breaking and narrow spaces → a space. "can’t" and "can't", "601.2f–h"
// and "601.2f-h" are then the same words. Each character becomes one,
// nothing is dropped: Typography(Typography(s)) == Typography(s).
func Typography(s string) string {
	if !strings.ContainsAny(s, typographyChars) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if c, ok := typography[r]; ok {
			b.WriteByte(c)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// publishedOffsets returns the function that maps a byte offset in
// Typography(text) to the same place in text: each character Typography
// replaced before it is longer in text. One pass over text per hit, a
// binary search per offset.
func publishedOffsets(text string) func(int) int {
	if !strings.ContainsAny(text, typographyChars) {
		return func(n int) int { return n }
	}
	var at []int    // offsets in the normalised text of each replaced character
	var extra []int // bytes text holds beyond the normalised text up to and with it
	shift := 0
	for i := 0; ; {
		k := strings.IndexAny(text[i:], typographyChars)
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
