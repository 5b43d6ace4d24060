package fit

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/rng"
)

// SimulationProbs are the probabilities of the quantiles [Simulate]
// returns: the median and the bounds of the 80 % and 95 % bands.
var SimulationProbs = []float64{0.025, 0.1, 0.5, 0.9, 0.975}

// Simulation is the distribution of simulated reports (and true cases) of
// [Simulate]'s trajectories, beside the observed reports.
type Simulation struct {
	// Places and Dates are the observations' places and report dates;
	// Reports[p][k] the observed report ([Missing] for none).
	Places  []string
	Dates   []time.Time
	Reports [][]int64
	// Trajectories is n, Seed the seed.
	Trajectories int
	Seed         uint64
	// Probs are [SimulationProbs].
	Probs []float64
	// Mean[p][k] is the mean simulated report of place p at report k.
	Mean [][]float64
	// Simulated[p][k][q] is the Probs[q]-quantile of the simulated reports
	// of place p at report k; Cases[p][k][q] that of the true cases of the
	// period (R's type 7, [metrics.Quantile]).
	Simulated, Cases [][][]float64
}

// Simulate runs n trajectories of spec from the start of obs to its last
// report (n particles per place, never weighed nor resampled) with seed and
// the parameters set (nil: the model's), draws a report per trajectory and
// period with spec's measurement model from the period's true cases, and
// returns their quantiles per place and report. The draws come from one
// stream per place ("fit.simulate"), so results do not depend on the
// number of workers.
func Simulate(ctx context.Context, spec *Spec, obs *Observations, n int, seed uint64, set map[string]float64) (*Simulation, error) {
	if err := spec.validate(obs); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("fit: simulate: n = %d trajectories, must be >= 1", n)
	}
	ps, err := newParticles(spec, obs, n, seed, 0)
	if err != nil {
		return nil, err
	}
	if err := ps.set(set); err != nil {
		return nil, err
	}
	if err := ps.initialize(); err != nil {
		return nil, err
	}
	np := len(obs.Places)
	sim := &Simulation{Places: obs.Places, Dates: obs.Dates, Reports: obs.Counts, Trajectories: n, Seed: seed,
		Probs: slices.Clone(SimulationProbs), Simulated: make([][][]float64, np), Cases: make([][][]float64, np),
		Mean: make([][]float64, np)}
	srcs := make([]*rng.Source, np)
	for p := range np {
		srcs[p] = rng.NewSource(seed, "fit.simulate", uint64(p))
		sim.Simulated[p] = make([][]float64, len(obs.Dates))
		sim.Cases[p] = make([][]float64, len(obs.Dates))
		sim.Mean[p] = make([]float64, len(obs.Dates))
	}
	reports, cases := make([]int64, n), make([]int64, n)
	start := obs.Start()
	for k, date := range obs.Dates {
		if err := ps.advance(ctx, dayIndex(start, date)); err != nil {
			return nil, err
		}
		c := ps.counter.Cases()
		for p := range np {
			sum := 0.0
			for i := range n {
				j := p*n + i
				cases[i] = c[j]
				reports[i] = spec.Measurement.Sample(srcs[p], c[j], ps.rho[j], ps.psi[j])
				sum += float64(reports[i])
			}
			sim.Mean[p][k] = sum / float64(n)
			sim.Simulated[p][k] = quantiles(reports, sim.Probs)
			sim.Cases[p][k] = quantiles(cases, sim.Probs)
		}
		ps.counter.ResetCases()
	}
	return sim, nil
}

// quantiles sorts v in place and returns its probs-quantiles.
func quantiles(v []int64, probs []float64) []float64 {
	slices.Sort(v)
	out := make([]float64, len(probs))
	for q, p := range probs {
		out[q] = metrics.Quantile(v, p)
	}
	return out
}
