//go:build amd64 && !purego

package rng

import "github.com/klauspost/cpuid/v2"

// poissonInvAVX512 and binomialInvAVX512 are the AVX-512 inversion kernels
// (batch_amd64.s), sixteen lanes at a time over n lanes (a multiple of
// 16), equal bit for bit to poissonInvGeneric and binomialInvGeneric;
// binomialInvAVX512 uses s (n float64s) as scratch, and takes λ = same in
// every lane when lambda is nil.
//
//go:noescape
func poissonInvAVX512(u, mean *float64, out *int64, n int)

//go:noescape
func binomialInvAVX512(u, nf, lambda *float64, same float64, out *int64, s *float64, n int)

// btrsRoundAVX512 is the AVX-512 kernel of a round of BTRS trials
// (batch_squeeze_amd64.s) over n lanes (a multiple of 8), equal bit for
// bit to btrsTrialGeneric with the test, using scratch (btrsRoundScratch
// float64s).
//
//go:noescape
func btrsRoundAVX512(u, v, nf, p *float64, out *int64, n int, scratch *float64)

// ptrsRoundAVX512 is the AVX-512 kernel of a round of PTRS trials
// (batch_squeeze_amd64.s) over n lanes (a multiple of 8), equal bit for bit
// to ptrsTrialGeneric with the test, using scratch (ptrsRoundScratch
// float64s).
//
//go:noescape
func ptrsRoundAVX512(u, v, mean *float64, out *int64, n int, scratch *float64)

// ptrsRound runs a round of PTRS trials (len(u) ≤ BlockSize, a multiple
// of 8) in the kernel of invLevel: ptrsTrialGeneric with the test.
func ptrsRound(u, v, mean []float64, out []int64, scratch *[ptrsRoundScratch]float64) {
	if invLevel == 1 && len(u) > 0 {
		ptrsRoundAVX512(&u[0], &v[0], &mean[0], &out[0], len(u), &scratch[0])
		return
	}
	ptrsTrialGeneric(u, v, mean, out, true)
}

// btrsRound runs a round of BTRS trials (len(u) ≤ BlockSize, a multiple
// of 8) in the kernel of invLevel: btrsTrialGeneric with the test.
func btrsRound(u, v, nf, p []float64, out []int64, scratch *[btrsRoundScratch]float64) {
	if invLevel == 1 && len(u) > 0 {
		btrsRoundAVX512(&u[0], &v[0], &nf[0], &p[0], &out[0], len(u), &scratch[0])
		return
	}
	btrsTrialGeneric(u, v, nf, p, out, true)
}

// invLevel is the kernel poissonInv and binomialInv run: 1 AVX-512, 0 Go
// (a level, not function variables, so that the calls are direct and the
// callers' scratch stays on their stacks).
var invLevel = invImpls()[0].level

// poissonInv runs the Poisson inversion kernel of invLevel.
func poissonInv(u, mean []float64, out []int64) {
	if invLevel == 1 && len(u) > 0 {
		poissonInvAVX512(&u[0], &mean[0], &out[0], len(u))
		return
	}
	poissonInvGeneric(u, mean, out)
}

// binomialInv runs the binomial inversion kernel of invLevel (scratch:
// len(u) float64s), λ = lambda[j], or same in every lane when lambda is
// nil.
func binomialInv(u, nf, lambda []float64, same float64, out []int64, scratch []float64) {
	if invLevel == 1 && len(u) > 0 {
		var l *float64
		if lambda != nil {
			l = &lambda[0]
		}
		binomialInvAVX512(&u[0], &nf[0], l, same, &out[0], &scratch[0], len(u))
		return
	}
	binomialInvGeneric(u, nf, lambda, same, out)
}

// invImpls lists the inversion kernels this CPU can run, best first,
// ending with the pure-Go ones.
func invImpls() []namedInv {
	var out []namedInv
	// VL and POPCNT for the sorting and reduction kernels (EVEX ymm
	// operations, the BTRS lanes' counts); every AVX-512 CPU with DQ has
	// them, but the check says what the kernels use.
	if cpuid.CPU.Supports(cpuid.AVX512F, cpuid.AVX512DQ, cpuid.AVX512VL, cpuid.POPCNT) {
		out = append(out, namedInv{"avx512", 1})
	}
	return append(out, namedInv{"go", 0})
}

// gammaTrialAVX512 is the AVX-512 kernel of [Gammas] (gamma_batch_amd64.s)
// over n lanes (a multiple of 8), equal bit for bit to gammaTrialGeneric.
//
//go:noescape
func gammaTrialAVX512(u1, u2, u3, u4, shape, res, gm *float64, n int)

// gammaTrial runs the gamma kernel of invLevel.
func gammaTrial(u1, u2, u3, u4, shape, res, gm []float64) {
	if invLevel == 1 && len(shape) > 0 {
		gammaTrialAVX512(&u1[0], &u2[0], &u3[0], &u4[0], &shape[0], &res[0], &gm[0], len(shape))
		return
	}
	gammaTrialGeneric(u1, u2, u3, u4, shape, res, gm)
}

// hazardsAVX512 is the AVX-512 kernel of hazards (hazard_amd64.s) over n
// lanes (a multiple of 8), equal bit for bit to hazardLane lane by lane.
//
//go:noescape
func hazardsAVX512(p, out *float64, n int)

// hazards sets out[j] = hazardLane(p[j]) (len a multiple of 8).
func hazards(p, out []float64) {
	if invLevel == 1 && len(p) > 0 {
		hazardsAVX512(&p[0], &out[0], len(p))
		return
	}
	hazardsGeneric(p, out)
}

// probsAVX512 is the AVX-512 kernel of probs (hazard_amd64.s) over n
// lanes (a multiple of 8), equal bit for bit to probLane lane by lane.
//
//go:noescape
func probsAVX512(h, out *float64, n int)

// probs sets out[j] = probLane(h[j]) (len a multiple of 8).
func probs(h, out []float64) {
	if invLevel == 1 && len(h) > 0 {
		probsAVX512(&h[0], &out[0], len(h))
		return
	}
	probsGeneric(h, out)
}

// powsAVX512 is the AVX-512 kernel of [Pows] (pow_amd64.s) over n lanes (a
// multiple of 8), equal bit for bit to powsGeneric.
//
//go:noescape
func powsAVX512(x, a, out *float64, n int)

// pows sets out[j] = powLane(x[j], a[j]) (len a multiple of 8).
func pows(x, a, out []float64) {
	if invLevel == 1 && len(x) > 0 {
		powsAVX512(&x[0], &a[0], &out[0], len(x))
		return
	}
	powsGeneric(x, a, out)
}

// sortHazardsAVX512 is the AVX-512 kernel of [binomialBatch.sortHazards]
// (sort_hazards_amd64.s) over m lanes, eight at a time: lane j's n[j] and
// hazard h[j] (same in every lane when h is nil) give nf, lambda and kind,
// and the BTRS lanes (their lane, n and hazard) are compacted into bidx,
// bn and bp; it returns their number nb and flags: bit 0 some lane has
// work in the inversion kernel, bit 1 some lane is invalid or for the
// scalar sampler (the outputs then incomplete). It writes whole groups of
// eight: nf, lambda and kind up to m rounded up to 8 (0 beyond m), bidx,
// bn and bp up to eight elements past a group's first BTRS slot.
//
//go:noescape
func sortHazardsAVX512(n *int64, h *float64, same float64, m int, nf, lambda *float64, kind *uint8, bidx *int32, bn, bp *float64) (nb, flags int)

// sortHazardsKernel sorts b's lanes with the kernel of invLevel, and
// reports whether it did: false under the pure-Go level, or when a lane is
// invalid or for the scalar sampler (sortHazardsGeneric then sorts them).
func sortHazardsKernel(b *binomialBatch, n []int64, hazard []float64, same float64) bool {
	if invLevel != 1 || len(n) == 0 {
		return false
	}
	var h *float64
	if hazard != nil {
		h = &hazard[0]
	}
	nb, flags := sortHazardsAVX512(&n[0], h, same, len(n), &b.nf[0], &b.lambda[0], &b.kind[0], &b.bidx[0], &b.bn[0], &b.bp[0])
	if flags&2 != 0 {
		return false
	}
	b.nb, b.inv = nb, flags&1 != 0
	return true
}

// eulerLanesAVX512 is the AVX-512 kernel of eulerLanes
// (euler_lanes_amd64.s) over m lanes, eight at a time, equal bit for bit
// to eulerLanesGeneric; it writes whole groups of eight (the outputs need
// room for m rounded up to 8) and returns 0 when some rate is invalid.
//
//go:noescape
func eulerLanesAVX512(r1, r2 *float64, dt float64, hazard, rare, share *float64, m int) (ok int)

// eulerLanes runs eulerLanesGeneric in the kernel of invLevel (the
// outputs have room for len(r1) rounded up to 8).
func eulerLanes(r1, r2 []float64, dt float64, hazard, rare, share []float64) bool {
	if invLevel == 1 && len(r1) > 0 {
		m := len(r1)
		_, _ = r2[m-1], share[:(m+7)&^7] // the kernel's reads and whole-group writes
		_, _ = hazard[:(m+7)&^7], rare[:(m+7)&^7]
		return eulerLanesAVX512(&r1[0], &r2[0], dt, &hazard[0], &rare[0], &share[0], m) != 0
	}
	return eulerLanesGeneric(r1, r2, dt, hazard, rare, share)
}

// rareMaxAVX512 and reflectRoutesAVX512 are the AVX-512 kernels of
// rareMaxGeneric and reflectRoutesGeneric (euler_routes_amd64.s) over m
// lanes, eight at a time (masked loads and stores for the last group);
// rareMaxAVX512 returns the leavers' total as an int64 and the largest
// share as +0 when no lane's is positive.
//
//go:noescape
func rareMaxAVX512(leave *int64, rare *float64, m int) (qmax float64, total int64)

//go:noescape
func reflectRoutesAVX512(first, leave *int64, r1, r2 *float64, m int)

// rareMax runs rareMaxGeneric in the kernel of invLevel.
func rareMax(leave []int64, rare []float64) (qmax, trials float64) {
	if invLevel == 1 && len(leave) > 0 {
		var r *float64
		if rare != nil {
			_ = rare[len(leave)-1]
			r = &rare[0]
		}
		q, t := rareMaxAVX512(&leave[0], r, len(leave))
		return q, float64(t) // as leavers: the int64 total, converted once
	}
	return rareMaxGeneric(leave, rare)
}

// reflectRoutes runs reflectRoutesGeneric in the kernel of invLevel.
func reflectRoutes(first, leave []int64, r1, r2 []float64) {
	if invLevel == 1 && len(first) > 0 {
		m := len(first)
		_, _, _ = leave[m-1], r1[m-1], r2[m-1]
		reflectRoutesAVX512(&first[0], &leave[0], &r1[0], &r2[0], m)
		return
	}
	reflectRoutesGeneric(first, leave, r1, r2)
}

// sortProbsAVX512 is the AVX-512 kernel of sortProbsGeneric
// (sort_probs_amd64.s) over m lanes, eight at a time: lane j's n[j] and
// p[j] give reflect, nf and lambda, and the BTRS lanes (their lane, n and
// p after reflection) are compacted into bidx, bn and bp; it returns their
// number nb and flags: bit 0 some lane has work in the inversion kernel,
// bit 1 some lane is reflected, bit 2 some input is invalid (the outputs
// then incomplete). It writes whole groups as sortHazardsAVX512 does.
//
//go:noescape
func sortProbsAVX512(n *int64, p *float64, m int, nf, lambda *float64, reflect *bool, bidx *int32, bn, bp *float64) (nb, flags int)

// sortProbsKernel sorts a Binomials run's lanes with the kernel of
// invLevel, and reports whether it did: false under the pure-Go level or
// when an input is invalid (sortProbsGeneric then panics).
func sortProbsKernel(b *binomialBatch, n []int64, p []float64) bool {
	if invLevel != 1 || len(n) == 0 {
		return false
	}
	_ = p[len(n)-1]
	nb, flags := sortProbsAVX512(&n[0], &p[0], len(n), &b.nf[0], &b.lambda[0], &b.reflect[0], &b.bidx[0], &b.bn[0], &b.bp[0])
	if flags&4 != 0 {
		return false
	}
	b.nb, b.inv, b.reflects = nb, flags&1 != 0, flags&2 != 0
	return true
}

// drawOutAVX512 is the AVX-512 kernel of drawOutGeneric
// (draw_out_amd64.s) over m lanes, eight at a time (masked loads and
// stores for the last group), reflect read only when reflects is 1, as
// whole groups of eight bytes (it needs room for m rounded up to 8).
//
//go:noescape
func drawOutAVX512(res, n *int64, reflect *bool, reflects int, out *int64, m int) (sign int64)

// drawOut runs drawOutGeneric in the kernel of invLevel; n and reflect
// may be nil when reflects is false.
func drawOut(res, n []int64, reflect []bool, reflects bool, out []int64) int64 {
	if invLevel == 1 && len(res) > 0 {
		m := len(res)
		_ = out[m-1]
		if !reflects { // the kernel reads neither n nor reflect (a Poisson run has none)
			return drawOutAVX512(&res[0], nil, nil, 0, &out[0], m)
		}
		_, _ = n[m-1], reflect[:(m+7)&^7]
		return drawOutAVX512(&res[0], &n[0], &reflect[0], 1, &out[0], m)
	}
	return drawOutGeneric(res, n, reflect, reflects, out)
}

// constRatesAVX512 is the AVX-512 kernel of constRatesGeneric
// (const_rates_amd64.s) over m ≥ 1 lanes, eight at a time (masked loads
// for the last group), leaving at the first group that differs; it
// returns 1 when every lane has lane 0's bits.
//
//go:noescape
func constRatesAVX512(r1, r2 *float64, m int) (same int)

// constRatesKernel runs constRatesGeneric in the kernel of invLevel
// (len(r1) ≥ 1, len(r2) = len(r1)).
func constRatesKernel(r1, r2 []float64) bool {
	if invLevel == 1 {
		_ = r2[len(r1)-1]
		return constRatesAVX512(&r1[0], &r2[0], len(r1)) != 0
	}
	return constRatesGeneric(r1, r2)
}

// sortMeansAVX512 is the AVX-512 kernel of sortMeansGeneric
// (sort_means_amd64.s) over m lanes, eight at a time: it returns the PTRS
// lanes' number np and flags: bit 0 some inversion lane has a positive
// mean, bit 2 some mean is invalid (the outputs then incomplete). It
// writes whole groups (bmean up to m rounded up to 8, pidx and pm eight
// slots from np), as sortProbsAVX512 does.
//
//go:noescape
func sortMeansAVX512(mean *float64, m int, bmean *float64, pidx *int32, pm *float64) (np, flags int)

// sortMeansKernel sorts a Poissons run's lanes with the kernel of
// invLevel, and reports whether it did: false under the pure-Go level or
// when a mean is invalid (sortMeansGeneric then panics).
func sortMeansKernel(b *poissonBatch, mean []float64) (np int, inv, ok bool) {
	if invLevel != 1 || len(mean) == 0 {
		return 0, false, false
	}
	np, flags := sortMeansAVX512(&mean[0], len(mean), &b.mean[0], &b.pidx[0], &b.pm[0])
	if flags&4 != 0 {
		return 0, false, false
	}
	return np, flags&1 != 0, true
}

// gammaTableLanesAVX512 is the AVX-512 kernel of [GammaTable]'s first
// trials (gamma_table_amd64.s) over n lanes (a multiple of 8), equal bit
// for bit to gammaTableLanesGeneric.
//
//go:noescape
func gammaTableLanesAVX512(d *gammaTableData, u1, u2, out *float64, slow *uint8, n int)

// gammaTableLanes runs a run's first trials (gammaTableLanesGeneric) in the
// kernel of invLevel, the AVX-512 one over the lanes' multiple of 8.
func gammaTableLanes(d *gammaTableData, u1, u2, out []float64, slow []uint8) {
	n8 := 0
	if invLevel == 1 {
		n8 = len(out) &^ 7
		if n8 > 0 {
			gammaTableLanesAVX512(d, &u1[0], &u2[0], &out[0], &slow[0], n8)
		}
	}
	gammaTableLanesGeneric(d, u1[n8:], u2[n8:], out[n8:], slow[n8/8:])
}
