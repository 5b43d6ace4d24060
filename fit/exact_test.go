package fit

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// walkMax is the toy chain's largest state.
const walkMax = 12

// walk is a test component: a reflected random walk on {0, …, walkMax}
// kept in each patch's S column (up with probability up, down with
// probability down per day), whose "cases" are the state at the report.
// Its exact likelihood under binomial reports follows from the forward
// algorithm, so it checks the filter's estimator.
type walk struct {
	phases.Blocks
	up, down float64
	s        []int64
	cases    []int64
}

func (w *walk) Name() string { return "WalkProcess" }

func (w *walk) Initialize(m phases.Model) error {
	w.s = m.World().S()
	for j := range w.s {
		w.s[j] = 3 // every particle starts in state 3
	}
	w.cases = make([]int64, len(w.s))
	copy(w.cases, w.s)
	return w.Init(m, w)
}

func (w *walk) Step(m phases.Model, _ int) error { w.Run(m, w); return nil }

func (w *walk) Block(b int) {
	lo, hi := w.Range(b)
	src := w.Stream(b)
	for j := lo; j < hi; j++ {
		u := rng.Uniform(src)
		switch {
		case u < w.up:
			w.s[j] = min(w.s[j]+1, walkMax)
		case u < w.up+w.down:
			w.s[j] = max(w.s[j]-1, 0)
		}
		w.cases[j] = w.s[j]
	}
}

func (w *walk) Cases() []int64 { return w.cases }
func (w *walk) ResetCases()    {}

// walkTransition returns the one-day transition matrix of the walk.
func walkTransition(up, down float64) [][]float64 {
	p := make([][]float64, walkMax+1)
	for x := range p {
		p[x] = make([]float64, walkMax+1)
		p[x][min(x+1, walkMax)] += up
		p[x][max(x-1, 0)] += down
		p[x][x] += 1 - up - down
	}
	return p
}

// forwardLogLik is the exact log-likelihood of binomial reports y of the
// walk observed every period days, by the forward algorithm.
func forwardLogLik(up, down, rho float64, period int, y []int64) float64 {
	p := walkTransition(up, down)
	f := make([]float64, walkMax+1)
	f[3] = 1
	ll := 0.0
	meas := BinomialMeasurement{}
	for _, obs := range y {
		for range period {
			g := make([]float64, walkMax+1)
			for x, fx := range f {
				for z, pxz := range p[x] {
					g[z] += fx * pxz
				}
			}
			f = g
		}
		total := 0.0
		for x := range f {
			f[x] *= math.Exp(meas.LogDensity(obs, int64(x), rho, 0))
			total += f[x]
		}
		for x := range f {
			f[x] /= total
		}
		ll += math.Log(total)
	}
	return ll
}

// TestPFilterExactLikelihood checks the bootstrap filter's estimate against
// the forward algorithm's exact log-likelihood for a walk with binomial
// reports: 40 weekly reports simulated from the chain itself (so the
// likelihood is typical, not extreme). Tolerance: the filters' jackknife
// SE of the log-mean-exp, ×4 (a 4-SE band; the estimator's downward bias
// of about var/2 at J = 2000 is far below it), plus 0.05 for the SE's own
// error with K = 8 filters.
func TestPFilterExactLikelihood(t *testing.T) {
	const up, down, rho, period = 0.2, 0.15, 0.6, 7
	scn, err := scenario.FromColumns([]string{"A"}, []int64{1000}, []float64{0}, []float64{0}, []float64{0})
	require.NoError(t, err)
	walker := func(phases.Model) (phases.Component, error) { return &walk{up: up, down: down}, nil }
	start := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	obs := &Observations{Places: []string{"A"}, PeriodDays: period}
	// Simulate the reports from the chain (a fixed seed).
	src := rng.NewSource(7, "test.walk", 0)
	x := int64(3)
	for k := range 40 {
		for range period {
			u := rng.Uniform(src)
			switch {
			case u < up:
				x = min(x+1, walkMax)
			case u < up+down:
				x = max(x-1, 0)
			}
		}
		obs.Dates = append(obs.Dates, start.AddDate(0, 0, period*(k+1)))
		if len(obs.Counts) == 0 {
			obs.Counts = [][]int64{nil}
		}
		obs.Counts[0] = append(obs.Counts[0], rng.Binomial(src, x, rho))
	}
	exact := forwardLogLik(up, down, rho, period, obs.Counts[0])
	spec := &Spec{
		Type: model.TypeCompartmental, Scenario: scn, Params: params.DefaultCompartmental().BiweeklyParams,
		Components:  []phases.Factory{walker},
		Measurement: BinomialMeasurement{}, Rho: systems.PatchNumber(rho), Psi: systems.PatchNumber(0),
	}
	res, err := PFilter(context.Background(), spec, obs, PFilterOptions{Particles: 2000, Filters: 8, Seed: 3})
	require.NoError(t, err)
	t.Logf("exact %.4f, filter %.4f ± %.4f", exact, res.LogLik, res.SE)
	assert.InDelta(t, exact, res.LogLik, 4*res.SE+0.05)
	assert.Len(t, res.CondLogLik[0], 40)
	for k, e := range res.ESS[0] {
		assert.True(t, e > 1 && e <= 2000, "ESS[%d] = %v", k, e)
	}
}

// TestPFilterWorkersIdentical checks that the filter's result does not
// depend on the number of workers (SPEC §6.1: streams per block, resampling
// streams per place).
func TestPFilterWorkersIdentical(t *testing.T) {
	spec, obs := londonSpec(t)
	obs.Dates, obs.Counts[0] = obs.Dates[:52], obs.Counts[0][:52] // 1950
	var got []float64
	for _, w := range []int{1, 2, 3} {
		res, err := PFilter(context.Background(), spec, obs, PFilterOptions{Particles: 700, Filters: 2, Seed: 11, Workers: w})
		require.NoError(t, err)
		got = append(got, res.FilterLogLiks...)
	}
	assert.Equal(t, got[0:2], got[2:4])
	assert.Equal(t, got[0:2], got[4:6])
}
