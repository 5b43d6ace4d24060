package fit

import (
	"fmt"
	"maps"
	"math"
	"slices"
)

// if2Plan is what [IF2] checked and resolved before iterating.
type if2Plan struct {
	est   []Estimate
	start []float64          // natural-scale start per estimate
	held  map[string]float64 // Fixed and the non-estimated Start values
}

// planIF2 applies the defaults of opts, checks them against spec and obs,
// and reads the missing start values from a one-particle model.
func planIF2(spec *Spec, obs *Observations, opts *IF2Options) (*if2Plan, error) {
	if err := spec.validate(obs); err != nil {
		return nil, err
	}
	if len(obs.Places) != 1 {
		return nil, fmt.Errorf("fit: IF2 fits one place, the observations have %d (fit them one at a time)", len(obs.Places))
	}
	if opts.Particles == 0 {
		opts.Particles = 1000
	}
	if opts.Iterations == 0 {
		opts.Iterations = 50
	}
	if opts.Cooling == 0 {
		opts.Cooling = 0.5
	}
	if opts.Particles < 1 || opts.Iterations < 1 || opts.Iterations > MaxIterations {
		return nil, fmt.Errorf("fit: IF2 particles = %d must be >= 1 and iterations = %d from 1 to %d", opts.Particles, opts.Iterations, MaxIterations)
	}
	if !(opts.Cooling > 0 && opts.Cooling <= 1) {
		return nil, fmt.Errorf("fit: IF2 cooling fraction %v must be in (0, 1]", opts.Cooling)
	}
	if len(opts.Estimates) == 0 {
		return nil, fmt.Errorf("fit: IF2 needs at least one estimate")
	}
	if err := ValidateEstimates(opts.Estimates); err != nil {
		return nil, err
	}
	probe, err := newParticles(spec, obs, 1, opts.Seed, opts.Workers)
	if err != nil {
		return nil, err
	}
	plan := &if2Plan{est: opts.Estimates, held: map[string]float64{}}
	owner := map[*float64]string{} // a live slice → the name that claimed it
	for _, e := range opts.Estimates {
		if _, ok := opts.Fixed[e.Name]; ok {
			return nil, fmt.Errorf("fit: parameter %q is both estimated and fixed", e.Name)
		}
		v, err := probe.param(e.Name)
		if err != nil {
			return nil, err
		}
		if other, dup := owner[&v[0]]; dup {
			return nil, fmt.Errorf("fit: estimates %q and %q are the same parameter", other, e.Name)
		}
		owner[&v[0]] = e.Name
		x, ok := opts.Start[e.Name]
		if !ok {
			x = v[0]
		}
		if err := e.CheckValue(x); err != nil {
			return nil, err
		}
		plan.start = append(plan.start, x)
	}
	for name, x := range opts.Start {
		if !slices.ContainsFunc(opts.Estimates, func(e Estimate) bool { return e.Name == name }) {
			plan.held[name] = x
		}
	}
	maps.Copy(plan.held, opts.Fixed)
	for _, name := range slices.Sorted(maps.Keys(plan.held)) {
		v, err := probe.param(name)
		if err != nil {
			return nil, err
		}
		if other, dup := owner[&v[0]]; dup {
			return nil, fmt.Errorf("fit: %q is held at a value but is the estimated parameter %q", name, other)
		}
		if x := plan.held[name]; math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("fit: parameter %q is held at %v, must be finite", name, x)
		}
	}
	return plan, nil
}
