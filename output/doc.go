// Package output writes every file of a run, from a Go program as from the
// rubeola command line: the tidy tables of a model's trackers (CSV or
// Parquet; states first, from the most granular StateTracker, then
// population, cases, fadeouts and any other tracker), summary.json
// ([Summary]) and timing.csv; for an ensemble the quantile tables and
// summary.json in ensemble/ ([EnsembleSummary]) and, when kept, each
// replicate's own files in replicates/rNNN/; periodic snapshots in
// snapshots/.
//
// [Write] runs the ticks a model has left and writes its files;
// [WriteEnsemble] does the same for an ensemble. A [Session] writes the
// tables while the model runs (its writers follow the run tick by tick,
// so formatting overlaps the simulation): build the model with
// [Session.Option], then call [Session.Write]. The bytes are the same
// either way.
//
// The files stream into a temporary directory beside [Options].Dir that
// replaces Dir only when every file was written ([PendingDir], the atomic
// output directory commit, which `rubeola fit` uses for its own files);
// on error nothing is left. [CheckDir] is the check that Dir may be
// written (absent, empty, or replaced with Force).
//
// The package holds no flags and prints nothing: the command line (package
// cli) maps its flags to [Options] and prints the summary from the
// [Result]. docs/outputs.md describes every file; examples/runfromgo runs
// a run file from Go and writes the files `rubeola run --config` writes.
package output
