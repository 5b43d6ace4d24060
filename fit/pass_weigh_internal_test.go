package fit

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/rng"
)

// TestWeigherReusesEqualDensities checks the weigher's reuse of the
// previous particle's log density against each particle's own, bit for
// bit, for every measurement model: runs of equal counts (zeros of a small
// town), counts differing late, ρ or ψ differing between equal counts,
// −0 beside +0, a missing report between two places, and two blocks.
func TestWeigherReusesEqualDensities(t *testing.T) {
	const j = 300 // two blocks per place, the second place's straddling them
	negZero := math.Copysign(0, -1)
	obs := &Observations{Counts: [][]int64{{12}, {Missing}, {0}}}
	n := len(obs.Counts) * j
	cases, rho, psi := make([]int64, n), make([]float64, n), make([]float64, n)
	for i := range cases {
		switch {
		case i%11 < 6:
			cases[i] = 0
		case i%11 < 9:
			cases[i] = 25
		default:
			cases[i] = int64(i)
		}
		rho[i], psi[i] = 0.5, 0.1
		switch i % 17 {
		case 3:
			rho[i] = 0.6
		case 4:
			psi[i] = 0.2
		case 5:
			psi[i] = negZero
		case 6:
			psi[i] = 0
		}
	}
	for _, meas := range measurementModels {
		t.Run(meas.Name(), func(t *testing.T) {
			ps := &particles{j: j, rho: rho, psi: psi, meas: meas}
			w := &weigher{ps: ps, obs: obs, logw: make([]float64, n), cases: cases}
			for b := range (n + rng.BlockSize - 1) / rng.BlockSize {
				w.Block(b)
			}
			for i := range n {
				want := 0.0
				if y := obs.Counts[i/j][0]; y != Missing {
					want = meas.LogDensity(y, cases[i], rho[i], psi[i])
				}
				assert.Equal(t, math.Float64bits(want), math.Float64bits(w.logw[i]), "particle %d", i)
			}
		})
	}
}
