package fit

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
)

// ProfileOptions configure a profile likelihood ([Profile]).
type ProfileOptions struct {
	// Parameter is the profiled parameter's name and Values its values.
	Parameter string
	Values    []float64
	// Starts is the number of IF2 searches per value (default 1); they
	// differ by their seeds.
	Starts int
	// IF2 configures each search ([IBPF]: [IF2] with one place, the
	// iterated block filter with several); Parameter is removed from its
	// Estimates and Start and held at the point's value (Fixed) in every
	// town. A per-town estimate cannot be profiled.
	IF2 IF2Options
	// EvalParticles and EvalFilters configure the [PFilter] that evaluates
	// each search's result (defaults: IF2's particles, 10 filters).
	EvalParticles, EvalFilters int
	// Level is the confidence level of the MCAP interval (default 0.95).
	Level float64
}

// ProfilePoint is one search of a profile: point Index is value
// Values[Index/Starts], start Index%Starts.
type ProfilePoint struct {
	Index int
	Value float64
	Start int
	// LogLik and SE are the PFilter log-likelihood of Params and its
	// Monte Carlo standard error.
	LogLik, SE float64
	// Params are the search's estimates and held parameters.
	Params map[string]float64
}

// ProfileResult is a profile likelihood with its MCAP interval.
type ProfileResult struct {
	// Parameter is the profiled parameter.
	Parameter string
	// Points are all searches, Best the best of each value (by value).
	Points, Best []ProfilePoint
	// MCAP is the Monte Carlo adjusted profile over Best.
	MCAP *MCAPResult
	// Seconds is the wall time of the searches.
	Seconds float64
}

// ProfilePoints runs the searches indices of the profile (each in
// [0, len(Values)·Starts)): IF2 from opts.IF2 with the profiled parameter
// held at the point's value, then a PFilter of the result. Point i uses the
// seeds IF2.Seed + i·2³² (IF2) and that + 2³¹ (PFilter), so any split of
// the indices (Slurm array tasks) gives the same points.
func ProfilePoints(ctx context.Context, spec *Spec, obs *Observations, opts ProfileOptions, indices []int) ([]ProfilePoint, error) {
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	total := len(opts.Values) * opts.Starts
	var out []ProfilePoint
	for _, i := range indices {
		if i < 0 || i >= total {
			return nil, fmt.Errorf("fit: profile point %d is not in [0, %d) (%d values × %d starts)", i, total, len(opts.Values), opts.Starts)
		}
		p, err := profilePoint(ctx, spec, obs, &opts, i)
		if err != nil {
			return nil, fmt.Errorf("fit: profile point %d (%s = %v, start %d): %w", i, opts.Parameter, p.Value, p.Start, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// profilePoint runs point i.
func profilePoint(ctx context.Context, spec *Spec, obs *Observations, opts *ProfileOptions, i int) (ProfilePoint, error) {
	p := ProfilePoint{Index: i, Value: opts.Values[i/opts.Starts], Start: i % opts.Starts}
	o := opts.IF2
	o.Estimates = slices.DeleteFunc(slices.Clone(o.Estimates), func(e Estimate) bool { return e.Name == opts.Parameter })
	o.Fixed = maps.Clone(o.Fixed)
	if o.Fixed == nil {
		o.Fixed = map[string]float64{}
	}
	o.Fixed[opts.Parameter] = p.Value
	o.Start = maps.Clone(o.Start)
	maps.DeleteFunc(o.Start, func(key string, _ float64) bool {
		name, _, _ := SplitTownKey(key)
		return name == opts.Parameter
	})
	o.Seed = opts.IF2.Seed + uint64(i)<<32
	res, err := IBPF(ctx, spec, obs, o)
	if err != nil {
		return p, err
	}
	pf, err := PFilter(ctx, spec, obs, PFilterOptions{Particles: opts.EvalParticles, Filters: opts.EvalFilters,
		Seed: o.Seed + 1<<31, Workers: o.Workers, Set: res.MLE})
	if err != nil {
		return p, err
	}
	p.LogLik, p.SE, p.Params = pf.LogLik, pf.SE, res.MLE
	return p, nil
}

// defaults fills the defaults and checks the options.
func (o *ProfileOptions) defaults() error {
	if o.Parameter == "" || len(o.Values) == 0 {
		return fmt.Errorf("fit: a profile needs a parameter and values")
	}
	for _, v := range o.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("fit: profile of %q: value %v is not finite", o.Parameter, v)
		}
	}
	for _, e := range o.IF2.Estimates {
		if e.Name == o.Parameter && e.PerTown {
			return fmt.Errorf("fit: profile of %q: it is estimated per town; profile a shared parameter", o.Parameter)
		}
	}
	if o.Starts == 0 {
		o.Starts = 1
	}
	if o.EvalParticles == 0 {
		o.EvalParticles = o.IF2.Particles
	}
	if o.EvalParticles == 0 {
		o.EvalParticles = 1000 // IF2's own default
	}
	if o.EvalFilters == 0 {
		o.EvalFilters = 10
	}
	if o.Level == 0 {
		o.Level = 0.95
	}
	if o.Starts < 1 || o.EvalParticles < 1 || o.EvalFilters < 1 {
		return fmt.Errorf("fit: profile of %q: starts = %d, eval particles = %d and eval filters = %d must be >= 1", o.Parameter, o.Starts, o.EvalParticles, o.EvalFilters)
	}
	return nil
}

// Profile runs every point of the profile ([ProfilePoints]) and summarises
// it ([SummarizeProfile]). When only the MCAP fails, the result still
// holds the points, with the error.
func Profile(ctx context.Context, spec *Spec, obs *Observations, opts ProfileOptions) (*ProfileResult, error) {
	begin := time.Now()
	if err := opts.defaults(); err != nil {
		return nil, err
	}
	indices := make([]int, len(opts.Values)*opts.Starts)
	for i := range indices {
		indices[i] = i
	}
	points, err := ProfilePoints(ctx, spec, obs, opts, indices)
	if err != nil {
		return nil, err
	}
	res, err := SummarizeProfile(opts.Parameter, points, opts.Level)
	res.Seconds = time.Since(begin).Seconds()
	return res, err
}

// SummarizeProfile keeps the best point of each value (sorted by value) and
// computes the MCAP interval over them at level (points may come from
// several [ProfilePoints] shards). When the MCAP fails, the result holds
// the points with MCAP nil, and the error.
func SummarizeProfile(parameter string, points []ProfilePoint, level float64) (*ProfileResult, error) {
	res := &ProfileResult{Parameter: parameter, Points: points}
	best := map[float64]ProfilePoint{}
	for _, p := range points {
		if b, ok := best[p.Value]; !ok || p.LogLik > b.LogLik {
			best[p.Value] = p
		}
	}
	var values, logliks []float64
	for _, v := range slices.Sorted(maps.Keys(best)) {
		res.Best = append(res.Best, best[v])
		values, logliks = append(values, v), append(logliks, best[v].LogLik)
	}
	m, err := MCAP(values, logliks, level)
	if err != nil {
		return res, fmt.Errorf("fit: profile of %q: %w", parameter, err)
	}
	res.MCAP = m
	return res, nil
}
