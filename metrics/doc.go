// Package metrics observes a model run of any model type: trackers (phases
// that record the state at their position in the schedule), the JSON
// results summary and its writer, the per-phase timing table, tidy long
// export and the ensemble quantile tables and summary (SPEC §8).
//
// Trackers (each with a …Params struct, Default…Params, Validate, a strict
// Decode…Params and a factory New…; nil params mean the defaults):
//
//	metrics.NewStateTracker(nil)                  // [StateTracker]: the model's states (S, I, R or S, E, I, R, then declared compartments) per group, [state][tick][group]
//	metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch})
//	metrics.NewPopulationTracker(nil)             // [PopulationTracker]: sum of every state per patch, [patch][tick]
//	metrics.NewFadeOutTracker(nil)                // [FadeOutTracker]: patches with I == 0, [tick]
//	metrics.NewCaseSurveillanceTracker(nil)       // [CaseSurveillanceTracker]: Binomial(I, detection_rate) per group, [group][tick]; negative binomial reporting, windows, incidence
//
// The agent-based model's trackers read package agents' table (their
// params [AgeTrackerParams] or [KitParams]):
//
//	metrics.NewAgePyramidTracker(nil)             // [AgePyramidTracker]: live agents per age bin and group, age_pyramid.csv
//	metrics.NewImmunityByAgeTracker(nil)          // [ImmunityByAgeTracker]: agents per age bin, immunity class and group, immunity_by_age.csv
//	metrics.NewAgeAtInfectionTracker(nil)         // [AgeAtInfectionTracker]: infections (S → E) by age per window, age_at_infection.csv
//	metrics.NewDosesTracker(nil)                  // [DosesTracker]: MCV1, MCV2 and SIA doses given and immunising, doses.csv
//
// A tracker of your own is a declaration and a per-tick function on the
// tracker kit ([TrackerSpec], [NewKit], [Kit], [Sample]): storage,
// grouping, every-k sampling, int64 or float64 values, snapshot state,
// memory estimate, tidy export under a chosen file name and safe live
// reading come with it (docs/trackers.md). Every tracker's blocks are read
// from another goroutine while the model runs ([Tracker]).
//
// Grouping (aggregation_level) has one meaning everywhere: [AllPatches] (−1)
// is one group "all_patches", [PerPatch] (−2) one group per patch, k ≥ 0 the
// first k+1 colon-separated parts of the id; groups are listed in first
// appearance order ([Groups]). StateTracker defaults to −1,
// CaseSurveillanceTracker to −2. A Filter (Go only) restricts trackers to
// some patches.
//
// Every tracker implements phases.Snapshotter: its snapshot state is the
// rows recorded so far with the group ids or patch count, and RestoreState
// sizes storage for the loaded model's num_ticks (a resumed run may be
// longer or shorter).
//
// A per-patch StateTracker whose storage reaches a threshold
// ([SpillPolicy], [DefaultSpillThreshold]; model.WithTrackerSpill) keeps
// only the tick it records in memory: each tick's row goes to an unlinked
// spill file, and Blocks, Counts, Series, [Summarize] and snapshots read
// the rows back, with the same results and bytes as in memory
// ([StateTracker.Spilled]).
//
// Results: [Summarize] computes the §8.7 summary of a StateTracker (peak,
// attack rates, final states); [NewResults] adds [Metadata] (generator
// "rubeola <version>" from [Version], or a binary's own name with it,
// [Generator]; seed, start time, tick length). [NewResultsWriter]
// is a component (not a phase) that writes the results of the most granular
// StateTracker ([MostGranular]) to a JSON file when the run is finalized; it
// must be added after a StateTracker.
//
// Export (SPEC §8.5) is streamed. A [Tracker] yields its records as
// [Block]s — one tick's counts of one state with their group or patch ids,
// views into the tracker's storage, tick-major then state — through
// Blocks, a method that is itself an iter.Seq[Block] (range over t.Blocks).
// A block is the per-tick column a tracker already stores, so yielding it
// copies and allocates nothing, and a writer handles a whole tick's row run
// at once (the CSV writer formats the tick,date prefix once per tick).
// User trackers implement Name and Blocks (see
// examples/customphase). [Rows] flattens blocks into tidy [Row]s one at a
// time and [Tidy] collects them (tests and small tables only; the built-in
// trackers keep a Tidy method for that).
//
// Writers format blocks straight into their output and never hold a table:
// [WriteTidyCSV] appends each row into one reused 512 KiB buffer that
// goes to the io.Writer whenever it fills (byte-identical to encoding/csv,
// quoting ids only when needed); a row is the tick's labels, formatted
// once per tick, an id's labels, quote-checked and encoded once per id
// list and state, and the count. Package metrics/tidyparquet writes the
// same columns as Parquet. Built-in trackers are [TickRanger]s, whose
// blocks a writer that follows a running model reads a stretch of ticks at
// a time. [Format] names the two (the CLI's
// --format, a run file's [output] format). tick,date,patch_id,state,count
// has a leading tracker column when one file holds several trackers.
// [Timing] is the per-phase wall-clock table (µs per phase per tick) with
// [Timing.WriteCSV].
//
// The WriteTidyCSV examples write a per-patch StateTracker's table and two
// user trackers in one table.
//
// Ensembles (docs/ensembles.md): [NewEnsembleTable] takes one tracker per
// replicate (the same component in each) and yields [QuantileBlock]s — for
// every row of their tidy table, the mean and the q05, q25, q50, q75 and q95
// quantiles across the replicates ([QuantileColumns]) — reading the
// replicates' blocks in lockstep, so it too holds no table.
// [WriteQuantileCSV] writes it as CSV (tidyparquet.WriteQuantiles as
// Parquet). Quantiles are Hyndman–Fan type 7 ([Quantile]; exact for counts,
// [QuantilePercent]). [SummarizeEnsemble] gives the distributions
// ([Distribution]) across replicates of peak, attack rate, infections,
// final state, extinction and fade-outs, with each replicate's
// [ReplicateOutcome].
package metrics
