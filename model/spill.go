package model

import "github.com/rubeola/rubeola/metrics"

// WithTrackerSpill sets where and above what size the model's StateTrackers
// keep their rows in a spill file instead of memory
// ([metrics.SpillPolicy]): dir is the directory of the (unlinked) spill
// file, "" for os.TempDir(); threshold is the storage size in bytes from
// which a tracker spills, < 0 never, 0 always. Without this option trackers
// spill from [metrics.DefaultSpillThreshold] into os.TempDir(). The outputs,
// summaries and snapshots are the same bytes either way (docs/scale.md).
func WithTrackerSpill(dir string, threshold int64) Option {
	return func(c *config) error {
		c.spill = &metrics.SpillPolicy{Dir: dir, Threshold: threshold}
		return nil
	}
}

// TrackerSpill returns the model's tracker spill policy
// ([metrics.SpillConfigurer]): the one [WithTrackerSpill] set, or the
// default.
func (m *Model) TrackerSpill() metrics.SpillPolicy {
	if m.cfg.spill != nil {
		return *m.cfg.spill
	}
	return metrics.SpillPolicy{Threshold: metrics.DefaultSpillThreshold}
}
