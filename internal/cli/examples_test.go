package cli

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestHelpExamples runs the Example lines of every command's help as a
// user on a fresh machine would: in an empty folder of its own, in the
// order printed, a line's "> FILE" writing its output there. Only serve
// (it does not return) and lines piping into another program are left
// out; -short leaves out the examples over every revision too. An example
// the command refuses (exit 2) teaches the wrong thing.
func TestHelpExamples(t *testing.T) {
	n := 0
	var cmds []*cobra.Command
	for _, c := range NewRootCmd(&Env{}).Commands() {
		cmds = append(append(cmds, c), c.Commands()...)
	}
	for _, c := range cmds {
		if c.Example == "" || c.Name() == "serve" {
			continue
		}
		t.Run(c.CommandPath(), func(t *testing.T) {
			t.Chdir(t.TempDir())
			for line := range strings.Lines(c.Example) {
				line, _, _ = strings.Cut(strings.TrimSpace(line), " #") // a comment, as a shell reads it
				words := shellWords(line)
				if len(words) == 0 || words[0] != "crules" || slices.Contains(words, "|") {
					continue
				}
				if testing.Short() && heavyExample(words) {
					continue
				}
				out := ""
				if i := slices.Index(words, ">"); i > 0 && i == len(words)-2 {
					words, out = words[:i], words[i+1]
				}
				n++
				code, stdout, errs := run(t, words[1:]...)
				if code == ExitBad {
					t.Fatalf("%s: exits 2: %s", line, errs)
				}
				if out != "" {
					if err := os.WriteFile(out, []byte(stdout), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
	if n < 20 {
		t.Errorf("ran %d examples, want at least 20", n)
	}
}

// heavyExample tells the examples over every revision (an index or a
// site of all of them, a check of all of them): a minute or more.
func heavyExample(words []string) bool {
	return slices.Contains(words, "--all-revs") || slices.Contains(words, "--all") && words[1] == "check"
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
		case r == ' ' || r == '\t':
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
