package benchkit

import (
	"context"
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// leaksPerTick is how many slices the leaky phase allocates per tick: 10,
// so that a stray allocation or two of the engine over a whole benchmark
// (a pool refilled after a GC) cannot change the integer per-op mean.
const leaksPerTick = 10

// sink keeps the leaky phase's allocations reachable, so the compiler
// cannot keep them on the stack.
var sink [leaksPerTick][]int64

// leaky is a user phase that allocates leaksPerTick slices per tick: what
// the allocation counts must see.
type leaky struct{}

func (leaky) Name() string { return "Leaky" }

func (leaky) Step(phases.Model, int) error {
	for k := range sink {
		sink[k] = make([]int64, 16)
	}
	return nil
}

// withLeaky is the standard schedule of mt plus leaky.
func withLeaky(mt string) func() []phases.Factory {
	return func() []phases.Factory {
		return append(model.StandardComponents(mt), func(phases.Model) (phases.Component, error) { return leaky{}, nil })
	}
}

// TestConfigDefaults: the zero Config plus N is the biweekly standard
// schedule on N RandomN patches for 520 ticks (the baseline's 20 years);
// the compartmental type runs 20 years of days (7 300).
func TestConfigDefaults(t *testing.T) {
	cases := []struct {
		name     string
		c        Config
		wantType string
		ticks    int
		states   []string
	}{
		{"zero type", Config{N: 7}, model.TypeBiweekly, 520, []string{"S", "I", "R"}},
		{"compartmental", Config{Type: model.TypeCompartmental, N: 7}, model.TypeCompartmental, 7300, []string{"S", "E", "I", "R"}},
		{"run ticks", Config{N: 7, RunTicks: 9}, model.TypeBiweekly, 9, []string{"S", "I", "R"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.c.NewModel(t)
			assert.Equal(t, tc.wantType, m.Type())
			assert.Equal(t, tc.ticks, m.Params().NumTicks)
			assert.Equal(t, tc.states, m.Patches().States())
			assert.Equal(t, 7, m.Patches().Len())
			assert.False(t, m.Params().ShowProgress)
			assert.Len(t, m.Schedule(), len(model.StandardComponents(tc.wantType)))
		})
	}
}

// TestConfigScenarioAndParams: a given scenario replaces RandomN, and the
// params edit applies after the quiet defaults.
func TestConfigScenarioAndParams(t *testing.T) {
	scn, err := scenario.RandomN(3, 1, 0)
	require.NoError(t, err)
	c := Config{N: 50, Scenario: scn, Params: func(p *params.BiweeklyParams) { p.Parallel, p.Seed = false, 11 }}
	m := c.NewModel(t)
	assert.Equal(t, 3, m.Patches().Len())
	assert.False(t, m.Params().Parallel)
	assert.Equal(t, uint64(11), m.Params().Seed)
	e := c.NewEnsemble(t, 2)
	assert.Equal(t, 2, e.Replicates())
}

// TestAllocsPerTick: the standard schedules allocate nothing per tick, and
// a user phase's slices are counted, on a model and on an
// ensemble.
func TestAllocsPerTick(t *testing.T) {
	for _, mt := range model.ModelTypes() {
		t.Run(mt, func(t *testing.T) {
			warm := 0
			if mt == model.TypeABM {
				warm = 365 // its buffers grow with the first epidemic waves
			}
			assert.Zero(t, Config{Type: mt, N: 20, Warmup: warm}.AllocsPerTick(t, 20))
			assert.Equal(t, float64(leaksPerTick), Config{Type: mt, N: 20, Components: withLeaky(mt), Warmup: warm}.AllocsPerTick(t, 20))
			e := Config{Type: mt, N: 20, Components: withLeaky(mt)}.NewEnsemble(t, 2)
			require.NoError(t, e.RunTicks(context.Background(), warm))
			assert.Equal(t, float64(2*leaksPerTick), AllocsPerTick(t, e, 20), "the leaks of both replicates")
		})
	}
}

// benchTime is the -test.benchtime of TestTicks' benchmarks: 20 ops, so
// that models of 4 ticks are rebuilt 4 times, in milliseconds.
const benchTime = "20x"

// TestTicks runs the tick benchmark on models of 4 ticks, so b.Loop's ops
// rebuild the model several times, with and without the user phase that
// allocates per tick: both report their metrics, and the user
// phase's runs allocate leaksPerTick more times per op (allocs/op, the
// integer mean; reference kernels: no worker pool).
func TestTicks(t *testing.T) {
	bt := flag.Lookup("test.benchtime")
	old := bt.Value.String()
	require.NoError(t, bt.Value.Set(benchTime))
	t.Cleanup(func() { require.NoError(t, bt.Value.Set(old)) })
	run := func(fs func() []phases.Factory) testing.BenchmarkResult {
		return testing.Benchmark(func(b *testing.B) {
			Ticks(b, Config{Type: model.TypeCompartmental, N: 5, RunTicks: 4, Components: fs,
				Params: func(p *params.BiweeklyParams) { p.Parallel = false }})
		})
	}
	run(nil) // the process's one-time allocations (lazily built tables) happen here
	plain, leaking := run(nil), run(withLeaky(model.TypeCompartmental))
	for _, res := range []testing.BenchmarkResult{plain, leaking} {
		require.Equal(t, 20, res.N, "-test.benchtime %s", benchTime)
		assert.Positive(t, res.Extra["ns/tick"])
		assert.Positive(t, res.Extra["patch-ticks/s"])
	}
	assert.Equal(t, int64(leaksPerTick), leaking.AllocsPerOp()-plain.AllocsPerOp())
}
