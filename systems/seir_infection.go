package systems

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// SEIRInfectionParams configures [SEIRInfection], the compartmental model's
// InfectionProcess (the reference's compartmental InfectionParams: beta 1.0
// per day, exp_mu 6 days, inf_mu 8 days, a sinusoid over 365 days).
type SEIRInfectionParams struct {
	// Beta is the transmission rate per day; the daily chain's R0 is
	// Beta/(1 − e^(−1/InfMu)) ≈ Beta·(InfMu + ½) ([SEIRInfectionParams.R0]).
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
	// [InfectionParams.Storage].
	Storage string `json:"storage" doc:"how the default kernel stores gravity mixing: \"float64\", \"float32\", \"dense\", \"streaming\" or \"hierarchical\", as the biweekly Infection's"`
	// Tolerance is storage "hierarchical"'s, as [InfectionParams.Tolerance].
	Tolerance float64 `json:"tolerance,omitempty" doc:"storage \"hierarchical\" only: the relative error it is built to, in (0, 1) (0 or absent: 1e−6)"`
	// SeasonSpec is the calendar season, as [InfectionParams.SeasonSpec]
	// (school terms; s(t) is the day's multiplier).
	SeasonSpec *SeasonSpec `json:"season" doc:"calendar season replacing the sinusoid, as the biweekly Infection's: {type = \"terms\", amplitude = A, holidays = [[\"07-20\", \"09-05\"], …]}; s(t) = the day's multiplier. Excludes seasonality ≠ 0"`
	// Alpha is the TSIR exponent, as [InfectionParams.Alpha].
	Alpha float64 `json:"alpha" doc:"exponent α in (0, 1] on the mixed infectious count, as the biweekly Infection's: λ_j = β·s(t)·(Σ_i I_i·M[i,j])^α / N_j; 1 = mass action"`
}

// DefaultSEIRInfectionParams returns the reference's defaults: β = 1 per
// day, a latent period of 6 days and an infectious period of 8 days (R0 =
// 8), no seasonality, default gravity mixing, α = 1.
func DefaultSEIRInfectionParams() SEIRInfectionParams {
	return SEIRInfectionParams{Beta: 1, ExpMu: 6, InfMu: 8, Mixer: mixing.DefaultGravity(), Storage: StorageFloat64, Alpha: 1}
}

// seirYear is the seasonal period of the daily model, in ticks (days).
var seirYear = TicksPerYear(params.CompartmentalStepDays)

// Validate checks every field's range.
func (p SEIRInfectionParams) Validate() error {
	var errs []error
	if err := checkNonNegative(InfectionName+": beta", p.Beta); err != nil {
		errs = append(errs, err)
	}
	for _, f := range []struct {
		key string
		v   float64
	}{{"exp_mu", p.ExpMu}, {"inf_mu", p.InfMu}} {
		if !(f.v > 0) || math.IsInf(f.v, 1) {
			errs = append(errs, fmt.Errorf("%s: %s must be a finite number of days > 0, got %v", InfectionName, f.key, f.v))
		}
	}
	if !(p.Seasonality >= 0 && p.Seasonality <= 1) {
		errs = append(errs, fmt.Errorf("%s: seasonality must be in [0, 1], got %v", InfectionName, p.Seasonality))
	}
	if err := p.forceParams().checkYear(seirYear); err != nil {
		errs = append(errs, err)
	}
	if p.Mixer == nil {
		errs = append(errs, fmt.Errorf("%s: mixer is required", InfectionName))
	}
	if err := checkStorage(p.Storage, p.Tolerance); err != nil {
		errs = append(errs, err)
	}
	if p.SeasonSpec != nil {
		errs = append(errs, p.forceParams().checkSeasonSpec())
	}
	if err := checkAlpha(p.Alpha); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Sigma returns the E → I hazard per day, 1/ExpMu.
func (p SEIRInfectionParams) Sigma() float64 { return 1 / p.ExpMu }

// Gamma returns the I → R hazard per day, 1/InfMu.
func (p SEIRInfectionParams) Gamma() float64 { return 1 / p.InfMu }

// R0 returns the basic reproduction number of the daily chain,
// Beta/(1 − e^(−γ)): an infectious person stays in I a geometric number of
// days (leaving with probability 1 − e^(−γ) each day) and, counted at the
// start of every day, exposes Beta·S/N susceptibles a day (8.51 with the
// defaults; the final-size test in model/ checks it). The reference's
// basic_reproduction_number, Beta/γ = Beta·InfMu (8), is the continuous-time
// ODE's value: [SEIRInfectionParams.R0ODE].
func (p SEIRInfectionParams) R0() float64 { return p.Beta / -math.Expm1(-p.Gamma()) }

// R0ODE returns Beta/γ = Beta·InfMu, the R0 of the continuous-time SEIR
// ODE (the reference's basic_reproduction_number).
func (p SEIRInfectionParams) R0ODE() float64 { return p.Beta * p.InfMu }

// forceParams returns the params of the force of infection, which the
// SEIR transmission shares with [Infection].
func (p SEIRInfectionParams) forceParams() InfectionParams {
	return InfectionParams{Beta: p.Beta, Seasonality: p.Seasonality, SeasonStart: p.SeasonStart, Mixer: p.Mixer,
		Storage: p.Storage, Tolerance: p.Tolerance, SeasonSpec: p.SeasonSpec, Alpha: p.Alpha}
}

// seirFields is SEIRInfectionParams without its methods, for encoding/json
// and params.DecodeStrict.
type seirFields SEIRInfectionParams

var seirInfectionKeys = params.KeyRules{
	Component: InfectionName,
	Rejected: map[string]string{
		"distance_exponent": "configure the mixer",
		"mixing_scale":      "configure the mixer",
		"amplitude":         `did you mean "seasonality"?`,
		"season_table":      "the 26-value table is the biweekly model's; the daily model's seasonality is the sinusoid or season = {type = \"terms\", …}",
		"sigma":             `give the mean latent period in days as "exp_mu" (σ = 1/exp_mu)`,
		"gamma":             `give the mean infectious period in days as "inf_mu" (γ = 1/inf_mu)`,
	},
}

// DecodeSEIRInfectionParams decodes a JSON object strictly over the
// defaults and validates the result; the mixer's spec is decoded by
// [mixing.DecodeMixer], as the biweekly Infection's.
func DecodeSEIRInfectionParams(data []byte) (SEIRInfectionParams, error) {
	w := struct {
		seirFields
		Mixer json.RawMessage `json:"mixer"` // the spec, for mixing.DecodeMixer
	}{seirFields: seirFields(DefaultSEIRInfectionParams())}
	if err := params.DecodeStrict(data, &w, seirInfectionKeys); err != nil {
		return SEIRInfectionParams{}, err
	}
	p := SEIRInfectionParams(w.seirFields)
	if m, err := decodeMixerKey(w.Mixer); err != nil {
		return SEIRInfectionParams{}, err
	} else if m != nil {
		p.Mixer = m
	}
	return p, p.Validate()
}

// MarshalJSON encodes the params with their json tags, the mixer as its
// spec (a mixer that cannot write one is an error).
func (p SEIRInfectionParams) MarshalJSON() ([]byte, error) {
	w := seirFields(p)
	if p.Mixer != nil {
		w.Mixer = mixing.Spec{Mixer: p.Mixer}
	}
	return marshalWithMixer(w)
}

// SEIRInfection is the compartmental model's transmission and progression
// (name "InfectionProcess", the reference's compartmental
// InfectionProcess): per day, the force of infection of [Infection] with
// β_tick = β (a one-day tick) and N_j = S+E+I+R (plus the declared
// compartments counted in N, [ecs.Roles]), then [SEIRBlock]'s draws
// S → E ~ Binomial(S, 1 − e^(−λ)), E → I ~ Binomial(E, 1 − e^(−σ)),
// I → R ~ Binomial(I, 1 − e^(−γ)), all from the start-of-day counts, then
// each susceptible declared compartment's X → E ~ Binomial(X, 1 − e^(−σ_X·λ)),
// counted with S → E in the new E ([ecs.Flows] Infections) and
// [SEIRInfection.Exposures]. It
// needs a model with an E compartment. Its mixing, kernels (Parallel or
// reference, factored gravity) and exactness rules are the biweekly
// Infection's (SPEC §7.5).
type SEIRInfection struct {
	p     SEIRInfectionParams
	force Infection // the force of infection and the block layout
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

// NewSEIRInfection returns a factory for SEIRInfection; nil params mean the
// defaults.
func NewSEIRInfection(p *SEIRInfectionParams) phases.Factory {
	return func(m phases.Model) (phases.Component, error) {
		q, err := params.Resolve(p, DefaultSEIRInfectionParams())
		if err != nil {
			return nil, err
		}
		c := &SEIRInfection{p: q, sigma: q.Sigma(), gamma: q.Gamma()}
		c.force = Infection{p: q.forceParams(), m: m}
		return c, nil
	}
}

// Name returns "InfectionProcess".
func (c *SEIRInfection) Name() string { return InfectionName }

// Params returns the instance's params.
func (c *SEIRInfection) Params() SEIRInfectionParams { return c.p }

// Initialize builds the mixing from the scenario and sizes buffers. A model
// without an E compartment is an error.
func (c *SEIRInfection) Initialize(m phases.Model) error {
	if err := refuseAgents(m, InfectionName); err != nil {
		return err
	}
	w := m.World()
	if w.E() == nil {
		return fmt.Errorf("%s: the SEIR transmission needs a model with an E compartment (the compartmental model); the biweekly model's is Infection", InfectionName)
	}
	if err := c.force.initialize(m, c); err != nil {
		return err
	}
	c.e = w.E()
	c.inc = make([]int64, w.Len())
	c.newE = make([]int64, w.Len())
	ecs.FlowsOf(w).Infections = c.newE
	c.exposed = make([]int64, c.force.blocks.NumBlocks())
	return nil
}

// Exposures returns the number of S → E transitions since the start of the
// run (of a resumed run too: the count is saved in snapshots): the number
// of infections, which the daily model's I, a prevalence, does not give.
func (c *SEIRInfection) Exposures() int64 { return sumInt64(c.exposed) }

// MixingMatrix returns the instance's mixing matrix, as
// [Infection.MixingMatrix].
func (c *SEIRInfection) MixingMatrix() *mixing.Matrix { return c.force.MixingMatrix() }

// Incidence returns each patch's E → I flow during the last tick (the
// live buffer: read it, do not keep or modify it).
func (c *SEIRInfection) Incidence() []int64 { return c.inc }

// Step runs one day: the force of infection, then every block's draws.
func (c *SEIRInfection) Step(m phases.Model, tick int) error {
	c.force.force(m, tick)
	c.force.blocks.Run(m, c)
	return c.force.faults.first()
}

// Block draws the day's transitions of the patches of block b from block
// b's stream ([phases.Blocker]).
func (c *SEIRInfection) Block(b int) {
	f := &c.force
	lo, hi := f.blocks.Range(b)
	exposed, err := seirBlock(f.blocks.Stream(b), f.s[lo:hi], c.e[lo:hi], f.i[lo:hi], f.r[lo:hi], f.pressure(lo, hi), c.sigma, c.gamma,
		c.inc[lo:hi], c.newE[lo:hi], f.roles, lo)
	c.exposed[b] += exposed
	f.faults.record(b, lo, err, f.ids)
}
