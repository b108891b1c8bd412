package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/crules/crules"
	"github.com/crules/crules/parse"
)

// run executes the command line and returns exit status, stdout, stderr.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(&Env{Stdout: &out, Stderr: &errb}, args)
	if code == ExitBad && out.Len() > 0 {
		t.Errorf("%v: exit 2 with output on stdout: %q", args, out.String())
	}
	return code, out.String(), errb.String()
}

func TestRuleFlagParsing(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want ruleOptions
	}{
		{[]string{"rule", "702.47a"}, ruleOptions{docFlags: docFlags{Rev: "latest"}, ID: "702.47a"}},
		{[]string{"rule", "502.40", "--rev", "2006-10-01", "--json"}, ruleOptions{docFlags: docFlags{Rev: "2006-10-01"}, ID: "502.40", JSON: true}},
		{[]string{"rule", "--file", "x.txt", "100.1"}, ruleOptions{docFlags: docFlags{Rev: "latest", File: "x.txt"}, ID: "100.1"}},
	} {
		var got *ruleOptions
		root := NewRootCmd(&Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
		for _, c := range root.Commands() {
			if c.Name() == "rule" {
				root.RemoveCommand(c)
			}
		}
		root.AddCommand(newRuleCmd(&Env{}, func(o *ruleOptions) error { got = o; return nil }))
		root.SetArgs(tc.args)
		if err := root.Execute(); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if *got != tc.want {
			t.Errorf("%v: options %+v, want %+v", tc.args, *got, tc.want)
		}
	}
}

func TestRule(t *testing.T) {
	code, out, _ := run(t, "rule", "702.47a")
	if code != 0 || !strings.HasPrefix(out, "702.47. Splice\n702.47a Splice is a static ability") || !strings.Contains(out, "\nExample: Since the card with splice") {
		t.Errorf("rule 702.47a: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "rule", "502.40.", "--rev", "2006")
	if code != 0 || !strings.HasPrefix(out, "502.40. Splice\n\n502.40a Splice is a static ability") || !strings.Contains(out, "\n502.40e ") {
		t.Errorf("rule 502.40 --rev 2006: exit %d\n%s", code, out)
	}
	code, out, errs := run(t, "rule", "702.47z")
	if code != 1 || out != "" || !strings.Contains(errs, "no rule 702.47z in 2026-01-16; nearest: 702.47a") {
		t.Errorf("unknown rule: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = run(t, "rule", "702.47a", "--rev", "1850-01-01")
	if code != 2 || !strings.Contains(errs, `no revision "1850-01-01"; nearest: 1999-04-23`) {
		t.Errorf("bad revision: exit %d, %q", code, errs)
	}
	code, _, errs = run(t, "rule", "702.47z9")
	if code != 2 || !strings.Contains(errs, "not a rule number") {
		t.Errorf("bad ID: exit %d, %q", code, errs)
	}
	code, _, errs = run(t, "rule", "702.47a", "--bogus")
	if code != 2 || !strings.Contains(errs, "unknown flag") {
		t.Errorf("bad flag: exit %d, %q", code, errs)
	}
	code, _, _ = run(t, "rule", "702.47a", "--rev", "2020", "--file", "x")
	if code != 2 {
		t.Errorf("--rev with --file: exit %d", code)
	}
	// A request hundreds of times its size in answer is refused before
	// it is built, with and without --json (issue 23).
	for _, args := range [][]string{{"rule"}, {"rule", "--json"}} {
		for range 200 {
			args = append(args, "7")
		}
		code, _, errs = run(t, args...)
		if code != 2 || !strings.Contains(errs, "at most 4 MB in one request") {
			t.Errorf("rule 7 ×200 %v: exit %d, %q", args[1:2], code, errs)
		}
	}
}

func TestRuleJSON(t *testing.T) {
	code, out, _ := run(t, "rule", "702.47", "--json")
	var j map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil {
		t.Fatalf("exit %d, %s", code, out)
	}
	for _, k := range []string{"id", "title", "text", "examples", "children", "rev", "era", "line"} {
		if _, ok := j[k]; !ok {
			t.Errorf("rule JSON has no %q: %s", k, out)
		}
	}
	if j["id"] != "702.47" || j["title"] != "Splice" || j["rev"] != "2026-01-16" || j["era"] != "702" || len(j["children"].([]any)) != 5 {
		t.Errorf("rule JSON: %s", out)
	}
}

func TestGlossaryAndTOC(t *testing.T) {
	code, out, _ := run(t, "glossary", "SPLICE", "--rev", "2019-10-04")
	if code != 0 || out != "Splice\nA keyword ability that lets a player add a card’s rules text onto another spell. See rule 702.46, “Splice.”\n" {
		t.Errorf("glossary: exit %d %q", code, out)
	}
	code, _, errs := run(t, "glossary", "splise")
	if code != 1 || !strings.Contains(errs, "did you mean: Splice") {
		t.Errorf("glossary suggestion: exit %d %q", code, errs)
	}
	code, out, _ = run(t, "glossary", "mana burn", "--rev", "2008")
	if code != 0 || !strings.Contains(out, "mana burn") {
		t.Errorf("mana burn in 2008: exit %d %q", code, out)
	}
	code, out, _ = run(t, "toc", "--rev", "2006-10-01")
	if code != 0 || !strings.Contains(out, "5. Additional Rules\n") || !strings.Contains(out, "    502. Keyword Abilities\n") {
		t.Errorf("toc: exit %d\n%s", code, out)
	}
}

func TestParseCommand(t *testing.T) {
	code, out, _ := run(t, "parse", "../../../shared/corpus/CR-2008-10-01.txt", "--stats")
	var st map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil {
		t.Fatalf("exit %d %s", code, out)
	}
	want := map[string]any{"effective": "2008-10-01", "era": "502", "rules": 1173.0, "glossary": 398.0, "warnings": 2.0}
	for k, v := range want {
		if st[k] != v {
			t.Errorf("--stats %s = %v, want %v", k, st[k], v)
		}
	}
	for _, k := range []string{"examples", "chapters"} {
		if _, ok := st[k]; !ok {
			t.Errorf("--stats has no %q", k)
		}
	}
	code, out, _ = run(t, "parse", "../../../shared/seeds/002_19de83fc8624363a.txt", "--json")
	var doc struct {
		Fragment bool
		Parts    []struct{ Chapters []struct{ ID string } }
		Warnings []struct{ Line int }
	}
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil || !doc.Fragment || len(doc.Warnings) == 0 {
		t.Errorf("parse seed --json: exit %d %.300s", code, out)
	}
}

// TestBadFiles: every bad input is exit 2, a message naming the file, and
// nothing on stdout (run checks that).
func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"empty.txt":  nil,
		"image.png":  []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
		"prose.txt":  []byte("Hello, world.\n"),
		"large.txt":  bytes.Repeat([]byte("lorem ipsum dolor\n"), 3<<20),
		"binary.bin": {0, 1, 2, 3},
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"parse", p}, {"rule", "100.1", "--file", p}} {
			code, _, errs := run(t, args...)
			if code != 2 || !strings.Contains(errs, p+":") {
				t.Errorf("%v: exit %d, stderr %q", args, code, errs)
			}
		}
	}
	// UTF-16 without a byte-order mark is read, with a warning naming the
	// byte order.
	p := filepath.Join(dir, "utf16.txt")
	if err := os.WriteFile(p, []byte("1\x000\x000\x00.\x001\x00.\x00 \x00A\x00 \x00r\x00u\x00l\x00e\x00.\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "rule", "100.1", "--file", p)
	if code != 0 || !strings.Contains(out, "100.1. A rule.") || !strings.Contains(errs, p+":1:1: warning: UTF-16 without a byte-order mark: read as little-endian") {
		t.Errorf("rule 100.1 --file utf16.txt: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A revision cut off mid-glossary parses, with a warning on stderr.
	src, err := os.ReadFile("../../../shared/corpus/CR-2013-02-01.txt")
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.txt")
	os.WriteFile(cut, src[:bytes.LastIndex(src, []byte("Attack Multiple Players"))+30], 0o644)
	code, out, errs = run(t, "parse", cut, "--stats")
	if code != 0 || !strings.Contains(out, `"glossary"`) || !strings.Contains(errs, "cut.txt:") || !strings.Contains(errs, "cut off") {
		t.Errorf("cut-off file: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = run(t, "parse", filepath.Join(dir, "missing.txt"))
	if code != 2 || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: exit %d %q", code, errs)
	}
}

// TestFileTooLarge: every command that reads a file refuses /dev/zero
// and a 200 MB sparse file at once, exit 2 naming the file and the limit.
func TestFileTooLarge(t *testing.T) {
	dir := t.TempDir()
	sparse := filepath.Join(dir, "huge.txt")
	if err := os.WriteFile(sparse, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(sparse, 200<<20); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/dev/zero", sparse} {
		for _, args := range [][]string{
			{"parse", p}, {"rule", "100.1", "--file", p}, {"diff", "latest", p}, {"sim", p},
			{"render", "--file", p, "--out", filepath.Join(dir, "site")}, {"cite", p},
		} {
			start := time.Now()
			code, _, errs := run(t, args...)
			limit := "limit of 32 MB"
			if args[0] == "cite" {
				limit = "limit of 16 MB"
			}
			if code != 2 || !strings.Contains(errs, p+": file too large") || !strings.Contains(errs, limit) {
				t.Errorf("%v: exit %d, stderr %q", args, code, errs)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("%v took %v", args, took)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "site")); !os.IsNotExist(err) {
		t.Errorf("render of a file too large wrote its output: %v", err)
	}
}

func TestVersions(t *testing.T) {
	code, out, _ := run(t, "versions", "--json")
	var vs []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &vs) != nil || len(vs) != 125 {
		t.Fatalf("exit %d, %d versions", code, len(vs))
	}
	last := vs[len(vs)-1]
	if last["rev"] != "2026-01-16" || last["rules"] != 3114.0 || last["glossary"] != 725.0 || last["era"] != "702" {
		t.Errorf("latest: %v", last)
	}
	if vs[0]["rev"] != "1999-04-23" || vs[0]["era"] != "502" {
		t.Errorf("first: %v", vs[0])
	}
}

func TestCompletion(t *testing.T) {
	code, out, _ := run(t, "__complete", "rule", "702.4")
	if code != 0 || !strings.Contains(out, "702.47a\n") {
		t.Errorf("rule completion: exit %d %.200s", code, out)
	}
	// Every form the rule-reference parser reads completes, through it.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rule", "CR", "702.4"}, "702.47a\n"},
		{[]string{"rule", "§702.4"}, "§702.47a\n"},
		{[]string{"rule", "601.2f-"}, "601.2f-h\n"},
		{[]string{"rule", "601.2f–601.2"}, "601.2f–601.2h\n"},
		{[]string{"refs", "rules", "702.47a", "and", "702.47"}, "702.47b\n"},
		{[]string{"rule", "--rev", "2005", "CR", "502.4"}, "502.40a\n"},
	} {
		code, out, _ := run(t, append([]string{"__complete"}, c.args...)...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%q: exit %d, no %q in %.200s", c.args, code, c.want, out)
		}
	}
	for _, args := range [][]string{{"rule", "banana", "702.4"}, {"rule", "601.2f-x"}, {"rule", "x702.4"}} {
		code, out, _ := run(t, append([]string{"__complete"}, args...)...)
		if code != 0 || strings.Contains(out, "702.47a") || strings.Contains(out, "601.2") {
			t.Errorf("%q: exit %d, completes what does not parse: %.200s", args, code, out)
		}
	}
	code, out, _ = run(t, "__complete", "rule", "--rev", "2006")
	if code != 0 || !strings.Contains(out, "2006-10-01\n") {
		t.Errorf("rev completion: exit %d %.200s", code, out)
	}
	code, out, _ = run(t, "completion", "bash")
	if code != 0 || !strings.Contains(out, "bash completion") {
		t.Errorf("completion bash: exit %d", code)
	}
}

// TestLookupCommands: only commands that read one revision or a small
// cache, or parse a file or two, and exit let their heap grow (LightGC);
// the server, search and the all-revision commands do not.
func TestLookupCommands(t *testing.T) {
	root := NewRootCmd(&Env{})
	for name, lookup := range map[string]bool{"rule": true, "glossary": true, "toc": true, "refs": true, "keyword": true, "versions": true, "history": true, "terms": true,
		"parse": true, "diff": true, "sim": true, // a file or two parsed, then exit (issue 24)
		"search": false, "serve": false, "index": false, "keywords": false, "check": false, "render": false} {
		c, _, err := root.Find([]string{name})
		if err != nil || c.Name() != name {
			t.Fatalf("%s: %v", name, err)
		}
		if got := c.Annotations[lookupAnnotation] != ""; got != lookup {
			t.Errorf("%s: lookup %v, want %v", name, got, lookup)
		}
	}
}

// TestLightGC: a lookup run with LightGC runs without the collector up
// to lookupMemoryLimit; search runs with it.
func TestLightGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	for _, tc := range []struct {
		args  []string
		gc    int
		limit int64
	}{
		{[]string{"versions"}, -1, lookupMemoryLimit},
		{[]string{"search", "splice", "--rev", "1900"}, 100, math.MaxInt64}, // a bad revision: no index built
	} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		Run(&Env{Stdout: io.Discard, Stderr: io.Discard, LightGC: true}, tc.args)
		if gc, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64); gc != tc.gc || limit != tc.limit {
			t.Errorf("%v: GOGC %d, memory limit %d; want %d, %d", tc.args, gc, limit, tc.gc, tc.limit)
		}
	}
}

// TestExitCode: the library's errors map to the exit status in one place.
func TestExitCode(t *testing.T) {
	lib, err := crules.Open(crules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, noRev := lib.Select("1850")
	_, noRule := lib.Rule(lib.Latest().Source(), parse.MustParseRuleID("702.999"))
	_, badID := crules.ParseRuleID("seven")
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, ExitOK},
		{noRule, ExitNotFound},
		{fmt.Errorf("wrapped: %w", noRule), ExitNotFound},
		{problems("3 findings in 1 revision"), ExitNotFound},
		{noRev, ExitBad},
		{badID, ExitBad},
		{errors.New("unknown flag: --bogus"), ExitBad},
	} {
		if got := exitCode(tc.err); got != tc.want {
			t.Errorf("exitCode(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

// TestNotFoundJSON: with --json, every command that finds nothing prints
// one JSON object with the error, its kind and the suggestions (the error
// object of the HTTP API); a bad request still prints nothing on stdout.
func TestNotFoundJSON(t *testing.T) {
	for _, args := range [][]string{
		{"rule", "702.47z", "--json"},
		{"refs", "702.999", "--json"},
		{"glossary", "splise", "--json"},
		{"keyword", "splise", "--json"},
		{"history", "nonexistent keyword", "--json"},
		{"search", "the splise", "--json"},
		{"terms", "mana burn", "--json"},
	} {
		code, out, _ := run(t, args...)
		var v struct {
			Error       string   `json:"error"`
			Kind        string   `json:"kind"`
			Suggestions []string `json:"suggestions"`
		}
		if err := json.Unmarshal([]byte(out), &v); code != 1 || err != nil || v.Error == "" || !strings.HasPrefix(v.Kind, "no_") || v.Suggestions == nil {
			t.Errorf("%v: exit %d, stdout %q: want exit 1 and an object with an error, its kind and suggestions", args, code, out)
		}
	}
	if code, out, _ := run(t, "rule", "702.47a", "--rev", "1850", "--json"); code != 2 || out != "" {
		t.Errorf("bad revision with --json: exit %d, stdout %q", code, out)
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := run(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "crules ") || !strings.Contains(out, "\ngo1.") || !strings.Contains(out, "embedded history: 125 revisions, 1999-04-23 to ") {
		t.Errorf("--version: exit %d\n%s", code, out)
	}
}
