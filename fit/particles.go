package fit

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// particles is one filter's model: J particles of each of P places as the
// patches of one model (place p's particles are patches p·J … p·J + J − 1;
// particle i is the replicate of the scenario made of patches p·J + i).
type particles struct {
	m       *model.Model
	places  int
	ids     []string // the places' ids (obs.Places)
	j       int
	counter CaseCounter
	states  [][]int64
	names   []string // state names
	resamp  []phases.Resampler
	params  map[string][]float64 // live per-particle parameters by name
	rho     []float64
	psi     []float64
	meas    Measurement
	perm    *columnPermuter // built at the first resampling
	anc     []int32
	blocks  [][]int       // the filter's blocks of places
	resrc   []*rng.Source // per block: the resampling stream
}

// newParticles builds the model of spec with j particles per place, seeded
// with seed, starting at obs.Start() and running to the last report. The
// model is not initialised yet (parameters may be set first).
func newParticles(spec *Spec, obs *Observations, j int, seed uint64, workers int) (*particles, error) {
	return newParticlesDays(spec, obs, j, seed, workers, obs.Days())
}

// newParticlesDays is newParticles with a model of days daily ticks (at
// least obs.Days(); more for a forecast past the last report).
func newParticlesDays(spec *Spec, obs *Observations, j int, seed uint64, workers, days int) (*particles, error) {
	if j < 1 {
		return nil, fmt.Errorf("fit: particles = %d, must be >= 1", j)
	}
	rep, err := spec.Scenario.Replicate(j)
	if err != nil {
		return nil, err
	}
	p := spec.Params
	p.Seed = seed
	p.NumTicks = days
	p.ShowProgress = false
	p.Verbose = false
	opts := []model.Option{model.WithType(spec.Type), model.WithStartDate(obs.Start()),
		model.WithStdout(io.Discard), model.WithShowProgress(false)}
	if workers > 0 {
		opts = append(opts, model.WithWorkers(workers))
	}
	m, err := model.New(rep, p, opts...)
	if err != nil {
		return nil, err
	}
	if err := m.SetComponents(spec.Components...); err != nil {
		return nil, err
	}
	ps := &particles{m: m, places: len(obs.Places), ids: obs.Places, j: j, meas: spec.Measurement, params: map[string][]float64{}}
	for _, inst := range m.Instances() {
		if c, ok := inst.(CaseCounter); ok && ps.counter == nil {
			ps.counter = c
		}
		if r, ok := inst.(phases.Resampler); ok {
			ps.resamp = append(ps.resamp, r)
		}
		if pp, ok := inst.(phases.PatchParameters); ok {
			for _, key := range pp.PatchParameterKeys() {
				v := pp.PatchParameter(key)
				ps.params[inst.Name()+"."+key] = v
				if _, dup := ps.params[key]; dup {
					ps.params[key] = nil // ambiguous: only the qualified name works
				} else {
					ps.params[key] = v
				}
			}
		}
	}
	if ps.counter == nil {
		return nil, fmt.Errorf("fit: the model has no component that counts cases (such as EulerSEIR)")
	}
	if ps.rho, err = spec.Rho.Resolve("measurement: rho", rep, systems.UnitInterval, "in [0, 1]"); err != nil {
		return nil, err
	}
	if ps.psi, err = spec.Psi.Resolve("measurement: psi", rep, systems.NonNegative, "a finite number >= 0"); err != nil {
		return nil, err
	}
	ps.params["rho"], ps.params["psi"] = ps.rho, ps.psi
	if err := ps.setPlaces(spec.PlaceValues); err != nil {
		return nil, err
	}
	n := rep.Len()
	ps.anc = make([]int32, n)
	ps.blocks = spec.blocks()
	ps.resrc = make([]*rng.Source, len(ps.blocks))
	for k := range ps.resrc {
		ps.resrc[k] = rng.NewSource(seed, "fit.resample", uint64(k))
	}
	return ps, nil
}

// param returns the live per-particle values of the parameter name (a key
// such as "r0", or "Component.key" when two components share the key).
func (ps *particles) param(name string) ([]float64, error) {
	v, ok := ps.params[name]
	switch {
	case !ok:
		return nil, fmt.Errorf("fit: the model has no parameter %q (known: %s)", name, knownNames(ps.params))
	case v == nil:
		return nil, fmt.Errorf("fit: parameter %q is ambiguous: qualify it with its component (Component.%s)", name, name)
	}
	return v, nil
}

// initialize initialises the model and fetches the state columns.
func (ps *particles) initialize() error {
	if err := ps.m.Initialize(); err != nil {
		return err
	}
	w := ps.m.World()
	ps.states = w.States()
	ps.names = w.StateNames()
	ps.counter.ResetCases()
	return nil
}

// advance runs the model to the end of the day index day (ticks from the
// start).
func (ps *particles) advance(ctx context.Context, day int) error {
	if n := day - ps.m.Tick(); n > 0 {
		return ps.m.RunTicks(ctx, n)
	}
	return nil
}

// resample moves every particle's state and parameters: patch i takes
// patch ps.anc[i]'s, column by column on the model's workers
// ([columnPermuter]).
func (ps *particles) resample() {
	if ps.perm == nil {
		ps.perm = newColumnPermuter(ps)
	}
	ps.m.ForBlocks(ps.perm.items(), ps.perm)
}

// knownNames lists the unambiguous parameter names, sorted.
func knownNames(m map[string][]float64) string {
	var names []string
	for k, v := range m {
		if v != nil {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// set gives every particle the values of vals (by parameter name), in
// sorted name order so that errors are deterministic; a [TownKey]
// ("rho[London]") sets its town's particles only, after the shared values.
func (ps *particles) set(vals map[string]float64) error {
	keys := slices.Sorted(maps.Keys(vals))
	for _, perTown := range []bool{false, true} {
		for _, key := range keys {
			name, town, ok := SplitTownKey(key)
			if ok != perTown {
				continue
			}
			v, err := ps.param(name)
			if err != nil {
				return err
			}
			lo, hi := 0, len(v)
			if perTown {
				p, err := ps.place(key, town)
				if err != nil {
					return err
				}
				lo, hi = p*ps.j, (p+1)*ps.j
			}
			for i := lo; i < hi; i++ {
				v[i] = vals[key]
			}
		}
	}
	return nil
}

// place returns the index of the fitted place town, named in key.
func (ps *particles) place(key, town string) (int, error) {
	p := slices.Index(ps.ids, town)
	if p < 0 {
		return 0, fmt.Errorf("fit: %q: %q is not a fitted place (%s)", key, town, strings.Join(ps.ids, ", "))
	}
	return p, nil
}

// setPlaces gives every particle of place p the value vals[name][p], in
// sorted name order.
func (ps *particles) setPlaces(vals map[string][]float64) error {
	for _, name := range slices.Sorted(maps.Keys(vals)) {
		v, err := ps.param(name)
		if err != nil {
			return err
		}
		if len(vals[name]) != ps.places {
			return fmt.Errorf("fit: parameter %q has %d place values for %d places", name, len(vals[name]), ps.places)
		}
		for i := range v {
			v[i] = vals[name][i/ps.j]
		}
	}
	return nil
}
