package parse

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// Encoding names the character encoding a source was read in.
type Encoding string

// The encodings the CR has been published in.
const (
	UTF8       Encoding = "utf-8"
	UTF8BOM    Encoding = "utf-8-bom"
	UTF16LEBOM Encoding = "utf-16le-bom"
	UTF16BEBOM Encoding = "utf-16be-bom"
	// UTF16LE and UTF16BE are UTF-16 without a byte-order mark, read by
	// the byte order the text shows (Parse warns about it).
	UTF16LE     Encoding = "utf-16le"
	UTF16BE     Encoding = "utf-16be"
	Windows1252 Encoding = "windows-1252"
	// Mixed is a file some of whose lines are UTF-8 and others
	// Windows-1252 (two files pasted together): each line is read in the
	// encoding it is valid in, and Parse warns at each line read as
	// Windows-1252.
	Mixed Encoding = "utf-8+windows-1252"
)

// MaxSize is the largest input Parse accepts. The largest revision ever
// published is under 2 MB (UTF-16); anything far larger is not a CR.
const MaxSize = 32 << 20

// Decode turns the raw bytes of a CR file into UTF-8 text. It sniffs a
// byte-order mark (UTF-8, UTF-16LE, UTF-16BE), takes BOM-less input as
// UTF-8 when it is valid UTF-8, and as Windows-1252 otherwise. UTF-16
// without a BOM is read in the byte order its NUL bytes show (ASCII text
// stored in 16-bit units). Line endings are left as they are. It fails on
// binary data and on input larger than MaxSize.
//
// Input that is not valid UTF-8 is read line by line when some of its
// lines with other than ASCII are valid UTF-8 and others are not (Mixed):
// each line in the encoding it is valid in.
func Decode(src []byte) (string, Encoding, error) {
	text, enc, _, err := decode(src)
	return text, enc, err
}

// decode is Decode, also returning, for Mixed text, where it read
// Windows-1252.
func decode(src []byte) (string, Encoding, []legacyRun, error) {
	text, enc, err := decodeWhole(src)
	if err == nil && enc == Windows1252 {
		if mixed, legacy, ok := decodeMixed(src); ok {
			return mixed, Mixed, legacy, nil
		}
	}
	return text, enc, nil, err
}

func decodeWhole(src []byte) (string, Encoding, error) {
	if len(src) > MaxSize {
		return "", "", fmt.Errorf("%w: input is %.1f MB; no Comprehensive Rules text is larger than %d MB", ErrEncoding, float64(len(src))/(1<<20), MaxSize>>20)
	}
	switch {
	case bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF}):
		body := src[3:]
		if !utf8.Valid(body) {
			return "", "", fmt.Errorf("%w: UTF-8 byte-order mark, but invalid UTF-8 at byte %d", ErrEncoding, 3+invalidUTF8At(body))
		}
		return string(body), UTF8BOM, nil
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		return decodeWith(src, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), UTF16LEBOM)
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		return decodeWith(src, unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), UTF16BEBOM)
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		switch utf16Order(src) {
		case "little-endian":
			return decodeWith(src, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), UTF16LE)
		case "big-endian":
			return decodeWith(src, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), UTF16BE)
		}
		return "", "", fmt.Errorf("%w: binary data (NUL byte at offset %d), not a text file", ErrEncoding, i)
	}
	if utf8.Valid(src) {
		return string(src), UTF8, nil
	}
	return decodeWith(src, charmap.Windows1252, Windows1252)
}

func decodeWith(src []byte, e encoding.Encoding, name Encoding) (string, Encoding, error) {
	if name == UTF16LEBOM || name == UTF16BEBOM || name == UTF16LE || name == UTF16BE {
		if len(src)%2 != 0 {
			return "", "", fmt.Errorf("%w: %s text with an odd number of bytes (%d): truncated?", ErrEncoding, name, len(src))
		}
	}
	out, err := e.NewDecoder().Bytes(src)
	if err != nil {
		return "", "", fmt.Errorf("%w: %s: %v", ErrEncoding, name, err)
	}
	if i := bytes.IndexByte(out, 0); i >= 0 {
		return "", "", fmt.Errorf("%w: binary data (NUL character after decoding %s), not a text file", ErrEncoding, name)
	}
	return string(out), name, nil
}

// decodeMixed reads src line by line: a line valid as UTF-8 as it is, any
// other as Windows-1252. It reports false, reading nothing, when no line
// with other than ASCII is valid UTF-8: then the whole is Windows-1252.
// legacy lists the runs of lines read as Windows-1252.
func decodeMixed(src []byte) (text string, legacy []legacyRun, ok bool) {
	utf8Lines := false
	for rest := src; len(rest) > 0 && !utf8Lines; {
		l := rest[:lineEnd(rest)]
		rest = rest[len(l):]
		utf8Lines = !isASCII(l) && utf8.Valid(l)
	}
	if !utf8Lines {
		return "", nil, false
	}
	out := make([]byte, 0, len(src)+len(src)/8)
	inRun := false // in a run of lines not UTF-8, ASCII lines between them allowed
	for rest := src; len(rest) > 0; {
		l := rest[:lineEnd(rest)]
		rest = rest[len(l):]
		if utf8.Valid(l) {
			inRun = inRun && isASCII(l)
			out = append(out, l...)
			continue
		}
		first := true
		for _, c := range l {
			if c < utf8.RuneSelf {
				out = append(out, c)
				continue
			}
			if first {
				if !inRun {
					legacy = append(legacy, legacyRun{First: len(out)})
				}
				run := &legacy[len(legacy)-1]
				run.Last, run.Lines, first, inRun = len(out), run.Lines+1, false, true
			}
			out = utf8.AppendRune(out, charmap.Windows1252.DecodeByte(c))
		}
	}
	return string(out), legacy, true
}

// A legacyRun is a run of lines of a Mixed text read as Windows-1252,
// with only ASCII lines between them: the offsets in the text of the
// first character so read on its first and on its last line, and how
// many lines were.
type legacyRun struct{ First, Last, Lines int }

// lineEnd returns the length of the first line of b with its terminator
// ("\n", "\r\n" or "\r").
func lineEnd(b []byte) int {
	i := bytes.IndexAny(b, "\r\n")
	switch {
	case i < 0:
		return len(b)
	case b[i] == '\r' && i+1 < len(b) && b[i+1] == '\n':
		return i + 2
	}
	return i + 1
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// utf16Order guesses whether BOM-less bytes are UTF-16 text: most even (or
// odd) bytes are NUL, as in ASCII text stored in 16-bit units.
func utf16Order(src []byte) string {
	n := len(src)
	if n > 4096 {
		n = 4096
	}
	n &^= 1
	if n < 4 {
		return ""
	}
	var even, odd int
	for i := 0; i < n; i += 2 {
		if src[i] == 0 {
			even++
		}
		if src[i+1] == 0 {
			odd++
		}
	}
	half := n / 2
	switch {
	case odd*10 > half*8 && even*10 < half:
		return "little-endian"
	case even*10 > half*8 && odd*10 < half:
		return "big-endian"
	}
	return ""
}

func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}
