package systems

import (
	"github.com/rubeola/rubeola/rng"
)

// drawDeaths draws one patch's deaths per compartment from the start-of-step
// counts, in the order dS, dE, dI, dR, each Poisson(X·mu) clamped to X (SPEC
// §5.4, §5.5), and returns them with the number of drawn deaths the clamping
// removed. dE is drawn only in an SEIR world (seir true); an SIR world draws
// dS, dI, dR and returns de = 0.
func drawDeaths(src *rng.Source, mu float64, seir bool, s, e, i, r int64) (ds, de, di, dr, clamped int64) {
	ds = rng.Poisson(src, float64(s)*mu)
	if seir {
		de = rng.Poisson(src, float64(e)*mu)
	}
	di = rng.Poisson(src, float64(i)*mu)
	dr = rng.Poisson(src, float64(r)*mu)
	clamped = max(ds-s, 0) + max(de-e, 0) + max(di-i, 0) + max(dr-r, 0)
	return min(ds, s), min(de, e), min(di, i), min(dr, r), clamped
}

// at returns x[j], or 0 when x is nil (an SIR world's E column).
func at(x []int64, j int) int64 {
	if x == nil {
		return 0
	}
	return x[j]
}

// sub returns x[lo:hi], or nil when x is nil (an SIR world's E column, or a
// crude rate's absent per-patch means).
func sub[T any](x []T, lo, hi int) []T {
	if x == nil {
		return nil
	}
	return x[lo:hi]
}

// sumInt64 returns Σ v (the per-block clamped-death counters).
func sumInt64(v []int64) int64 {
	var sum int64
	for _, x := range v {
		sum += x
	}
	return sum
}
