package rng

import (
	"fmt"
	"testing"
)

// sink keeps benchmark results alive.
var sink int64

// reportPerDraw reports the mean time per draw (one draw per iteration).
func reportPerDraw(b *testing.B, draws int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(draws), "ns/draw")
}

// BenchmarkBinomial measures Binomial at n·p below (inversion) and above
// (BTPE) the switch; DESIGN §4.4 targets ≤ 100 ns/draw at n ≥ 1000. The last
// case, n·p = 29, is the slowest inversion (~n·p search steps).
func BenchmarkBinomial(b *testing.B) {
	for _, c := range []struct {
		n int64
		p float64
	}{{1000, 0.1}, {1e6, 0.3}, {50, 0.01}, {10000, 0.0029}} {
		b.Run(fmt.Sprintf("n=%d,p=%g", c.n, c.p), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				s += Binomial(src, c.n, c.p)
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
	}
}

// BenchmarkPoisson measures Poisson by inversion (mean 5) and PTRS (10⁴).
func BenchmarkPoisson(b *testing.B) {
	for _, mean := range []float64{5, 1e4} {
		b.Run(fmt.Sprintf("mean=%g", mean), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				s += Poisson(src, mean)
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
	}
}
