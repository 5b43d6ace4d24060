package model

import "github.com/rubeola/rubeola/phases"

// EstimateMemory returns the storage the ensemble's run allocates for all
// its ticks: one replicate's ([Model.EstimateMemory]: trackers and the
// timing table), each item counted once per replicate, except the mixing
// matrix the replicates share, counted once.
func (e *Ensemble) EstimateMemory() MemoryEstimate {
	return replicatedEstimate(e.reps[0], len(e.reps))
}

// CheckMemory returns a [*MemoryError] when the storage of all replicates
// ([Ensemble.EstimateMemory]) exceeds the memory limit (see
// [WithMemoryLimit]). Initialize and LoadEnsembleSnapshot run it before any
// replicate allocates its storage.
func (e *Ensemble) CheckMemory() error {
	return e.reps[0].checkEstimate(e.EstimateMemory())
}

// replicatedEstimate is m's estimate with every item counted R times (a
// leading "replicates" dimension when R > 1).
func replicatedEstimate(m *Model, R int) MemoryEstimate {
	est := m.EstimateMemory()
	if R == 1 {
		return est
	}
	for k, it := range est.Items {
		if it.Shared {
			continue // built once for all replicates
		}
		est.Items[k].Storage.Dims = append([]phases.Dim{{N: R, Unit: "replicates"}}, it.Storage.Dims...)
	}
	return est
}
