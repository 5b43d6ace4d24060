// Package rng derives independent random streams from one seed and draws from
// them with exact, allocation-free samplers.
//
// Streams: patches are split into fixed blocks of [BlockSize] = 256; each
// (stream name, block) owns one SplitMix64 [Source] derived by SHA-256 from
// the seed, the stream name and the block (see [NewSource]); its numbers are
// a function of a counter, so [Source.Uniforms] fills a block's uniforms in
// AVX-512 or AVX2 lanes (a pure-Go kernel with the same bits elsewhere). A component's stream
// name is its Name() (plus "#k" for the k-th instance with the same name), so
// adding or reordering components never changes another component's numbers,
// and blocks may run on any goroutine without changing results.
//
//	streams := rng.NewStreams(seed, "InfectionProcess", n)
//	for b := range streams.NumBlocks() {
//		lo, hi := streams.Range(b)
//		src := streams.Block(b)
//		for j := lo; j < hi; j++ { … rng.Binomial(src, s[j], p[j]) … }
//	}
//
// The Binomial examples draw from one source and from per-block streams run
// in either block order.
//
// Batched samplers (docs/random.md has their draw order): [Poissons],
// [Binomials], [BinomialsSame], [BinomialHazards], [BinomialHazardsSame],
// [Gammas], [NegativeBinomials] and [EulerMultinomials] draw one variate per
// lane of a vector: exact inversion in
// AVX-512 lanes for Poisson means below 50 and binomial n·λ below 50 (exp,
// expm1, log and log1p by fixed polynomials, [expLane] and friends,
// identical in the SIMD kernels and the pure-Go ones), PTRS and BTRS
// whole in lanes above (set-up, squeeze and exact test; rounds of lanes
// for the rejected trials), Marsaglia–Tsang in rounds of lanes (Gammas;
// EulerMultinomials: a rare route by geometric skipping), the scalar
// samplers for the rest. [Pows] computes x^a in the same lanes (the
// EulerSEIR force's (I + ι)^α).
//
// Samplers (SPEC §6.4): [Binomial], [BinomialHazard] and [Poisson], exact in
// distribution up to float64 arithmetic and allocation-free, plus [Uniform],
// [UniformRange], [Normal], [Gamma] (Marsaglia & Tsang 2000, ACM TOMS
// 26:363–372, with the U^(1/shape) boost below shape 1) and
// [NegativeBinomial] (mean μ, size k: Poisson(Gamma(k, μ/k))). Methods and thresholds, with μ = n·p after
// reflecting p > ½ (n − Binomial(n, 1−p)) or μ = the Poisson mean:
//
//	Binomial  n ≤ 4, μ < 15   inversion, qⁿ by repeated product
//	          μ < 15          inversion, qⁿ = exp(n·log1p(−p))
//	          μ ≥ 15          BTRS (Hörmann 1993, J. Stat. Comput. Simul.
//	                          46:101–110); final test by product recursion
//	                          for |k−m| ≤ 20, else BTPE's squeeze and
//	                          Stirling bound (Kachitvichyanukul & Schmeiser
//	                          1988, CACM 31:216–222)
//	Poisson   μ < 20          inversion, f(0) = e^−μ
//	          μ ≥ 20          PTRS (Hörmann 1993, Insurance: Math. Econ.
//	                          12:39–45); final test by product recursion from
//	                          f(⌊μ⌋) for |k−⌊μ⌋| ≤ 20, else Loader's log pmf
//
// The inversions search sequentially from 0 (Devroye 1986, §III.2) in chunks
// of 8 terms (μ < 2) or 16 (μ ≥ 2) counted without branching on U, so that a
// draw does not pay a pipeline flush per step. Hörmann validates the BTRS
// and PTRS hats from μ = 10; the switches at 15 and 20 are where they become
// faster than the inversions (benchmarked). exp, expm1, log and log1p on these
// paths are table-driven (Tang 1989, 1990; fastExp, fastLog), within 3 ulp
// of package math.
// [BinomialHazard] takes the hazard λ with p = 1 − e^−λ, so the inversion's
// log(1−p) = −λ is exact and free (the infection kernel's form).
//
// Continuous draws for per-agent timers are methods of [Source]:
// [Source.LogNormal] (mu, sigma of the logarithm), [Source.Gamma] (shape,
// scale: [Gamma] times scale) and [Source.Exponential] (rate, by inversion).
// [Alias] is a Walker alias table: [NewAlias] from non-negative weights,
// [Alias.Draw] an index in O(1) with one uniform.
//
// Invalid sampler inputs (negative n, NaN p, NaN or negative hazard, NaN,
// negative or infinite means, n > [MaxBinomialN], mean > [MaxPoissonMean],
// a NaN or non-positive Gamma shape or negative binomial size)
// violate internal invariants and panic. State: [Streams.MarshalBinary] / [Streams.UnmarshalBinary].
package rng
