package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Validate reports every problem, one line each naming mixer and key; a
// parameter that is not finite is not also reported out of range.
func TestValidateJoinsEveryProblem(t *testing.T) {
	tests := []struct {
		name string
		v    interface{ Validate() error }
		want string
	}{
		{"gravity", Gravity{A: 0.5, B: -1, C: math.Inf(-1), K: 2},
			"mixing: gravity: a = 0.5 must be >= 1\n" +
				"mixing: gravity: b = -1 must be >= 0\n" +
				"mixing: gravity: c = -Inf is not finite\n" +
				"mixing: gravity: k = 2 must be in [0, 1]"},
		{"radiation", Radiation{K: math.NaN()}, "mixing: radiation: k = NaN is not finite"},
		{"stouffer", Stouffer{K: -1, A: math.Inf(1), B: -2},
			"mixing: stouffer: k = -1 must be in [0, 1]\n" +
				"mixing: stouffer: a = +Inf is not finite\n" +
				"mixing: stouffer: b = -2 must be >= 0"},
		{"competing", CompetingDestinations{A: 0, K: 1.5, Delta: math.NaN()},
			"mixing: competing_destinations: a = 0 must be >= 1\n" +
				"mixing: competing_destinations: k = 1.5 must be in [0, 1]\n" +
				"mixing: competing_destinations: delta = NaN is not finite"},
		{"truncation", Truncation{MinWeight: -1, TopK: -1, Renorm: 7},
			"mixing: truncation: min_weight = -1 must be a finite number >= 0\n" +
				"mixing: truncation: top_k = -1 must be >= 0\n" +
				"mixing: truncation: renorm = 7 is not a defined mode (RenormOffDiagonal or RenormDiagonal)"},
		{"truncated", TruncatedMixer{},
			"mixing: truncated: no mixer to truncate\n" +
				"mixing: truncation: set min_weight > 0 or top_k > 0 (both are 0: nothing to truncate)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.EqualError(t, tc.v.Validate(), tc.want)
		})
	}
	assert.NoError(t, DefaultGravity().Validate())
}
