package serve

import (
	"context"
	"io"
	"net"
	"net/http"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/crules/crules"
)

// A Live server answers as a Server does, from a library it replaces when
// the user's archive of added revisions changes ('crules add', 'crules
// update', or its own background updates): no restart, and no request
// dropped. Requests under way when a library is replaced finish on it; it
// is closed after the last of them.
type Live struct {
	open          func() (*crules.Library, error)
	log, errorLog io.Writer
	gate          *gate // shared by every library's Server

	mu  sync.RWMutex
	gen *generation
}

// A generation is one library and the Server over it.
type generation struct {
	lib  *crules.Library
	h    http.Handler
	reqs sync.WaitGroup // requests under way
}

// NewLive returns a live server over lib, which open opens again (with
// the same options) when the user's archive has changed (see Reload). log
// and errorLog are a Server's access log and ErrorLog.
func NewLive(lib *crules.Library, log, errorLog io.Writer, open func() (*crules.Library, error)) *Live {
	v := &Live{open: open, log: log, errorLog: errorLog, gate: defaultGate()}
	v.gen = v.generation(lib)
	return v
}

func (v *Live) generation(lib *crules.Library) *generation {
	s := New(lib, v.log)
	s.ErrorLog, s.gate = v.errorLog, v.gate
	return &generation{lib: lib, h: s.Handler()}
}

// Library returns the library requests are answered from now.
func (v *Live) Library() *crules.Library {
	v.mu.RLock()
	defer v.mu.RUnlock()
	return v.gen.lib
}

// ServeHTTP answers r from the current library.
func (v *Live) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	v.mu.RLock()
	g := v.gen
	g.reqs.Add(1)
	v.mu.RUnlock()
	defer g.reqs.Done()
	g.h.ServeHTTP(w, r)
}

// Reload opens the library again when the user's archive changed since
// the current one was opened, and answers from it from then on; it reports
// whether it did. The search indexes the current library has open are
// opened in the new one first, so that searches do not queue at the gate
// (503) while they open.
func (v *Live) Reload() (bool, error) {
	cur := v.Library()
	if !cur.Changed() {
		return false, nil
	}
	lib, err := v.open()
	if err != nil {
		return false, err
	}
	for _, r := range cur.Revisions() {
		if cur.IndexOpen(r.Source(), false) {
			if nr, err := lib.Select(r.Name()); err == nil && nr.Revision().SHA256 == r.Revision().SHA256 {
				lib.Index(nr.Source()) //nolint:errcheck // a search opens it again, and reports the error
			}
		}
	}
	g := v.generation(lib)
	v.mu.Lock()
	old := v.gen
	v.gen = g
	v.mu.Unlock()
	go func() {
		old.reqs.Wait()
		old.lib.Close()
	}()
	return true, nil
}

// Watch reloads (see Reload) every poll until ctx is done, and with
// update > 0 runs crules' Update with o every update, so that a release
// published while the server runs is served. What it does and its errors
// go to logf.
func (v *Live) Watch(ctx context.Context, poll, update time.Duration, o crules.UpdateOptions, logf func(format string, args ...any)) {
	tick := time.NewTicker(poll)
	defer tick.Stop()
	var upd <-chan time.Time
	if update > 0 {
		t := time.NewTicker(update)
		defer t.Stop()
		upd = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-upd:
			res, err := v.Library().Update(ctx, o)
			switch {
			case err != nil:
				logf("update: %v", err)
			case res.Added != nil:
				logf("update: added %s from %s", res.Rev, res.URL)
			}
		case <-tick.C:
		}
		if ok, err := v.Reload(); err != nil {
			logf("reading the added revisions: %v", err)
		} else if ok {
			logf("serving %d revisions, the latest %s", len(v.Library().Revisions()), v.Library().Latest().Name())
		}
	}
}

// Close closes the library answering now; the ones replaced are closed
// already, or as soon as their last request ends.
func (v *Live) Close() error { return v.Library().Close() }

// HTTPServer is the live handler with the timeouts and header limits of
// Server.HTTPServer.
func (v *Live) HTTPServer() *http.Server { return httpServer(v) }

// Serve answers requests on ln until ctx is done, then shuts down as
// Server.Serve does.
func (v *Live) Serve(ctx context.Context, ln net.Listener) error {
	return serveUntil(ctx, v.HTTPServer(), ln)
}

// Run serves lib live on ln until ctx ends: lib is opened again with its
// options when the user's archive changes, which is looked at every five
// seconds, and updated from the rules page every updateEvery (0: never);
// logf says what the watch did. It closes the library it serves last.
func Run(ctx context.Context, ln net.Listener, lib *crules.Library, log, errorLog io.Writer, updateEvery time.Duration, logf func(format string, args ...any)) error {
	v := NewLive(lib, log, errorLog, func() (*crules.Library, error) { return crules.Open(lib.Options()) })
	defer v.Close()
	go v.Watch(ctx, 5*time.Second, updateEvery, crules.UpdateOptions{}, logf)
	return v.Serve(ctx, ln)
}

// ListenAndRun listens on addr and runs lib there as Run does until
// SIGINT or SIGTERM, then shuts down gracefully; logf says where it
// listens and when it shuts down.
func ListenAndRun(addr string, lib *crules.Library, log, errorLog io.Writer, updateEvery time.Duration, logf func(format string, args ...any)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	logf("serving %d revisions on http://%s", len(lib.Revisions()), ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	err = Run(ctx, ln, lib, log, errorLog, updateEvery, logf)
	if ctx.Err() != nil {
		logf("shutting down")
	}
	return err
}
