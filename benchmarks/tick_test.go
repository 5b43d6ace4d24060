package benchmarks

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// ticksPerOp is the number of ticks one benchmark op runs: one full tick.
const ticksPerOp = 1

// newStandardModel builds a quiet model of n RandomN patches with the
// standard schedule, sized for ticks ticks, initialised.
func newStandardModel(tb testing.TB, n, ticks int, numba bool) *model.Biweekly {
	tb.Helper()
	scn, err := scenario.RandomN(n, 42, 0)
	require.NoError(tb, err)
	p := testkit.QuietParams(ticks, params.DefaultSeed)
	p.UseNumba = numba
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(tb, err)
	require.NoError(tb, m.SetComponents(model.DefaultComponents()...))
	require.NoError(tb, m.Initialize())
	return m
}

// BenchmarkTick measures full ticks of the standard schedule (importation,
// infection with dense gravity mixing, vital dynamics, state tracker) at
// N = 100, 1 000 and 5 000 patches, for the optimised (numba=true) and the
// reference (numba=false) kernels. It reports ns per tick and patch-ticks
// per second.
func BenchmarkTick(b *testing.B) {
	for _, n := range []int{100, 1000, 5000} {
		for _, numba := range []bool{true, false} {
			b.Run(fmt.Sprintf("N=%d/numba=%v", n, numba), func(b *testing.B) {
				// A model runs the baseline's 520 ticks (20 years) and is then
				// rebuilt outside the timer, so populations stay realistic.
				const runTicks = 520
				m := newStandardModel(b, n, runTicks, numba)
				ctx := context.Background()
				ops := 0
				for b.Loop() {
					if m.Tick()+ticksPerOp > runTicks {
						b.StopTimer()
						m = newStandardModel(b, n, runTicks, numba)
						b.StartTimer()
					}
					if err := m.RunTicks(ctx, ticksPerOp); err != nil {
						b.Fatal(err)
					}
					ops++
				}
				perTick := float64(b.Elapsed().Nanoseconds()) / float64(ops*ticksPerOp)
				b.ReportMetric(perTick, "ns/tick")
				b.ReportMetric(float64(n)*1e9/perTick, "patch-ticks/s")
			})
		}
	}
}

// BenchmarkSetup measures building a model with the standard schedule,
// including the dense gravity mixing matrix, at N = 1 000 and 5 000.
func BenchmarkSetup(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			for b.Loop() {
				newStandardModel(b, n, 1, true)
			}
		})
	}
}
