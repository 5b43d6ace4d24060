// Package cli is the rubeola command tree: the `rubeola` binary is cli.Main,
// and a user who registers their own components (model.Register), mixers
// (mixing.Register) or compartments (model.RegisterCompartment) ships their
// own binary by calling cli.Main after registering them (examples/mybinary);
// run files, validate, components and resume then know them like the
// built-ins. A binary that adds subcommands of its own, or names itself in
// usage and error lines, builds an [App] instead: cli.New(WithName(…)),
// AddCommand, then App.Main. The commands run spatial measles simulations
// with the biweekly model (14-day SIR ticks), the compartmental model
// (daily SEIR ticks, `--model compartmental`) or the agent-based model
// (daily SEIR ticks, one agent per person, `--model abm`), or a run file's
// model key; fit the compartmental model to case reports; draw and view a
// run's outputs; and build scenarios from public data.
//
//	rubeola run [--scenario FILE.csv] [--params FILE.json|.toml] [--config run.toml] [--ticks N]
//	            [--seed S] [--out DIR] [--per-patch] [--no-progress] [--verbose] [--force]
//	            [--snapshot-every K] [--format csv|parquet] [--replicates R [--keep-replicates]] [--plot]
//	rubeola resume FILE.snap [--ticks N] [--out DIR] [--force] [--format csv|parquet] [--keep-replicates] [--plot] …
//	rubeola plot DIR [--svg] [--out PLOTDIR] [--width IN] [--height IN] [--dpi N]
//	rubeola view DIR [--scenario FILE] [--shapefile FILE]
//	rubeola validate [--scenario FILE] [--params FILE] [--config FILE]
//	rubeola components
//	rubeola fit fit.toml [--loglik] [--particles J] [--filters K] [--seed S] [--workers W] [--out DIR] [--shard i/n] [--no-plot]
//	rubeola fit merge --out DIR SHARD_DIR…
//	rubeola fit slurm fit.toml --shards n [--partition P] [--time T] [--cpus C] [--out DIR] …
//	rubeola scenario synthetic --patches N [--seed S] --out scenario.csv
//	rubeola scenario raster --id ID --region ISO3 --shapefile FILE --population-raster FILE
//	            [--mcv1-raster FILE] [--mcv2-raster FILE] --out scenario.csv
//	rubeola shapefile dotname FILE --fields A,B,C [--inplace]
//	rubeola shapefile download ISO3 LEVEL [--dir D] [--timeout 60s]
//	rubeola pyramid ISO3 YEAR
//	rubeola sweep sweep.toml [--out DIR] [--format csv|parquet] [--workers K] [--shard i/n] [--no-progress]
//	rubeola sweep merge --out DIR SHARD_DIR… [--partial]
//	rubeola sweep slurm sweep.toml --shards n [--partition P] [--time T] [--cpus C] [--workers K] [--out DIR] …
//	rubeola version
//
// With no flags, `rubeola run` simulates the embedded default scenario (100
// synthetic patches built by scenario.RandomN) with the standard schedule and
// default params, prints a short summary and writes states.csv, summary.json
// and timing.csv to rubeola-out/ (one more tidy table per further tracker;
// with --format parquet, or a run file's [output] format = "parquet", the
// tidy tables are .parquet files). Outputs are streamed into a temporary
// directory that replaces DIR only when every file was written
// (docs/outputs.md); package output writes them, and a Go program can call
// it directly (examples/runfromgo). `rubeola plot DIR` (or `run --plot`) draws pictures of
// those outputs into DIR/plots (docs/plots.md).
//
// With --replicates R (or a run file's [ensemble] replicates = R) `rubeola
// run` runs an ensemble of R replicates (seeds seed … seed+R−1, each
// byte-identical to a single run with its seed) and writes DIR/ensemble/:
// one quantile table per tracker (mean, q05 … q95 across replicates) and
// summary.json; --keep-replicates also writes every replicate's own outputs
// under DIR/replicates/r000/ … (docs/ensembles.md). Snapshots of an
// ensemble hold every replicate, and `rubeola resume` continues them.
//
// `rubeola sweep` runs every point of a sweep file (a run file plus a
// [sweep] table of axes) into DIR/points/p00000/…, resumably, and writes
// DIR/sweep.csv, one row per point; shards merge back with `sweep merge`
// (docs/sweeps.md). `rubeola sweep slurm` writes the scripts that run the
// shards as a Slurm job array and merge them (docs/slurm.md).
//
// `rubeola fit` fits the compartmental model to case reports (a fit file:
// a run file, case data, a measurement model and the method): a
// log-likelihood by particle filter, an IF2 search or a profile, written
// to DIR/fit/ (package fit, docs/fit.md); a profile's shards merge with
// `fit merge` or run on Slurm with `fit slurm`. `rubeola view DIR` writes
// an offline page of a run, ensemble or fit (package view,
// docs/viewer.md).
//
// The demographics commands download GADM shapefiles and UN WPP data on first
// use (RUBEOLA_GADM_MIRROR and RUBEOLA_WPP_URL point them elsewhere), cache
// what they can, and never write partial files.
//
// Exit codes (stated by `rubeola --help` and docs/outputs.md): 0 ok, 1 a run or network failure after the
// inputs were accepted, 2 bad input — usage, validation, anything a run
// refuses before its first tick (one line per problem on stderr, nothing
// written).
package cli
