package abm

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/systems"
)

// TestDecodeABMSIAParams: the ABM SIA's keys decode over the defaults
// (the patch model's schedule forms included), and an unknown key gets a
// did-you-mean hint.
func TestDecodeABMSIAParams(t *testing.T) {
	p, err := DecodeABMSIAParams([]byte(`{"sia_schedule": [{"id": "A", "date": "2001-02-03"}], "min_age": 180, "group_coverage": {"A": 0.6}}`))
	require.NoError(t, err)
	assert.Equal(t, 180, p.MinAge)
	assert.Equal(t, DefaultABMSIAParams().MaxAge, p.MaxAge)
	assert.Equal(t, 1.0, p.Coverage)
	assert.Equal(t, map[string]float64{"A": 0.6}, p.GroupCoverage)
	assert.Equal(t, []systems.Campaign{{Group: "A", Date: time.Date(2001, 2, 3, 0, 0, 0, 0, time.UTC)}}, p.Schedule)
	assert.Equal(t, systems.DefaultSIACalendarParams().Efficacy, p.Efficacy)

	_, err = DecodeABMSIAParams([]byte(`{"sia_schedule": [], "max_ag": 10}`))
	assert.ErrorContains(t, err, `unknown key "max_ag" (did you mean "max_age"?)`)
	_, err = DecodeABMSIAParams(nil)
	assert.ErrorIs(t, err, systems.ErrSIAParamsMissing)
}

// TestImmunityParamsValidate: each bad value is one named error; the
// defaults are valid.
func TestImmunityParamsValidate(t *testing.T) {
	require.NoError(t, DefaultRoutineImmunizationParams().Validate())
	require.NoError(t, DefaultMaternalImmunityParams().Validate())
	sia := DefaultABMSIAParams()
	sia.Schedule = []systems.Campaign{}
	require.NoError(t, sia.Validate())
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"mcv1 age zero", func() error { p := DefaultRoutineImmunizationParams(); p.MCV1Age = 0; return p.Validate() }(),
			"mcv1_age must be an age of 1…3650 days, got 0"},
		{"mcv2 age too old", func() error { p := DefaultRoutineImmunizationParams(); p.MCV2Age = 4000; return p.Validate() }(),
			"mcv2_age must be an age of 1…3650 days, got 4000"},
		{"efficacy NaN", func() error {
			p := DefaultRoutineImmunizationParams()
			p.EfficacyUnder12m = math.NaN()
			return p.Validate()
		}(),
			"efficacy_under_12m must be in [0, 1], got NaN"},
		{"mcv2 coverage", func() error { p := DefaultRoutineImmunizationParams(); p.MCV2Coverage = 1.01; return p.Validate() }(),
			"mcv2_coverage must be in [0, 1], got 1.01"},
		{"duration sd", func() error { p := DefaultMaternalImmunityParams(); p.DurationSD = -1; return p.Validate() }(),
			"duration_sd must be a finite number >= 0, got -1"},
		{"census", func() error { p := DefaultMaternalImmunityParams(); p.CensusDays = 0; return p.Validate() }(),
			"census_days must be ≥ 1, got 0"},
		{"mother ages", func() error { p := DefaultMaternalImmunityParams(); p.MotherMinAge = -1; return p.Validate() }(),
			"mother ages must be 0 ≤ mother_min_age < mother_max_age ≤ 100 years, got -1 and 50"},
		{"sia min age negative", func() error { p := sia; p.MinAge = -5; return p.Validate() }(),
			"min_age must be an age of 0…3650 days, got -5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.ErrorContains(t, tc.err, tc.want)
		})
	}
}
