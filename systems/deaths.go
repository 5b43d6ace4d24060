package systems

import (
	"github.com/rubeola/rubeola/rng"
)

// deathDraws holds one chunk's (at most rng.BlockSize patches) deaths
// per compartment and the means behind them, on the caller's stack.
type deathDraws struct {
	mu             [rng.BlockSize]float64 // each patch's per-person hazard
	mean           [rng.BlockSize]float64
	ds, de, di, dr [rng.BlockSize]int64
}

// draw draws the chunk's deaths from the start-of-step counts, each
// Poisson(X_j·mu_j) clamped to X_j (SPEC §5.4, §5.5), batched per
// compartment in the order dS of every patch, then dE (an SEIR world only:
// e non-nil; an SIR world leaves de 0), dI, dR ([rng.Poissons]'s draw
// order within each). It returns the number of drawn deaths the clamping
// removed.
func (d *deathDraws) draw(src *rng.Source, s, e, i, r []int64) int64 {
	clamped := d.column(src, s, d.ds[:len(s)])
	if e != nil {
		clamped += d.column(src, e, d.de[:len(s)])
	}
	clamped += d.column(src, i, d.di[:len(s)])
	return clamped + d.column(src, r, d.dr[:len(s)])
}

// column draws one compartment's deaths into out, clamped to x.
func (d *deathDraws) column(src *rng.Source, x, out []int64) int64 {
	for j, v := range x {
		d.mean[j] = float64(v) * d.mu[j]
	}
	rng.Poissons(src, d.mean[:len(x)], out)
	var clamped int64
	for j, v := range x {
		if out[j] > v {
			clamped += out[j] - v
			out[j] = v
		}
	}
	return clamped
}
