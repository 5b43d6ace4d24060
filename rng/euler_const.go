package rng

import "math"

// constRates reports whether every lane of a run (at least one) has the
// same rates, bit for bit, so that one lane's arithmetic is every lane's.
// At a likelihood evaluation every particle shares the model's
// rates (σ, γ, μ), so most of [EulerMultinomials]' runs are such. The
// kernel of invLevel compares them ([constRatesGeneric] its twin).
func constRates(r1, r2 []float64) bool {
	if len(r1) == 0 {
		return false
	}
	return constRatesKernel(r1, r2[:len(r1)])
}

// constRatesGeneric reports whether every lane of r1, r2 has lane 0's
// rates, bit for bit. The kernels equal it.
func constRatesGeneric(r1, r2 []float64) bool {
	r2 = r2[:len(r1)]
	bx, by := math.Float64bits(r1[0]), math.Float64bits(r2[0])
	// Chunks of lanes without a branch per lane, so that a run of varying
	// rates (S's force of infection) leaves after its first chunk.
	const chunk = 16
	for lo := 0; lo < len(r1); lo += chunk {
		var diff uint64
		for j := lo; j < min(lo+chunk, len(r1)); j++ {
			diff |= (math.Float64bits(r1[j]) ^ bx) | (math.Float64bits(r2[j]) ^ by)
		}
		if diff != 0 {
			return false
		}
	}
	return true
}

// eulerRunConst draws one run of [EulerMultinomials] whose lanes all have
// the rates of its first ([constRates]), equal draw for draw to [eulerScratch.run] on it: the
// hazard and shares are computed once, the leavers drawn with one hazard,
// the rare route by skipping without thinning (every lane's share is
// qmax) or the first by [binomialsConst].
func eulerRunConst(src *Source, n []int64, r1, r2 []float64, dt float64, first, leave []int64) {
	m := len(n)
	first, leave = first[:m], leave[:m]
	x, y := r1[0], r2[0]
	if !(x >= 0 && y >= 0) {
		checkRates(r1[:1], r2[:1])
	}
	hazard, rare, share := eulerLane(x, y, dt)
	binomialHazardRun(src, n, nil, hazard, leave)
	_, trials := rareMax(leave, nil) // the leavers' total
	qmax := 0.0
	if trials > 0 { // some lane has leavers (all are ≥ 0)
		qmax = rare
	}
	if !skipRare(qmax, trials, m) {
		binomialsConst(src, leave, share, first)
		return
	}
	rareRoutes(src, leave, nil, qmax, trials, first)
	if x > y { // the first route is the common one
		for j, k := range leave {
			first[j] = k - first[j]
		}
	}
}
