package phases

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Progress is the run's progress bar: one step per tick, redrawn at most ten
// times per second, ending with a newline. A disabled Progress does nothing.
type Progress struct {
	bar *progressbar.ProgressBar
}

// NewProgress returns a bar of total ticks written to w, or a no-op bar when
// enabled is false.
func NewProgress(w io.Writer, total int, description string, enabled bool) Progress {
	if !enabled || total <= 0 {
		return Progress{}
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(description),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("ticks"),
		progressbar.OptionShowIts(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionOnCompletion(func() { _, _ = io.WriteString(w, "\n") }),
		progressbar.OptionSetPredictTime(true),
	)
	return Progress{bar: bar}
}

// Step advances the bar by one tick.
func (p Progress) Step() {
	if p.bar != nil {
		_ = p.bar.Add(1)
	}
}

// Add advances the bar by n steps (an ensemble counts replicate-ticks).
func (p Progress) Add(n int) {
	if p.bar != nil {
		_ = p.bar.Add(n)
	}
}

// Close ends the bar (drawing it complete when all ticks ran).
func (p Progress) Close() {
	if p.bar != nil && !p.bar.IsFinished() {
		_ = p.bar.Exit()
	}
}
