package atomicfile

import (
	"errors"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/crules/crules/internal/flock"
)

// The temporary files and folders being written now, removed by
// CleanOnSignal when the process is interrupted.
var temps = struct {
	sync.Mutex
	paths map[string]bool
}{paths: map[string]bool{}}

// Track notes that the temporary file or folder at path is being written,
// until untrack is called: an interrupt (see CleanOnSignal) removes it.
func Track(path string) (untrack func()) {
	temps.Lock()
	temps.paths[path] = true
	temps.Unlock()
	return func() {
		temps.Lock()
		delete(temps.paths, path)
		temps.Unlock()
	}
}

var interrupted atomic.Bool

// ErrInterrupted is what Interrupted reports once SIGINT or SIGTERM has
// been received (see CleanOnSignal).
var ErrInterrupted = errors.New("interrupted")

// Interrupted returns ErrInterrupted once the process has been
// interrupted and its temporary output is being removed: a writer of many
// files into a temporary folder asks before each, so as not to write into
// a folder being removed.
func Interrupted() error {
	if interrupted.Load() {
		return ErrInterrupted
	}
	return nil
}

// CleanOnSignal makes SIGINT and SIGTERM remove the temporary files and
// folders being written (see Track) before the signal takes its course:
// it is raised again without this handler, so the process ends as it
// would have, or a handler of its own (a server's graceful shutdown)
// hears it. A command line calls it once at start; a library never does.
func CleanOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		sig := <-c
		interrupted.Store(true)
		temps.Lock() // held: nothing new is tracked from now on
		// Writes that asked Interrupted before the signal end in
		// milliseconds; one that lands while a folder is removed makes
		// RemoveAll fail, and it is tried again.
		time.Sleep(20 * time.Millisecond)
		for p := range temps.paths {
			for try := 0; try < 50 && os.RemoveAll(p) != nil; try++ {
				time.Sleep(10 * time.Millisecond)
			}
		}
		signal.Stop(c)
		if p, err := os.FindProcess(os.Getpid()); err != nil || p.Signal(sig) != nil {
			os.Exit(1)
		}
	}()
}

// TempDir creates a temporary folder beside path, ".<name>.tmp-*", for
// output that then replaces path whole, and first removes the ones an
// interrupted run left there. Each is locked (see package flock) by the
// run writing it, so one that can be locked is stale. The folder is
// tracked (see Track) until release, which the caller calls once it has
// renamed or removed the folder.
func TempDir(path string) (dir string, release func(), err error) {
	parent, name := filepath.Split(filepath.Clean(path))
	if parent == "" {
		parent = "."
	}
	prefix := "." + name + ".tmp-"
	RemoveStale(parent, prefix)
	dir, err = os.MkdirTemp(parent, prefix)
	if err != nil {
		return "", nil, err
	}
	untrack := Track(dir)
	lock, err := os.Open(dir)
	if err == nil {
		_ = flock.Lock(lock) // where flock is missing, stale folders stay
	}
	return dir, func() {
		untrack()
		if lock != nil {
			lock.Close()
		}
	}, nil
}

// RemoveStale removes the folders and files in parent whose names begin
// with prefix and which no running process holds locked (see TempDir).
// Where locks are not supported, nothing is removed.
func RemoveStale(parent, prefix string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		p := filepath.Join(parent, e.Name())
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		free, _ := flock.TryLock(f)
		if free {
			_ = os.RemoveAll(p)
		}
		f.Close()
	}
}
