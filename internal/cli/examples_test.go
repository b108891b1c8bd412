package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelpExamples runs every line of every command's Example help, in a
// folder holding the files the examples name, and fails on exit 2: an
// example that the command refuses teaches the wrong thing.
func TestHelpExamples(t *testing.T) {
	seed, err := filepath.Abs("../../../shared/seeds/001_f6e5894a2328e0af.txt")
	if err != nil {
		t.Fatal(err)
	}
	full, err := filepath.Abs("../../../shared/corpus/CR-2005-10-01.txt")
	if err != nil {
		t.Fatal(err)
	}
	src, err := filepath.Abs("../../cite/testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	scenarios, err := filepath.Abs("../../scenario")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for name, from := range map[string]string{"MagicCompRules.txt": full, "excerpt.txt": seed} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for dir, target := range map[string]string{"src": src, "Mage/src/main/java/mage/abilities/keyword": src, "scenario": scenarios} {
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, dir); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, c := range NewRootCmd(&Env{}).Commands() {
		for line := range strings.Lines(c.Example) {
			line, _, _ = strings.Cut(strings.TrimSpace(line), " |") // a pipe into another program
			line, _, _ = strings.Cut(line, " #")                    // a comment, as a shell reads it
			words := shellWords(line)
			if len(words) == 0 || words[0] != "crules" || heavyExample(words) {
				continue
			}
			n++
			if code, _, errs := run(t, words[1:]...); code == ExitBad {
				t.Errorf("%s: the example of %q exits 2: %s", line, c.Name(), errs)
			}
		}
	}
	if n < 20 {
		t.Errorf("ran %d examples, want at least 20", n)
	}
}

// heavyExample tells the examples that build every revision's index, too
// slow for a unit test; the golden cases run their commands on fewer
// revisions.
func heavyExample(words []string) bool {
	return words[len(words)-1] == "--all-revs" || strings.Join(words, " ") == "crules check --all --json"
}

// shellWords splits a line as a shell would for the quoting examples use:
// single and double quotes, no escapes.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}
