package parse

import (
	"encoding/binary"
	"slices"
	"testing"
)

// TestRun: slices filled through one run, in turn and back again, hold
// what was added to each, whatever the array's growth, and appending to
// one does not write into another.
func TestRun(t *testing.T) {
	var r run[int]
	lists := make([][]int, 5)
	want := make([][]int, 5)
	// Mostly one after the other, sometimes back to an earlier one, past
	// several growths of the array.
	order := []int{0, 0, 0, 1, 1, 2, 0, 2, 2, 3, 1, 3, 4, 4, 4, 4, 0}
	for k := range 40 {
		for n, i := range order {
			v := k*100 + n
			r.add(&lists[i], v)
			want[i] = append(want[i], v)
		}
	}
	for i := range lists {
		if !slices.Equal(lists[i], want[i]) {
			t.Errorf("list %d: %v, want %v", i, lists[i], want[i])
		}
	}
	before := slices.Clone(lists[3])
	lists[2] = append(lists[2], -1)
	if !slices.Equal(lists[3], before) {
		t.Errorf("appending to list 2 changed list 3: %v, was %v", lists[3], before)
	}
}

// TestTreeReaderNumbers: the numbers the tree's reader reads in place are
// binary.Uvarint's and binary.Varint's; a failure is an error.
func TestTreeReaderNumbers(t *testing.T) {
	var cases [][]byte
	for _, v := range []uint64{0, 1, 127, 128, 255, 16383, 16384, 1<<21 - 1, 1 << 21, 1<<28 + 5, 1<<63 + 1} {
		b := binary.AppendUvarint(nil, v)
		cases = append(cases, b, append(b, 7), b[:len(b)-1])
	}
	cases = append(cases, []byte{0x80, 0}, []byte{0x81, 0x80, 0}, []byte{0xff, 0xff, 0xff, 0x7f},
		[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1}, nil)
	for _, b := range cases {
		r := &treeReader{b: b}
		got := r.uint()
		want, n := binary.Uvarint(b)
		if n <= 0 {
			if r.err == nil || got != 0 {
				t.Errorf("% x: uint %d, error %v; binary.Uvarint fails", b, got, r.err)
			}
		} else if r.err != nil || got != want || r.i != n {
			t.Errorf("% x: uint %d at %d (error %v), binary.Uvarint %d at %d", b, got, r.i, r.err, want, n)
		}
		r = &treeReader{b: b}
		goti := r.int()
		wanti, n := binary.Varint(b)
		if n <= 0 {
			if r.err == nil || goti != 0 {
				t.Errorf("% x: int %d, error %v; binary.Varint fails", b, goti, r.err)
			}
		} else if r.err != nil || int64(goti) != wanti || r.i != n {
			t.Errorf("% x: int %d at %d (error %v), binary.Varint %d at %d", b, goti, r.i, r.err, wanti, n)
		}
	}
	// The first error sticks: what follows a bad number reads as zeros.
	r := &treeReader{b: []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 1, 5, 0x85, 1}}
	if v := r.uint(); v != 0 || r.err == nil {
		t.Fatalf("an overlong number: %d, error %v", v, r.err)
	}
	for range 3 {
		if v := r.uint(); v != 0 {
			t.Errorf("a number after an error: %d, want 0", v)
		}
	}
}
