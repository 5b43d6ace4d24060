package output

import (
	"time"

	"github.com/rubeola/rubeola/metrics"
)

// Options say where and how a run's outputs are written.
type Options struct {
	// Dir is the output directory. It is replaced as a whole when every
	// file was written (the files stream into a temporary directory beside
	// it); it must be absent or empty unless Force.
	Dir string
	// Format is the tidy tables' format ("" is [metrics.CSV]).
	Format metrics.Format
	// Force replaces a non-empty Dir.
	Force bool
	// SnapshotEvery K > 0 saves Dir/snapshots/tick-NNNNNN.snap every K
	// ticks while the run goes on (0: none).
	SnapshotEvery int
	// NoTiming leaves the wall-clock fields out of summary.json (the points
	// of a sweep, whose files are compared byte for byte).
	NoTiming bool
	// KeepReplicates also writes each replicate's own outputs under
	// Dir/replicates/rNNN/ (ensembles only).
	KeepReplicates bool
	// Inputs describe where the run's inputs came from (summary.json's
	// "inputs").
	Inputs Inputs
	// Generator names the program in summary.json's metadata.generator;
	// "" is rubeola's own ("rubeola " + metrics.Version). A binary of
	// one's own sets metrics.Generator("mybinary") ("mybinary (rubeola
	// 0.1.0)"); the cli package does for cli.WithName.
	Generator string
}

// stamp sets md's generator to o.Generator when it is set.
func (o Options) stamp(md *metrics.Metadata) {
	if o.Generator != "" {
		md.Generator = o.Generator
	}
}

// format is o.Format, CSV when unset.
func (o Options) format() metrics.Format {
	if o.Format == "" {
		return metrics.CSV
	}
	return o.Format
}

// Inputs describe where a run's inputs came from, as summary.json records
// them. Every field may be empty.
type Inputs struct {
	// Scenario describes the scenario (a file name, or how it was made);
	// "" takes the model's scenario source (model.WithScenarioSource).
	Scenario string
	// ParamsFile and ConfigFile are the params file and run file, as given.
	ParamsFile, ConfigFile string
	// ResumedFrom is the snapshot a resumed run started from.
	ResumedFrom string
}

// Result is what [Write] did.
type Result struct {
	// Summary is summary.json's content (with its wall-clock fields even
	// when Options.NoTiming left them out of the file).
	Summary *Summary
	// Files are the files written, relative to Dir, in the order a report
	// lists them: states, summary.json, timing.csv, the other tables.
	Files []string
	// Snapshots are the snapshot files saved (Options.SnapshotEvery), in
	// Dir/snapshots.
	Snapshots []string
	// Writing is the time spent writing the outputs after the last tick.
	Writing time.Duration
}

// EnsembleResult is what [WriteEnsemble] did.
type EnsembleResult struct {
	// Summary is ensemble/summary.json's content (with its wall-clock
	// fields even when Options.NoTiming left them out of the file).
	Summary *EnsembleSummary
	// Tables are the files in Dir/ensemble, relative to Dir, in report
	// order: states, summary.json, the other tables.
	Tables []string
	// Kept are the first replicate's files (Options.KeepReplicates),
	// relative to Dir; every replicate's folder holds the same names.
	Kept []string
	// Snapshots are the ensemble snapshot files saved, in Dir/snapshots.
	Snapshots []string
	// Writing is the time spent writing the outputs after the last tick.
	Writing time.Duration
}
