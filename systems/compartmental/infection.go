package compartmental

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
	"github.com/rubeola/rubeola/systems/internal/patchcount"
)

// InfectionParams configures [Infection], the compartmental model's
// InfectionProcess (the reference's compartmental InfectionParams: beta 1.0
// per day, exp_mu 6 days, inf_mu 8 days, a sinusoid over 365 days).
type InfectionParams struct {
	// Beta is the transmission rate per day; the daily chain's R0 is
	// Beta/(1 − e^(−1/InfMu)) ≈ Beta·(InfMu + ½) ([InfectionParams.R0]).
	Beta float64 `json:"beta" doc:"transmission rate per day, ≥ 0; R0 = beta/(1 − e^(−1/inf_mu)) ≈ beta·(inf_mu + ½) in the daily chain (8.51 with the defaults; beta·inf_mu = 8 is the continuous-time value the reference quotes)"`
	// ExpMu is the mean latent (exposed) period in days; σ = 1/ExpMu.
	ExpMu float64 `json:"exp_mu" doc:"mean latent period in days, > 0; E → I hazard σ = 1/exp_mu per day"`
	// InfMu is the mean infectious period in days; γ = 1/InfMu.
	InfMu float64 `json:"inf_mu" doc:"mean infectious period in days, > 0; I → R hazard γ = 1/inf_mu per day"`
	// Seasonality is the amplitude A of s(t) = 1 + A·sin(2π(t − t0)/365), in [0, 1].
	Seasonality float64 `json:"seasonality" alias:"seasonal_amplitude" doc:"amplitude A of s(t) = 1 + A·sin(2π(t − season_start)/365), in [0, 1]"`
	// SeasonStart is t0 in days (ticks), 0…364.
	SeasonStart int `json:"season_start" doc:"day of the seasonal phase origin, 0…364"`
	// Mixer builds the mixing matrix (row = source) from the scenario.
	Mixer mixing.Mixer `json:"mixer" doc:"mixing kernel, as the biweekly Infection's (default gravity a = 1, b = 1, c = 1.5, k = 0.01)"`
	// Storage is the default kernel's storage of gravity mixing, as
	// [systems.InfectionParams.Storage].
	Storage string `json:"storage" doc:"how the default kernel stores gravity mixing: \"float64\", \"float32\", \"dense\", \"streaming\" or \"hierarchical\", as the biweekly Infection's"`
	// Tolerance is storage "hierarchical"'s, as [systems.InfectionParams.Tolerance].
	Tolerance float64 `json:"tolerance,omitempty" doc:"storage \"hierarchical\" only: the relative error it is built to, in (0, 1) (0 or absent: 1e−6)"`
	// SeasonSpec is the calendar season, as [systems.InfectionParams.SeasonSpec]
	// (school terms; s(t) is the day's multiplier).
	SeasonSpec *systems.SeasonSpec `json:"season" doc:"calendar season replacing the sinusoid, as the biweekly Infection's: {type = \"terms\", amplitude = A, holidays = [[\"07-20\", \"09-05\"], …]}, or estimated from data with fixed coefficients: {type = \"bspline\", degree = 3, nbasis = 6, coefficients = [c_1, …, c_5]} or {type = \"tsir\", coefficients = [c_1, …, c_25]}; s(t) = the day's multiplier. Excludes seasonality ≠ 0"`
	// Alpha is the TSIR exponent, as [systems.InfectionParams.Alpha].
	Alpha float64 `json:"alpha" doc:"exponent α in (0, 1] on the mixed infectious count, as the biweekly Infection's: λ_j = β·s(t)·(Σ_i I_i·M[i,j])^α / N_j; 1 = mass action"`
}

// DefaultInfectionParams returns the reference's defaults: β = 1 per
// day, a latent period of 6 days and an infectious period of 8 days (R0 =
// 8), no seasonality, default gravity mixing, α = 1.
func DefaultInfectionParams() InfectionParams {
	return InfectionParams{Beta: 1, ExpMu: 6, InfMu: 8, Mixer: mixing.DefaultGravity(), Storage: systems.StorageFloat64, Alpha: 1}
}

// dayYear is the seasonal period of the compartmental model, in ticks (days).
var dayYear = systems.TicksPerYear(params.CompartmentalStepDays)

// Validate checks every field's range.
func (p InfectionParams) Validate() error {
	var errs []error
	for _, f := range []struct {
		key string
		v   float64
	}{{"exp_mu", p.ExpMu}, {"inf_mu", p.InfMu}} {
		if !(f.v > 0) || math.IsInf(f.v, 1) {
			errs = append(errs, fmt.Errorf("%s: %s must be a finite number of days > 0, got %v", systems.InfectionName, f.key, f.v))
		}
	}
	errs = append(errs, p.ForceParams().ValidateYear(dayYear))
	return errors.Join(errs...)
}

// Sigma returns the E → I hazard per day, 1/ExpMu.
func (p InfectionParams) Sigma() float64 { return 1 / p.ExpMu }

// Gamma returns the I → R hazard per day, 1/InfMu.
func (p InfectionParams) Gamma() float64 { return 1 / p.InfMu }

// R0 returns the basic reproduction number of the daily chain,
// Beta/(1 − e^(−γ)): an infectious person stays in I a geometric number of
// days (leaving with probability 1 − e^(−γ) each day) and, counted at the
// start of every day, exposes Beta·S/N susceptibles a day (8.51 with the
// defaults; the final-size test in model/ checks it). The reference's
// basic_reproduction_number, Beta/γ = Beta·InfMu (8), is the continuous-time
// ODE's value: [InfectionParams.R0ODE].
func (p InfectionParams) R0() float64 { return p.Beta / -math.Expm1(-p.Gamma()) }

// R0ODE returns Beta/γ = Beta·InfMu, the R0 of the continuous-time SEIR
// ODE (the reference's basic_reproduction_number).
func (p InfectionParams) R0ODE() float64 { return p.Beta * p.InfMu }

// ForceParams returns the params of the force of infection, which the
// compartmental transmission shares with [systems.Infection] (and the
// agent-based model's with it).
func (p InfectionParams) ForceParams() systems.InfectionParams {
	return systems.InfectionParams{Beta: p.Beta, Seasonality: p.Seasonality, SeasonStart: p.SeasonStart, Mixer: p.Mixer,
		Storage: p.Storage, Tolerance: p.Tolerance, SeasonSpec: p.SeasonSpec, Alpha: p.Alpha}
}

// infectionFields is InfectionParams without its methods, for encoding/json
// and params.DecodeStrict.
type infectionFields InfectionParams

var infectionKeys = params.KeyRules{
	Component: systems.InfectionName,
	Rejected: map[string]string{
		"distance_exponent": "configure the mixer",
		"mixing_scale":      "configure the mixer",
		"amplitude":         `did you mean "seasonality"?`,
		"season_table":      "the 26-value table is the biweekly model's; the compartmental model's seasonality is the sinusoid or season = {type = \"terms\", …}",
		"sigma":             `give the mean latent period in days as "exp_mu" (σ = 1/exp_mu)`,
		"gamma":             `give the mean infectious period in days as "inf_mu" (γ = 1/inf_mu)`,
	},
}

// DecodeInfectionParams decodes a JSON object strictly over the
// defaults and validates the result; the mixer's spec is decoded by
// [mixing.DecodeMixer], as the biweekly Infection's.
func DecodeInfectionParams(data []byte) (InfectionParams, error) {
	w := struct {
		infectionFields
		Mixer json.RawMessage `json:"mixer"` // the spec, for mixing.DecodeMixer
	}{infectionFields: infectionFields(DefaultInfectionParams())}
	if err := params.DecodeStrict(data, &w, infectionKeys); err != nil {
		return InfectionParams{}, err
	}
	p := InfectionParams(w.infectionFields)
	if m, err := paramkit.DecodeMixer(systems.InfectionName, w.Mixer); err != nil {
		return InfectionParams{}, err
	} else if m != nil {
		p.Mixer = m
	}
	return p, p.Validate()
}

// MarshalJSON encodes the params with their json tags, the mixer as its
// spec (a mixer that cannot write one is an error).
func (p InfectionParams) MarshalJSON() ([]byte, error) {
	w := infectionFields(p)
	if p.Mixer != nil {
		w.Mixer = mixing.Spec{Mixer: p.Mixer}
	}
	return paramkit.MarshalWithMixer(w)
}

// Infection is the compartmental model's transmission and progression
// (name "InfectionProcess", the reference's compartmental
// InfectionProcess): per day, the force of infection of [systems.Infection] with
// β_tick = β (a one-day tick) and N_j = S+E+I+R (plus the declared
// compartments counted in N, [ecs.Roles]), then [InfectionBlock]'s draws
// S → E ~ Binomial(S, 1 − e^(−λ)), E → I ~ Binomial(E, 1 − e^(−σ)),
// I → R ~ Binomial(I, 1 − e^(−γ)), all from the start-of-day counts, then
// each susceptible declared compartment's X → E ~ Binomial(X, 1 − e^(−σ_X·λ)),
// counted with S → E in the new E ([ecs.Flows] Infections) and
// [Infection.Exposures]. It
// needs a model with an E compartment. Its mixing, kernels (Parallel or
// reference, factored gravity) and exactness rules are the biweekly
// Infection's (SPEC §7.5).
type Infection struct {
	p     InfectionParams
	force *systems.ForceOfInfection // the force of infection and the block layout
	e     []int64
	inc   []int64 // each patch's E → I flow of the last tick
	newE  []int64 // each patch's new E of the last tick ([ecs.Flows] Infections)
	// exposed[b] counts block b's S → E transitions since the start of
	// the run (per block: the blocks draw in parallel); [Exposures] sums
	// them.
	exposed []int64
	sigma   float64
	gamma   float64
}

// NewInfection returns a factory for Infection; nil params mean the
// defaults.
func NewInfection(p *InfectionParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultInfectionParams())
		if err != nil {
			return nil, err
		}
		c := &Infection{p: q, sigma: q.Sigma(), gamma: q.Gamma()}
		c.force = systems.NewForceOfInfection(q.ForceParams(), m)
		return c, nil
	}
}

// Name returns "InfectionProcess".
func (c *Infection) Name() string { return systems.InfectionName }

// Params returns the instance's params.
func (c *Infection) Params() InfectionParams { return c.p }

// Initialize builds the mixing from the scenario and sizes buffers. A model
// without an E compartment is an error.
func (c *Infection) Initialize(m phases.Model) error {
	if err := patchcount.RefuseAgents(m, systems.InfectionName); err != nil {
		return err
	}
	w := m.World()
	if w.E() == nil {
		return fmt.Errorf("%s: the compartmental transmission needs a model with an E compartment (the compartmental model); the biweekly model's is Infection", systems.InfectionName)
	}
	if err := c.force.Initialize(m, c); err != nil {
		return err
	}
	c.e = w.E()
	c.inc = make([]int64, w.Len())
	c.newE = make([]int64, w.Len())
	ecs.FlowsOf(w).Infections = c.newE
	c.exposed = make([]int64, c.force.Blocks().NumBlocks())
	return nil
}

// Exposures returns the number of S → E transitions since the start of the
// run (of a resumed run too: the count is saved in snapshots): the number
// of infections, which the compartmental model's I, a prevalence, does not give.
func (c *Infection) Exposures() int64 { return patchcount.SumInt64(c.exposed) }

// MixingMatrix returns the instance's mixing matrix, as
// [systems.Infection.MixingMatrix].
func (c *Infection) MixingMatrix() *mixing.Matrix { return c.force.MixingMatrix() }

// Incidence returns each patch's E → I flow during the last tick (the
// live buffer: read it, do not keep or modify it).
func (c *Infection) Incidence() []int64 { return c.inc }

// Step runs one day: the force of infection, then every block's draws.
func (c *Infection) Step(m phases.Model, tick int) error {
	c.force.Compute(m, tick)
	c.force.Blocks().Run(m, c)
	return c.force.Err()
}

// Block draws the day's transitions of the patches of block b from block
// b's stream ([phases.Blocker]).
func (c *Infection) Block(b int) {
	f := c.force
	lo, hi := f.Blocks().Range(b)
	exposed, err := infectionBlock(f.Blocks().Stream(b), f.S()[lo:hi], c.e[lo:hi], f.I()[lo:hi], f.R()[lo:hi], f.Pressure(lo, hi), c.sigma, c.gamma,
		c.inc[lo:hi], c.newE[lo:hi], f.Roles(), lo)
	c.exposed[b] += exposed
	f.Record(b, lo, err)
}

// SetupStorage is the force's ([systems.Infection.SetupStorage]).
func (c *Infection) SetupStorage(m phases.Model) phases.Storage { return c.force.SetupStorage(m) }

// LambdaError is the force's ([systems.Infection.LambdaError]).
func (c *Infection) LambdaError() (mixing.ErrorReport, bool) { return c.force.LambdaError() }

// MigrationRowsCapped is the force's ([systems.Infection.MigrationRowsCapped]).
func (c *Infection) MigrationRowsCapped() (float64, bool) { return c.force.MigrationRowsCapped() }
