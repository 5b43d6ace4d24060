package systems

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// VitalDynamicsParams configures [VitalDynamics] (SPEC §5.4).
type VitalDynamicsParams struct {
	// CrudeBirthRate is births per 1000 per year, ≥ 0.
	CrudeBirthRate float64 `json:"crude_birth_rate" doc:"births per 1000 per year, ≥ 0"`
	// CrudeDeathRate is deaths per 1000 per year, ≥ 0.
	CrudeDeathRate float64 `json:"crude_death_rate" doc:"deaths per 1000 per year, ≥ 0"`
	// MCV1Efficacy is the share of MCV1-vaccinated newborns who are
	// protected, in [0, 1].
	MCV1Efficacy float64 `json:"mcv1_efficacy" doc:"share of MCV1-vaccinated newborns protected, in [0, 1]"`
	// Births is the source of births: [SourceCrude] (crude_birth_rate),
	// [SourceScenario] (the scenario column births_per_year) or the path of
	// a births table (see [LoadVitalTable]); "" (a Go literal's zero value)
	// means [SourceCrude].
	Births string `json:"births" path:"relative" keywords:"crude,scenario" doc:"\"crude\" (crude_birth_rate), \"scenario\" (scenario column births_per_year) or a CSV table id,year,births[,deaths] (relative to the run file)"`
	// Deaths is the source of deaths: [SourceCrude] (crude_death_rate),
	// [SourceScenario] (the scenario column deaths_per_year) or the path of
	// a births table with a deaths column; "" means [SourceCrude].
	Deaths string `json:"deaths" path:"relative" keywords:"crude,scenario" doc:"\"crude\" (crude_death_rate), \"scenario\" (scenario column deaths_per_year) or a CSV table id,year,births,deaths (relative to the run file)"`
	// Cohort, when non-nil, puts a share of each year's births into S on one
	// day of the year (school entry); nil spreads births evenly.
	Cohort *Cohort `json:"cohort" doc:"null, or {share = 0.7, day = \"09-01\"}: that share of each year's births enters on that day, the rest evenly"`
	// BirthsTo is the compartment the unvaccinated births enter: "" or "S"
	// (the default: S, with the cohort drawn together with the births, as
	// before births_to existed), or a declared compartment (e.g. "M", a
	// maternal-immunity compartment): then the births go there and the
	// school-entry cohort is a flow of its own into S (and R for its
	// MCV1-protected share), drawn after the deaths. MCV1-protected births
	// go to R either way.
	BirthsTo string `json:"births_to" doc:"compartment the unvaccinated births enter: \"S\" (default) or a declared compartment (e.g. \"M\"); with a declared one the cohort is a flow of its own into S"`
}

// The births and deaths sources that are not file paths.
const (
	SourceCrude    = "crude"    // the crude rate per 1000 per year
	SourceScenario = "scenario" // a scenario column of yearly figures
)

// The scenario columns of [SourceScenario].
const (
	BirthsColumn = "births_per_year"
	DeathsColumn = "deaths_per_year"
)

// DefaultVitalDynamicsParams returns CBR 20, CDR 8, efficacy 0.9, crude
// births and deaths, no cohort, births to S.
func DefaultVitalDynamicsParams() VitalDynamicsParams {
	return VitalDynamicsParams{CrudeBirthRate: 20, CrudeDeathRate: 8, MCV1Efficacy: 0.9,
		Births: SourceCrude, Deaths: SourceCrude, BirthsTo: "S"}
}

// Validate checks every field's range.
func (p VitalDynamicsParams) Validate() error {
	var errs []error
	for _, f := range []struct {
		key string
		v   float64
	}{{"crude_birth_rate", p.CrudeBirthRate}, {"crude_death_rate", p.CrudeDeathRate}} {
		if err := paramkit.NonNegative(VitalDynamicsName+": "+f.key, f.v); err != nil {
			errs = append(errs, err)
		}
	}
	if !(p.MCV1Efficacy >= 0 && p.MCV1Efficacy <= 1) {
		errs = append(errs, fmt.Errorf("%s: mcv1_efficacy must be in [0, 1], got %v", VitalDynamicsName, p.MCV1Efficacy))
	}
	def := DefaultVitalDynamicsParams()
	for _, f := range []struct {
		key, src, rateKey string
		rate, defRate     float64
	}{
		{"births", p.Births, "crude_birth_rate", p.CrudeBirthRate, def.CrudeBirthRate},
		{"deaths", p.Deaths, "crude_death_rate", p.CrudeDeathRate, def.CrudeDeathRate},
	} {
		switch {
		case strings.TrimSpace(f.src) == "" && f.src != "":
			errs = append(errs, fmt.Errorf("%s: %s must be \"crude\", \"scenario\" or a CSV path, got %q", VitalDynamicsName, f.key, f.src))
		case f.src != SourceCrude && f.src != "" && f.rate != f.defRate:
			errs = append(errs, fmt.Errorf("%s: %s = %v and %s = %q exclude each other (the rate is used only by %s = \"crude\")",
				VitalDynamicsName, f.rateKey, f.rate, f.key, f.src, f.key))
		}
	}
	if p.Cohort != nil {
		errs = append(errs, p.Cohort.Validate(VitalDynamicsName+": cohort"))
	}
	if p.BirthsTo != "" && strings.TrimSpace(p.BirthsTo) != p.BirthsTo {
		errs = append(errs, fmt.Errorf("%s: births_to must be a compartment name, got %q", VitalDynamicsName, p.BirthsTo))
	}
	return errors.Join(errs...)
}

// birthsRouted reports whether births go to a declared compartment (not S):
// then the cohort is drawn as a flow of its own.
func (p VitalDynamicsParams) birthsRouted() bool { return p.BirthsTo != "" && p.BirthsTo != "S" }

// BirthRate returns λ_b per tick of stepDays days (7.598414e−4 for CBR 20
// and the biweekly model's 14 days).
func (p VitalDynamicsParams) BirthRate(stepDays int) float64 {
	return PerTickRate(p.CrudeBirthRate, stepDays)
}

// DeathRate returns μ_d per tick of stepDays days (3.056751e−4 for CDR 8
// and the biweekly model's 14 days).
func (p VitalDynamicsParams) DeathRate(stepDays int) float64 {
	return PerTickRate(p.CrudeDeathRate, stepDays)
}

var vitalKeys = params.KeyRules{
	Component: VitalDynamicsName,
	Rejected: map[string]string{
		"cbr": `did you mean "crude_birth_rate"?`,
		"cdr": `did you mean "crude_death_rate"?`,
	},
}

// DecodeVitalDynamicsParams decodes a JSON object strictly over the defaults.
func DecodeVitalDynamicsParams(data []byte) (VitalDynamicsParams, error) {
	return params.DecodeComponent(data, DefaultVitalDynamicsParams(), vitalKeys)
}
