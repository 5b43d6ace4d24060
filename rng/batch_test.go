package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// batchedDraw turns a batched sampler into a one-at-a-time draw for
// checkDistribution: it fills runs of BlockSize lanes whose even lanes
// carry the case's parameters and odd lanes a companion's (another regime,
// so that the case's lanes interleave with scalar-path lanes in the draw
// order) and returns the even lanes' values in turn.
func batchedDraw(fill func(src *Source, out []int64)) func(src *Source) int64 {
	out := make([]int64, BlockSize)
	next := BlockSize
	return func(src *Source) int64 {
		if next >= BlockSize {
			fill(src, out)
			next = 0
		}
		v := out[next]
		next += 2
		return v
	}
}

// companionMean is the Poisson mean of the odd lanes: in the other regime
// from the case's (PTRS for inversion means and vice versa).
func companionMean(mean float64) float64 {
	if mean < poissonBatchLimit {
		return 457.5
	}
	return 3.25
}

// TestPoissonsGrid runs the SPEC §6.4 checks of TestPoissonGrid on the
// batched sampler (Poissons), every case's lanes interleaved with lanes of
// the other regime, at the same sample sizes and bounds, plus the two sides
// of the batched inversion/PTRS switch (49.99 and 50) and PTRS lanes at 100,
// 200 (He et al.'s London births: about 180 a day) and 10⁴.
func TestPoissonsGrid(t *testing.T) {
	t.Parallel()
	for _, mean := range []float64{1e-4, 0.1, 1, 1.999, 2, 5.999, 6, 9.99, 10, 19.99, 20, 30, 49.99, 50, 100, 200, 1e4} {
		name := fmt.Sprintf("mean=%g", mean)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			means := make([]float64, BlockSize)
			for j := range means {
				means[j] = mean
				if j%2 == 1 {
					means[j] = companionMean(mean)
				}
			}
			c := poissonCase("Poissons/"+name, mean, drawCount(t, 400_000))
			c.draw = batchedDraw(func(src *Source, out []int64) { Poissons(src, means, out) })
			checkDistribution(t, c)
		})
	}
}

// TestBinomialsGrid runs the SPEC §6.4 binomial grid on the batched
// samplers: Binomials (per-lane p) for every (n, p), BinomialHazards (the
// same p as a hazard) and BinomialsSame (both regimes: inversion below
// n·λ = 100, BTRS above; p > ½ reflected), each case's lanes
// interleaved with lanes of Binomial(10⁴, 0.3) (BTRS).
func TestBinomialsGrid(t *testing.T) {
	t.Parallel()
	ns := []int64{1, 10, 100, 1e3, 1e4, 1e6}
	ps := []float64{1e-6, 1e-4, 0.01, 0.1, 0.3, 0.5, 0.7, 0.97, 0.999}
	const compN, compP = 10_000, 0.3
	for _, n := range ns {
		for _, p := range ps {
			name := fmt.Sprintf("n=%d,p=%g", n, p)
			nv, pv, hv := make([]int64, BlockSize), make([]float64, BlockSize), make([]float64, BlockSize)
			for j := range nv {
				nv[j], pv[j] = n, p
				if j%2 == 1 {
					nv[j], pv[j] = compN, compP
				}
				hv[j] = -math.Log1p(-pv[j])
			}
			samplers := map[string]func(src *Source, out []int64){
				"Binomials": func(src *Source, out []int64) { Binomials(src, nv, pv, out) },
			}
			{
				samplers["BinomialHazards"] = func(src *Source, out []int64) { BinomialHazards(src, nv, hv, out) }
				samplers["BinomialsSame"] = func(src *Source, out []int64) {
					BinomialsSame(src, nv[:1], p, out[:1]) // lane 0 alone, then the rest
					BinomialsSame(src, nv[1:], p, out[1:])
				}
			}
			for sname, fill := range samplers {
				t.Run(sname+"/"+name, func(t *testing.T) {
					t.Parallel()
					c := binomialCase(sname+"/"+name, n, p, drawCount(t, 400_000))
					c.draw = batchedDraw(fill)
					checkDistribution(t, c)
				})
			}
		}
	}
}

// invLanes builds lanes that exercise the inversion kernels: uniforms from
// a stream with the extremes 0 and 1 − 2⁻⁵³ (the rounding gap) mixed in,
// Poisson means across [0, maxMean), and binomial (n, λ) with n·λ <
// maxMean.
func invLanes(n int, maxMean float64) (u, mean, nf, lambda []float64) {
	src := NewSource(3, "inversion lanes", 0)
	u, mean, nf, lambda = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	src.Uniforms(u)
	for j := range n {
		switch j % 17 {
		case 3:
			u[j] = 0
		case 5, 11:
			u[j] = 1 - 0x1p-53
		}
		mean[j] = maxMean * Uniform(src) * Uniform(src)
		nf[j] = float64(int64(1 + 7*maxMean*Uniform(src)))
		lambda[j] = math.Min(math.Ln2, maxMean/nf[j]) * Uniform(src)
		if j%13 == 0 {
			mean[j], nf[j] = 0, 0
		}
	}
	return u, mean, nf, lambda
}

// withInvImpls runs f once with each SIMD kernel level this CPU can run
// (invImpls), setting invLevel for it and restoring it after.
func withInvImpls(f func(name string)) {
	saved := invLevel
	defer func() { invLevel = saved }()
	for _, impl := range invImpls() {
		invLevel = impl.level
		f(impl.name)
	}
}

// edgeUniforms returns two sets of n uniforms from src for the rejection
// rounds' kernels (candidate u, test v), with the edge values among them:
// u = 0, ½ and 1 − 2⁻⁵³ and v = 0 at lanes 2, 7, 11 and 13 mod 19.
func edgeUniforms(src *Source, n int) (u, v []float64) {
	u, v = make([]float64, n), make([]float64, n)
	src.Uniforms(u)
	src.Uniforms(v)
	for j := range n {
		switch j % 19 {
		case 2:
			u[j] = 0
		case 7:
			u[j] = 0.5
		case 11:
			u[j] = 1 - 0x1p-53
		case 13:
			v[j] = 0
		}
	}
	return u, v
}

// TestInvKernelsEqualGeneric checks that every inversion kernel this CPU
// runs returns, lane for lane, the pure-Go kernel's values, including the
// −1 of lanes in the rounding gap.
func TestInvKernelsEqualGeneric(t *testing.T) {
	const n = 4096
	u, mean, nf, lambda := invLanes(n, poissonBatchLimit)
	wantP, wantB := make([]int64, n), make([]int64, n)
	poissonInvGeneric(u, mean, wantP)
	binomialInvGeneric(u, nf, lambda, 0, wantB)
	assert.Contains(t, wantP, int64(-1), "some Poisson lanes fall in the rounding gap")
	withInvImpls(func(name string) {
		gotP, gotB := make([]int64, n), make([]int64, n)
		poissonInv(u, mean, gotP)
		binomialInv(u, nf, lambda, 0, gotB, make([]float64, n))
		assert.Equal(t, wantP, gotP, "%s: Poisson", name)
		assert.Equal(t, wantB, gotB, "%s: binomial", name)
	})
}

// TestInvKernelsSameLambda checks the binomial inversion with one λ for
// every lane (lambda nil, s computed once) against the per-lane kernel
// given that λ in every lane, under every kernel this CPU runs: the same
// values lane for lane, zero lanes (n = 0) and the rounding gap included.
func TestInvKernelsSameLambda(t *testing.T) {
	const n = 4096
	u, _, nf, _ := invLanes(n, binomialBatchLimit)
	for _, same := range []float64{1e-6, 0.01, 0.1, math.Ln2} {
		lambda := make([]float64, n)
		for j := range nf {
			nf[j] = min(nf[j], math.Floor(binomialBatchLimit/same*0.999))
			lambda[j] = same
		}
		want := make([]int64, n)
		binomialInvGeneric(u, nf, lambda, 0, want)
		withInvImpls(func(name string) {
			got := make([]int64, n)
			binomialInv(u, nf, nil, same, got, make([]float64, n))
			assert.Equal(t, want, got, "%s: λ = %g", name, same)
		})
	}
}

// TestBatchedMatchesScalarSearch checks the kernels' values against the
// scalar searches (poissonSearch, binomialSearch) given the same f(0) and
// ratio: the same least x with u < F(x).
func TestBatchedMatchesScalarSearch(t *testing.T) {
	u, mean, nf, lambda := invLanes(2048, 19.999) // the scalar searches' regime
	gotP, gotB := make([]int64, len(u)), make([]int64, len(u))
	poissonInvGeneric(u, mean, gotP)
	binomialInvGeneric(u, nf, lambda, 0, gotB)
	for j := range u {
		if mean[j] > 0 && gotP[j] >= 0 {
			x, ok := poissonSearch(u[j], expLane(-mean[j]), mean[j], 4)
			require.True(t, ok)
			require.Equal(t, x, gotP[j], "Poisson lane %d (mean %g, u %g)", j, mean[j], u[j])
		}
		if nf[j] > 0 && gotB[j] >= 0 && lambda[j] > 0 {
			x, ok := binomialSearch(u[j], expLane(-nf[j]*lambda[j]), expm1Lane(lambda[j]), int64(nf[j]), 4)
			require.True(t, ok)
			require.Equal(t, x, gotB[j], "binomial lane %d", j)
		}
	}
}

// TestBatchedEdges checks zero lanes, p ≥ 1, infinite hazards and lengths
// that are not a multiple of 8 or exceed a block, and that every lane takes
// two uniforms: a batch of zero-mean lanes advances the stream by 2n.
func TestBatchedEdges(t *testing.T) {
	src, ref := NewSource(1, "edges", 0), NewSource(1, "edges", 0)
	out := make([]int64, 300)
	Poissons(src, make([]float64, 300), out)
	assert.Equal(t, make([]int64, 300), out)
	ref.Uniforms(make([]float64, 2*300))
	assert.Equal(t, ref.Uint64(), src.Uint64(), "two uniforms per lane")

	n := []int64{0, 5, 7, 1 << 40, 3}
	got := make([]int64, len(n))
	Binomials(src, n, []float64{0.3, 1, 0, 1, -0.5}, got)
	assert.Equal(t, []int64{0, 5, 0, 1 << 40, 0}, got)
	BinomialHazards(src, n, []float64{1, math.Inf(1), 0, math.Inf(1), 0}, got)
	assert.Equal(t, []int64{0, 5, 0, 1 << 40, 0}, got)
	assert.Panics(t, func() { Poissons(src, []float64{1, math.NaN()}, got) })
	assert.Panics(t, func() { BinomialHazards(src, n[:1], []float64{-1}, got) })
	assert.Panics(t, func() { Binomials(src, []int64{-1}, []float64{0.5}, got) })
}

// TestBatchedAllocs checks that the batched samplers allocate nothing.
func TestBatchedAllocs(t *testing.T) {
	src := NewSource(1, "allocs", 0)
	mean, n, h, out := make([]float64, 1000), make([]int64, 1000), make([]float64, 1000), make([]int64, 1000)
	g := make([]float64, 1000)
	for j := range mean {
		mean[j], n[j], h[j] = float64(j%40+1), int64(j*3), 1e-3
	}
	allocs := testing.AllocsPerRun(20, func() {
		Poissons(src, mean, out)
		BinomialHazards(src, n, h, out)
		BinomialHazardsSame(src, n, 1e-3, out)
		Binomials(src, n, h, out)
		BinomialsSame(src, n, 0.1, out)
		Gammas(src, mean, g)
		NegativeBinomials(src, h, mean, out)
	})
	assert.Zero(t, allocs)
}

// TestBTRSRoundEqualsGeneric checks that every BTRS round kernel this CPU
// runs returns, lane for lane, the pure-Go kernel's values on (n, p)
// across the BTRS regime, with uniforms that include 0, ½ (us = 0: an
// infinite candidate), 1 − 2⁻⁵³ and v = 0; and that the pure-Go kernel's
// decisions are those of the scalar trial ([btrs.trial]) with the test,
// and the same where the squeeze alone decides.
func TestBTRSRoundEqualsGeneric(t *testing.T) {
	const n = 4096
	src := NewSource(5, "squeeze lanes", 0)
	u, v := edgeUniforms(src, n)
	nf, p := make([]float64, n), make([]float64, n)
	for j := range n {
		p[j] = 0.5 * Uniform(src)
		nf[j] = math.Ceil(10/p[j] + math.Exp(25*Uniform(src)*Uniform(src)))
		if j%3 == 0 { // the Euler step's regime: n·p of 10 … 1000
			nf[j] = math.Ceil(math.Exp(math.Log(10)+math.Log(100)*Uniform(src)) / p[j])
		}
	}
	wantB, wantT := make([]int64, n), make([]int64, n)
	btrsTrialGeneric(u, v, nf, p, wantB, false)
	btrsTrialGeneric(u, v, nf, p, wantT, true)
	tested := 0
	for j := range n {
		k, ok := func() (int64, bool) { t := newBTRS(int64(nf[j]), p[j]); return t.trial(u[j], v[j]) }()
		if !ok {
			k = -1
		}
		require.Equal(t, k, wantT[j], "BTRS lane %d (n %g, p %g, u %g, v %g)", j, nf[j], p[j], u[j], v[j])
		if wantB[j] == -3 {
			tested++
			continue
		}
		require.Equal(t, wantT[j], wantB[j], "BTRS lane %d: the squeeze's decision", j)
	}
	assert.Greater(t, tested, n/10, "many BTRS trials need the test")
	withInvImpls(func(name string) {
		gotT := make([]int64, n)
		var scratch [btrsRoundScratch]float64
		for lo := 0; lo < n; lo += BlockSize { // btrsRound takes at most a block
			btrsRound(u[lo:lo+BlockSize], v[lo:lo+BlockSize], nf[lo:lo+BlockSize], p[lo:lo+BlockSize], gotT[lo:lo+BlockSize], &scratch)
		}
		assert.Equal(t, wantT, gotT, name)
	})
}

// TestHazardsKernelsEqualGeneric checks that every hazard kernel this CPU
// runs returns hazardLane's bits on p across [0, ½] and tiny p.
func TestHazardsKernelsEqualGeneric(t *testing.T) {
	const n = 4096
	src := NewSource(11, "hazard lanes", 0)
	p := make([]float64, n)
	for j := range p {
		p[j] = 0.5 * Uniform(src)
		if j%3 == 0 {
			p[j] = math.Exp(-700 * Uniform(src))
		}
	}
	p[0], p[1] = 0, 0.5
	want := make([]float64, n)
	hazardsGeneric(p, want)
	withInvImpls(func(name string) {
		got := make([]float64, n)
		hazards(p, got)
		assert.Equal(t, want, got, name)
	})
}

// TestBinomialsBTRSLanes runs the SPEC §6.4 mean, variance and chi-square
// checks (checkDistribution: the exact pmf's cells, each check at the
// run's Bonferroni level checkAlpha, stats_budget_test.go) on the BTRS
// lanes ([binomialBatch.btrsLanes]) at (n, p) across their regime: just above the
// switch (n·λ ≥ binomialBatchLimit, small n with p near ½, where the
// stirlerr table serves candidates within 16 of 0 or n), He et al.'s
// London leavers (S: n = 10⁵, p = 0.003; E and I: a few thousand, p ≈
// 0.08), n·p = 10³ and n = 10¹² (Stirling's series and log1p at their
// largest arguments). Each case's lanes are interleaved with inversion
// lanes (Binomial(20, 0.3)); BinomialHazards gives p as its hazard (p from
// probLane in lanes), Binomials as itself.
func TestBinomialsBTRSLanes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		n int64
		p float64
	}{{75, 0.5}, {110, 0.45}, {2_000, 0.03}, {100_000, 0.003}, {3_000, 0.08}, {10_000, 0.1}, {1e12, 1e-9}}
	const compN, compP = 20, 0.3
	for _, c := range cases {
		require.GreaterOrEqual(t, float64(c.n)*-math.Log1p(-c.p), float64(binomialBatchLimit), "n = %d, p = %g: a BTRS lane", c.n, c.p)
		name := fmt.Sprintf("n=%d,p=%g", c.n, c.p)
		nv, pv, hv := make([]int64, BlockSize), make([]float64, BlockSize), make([]float64, BlockSize)
		for j := range nv {
			nv[j], pv[j] = c.n, c.p
			if j%2 == 1 {
				nv[j], pv[j] = compN, compP
			}
			hv[j] = -math.Log1p(-pv[j])
		}
		samplers := map[string]func(src *Source, out []int64){
			"Binomials":       func(src *Source, out []int64) { Binomials(src, nv, pv, out) },
			"BinomialHazards": func(src *Source, out []int64) { BinomialHazards(src, nv, hv, out) },
		}
		for sname, fill := range samplers {
			t.Run(sname+"/"+name, func(t *testing.T) {
				t.Parallel()
				dc := binomialCase("BTRS lanes/"+sname+"/"+name, c.n, c.p, drawCount(t, 400_000))
				dc.draw = batchedDraw(fill)
				checkDistribution(t, dc)
			})
		}
	}
}

// TestBTRSLogRatioLane checks the BTRS kernel's log f(k)/f(m)
// (btrsLogRatioLane) against the sum of the logarithms of the product
// recursion f(i)/f(i−1) = (n−i+1)p/(i·q) from m to k, at every k within
// 12 standard deviations of the mode: within 10⁻¹² absolute (the
// reference's error is about |k − m|·10⁻¹⁶ ≤ 3·10⁻¹⁴; math.Lgamma's
// differences, off by 10⁻¹¹ at n = 3 000, are too coarse).
func TestBTRSLogRatioLane(t *testing.T) {
	for _, c := range []struct {
		n int64
		p float64
	}{{30, 0.5}, {75, 0.5}, {200, 0.2}, {3_000, 0.08}, {100_000, 0.003}} {
		nf, q := float64(c.n), 1-c.p
		m := math.Floor((nf + 1) * c.p)
		step := func(i float64) float64 { return math.Log((nf - i + 1) * c.p / (i * q)) } // log f(i)/f(i−1)
		sd := math.Sqrt(nf * c.p * q)
		want := 0.0
		for k := m + 1; k <= math.Min(nf, m+12*sd); k++ {
			want += step(k)
			require.InDelta(t, want, btrsLogRatioLane(nf, m, k-m, c.p, q), 1e-12, "n = %d, p = %g, k = %g", c.n, c.p, k)
		}
		want = 0
		for k := m - 1; k >= math.Max(0, m-12*sd); k-- {
			want -= step(k + 1)
			require.InDelta(t, want, btrsLogRatioLane(nf, m, k-m, c.p, q), 1e-12, "n = %d, p = %g, k = %g", c.n, c.p, k)
		}
	}
}

// TestPTRSRoundEqualsGeneric checks that every PTRS round kernel this CPU
// runs returns, lane for lane, ptrsTrialGeneric's values with the test, on
// means from 10 to 5·10⁸ with uniforms that include 0, ½ and 1 − 2⁻⁵³ and
// v = 0; and that the pure-Go kernel decides as the scalar trial
// ([ptrs.trial]) does, with and without the test.
func TestPTRSRoundEqualsGeneric(t *testing.T) {
	const n = 4096
	src := NewSource(7, "ptrs lanes", 0)
	u, v := edgeUniforms(src, n)
	mean := make([]float64, n)
	for j := range n {
		mean[j] = 10 + math.Exp(20*Uniform(src)*Uniform(src)) // 11 … 5·10⁸, mostly small
	}
	want, wantS := make([]int64, n), make([]int64, n)
	ptrsTrialGeneric(u, v, mean, want, true)
	ptrsTrialGeneric(u, v, mean, wantS, false)
	tested := 0
	for j := range n {
		k, ok := func() (int64, bool) { t := newPTRS(mean[j]); return t.trial(u[j], v[j]) }()
		if !ok {
			k = -1
		}
		require.Equal(t, k, want[j], "PTRS lane %d (mean %g, u %g, v %g)", j, mean[j], u[j], v[j])
		if wantS[j] == -3 {
			tested++
			continue
		}
		require.Equal(t, want[j], wantS[j], "PTRS lane %d: the squeeze's decision", j)
	}
	assert.Greater(t, tested, n/10, "many PTRS trials need the test")
	withInvImpls(func(name string) {
		got := make([]int64, n)
		var scratch [ptrsRoundScratch]float64
		for lo := 0; lo < n; lo += BlockSize {
			ptrsRound(u[lo:lo+BlockSize], v[lo:lo+BlockSize], mean[lo:lo+BlockSize], got[lo:lo+BlockSize], &scratch)
		}
		assert.Equal(t, want, got, name)
	})
}

// TestPTRSLogPMFLane checks the PTRS kernel's log f(k) (ptrsLogPMFLane)
// against the scalar sampler's Loader form (logPoissonPMF, within 10⁻¹⁴ of
// the exact value at μ = 10⁶, k = μ − 12σ by mpmath) at every k within 12
// standard deviations of means from 10 to 10⁶: within 10⁻¹³ + 2⁻⁵⁰·|k −
// μ|. The lane form's bd0 = k·log1p((k − μ)/μ) + (μ − k) adds two terms of
// size |k − μ| that cancel to about (k − μ)²/2μ, so their roundings leave
// an error of a few ulp of |k − μ| (4.3·10⁻¹³ at μ = 10⁴, k − μ = −1 144;
// 1.2·10⁻¹² at μ = 10⁶, k − μ = −12 000, relative 1.5·10⁻¹⁴), where the
// scalar's series near the mean has none.
func TestPTRSLogPMFLane(t *testing.T) {
	for _, mu := range []float64{10, 49.99, 180.3, 1e4, 1e6} {
		sd := math.Sqrt(mu)
		for k := math.Max(0, math.Ceil(mu-12*sd)); k <= mu+12*sd; k++ {
			tol := 1e-13 + 0x1p-50*math.Abs(k-mu)
			require.InDelta(t, logPoissonPMF(k, mu), ptrsLogPMFLane(k, mu), tol, "mean %g, k = %g", mu, k)
		}
	}
	assert.Equal(t, -30.0, ptrsLogPMFLane(0, 30))
}
