package crules_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEGoExample compiles and runs the Go program of the README's
// "Go API" section as printed, in a folder of the module, and checks what
// it prints against what its comments say.
func TestREADMEGoExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, api, ok := strings.Cut(string(b), "\n## Go API\n")
	if !ok {
		t.Fatal("README.md has no Go API section")
	}
	_, code, ok := strings.Cut(api, "```go\n")
	code, _, ok2 := strings.Cut(code, "```\n")
	if !ok || !ok2 || !strings.HasPrefix(code, "package main\n") {
		t.Fatalf("the Go API section's first Go block is not a program:\n%.300s", code)
	}
	dir, err := os.MkdirTemp(".", "_readme")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	main := filepath.Join(dir, "main.go")
	if err := os.WriteFile(main, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./"+main)
	cmd.Dir = "."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run of the README's program: %v\n%s", err, out)
	}
	for _, want := range []string{"502.40a - 702.47a (Splice) was 502.40a in 2005-10-01\n", " Splice\n", "… 702.47 2026-01-16\n", "2005-10-01 → 2026-01-16 "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the README's program printed\n%s\nwant %q in it", out, want)
		}
	}
}

// figure is a measured quantity as the README and BENCHMARKS.md write
// them: a number and its unit.
var figure = regexp.MustCompile(`\b[0-9][0-9.,]*(?:–[0-9.,]+)? ?(?:ms|s|MB|MiB|GB|KB)\b`)

// TestREADMEFigures: every figure of what a call costs that the README
// gives (lookup times, cache sizes and build times) is one that
// BENCHMARKS.md holds, in its current table or the section on the cost
// of a call.
func TestREADMEFigures(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	bench, err := os.ReadFile("BENCHMARKS.md")
	if err != nil {
		t.Fatal(err)
	}
	_, cost, ok := strings.Cut(string(readme), "What a call costs")
	cost, _, ok2 := strings.Cut(cost, "On a terminal")
	if !ok || !ok2 {
		t.Fatal(`README.md has no "What a call costs" paragraph`)
	}
	sections := ""
	for _, name := range []string{"\n## Current figures\n", "\n## Daily use: cost of a call\n"} {
		_, s, ok := strings.Cut(string(bench), name)
		if !ok {
			t.Fatalf("BENCHMARKS.md has no section %q", strings.TrimSpace(name))
		}
		s, _, _ = strings.Cut(s, "\n## ")
		sections += s
	}
	n := 0
	for _, f := range figure.FindAllString(cost, -1) {
		n++
		if !strings.Contains(sections, f) {
			t.Errorf("the README gives %q, which BENCHMARKS.md's current figures do not hold", f)
		}
	}
	if n < 8 {
		t.Errorf("found %d figures in the README's cost of a call, want its times and sizes", n)
	}
}

// TestREADMEScenarioLists: the README's engine section lists a script's
// setup lines, actions and checks as scenario/FORMAT.md does, word for
// word: a newcomer reading the README found `expect room`, `expect
// speed`, the `outside` zone and `resolve; room NAME` in FORMAT.md only.
func TestREADMEScenarioLists(t *testing.T) {
	lists := func(name string) string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		_, s, ok := strings.Cut(string(b), "-- script: NAME --")
		_, s, ok2 := strings.Cut(s, "\nSetup (no state-based")
		s, _, ok3 := strings.Cut(s, "\nA check's value")
		if !ok || !ok2 || !ok3 {
			t.Fatalf("%s: no setup, actions and checks lists after the script header", name)
		}
		return s
	}
	readme, format := lists("README.md"), lists(filepath.Join("scenario", "FORMAT.md"))
	if readme != format {
		rl, fl := strings.Split(readme, "\n"), strings.Split(format, "\n")
		for i := range min(len(rl), len(fl)) {
			if rl[i] != fl[i] {
				t.Fatalf("README.md and scenario/FORMAT.md list scripts' lines differently, first at line %d of the lists:\nREADME: %.300s\nFORMAT: %.300s", i+1, rl[i], fl[i])
			}
		}
		t.Fatalf("README.md lists %d lines, scenario/FORMAT.md %d", len(rl), len(fl))
	}
}
