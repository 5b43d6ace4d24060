// Package rng derives independent random streams from one seed and draws from
// them with exact, allocation-free samplers.
//
// Streams: patches are split into fixed blocks of [BlockSize] = 256; each
// (stream name, block) owns one math/rand/v2 PCG derived by SHA-256 from the
// seed, the stream name and the block (see [NewSource]). A component's stream
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
// Samplers: [Binomial] (inversion for n·p < 30, BTPE above) and [Poisson]
// (inversion for means < 10, PTRS above), exact in distribution up to float64
// arithmetic and allocation-free, plus [Uniform], [UniformRange] and [Normal].
// Invalid sampler inputs (negative n, NaN p, NaN, negative or infinite means,
// n > [MaxBinomialN], mean > [MaxPoissonMean]) violate internal invariants and
// panic. State: [Streams.MarshalBinary] / [Streams.UnmarshalBinary].
package rng
