package mixing

import (
	"fmt"
	"testing"
)

// BenchmarkGravityMixing builds the dense default gravity mixing matrix of a
// RandomN-like scenario of N = 1000 patches (SPEC §3.3 distributions): one
// N×N output, distances computed on the fly.
func BenchmarkGravityMixing(b *testing.B) {
	scn := randomTable(1000, 42)
	g := DefaultGravity()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Mixing(scn); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ns/entry")
}

// BenchmarkGravityMixingGenericC is BenchmarkGravityMixing with a distance
// exponent that has no fast path (math.Pow per entry).
func BenchmarkGravityMixingGenericC(b *testing.B) {
	scn := randomTable(1000, 42)
	g := Gravity{A: 1, B: 1, C: 1.7, K: 0.01}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Mixing(scn); err != nil {
			b.Fatal(err)
		}
	}
}

// benchmarkMixer builds the dense mixing matrix of m for the N = 1000
// scenario of BenchmarkGravityMixing; ns/entry (time per N² entries) makes
// the complexity visible: constant for O(N²) builds, growing with N for
// O(N³) ones.
func benchmarkMixer(b *testing.B, m Mixer) {
	scn := randomTable(1000, 42)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Mixing(scn); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ns/entry")
}

// BenchmarkRadiationMixing: O(N² log N), one sort of the destinations per
// origin.
func BenchmarkRadiationMixing(b *testing.B) { benchmarkMixer(b, DefaultRadiation()) }

// BenchmarkStoufferMixing: O(N² log N), like radiation.
func BenchmarkStoufferMixing(b *testing.B) { benchmarkMixer(b, DefaultStouffer()) }

// BenchmarkCompetingDestinationsMixing: O(N²) with δ = −1 (the competition
// sums Σ_j once per destination: about twice the distances of gravity plus
// one math.Pow per entry), not the O(N³) of the definition.
func BenchmarkCompetingDestinationsMixing(b *testing.B) {
	benchmarkMixer(b, CompetingDestinations{A: 1, B: 1, C: 1.5, K: 0.01, Delta: -1})
}

// BenchmarkTruncatedGravityMixing builds default gravity truncated to the
// top 50 entries per row at N = 1000 row by row (two passes over the raw
// kernel, no N×N intermediate): compare B/op with BenchmarkGravityMixing.
func BenchmarkTruncatedGravityMixing(b *testing.B) {
	benchmarkMixer(b, Truncated(DefaultGravity(), Truncation{TopK: 50}))
}

// BenchmarkGravityFactored builds the factored default gravity matrix
// (SPEC §7.5) of RandomN-like scenarios at N = 1 000 and 5 000 on every
// core (GOMAXPROCS workers): half the distance pairs, D stored once. The
// issue 12 target is ≤ 0.15 s at N = 5 000.
func BenchmarkGravityFactored(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		scn := randomTable(n, 42)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DefaultGravity().Factored(scn, FactoredOptions{Workers: 0}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(float64(n)*float64(n-1)/2), "ns/pair")
		})
	}
}

// BenchmarkFactoredForceModes runs the factored force at N = 5 000 with
// every 100th, 30th, 10th and 4th source active, in each pass forced (the
// tile pass, the source-major pass from D, the source-major pass from the
// row cache — warm after the first evaluation — when the sources fit in
// it) and chosen automatically, on one goroutine: the measurements behind
// stridedCost/streamCost and the choice.
func BenchmarkFactoredForceModes(b *testing.B) {
	const n = 5000
	fac, err := DefaultGravity().Factored(randomTable(n, 42), FactoredOptions{})
	if err != nil {
		b.Fatal(err)
	}
	acc := make([]float64, n)
	for _, every := range []int{100, 30, 10, 4} {
		x := make([]float64, n)
		for i := 0; i < n; i += every {
			x[i] = float64(i%7 + 1)
		}
		for _, mode := range []struct {
			name string
			m    forceMode
		}{{"tiles", modeTiles}, {"source-major", modeSourceMajor}, {"cached", modeCached}, {"auto", modeAuto}} {
			if mode.m == modeCached && n/every > n/rowCacheDiv {
				continue
			}
			b.Run(fmt.Sprintf("every=%d/%s", every, mode.name), func(b *testing.B) {
				defer func(old forceMode) { passMode = old }(passMode)
				passMode = mode.m
				w := fac.NewForce()
				for b.Loop() {
					w.Force(acc, x)
				}
			})
		}
	}
}
