package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crules/crules"
)

// TestExport: export writes a revision's published bytes, whose SHA-256 is
// the manifest's (encoding, byte-order mark and line endings as
// published), to stdout or to a file that parse then reads; a bad
// revision is exit 2 and writes nothing.
func TestExport(t *testing.T) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	t.Chdir(t.TempDir())
	for _, sel := range []string{"1999-04-23", "2005-10-01", "2008-05-01", "latest"} {
		r, err := lib.Select(sel)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "export", sel)
		sum := sha256.Sum256([]byte(out))
		if code != 0 || hex.EncodeToString(sum[:]) != r.Revision().SHA256 {
			t.Errorf("export %s: exit %d, %d bytes of SHA-256 %x, want %s: %s", sel, code, len(out), sum, r.Revision().SHA256, errs)
		}
	}
	if code, _, errs := run(t, "export", "2005-10-01", "-o", "MagicCompRules.txt"); code != 0 || !strings.Contains(errs, "wrote MagicCompRules.txt") {
		t.Fatalf("export -o: exit %d %s", code, errs)
	}
	if code, out, _ := run(t, "parse", "MagicCompRules.txt", "--stats"); code != 0 || !strings.Contains(out, `"effective": "2005-10-01"`) {
		t.Errorf("parse of the exported file: exit %d %.300s", code, out)
	}
	if code, out, _ := run(t, "export", "1850", "-o", "old.txt"); code != 2 || out != "" {
		t.Errorf("export 1850: exit %d, stdout %q", code, out)
	}
	if names, _ := filepath.Glob("*"); len(names) != 1 {
		t.Errorf("files written: %v, want MagicCompRules.txt alone", names)
	}
	if _, err := os.Stat("old.txt"); err == nil {
		t.Error("export 1850 -o old.txt wrote old.txt")
	}
}

// TestSimExample: sim --help describes the scenario format itself (its
// header, sections, statements, checks and refusals), and --example prints
// a scenario that passes.
func TestSimExample(t *testing.T) {
	_, help, _ := run(t, "sim", "--help")
	for _, want := range []string{"rev:", "keyword:", "-- cards --", "-- script: NAME --", "casts", "expect", "illegal", "#"} {
		if !strings.Contains(help, want) {
			t.Errorf("sim --help does not describe %q:\n%s", want, help)
		}
	}
	if strings.Contains(help, "README") {
		t.Error("sim --help sends the reader to the README")
	}
	t.Chdir(t.TempDir())
	code, out, _ := run(t, "sim", "--example")
	if code != 0 || !strings.Contains(out, "-- script:") {
		t.Fatalf("sim --example: exit %d %.200s", code, out)
	}
	os.WriteFile("example.txt", []byte(out), 0o644)
	if code, out, errs := run(t, "sim", "example.txt"); code != 0 || !strings.Contains(out, "0 failed") {
		t.Errorf("sim of the example: exit %d %.300s %s", code, out, errs)
	}
	if code, _, _ := run(t, "sim", "--example", "example.txt"); code != 2 {
		t.Errorf("sim --example FILE: exit %d, want 2", code)
	}
}
