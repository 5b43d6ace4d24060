package compartmental

import (
	"encoding/json"
	"fmt"
	"github.com/rubeola/rubeola/ecs"
	"slices"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/snapstate"
)

// PopulationSource is a component that gives each patch's population from
// data at every tick ([PopulationData]); [EulerSEIR] with population =
// "data" divides its force by it.
type PopulationSource interface {
	phases.Component
	// Population returns every patch's population at the start of tick t
	// (a live buffer, valid until the next call).
	Population(m phases.Model, t int) []float64
}

// EulerSEIR is He, Ionides & King (2010)'s measles transmission and
// progression for the compartmental model (name "EulerSEIRProcess"): gamma white
// noise on the force, competing risks (infection or death, progression or
// death, recovery or death) as Euler-multinomial steps of dt = 1/365.25
// year, the season (He et al.'s terms, or one estimated from data:
// [systems.SeasonBasis]) and the force β·(I + ι)^α / P(t) with P(t) from
// data ([EulerSEIRBlock] has the formulas). Every numeric parameter may
// differ per patch ([phases.PatchParameters]); the accumulated I → R flow
// per patch ([EulerSEIR.Cases]) is the true count behind reported cases.
// By default patches do not mix (He et al.'s towns are independent); with
// coupling = "he10" or "mixer" each place's force gains spatPomp's he10
// term β·g·Σ_v V_uv·((I_v/P_v)^α_v − (I_u/P_u)^α_u)/P_u between the places
// of one replicate (a particle filter's replicated scenario couples each
// particle's towns only), computed for every replicate by one matrix
// product per step before the kernel. With population =
// "simulated", P(t) counts the declared compartments in the population
// ([ecs.Roles]); susceptible declared compartments are refused (the
// Euler-multinomial step infects S only), and its mortality μ acts on S, E,
// I and R only (a dying compartment's deaths are VitalDynamics').
type EulerSEIR struct {
	p      EulerSEIRParams
	blocks phases.Blocks
	vals   map[string][]float64
	rates  EulerRates
	s, e   []int64
	i, r   []int64
	pop    []float64 // this tick's denominator
	roles  *ecs.RoleColumns
	source PopulationSource
	couple *coupling // nil: coupling = "none"
	cases  []int64   // I → R since the last ResetCases
	inc    []int64   // I → R of the last tick
	tmp    []float64
	// basis is the estimated season's (nil for he2010 and none), coef its
	// free coefficients' live per-patch values and seas the day's
	// multiplier per patch.
	basis *systems.SeasonBasis
	coef  [][]float64
	seas  []float64
	// noise holds the gamma tables of the step's noise shapes
	// (EulerRates.Noise), set before the blocks run.
	noise noiseTables
}

var (
	_ phases.PatchParameters  = (*EulerSEIR)(nil)
	_ phases.Resampler        = (*EulerSEIR)(nil)
	_ metrics.IncidenceSource = (*EulerSEIR)(nil)
	_ phases.Snapshotter      = (*EulerSEIR)(nil)
)

// NewEulerSEIR returns a factory for EulerSEIR; nil params mean the
// defaults.
func NewEulerSEIR(p *EulerSEIRParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultEulerSEIRParams())
		if err != nil {
			return nil, err
		}
		c := &EulerSEIR{p: q}
		if err := c.resolve(m); err != nil {
			return nil, err
		}
		return c, nil
	}
}

// resolve expands every parameter to one value per patch and checks the
// model and the population source (at build time, so validate sees it).
func (c *EulerSEIR) resolve(m phases.Model) error {
	if m.World().E() == nil {
		return fmt.Errorf("%s: needs a model with an E compartment (model = \"compartmental\")", EulerSEIRName)
	}
	if names := m.World().RoleColumns().SusceptibleNames; len(names) > 0 {
		return fmt.Errorf("%s: the declared compartments %q are susceptible (roles susceptibility > 0), which this process's Euler-multinomial S → E step cannot infect; give them susceptibility 0 or use InfectionProcess", EulerSEIRName, names)
	}
	if m.TimeStepDays() != 1 {
		return fmt.Errorf("%s: needs daily ticks (model = \"compartmental\"), the model's tick is %d days", EulerSEIRName, m.TimeStepDays())
	}
	c.vals = make(map[string][]float64)
	scn := m.Scenario()
	for _, k := range c.p.keys() {
		v, err := k.v.Resolve(EulerSEIRName+": "+k.key, scn, k.ok, k.want)
		if err != nil {
			return err
		}
		c.vals[k.key] = v
	}
	if c.p.Population == PopulationFromData {
		for _, inst := range m.Instances() {
			if src, ok := inst.(PopulationSource); ok {
				c.source = src
				break
			}
		}
		if c.source == nil {
			return fmt.Errorf("%s: population = \"data\" needs a PopulationData component before it (or set population = \"simulated\")", EulerSEIRName)
		}
	}
	var err error
	c.couple, err = newCoupling(m, c.p, c.source)
	return err
}

// Name returns "EulerSEIRProcess".
func (c *EulerSEIR) Name() string { return EulerSEIRName }

// Params returns the instance's params.
func (c *EulerSEIR) Params() EulerSEIRParams { return c.p }

// PatchParameter returns the live per-patch values of key (r0, sigma,
// gamma, mu, alpha, iota, sigma_se, amplitude, and the free coefficients
// of an estimated season: b1 … or biweek1 …), nil for another key.
func (c *EulerSEIR) PatchParameter(key string) []float64 { return c.vals[key] }

// PatchParameterKeys lists the per-patch keys in canonical order.
func (c *EulerSEIR) PatchParameterKeys() []string {
	var keys []string
	for _, k := range c.p.keys() {
		keys = append(keys, k.key)
	}
	return keys
}

// Initialize fetches the columns and streams and sizes the buffers.
func (c *EulerSEIR) Initialize(m phases.Model) error {
	w := m.World()
	c.s, c.e, c.i, c.r = w.S(), w.E(), w.I(), w.R()
	c.roles = w.Roles()
	n := w.Len()
	c.cases = make([]int64, n)
	c.inc = make([]int64, n)
	c.pop = make([]float64, n)
	c.tmp = make([]float64, n)
	c.rates = EulerRates{
		R0: c.vals["r0"], Sigma: c.vals["sigma"], Gamma: c.vals["gamma"], Mu: c.vals["mu"],
		Alpha: c.vals["alpha"], Iota: c.vals["iota"], SigmaSE: c.vals["sigma_se"], Amplitude: c.vals["amplitude"],
		Seasonal: c.p.Season == SeasonHe2010, Spatpomp: c.p.BetaForm == BetaSpatPomp, DT: 1 / YearDays,
	}
	if err := c.initSeason(n); err != nil {
		return err
	}
	return c.blocks.Init(m, c)
}

// Step runs one day for every block.
func (c *EulerSEIR) Step(m phases.Model, tick int) error {
	if c.source != nil {
		c.pop = c.source.Population(m, tick)
	} else {
		for j := range c.pop {
			c.pop[j] = float64(c.s[j] + c.e[j] + c.i[j] + c.r[j] + c.roles.CountedAt(j))
		}
	}
	c.rates.DOY = DecimalDayOfYear(m.TickDate(tick))
	c.rates.Coupling = nil
	if c.couple != nil && c.couple.update(m, c.i, c.pop, c.vals["alpha"], c.vals["g"]) {
		c.rates.Coupling = c.couple.term
	}
	if c.basis != nil {
		c.basis.Multipliers(c.rates.DOY, YearDays, c.coef, c.seas)
	}
	c.noise.set(c.rates.SigmaSE, c.rates.DT)
	c.rates.Noise = &c.noise
	c.blocks.Run(m, c)
	return nil
}

// Block steps the patches of block b from block b's stream.
func (c *EulerSEIR) Block(b int) {
	lo, hi := c.blocks.Range(b)
	q := c.rates
	q.R0, q.Sigma, q.Gamma, q.Mu = q.R0[lo:hi], q.Sigma[lo:hi], q.Gamma[lo:hi], q.Mu[lo:hi]
	q.Alpha, q.Iota, q.SigmaSE, q.Amplitude = q.Alpha[lo:hi], q.Iota[lo:hi], q.SigmaSE[lo:hi], q.Amplitude[lo:hi]
	if q.Coupling != nil {
		q.Coupling = q.Coupling[lo:hi]
	}
	if q.Season != nil {
		q.Season = q.Season[lo:hi]
	}
	copy(c.inc[lo:hi], c.cases[lo:hi])
	EulerSEIRBlock(c.blocks.Stream(b), c.s[lo:hi], c.e[lo:hi], c.i[lo:hi], c.r[lo:hi], c.pop[lo:hi], &q, c.cases[lo:hi])
	for j := lo; j < hi; j++ {
		c.inc[j] = c.cases[j] - c.inc[j]
	}
}

// initSeason builds the estimated season's basis and buffers (none for
// he2010 and none): the day's multiplier of patch j, computed once per
// tick from its coefficients, is EulerRates.Season[j].
func (c *EulerSEIR) initSeason(n int) error {
	b, err := c.p.seasonBasis()
	if err != nil || b == nil {
		c.basis, c.coef, c.seas, c.rates.Season = nil, nil, nil, nil
		return err
	}
	c.basis, c.coef, c.seas = b, nil, make([]float64, n)
	for _, key := range b.Keys() {
		c.coef = append(c.coef, c.vals[key])
	}
	c.rates.Season = c.seas
	return nil
}

// SeasonMultipliers returns the live per-patch seasonal multiplier of the
// last tick's estimated season (nil for he2010 and none).
func (c *EulerSEIR) SeasonMultipliers() []float64 { return c.seas }

// Cases returns each patch's I → R count since the last [EulerSEIR.ResetCases]
// (or the start): He et al.'s C, the true count behind a period's reports.
// It is the live buffer.
func (c *EulerSEIR) Cases() []int64 { return c.cases }

// ResetCases sets every patch's accumulated count to 0 (at the start of an
// observation period).
func (c *EulerSEIR) ResetCases() { clear(c.cases) }

// Incidence returns each patch's I → R flow of the last tick
// ([metrics.IncidenceSource]: CaseSurveillanceTracker's count =
// "incidence" reports He et al.'s cases).
func (c *EulerSEIR) Incidence() []int64 { return c.inc }

// Resample permutes the per-patch state (accumulated cases, the last
// tick's incidence) and every per-patch parameter: patch j takes patch
// ancestors[j]'s, so a particle keeps its own parameters.
func (c *EulerSEIR) Resample(ancestors []int32) {
	systems.PermuteInt64(c.cases, c.tmp, ancestors)
	systems.PermuteInt64(c.inc, c.tmp, ancestors)
	for _, k := range c.p.keys() {
		systems.PermuteFloat64(c.vals[k.key], c.tmp, ancestors)
	}
}

// eulerState is EulerSEIR's saved state.
type eulerState struct {
	Cases []int64 `json:"cases"`
}

// SnapshotState saves the accumulated cases.
func (c *EulerSEIR) SnapshotState() (json.RawMessage, error) {
	return json.Marshal(eulerState{Cases: c.cases})
}

// RestoreState initialises the component and loads the accumulated cases.
func (c *EulerSEIR) RestoreState(m phases.Model, state json.RawMessage) error {
	var st eulerState
	if err := snapstate.Decode(EulerSEIRName, state, &st); err != nil {
		return err
	}
	if err := c.Initialize(m); err != nil {
		return err
	}
	if len(st.Cases) != len(c.cases) || slices.ContainsFunc(st.Cases, func(v int64) bool { return v < 0 }) {
		return fmt.Errorf("%s: snapshot state: cases must hold %d counts >= 0", EulerSEIRName, len(c.cases))
	}
	copy(c.cases, st.Cases)
	return nil
}
