package main

import (
	"errors"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/crules/crules/internal/cli"
)

// TestMain lets the test binary stand for crules itself, so that the
// tests below measure whole processes as a user starts them.
func TestMain(m *testing.M) {
	if os.Getenv("CRULES_BE_MAIN") == "1" {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// A call is one whole process: its wall time and peak resident memory.
type call struct {
	wall time.Duration
	rss  int64 // bytes
	exit int
}

func run(tb testing.TB, cache string, args ...string) call {
	tb.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "CRULES_BE_MAIN=1", "CRULES_CACHE="+cache, "GOGC=", "GOMEMLIMIT=")
	start := time.Now()
	out, err := cmd.Output()
	c := call{wall: time.Since(start)}
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			tb.Fatalf("crules %s: %v", strings.Join(args, " "), err)
		}
	}
	c.exit = cmd.ProcessState.ExitCode()
	c.rss = cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	if c.exit > 1 || c.exit == 0 && len(out) == 0 {
		tb.Fatalf("crules %s: exit %d, %d bytes out", strings.Join(args, " "), c.exit, len(out))
	}
	return c
}

// lookups are the lookup-type commands whose cost the daily-use issue
// bounds: each a whole process on a warm cache.
var lookups = [][]string{
	{"rule", "702.47a"},
	{"rule", "702.47a", "--rev", "2005"}, // through the lineage
	{"rule", "702.47z"},                  // a miss, suggested through the lineage
	{"glossary", "mana", "value"},
	{"keyword", "convoke"},
	{"terms"},
	{"history", "splice"},
	{"refs", "702.47a"},
	{"toc"},
	{"versions"},
}

const mb = 1 << 20

// TestCostOfACall: a lookup on a warm cache stays within 60 MB, and the
// first use of the caches it needs within 250 MB, whole process. Time is
// too noisy on shared machines to be a test; BenchmarkCostOfACall and
// BENCHMARKS.md give it.
func TestCostOfACall(t *testing.T) {
	cache := t.TempDir()
	for _, first := range [][]string{{"history", "splice"}, {"terms"}, {"search", "splice", "onto", "arcane"}} {
		c := run(t, cache, first...)
		t.Logf("first use of %-30s %6.2f s %4d MB", strings.Join(first, " "), c.wall.Seconds(), c.rss/mb)
		if c.rss > 250*mb {
			t.Errorf("crules %s at first use: %d MB, budget 250 MB", strings.Join(first, " "), c.rss/mb)
		}
	}
	for _, args := range lookups {
		var rss []int64
		var wall []time.Duration
		for range 3 {
			c := run(t, cache, args...)
			rss, wall = append(rss, c.rss), append(wall, c.wall)
		}
		slices.Sort(rss)
		slices.Sort(wall)
		t.Logf("warm %-30s %6.1f ms %4d MB", strings.Join(args, " "), float64(wall[1].Microseconds())/1000, rss[1]/mb)
		if rss[1] > 60*mb {
			t.Errorf("crules %s, warm: %d MB, budget 60 MB", strings.Join(args, " "), rss[1]/mb)
		}
	}
}

// BenchmarkCostOfACall: each lookup as a whole process on a warm cache,
// with its peak memory (peak-MB, the largest of the runs).
func BenchmarkCostOfACall(b *testing.B) {
	cache := b.TempDir()
	run(b, cache, "history", "splice") // the caches the lookups read
	run(b, cache, "terms")
	for _, args := range lookups {
		b.Run(strings.Join(args, "_"), func(b *testing.B) {
			var peak int64
			for b.Loop() {
				peak = max(peak, run(b, cache, args...).rss)
			}
			b.ReportMetric(float64(peak)/mb, "peak-MB")
		})
	}
}

// TestStartupInit: no package's initialisation allocates more than 64 KB
// whatever the command, since every command pays it at every start.
// bleve's index/scorch built its two Levenshtein automata there (1 MB in
// 22,600 allocations, 2.5-3 ms) until third_party/vellum deferred them to
// the first fuzzy query; goldmark's util and parser (a case-folding map
// and regular expressions, 139 and 110 KB) and x/net/html (its entity
// maps, 113 KB) until third_party/goldmark and third_party/net deferred
// them to first use. crules' own packages get 10 KB: what they need
// beyond a few tables (ability's grammar, parsed at start in 168 KB and
// 1,534 allocations; the server's OpenAPI index, 37 KB; game's layer
// expressions, 8 KB) is built on first use.
func TestStartupInit(t *testing.T) {
	cmd := exec.Command(os.Args[0], "--help")
	cmd.Env = append(os.Environ(), "CRULES_BE_MAIN=1", "GODEBUG=inittrace=1")
	var trace strings.Builder
	cmd.Stderr = &trace
	if err := cmd.Run(); err != nil {
		t.Fatalf("crules --help: %v\n%s", err, trace.String())
	}
	n := 0
	for _, line := range strings.Split(trace.String(), "\n") {
		// "init PKG @T ms, C ms clock, B bytes, A allocs"
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" {
			continue
		}
		n++
		budget := 64 << 10 // gobwas/ws, linked into this test binary only, takes 53 KB
		if f[1] == "github.com/crules/crules" || strings.HasPrefix(f[1], "github.com/crules/crules/") {
			budget = 10 << 10
		}
		if bytes, err := strconv.Atoi(f[7]); err != nil || bytes > budget {
			t.Errorf("%s: init allocates %s bytes (%s allocations), budget %d KB", f[1], f[7], f[9], budget>>10)
		}
	}
	if n < 100 {
		t.Fatalf("read %d package inits in GODEBUG=inittrace=1's output: its format changed?\n%s", n, trace.String())
	}
}
