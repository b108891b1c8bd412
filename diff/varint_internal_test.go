package diff

import (
	"encoding/binary"
	"testing"
)

// varintCases are the encodings decoder.uint and parse's reader take in
// place or hand on to binary.Uvarint: every length, its bounds, padded
// (non-minimal) forms, cut and overlong ones.
func varintCases() [][]byte {
	var cs [][]byte
	for _, v := range []uint64{0, 1, 127, 128, 255, 16383, 16384, 1<<21 - 1, 1 << 21, 1<<28 + 5, 1<<63 + 1} {
		b := binary.AppendUvarint(nil, v)
		cs = append(cs, b, append(b, 7), b[:len(b)-1])
	}
	return append(cs, []byte{0x80, 0}, []byte{0x81, 0x80, 0}, []byte{0xff, 0xff, 0xff, 0x7f},
		[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1}, nil)
}

// TestDecoderUint: the numbers the head's decoder reads in place are
// binary.Uvarint's, a failure fails the decoder.
func TestDecoderUint(t *testing.T) {
	for _, b := range varintCases() {
		d := &decoder{b: b}
		got := d.uint()
		want, n := binary.Uvarint(b)
		if n <= 0 {
			if d.err == nil || got != 0 {
				t.Errorf("% x: read %d, error %v; binary.Uvarint fails", b, got, d.err)
			}
			continue
		}
		if d.err != nil || got != want || len(d.b) != len(b)-n {
			t.Errorf("% x: read %d leaving %d bytes (error %v), binary.Uvarint %d leaving %d", b, got, len(d.b), d.err, want, len(b)-n)
		}
	}
}
