package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.svg")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(p, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != data {
			t.Errorf("read back %q, %v; want %q", got, err, data)
		}
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files left in the folder, want 1", len(es))
	}
	if err := Write(filepath.Join(dir, "no-such-folder", "x"), nil); err == nil {
		t.Error("writing into a missing folder: no error")
	}
}
