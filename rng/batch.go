package rng

import (
	"fmt"
	"math"
)

// The batched samplers draw one variate per lane (patch) of a vector from
// one block's stream. Their draw order, the contract that makes results
// reproducible (SPEC §6.3), is, for each run of up to [BlockSize] lanes:
//
//  1. the stream's next n uniforms, one per lane in lane order
//     ([Source.Uniforms]), whatever the lane's regime;
//  2. every lane in the inversion regime (Poisson mean < 20; binomial
//     p ≤ ½ and n·λ < 15 with λ = −log(1 − p)) takes its value by inverting
//     its cdf at its own uniform, in SIMD lanes;
//  3. then, in lane order, the other lanes draw with the scalar sampler
//     ([Poisson], [Binomial], [BinomialHazard]) from the stream after the n
//     uniforms, and an inversion lane whose uniform fell in the rounding gap
//     above the float64 sum of its pmf (probability ~10⁻¹⁶) draws again
//     with the scalar inversion.
//
// Lanes with mean 0, n = 0 or p = 0 give 0 and still take their uniform.
// Exactness is that of the scalar samplers: the same sequential search,
// f(0) from a polynomial exp within 2 ulp ([expLane]).

// poissonBatch is the stack scratch of one run of Poisson lanes.
type poissonBatch struct {
	u, mean [BlockSize]float64
	res     [BlockSize]int64
}

// Poissons sets out[j] to a Poisson(mean[j]) draw for every j (len(out) ≥
// len(mean)), in the batched draw order. Invalid means panic as in
// [Poisson]. It allocates nothing.
func Poissons(src *Source, mean []float64, out []int64) {
	for lo := 0; lo < len(mean); lo += BlockSize {
		hi := min(lo+BlockSize, len(mean))
		poissonRun(src, mean[lo:hi], out[lo:hi])
	}
}

// poissonRun draws one run of at most BlockSize lanes.
func poissonRun(src *Source, mean []float64, out []int64) {
	var b poissonBatch
	n := len(mean)
	for j, m := range mean {
		checkPoissonMean("rng.Poissons", m)
		if m < poissonInversionLimit {
			b.mean[j] = m
		}
	}
	src.Uniforms(b.u[:n])
	n8 := (n + 7) &^ 7
	poissonInv(b.u[:n8], b.mean[:n8], b.res[:n8])
	for j, m := range mean {
		switch {
		case m >= poissonInversionLimit:
			out[j] = poissonPTRS(src, m)
		case b.res[j] < 0:
			out[j] = poissonInversion(src, m)
		default:
			out[j] = b.res[j]
		}
	}
}

// checkPoissonMean panics on a mean [Poisson] refuses.
func checkPoissonMean(fn string, mean float64) {
	switch {
	case math.IsNaN(mean):
		panic(fn + ": mean is NaN")
	case mean < 0:
		panic(fmt.Sprintf("%s: mean = %g is negative", fn, mean))
	case mean > MaxPoissonMean:
		panic(fmt.Sprintf("%s: mean = %g exceeds the supported maximum 2^52", fn, mean))
	}
}

// binomialBatch is the stack scratch of one run of binomial lanes.
type binomialBatch struct {
	u, nf, lambda [BlockSize]float64
	res           [BlockSize]int64
	scalar        [BlockSize]bool // the lane draws with the scalar sampler
}

// BinomialHazards sets out[j] to a Binomial(n[j], 1 − e^−hazard[j]) draw for
// every j, in the batched draw order; the lanes outside the inversion
// regime draw with [BinomialHazard]. Invalid inputs panic as in
// [BinomialHazard]. It allocates nothing.
func BinomialHazards(src *Source, n []int64, hazard []float64, out []int64) {
	for lo := 0; lo < len(n); lo += BlockSize {
		hi := min(lo+BlockSize, len(n))
		var b binomialBatch
		for j, h := range hazard[lo:hi] {
			checkHazard(n[lo+j], h)
			b.setLane(j, n[lo+j], h)
		}
		b.draw(src, n[lo:hi], out[lo:hi], func(j int) int64 { return BinomialHazard(src, n[lo+j], hazard[lo+j]) })
	}
}

// BinomialHazardsSame is [BinomialHazards] with one hazard for every lane.
func BinomialHazardsSame(src *Source, n []int64, hazard float64, out []int64) {
	for lo := 0; lo < len(n); lo += BlockSize {
		hi := min(lo+BlockSize, len(n))
		var b binomialBatch
		for j, k := range n[lo:hi] {
			checkHazard(k, hazard)
			b.setLane(j, k, hazard)
		}
		b.draw(src, n[lo:hi], out[lo:hi], func(j int) int64 { return BinomialHazard(src, n[lo+j], hazard) })
	}
}

// Binomials sets out[j] to a Binomial(n[j], p[j]) draw for every j, in the
// batched draw order (a lane's λ = −log(1 − p) by [fastLog1p]); the lanes
// outside the inversion regime draw with [Binomial]. Invalid inputs panic
// as in [Binomial]. It allocates nothing.
func Binomials(src *Source, n []int64, p []float64, out []int64) {
	for lo := 0; lo < len(n); lo += BlockSize {
		hi := min(lo+BlockSize, len(n))
		var b binomialBatch
		for j, pj := range p[lo:hi] {
			k := n[lo+j]
			checkBinomialP("rng.Binomials", k, pj)
			lambda := math.NaN() // λ ≥ p: a lane with n·p ≥ 15 is not in the kernel's regime
			if pj > 0 && pj <= 0.5 && float64(k)*pj < binomialInversionLimit {
				lambda = -fastLog1p(-pj)
			}
			b.setLaneP(j, k, pj, lambda)
		}
		b.draw(src, n[lo:hi], out[lo:hi], func(j int) int64 { return Binomial(src, n[lo+j], p[lo+j]) })
	}
}

// BinomialsSame is [Binomials] with one p for every lane (its λ computed
// once).
func BinomialsSame(src *Source, n []int64, p float64, out []int64) {
	lambda := math.NaN()
	if p > 0 && p <= 0.5 {
		lambda = -fastLog1p(-p)
	}
	for lo := 0; lo < len(n); lo += BlockSize {
		hi := min(lo+BlockSize, len(n))
		var b binomialBatch
		for j, k := range n[lo:hi] {
			checkBinomialP("rng.BinomialsSame", k, p)
			b.setLaneP(j, k, p, lambda)
		}
		b.draw(src, n[lo:hi], out[lo:hi], func(j int) int64 { return Binomial(src, n[lo+j], p) })
	}
}

// checkHazard panics on inputs [BinomialHazard] refuses.
func checkHazard(n int64, hazard float64) {
	checkBinomialN("rng.BinomialHazards", n)
	switch {
	case math.IsNaN(hazard):
		panic("rng.BinomialHazards: hazard is NaN")
	case hazard < 0:
		panic(fmt.Sprintf("rng.BinomialHazards: hazard = %g is negative", hazard))
	}
}

// checkBinomialP panics on inputs [Binomial] refuses.
func checkBinomialP(fn string, n int64, p float64) {
	checkBinomialN(fn, n)
	if math.IsNaN(p) {
		panic(fn + ": p is NaN")
	}
}

// setLane puts lane j (n trials, hazard h) in the inversion kernel when it
// is in the inversion regime, and marks it for the scalar sampler
// otherwise. Lanes with n = 0 or h = 0 stay in the kernel at n = 0 (value 0).
func (b *binomialBatch) setLane(j int, n int64, h float64) {
	if n == 0 || h == 0 {
		return
	}
	nf := float64(n)
	if h <= math.Ln2 && nf*h < binomialInversionLimit {
		b.nf[j], b.lambda[j] = nf, h
		return
	}
	b.scalar[j] = true
}

// setLaneP is setLane for a probability p with hazard lambda = −log(1 − p)
// (NaN when p is outside (0, ½]).
func (b *binomialBatch) setLaneP(j int, n int64, p, lambda float64) {
	switch {
	case n == 0 || p <= 0:
		return
	case p > 0.5 || lambda != lambda:
		b.scalar[j] = true
		return
	}
	b.setLane(j, n, lambda)
}

// draw runs the kernel on the batch's lanes (uniforms first), then, in lane
// order, the scalar draws of the marked lanes and the redraws of the lanes
// in the rounding gap, writing out.
func (b *binomialBatch) draw(src *Source, n []int64, out []int64, scalar func(j int) int64) {
	m := len(n)
	src.Uniforms(b.u[:m])
	m8 := (m + 7) &^ 7
	binomialInv(b.u[:m8], b.nf[:m8], b.lambda[:m8], b.res[:m8])
	for j := range m {
		switch {
		case b.scalar[j]:
			out[j] = scalar(j)
		case b.res[j] < 0:
			out[j] = binomialInversion(src, n[j], -fastExpm1(-b.lambda[j]), -b.lambda[j])
		default:
			out[j] = b.res[j]
		}
	}
}
