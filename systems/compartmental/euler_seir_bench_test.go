package compartmental

import (
	"testing"

	"github.com/rubeola/rubeola/rng"
)

// BenchmarkEulerSEIRBlock steps one block of 256 London-like particles one
// day (He et al.'s London MLE; S ≈ 100 000, E and I ≈ 2 000 as in an
// epidemic year, P = 3.3 million): ns/op ÷ 256 is the cost of one
// particle-day. The noise is drawn by rng.Gammas ("gammas") or, as
// EulerSEIR.Step does when the particles share σ_SE, from a GammaTable
// ("table").
func BenchmarkEulerSEIRBlock(b *testing.B) {
	for _, table := range []bool{false, true} {
		name := "noise=gammas"
		if table {
			name = "noise=table"
		}
		b.Run(name, func(b *testing.B) { benchEulerSEIRBlock(b, table) })
	}
}

// benchEulerSEIRBlock is one case of BenchmarkEulerSEIRBlock.
func benchEulerSEIRBlock(b *testing.B, table bool) {
	const n = rng.BlockSize
	s, e, i, r := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	pop, cases := make([]float64, n), make([]int64, n)
	fill := func(v float64) []float64 {
		x := make([]float64, n)
		for k := range x {
			x[k] = v
		}
		return x
	}
	q := &EulerRates{R0: fill(56.8), Sigma: fill(28.9), Gamma: fill(30.4), Mu: fill(0.02), Alpha: fill(0.976),
		Iota: fill(2.9), SigmaSE: fill(0.0878), Amplitude: fill(0.554), DOY: 50, Seasonal: true, DT: 1 / YearDays}
	reset := func() {
		for k := range s {
			s[k], e[k], i[k], r[k], pop[k] = 100000, 2000, 2000, 3200000, 3.3e6
		}
	}
	if table {
		q.Noise = new(noiseTables)
		q.Noise.set(q.SigmaSE, q.DT)
	}
	src := rng.NewSource(1, "bench", 0)
	reset()
	b.ReportAllocs()
	for b.Loop() {
		EulerSEIRBlock(src, s, e, i, r, pop, q, cases)
		if s[0] < 50000 {
			reset()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/particle-day")
}
