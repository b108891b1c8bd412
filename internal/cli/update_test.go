package cli

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crules/crules/corpus"
	"github.com/crules/crules/internal/corpustest"
)

// TestAddNewRevision: the "done": a revision never seen, added
// from a file, is the latest everywhere.
func TestAddNewRevision(t *testing.T) {
	t.Setenv(corpus.DataDirEnv, t.TempDir())
	file := filepath.Join(t.TempDir(), "cr.txt")
	if err := os.WriteFile(file, corpustest.NewRevision(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := run(t, "add", file); code != 0 || !strings.HasPrefix(out, "added "+corpustest.NewDate+" from ") {
		t.Fatalf("add: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := run(t, "add", file); code != ExitNotFound || !strings.Contains(errs, "already held") {
		t.Errorf("add again: exit %d, %s", code, errs)
	}
	_, out, _ := run(t, "versions")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, corpustest.NewDate) || !strings.Contains(last, "added ") || !strings.Contains(lines[len(lines)-2], "embedded") {
		t.Errorf("versions ends:\n%s\n%s", lines[len(lines)-2], last)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"diff", "2026-01-16", "latest", "--stat"}, "2026-01-16 → 2026-02-27: 3111 unchanged, 2 renumbered, 1 edited, 4 added"},
		{[]string{"rule", "702.190a"}, "702.190a Zephyrcall is a triggered ability."},
		{[]string{"history", "702.187c", "--rev", "2026-01-16"}, "2026-02-27               702.187d  renumbered from 702.187c"},
		{[]string{"search", corpustest.NewWord}, "702.190a  Zephyrcall  (2026-02-27)"},
		{[]string{"rule", "702.9b", "--rev", "2026"}, "or without flying or reach."},
	} {
		if code, out, errs := run(t, c.args...); code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, want %q in\n%s%s", c.args, code, c.want, out, errs)
		}
	}
	_, out, _ = run(t, "keywords", "--coverage", "--json")
	var cov struct {
		Rev        string
		Unmodelled []string
		Stale      []string
	}
	if err := json.Unmarshal([]byte(out), &cov); err != nil {
		t.Fatal(err)
	}
	if cov.Rev != corpustest.NewDate || !slices.Contains(cov.Unmodelled, "Zephyrcall") || len(cov.Stale) != 1 || !strings.HasPrefix(cov.Stale[0], "Flying 702.9") {
		t.Errorf("keywords --coverage: rev %s, unmodelled %v, stale %v; want Zephyrcall unmodelled, Flying stale", cov.Rev, cov.Unmodelled, cov.Stale)
	}
}

// TestUpdateCommand: update against a local page: a newer release added,
// the same again up to date (exit 0), a page with no link exit 2.
func TestUpdateCommand(t *testing.T) {
	t.Setenv(corpus.DataDirEnv, t.TempDir())
	newRev := corpustest.NewRevision(t)
	mux := http.NewServeMux()
	mux.HandleFunc("/rules", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`<a href="cr.txt">TXT</a>`)) })
	mux.HandleFunc("/bare", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`<p>no link here</p>`)) })
	mux.HandleFunc("/cr.txt", func(w http.ResponseWriter, r *http.Request) { w.Write(newRev) })
	ts := httptest.NewServer(mux)
	defer ts.Close()
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"update", "--page", ts.URL + "/bare"}, ExitBad, "links no .txt file"},
		{[]string{"update", "--check", "--page", ts.URL + "/rules"}, 0, "a newer release: 2026-02-27 (the newest held is 2026-01-16)"},
		{[]string{"update", "--page", ts.URL + "/rules"}, 0, "added 2026-02-27 from " + ts.URL + "/cr.txt"},
		{[]string{"update", "--page", ts.URL + "/rules"}, 0, "already up to date: 2026-02-27"},
		{[]string{"update", "--page", ts.URL + "/missing"}, ExitBad, "404 Not Found"},
	} {
		code, out, errs := run(t, c.args...)
		if code != c.code || !strings.Contains(out+errs, c.want) {
			t.Errorf("%v: exit %d, want %d and %q in\n%s%s", c.args, code, c.code, c.want, out, errs)
		}
	}
}

// TestStaleNotice: on a terminal, every command answering from the latest
// revision, long past (2026-01-16), or from every revision up to it, says
// so once on stderr; not with --quiet, not off a terminal, not for another
// revision.
func TestStaleNotice(t *testing.T) {
	cited := filepath.Join(t.TempDir(), "ruling.md")
	if err := os.WriteFile(cited, []byte("As CR 100.1 says.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args     []string
		terminal bool
		want     int
	}{
		{[]string{"rule", "100.1"}, true, 1},
		{[]string{"rule", "100.1", "702.2"}, true, 1},
		{[]string{"diff", "latest", "latest", "--stat"}, true, 1},
		{[]string{"history", "splice"}, true, 1},
		{[]string{"history", "702.47a", "--rev", "2010"}, true, 1}, // followed to the latest
		{[]string{"terms", "exile"}, true, 1},
		{[]string{"search", "mana burn", "--all-revs", "--limit", "1"}, true, 1},
		{[]string{"search", "trample", "--limit", "1"}, true, 1},
		{[]string{"keyword", "flying"}, true, 1},
		{[]string{"keywords"}, true, 1},
		{[]string{"refs", "702.2"}, true, 1},
		{[]string{"toc"}, true, 1},
		{[]string{"glossary", "mana"}, true, 1},
		{[]string{"cite", cited}, true, 1},
		{[]string{"rule", "100.1", "--quiet"}, true, 0},
		{[]string{"history", "splice", "--quiet"}, true, 0},
		{[]string{"rule", "100.1"}, false, 0},
		{[]string{"terms", "exile"}, false, 0},
		{[]string{"rule", "100.1", "--rev", "2025"}, true, 0},
		{[]string{"search", "trample", "--rev", "2025", "--limit", "1"}, true, 0},
		{[]string{"toc", "--rev", "2025"}, true, 0},
		{[]string{"diff", "2024", "2025", "--stat"}, true, 0},
	} {
		var out, errb bytes.Buffer
		code := Run(&Env{Stdout: &out, Stderr: &errb, Terminal: c.terminal}, c.args)
		if code == ExitBad {
			t.Errorf("%v: exit %d\n%s", c.args, code, errb.String())
		}
		if n := strings.Count(errb.String(), "days old: 'crules update' fetches a newer one"); n != c.want {
			t.Errorf("%v (terminal %v): %d notices, want %d\n%s", c.args, c.terminal, n, c.want, errb.String())
		}
	}
}
