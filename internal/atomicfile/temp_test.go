package atomicfile

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/crules/crules/internal/flock"
)

// TestTempDir: a temporary folder left by an interrupted run (no one holds
// its lock) is removed when the next one is made; one that a running
// writer holds stays, and so do other names; the new folder is held
// locked until released.
func TestTempDir(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "site")
	for _, n := range []string{".site.tmp-111", ".site.tmp-222", ".site.tmp-111.old", ".other.tmp-333", "site"} {
		if err := os.MkdirAll(filepath.Join(parent, n, "2026-01-16"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	held, err := os.Open(filepath.Join(parent, ".site.tmp-222"))
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if err := flock.Lock(held); err != nil {
		t.Fatal(err)
	}
	dir, release, err := TempDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	es, _ := os.ReadDir(parent)
	for _, e := range es {
		left = append(left, e.Name())
	}
	want := []string{".other.tmp-333", ".site.tmp-222", filepath.Base(dir), "site"}
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
	RemoveStale(parent, ".site.tmp-")
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("the folder being written was removed: %v", err)
	}
	release()
	RemoveStale(parent, ".site.tmp-")
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a released folder left behind is not removed: %v", err)
	}
}

// TestCleanOnSignal: a process interrupted (SIGINT, SIGTERM) while it
// writes a temporary folder and file removes both and ends by the signal.
func TestCleanOnSignal(t *testing.T) {
	if dir := os.Getenv("ATOMICFILE_HELPER_DIR"); dir != "" {
		CleanOnSignal()
		tmp, _, err := TempDir(filepath.Join(dir, "site"))
		if err != nil {
			panic(err)
		}
		f, err := os.CreateTemp(dir, ".plot.svg.tmp*")
		if err != nil {
			panic(err)
		}
		Track(f.Name())
		os.Stdout.WriteString(tmp + "\n")
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestCleanOnSignal$")
		cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER_DIR="+dir)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil || !strings.Contains(line, ".site.tmp-") {
			t.Fatalf("helper said %q, %v", line, err)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != sig {
			t.Errorf("%v: the helper ended with %v, want killed by the signal", sig, err)
		}
		if es, _ := os.ReadDir(dir); len(es) != 0 {
			t.Errorf("%v: left %d temporary files and folders (%s)", sig, len(es), es[0].Name())
		}
	}
}
