package rng

// invChunk is the number of cdf terms the batched inversions add between
// two tests of whether every lane has found its value; batchSearchLimit is
// a multiple of it, so that a lane fails (rounding gap) after the same term
// in every kernel.
const invChunk = 4

// batchSearchLimit bounds the batched inversions' searches, as searchLimit
// bounds the scalar ones, for their larger regime (Poisson mean <
// poissonBatchLimit, binomial n·λ < binomialBatchLimit ≤ 200): P(X ≥ 512) <
// 10⁻⁷³ there (Chernoff: e^−μ·(eμ/k)ᵏ at μ = 200, k = 512; the binomial's
// tail is lighter), so the cdf reaches 1 − 2⁻⁵³ ≥ U long before; a lane
// that gets there is in the rounding gap and is redrawn by the exact
// scalar sampler.
const batchSearchLimit = 512

// The batched inversions' regimes: Poisson mean below poissonBatchLimit,
// binomial p ≤ ½ and n·λ below binomialBatchLimit (λ = −log(1 − p), so
// n·p < n·λ). In SIMD lanes the inversion costs about 3 ns per draw at mean
// 1, 7 ns at 50 and 16 ns at 200 (BenchmarkPoissonBatch, means ±10 %
// across lanes, an idle machine) against 40–45 ns for scalar PTRS and BTRS.
// PTRS and BTRS run whole in SIMD lanes (batch_squeeze.go, batch_btrs.go)
// at a cost that does not grow with the mean: the switches are where the
// inversion, whose cost does, becomes the dearer. Measured on 2026-12-07
// (a busy machine, best of 3, means ±10 % across 256 lanes):
// BenchmarkPoissonBatchMean, inversion 11.0 / 12.5 / 15.2 ns at means
// 40 / 50 / 70, PTRS lanes 12.3 / 12.0 / 11.5 (11 at 200, where the
// inversion takes 33); BenchmarkBinomialBatchMean (n = 10⁴), inversion
// 16.6 / 17.1 / 18.3 / 20.0 ns at means 40 / 50 / 60 / 70, BTRS lanes 19.2
// / 16.8 / 16.3 / 16.1 (15 at 300, where the inversion takes 35–45). The
// sums over up to ~300 terms keep the cdf within ~10⁻¹³ of its exact
// value.
const (
	poissonBatchLimit  = 50
	binomialBatchLimit = 50
)

// A PTRS lane has mean ≥ poissonBatchLimit, at least 10, the smallest mean
// for which Hörmann (1993) validates PTRS (this constant fails to compile
// otherwise).
const _ = uint(poissonBatchLimit - 10)

// poissonInvGeneric is the pure-Go kernel of the batched Poisson
// inversion: for each lane, the least x with u < F(x) for Poisson(mean)
// (mean < poissonBatchLimit; 0 gives 0), by the sequential search of
// [poissonSearch] with f(0) = expLane(−mean) and f(i) = f(i−1)·(mean·(1/i));
// −1 when u lies in the rounding gap (the search passes [batchSearchLimit]
// terms). The SIMD kernels
// run the same terms in lanes and equal it bit for bit.
func poissonInvGeneric(u, mean []float64, out []int64) {
	for j, m := range mean {
		px := expLane(-m)
		c, uj := px, u[j]
		x := b2i(uj >= c)
		for i := 1; uj >= c && i <= batchSearchLimit; i += invChunk {
			for k := range invChunk {
				px = float64(px * float64(m*recip[i+k]))
				c += px
				x += b2i(uj >= c)
			}
		}
		if uj >= c {
			x = -1
		}
		out[j] = x
	}
}

// binomialInvGeneric is the pure-Go kernel of the batched binomial
// inversion: for each lane, the least x with u < F(x) for Binomial(n, p)
// with n = nf, p = 1 − e^−λ (λ ≤ ln 2, n·λ < binomialBatchLimit; n = 0
// gives 0), by the
// sequential search of [binomialSearch] with f(0) = qⁿ = expLane(−n·λ),
// s = p/q = e^λ − 1 = expm1Lane(λ) and f(i) = f(i−1)·((s·(n−i+1))·(1/i));
// −1 in the rounding gap; λ = lambda[j], or same in every lane when lambda
// is nil. The SIMD kernels equal it bit for bit.
func binomialInvGeneric(u, nf, lambda []float64, same float64, out []int64) {
	for j, n := range nf {
		l := same
		if lambda != nil {
			l = lambda[j]
		}
		s := expm1Lane(l)
		px := expLane(-float64(n * l))
		c, uj, m := px, u[j], n
		x := b2i(uj >= c)
		for i := 1; uj >= c && i <= batchSearchLimit; i += invChunk {
			for k := range invChunk {
				px = float64(px * float64(float64(s*m)*recip[i+k]))
				c += px
				x += b2i(uj >= c)
				m--
			}
		}
		if uj >= c {
			x = -1
		}
		out[j] = x
	}
}

// namedInv is one implementation of the two inversion kernels: its name
// and invLevel.
type namedInv struct {
	name  string
	level int
}

// hazardsGeneric is the pure-Go kernel of hazards: out[j] =
// hazardLane(p[j]) for 0 ≤ p[j] ≤ ½.
func hazardsGeneric(p, out []float64) {
	for j, x := range p {
		out[j] = hazardLane(x)
	}
}

// probsGeneric is the pure-Go kernel of probs: out[j] = probLane(h[j]) for
// 0 ≤ h[j] ≤ ln 2.
func probsGeneric(h, out []float64) {
	for j, x := range h {
		out[j] = probLane(x)
	}
}
