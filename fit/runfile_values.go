package fit

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// runFileColumnPrefix starts the names of the scenario columns a run file
// ([File.RunFile]) reads per-place values from: mle_r0, mle_rho, ….
const runFileColumnPrefix = "mle_"

// runValues are the values a run file gives the fit's parameters: one
// number for every place, or one per place (written as a scenario column
// and read with {column = "mle_NAME"}).
type runValues struct {
	one   map[string]float64
	place map[string][]float64 // by place: the rows of Spec.Scenario
}

// column returns the scenario column of name's per-place values.
func (runValues) column(name string) string { return runFileColumnPrefix + name }

// runValues gathers the values of a run file at set: set's plain keys as
// they are; the per-place values of the fit (Spec.PlaceValues, unless set
// has the parameter, and the per-town keys name[town] of set, over the
// model's value for the towns without one) and ρ and ψ of the measurement
// model (unless set has them), folded into one number when every place has
// the same. insts are the components of the fit's model with one particle
// per place (a patch per place, in Spec.Scenario's order).
func (f *File) runValues(set map[string]float64, insts []phases.Component) (runValues, error) {
	scn := f.Spec.Scenario
	rv := runValues{one: map[string]float64{}, place: map[string][]float64{}}
	towns := map[string]map[string]float64{} // name → town → value
	for key, x := range set {
		if name, town, ok := SplitTownKey(key); ok {
			if towns[name] == nil {
				towns[name] = map[string]float64{}
			}
			towns[name][town] = x
			continue
		}
		rv.one[key] = x
	}
	per := map[string][]float64{}
	for name, vals := range f.Spec.PlaceValues {
		if _, ok := rv.one[name]; !ok {
			per[name] = slices.Clone(vals)
		}
	}
	for _, name := range []string{"rho", "psi"} {
		if _, ok := rv.one[name]; !ok && per[name] == nil {
			v := map[string]scenario.PatchValue{"rho": f.Spec.Rho, "psi": f.Spec.Psi}[name]
			vals, err := v.Resolve("measurement."+name, scn, func(float64) bool { return true }, "a number")
			if err != nil {
				return runValues{}, err
			}
			per[name] = vals
		}
	}
	for _, name := range slices.Sorted(maps.Keys(towns)) {
		vals := per[name]
		if vals == nil {
			var err error
			if vals, err = modelValues(insts, name, scn.Len()); err != nil {
				return runValues{}, err
			}
		}
		for town, x := range towns[name] {
			u := slices.Index(scn.ID, town)
			if u < 0 {
				return runValues{}, fmt.Errorf("fit: %s[%s]: the fit has no place %q", name, town, town)
			}
			vals[u] = x
		}
		per[name] = vals
	}
	for name, vals := range per {
		if len(vals) != scn.Len() {
			return runValues{}, fmt.Errorf("fit: %s has %d per-place values for %d places", name, len(vals), scn.Len())
		}
		if slices.Min(vals) == slices.Max(vals) {
			rv.one[name] = vals[0]
		} else {
			rv.place[name] = vals
		}
	}
	return rv, nil
}

// modelValues returns the per-patch values of the component parameter
// name ("key" or "Component.key") in insts, which must have n patches.
func modelValues(insts []phases.Component, name string, n int) ([]float64, error) {
	k, key := ownerOf(insts, name)
	if k < 0 {
		return nil, fmt.Errorf("fit: parameter %q belongs to no component of the run file", name)
	}
	vals := slices.Clone(insts[k].(phases.PatchParameters).PatchParameter(key))
	if len(vals) != n {
		return nil, fmt.Errorf("fit: %s has %d patch values, the fit %d places", name, len(vals), n)
	}
	return vals, nil
}

// scenario returns the fit's scenario with a column of every per-place
// value (runFileColumnPrefix + name, each value written so that it reads
// back exactly).
func (rv runValues) scenario(scn *scenario.Table) (*scenario.Table, error) {
	out := scn.Clone()
	for _, name := range slices.Sorted(maps.Keys(rv.place)) {
		text := make([]string, len(rv.place[name]))
		for u, x := range rv.place[name] {
			text[u] = strconv.FormatFloat(x, 'g', -1, 64)
		}
		if err := out.SetExtra(rv.column(name), text); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// value returns what the run file writes for name: the number, or
// {column = "mle_NAME"}.
func (rv runValues) value(name string) any {
	if _, ok := rv.place[name]; ok {
		return map[string]any{"column": rv.column(name)}
	}
	return rv.one[name]
}

// names returns every parameter of rv, sorted.
func (rv runValues) names() []string {
	return slices.Sorted(func(yield func(string) bool) {
		for k := range rv.one {
			if !yield(k) {
				return
			}
		}
		for k := range rv.place {
			if !yield(k) {
				return
			}
		}
	})
}
