package systems

import (
	"math/rand/v2"

	"github.com/rubeola/rubeola/rng"
)

// drawDeaths draws one patch's deaths per compartment from the start-of-step
// counts, in the order dS, dI, dR, each Poisson(X·mu) clamped to X (SPEC
// §5.4, §5.5), and returns them with the number of drawn deaths the clamping
// removed.
func drawDeaths(src *rand.PCG, mu float64, s, i, r int64) (ds, di, dr, clamped int64) {
	ds = rng.Poisson(src, float64(s)*mu)
	di = rng.Poisson(src, float64(i)*mu)
	dr = rng.Poisson(src, float64(r)*mu)
	clamped = max(ds-s, 0) + max(di-i, 0) + max(dr-r, 0)
	return min(ds, s), min(di, i), min(dr, r), clamped
}

// sumInt64 returns Σ v (the per-block clamped-death counters).
func sumInt64(v []int64) int64 {
	var sum int64
	for _, x := range v {
		sum += x
	}
	return sum
}
