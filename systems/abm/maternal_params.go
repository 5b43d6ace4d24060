package abm

import (
	"errors"
	"fmt"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/systems/internal/paramkit"
)

// MaternalImmunityName is the component name of [MaternalImmunity].
const MaternalImmunityName = "MaternalImmunityProcess"

// Sources of a newborn's maternal protection ([MaternalImmunityParams]
// Source).
const (
	MaternalFromMother = "mother" // protected when a random agent aged mother_min_age…mother_max_age of its patch is in R
	MaternalFromShare  = "share"  // protected with probability maternal_share
)

// MaternalImmunityParams configures [MaternalImmunity].
type MaternalImmunityParams struct {
	// Source decides which newborns are protected: "mother" (default) or
	// "share".
	Source string `json:"source" doc:"\"mother\": a newborn is protected when its mother, a random agent of its patch aged mother_min_age…mother_max_age years, is immune (state R); \"share\": with probability maternal_share"`
	// Share is the probability that a newborn is protected, with source
	// "share".
	Share float64 `json:"maternal_share" doc:"with source = \"share\": probability that a newborn is protected, in [0, 1]"`
	// DurationMean is the mean protection in days.
	DurationMean float64 `json:"duration_mean" doc:"mean duration of the protection, days, > 0 (lognormal)"`
	// DurationSD is the protection's standard deviation in days.
	DurationSD float64 `json:"duration_sd" doc:"standard deviation of the duration, days, ≥ 0"`
	// MotherMinAge and MotherMaxAge bound the mothers' ages in years:
	// min ≤ age < max.
	MotherMinAge int `json:"mother_min_age" doc:"youngest mother, years (age ≥ mother_min_age)"`
	MotherMaxAge int `json:"mother_max_age" doc:"mothers are younger than mother_max_age years, > mother_min_age, ≤ 100"`
	// CensusDays is how often the candidate mothers are listed.
	CensusDays int `json:"census_days" doc:"with source = \"mother\": days between two listings of each patch's agents of childbearing age (one pass over every agent each), ≥ 1"`
}

// DefaultMaternalImmunityParams returns mothers as the source (aged 15–49
// years, listed every 365 days), share 0.9, and a lognormal protection of
// mean 180 days (about 6 months, issue 25) and sd 60 days (a modelling
// choice: a coefficient of variation of 1/3).
func DefaultMaternalImmunityParams() MaternalImmunityParams {
	return MaternalImmunityParams{Source: MaternalFromMother, Share: 0.9, DurationMean: 180, DurationSD: 60,
		MotherMinAge: 15, MotherMaxAge: 50, CensusDays: 365}
}

// maxMotherAge is the oldest mother_max_age, years.
const maxMotherAge = 100

// Validate checks the source, the share, the duration and the ages.
func (p MaternalImmunityParams) Validate() error {
	const n = MaternalImmunityName + ": "
	errs := []error{paramkit.Choice(n+"source", p.Source, MaternalFromMother, MaternalFromShare),
		checkUnit(n+"maternal_share", p.Share), paramkit.NonNegative(n+"duration_sd", p.DurationSD)}
	if !(p.DurationMean > 0) || p.DurationMean > maxTimerDays {
		errs = append(errs, fmt.Errorf("%sduration_mean must be a number of days in (0, %d], got %v", n, maxTimerDays, p.DurationMean))
	}
	if p.MotherMinAge < 0 || p.MotherMaxAge <= p.MotherMinAge || p.MotherMaxAge > maxMotherAge {
		errs = append(errs, fmt.Errorf("%smother ages must be 0 ≤ mother_min_age < mother_max_age ≤ %d years, got %d and %d", n, maxMotherAge, p.MotherMinAge, p.MotherMaxAge))
	}
	if p.CensusDays < 1 {
		errs = append(errs, fmt.Errorf("%scensus_days must be ≥ 1, got %d", n, p.CensusDays))
	}
	return errors.Join(errs...)
}

var maternalKeys = params.KeyRules{Component: MaternalImmunityName}

// DecodeMaternalImmunityParams decodes a JSON object strictly over the
// defaults and validates it.
func DecodeMaternalImmunityParams(data []byte) (MaternalImmunityParams, error) {
	return params.DecodeComponent(data, DefaultMaternalImmunityParams(), maternalKeys)
}
