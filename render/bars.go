package render

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Bars reports slow work on a terminal. The first report of a task prints
// it as a one-line notice ("crules: building the search index of
// 2026-01-16 (once, usually 1 s; cached in …)"); a task still running a
// second later gets a bar ("crules: building the search index of
// 2026-01-16 [=====>   ] 1200/3000"), cleared when the task finishes. Its
// Report has the signature of crules.Options.Progress. It is safe for
// concurrent use (a server builds indexes for concurrent requests); a nil
// *Bars reports nothing.
type Bars struct {
	w     io.Writer
	delay time.Duration
	now   func() time.Time
	mu    sync.Mutex
	tasks map[string]*task
}

type task struct {
	start time.Time
	bar   *progressbar.ProgressBar
}

// NewBars returns Bars drawing on w, a terminal.
func NewBars(w io.Writer) *Bars {
	return &Bars{w: w, delay: time.Second, now: time.Now, tasks: map[string]*task{}}
}

// Report notes task's first report, then moves its bar to done of total
// steps once it has run a second; it redraws at most ten times a second.
func (p *Bars) Report(name string, done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	t := p.tasks[name]
	if t == nil {
		t = &task{start: p.now()}
		p.tasks[name] = t
		fmt.Fprintf(p.w, "crules: %s\n", name)
	}
	if t.bar == nil {
		if done >= total || p.now().Sub(t.start) < p.delay {
			return
		}
		// The bar says what, not again how long and where.
		what, _, _ := strings.Cut(name, " (")
		t.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(p.w), progressbar.OptionSetDescription("crules: "+what),
			progressbar.OptionClearOnFinish(), progressbar.OptionShowCount(), progressbar.OptionThrottle(100_000_000))
	}
	t.bar.ChangeMax(total)
	_ = t.bar.Set(done)
}
