package benchmarks

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/systems"
)

// expDecay is a user distance kernel, exp(−d/Scale) with destination
// exponent 1, registered as the mixer type "bench_exponential" (issue 24:
// a registered user kernel on gravity's fast path): math.Exp per pair, or
// with Fast the batch form DecayRow with rng.Exp (the samplers' inlined
// exponential, within 3 ulp of math.Exp).
type expDecay struct {
	Scale float64 `json:"scale"`
	K     float64 `json:"k"`
	Fast  bool    `json:"fast"`
}

// Name returns "bench_exponential".
func (e expDecay) Name() string { return "bench_exponential" }

// Kernel returns exp(−d/Scale), exponents (0, 1), K.
func (e expDecay) Kernel() (mixing.DistanceKernel, error) {
	if !(e.Scale > 0) {
		return mixing.DistanceKernel{}, fmt.Errorf("mixing: bench_exponential: scale = %v must be > 0", e.Scale)
	}
	inv := 1 / e.Scale
	dk := mixing.DistanceKernel{Decay: func(d float64) float64 { return math.Exp(-d * inv) }, DestExp: 1, K: e.K}
	if e.Fast {
		dk.Decay = func(d float64) float64 { return rng.Exp(-d * inv) }
		dk.DecayRow = func(d, out []float64) {
			for k, v := range d {
				out[k] = rng.Exp(-v * inv)
			}
		}
	}
	return dk, nil
}

func init() {
	mixing.MustRegister(mixing.MixerType{Name: expDecay{}.Name(), Doc: "exp(−d/scale) (benchmarks)",
		Decode: func(data []byte) (mixing.Mixer, error) {
			v := struct {
				Type string `json:"type"`
				expDecay
			}{expDecay: expDecay{Scale: 50, K: 0.01}}
			if err := params.DecodeStrict(data, &v, params.KeyRules{Component: "mixing: bench_exponential"}); err != nil {
				return nil, err
			}
			m := mixing.FromKernel(v.expDecay)
			return m, m.Validate()
		}})
}

// setupMixers are the mixers of the set-up comparison, as run files write
// them.
var setupMixers = []struct{ name, spec string }{
	{"gravity", `{ type = "gravity" }`},
	{"exponential", `{ type = "bench_exponential", scale = 50 }`},
	{"exponential-fast", `{ type = "bench_exponential", scale = 50, fast = true }`},
}

// kernelModel decodes a run file of n RandomN patches whose only phase is
// Infection with the given mixer spec and returns the model, initialised
// (the mixing built: factored on the default path).
func kernelModel(tb testing.TB, n int, mixer string) *model.Model {
	tb.Helper()
	text := fmt.Sprintf(`[scenario]
builder = "random_n"
n = %d

[params]
num_ticks = 400
show_progress = false

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "Infection"
mixer = %s
`, n, mixer)
	rf, err := runfile.Decode(strings.NewReader(text), "kernel.toml", ".")
	require.NoError(tb, err)
	m, err := model.NewBiweekly(rf.Scenario, rf.Params, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(tb, err)
	require.NoError(tb, m.SetComponents(rf.Components...))
	require.NoError(tb, m.Initialize())
	return m
}

// BenchmarkKernelSetup is the Infection's set-up at N = 5 000 from a run
// file — scenario, model, the factored mixing build — with default gravity
// and with the registered user kernel bench_exponential, plain and fast
// (issue 24: within 2× of gravity's time and memory). One op is one whole set-up; for the
// whole process, run one op in its own process under /usr/bin/time -v.
func BenchmarkKernelSetup(b *testing.B) {
	for _, mix := range setupMixers {
		b.Run(fmt.Sprintf("N=5000/%s", mix.name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				kernelModel(b, 5000, mix.spec)
			}
		})
	}
}

// TestKernelTickAllocs: with a registered user kernel the Infection takes
// the factored path and a tick allocates what gravity's does (nothing).
func TestKernelTickAllocs(t *testing.T) {
	ctx := context.Background()
	allocs := map[string]float64{}
	for _, mix := range setupMixers {
		m := kernelModel(t, 300, mix.spec)
		inf := model.InstancesOf[*systems.Infection](m)[0]
		require.NotNil(t, inf.Factored(), "%s: the factored path", mix.name)
		require.NoError(t, m.RunTicks(ctx, 1))
		allocs[mix.name] = testing.AllocsPerRun(50, func() { require.NoError(t, m.RunTicks(ctx, 1)) })
	}
	assert.Zero(t, allocs["gravity"], "gravity's tick")
	assert.Equal(t, allocs["gravity"], allocs["exponential"], "the user kernel's tick")
	assert.Equal(t, allocs["gravity"], allocs["exponential-fast"], "the user kernel's tick, batch form")
}
