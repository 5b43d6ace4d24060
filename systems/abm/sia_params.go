package abm

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems"
)

// ABMSIAParams configures [ABMSIACalendar], the agent-based model's
// SIACalendarProcess: the patch model's schedule, grouping and efficacy,
// plus the targeted ages and the coverage.
type ABMSIAParams struct {
	systems.SIACalendarParams
	// MinAge and MaxAge are the targeted ages in days, min_age ≤ age ≤
	// max_age (default 270…1800: 9–59 months).
	MinAge int `json:"min_age" doc:"youngest targeted age, days, 0…3650 (270 = 9 months)"`
	MaxAge int `json:"max_age" doc:"oldest targeted age, days, min_age…3650 (1800 ≈ 59 months)"`
	// Coverage is the probability that a campaign's dose reaches a
	// targeted child.
	Coverage float64 `json:"coverage" doc:"probability that a campaign reaches each targeted child, in [0, 1]"`
	// GroupCoverage overrides Coverage for the groups it names (group key
	// → coverage).
	GroupCoverage map[string]float64 `json:"group_coverage" doc:"coverage per group key, e.g. {\"NG:KN\" = 0.7}, overriding coverage for the campaigns of that group, each in [0, 1]"`
}

// DefaultABMSIAParams returns the patch model's defaults (sia_efficacy
// 0.9, aggregation level 2, CSV columns date and id; the schedule is
// required), ages 270…1800 days (9–59 months, WHO's follow-up campaign
// target) and coverage 1 (with sia_efficacy 0.9, a campaign immunises 90 %
// of its targeted susceptibles, as the reference's sia_efficacy).
func DefaultABMSIAParams() ABMSIAParams {
	return ABMSIAParams{SIACalendarParams: systems.DefaultSIACalendarParams(), MinAge: 270, MaxAge: 1800, Coverage: 1}
}

// Validate checks the patch model's params, the ages and the coverages.
func (p ABMSIAParams) Validate() error {
	const n = systems.SIACalendarName + ": "
	errs := []error{p.SIACalendarParams.Validate(), checkAgeDays(n+"min_age", p.MinAge, 0),
		checkAgeDays(n+"max_age", p.MaxAge, 0), checkUnit(n+"coverage", p.Coverage)}
	if p.MinAge > p.MaxAge {
		errs = append(errs, fmt.Errorf("%smin_age (%d days) must not exceed max_age (%d days)", n, p.MinAge, p.MaxAge))
	}
	for _, g := range slices.Sorted(maps.Keys(p.GroupCoverage)) {
		errs = append(errs, checkUnit(fmt.Sprintf("%sgroup_coverage[%q]", n, g), p.GroupCoverage[g]))
	}
	return errors.Join(errs...)
}

// abmSIAWire is ABMSIAParams as decoded from JSON (the schedule raw, as
// the patch model's).
type abmSIAWire struct {
	systems.SIAWire
	MinAge        int                `json:"min_age"`
	MaxAge        int                `json:"max_age"`
	Coverage      float64            `json:"coverage"`
	GroupCoverage map[string]float64 `json:"group_coverage"`
}

var abmSIAKeys = params.KeyRules{Component: systems.SIACalendarName}

// DecodeABMSIAParams decodes a JSON object strictly over the defaults (the
// schedule as [DecodeSIACalendarParams] reads it) and validates it.
func DecodeABMSIAParams(data []byte) (ABMSIAParams, error) {
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || string(trimmed) == "null" {
		return ABMSIAParams{}, systems.ErrSIAParamsMissing
	}
	def := DefaultABMSIAParams()
	w := abmSIAWire{SIAWire: systems.DefaultSIAWire(), MinAge: def.MinAge, MaxAge: def.MaxAge, Coverage: def.Coverage}
	if err := params.DecodeStrict(data, &w, abmSIAKeys); err != nil {
		return ABMSIAParams{}, err
	}
	sp, err := w.Params(systems.SIACalendarName)
	if err != nil {
		return ABMSIAParams{}, err
	}
	p := ABMSIAParams{SIACalendarParams: sp, MinAge: w.MinAge, MaxAge: w.MaxAge, Coverage: w.Coverage, GroupCoverage: w.GroupCoverage}
	if err := p.Validate(); err != nil {
		return ABMSIAParams{}, err
	}
	return p, nil
}
