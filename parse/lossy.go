package parse

import "strings"

// LossyQuotes reads the "?" a lossy revision prints for every curly
// quotation mark, apostrophe and dash (2008-05-01: `?Flanking? means
// ?Whenever …?`, "owner?s"): between two letters it is an apostrophe; a
// "?" opening a word is an opening quotation mark and the next "?"
// closes it; " ? " is a dash; "s? " before a lower-case word is a plural
// possessive. Any other "?" is a question mark and stays.
func LossyQuotes(s string) string {
	if !strings.Contains(s, "?") {
		return s
	}
	b := []byte(s)
	open := false
	for i, c := range b {
		if c != '?' {
			continue
		}
		before, after := byte(' '), byte(' ')
		if i > 0 {
			before = b[i-1]
		}
		if i+1 < len(b) {
			after = b[i+1]
		}
		switch {
		case isLetter(before) && isLetter(after):
			b[i] = '\''
		case before == ' ' && after == ' ':
			b[i] = '-'
		case !open && (before == ' ' || before == '(' || before == '[' || before == '\n') && after != ' ':
			b[i], open = '"', true
		case open:
			b[i], open = '"', false
		case before == 's' && after == ' ' && i+2 < len(b) && b[i+2] >= 'a' && b[i+2] <= 'z':
			b[i] = '\''
		}
	}
	return string(b)
}
