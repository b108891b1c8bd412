package atomicfile

import (
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

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
		temps.Lock() // held: nothing new is tracked from now on
		for p := range temps.paths {
			_ = os.RemoveAll(p)
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
