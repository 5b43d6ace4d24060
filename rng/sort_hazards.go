package rng

import "math"

// sortHazards sorts the lanes of a hazard batch (fresh from
// [newBinomialBatch]): lane j has n[j] trials and hazard hazard[j], or
// same when hazard is nil. A lane goes to the inversion kernel when h ≤
// ln 2 and n·h < binomialBatchLimit (n = 0 or h = 0 included: value 0), to
// BTRS when h ≤ ln 2 otherwise, to the scalar sampler when h > ln 2.
// Invalid inputs panic as in [BinomialHazard]. The kernel of invLevel
// sorts runs with valid inputs and no scalar lane; the others, and every
// run without it, are sorted by sortHazardsGeneric.
func (b *binomialBatch) sortHazards(n []int64, hazard []float64, same float64) {
	if sortHazardsKernel(b, n, hazard, same) {
		return
	}
	b.sortHazardsGeneric(n, hazard, same)
}

// sortHazardsGeneric is the pure-Go sorter of [binomialBatch.sortHazards],
// lane by lane; the kernels equal it bit for bit (nf, lambda and kind of
// every lane, the BTRS lanes' bidx, bn and bp in lane order, nb and inv)
// where they sort.
func (b *binomialBatch) sortHazardsGeneric(n []int64, hazard []float64, same float64) {
	inv, nb := false, 0 // nb in a register, not b.nb in memory: no store-to-load chain
	for j, k := range n {
		h := same
		if hazard != nil {
			h = hazard[j]
		}
		if uint64(k) > MaxBinomialN || !(h >= 0) {
			checkHazard("rng.BinomialHazards", k, h) // panics
		}
		nf := float64(k)
		switch x := nf * h; { // each lane's nf, lambda and kind written once
		case h > math.Ln2:
			b.nf[j], b.lambda[j], b.kind[j] = 0, 0, laneKernel
			nb = b.setLane(nb, j, k, h) // the scalar sampler
		case x < binomialBatchLimit:
			b.nf[j], b.lambda[j], b.kind[j] = nf, h, laneKernel // (n = 0 or h = 0: 0)
			inv = inv || x > 0
		default: // BTRS, as setLane would sort it
			b.nf[j], b.lambda[j] = 0, 0
			nb = b.setBTRS(nb, j, nf, h)
		}
	}
	b.inv, b.nb = inv, nb
}
