package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"
)

// The server's limits on expensive work. A request is expensive when it
// renders a page not in the cache (a chapter, a change page of any two
// revisions, a history page), or searches a revision whose index is not
// open yet (building or loading it): at most heavySlots of them run at
// once (the cores, at least 2), at most heavyQueue more wait for a slot,
// each for at most heavyWait; beyond that the answer is 503 with
// Retry-After. Cheap requests (a rule, a cached page, a search of an open
// index) never wait. The write timeout (writeTimeout) counts from the
// moment an answer is ready, not from the request: an answer that took
// long to compute is still sent, and the status logged is the one the
// client got.
const (
	heavyQueue   = 64
	heavyWait    = 10 * time.Second
	retryAfter   = 5 // seconds
	writeTimeout = 30 * time.Second
)

// errBusy is a request refused because the expensive work under way is at
// its bound: 503 with Retry-After.
var errBusy = errors.New("the server is busy")

// A gate bounds the expensive work under way.
type gate struct {
	slots chan struct{} // one token per request at work
	queue chan struct{} // one token per request at work or waiting
	wait  time.Duration
}

func newGate(slots, queue int, wait time.Duration) *gate {
	return &gate{slots: make(chan struct{}, slots), queue: make(chan struct{}, slots+queue), wait: wait}
}

// enter waits for a slot, at most g.wait and while ctx lasts, and returns
// the function that frees it; errBusy when the queue is full or the wait
// is over.
func (g *gate) enter(ctx context.Context) (release func(), err error) {
	busy := fmt.Errorf("%w: %d expensive requests (pages not cached yet, comparisons, first searches) under way or waiting; retry in %d s", errBusy, cap(g.queue), retryAfter)
	select {
	case g.queue <- struct{}{}:
	default:
		return nil, busy
	}
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return func() { <-g.slots; <-g.queue }, nil
	case <-t.C:
	case <-ctx.Done():
	}
	<-g.queue
	return nil, busy
}

func defaultGate() *gate {
	return newGate(max(2, runtime.GOMAXPROCS(0)), heavyQueue, heavyWait)
}

// statusWriter records the status and bytes of an answer, and whether
// writing it failed (the client gone, the write timeout passed). When the
// answer starts, it gives the connection writeTimeout from then to send
// it: the server's WriteTimeout counts from the request, and a page that
// took long to render would otherwise be cut off unsent (issue 23: 16% of
// 128 concurrent clients got an empty reply logged as 200).
type statusWriter struct {
	http.ResponseWriter
	status  int
	bytes   int
	err     error
	started bool
}

func (w *statusWriter) start() {
	if !w.started {
		w.started = true
		// Not every ResponseWriter has a deadline (httptest's has not).
		_ = http.NewResponseController(w.ResponseWriter).SetWriteDeadline(time.Now().Add(writeTimeout))
	}
}

func (w *statusWriter) WriteHeader(code int) {
	w.start()
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap gives http.ResponseController the connection's writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Write(b []byte) (int, error) {
	w.start()
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	if err != nil && w.err == nil {
		w.err = err
	}
	return n, err
}

// wrap is the chain every request goes through: an access log line with
// the status sent (logged), and a panic turned into a 500 and logged with
// the request (recovered).
func (s *Server) wrap(h http.Handler) http.Handler {
	return s.logged(s.recovered(h))
}

// logged writes an access log line for each request: time, method, URI,
// the status sent, bytes and duration, and the error when the reply could
// not be written whole; and gives each answer the write timeout from when
// it starts (statusWriter).
func (s *Server) logged(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		defer func() {
			if s.log == nil {
				return
			}
			line := fmt.Sprintf("%s %s %s %d %dB %s", start.UTC().Format(time.RFC3339), r.Method, r.URL.RequestURI(), sw.status, sw.bytes, time.Since(start).Round(time.Microsecond))
			if sw.err != nil {
				line += " reply not sent whole: " + sw.err.Error()
			}
			s.println(s.log, line)
		}()
		h.ServeHTTP(sw, r)
	})
}

// recovered turns a panic in a handler into a 500 rather than a dropped
// connection, and logs it with the request and the stack.
func (s *Server) recovered(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if log := s.errorLog(); log != nil {
				s.println(log, fmt.Sprintf("panic serving %s %s: %v\n%s", r.Method, r.URL.RequestURI(), p, debug.Stack()))
			}
			if p == http.ErrAbortHandler {
				panic(p)
			}
			writeError(w, errors.New("internal error"))
		}()
		h.ServeHTTP(w, r)
	})
}

func (s *Server) errorLog() io.Writer {
	if s.ErrorLog != nil {
		return s.ErrorLog
	}
	return s.log
}

func (s *Server) println(w io.Writer, line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintln(w, line)
}

// heavy runs fn, expensive work, within the gate: errBusy when the gate
// is full.
func (s *Server) heavy(r *http.Request, fn func() error) error {
	release, err := s.gate.enter(r.Context())
	if err != nil {
		return err
	}
	defer release()
	return fn()
}

// setRetry adds Retry-After to a 503.
func setRetry(h http.Header, code int) {
	if code == http.StatusServiceUnavailable {
		h.Set("Retry-After", strconv.Itoa(retryAfter))
	}
}
