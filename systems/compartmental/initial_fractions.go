package compartmental

import (
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
)

// InitialFractionsName is the name of [InitialFractions].
const InitialFractionsName = "InitialFractionsProcess"

// InitialFractionsParams configures [InitialFractions]: the initial shares
// of S, E, I and R (He et al. 2010's S_0, E_0, I_0, R_0), each a number or
// a scenario column.
type InitialFractionsParams struct {
	S0 systems.PatchValue `json:"S_0" doc:"initial share of S, ≥ 0 (number or {column = \"NAME\"})"`
	E0 systems.PatchValue `json:"E_0" doc:"initial share of E, ≥ 0"`
	I0 systems.PatchValue `json:"I_0" doc:"initial share of I, ≥ 0"`
	R0 systems.PatchValue `json:"R_0" doc:"initial share of R, ≥ 0; the four are divided by their sum, which must be > 0"`
}

// DefaultInitialFractionsParams returns He et al. (2010)'s London
// estimates: S_0 0.0297, E_0 5.17e-5, I_0 5.14e-5, R_0 0.97.
func DefaultInitialFractionsParams() InitialFractionsParams {
	return InitialFractionsParams{S0: systems.PatchNumber(0.0297), E0: systems.PatchNumber(5.17e-5), I0: systems.PatchNumber(5.14e-5), R0: systems.PatchNumber(0.97)}
}

// fractionKeys lists the keys with their values.
func (p *InitialFractionsParams) fractionKeys() []eulerKey {
	want := "a finite number >= 0"
	return []eulerKey{{"S_0", &p.S0, systems.NonNegative, want}, {"E_0", &p.E0, systems.NonNegative, want}, {"I_0", &p.I0, systems.NonNegative, want}, {"R_0", &p.R0, systems.NonNegative, want}}
}

// Validate checks that every share is ≥ 0 and (for numbers) that they do
// not sum to 0.
func (p InitialFractionsParams) Validate() error {
	var errs []error
	sum, numbers := 0.0, true
	for _, k := range p.fractionKeys() {
		errs = append(errs, k.v.Check(InitialFractionsName+": "+k.key, k.ok, k.want))
		x, ok := k.v.Number()
		numbers = numbers && ok
		sum += x
	}
	if numbers && errors.Join(errs...) == nil && !(sum > 0) {
		errs = append(errs, fmt.Errorf("%s: S_0 + E_0 + I_0 + R_0 must be > 0", InitialFractionsName))
	}
	return errors.Join(errs...)
}

// DecodeInitialFractionsParams decodes a JSON object strictly over the
// defaults and validates it.
func DecodeInitialFractionsParams(data []byte) (InitialFractionsParams, error) {
	return params.DecodeComponent(data, DefaultInitialFractionsParams(), params.KeyRules{Component: InitialFractionsName})
}

// InitialFractions sets every patch's S, E, I and R from shares of its
// population at the start (name "InitialFractionsProcess"; an initialiser,
// pomp's rinit for He et al. 2010): with P the population at tick 0 (from
// a [PopulationSource] placed before it, else the scenario's pop) and m =
// P/(S_0 + E_0 + I_0 + R_0), X = round-half-even(m·X_0) for each state.
// Every share may differ per patch ([phases.PatchParameters]): iterated
// filtering perturbs them before the model is initialised.
type InitialFractions struct {
	p      InitialFractionsParams
	vals   map[string][]float64
	source PopulationSource
}

var _ phases.PatchParameters = (*InitialFractions)(nil)

// NewInitialFractions returns a factory for InitialFractions.
func NewInitialFractions(p *InitialFractionsParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultInitialFractionsParams())
		if err != nil {
			return nil, err
		}
		if m.World().E() == nil {
			return nil, fmt.Errorf("%s: needs a model with an E compartment (model = \"compartmental\")", InitialFractionsName)
		}
		c := &InitialFractions{p: q, vals: map[string][]float64{}}
		for _, k := range q.fractionKeys() {
			v, err := k.v.Resolve(InitialFractionsName+": "+k.key, m.Scenario(), k.ok, k.want)
			if err != nil {
				return nil, err
			}
			c.vals[k.key] = v
		}
		for j := range m.Scenario().Len() {
			if !(c.vals["S_0"][j]+c.vals["E_0"][j]+c.vals["I_0"][j]+c.vals["R_0"][j] > 0) {
				return nil, fmt.Errorf("%s: patch %d (%q): S_0 + E_0 + I_0 + R_0 must be > 0", InitialFractionsName, j+1, m.Scenario().ID[j])
			}
		}
		for _, inst := range m.Instances() {
			if src, ok := inst.(PopulationSource); ok {
				c.source = src
				break
			}
		}
		return c, nil
	}
}

// Name returns "InitialFractionsProcess".
func (c *InitialFractions) Name() string { return InitialFractionsName }

// Params returns the instance's params.
func (c *InitialFractions) Params() InitialFractionsParams { return c.p }

// PatchParameter returns the live per-patch shares of S_0, E_0, I_0 or
// R_0 (nil for another key).
func (c *InitialFractions) PatchParameter(key string) []float64 { return c.vals[key] }

// PatchParameterKeys returns S_0, E_0, I_0, R_0.
func (c *InitialFractions) PatchParameterKeys() []string { return []string{"S_0", "E_0", "I_0", "R_0"} }

// Initialize sets the states.
func (c *InitialFractions) Initialize(m phases.Model) error {
	w := m.World()
	var pop []float64
	if c.source != nil {
		pop = c.source.Population(m, 0)
	}
	states := [][]int64{w.S(), w.E(), w.I(), w.R()}
	keys := []string{"S_0", "E_0", "I_0", "R_0"}
	for j := range w.Len() {
		p := float64(m.Scenario().Pop[j])
		if pop != nil {
			p = pop[j]
		}
		sum := c.vals["S_0"][j] + c.vals["E_0"][j] + c.vals["I_0"][j] + c.vals["R_0"][j]
		if !(sum > 0) {
			return fmt.Errorf("%s: patch %d: S_0 + E_0 + I_0 + R_0 = %v must be > 0", InitialFractionsName, j+1, sum)
		}
		scale := p / sum
		for k, key := range keys {
			states[k][j] = int64(math.RoundToEven(scale * c.vals[key][j]))
		}
	}
	return nil
}
