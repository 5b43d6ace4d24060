package fit

import (
	"fmt"
	"maps"
	"math"
	"slices"
)

// if2Plan is what [IF2] and [IBPF] checked and resolved before iterating.
type if2Plan struct {
	est    []Estimate
	start  [][]float64        // natural-scale start per estimate and place
	held   map[string]float64 // Fixed and the non-estimated Start values
	places []string
	// regression is the shared estimates' spatial regression
	// ([IF2Options.SpatRegression]).
	regression float64
}

// planIF2 applies the defaults of opts, checks them against spec and obs,
// and reads the missing start values from a one-particle model. Only
// IBPF (several) fits more than one place.
func planIF2(spec *Spec, obs *Observations, opts *IF2Options, several bool) (*if2Plan, error) {
	if err := spec.validate(obs); err != nil {
		return nil, err
	}
	if len(obs.Places) != 1 && !several {
		return nil, fmt.Errorf("fit: IF2 fits one place, the observations have %d (fit them one at a time, or together with IBPF)", len(obs.Places))
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
	if !(opts.SpatRegression >= 0 && opts.SpatRegression <= 1) {
		return nil, fmt.Errorf("fit: IBPF spatial regression %v must be in [0, 1]", opts.SpatRegression)
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
	plan := &if2Plan{est: opts.Estimates, held: map[string]float64{}, places: obs.Places, regression: opts.SpatRegression}
	owner := map[*float64]string{} // a live slice → the name that claimed it
	estimated := map[string]bool{}
	for _, e := range opts.Estimates {
		estimated[e.Name] = true
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
		starts := make([]float64, len(obs.Places))
		for p, town := range obs.Places {
			x, ok := opts.Start[TownKey(e.Name, town)]
			if !ok {
				x, ok = opts.Start[e.Name]
			}
			if !ok {
				x = v[p]
			}
			if err := e.CheckValue(x); err != nil {
				if len(obs.Places) > 1 {
					return nil, fmt.Errorf("%w (in %s)", err, town)
				}
				return nil, err
			}
			starts[p] = x
		}
		plan.start = append(plan.start, starts)
	}
	for key, x := range opts.Start {
		name, town, perTown := SplitTownKey(key)
		if perTown {
			if _, err := probe.place(key, town); err != nil {
				return nil, err
			}
		}
		if !estimated[name] {
			plan.held[key] = x
		}
	}
	maps.Copy(plan.held, opts.Fixed)
	for _, key := range slices.Sorted(maps.Keys(plan.held)) {
		name, _, _ := SplitTownKey(key)
		v, err := probe.param(name)
		if err != nil {
			return nil, err
		}
		if other, dup := owner[&v[0]]; dup {
			return nil, fmt.Errorf("fit: %q is held at a value but is the estimated parameter %q", key, other)
		}
		if x := plan.held[key]; math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("fit: parameter %q is held at %v, must be finite", key, x)
		}
	}
	return plan, nil
}
