package render

import (
	"io"
	"sync"

	"github.com/schollz/progressbar/v3"
)

// Bars draws a bar per task on a terminal ("crules: indexing
// 2026-01-16 [=====>   ] 1200/3000"), cleared when the task finishes. Its
// Report has the signature of crules.Options.Progress. It is safe for
// concurrent use (a server builds indexes for concurrent requests); a nil
// *Bars reports nothing.
type Bars struct {
	w    io.Writer
	mu   sync.Mutex
	bars map[string]*progressbar.ProgressBar
}

// NewBars returns Bars drawing on w, a terminal.
func NewBars(w io.Writer) *Bars {
	return &Bars{w: w, bars: map[string]*progressbar.ProgressBar{}}
}

// Report moves the bar of task to done of total steps, drawing it on
// first use; it redraws at most ten times a second.
func (p *Bars) Report(task string, done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	bar := p.bars[task]
	if bar == nil {
		bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(p.w), progressbar.OptionSetDescription("crules: "+task),
			progressbar.OptionClearOnFinish(), progressbar.OptionShowCount(), progressbar.OptionThrottle(100_000_000))
		p.bars[task] = bar
	}
	bar.ChangeMax(total)
	_ = bar.Set(done)
}
