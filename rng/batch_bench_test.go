package rng

import (
	"fmt"
	"testing"
)

// BenchmarkPoissonBatch reports amortised ns per draw of Poisson(μ) for
// μ ∈ {0.1, 1, 10, 100, 10⁴} (issue 23's list, and 50), one block of 256 lanes at a
// time: "scalar" calls Poisson per lane, "batch" calls Poissons once; the
// means vary by ±10 % across lanes, as patches' means do.
func BenchmarkPoissonBatch(b *testing.B) {
	for _, mu := range []float64{0.1, 1, 10, 50, 100, 1e4} {
		mean, out := make([]float64, BlockSize), make([]int64, BlockSize)
		for j := range mean {
			mean[j] = mu * (0.9 + 0.2*float64(j)/BlockSize)
		}
		b.Run(fmt.Sprintf("mean=%g/scalar", mu), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				for j, m := range mean {
					out[j] = Poisson(src, m)
				}
			}
			reportPerDraw(b, b.N*BlockSize)
		})
		b.Run(fmt.Sprintf("mean=%g/batch", mu), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				Poissons(src, mean, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
	}
}

// BenchmarkBinomialBatch reports amortised ns per draw of Binomial(n, p)
// over the §6.4 grid's n ∈ {10, 10³, 10⁶} × p ∈ {10⁻⁴, 0.01, 0.3}, as
// BenchmarkPoissonBatch: scalar Binomial per lane against Binomials, and
// BinomialHazards (the infection kernel's form) on the same lanes, and
// BinomialHazardsSame with the middle lane's hazard in every lane.
func BenchmarkBinomialBatch(b *testing.B) {
	for _, n := range []int64{10, 1e3, 1e6} {
		for _, p := range []float64{1e-4, 0.01, 0.3} {
			nv, pv, hv, out := make([]int64, BlockSize), make([]float64, BlockSize), make([]float64, BlockSize), make([]int64, BlockSize)
			for j := range nv {
				nv[j], pv[j] = n, p*(0.9+0.2*float64(j)/BlockSize)
				hv[j] = -fastLog1p(-pv[j])
			}
			name := fmt.Sprintf("n=%d,p=%g", n, p)
			b.Run(name+"/scalar", func(b *testing.B) {
				src := NewSource(1, "bench", 0)
				for b.Loop() {
					for j := range nv {
						out[j] = Binomial(src, nv[j], pv[j])
					}
				}
				reportPerDraw(b, b.N*BlockSize)
			})
			b.Run(name+"/batch", func(b *testing.B) {
				src := NewSource(1, "bench", 0)
				for b.Loop() {
					Binomials(src, nv, pv, out)
				}
				reportPerDraw(b, b.N*BlockSize)
			})
			b.Run(name+"/batch-hazard", func(b *testing.B) {
				src := NewSource(1, "bench", 0)
				for b.Loop() {
					BinomialHazards(src, nv, hv, out)
				}
				reportPerDraw(b, b.N*BlockSize)
			})
			b.Run(name+"/batch-hazard-same", func(b *testing.B) {
				src := NewSource(1, "bench", 0)
				for b.Loop() {
					BinomialHazardsSame(src, nv, hv[BlockSize/2], out)
				}
				reportPerDraw(b, b.N*BlockSize)
			})
		}
	}
}

// BenchmarkGammaBatch reports amortised ns per draw of Gamma(shape) for the
// particle filter's noise shape (dt/σ_SE² ≈ 0.36 for He et al.'s London)
// and shapes 2.5 and 30: scalar Gamma per lane against Gammas, and
// GammaTable (built once, outside the loop) with the shape in every lane, as
// a likelihood evaluation's particles share it.
func BenchmarkGammaBatch(b *testing.B) {
	for _, a := range []float64{0.36, 2.5, 30} {
		shape, out := make([]float64, BlockSize), make([]float64, BlockSize)
		for j := range shape {
			shape[j] = a * (0.9 + 0.2*float64(j)/BlockSize)
		}
		b.Run(fmt.Sprintf("shape=%g/scalar", a), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				for j, s := range shape {
					out[j] = Gamma(src, s)
				}
			}
			reportPerDraw(b, b.N*BlockSize)
		})
		b.Run(fmt.Sprintf("shape=%g/batch", a), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				Gammas(src, shape, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
		b.Run(fmt.Sprintf("shape=%g/table", a), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var tab GammaTable
			tab.Set(a)
			for b.Loop() {
				tab.Draws(src, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
	}
}

// BenchmarkEulerMultinomials reports amortised ns per lane of
// EulerMultinomials on He et al.'s London day (dt = 1/365.25 year, rates
// ±10 % across lanes): S (10⁵, force 1 per year against μ = 0.02: ~290
// leavers, rare route q ≈ 0.02, drawn by Binomials) and E (2 000, σ = 28.9
// against μ: ~160 leavers, rare q ≈ 7·10⁻⁴, drawn by skipping); and E
// with σ the same in every lane (Eσ), as at a likelihood evaluation, where
// every particle shares σ, γ and μ.
func BenchmarkEulerMultinomials(b *testing.B) {
	for _, c := range []struct {
		name   string
		n      int64
		r1, r2 float64
		spread float64 // r1's relative spread across lanes
	}{{"S", 100_000, 1, 0.02, 0.2}, {"E", 2_000, 28.9, 0.02, 0.2}, {"Eσ", 2_000, 28.9, 0.02, 0}} {
		n, r1, r2 := make([]int64, BlockSize), make([]float64, BlockSize), make([]float64, BlockSize)
		first, leave := make([]int64, BlockSize), make([]int64, BlockSize)
		for j := range n {
			n[j], r1[j], r2[j] = c.n, c.r1*(1+c.spread*(float64(j)/BlockSize-0.5)), c.r2
		}
		b.Run(c.name, func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				EulerMultinomials(src, n, r1, r2, 1/365.25, first, leave)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
	}
}

// benchMeans are the means of BenchmarkBinomialBatchMean and
// BenchmarkPoissonBatchMean: across both batched regimes, with He et al.'s
// London leavers and births (means 100–300) in the middle.
var benchMeans = []float64{1, 10, 30, 50, 100, 200, 300, 1000}

// BenchmarkBinomialBatchMean reports amortised ns per draw of
// BinomialHazards (the Euler step's leavers) at n = 10⁴ and n·p = μ for
// μ in benchMeans, p varying by ±10 % across the 256 lanes.
func BenchmarkBinomialBatchMean(b *testing.B) {
	const n = 10_000
	for _, mu := range benchMeans {
		nv, hv, out := make([]int64, BlockSize), make([]float64, BlockSize), make([]int64, BlockSize)
		for j := range nv {
			nv[j] = n
			hv[j] = -fastLog1p(-mu / n * (0.9 + 0.2*float64(j)/BlockSize))
		}
		b.Run(fmt.Sprintf("mean=%g", mu), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				BinomialHazards(src, nv, hv, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
	}
}

// BenchmarkPoissonBatchMean is BenchmarkPoissonBatch's batch case at the
// means of benchMeans, and the same 256 lanes sharing the mean μ: "same"
// through Poissons, "table" through PoissonsTabled with a table set once (a day's
// births in every particle of a filter).
func BenchmarkPoissonBatchMean(b *testing.B) {
	for _, mu := range benchMeans {
		mean, same, out := make([]float64, BlockSize), make([]float64, BlockSize), make([]int64, BlockSize)
		for j := range mean {
			mean[j], same[j] = mu*(0.9+0.2*float64(j)/BlockSize), mu
		}
		b.Run(fmt.Sprintf("mean=%g", mu), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				Poissons(src, mean, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
		b.Run(fmt.Sprintf("mean=%g/same", mu), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			for b.Loop() {
				Poissons(src, same, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
		b.Run(fmt.Sprintf("mean=%g/table", mu), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			tables, which := make([]PoissonTable, 1), make([]int32, BlockSize)
			tables[0].Set(mu)
			for b.Loop() {
				PoissonsTabled(src, tables, which, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
	}
}

// BenchmarkRareRoutes reports ns per lane of rareRoutes on London's
// E → death and I → death routes at a likelihood evaluation: 256 lanes of
// about 250 leavers each (E's and I's daily leavers over 1950–1964 at
// J = 10 000 average 249 a particle-day) with share 3.5·10⁻⁴ (μ = 0.02
// per year against σ = 45.6 and γ = 73), about 22 candidates a run, as
// counted in that filter; "thinned" gives alternate lanes half the share.
func BenchmarkRareRoutes(b *testing.B) {
	const qmax = 3.5e-4
	n, q, out := make([]int64, BlockSize), make([]float64, BlockSize), make([]int64, BlockSize)
	for j := range n {
		n[j] = 200 + int64(j%101)
		q[j] = qmax * float64(1+j%2) / 2
	}
	for _, c := range []struct {
		name string
		q    []float64
	}{{"shared", nil}, {"thinned", q}} {
		b.Run(c.name, func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			trials := leavers(n)
			for b.Loop() {
				rareRoutes(src, n, c.q, qmax, trials, out)
			}
			reportPerDraw(b, b.N*BlockSize)
		})
	}
}
