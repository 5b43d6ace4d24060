// Package examples holds small runnable programs that show rubeola's API.
// Each one is run by a test that checks its output (every number depends
// only on fixed seeds), and the README's quick start is the file
// examples/quickstart/main.go verbatim (a test checks that they agree).
//
//   - quickstart: build a scenario, run the standard schedule plus a bare
//     function phase, read the trackers (go run ./examples/quickstart).
//   - customphase: a user phase, WaningImmunity (R → S with Binomial draws
//     from its own per-block streams, zero allocations per step), placed
//     after Infection in model.DefaultComponents(), and a user tracker
//     implementing metrics.Tracker and phases.Snapshotter, exported with
//     metrics.WriteTidyCSV; resuming a snapshot with user components.
//   - custommixer: a user mixing.Mixer, an exponential distance kernel built
//     with mixing.Distances, mixing.Normalize and mixing.MixingFromMigration,
//     used as systems.InfectionParams.Mixer.
//   - variant: a model variant without Go model code, the run file
//     examples/variant/run.toml (grid rows as SIA groups, ConstantPop,
//     per-row trackers), loaded with model.LoadRunFile, run halfway, saved
//     with SaveSnapshot and finished with model.LoadSnapshot.
//   - ensemble: 20 replicates of a grid scenario as one model.Ensemble
//     (seeds 1…20), quantile bands of incidence across them with
//     metrics.EnsembleTable, the attack rate's distribution with
//     metrics.SummarizeEnsemble, the whole table as CSV with
//     metrics.WriteQuantileCSV (go run ./examples/ensemble [bands.csv]).
package examples
