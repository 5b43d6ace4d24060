package compartmental

import (
	"errors"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// EulerSEIRName is the name of [EulerSEIR] (its random streams' name too).
const EulerSEIRName = "EulerSEIRProcess"

// Values of [EulerSEIRParams.Season], [EulerSEIRParams.BetaForm] and
// [EulerSEIRParams.Population].
const (
	// SeasonHe2010 is He et al.'s school-term season: 1 + a·0.2411/0.7589
	// in term, 1 − a in the holidays.
	SeasonHe2010 = "he2010"
	// SeasonNone is no seasonality (s = 1).
	SeasonNone = "none"
	// SeasonBSpline is a seasonality estimated from data: periodic
	// B-splines over the year ([systems.SeasonBasis]).
	SeasonBSpline = systems.SeasonBSpline
	// SeasonTSIR is TSIR's 26 biweekly coefficients ([systems.SeasonBasis]).
	SeasonTSIR = systems.SeasonTSIR
	// BetaPomp is β = R0·(γ + μ)·s(t) (He et al. 2010; King's pomp course).
	BetaPomp = "pomp"
	// BetaSpatPomp is β = R0·s(t)·(1 − e^(−(γ+μ)·dt))/dt (spatPomp's he10).
	BetaSpatPomp = "spatpomp"
	// PopulationData divides the force by the population from data
	// (a [PopulationSource] such as [PopulationData]).
	PopulationFromData = "data"
	// PopulationSimulated divides the force by the simulated S+E+I+R.
	PopulationSimulated = "simulated"
)

// YearDays is the length of a year in days for the rates per year of
// [EulerSEIR] and [PopulationData]: one daily tick is dt = 1/365.25 year,
// as in pomp's He et al. (2010) code.
const YearDays = 365.25

// EulerSEIRParams configures [EulerSEIR], He, Ionides & King (2010)'s
// measles transmission for the compartmental model. Rates are per year; every
// number may instead come from a scenario column ({column = "NAME"}). The
// defaults are He et al.'s maximum-likelihood estimates for London.
type EulerSEIRParams struct {
	// R0 is the basic reproduction number.
	R0 systems.PatchValue `json:"r0" doc:"basic reproduction number, > 0 (number or {column = \"NAME\"})"`
	// Sigma is the rate of leaving the latent stage, per year.
	Sigma systems.PatchValue `json:"sigma" doc:"E → I rate per year, > 0 (1/latent period)"`
	// Gamma is the recovery rate, per year.
	Gamma systems.PatchValue `json:"gamma" doc:"I → R rate per year, > 0 (1/infectious period)"`
	// Mu is the death rate, per year, of S, E and I.
	Mu systems.PatchValue `json:"mu" doc:"death rate per year of S, E and I, ≥ 0"`
	// Alpha is the mixing exponent on I + ι.
	Alpha systems.PatchValue `json:"alpha" doc:"exponent α on (I + iota), in (0, 2]"`
	// Iota is the number of imported infectives.
	Iota systems.PatchValue `json:"iota" doc:"imported infectives ι added to I in the force, ≥ 0"`
	// SigmaSE is the intensity of the gamma white noise on the force.
	SigmaSE systems.PatchValue `json:"sigma_se" doc:"extra-demographic noise intensity σ_SE ≥ 0: the S → E hazard over dt is foi·dW/dt with dW ~ Gamma(dt/σ², σ²); 0 = no noise"`
	// Amplitude is the school-term amplitude a.
	Amplitude systems.PatchValue `json:"amplitude" doc:"season amplitude a in [0, 1]: 1 + a·0.2411/0.7589 in term, 1 − a in the holidays"`
	// Season is "he2010", "none", "bspline" or "tsir".
	Season string `json:"season" doc:"\"he2010\" (He et al.'s terms: day of the decimal year 7–100, 115–199, 252–300, 308–356 in term, with amplitude), \"none\", or a seasonality estimated from data, s = exp(Σ_k c_k·B_k(doy/365.25)) with Σ_k c_k = 0: \"bspline\" (periodic B-splines, season_degree, season_nbasis; per-patch parameters b1 … b(K−1)) or \"tsir\" (TSIR's 26 biweeks of 14 days, the last 15.25; per-patch parameters biweek1 … biweek25); amplitude is ignored unless he2010"`
	// SeasonDegree is the B-splines' degree (season "bspline").
	SeasonDegree int `json:"season_degree" doc:"season \"bspline\": degree d of the periodic B-splines, 0 ≤ d < season_nbasis (3: cubic)"`
	// SeasonNBasis is the number K of B-splines (season "bspline").
	SeasonNBasis int `json:"season_nbasis" doc:"season \"bspline\": number K ≥ 2 of periodic B-splines over the year, equally spaced, basis k centred on day 365.25·(k − 1)/K"`
	// SeasonCoefficients are the K − 1 free coefficients c_1 … c_(K−1),
	// each a number or a scenario column; c_K = −Σ.
	SeasonCoefficients []systems.PatchValue `json:"season_coefficients" doc:"seasons \"bspline\" and \"tsir\": the K − 1 free log-coefficients c_1 … c_(K−1) (K = season_nbasis, or 26), each a finite number or {column = \"NAME\"}; c_K = −(c_1 + … + c_(K−1)), so log s has mean 0 over the year and r0 is the year's geometric-mean R0. Per-patch parameters b1 … (bspline) or biweek1 … (tsir) for fitting"`
	// BetaForm is "pomp" or "spatpomp".
	BetaForm string `json:"beta_form" doc:"\"pomp\": β = R0·(γ + μ)·s(t) (He et al.; King's pomp code) or \"spatpomp\": β = R0·s(t)·(1 − e^(−(γ+μ)dt))/dt (spatPomp's he10)"`
	// Population is "data" or "simulated".
	Population string `json:"population" doc:"denominator of the force: \"data\" (P(t) from a PopulationData component) or \"simulated\" (S+E+I+R)"`
	// G is the coupling strength g of the receiving patch.
	G systems.PatchValue `json:"g" doc:"coupling strength g ≥ 0 of spatPomp's he10 (per receiving town; 0 = the uncoupled model, draw for draw)"`
	// Coupling is "none", "he10" or "mixer".
	Coupling string `json:"coupling" doc:"coupling between the places of a replicate: \"none\", \"he10\" (spatPomp's operator V_uv = d̄·p_u·p_v/(d_uv·p̄²), d in miles, p the mean census population) or \"mixer\" (V_uv = M[v,u] of the mixer); foi_u gains β·g·Σ_v V_uv·((I_v/P_v)^α_v − (I_u/P_u)^α_u)/P_u"`
	// Mixer is the mixer of coupling = "mixer".
	Mixer mixing.Spec `json:"mixer" doc:"coupling = \"mixer\" only: the mixing kernel whose matrix is the operator, as the Infection's mixer (default gravity a = 1, b = 1, c = 1.5, k = 0.01)"`
}

// DefaultEulerSEIRParams returns He et al. (2010)'s London estimates
// (their Table 2 / spatPomp's he10mle): R0 56.8, σ 28.9, γ 30.4, μ 0.02 per
// year, α 0.976, ι 2.9, σ_SE 0.0878, a 0.554; the term season, pomp's β,
// the population from data and no coupling (g 0, default gravity mixer).
func DefaultEulerSEIRParams() EulerSEIRParams {
	return EulerSEIRParams{
		R0: systems.PatchNumber(56.8), Sigma: systems.PatchNumber(28.9), Gamma: systems.PatchNumber(30.4), Mu: systems.PatchNumber(0.02),
		Alpha: systems.PatchNumber(0.976), Iota: systems.PatchNumber(2.9), SigmaSE: systems.PatchNumber(0.0878), Amplitude: systems.PatchNumber(0.554),
		Season: SeasonHe2010, BetaForm: BetaPomp, Population: PopulationFromData,
		G: systems.PatchNumber(0), Coupling: CouplingNone, Mixer: mixing.Spec{Mixer: mixing.DefaultGravity()},
	}
}

// eulerKey is one per-patch parameter of EulerSEIR: its key, where it is
// held and its valid range.
type eulerKey struct {
	key  string
	v    *systems.PatchValue
	ok   func(float64) bool
	want string
}

// alphaRange holds for α in (0, 2].
func alphaRange(x float64) bool { return x > 0 && x <= 2 }

// finite holds for a finite x.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// keys lists the per-patch parameters in canonical order: the fixed ones,
// then the seasonal coefficients (b1 …, biweek1 …) of an estimated season.
func (p *EulerSEIRParams) keys() []eulerKey {
	keys := p.fixedKeys()
	if b, err := p.seasonBasis(); err == nil && b != nil {
		for k, name := range b.Keys() {
			if k < len(p.SeasonCoefficients) {
				keys = append(keys, eulerKey{name, &p.SeasonCoefficients[k], finite, "a finite number"})
			}
		}
	}
	return keys
}

// seasonBasis returns the basis of an estimated season (nil for he2010
// and none) or the error of its degree and number.
func (p *EulerSEIRParams) seasonBasis() (*systems.SeasonBasis, error) {
	if p.Season != SeasonBSpline && p.Season != SeasonTSIR {
		return nil, nil
	}
	return systems.NewSeasonBasis(EulerSEIRName, p.Season, p.SeasonDegree, p.SeasonNBasis, "season_degree", "season_nbasis")
}

// checkSeason checks the estimated season's keys: the basis, the number of
// coefficients and each coefficient; with he2010 or none, that none is set.
func (p *EulerSEIRParams) checkSeason() error {
	b, err := p.seasonBasis()
	switch {
	case err != nil:
		return err
	case b == nil:
		if p.SeasonDegree != 0 || p.SeasonNBasis != 0 || p.SeasonCoefficients != nil {
			return fmt.Errorf("%s: season_degree, season_nbasis and season_coefficients are for season %q or %q, got season %q",
				EulerSEIRName, SeasonBSpline, SeasonTSIR, p.Season)
		}
		return nil
	case len(p.SeasonCoefficients) != b.Free():
		return b.CheckCoefficients(EulerSEIRName, "season_coefficients", make([]float64, len(p.SeasonCoefficients)))
	}
	var errs []error
	for k, name := range b.Keys() {
		errs = append(errs, p.SeasonCoefficients[k].Check(fmt.Sprintf("%s: season_coefficients[%d] (%s)", EulerSEIRName, k, name), finite, "a finite number"))
	}
	return errors.Join(errs...)
}

// fixedKeys lists the per-patch parameters every season has.
func (p *EulerSEIRParams) fixedKeys() []eulerKey {
	return []eulerKey{
		{"r0", &p.R0, systems.Positive, "a finite number > 0"},
		{"sigma", &p.Sigma, systems.Positive, "a finite number > 0"},
		{"gamma", &p.Gamma, systems.Positive, "a finite number > 0"},
		{"mu", &p.Mu, systems.NonNegative, "a finite number >= 0"},
		{"alpha", &p.Alpha, alphaRange, "in (0, 2]"},
		{"iota", &p.Iota, systems.NonNegative, "a finite number >= 0"},
		{"sigma_se", &p.SigmaSE, systems.NonNegative, "a finite number >= 0"},
		{"amplitude", &p.Amplitude, systems.UnitInterval, "in [0, 1]"},
		{"g", &p.G, systems.NonNegative, "a finite number >= 0"},
	}
}

// Validate checks every number and choice.
func (p EulerSEIRParams) Validate() error {
	var errs []error
	for _, k := range p.fixedKeys() {
		errs = append(errs, k.v.Check(EulerSEIRName+": "+k.key, k.ok, k.want))
	}
	errs = append(errs,
		paramkit.Choice(EulerSEIRName+": season", p.Season, SeasonHe2010, SeasonNone, SeasonBSpline, SeasonTSIR),
		p.checkSeason(),
		paramkit.Choice(EulerSEIRName+": beta_form", p.BetaForm, BetaPomp, BetaSpatPomp),
		paramkit.Choice(EulerSEIRName+": population", p.Population, PopulationFromData, PopulationSimulated),
		paramkit.Choice(EulerSEIRName+": coupling", p.Coupling, CouplingNone, CouplingHe10, CouplingMixer))
	if p.Coupling == CouplingMixer && p.Mixer.Mixer == nil {
		errs = append(errs, errors.New(EulerSEIRName+": coupling = \"mixer\" needs a mixer"))
	}
	return errors.Join(errs...)
}

// DecodeEulerSEIRParams decodes a JSON object strictly over the defaults
// and validates it.
func DecodeEulerSEIRParams(data []byte) (EulerSEIRParams, error) {
	return params.DecodeComponent(data, DefaultEulerSEIRParams(), params.KeyRules{Component: EulerSEIRName})
}

// heTerm reports whether the day doy of the decimal year
// ([DecimalDayOfYear]) is in He et al.'s school term: 7 ≤ doy ≤ 100,
// 115–199, 252–300 and 308–356 (pomp's he10 code).
func heTerm(doy float64) bool {
	return (doy >= 7 && doy <= 100) || (doy >= 115 && doy <= 199) || (doy >= 252 && doy <= 300) || (doy >= 308 && doy <= 356)
}

// heSeason returns He et al.'s multiplier with amplitude a in term
// ([heTerm]) or in the holidays.
func heSeason(term bool, a float64) float64 {
	if term {
		return 1 + a*0.2411/0.7589
	}
	return 1 - a
}
