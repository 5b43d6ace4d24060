package abm

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// ABMInfectionParams configures [ABMInfection], the agent-based model's
// InfectionProcess: the force of infection of the compartmental model's
// (beta, seasonality, mixer, storage, season, alpha) and the per-agent
// latent and infectious periods of the reference's TransmissionParams
// (exp_mu, exp_sigma: a lognormal of that mean and standard deviation) and
// DiseaseParams (inf_mean, inf_sigma: a gamma of that mean and standard
// deviation), in days, rounded to whole days, at least 1.
type ABMInfectionParams struct {
	// Beta is the transmission rate per day.
	Beta float64 `json:"beta" doc:"transmission rate per day, ≥ 0"`
	// Seasonality is the amplitude A of s(t) = 1 + A·sin(2π(t − t0)/365).
	Seasonality float64 `json:"seasonality" alias:"seasonal_amplitude" doc:"amplitude A of s(t) = 1 + A·sin(2π(t − season_start)/365), in [0, 1]"`
	// SeasonStart is t0 in days, 0…364.
	SeasonStart int `json:"season_start" doc:"day of the seasonal phase origin, 0…364"`
	// ExpMu is the mean latent period in days.
	ExpMu float64 `json:"exp_mu" doc:"mean of the lognormal latent period in days, > 0"`
	// ExpSigma is the standard deviation of the latent period in days.
	ExpSigma float64 `json:"exp_sigma" doc:"standard deviation of the lognormal latent period in days, > 0"`
	// InfMean is the mean infectious period in days.
	InfMean float64 `json:"inf_mean" doc:"mean of the gamma infectious period in days, > 0 (shape (inf_mean/inf_sigma)², scale inf_sigma²/inf_mean)"`
	// InfSigma is the standard deviation of the infectious period in days.
	InfSigma float64 `json:"inf_sigma" doc:"standard deviation of the gamma infectious period in days, > 0"`
	// Mixer builds the mixing matrix (row = source) from the scenario.
	Mixer mixing.Mixer `json:"mixer" doc:"mixing kernel, as the patch models' Infection (default gravity a = 1, b = 1, c = 1.5, k = 0.01)"`
	// Storage is the default kernel's storage of gravity mixing.
	Storage string `json:"storage" doc:"how the default kernel stores gravity mixing: \"float64\", \"float32\", \"dense\", \"streaming\" or \"hierarchical\", as the patch models' Infection"`
	// Tolerance is storage "hierarchical"'s relative error.
	Tolerance float64 `json:"tolerance,omitempty" doc:"storage \"hierarchical\" only: the relative error it is built to, in (0, 1) (0 or absent: 1e−6)"`
	// SeasonSpec is the calendar season (school terms, or estimated from
	// data with fixed coefficients).
	SeasonSpec *systems.SeasonSpec `json:"season" doc:"calendar season replacing the sinusoid, as the patch models' Infection: school terms ({type = \"terms\", …}) or a seasonality estimated from data with fixed coefficients ({type = \"bspline\", degree, nbasis, coefficients} or {type = \"tsir\", coefficients}). Excludes seasonality ≠ 0"`
	// Alpha is the TSIR exponent on the mixed infectious count.
	Alpha float64 `json:"alpha" doc:"exponent α in (0, 1] on the mixed infectious count: λ_j = β·s(t)·(Σ_i I_i·M[i,j])^α / N_j; 1 = mass action"`
}

// DefaultABMInfectionParams returns the reference's defaults: β = 1 per
// day, latent period lognormal of mean 6 and sd 2 days, infectious period
// gamma of mean 8 and sd 2 days, no seasonality, default gravity mixing,
// α = 1.
func DefaultABMInfectionParams() ABMInfectionParams {
	return ABMInfectionParams{Beta: 1, ExpMu: 6, ExpSigma: 2, InfMean: 8, InfSigma: 2,
		Mixer: mixing.DefaultGravity(), Storage: systems.StorageFloat64, Alpha: 1}
}

// Validate checks every field's range.
func (p ABMInfectionParams) Validate() error {
	var errs []error
	for _, f := range []struct {
		key string
		v   float64
	}{{"exp_mu", p.ExpMu}, {"exp_sigma", p.ExpSigma}, {"inf_mean", p.InfMean}, {"inf_sigma", p.InfSigma}} {
		if !(f.v > 0) || math.IsInf(f.v, 1) {
			errs = append(errs, fmt.Errorf("%s: %s must be a finite number of days > 0, got %v", systems.InfectionName, f.key, f.v))
		}
	}
	errs = append(errs, p.forceParams().ValidateYear(systems.TicksPerYear(params.CompartmentalStepDays)))
	return errors.Join(errs...)
}

// forceParams returns the params of the force of infection, shared with
// the patch models' transmissions, on a one-day tick.
func (p ABMInfectionParams) forceParams() systems.InfectionParams {
	return systems.InfectionParams{Beta: p.Beta, Seasonality: p.Seasonality, SeasonStart: p.SeasonStart, Mixer: p.Mixer,
		Storage: p.Storage, Tolerance: p.Tolerance, SeasonSpec: p.SeasonSpec, Alpha: p.Alpha}
}

// abmInfectionFields is ABMInfectionParams without its methods.
type abmInfectionFields ABMInfectionParams

var abmInfectionKeys = params.KeyRules{
	Component: systems.InfectionName,
	Rejected: map[string]string{
		"inf_mu":       `the agent-based model's infectious period is "inf_mean" (with "inf_sigma")`,
		"amplitude":    `did you mean "seasonality"?`,
		"season_table": "the 26-value table is the biweekly model's",
	},
}

// DecodeABMInfectionParams decodes a JSON object strictly over the
// defaults and validates the result.
func DecodeABMInfectionParams(data []byte) (ABMInfectionParams, error) {
	w := struct {
		abmInfectionFields
		Mixer json.RawMessage `json:"mixer"`
	}{abmInfectionFields: abmInfectionFields(DefaultABMInfectionParams())}
	if err := params.DecodeStrict(data, &w, abmInfectionKeys); err != nil {
		return ABMInfectionParams{}, err
	}
	p := ABMInfectionParams(w.abmInfectionFields)
	if m, err := paramkit.DecodeMixer(systems.InfectionName, w.Mixer); err != nil {
		return ABMInfectionParams{}, err
	} else if m != nil {
		p.Mixer = m
	}
	return p, p.Validate()
}

// MarshalJSON encodes the params with their json tags, the mixer as its
// spec.
func (p ABMInfectionParams) MarshalJSON() ([]byte, error) {
	w := abmInfectionFields(p)
	if p.Mixer != nil {
		w.Mixer = mixing.Spec{Mixer: p.Mixer}
	}
	return paramkit.MarshalWithMixer(w)
}
