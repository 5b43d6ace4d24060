package benchmarks

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/benchkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
)

// baselineRunFile is the NumPy baseline's component list as a run file
// (also used by compare.sh).
const baselineRunFile = "baseline.toml"

// tickSizes are the patch counts of the tick benchmarks.
var tickSizes = []int{100, 1000, 5000}

// baselineComponents returns the baseline's component list: the standard
// schedule plus population, case-surveillance and fade-out trackers.
func baselineComponents(tb testing.TB) func() []phases.Factory {
	tb.Helper()
	return func() []phases.Factory {
		rf, err := runfile.Load(baselineRunFile)
		require.NoError(tb, err)
		return rf.Components
	}
}

// kernels returns the benchkit params edit choosing the optimised
// (numba = true) or the reference (numba = false) kernels.
func kernels(numba bool) func(p *params.BiweeklyParams) {
	return func(p *params.BiweeklyParams) { p.Parallel = numba }
}

// BenchmarkTick measures full ticks of the standard schedule (importation,
// infection with dense gravity mixing, vital dynamics, state tracker) at
// N = 100, 1 000 and 5 000 patches, for the optimised (numba=true) and the
// reference (numba=false) kernels. It reports ns per tick, patch-ticks per
// second and allocations per tick (benchkit.Ticks).
func BenchmarkTick(b *testing.B) {
	for _, n := range tickSizes {
		for _, numba := range []bool{true, false} {
			b.Run(fmt.Sprintf("N=%d/numba=%v", n, numba), func(b *testing.B) {
				benchkit.Ticks(b, benchkit.Config{N: n, Params: kernels(numba)})
			})
		}
	}
}

// BenchmarkTickBaselineList measures full ticks of the NumPy baseline's
// component list (the standard schedule plus population, case-surveillance
// and fade-out trackers), optimised kernels.
func BenchmarkTickBaselineList(b *testing.B) {
	for _, n := range tickSizes {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			benchkit.Ticks(b, benchkit.Config{N: n, Components: baselineComponents(b)})
		})
	}
}

// BenchmarkTickCompartmental measures full daily ticks of the
// compartmental model's standard schedule (importation S → E, SEIR
// infection with dense gravity mixing, daily vital dynamics, state
// tracker) at N = 100, 1 000 and 5 000 patches, for the optimised and the
// reference kernels; models run 20 years (7 300 days) before a rebuild.
// A year is 365 of these ticks against 26 biweekly ones.
func BenchmarkTickCompartmental(b *testing.B) {
	for _, n := range tickSizes {
		for _, numba := range []bool{true, false} {
			b.Run(fmt.Sprintf("N=%d/numba=%v", n, numba), func(b *testing.B) {
				benchkit.Ticks(b, benchkit.Config{Type: model.TypeCompartmental, N: n, Params: kernels(numba)})
			})
		}
	}
}

// BenchmarkSetup measures building a model with the standard schedule,
// including the dense gravity mixing matrix, at N = 1 000 and 5 000, for
// each patch model type (the agent-based model's, with one agent per
// person of these scenarios' 64–320 million, is BenchmarkABMSetup's).
func BenchmarkSetup(b *testing.B) {
	for _, mt := range model.ModelTypes() {
		if mt == model.TypeABM {
			continue
		}
		for _, n := range []int{1000, 5000} {
			name := fmt.Sprintf("N=%d", n)
			if mt != model.TypeBiweekly {
				name = fmt.Sprintf("%s/N=%d", mt, n)
			}
			b.Run(name, func(b *testing.B) {
				c := benchkit.Config{Type: mt, N: n, RunTicks: 1}
				for b.Loop() {
					c.NewModel(b)
				}
			})
		}
	}
}
