package compartmental

import (
	"math"

	"github.com/rubeola/rubeola/rng"
)

// maxNoiseTables is the most distinct σ_SE values a step keeps gamma
// tables for: a panel or coupled fit has one per town (20 for He et al.'s
// towns, 954 for England and Wales); IF2's and IBPF's perturbed particles
// have one per particle and draw with rng.Gammas. Each table is about 12
// KB, so the largest set is about 12 MB.
const maxNoiseTables = 1024

// noiseTables are the gamma tables ([rng.GammaTable]) of a step's noise
// shapes dt/σ_SE², one per distinct σ_SE > 0 (by bits): every particle of
// a likelihood evaluation shares its town's σ_SE, so a run of patches (a
// town's particles) draws its noise from one table. The tables are set
// before the blocks run and only read while they run; a table is kept
// from step to step while its σ_SE is in use, so a filter builds each
// once.
type noiseTables struct {
	byBits map[uint64]*rng.GammaTable
	dt     float64
	on     bool // the step's σ_SE values all have tables
}

// set prepares the tables for the patches' σ_SE and step dt (in years):
// on is false when the values change more than maxNoiseTables times from
// patch to patch (a cheap bound on the distinct values, found before any
// table is built: IF2's particles stop it within the first thousand
// patches). When on, every value in use has its table, whatever came
// before (the draws depend on this step's σ_SE only); tables of values no
// longer in use are dropped before more than twice maxNoiseTables would
// be kept.
func (n *noiseTables) set(sigmaSE []float64, dt float64) {
	if n.byBits == nil || dt != n.dt {
		n.byBits, n.dt = make(map[uint64]*rng.GammaTable), dt
	}
	n.on = false
	changes, prev := 0, uint64(0) // the bits of +0: no noise
	for _, v := range sigmaSE {
		if bits := math.Float64bits(v); bits != prev && v > 0 {
			if changes++; changes > maxNoiseTables {
				return
			}
			prev = bits
		}
	}
	if len(n.byBits)+changes > 2*maxNoiseTables {
		clear(n.byBits) // tables of earlier fits' values; this step's are built below
	}
	prev = 0
	for _, v := range sigmaSE {
		bits := math.Float64bits(v)
		if bits == prev || !(v > 0) {
			continue
		}
		prev = bits
		if _, ok := n.byBits[bits]; ok {
			continue
		}
		tab := new(rng.GammaTable)
		tab.Set(dt / (v * v))
		n.byBits[bits] = tab
	}
	n.on = true
}

// table returns the table of σ_SE sse, nil when the step has none (the
// tables are off, or sse has none).
func (n *noiseTables) table(sse float64) *rng.GammaTable {
	if n == nil || !n.on {
		return nil
	}
	return n.byBits[math.Float64bits(sse)]
}
