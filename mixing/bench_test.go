package mixing

import (
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
