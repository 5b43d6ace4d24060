package mixing

import (
	"fmt"
	"testing"
)

// BenchmarkBatchForce compares the batched force of R = 16 vectors with 16
// single evaluations (one FactoredForce per vector, as 16 lone runs do) at
// N = 1 000 and 5 000, every source active (the tile pass: the established
// epidemic of most ticks), on the calling goroutine. One op evaluates all
// 16 vectors; vector-evals/s is the throughput per vector.
func BenchmarkBatchForce(b *testing.B) {
	const R = 16
	for _, n := range []int{1000, 5000} {
		fac, err := DefaultGravity().Factored(randomTable(n, 42), FactoredOptions{})
		if err != nil {
			b.Fatal(err)
		}
		xs, accs := make([][]float64, R), make([][]float64, R)
		for r := range xs {
			xs[r], accs[r] = make([]float64, n), make([]float64, n)
			for i := range xs[r] {
				xs[r][i] = float64((i+r)%13+1) * 8.02
			}
		}
		b.Run(fmt.Sprintf("N=%d/batched", n), func(b *testing.B) {
			bf := fac.NewBatchForce(R)
			for b.Loop() {
				bf.Force(accs, xs)
			}
			b.ReportMetric(float64(R*b.N)/b.Elapsed().Seconds(), "vector-evals/s")
		})
		b.Run(fmt.Sprintf("N=%d/single×16", n), func(b *testing.B) {
			ws := make([]*FactoredForce, R)
			for r := range ws {
				ws[r] = fac.NewForce()
			}
			for b.Loop() {
				for r, w := range ws {
					w.Force(accs[r], xs[r])
				}
			}
			b.ReportMetric(float64(R*b.N)/b.Elapsed().Seconds(), "vector-evals/s")
		})
	}
}
