//go:build !amd64 || purego

package rng

// invLevel is the inversion kernel level: 0, the pure-Go kernels.
var invLevel = 0

// poissonInv runs the pure-Go Poisson inversion kernel.
func poissonInv(u, mean []float64, out []int64) { poissonInvGeneric(u, mean, out) }

// binomialInv runs the pure-Go binomial inversion kernel.
func binomialInv(u, nf, lambda []float64, same float64, out []int64, _ []float64) {
	binomialInvGeneric(u, nf, lambda, same, out)
}

// invImpls lists the inversion kernels: the pure-Go ones.
func invImpls() []namedInv { return []namedInv{{"go", 0}} }

// btrsRound runs a round of BTRS trials with the pure-Go kernel.
func btrsRound(u, v, nf, p []float64, out []int64, _ *[btrsRoundScratch]float64) {
	btrsTrialGeneric(u, v, nf, p, out, true)
}

// gammaTrial runs the pure-Go gamma kernel.
func gammaTrial(u1, u2, u3, u4, shape, res, gm []float64) {
	gammaTrialGeneric(u1, u2, u3, u4, shape, res, gm)
}

// hazards sets out[j] = hazardLane(p[j]).
func hazards(p, out []float64) { hazardsGeneric(p, out) }

// pows sets out[j] = powLane(x[j], a[j]).
func pows(x, a, out []float64) { powsGeneric(x, a, out) }

// probs sets out[j] = probLane(h[j]).
func probs(h, out []float64) { probsGeneric(h, out) }

// ptrsRound runs a round of PTRS trials with the pure-Go kernel.
func ptrsRound(u, v, mean []float64, out []int64, _ *[ptrsRoundScratch]float64) {
	ptrsTrialGeneric(u, v, mean, out, true)
}

// sortHazardsKernel reports that no kernel sorts: sortHazardsGeneric does.
func sortHazardsKernel(*binomialBatch, []int64, []float64, float64) bool { return false }

// eulerLanes runs eulerLanesGeneric.
func eulerLanes(r1, r2 []float64, dt float64, hazard, rare, share []float64) bool {
	return eulerLanesGeneric(r1, r2, dt, hazard, rare, share)
}

// rareMax runs rareMaxGeneric.
func rareMax(leave []int64, rare []float64) (qmax, trials float64) {
	return rareMaxGeneric(leave, rare)
}

// reflectRoutes runs reflectRoutesGeneric.
func reflectRoutes(first, leave []int64, r1, r2 []float64) {
	reflectRoutesGeneric(first, leave, r1, r2)
}

// sortProbsKernel reports that no kernel sorts: sortProbsGeneric does.
func sortProbsKernel(*binomialBatch, []int64, []float64) bool { return false }

// drawOut runs drawOutGeneric.
func drawOut(res, n []int64, reflect []bool, reflects bool, out []int64) int64 {
	return drawOutGeneric(res, n, reflect, reflects, out)
}

// constRatesKernel runs constRatesGeneric.
func constRatesKernel(r1, r2 []float64) bool { return constRatesGeneric(r1, r2) }

// sortMeansKernel reports that no kernel sorts: sortMeansGeneric does.
func sortMeansKernel(*poissonBatch, []float64) (np int, inv, ok bool) { return 0, false, false }

// gammaTableLanes runs a run's first trials with the pure-Go kernel.
func gammaTableLanes(d *gammaTableData, u1, u2, out []float64, slow []uint8) {
	gammaTableLanesGeneric(d, u1, u2, out, slow)
}
