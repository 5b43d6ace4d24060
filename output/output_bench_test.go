package output

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// BenchmarkWriteOutputs measures the output step of the issue-12 benchmark
// run alone: benchmarks/baseline.toml's components on RandomN(1 000)
// (the baseline's N = 1 000 scenario size) after 520 ticks, every file
// written into a fresh directory (temporary directory, concurrent writers,
// rename) per iteration, for each format. The model runs once, outside the
// timing.
func BenchmarkWriteOutputs(b *testing.B) {
	rf, err := runfile.Load(filepath.Join("..", "benchmarks", "baseline.toml"))
	require.NoError(b, err)
	scn, err := scenario.RandomN(1000, 7, 0)
	require.NoError(b, err)
	p := rf.Params
	p.NumTicks, p.ShowProgress = 520, false
	m, err := model.New(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard), model.WithScenarioSource("RandomN(1000, 7)"))
	require.NoError(b, err)
	require.NoError(b, m.SetComponents(rf.Components...))
	require.NoError(b, m.Run(context.Background()))
	chosen := metrics.MostGranular(model.InstancesOf[*metrics.StateTracker](m))
	sum := NewSummary(Inputs{}, m, chosen, 0, 0)

	for _, format := range []metrics.Format{metrics.CSV, metrics.Parquet} {
		b.Run(string(format), func(b *testing.B) {
			files := planOutputs(m, chosen, sum, format)
			parent := b.TempDir()
			k := 0
			for b.Loop() {
				out := filepath.Join(parent, fmt.Sprint(k))
				if err := writeOutputs(out, false, files, nil); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				require.NoError(b, os.RemoveAll(out))
				k++
				b.StartTimer()
			}
		})
	}
}
