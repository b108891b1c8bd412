package corpus

import (
	"bytes"
	"fmt"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// EOLs records the line endings of a published file so that its canonical
// text ("\n" only) can be turned back into the published bytes: every
// terminator is Default except those whose index (0-based, counting
// terminators) is listed under another kind.
type EOLs struct {
	Default string `json:"default"` // "crlf", "lf" or "cr"
	CRLF    []int  `json:"crlf,omitempty"`
	LF      []int  `json:"lf,omitempty"`
	CR      []int  `json:"cr,omitempty"`
}

var eolBytes = map[string]string{"crlf": "\r\n", "lf": "\n", "cr": "\r"}

// Canonicalize turns decoded text into its canonical form, every line ended
// by "\n", and returns the line endings it replaced.
func Canonicalize(text []byte) ([]byte, EOLs) {
	out := make([]byte, 0, len(text))
	var kinds []string
	count := map[string]int{}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '\r':
			k := "cr"
			if i+1 < len(text) && text[i+1] == '\n' {
				k = "crlf"
				i++
			}
			kinds = append(kinds, k)
			count[k]++
			out = append(out, '\n')
		case '\n':
			kinds = append(kinds, "lf")
			count["lf"]++
			out = append(out, '\n')
		default:
			out = append(out, c)
		}
	}
	e := EOLs{Default: "lf"}
	best := -1
	for _, k := range []string{"crlf", "lf", "cr"} {
		if count[k] > best {
			e.Default, best = k, count[k]
		}
	}
	for i, k := range kinds {
		if k == e.Default {
			continue
		}
		switch k {
		case "crlf":
			e.CRLF = append(e.CRLF, i)
		case "lf":
			e.LF = append(e.LF, i)
		case "cr":
			e.CR = append(e.CR, i)
		}
	}
	return out, e
}

// Encode rebuilds published bytes from canonical text: line endings from
// eols, then the character encoding and byte-order mark named by enc.
func Encode(canonical []byte, enc string, eols EOLs) ([]byte, error) {
	def, ok := eolBytes[eols.Default]
	if !ok {
		return nil, fmt.Errorf("corpus: unknown line ending %q", eols.Default)
	}
	except := map[int]string{}
	for k, idx := range map[string][]int{"crlf": eols.CRLF, "lf": eols.LF, "cr": eols.CR} {
		for _, i := range idx {
			except[i] = eolBytes[k]
		}
	}
	text := make([]byte, 0, len(canonical)+bytes.Count(canonical, []byte("\n")))
	n := 0
	for _, c := range canonical {
		if c != '\n' {
			text = append(text, c)
			continue
		}
		if e, ok := except[n]; ok {
			text = append(text, e...)
		} else {
			text = append(text, def...)
		}
		n++
	}
	var e encoding.Encoding
	switch enc {
	case "utf-8":
		return text, nil
	case "utf-8-bom":
		return append([]byte{0xEF, 0xBB, 0xBF}, text...), nil
	case "utf-16le-bom":
		e = unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
	case "utf-16be-bom":
		e = unicode.UTF16(unicode.BigEndian, unicode.UseBOM)
	case "windows-1252":
		e = charmap.Windows1252
	default:
		return nil, fmt.Errorf("corpus: unknown encoding %q", enc)
	}
	out, err := e.NewEncoder().Bytes(text)
	if err != nil {
		return nil, fmt.Errorf("corpus: encoding %s: %w", enc, err)
	}
	return out, nil
}
