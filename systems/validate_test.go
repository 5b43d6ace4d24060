package systems_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/systems"
)

// Validate reports every problem, one line each naming the component and
// the key (a rate list names each bad element).
func TestValidateJoinsEveryProblem(t *testing.T) {
	tests := []struct {
		name string
		v    interface{ Validate() error }
		want string
	}{
		{"importation", systems.ImportationParams{Rate: systems.RateList([]float64{-1, 2, math.NaN()}),
			StartDays: -1, EndDays: -1, TicksPerYear: 28},
			"ImportationPressureProcess: crude_importation_rate[0] must be a finite number >= 0, got -1\n" +
				"ImportationPressureProcess: crude_importation_rate[2] must be a finite number >= 0, got NaN\n" +
				"ImportationPressureProcess: importation_start must be >= 0 days, got -1"},
		{"importation by id", systems.ImportationParams{Rate: systems.RateByID(map[string]float64{"b": -2, "a": math.Inf(1)}),
			EndDays: -1, TicksPerYear: 28},
			`ImportationPressureProcess: crude_importation_rate["a"] must be a finite number >= 0, got +Inf` + "\n" +
				`ImportationPressureProcess: crude_importation_rate["b"] must be a finite number >= 0, got -2`},
		{"vital dynamics", systems.VitalDynamicsParams{CrudeBirthRate: -1, CrudeDeathRate: -2, MCV1Efficacy: 2},
			"VitalDynamicsProcess: crude_birth_rate must be a finite number >= 0, got -1\n" +
				"VitalDynamicsProcess: crude_death_rate must be a finite number >= 0, got -2\n" +
				"VitalDynamicsProcess: mcv1_efficacy must be in [0, 1], got 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.EqualError(t, tc.v.Validate(), tc.want)
		})
	}
}
