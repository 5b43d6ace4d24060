package metrics

import (
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/scenario"
)

// Counts a [CaseSurveillanceTracker] reports on
// ([CaseSurveillanceTrackerParams.Count]).
const (
	// CountI is the current I of each patch (the default; in the biweekly
	// model, with the tracker after Infection, the tick's incidence).
	CountI = "I"
	// CountIncidence is the tick's new cases as the model's
	// [IncidenceSource] counts them: the flow into I (biweekly Infection:
	// its new I; compartmental Infection and the agent-based model: E → I)
	// or, for EulerSEIR, the flow out of I to R (He et al.'s cases).
	CountIncidence = "incidence"
)

// Dates a [CaseSurveillanceTracker] labels a window's report with
// ([CaseSurveillanceTrackerParams.ReportDate]).
const (
	// ReportDateLastDay labels a window with its last tick's date (the
	// default).
	ReportDateLastDay = "last_day"
	// ReportDateEnd labels it with the date its last tick ends on, the
	// next day's: a fit's report date (the window of ticks start … end −
	// 1, as `rubeola fit` and pomp count a report period).
	ReportDateEnd = "end"
)

// CaseSurveillanceTrackerParams configures a [CaseSurveillanceTracker]
// (SPEC §8.4).
type CaseSurveillanceTrackerParams struct {
	// DetectionRate is the probability that an infectious individual is
	// reported, in [0, 1]: one number, or a scenario column read per patch
	// (a fit's per-town ρ).
	DetectionRate scenario.PatchValue `json:"detection_rate" alias:"detection_probability,reporting_prob,reporting_probability,notification_rate,notification_probability" doc:"probability that an infectious person is reported, in [0, 1] (number or {column = \"NAME\"}, per patch)"`
	// AggregationLevel groups patches (§8.1): −1 all, −2 per patch, k ≥ 0
	// the first k+1 id parts.
	AggregationLevel int `json:"aggregation_level" doc:"grouping of patches: −1 one group \"all_patches\", −2 one group per patch, k ≥ 0 the first k+1 colon-separated id parts"`
	// Reporting is the reporting model: [ReportingBinomial] (default; ""
	// means it too), [ReportingNegativeBinomial] or [ReportingHe2010].
	Reporting string `json:"reporting" doc:"reporting model: \"binomial\" (Binomial(C, detection_rate) per patch), \"negative_binomial\" (mean μ = detection_rate·C, variance μ(1 − detection_rate) + psi²μ²; drawn as NegBin(μ, size k) with 1/k = psi² − 1/C where psi²·C > 1, else as Poisson(μ) with probability psi²·C and Binomial(C, detection_rate) otherwise, which has that variance exactly) or \"he2010\" (He, Ionides & King 2010, rubeola fit's he2010 measurement: a normal deviate with that mean and variance, rounded to the nearest integer, 0 if negative)"`
	// Psi is the overdispersion ψ ≥ 0 of negative_binomial and he2010
	// reporting, one number or a scenario column; non-zero only with
	// those.
	Psi scenario.PatchValue `json:"psi" doc:"overdispersion ψ in [0, 100] of \"negative_binomial\" and \"he2010\" reporting (the coefficient of variation of reports at large counts; 0 gives Binomial's variance; number or {column = \"NAME\"}, per patch); must stay 0 with \"binomial\""`
	// AggregateDays is the length in days of a reporting window: counts are
	// summed per patch over each window and drawn once at its last tick. 0
	// (the default) is the model's tick; otherwise a positive multiple of the
	// model's time step (checked at Initialize).
	AggregateDays int `json:"aggregate_days" doc:"report totals over windows of this many days, a positive multiple of the model's time step (e.g. 7 or 14 with the daily models (compartmental and agent-based), which need count = \"incidence\" for it, 14 or 28 with the biweekly one); the counts are summed per patch over each window and drawn once at its last tick, one row per complete window labelled with its last tick and that tick's date (a partial window at the end is not reported); 0 = every tick"`
	// Count is what is reported on: [CountI] (default; "" means it too) or
	// [CountIncidence].
	Count string `json:"count" doc:"what is reported on: \"I\" (each patch's current I; the tick's incidence in the biweekly model) or \"incidence\" (the tick's new cases as counted by the model's infection phase, which must precede the tracker: in the biweekly model (Infection) the tick's new I, its S → I infections, since everyone infectious at the tick's start recovers within it; in the compartmental model with Infection and in the agent-based model the tick's E → I flow, people becoming infectious; with EulerSEIR the tick's I → R flow, recoveries (not deaths), He et al.'s cases C, which the fit's measurement model also reports on). In the compartmental model I is a prevalence: \"I\" with aggregate_days sums each day's I over the window, person-days of infection (about inf_mu times the new cases), so weekly case reports need \"incidence\""`
	// ReportDate is the date a window's report is labelled with:
	// [ReportDateLastDay] (default; "" means it too) or [ReportDateEnd].
	ReportDate string `json:"report_date" doc:"the date a report is labelled with: \"last_day\" (its window's last tick's date) or \"end\" (the day after: the date the window ends on, as rubeola fit's report dates, the week ending on a date counting the ticks of the seven days before it); the row's tick stays the last tick"`
	// Filter keeps the patches for which it returns true (nil keeps all).
	// Go API only.
	Filter func(id string) bool `json:"-"`
}

// DefaultCaseSurveillanceTrackerParams returns detection rate 0.1, one
// group per patch (the reference's default grouping), binomial reporting of
// I every tick.
func DefaultCaseSurveillanceTrackerParams() CaseSurveillanceTrackerParams {
	return CaseSurveillanceTrackerParams{DetectionRate: scenario.PatchNumber(0.1), AggregationLevel: PerPatch, Reporting: ReportingBinomial, Count: CountI,
		ReportDate: ReportDateLastDay}
}

// Validate checks every key and joins the problems.
func (p CaseSurveillanceTrackerParams) Validate() error {
	var errs []error
	if err := p.DetectionRate.Check(CaseSurveillanceTrackerName+": detection_rate", scenario.UnitInterval, "in [0, 1]"); err != nil {
		errs = append(errs, err)
	}
	if err := scenario.CheckAggregationLevel(p.AggregationLevel); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", CaseSurveillanceTrackerName, err))
	}
	switch p.Reporting {
	case "", ReportingBinomial:
		if x, ok := p.Psi.Number(); !ok || x != 0 {
			errs = append(errs, fmt.Errorf("%s: psi = %v needs reporting = %q (reporting is %q)",
				CaseSurveillanceTrackerName, p.Psi, ReportingNegativeBinomial, ReportingBinomial))
		}
	case ReportingNegativeBinomial, ReportingHe2010:
	default:
		errs = append(errs, fmt.Errorf("%s: reporting must be %q, %q or %q, got %q",
			CaseSurveillanceTrackerName, ReportingBinomial, ReportingNegativeBinomial, ReportingHe2010, p.Reporting))
	}
	switch p.ReportDate {
	case "", ReportDateLastDay, ReportDateEnd:
	default:
		errs = append(errs, fmt.Errorf("%s: report_date must be %q or %q, got %q", CaseSurveillanceTrackerName, ReportDateLastDay, ReportDateEnd, p.ReportDate))
	}
	if err := p.Psi.Check(CaseSurveillanceTrackerName+": psi", validPsi, psiRange); err != nil {
		errs = append(errs, err)
	}
	if p.AggregateDays < 0 {
		errs = append(errs, fmt.Errorf("%s: aggregate_days must be >= 0 (0 = every tick), got %d", CaseSurveillanceTrackerName, p.AggregateDays))
	}
	switch p.Count {
	case "", CountI, CountIncidence:
	default:
		errs = append(errs, fmt.Errorf("%s: count must be %q or %q, got %q", CaseSurveillanceTrackerName, CountI, CountIncidence, p.Count))
	}
	return errors.Join(errs...)
}

// MaxPsi is the largest overdispersion ψ accepted: the negative binomial's
// size 1/(ψ² − 1/C) stays ≥ 10⁻⁴, where [rng.NegativeBinomial]'s mixing draw
// stays below its limit with probability 1 − 10⁻²⁰. (Above it the size
// leaves the range where rng.NegativeBinomial is guaranteed not to panic,
// and for ψ ≳ 10¹⁵⁴ ψ² overflows and the size is 0.)
const MaxPsi = 100

// validPsi holds for the overdispersions accepted, 0 ≤ ψ ≤ [MaxPsi];
// psiRange says so in an error.
var (
	validPsi = func(x float64) bool { return x >= 0 && x <= MaxPsi }
	psiRange = fmt.Sprintf("finite, >= 0 and at most %v (a coefficient of variation of reports of %v)", float64(MaxPsi), float64(MaxPsi))
)

// negativeBinomial reports whether p asks for negative_binomial reporting.
func (p CaseSurveillanceTrackerParams) negativeBinomial() bool {
	return p.Reporting == ReportingNegativeBinomial
}

// he2010 reports whether p asks for he2010 reporting.
func (p CaseSurveillanceTrackerParams) he2010() bool { return p.Reporting == ReportingHe2010 }

// dateOffset returns the ticks between a window's last tick and the tick
// whose date labels it.
func (p CaseSurveillanceTrackerParams) dateOffset() int {
	if p.ReportDate == ReportDateEnd {
		return 1
	}
	return 0
}

// incidence reports whether p reports on the incidence.
func (p CaseSurveillanceTrackerParams) incidence() bool { return p.Count == CountIncidence }

// ticksPerWindow returns the ticks of one reporting window for a model with
// step-day ticks: 1 for aggregate_days 0, or an error naming the key and the
// step when aggregate_days is not a multiple of step.
func (p CaseSurveillanceTrackerParams) ticksPerWindow(step int) (int, error) {
	if p.AggregateDays == 0 {
		return 1, nil
	}
	if step <= 0 || p.AggregateDays%step != 0 {
		return 0, fmt.Errorf("%s: aggregate_days = %d must be a positive multiple of the model's time step (%d days)",
			CaseSurveillanceTrackerName, p.AggregateDays, step)
	}
	return p.AggregateDays / step, nil
}

var caseSurveillanceKeys = params.KeyRules{Component: CaseSurveillanceTrackerName}

// DecodeCaseSurveillanceTrackerParams decodes a JSON object strictly over
// the defaults.
func DecodeCaseSurveillanceTrackerParams(data []byte) (CaseSurveillanceTrackerParams, error) {
	return params.DecodeComponent(data, DefaultCaseSurveillanceTrackerParams(), caseSurveillanceKeys)
}
