package output

import (
	"iter"
	"sync"

	"github.com/rubeola/rubeola/metrics"
)

// progressFeed tells the output writers how far the run has got: the
// number of completed ticks, whether the run has ended and whether it
// failed. The model's goroutine publishes through [progressFeed.tick] (a
// model.WithAfterTick hook) every [progressFeed.every] ticks; the mutex
// orders the model's writes to the trackers before the writers' reads of
// those ticks.
type progressFeed struct {
	mu      sync.Mutex
	changed *sync.Cond
	done    int  // ticks completed
	final   bool // no more ticks will come
	failed  bool // the run failed: writers stop

	every int // publish every this many ticks (set before the run)
}

// feedReports is about how many times per run the writers are woken: often
// enough that formatting keeps pace with the run, rarely enough that waking
// them costs nothing measurable.
const feedReports = 32

// newProgressFeed returns a feed; [progressFeed.startAt] sets it up once
// the model exists. The methods of a nil feed do nothing (a run whose
// tables are written after its last tick).
func newProgressFeed() *progressFeed {
	f := &progressFeed{every: 1}
	f.changed = sync.NewCond(&f.mu)
	return f
}

// startAt sets the ticks already complete (a resumed run starts past 0)
// and the reporting interval for a run of numTicks ticks. Call it before
// the run and before any writer starts.
func (f *progressFeed) startAt(done, numTicks int) {
	if f == nil {
		return
	}
	f.done, f.final, f.failed = done, false, false
	f.every = max(1, numTicks/feedReports)
}

// tick is the model's after-tick hook: it publishes every f.every ticks.
// The end of the run is published by the caller ([progressFeed.publish]
// with final), after Run returned.
func (f *progressFeed) tick(done int) {
	if f != nil && done%f.every == 0 {
		f.publish(done, false)
	}
}

// publish records that done ticks are complete (final: the run ended).
func (f *progressFeed) publish(done int, final bool) {
	if f == nil {
		return
	}
	f.mu.Lock()
	f.done, f.final = done, final
	f.mu.Unlock()
	f.changed.Broadcast()
}

// fail stops the writers: the run failed and its outputs are discarded.
func (f *progressFeed) fail() {
	if f == nil {
		return
	}
	f.mu.Lock()
	f.failed = true
	f.mu.Unlock()
	f.changed.Broadcast()
}

// await blocks until more than seen ticks are complete, the run ended or
// it failed, and returns the state then.
func (f *progressFeed) await(seen int) (done int, final, failed bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for f.done <= seen && !f.final && !f.failed {
		f.changed.Wait()
	}
	return f.done, f.final, f.failed
}

// liveTracker exports a tracker while the model runs: its Blocks yields
// each tick's blocks as soon as the feed reports the tick complete, and
// returns when the run has ended (or failed: the writer then ends a file
// that is discarded with the temporary directory). It relies on the
// built-in trackers' contract that Blocks may follow a running model
// ([metrics.Tracker]).
type liveTracker struct {
	metrics.Tracker
	feed *progressFeed
}

// Blocks yields the tracker's blocks a stretch of ticks at a time, as the
// feed reports the run has completed them.
func (l liveTracker) Blocks(yield func(metrics.Block) bool) {
	next := 0 // first tick not yet yielded
	for {
		done, final, failed := l.feed.await(next)
		if failed {
			return
		}
		for b := range l.between(next, done) {
			if !yield(b) {
				return
			}
		}
		if final {
			return
		}
		next = done
	}
}

// FloatValues reports whether the followed tracker's blocks carry float64
// values ([metrics.FloatTracker]), so that the table of a float tracker (a
// tracker kit's TrackerSpec[float64]) written live keeps its "value" column.
func (l liveTracker) FloatValues() bool { return metrics.IsFloat(l.Tracker) }

// between yields the tracker's blocks of ticks from ≤ tick < to: read
// directly from a [metrics.TickRanger] (the built-in trackers), else by
// walking Blocks from the first tick.
func (l liveTracker) between(from, to int) iter.Seq[metrics.Block] {
	if r, ok := l.Tracker.(metrics.TickRanger); ok {
		return r.BlocksBetween(from, to)
	}
	return func(yield func(metrics.Block) bool) {
		for b := range l.Tracker.Blocks {
			if b.Tick >= to {
				return
			}
			if b.Tick >= from && !yield(b) {
				return
			}
		}
	}
}
