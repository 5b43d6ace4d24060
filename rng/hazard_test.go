package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBinomialHazardGrid runs the SPEC §6.4 mean / variance / shape checks on
// BinomialHazard(n, λ) against the Binomial(n, 1 − e^−λ) pmf, in every
// branch: n·p < 1, inversion with qⁿ = e^−nλ (n·p just below 15), BTRS (at
// n·p = 15 and large), and λ on both sides of ln 2, where p crosses ½ and the
// reflected probability e^−λ is used.
func TestBinomialHazardGrid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		n      int64
		hazard float64
	}{
		{"np<1", 50, 0.01},
		{"n=3", 3, 0.2},
		{"np=14.99", 10_000, -math.Log1p(-14.99e-4)},
		{"np=15", 10_000, -math.Log1p(-15e-4)},
		{"n=1e6,p=0.3", 1e6, -math.Log1p(-0.3)},
		{"hazard<ln2", 1000, math.Nextafter(math.Ln2, 0)},
		{"hazard=ln2", 1000, math.Ln2},
		{"hazard=5,reflected inversion", 1000, 5},
		{"hazard=2,reflected BTRS", 1000, 2},
		{"n=1e12,hazard=1e-9", 1e12, 1e-9},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%s,n=%d,hazard=%g", tt.name, tt.n, tt.hazard)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := binomialCase("BinomialHazard/"+name, tt.n, -math.Expm1(-tt.hazard), drawCount(t, 400_000))
			c.draw = func(src *Source) int64 { return BinomialHazard(src, tt.n, tt.hazard) }
			checkDistribution(t, c)
		})
	}
}

// TestBinomialHazardEdgeValues checks the exact results of n = 0, hazard = 0
// and hazard = +Inf, and that they consume no random numbers.
func TestBinomialHazardEdgeValues(t *testing.T) {
	tests := []struct {
		name   string
		n      int64
		hazard float64
		want   int64
	}{
		{"n=0", 0, 0.3, 0},
		{"n=0,hazard=Inf", 0, math.Inf(1), 0},
		{"hazard=0", 10, 0, 0},
		{"hazard=-0", 10, math.Copysign(0, -1), 0},
		{"hazard=Inf", 10, math.Inf(1), 10},
		{"hazard=Inf,n=max", MaxBinomialN, math.Inf(1), MaxBinomialN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewStreams(testSeed, "BinomialHazardEdgeValues", 1)
			before, err := s.MarshalBinary()
			require.NoError(t, err)
			assert.Equal(t, tt.want, BinomialHazard(s.Block(0), tt.n, tt.hazard))
			after, err := s.MarshalBinary()
			require.NoError(t, err)
			assert.Equal(t, before, after, "stream state changed")
		})
	}
}

// TestBinomialHazardPanics checks that invalid inputs (internal invariant
// violations) panic with a message naming the problem.
func TestBinomialHazardPanics(t *testing.T) {
	src := NewSource(testSeed, "BinomialHazardPanics", 0)
	tests := []struct {
		name   string
		n      int64
		hazard float64
		msg    string
	}{
		{"negative n", -1, 0.5, "rng.BinomialHazard: n = -1 is negative"},
		{"huge n", MaxBinomialN + 1, 0.5, "rng.BinomialHazard: n = 9007199254740993 exceeds the supported maximum 2^53"},
		{"NaN", 10, math.NaN(), "rng.BinomialHazard: hazard is NaN"},
		{"negative", 10, -0.1, "rng.BinomialHazard: hazard = -0.1 is negative"},
		{"-Inf", 0, math.Inf(-1), "rng.BinomialHazard: hazard = -Inf is negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.PanicsWithValue(t, tt.msg, func() { BinomialHazard(src, tt.n, tt.hazard) })
		})
	}
}
