package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestEulerMultinomials checks the two-route step's laws on lanes of a He et
// al.-like day (dt = 1/365.25 year): the leavers' mean n·(1 − e^(−(r1+r2)·dt))
// and the first route's mean leave·r1/(r1 + r2), each within 5 standard
// errors (binomial variances) over m = 2·10⁵ lanes; zero rates leave none;
// and a lane with r2 = 0 sends every leaver by the first route.
func TestEulerMultinomials(t *testing.T) {
	const m, dt = 200_000, 1 / 365.25
	for _, c := range []struct {
		n      int64
		r1, r2 float64
	}{{100_000, 0.9, 0.02}, {2_000, 28.9, 0.02}, {2_000, 30.4, 0.02}, {50, 365, 0}, {1_000, 0, 0}} {
		t.Run(fmt.Sprintf("n=%d,r1=%g,r2=%g", c.n, c.r1, c.r2), func(t *testing.T) {
			src := NewSource(testSeed, "EulerMultinomials", uint64(c.n))
			n, r1, r2 := make([]int64, m), make([]float64, m), make([]float64, m)
			for j := range n {
				n[j], r1[j], r2[j] = c.n, c.r1, c.r2
			}
			first, leave := make([]int64, m), make([]int64, m)
			EulerMultinomials(src, n, r1, r2, dt, first, leave)
			var sumL, sumF, sumL2 float64
			for j := range n {
				sumL += float64(leave[j])
				sumF += float64(first[j])
				sumL2 += float64(leave[j]) * float64(leave[j])
				if c.r2 == 0 {
					assert.Equal(t, leave[j], first[j])
				}
			}
			p := -math.Expm1(-(c.r1 + c.r2) * dt)
			if c.r1+c.r2 == 0 {
				assert.Zero(t, sumL)
				return
			}
			nf := float64(c.n)
			countChecks(2)
			assert.InDelta(t, nf*p, sumL/m, zBound*math.Sqrt(nf*p*(1-p)/m), "leavers' mean")
			share := c.r1 / (c.r1 + c.r2)
			// first = Binomial(n, p·share) overall (thinning), variance n·p·share·(1 − p·share).
			q := p * share
			assert.InDelta(t, nf*q, sumF/m, zBound*math.Sqrt(nf*q*(1-q)/m), "first route's mean")
		})
	}
	assert.Panics(t, func() {
		EulerMultinomials(NewSource(1, "x", 0), []int64{1}, []float64{-1}, []float64{0}, 1, make([]int64, 1), make([]int64, 1))
	})
}

// TestRareRoutes runs the SPEC §6.4 binomial checks (mean, variance,
// chi-square shape; checkDistribution's bounds) on rareRoutes, the
// geometric skipping of EulerMultinomials' rare route: the even lanes carry
// the case's Binomial(n, q), the odd lanes a companion's. With the companion
// at twice q (capped at ½) the case's lanes are thinned (a candidate counts
// with probability q/qmax); with the companion at a third of q they hold
// qmax and count every candidate. The cases span the rare routes of a He
// et al. day (q ≈ 7·10⁻⁴ among ~160 leavers) to q = ½, the largest rare
// share.
func TestRareRoutes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n int64
		q float64
	}{{160, 7e-4}, {1_000, 1e-4}, {100, 0.01}, {10, 0.3}, {50, 0.5}, {1, 0.2}} {
		for _, comp := range []struct {
			name   string
			factor float64
		}{{"thinned", 2}, {"qmax", 1.0 / 3}} {
			name := fmt.Sprintf("rareRoutes/%s/n=%d,q=%g", comp.name, c.n, c.q)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				n, q := make([]int64, BlockSize), make([]float64, BlockSize)
				qmax := 0.0
				for j := range n {
					n[j], q[j] = c.n, c.q
					if j%2 == 1 {
						n[j], q[j] = 2*c.n+3, min(c.q*comp.factor, 0.5)
					}
					qmax = max(qmax, q[j])
				}
				d := binomialCase(name, c.n, c.q, drawCount(t, 400_000))
				d.draw = batchedDraw(func(src *Source, out []int64) { rareRoutes(src, n, q, qmax, leavers(n), out) })
				checkDistribution(t, d)
			})
		}
	}
}

// rareRoutesWalk is rareRoutes as it was before the early exit and the
// integer walk: every gap walks the lanes in float64 until it lands in one
// or passes the last. TestRareRoutesStream holds rareRoutes to it, draw
// for draw.
func rareRoutesWalk(src *Source, n []int64, q []float64, qmax float64, out []int64) {
	clear(out)
	if qmax <= 0 {
		return
	}
	logq := fastLog1p(-qmax)
	j, end := 0, float64(n[0])
	pos := -1.0
	for {
		g := math.Floor(fastLog(1-Uniform(src)) / logq)
		if pos += g + 1; !(pos < math.MaxInt64) {
			return
		}
		for pos >= end {
			if j++; j == len(n) {
				return
			}
			end += float64(n[j])
		}
		if q == nil || q[j] == qmax || Uniform(src)*qmax < q[j] {
			out[j]++
		}
	}
}

// TestRareRoutesStream checks that rareRoutes leaves the counts and the
// stream exactly where the plain walk does, on runs with empty lanes
// (first, last, inner), thinned and unthinned, few and many candidates.
func TestRareRoutesStream(t *testing.T) {
	for _, c := range []struct {
		name string
		m    int
		n    func(j int) int64
		q    func(j int) float64 // nil: no thinning
	}{
		{"const", BlockSize, func(int) int64 { return 40 }, nil},
		{"one-lane", 1, func(int) int64 { return 7 }, nil},
		{"empty-ends", 37, func(j int) int64 { return int64(j % 5 * (j % 36)) }, func(j int) float64 { return 0.01 * float64(j%4+1) }},
		{"thinned", BlockSize, func(j int) int64 { return int64(j%9) * 3 }, func(j int) float64 { return 0.002 * float64(j%7) }},
		{"dense", 64, func(j int) int64 { return 1000 }, func(j int) float64 { return 0.3 + 0.2*float64(j%2) }},
		{"all-empty", 16, func(int) int64 { return 0 }, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, q := make([]int64, c.m), []float64(nil)
			for j := range n {
				n[j] = c.n(j)
			}
			qmax := 0.04
			if c.q != nil {
				q, qmax = make([]float64, c.m), 0.0
				for j := range q {
					q[j] = c.q(j)
					qmax = max(qmax, q[j])
				}
			}
			got, want := make([]int64, c.m), make([]int64, c.m)
			for seed := range uint64(200) {
				a, b := NewSource(seed, "rare", 0), NewSource(seed, "rare", 0)
				rareRoutes(a, n, q, qmax, leavers(n), got)
				rareRoutesWalk(b, n, q, qmax, want)
				assert.Equal(t, want, got, "seed %d", seed)
				assert.Equal(t, b.Uint64(), a.Uint64(), "stream after, seed %d", seed)
			}
		})
	}
}

// TestSkipLogMargin checks rareRoutes' early end at its edge: a uniform
// just above (trials left)·|log(1 − qmax)|·skipLogMargin gives a gap of at
// least the trials left by the logarithm too, for shares from 10⁻¹² to ½
// and 1 to 2⁵² trials left.
func TestSkipLogMargin(t *testing.T) {
	src := NewSource(testSeed, "skipLogMargin", 0)
	for range 200_000 {
		qmax := math.Exp(-Uniform(src)*27) / 2
		r := math.Floor(math.Exp(Uniform(src) * 36))
		logq := fastLog1p(-qmax)
		thr := r * (-logq * skipLogMargin)
		if thr >= 1 {
			continue
		}
		// The smallest uniform (a multiple of 2⁻⁵³) above thr, and its next.
		for _, u := range []float64{math.Floor(thr*0x1p53+1) * 0x1p-53, math.Floor(thr*0x1p53+2) * 0x1p-53} {
			if u >= 1 {
				continue
			}
			g := math.Floor(fastLog(1-u) / logq)
			assert.GreaterOrEqual(t, g, r, "qmax %g, r %g, u %g", qmax, r, u)
		}
	}
}
