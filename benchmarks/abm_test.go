package benchmarks

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/benchkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// abmPatches is the patch count of the agent-based benchmarks.
const abmPatches = 100

// abmScenario returns the benchmarks' 100-patch random scenario (seed 42)
// with its populations scaled to about agents people in all.
func abmScenario(tb testing.TB, agents int64) *scenario.Table {
	tb.Helper()
	scn, err := scenario.RandomN(abmPatches, benchkit.ScenarioSeed, 0)
	require.NoError(tb, err)
	f := float64(agents) / float64(scn.TotalPop())
	for j := range scn.Pop {
		scn.Pop[j] = max(int64(float64(scn.Pop[j])*f), 1)
	}
	return scn
}

// abmRefAgents is the population whose crude rates are the defaults in
// BenchmarkTickABM: at other sizes the rates are scaled by abmRefAgents/N
// so that every size has the same events per day.
const abmRefAgents = 1_000_000

// BenchmarkTickABM times one day of the agent-based model at 1, 10 and 30
// million agents with the same events per day (births = deaths
// 20/1000/year × 10⁶ ≈ 55 a day; importations 1/1000/year × 10⁶ ≈ 2.7 a
// day, each starting a chain of 0.8 further cases on average: β = 0.1,
// infectious period 8 days), so that the time per tick shows what it
// grows with: events, not agents (docs/abm.md).
//
//	go test -run '^$' -bench TickABM -benchmem ./benchmarks
func BenchmarkTickABM(b *testing.B) {
	for _, n := range []int64{1_000_000, 10_000_000, 30_000_000} {
		b.Run(fmt.Sprintf("agents=%dM", n/1_000_000), func(b *testing.B) {
			skipLargeShort(b, n > 1_000_000)
			scale := float64(abmRefAgents) / float64(n)
			infection := abm.DefaultABMInfectionParams()
			infection.Beta = 0.1
			imports := systems.DefaultImportationParamsFor(params.CompartmentalStepDays)
			imports.Rate = systems.RateAll(scale)
			constant := systems.ConstantPopParams{CrudeBirthRate: 20 * scale}
			m := newABMBench(b, abmScenario(b, n), 200_000, []phases.Factory{
				abm.NewImportationPressure(&imports), abm.NewABMInfection(&infection), abm.NewABMConstantPop(&constant)})
			benchDays(b, m)
		})
	}
}

// BenchmarkABMSetup measures building and initialising the agent-based
// model's standard schedule for a 100-patch scenario of 6.4 million
// agents: the table, ages and deaths, equilibrium states by age, mixing.
func BenchmarkABMSetup(b *testing.B) {
	scn, err := scenario.RandomN(abmPatches, benchkit.ScenarioSeed, 0)
	require.NoError(b, err)
	for b.Loop() {
		newABMBench(b, scn, 1, model.DefaultABMComponents())
	}
}

// benchDays runs a year of warm-up, then times one day per iteration.
func benchDays(b *testing.B, m *model.Model) {
	b.Helper()
	ctx := context.Background()
	require.NoError(b, m.RunTicks(ctx, 365))
	b.ReportAllocs()
	for b.Loop() {
		if err := m.RunTicks(ctx, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// newABMBench builds and initialises a quiet agent-based model.
func newABMBench(b *testing.B, scn *scenario.Table, ticks int, fs []phases.Factory) *model.Model {
	b.Helper()
	p := params.CompartmentalParams{BiweeklyParams: benchkit.QuietParams(ticks, params.DefaultSeed)}
	m, err := model.NewABM(scn, p)
	require.NoError(b, err)
	require.NoError(b, m.SetComponents(fs...))
	require.NoError(b, m.Initialize())
	return m
}
