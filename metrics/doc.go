// Package metrics observes a model run: trackers (they are phases that record
// the state at their position in the schedule), the per-phase timing table,
// tidy long export and the JSON results summary.
//
// Trackers:
//
//	metrics.NewStateTracker(nil)                                   // global S, I, R per tick
//	metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch})
//
// Grouping (aggregation_level) has one meaning everywhere: [AllPatches] (−1)
// is one group "all_patches", [PerPatch] (−2) one group per patch, k ≥ 0 the
// first k+1 colon-separated parts of the id; groups are listed in first
// appearance order ([Groups]).
//
// Export: every tracker has Tidy() rows; [WriteTidyCSV] writes
// tick,date,patch_id,state,count (with a leading tracker column for several
// trackers). [Timing] is the per-phase wall-clock table (µs per phase per
// tick) with [Timing.WriteCSV]. [Summarize] computes the results summary of a
// StateTracker (peak, attack rates, final states).
package metrics
