package model

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/phases"
)

func TestShortParams(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"flat", `{"R0":8}`, "R0=8"},
		{"order kept, nulls left out, 4 digits",
			`{"beta":0.5714285714285714,"seasonality":0.3,"season_table":null,"storage":"float64"}`,
			"beta=0.5714 seasonality=0.3 storage=float64"},
		{"typed object", `{"mixer":{"type":"gravity","a":1,"c":1.5}}`, "mixer=gravity(a=1 c=1.5)"},
		{"untyped object", `{"rates":{"patch_0":1,"patch_2":3}}`, "rates={patch_0=1 patch_2=3}"},
		// shortListMax = 4: four items in full, five counted.
		{"short list", `{"l":[1,2,3,4]}`, "l=[1 2 3 4]"},
		{"long list", `{"season_table":[1,1,1,1,1]}`, "season_table=[5 items]"},
		{"bool and big integer", `{"on":true,"n":123456789}`, "on=true n=1.235e+08"},
		{"not an object", `[1, 2]`, "[1 2]"},
		{"not JSON", `{"a":`, `{"a":`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ShortParams([]byte(tc.in)))
		})
	}
}

func TestSchedule(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(1, 1))
	user := phases.Func("Mine", func(phases.Model, int) error { return nil })
	components := append(DefaultComponents(), metrics.NewPopulationTracker(nil), user)
	if err := m.SetComponents(components...); err != nil {
		t.Fatal(err)
	}
	want := []ScheduleEntry{
		{"InitializeEquilibriumStatesProcess", "initialiser", "R0=8", false},
		{"ImportationPressureProcess", "initialiser+phase",
			"crude_importation_rate=1 importation_start=0 importation_end=-1 ticks_per_year=28", false},
		{"InfectionProcess", "initialiser+phase",
			"beta=0.5714 seasonality=0.3 season_start=0 mixer=gravity(a=1 b=1 c=1.5 k=0.01) alpha=1 storage=float64", false},
		{"VitalDynamicsProcess", "initialiser+phase", "crude_birth_rate=20 crude_death_rate=8 mcv1_efficacy=0.9 births=crude deaths=crude births_to=S", false},
		{"StateTracker", "initialiser+phase", "aggregation_level=-1", false},
		{"PopulationTracker", "initialiser+phase", "", false}, // built in, without params
		{"Mine", "phase", "", true},
	}
	assert.Equal(t, want, m.Schedule())
}
