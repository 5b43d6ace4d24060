package fit

import (
	"context"
	"fmt"
	"time"
)

// PFilterOptions configure [PFilter].
type PFilterOptions struct {
	// Particles is J, the particles per place (default 1000).
	Particles int
	// Filters is K, the number of independent filters (default 1).
	Filters int
	// Seed seeds filter k with Seed + k (its model's streams and its
	// resampling streams).
	Seed uint64
	// Workers is the number of goroutines per filter (0: GOMAXPROCS);
	// results do not depend on it.
	Workers int
	// Set gives parameters (names as [Spec] parameter names: "r0",
	// "rho", "EulerSEIRProcess.r0", …) a value for every particle,
	// overriding the model's; nil keeps the model's values.
	Set map[string]float64
	// Forecast, when positive, steps the first filter's particles this
	// many report periods past the last report ([Forecast]); the model's
	// components must cover those dates ([CheckForecast]).
	Forecast int
}

// PFilterResult is a particle filter's estimate.
type PFilterResult struct {
	// LogLik is the log-mean-exp of the filters' log-likelihoods (the
	// log of the mean of their unbiased likelihood estimates) and SE its
	// jackknife standard error (pomp's logmeanexp(se = TRUE); NaN for one
	// filter).
	LogLik, SE float64
	// FilterLogLiks are the K filters' log-likelihoods.
	FilterLogLiks []float64
	// Blocks are the filter's blocks (indices of Places); BlockLogLik[b]
	// and BlockSE[b] are block b's log-likelihood (the sum of its
	// conditional log-likelihoods) as LogLik and SE are the total's.
	Blocks               [][]int
	BlockLogLik, BlockSE []float64
	// PlaceLogLik[p] and PlaceSE[p] are place p's, when every block is one
	// place (nil otherwise).
	PlaceLogLik, PlaceSE []float64
	// Particles and Filters are J and K.
	Particles, Filters int
	// Places and Dates are the observations' places and report dates.
	Places []string
	Dates  []time.Time
	// Reports[p][k] is place p's report k ([Missing] for none).
	Reports [][]int64
	// CondLogLik[b][k] is the first filter's conditional log-likelihood of
	// block b's report k given the earlier ones; ESS[b][k] its effective
	// sample size before resampling.
	CondLogLik, ESS [][]float64
	// States are the names of Means' columns: the model's states, then
	// "C" (the period's true cases).
	States []string
	// Means[p][k] are the first filter's filtering means at report k.
	Means [][][]float64
	// Seconds is the wall time of all filters; ParticleDays the particle
	// steps (particles × places × days × filters) per second.
	Seconds, ParticleDays float64
	// Forecast is the first filter's forecast (nil without
	// [PFilterOptions.Forecast]).
	Forecast *Forecast
}

// PFilter runs opts.Filters independent block particle filters of spec
// over obs (spec.Blocks; bootstrap filters of each place when every block
// is one place, of the whole model when one block holds every place) and
// returns the log-likelihood with its Monte Carlo standard
// error. Results are identical for any Workers.
func PFilter(ctx context.Context, spec *Spec, obs *Observations, opts PFilterOptions) (*PFilterResult, error) {
	if err := spec.validate(obs); err != nil {
		return nil, err
	}
	if opts.Particles == 0 {
		opts.Particles = 1000
	}
	if opts.Filters == 0 {
		opts.Filters = 1
	}
	if opts.Particles < 1 || opts.Filters < 1 || opts.Filters > MaxFilters {
		return nil, fmt.Errorf("fit: particles = %d must be >= 1 and filters = %d from 1 to %d", opts.Particles, opts.Filters, MaxFilters)
	}
	if opts.Forecast < 0 || opts.Forecast > MaxForecast {
		return nil, fmt.Errorf("fit: forecast = %d report periods, must be from 0 to %d", opts.Forecast, MaxForecast)
	}
	begin := time.Now()
	blocks := spec.blocks()
	perBlock := make([][]float64, len(blocks)) // [block][filter]
	res := &PFilterResult{Particles: opts.Particles, Filters: opts.Filters, Places: obs.Places, Dates: obs.Dates, Reports: obs.Counts, Blocks: blocks}
	for k := range opts.Filters {
		forecast := k == 0 && opts.Forecast > 0
		days := obs.Days()
		if forecast {
			days = forecastDays(obs, opts.Forecast)
		}
		ps, err := newParticlesDays(spec, obs, opts.Particles, opts.Seed+uint64(k), opts.Workers, days)
		if forecast {
			err = forecastError(obs, opts.Forecast, err)
		}
		if err != nil {
			return nil, err
		}
		if err := ps.set(opts.Set); err != nil {
			return nil, err
		}
		if err := ps.initialize(); err != nil {
			return nil, err
		}
		out, err := ps.run(ctx, obs, hooks{}, k == 0)
		if err != nil {
			return nil, err
		}
		if forecast {
			if res.Forecast, err = ps.forecast(ctx, obs, out, opts.Forecast, opts.Seed); err != nil {
				return nil, err
			}
		}
		res.FilterLogLiks = append(res.FilterLogLiks, out.loglik)
		for b, c := range out.cond {
			sum := 0.0
			for _, v := range c {
				sum += v
			}
			perBlock[b] = append(perBlock[b], sum)
		}
		if k == 0 {
			res.CondLogLik, res.ESS, res.Means = out.cond, out.ess, out.means
			res.States = append(ps.names, "C")
		}
	}
	res.LogLik, res.SE = LogMeanExp(res.FilterLogLiks)
	res.BlockLogLik = make([]float64, len(blocks))
	res.BlockSE = make([]float64, len(blocks))
	for b, v := range perBlock {
		res.BlockLogLik[b], res.BlockSE[b] = LogMeanExp(v)
	}
	if len(blocks) == len(obs.Places) {
		res.PlaceLogLik = make([]float64, len(obs.Places))
		res.PlaceSE = make([]float64, len(obs.Places))
		for b, towns := range blocks {
			res.PlaceLogLik[towns[0]], res.PlaceSE[towns[0]] = res.BlockLogLik[b], res.BlockSE[b]
		}
	}
	res.Seconds = time.Since(begin).Seconds()
	steps := float64(opts.Particles) * float64(len(obs.Places)) * float64(obs.Days()) * float64(opts.Filters)
	res.ParticleDays = steps / res.Seconds
	return res, nil
}
