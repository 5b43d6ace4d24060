package rng

import (
	"fmt"
	"math"
	"testing"
)

// sink keeps benchmark results alive.
var sink int64

// reportPerDraw reports the mean time per draw (one draw per iteration).
func reportPerDraw(b *testing.B, draws int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(draws), "ns/draw")
}

// benchPatches is the number of parameter sets a "vary" benchmark cycles
// through: one block of patches (BlockSize), as a tick's kernel sees them.
const benchPatches = BlockSize

// benchSpread is the relative spread of the varied parameters (±10 %): every
// patch has its own n and p (or mean) in a tick, so set-up work cannot be
// hoisted or predicted across draws.
const benchSpread = 0.1

// spread returns benchPatches multipliers in [1 − benchSpread, 1 + benchSpread]
// in a fixed pseudo-random order (Weyl sequence, so neighbours differ).
func spread() []float64 {
	f := make([]float64, benchPatches)
	for j := range f {
		frac := math.Mod(float64(j)*0.6180339887498949, 1)
		f[j] = 1 + benchSpread*(2*frac-1)
	}
	return f
}

// binomialRegimes are the SPEC §6.4 cost regimes with representative tick
// parameters (n·p after reflection): infection in small patches and
// surveillance (n·p < 1), inversion and BTRS on both sides of the switch at
// 15 (1–30), infection in towns (30–10³) and cities (≥ 10³).
var binomialRegimes = []struct {
	regime string
	n      int64
	p      float64
}{
	{"np<1", 1000, 5e-4},
	{"np<1", 3, 0.1},
	{"np=1-30", 10_000, 3e-4},
	{"np=1-30", 10_000, 9.5e-4},
	{"np=1-30", 10_000, 0.0014},
	{"np=1-30", 10_000, 0.0029},
	{"np=30-1e3", 1000, 0.1},
	{"np>=1e3", 100_000, 0.02},
	{"np>=1e3", 1_000_000, 0.3},
}

// BenchmarkBinomial measures Binomial per SPEC §6.4 cost regime (target
// ≤ 30 ns/draw), with fixed parameters ("fixed") and with n and p varying by
// ±10 % from draw to draw over a block of 256 patches ("vary", what a tick
// does).
func BenchmarkBinomial(b *testing.B) {
	f := spread()
	for _, c := range binomialRegimes {
		ns := make([]int64, benchPatches)
		ps := make([]float64, benchPatches)
		for j := range ns {
			ns[j] = int64(math.Round(float64(c.n) * f[j]))
			ps[j] = c.p * f[(j*7+3)%benchPatches]
		}
		name := fmt.Sprintf("%s/n=%d,p=%g", c.regime, c.n, c.p)
		b.Run(name+"/fixed", func(b *testing.B) {
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
		b.Run(name+"/vary", func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				j := draws % benchPatches
				s += Binomial(src, ns[j], ps[j])
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
	}
}

// BenchmarkBinomialHazard measures BinomialHazard as InfectBlock calls it
// (hazard λ instead of p = 1 − e^−λ), varying n and λ by ±10 %.
func BenchmarkBinomialHazard(b *testing.B) {
	f := spread()
	for _, c := range binomialRegimes {
		ns := make([]int64, benchPatches)
		hs := make([]float64, benchPatches)
		for j := range ns {
			ns[j] = int64(math.Round(float64(c.n) * f[j]))
			hs[j] = -math.Log1p(-c.p * f[(j*7+3)%benchPatches])
		}
		b.Run(fmt.Sprintf("%s/n=%d,p=%g/vary", c.regime, c.n, c.p), func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				j := draws % benchPatches
				s += BinomialHazard(src, ns[j], hs[j])
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
	}
}

// BenchmarkPoisson measures Poisson per SPEC §6.4 cost regime (mean < 1,
// 1–10, ≥ 10; target ≤ 30 ns/draw), fixed and varying by ±10 % per draw.
func BenchmarkPoisson(b *testing.B) {
	f := spread()
	for _, c := range []struct {
		regime string
		mean   float64
	}{
		{"mean<1", 0.5},
		{"mean=1-10", 5},
		{"mean=1-10", 9.5},
		{"mean>=10", 15},
		{"mean>=10", 30},
		{"mean>=10", 1e4},
	} {
		means := make([]float64, benchPatches)
		for j := range means {
			means[j] = c.mean * f[j]
		}
		name := fmt.Sprintf("%s/mean=%g", c.regime, c.mean)
		b.Run(name+"/fixed", func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				s += Poisson(src, c.mean)
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
		b.Run(name+"/vary", func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				j := draws % benchPatches
				s += Poisson(src, means[j])
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
	}
}

// BenchmarkNegativeBinomial measures NegativeBinomial per regime of its two
// stages: the Gamma shape (size < 1: boost, ≥ 1: Marsaglia–Tsang alone) and
// the Poisson mean (inversion below 20, PTRS above), at reporting-sized
// means; fixed and varying by ±10 % per draw.
func BenchmarkNegativeBinomial(b *testing.B) {
	f := spread()
	for _, c := range []struct {
		regime     string
		mean, size float64
	}{
		{"size<1", 0.5, 0.1},
		{"size<1", 50, 0.5},
		{"size>=1/mean<20", 5, 10},
		{"size>=1/mean>=20", 50, 10},
		{"size>=1/mean>=20", 5e3, 1e3},
	} {
		means := make([]float64, benchPatches)
		for j := range means {
			means[j] = c.mean * f[j]
		}
		name := fmt.Sprintf("%s/mean=%g/size=%g", c.regime, c.mean, c.size)
		b.Run(name+"/fixed", func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				s += NegativeBinomial(src, c.mean, c.size)
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
		b.Run(name+"/vary", func(b *testing.B) {
			src := NewSource(1, "bench", 0)
			var s int64
			draws := 0
			for b.Loop() {
				j := draws % benchPatches
				s += NegativeBinomial(src, means[j], c.size)
				draws++
			}
			sink = s
			reportPerDraw(b, draws)
		})
	}
}
