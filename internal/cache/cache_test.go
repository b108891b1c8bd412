package cache

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestPrune: an entry's older versions go, its temporary files and other
// entries stay.
func TestPrune(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"lineage.v4", "lineage.v7", ".lineage.v7.tmp123", "terms-abc.v1", "index-all.v9", "index-all.v10", "index-all.v10.tmp5", "index-2005-10-01.v9"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	Prune(filepath.Join(dir, "lineage.v7"), "lineage.v")
	Prune(filepath.Join(dir, "index-all.v10"), "index-all.v")
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want := []string{".lineage.v7.tmp123", "index-2005-10-01.v9", "index-all.v10", "index-all.v10.tmp5", "lineage.v7", "terms-abc.v1"}
	if !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
}

// TestLoadRefusesDamage: an entry altered anywhere (one bit, one digit of
// a count), cut short or lengthened fails Load, LoadBytes and MapBytes
// with ErrDamaged before it is decoded; the entry as written reads back.
func TestLoadRefusesDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "terms-x.v2")
	want := `[{"old":"mana burn","counts":[{"rev":"2004-10-01","old":12,"new":0}]}]` + "\n"
	if err := Store(path, func(w io.Writer) error { _, err := io.WriteString(w, want); return err }); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	read := func() (string, error) {
		var got []byte
		err := Load(path, func(r io.Reader) (err error) { got, err = io.ReadAll(r); return err })
		return string(got), err
	}
	readers := map[string]func() (string, error){
		"Load":      read,
		"LoadBytes": func() (string, error) { b, err := LoadBytes(path); return string(b), err },
		"MapBytes":  func() (string, error) { b, err := MapBytes(path); return string(b), err },
	}
	for name, read := range readers {
		if got, err := read(); err != nil || got != want {
			t.Fatalf("%s: read back %q, %v; want %q", name, got, err, want)
		}
	}
	var cases [][]byte
	for i := range good {
		bad := slices.Clone(good)
		bad[i] ^= 1 << (i % 8)
		cases = append(cases, bad)
		if c := good[i]; c >= '0' && c <= '8' {
			bad := slices.Clone(good)
			bad[i] = c + 1
			cases = append(cases, bad)
		}
	}
	cases = append(cases, good[:len(good)-1], good[:3], nil, append(slices.Clone(good), '\n'))
	for _, bad := range cases {
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		for name, read := range readers {
			if got, err := read(); !errors.Is(err, ErrDamaged) {
				t.Errorf("%s of %q: read %q, %v; want ErrDamaged", name, bad, got, err)
			}
		}
	}
}

// TestLock: a second holder of an entry's lock (another open of the lock
// file, as another process makes) waits until the first releases it.
func TestLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "lineage.v8")
	release, err := Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan func())
	go func() {
		r, err := Lock(path)
		if err != nil {
			t.Error(err)
		}
		got <- r
	}()
	select {
	case r := <-got:
		r()
		t.Fatal("the lock was taken twice at once")
	case <-time.After(100 * time.Millisecond):
	}
	release()
	select {
	case r := <-got:
		r()
	case <-time.After(10 * time.Second):
		t.Fatal("the lock was not handed on when released")
	}
}
