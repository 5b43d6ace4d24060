package rng

import (
	"fmt"
	"math"
)

// MaxBinomialN is the largest n accepted by [Binomial]: up to 2⁵³ every
// count the sampler handles is exactly representable as a float64.
const MaxBinomialN = 1 << 53

// binomialInversionLimit is the n·p threshold (after reflecting p > ½) below
// which [Binomial] uses inversion and at or above which it uses BTRS (SPEC
// §6.4). Hörmann (1993) validates BTRS's hat for n·p ≥ 10; between 10 and 15
// the chunked inversion is still the faster of the two (benchmarked: ~35 vs
// ~60 ns/draw at n·p = 10, ~46 vs ~55 at 15, ~53 vs ~51 at 20).
const binomialInversionLimit = 15

// Binomial returns a Binomial(n, p) deviate drawn from src, exact in
// distribution up to float64 arithmetic, without allocating (SPEC §6.4):
//
//   - n = 0 or p ≤ 0 returns 0 and p ≥ 1 returns n, consuming no random
//     numbers;
//   - p > ½ returns n − Binomial(n, 1−p);
//   - otherwise n·p < 15 uses inversion by sequential search from 0
//     ([binomialInversion]) and n·p ≥ 15 uses BTRS (Hörmann 1993,
//     [binomialBTRS]).
//
// Every uniform deviate comes from [Uniform]. A negative n, an n above
// [MaxBinomialN] or a NaN p is an internal invariant violation and panics.
func Binomial(src *Source, n int64, p float64) int64 {
	checkBinomialN("rng.Binomial", n)
	switch {
	case math.IsNaN(p):
		panic("rng.Binomial: p is NaN")
	case n == 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	case p > 0.5:
		// 1 − p is exact for p ∈ (½, 1) (Sterbenz).
		return n - binomialLow(src, n, 1-p, math.NaN())
	}
	return binomialLow(src, n, p, math.NaN())
}

// BinomialHazard returns a Binomial(n, p) deviate with p = 1 − e^−hazard, the
// probability that an event of the given cumulative hazard (rate × time)
// happens, drawn exactly as [Binomial](src, n, p) would be. It is the cheaper
// call when the caller holds the hazard rather than p: the inversion branch
// needs log(1−p), which is −hazard exactly, and for p > ½ the reflected
// probability e^−hazard is formed without the cancellation of 1 − p.
//
// hazard = 0 or n = 0 returns 0 and hazard = +Inf returns n, consuming no
// random numbers. A negative n, an n above [MaxBinomialN] or a NaN or negative
// hazard is an internal invariant violation and panics.
func BinomialHazard(src *Source, n int64, hazard float64) int64 {
	checkHazard("rng.BinomialHazard", n, hazard)
	switch {
	case n == 0 || hazard == 0:
		return 0
	case math.IsInf(hazard, 1):
		return n
	case hazard > math.Ln2: // p > ½: reflect with 1 − p = e^−hazard
		return n - binomialLow(src, n, fastExp(-hazard), math.NaN())
	}
	return binomialLow(src, n, -fastExpm1(-hazard), -hazard)
}

// checkBinomialN panics when n is outside [0, MaxBinomialN].
func checkBinomialN(fn string, n int64) {
	switch {
	case n < 0:
		panic(fmt.Sprintf("%s: n = %d is negative", fn, n))
	case n > MaxBinomialN:
		panic(fmt.Sprintf("%s: n = %d exceeds the supported maximum 2^53", fn, n))
	}
}

// binomialLow draws Binomial(n, p) for n ≥ 1 and 0 < p ≤ ½; logq is
// log(1 − p) when the caller knows it exactly, NaN otherwise.
func binomialLow(src *Source, n int64, p, logq float64) int64 {
	if float64(n)*p < binomialInversionLimit {
		return binomialInversion(src, n, p, logq)
	}
	return binomialBTRS(src, n, p)
}
