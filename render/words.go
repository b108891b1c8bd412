package render

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crules/crules/diff"
)

// The context a word diff keeps around its changes: about elideKeep
// characters of common text on each side of a change, and common text is
// cut only when that leaves at least elideMin characters out.
const (
	elideKeep = 60
	elideMin  = 10
)

// elide splits common text s of a word diff into what to show before the
// cut, the words cut, and what to show after: the context a reader needs
// around a change, not the whole rule (one added creature type in 205.3m,
// not the list of them all). changeBefore and changeAfter say whether a
// change precedes or follows s. head+cut+tail is s; cut is "" when s is
// short enough to show whole. Cuts fall between words, at white space:
// head ends before a space, tail starts after one, so that no snippet
// starts or ends inside a word.
func elide(s string, changeBefore, changeAfter bool) (head, cut, tail string) {
	n := utf8.RuneCountInString(s)
	var i, j int // s[i:j] is cut
	switch {
	case changeBefore && changeAfter && n > 3*elideKeep:
		i, j = headEnd(s, elideKeep), tailStart(s, elideKeep)
	case changeAfter && !changeBefore && n > elideKeep+elideMin:
		i, j = 0, tailStart(s, elideKeep)
	case changeBefore && !changeAfter && n > elideKeep+elideMin:
		i, j = headEnd(s, elideKeep), len(s)
	default:
		return s, "", ""
	}
	if i < 0 || j < 0 || utf8.RuneCountInString(s[max(i, 0):max(j, i)]) < elideMin {
		return s, "", ""
	}
	return s[:i], s[i:j], s[j:]
}

// headEnd is where a head of about keep characters of s ends: at the
// last white space within them, or else the first after; -1 for none.
func headEnd(s string, keep int) int {
	at := byteOffset(s, keep)
	if k := strings.LastIndexAny(s[:at], " \n\t"); k > 0 {
		return k
	}
	if k := strings.IndexAny(s[at:], " \n\t"); k >= 0 {
		return at + k
	}
	return -1
}

// tailStart is where a tail of about keep characters of s starts: after
// the first white space within them, or else the last before; -1 for
// none.
func tailStart(s string, keep int) int {
	at := byteOffset(s, utf8.RuneCountInString(s)-keep)
	if k := strings.IndexAny(s[at:], " \n\t"); k >= 0 && at+k+1 < len(s) {
		return at + k + 1
	}
	if k := strings.LastIndexAny(s[:at], " \n\t"); k >= 0 {
		return k + 1
	}
	return -1
}

// byteOffset is the offset in s of its rune n.
func byteOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// A wordOp is one run of a word diff as a page prints it: common text,
// deleted or inserted. Common text far from the changes is elided: Text
// is shown, then Cut behind a control that shows it (ID names the
// control, unique on the page), then Tail.
type wordOp struct {
	Kind      int // 0 equal, 1 deleted, 2 inserted
	Text      string
	Cut, Tail string
	ID        string
}

// wordOps is the word diff from ta to tb as the change and history pages
// print it (template "words"), nil when the texts are the same: common
// text elided around the changes as the text printer elides it, the words
// left out behind a control. id prefixes the IDs of its controls, which
// must be unique on the page.
func wordOps(ta, tb, id string) []wordOp {
	if ta == tb {
		return nil
	}
	return elideOps(diff.WordDiff(ta, tb), id)
}

// elideOps is the word diff ops for the "words" template, as wordOps.
func elideOps(ops []diff.Op, id string) []wordOp {
	out := make([]wordOp, 0, len(ops))
	for i, op := range ops {
		w := wordOp{Kind: int(op.Kind), Text: op.Text}
		if op.Kind == diff.Equal {
			w.Text, w.Cut, w.Tail = elide(op.Text, i > 0, i < len(ops)-1)
			if w.Cut != "" {
				w.ID = id + "-more-" + strconv.Itoa(i)
			}
		}
		out = append(out, w)
	}
	return out
}
