package output

import (
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// The one-shot output path of a finished run, for tests and benchmarks of
// the output step alone (the CLI streams the tables during the run).

// planOutputs lists the result files of a finished run, in the order
// they are reported: the tidy table of the most granular StateTracker,
// summary.json, timing.csv, then the other tidy tables (see [planTidy]).
func planOutputs(m *model.Model, chosen *metrics.StateTracker, sum *Summary, format metrics.Format) []outputFile {
	tidy := planTidy(m, chosen, format, nil)
	return reportOrder(tidy, summaryFiles(m, sum, true))
}

// writeOutputs streams the files into a fresh temporary directory beside
// dir (all at once), moves this run's snapshots (already in dir/snapshots)
// into it and renames it into place. Any failure removes the temporary
// directory, so it leaves no partial result file.
func writeOutputs(dir string, force bool, files []outputFile, snapshots []string) error {
	p, err := NewPendingDir(dir)
	if err != nil {
		return err
	}
	defer p.Discard()
	p.start(files)
	if err := p.wait(); err != nil {
		return err
	}
	return p.commit(dir, force, snapshots)
}
