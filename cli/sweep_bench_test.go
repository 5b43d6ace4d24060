package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// benchSweep is a 64-point sweep (8 beta values × 8 seeds) of a small
// scenario: the embedded default's size (RandomN(100), SPEC §11) with the
// standard schedule's components, 104 ticks (4 years).
const benchSweep = `scenario = { builder = "random_n", n = 100, seed = 42 }

[params]
num_ticks = 104

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "InfectionSeeding"

[[phases]]
type = "Infection"
seasonality = 0.3

[[phases]]
type = "VitalDynamics"

[[phases]]
type = "StateTracker"

[sweep]
"phases.Infection.beta" = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
"params.seed" = { from = 1, to = 8 }
`

// BenchmarkSweep runs the whole 64-point sweep into a fresh directory per
// iteration (validation, every point's outputs, the table), with 1 point at
// a time (its model using every CPU) and with 2 points at a time (each
// model single-threaded); points/s is the throughput.
func BenchmarkSweep(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "sweep.toml")
	require.NoError(b, os.WriteFile(file, []byte(benchSweep), 0o644))
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			k := 0
			for b.Loop() {
				out := filepath.Join(dir, fmt.Sprint("out", workers, "-", k))
				if code, _, stderr := runCLI(b, "sweep", file, "--out", out, "--no-progress", "--workers", fmt.Sprint(workers)); code != 0 {
					b.Fatal(stderr)
				}
				b.StopTimer()
				require.NoError(b, os.RemoveAll(out))
				k++
				b.StartTimer()
			}
			b.ReportMetric(64*float64(b.N)/b.Elapsed().Seconds(), "points/s")
		})
	}
}
