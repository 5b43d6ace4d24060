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
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// ticksPerOp is the number of ticks one benchmark op runs: one full tick.
const ticksPerOp = 1

// baselineRunFile is the NumPy baseline's component list as a run file
// (also used by compare.sh).
const baselineRunFile = "baseline.toml"

// baselineComponents returns the baseline's component list: the standard
// schedule plus population, case-surveillance and fade-out trackers.
func baselineComponents(tb testing.TB) []phases.Factory {
	tb.Helper()
	rf, err := model.LoadRunFile(baselineRunFile)
	require.NoError(tb, err)
	return rf.Components
}

// newStandardModel builds a quiet model of n RandomN patches with the
// standard schedule, sized for ticks ticks, initialised.
func newStandardModel(tb testing.TB, n, ticks int, numba bool) *model.Biweekly {
	tb.Helper()
	return newModel(tb, n, ticks, numba, model.DefaultComponents())
}

// newModel builds a quiet, initialised model of n RandomN patches with the
// given components, sized for ticks ticks.
func newModel(tb testing.TB, n, ticks int, numba bool, fs []phases.Factory) *model.Biweekly {
	tb.Helper()
	scn, err := scenario.RandomN(n, 42, 0)
	require.NoError(tb, err)
	p := testkit.QuietParams(ticks, params.DefaultSeed)
	p.Parallel = numba
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(tb, err)
	require.NoError(tb, m.SetComponents(fs...))
	require.NoError(tb, m.Initialize())
	return m
}

// newEnsemble builds a quiet, initialised ensemble of R replicates of n
// RandomN patches with the given components, sized for ticks ticks.
func newEnsemble(tb testing.TB, n, ticks, R int, numba bool, fs []phases.Factory) *model.Ensemble {
	tb.Helper()
	scn, err := scenario.RandomN(n, 42, 0)
	require.NoError(tb, err)
	p := testkit.QuietParams(ticks, params.DefaultSeed)
	p.Parallel = numba
	e, err := model.NewEnsemble(scn, p, R, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(tb, err)
	require.NoError(tb, e.SetComponents(fs...))
	require.NoError(tb, e.Initialize())
	return e
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
				benchTicks(b, n, numba, model.DefaultComponents)
			})
		}
	}
}

// BenchmarkTickBaselineList measures full ticks of the NumPy baseline's
// component list (the standard schedule plus population, case-surveillance
// and fade-out trackers), optimised kernels.
func BenchmarkTickBaselineList(b *testing.B) {
	for _, n := range []int{100, 1000, 5000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			benchTicks(b, n, true, func() []phases.Factory { return baselineComponents(b) })
		})
	}
}

// benchTicks runs one tick per op of a model of n patches built from fs.
// A model runs the baseline's 520 ticks (20 years) and is then rebuilt
// outside the timer, so populations stay realistic.
func benchTicks(b *testing.B, n int, numba bool, fs func() []phases.Factory) {
	const runTicks = 520
	m := newModel(b, n, runTicks, numba, fs())
	ctx := context.Background()
	ops := 0
	for b.Loop() {
		if m.Tick()+ticksPerOp > runTicks {
			b.StopTimer()
			m = newModel(b, n, runTicks, numba, fs())
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
