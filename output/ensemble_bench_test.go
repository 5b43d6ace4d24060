package output

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// BenchmarkEnsembleOutputs measures the ensemble's output step alone: 16
// replicates of benchmarks/baseline.toml's components (the issue's
// throughput ensemble) on RandomN(1 000) after 104 ticks (two years; the
// outputs scale with ticks like the run), every ensemble table and
// summary.json written into a fresh directory per iteration, for each
// format. The ensemble runs once, outside the timing; "outputs/run" is the
// output step's wall time over that run's, "cpu-outputs/run" the same
// ratio of process CPU time (what the machine's load disturbs least),
// "rows/s" the table rows per second of wall time:
// T × (3 + N + N + 1) from the global states, population, per-patch cases
// and fadeouts.
func BenchmarkEnsembleOutputs(b *testing.B) {
	const R, N, T = 16, 1000, 104
	rf, err := runfile.Load(filepath.Join("..", "benchmarks", "baseline.toml"))
	require.NoError(b, err)
	scn, err := scenario.RandomN(N, 7, 0)
	require.NoError(b, err)
	p := rf.Params
	p.NumTicks, p.ShowProgress = T, false
	e, err := model.NewEnsemble(scn, p, R, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard), model.WithScenarioSource("RandomN(1000, 7)"))
	require.NoError(b, err)
	require.NoError(b, e.SetComponents(rf.Components...))
	start, cpu := time.Now(), testkit.ProcessCPU()
	require.NoError(b, e.Run(context.Background()))
	run, runCPU := time.Since(start), testkit.ProcessCPU()-cpu
	chosen := make([]*metrics.StateTracker, R)
	for r := range R {
		chosen[r] = metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](e.Replicate(r)))
	}
	sum, err := NewEnsembleSummary(Inputs{}, e, chosen, T, run, 0)
	require.NoError(b, err)
	rows := T * (3 + N + N + 1)

	for _, format := range []metrics.Format{metrics.CSV, metrics.Parquet} {
		b.Run(string(format), func(b *testing.B) {
			tables, err := planEnsembleTables(e, chosen, format, nil)
			require.NoError(b, err)
			files := append(tables, jsonFile(filepath.Join(EnsembleDir, "summary.json"), sum))
			parent := b.TempDir()
			k := 0
			var cpu time.Duration
			for b.Loop() {
				before := testkit.ProcessCPU()
				out := filepath.Join(parent, fmt.Sprint(k))
				p, err := NewPendingDir(out)
				require.NoError(b, err)
				require.NoError(b, p.mkdir(EnsembleDir))
				p.start(files)
				require.NoError(b, p.wait())
				require.NoError(b, p.commit(out, false, nil))
				cpu += testkit.ProcessCPU() - before
				b.StopTimer()
				require.NoError(b, os.RemoveAll(out))
				k++
				b.StartTimer()
			}
			perOp := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(perOp/run.Seconds(), "outputs/run")
			b.ReportMetric(cpu.Seconds()/float64(b.N)/runCPU.Seconds(), "cpu-outputs/run")
			b.ReportMetric(float64(rows)/perOp, "rows/s")
		})
	}
}
