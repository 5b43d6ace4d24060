package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBinomialGrid runs the SPEC §6.4 mean / variance / shape checks over the
// grid n ∈ {1, 10, 100, 10³, 10⁴, 10⁶, 10⁹} × p ∈ {1e−6, 1e−4, 0.01, 0.1, 0.3,
// 0.5, 0.7, 0.97, 0.999} with m = 4·10⁵ draws (10⁵ for n = 10⁹).
func TestBinomialGrid(t *testing.T) {
	t.Parallel()
	ns := []int64{1, 10, 100, 1e3, 1e4, 1e6, 1e9}
	ps := []float64{1e-6, 1e-4, 0.01, 0.1, 0.3, 0.5, 0.7, 0.97, 0.999}
	for _, n := range ns {
		for _, p := range ps {
			m := 400_000
			if n == 1e9 {
				m = 100_000
			}
			name := fmt.Sprintf("n=%d,p=%g", n, p)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				checkDistribution(t, binomialCase("Binomial/"+name, n, p, drawCount(t, m)))
			})
		}
	}
}

// binomialBranch names the branch binomialLow takes for (n, p) after the
// p > ½ reflection, recomputed from the thresholds.
func binomialBranch(n int64, p float64) string {
	pl := min(p, 1-p)
	switch {
	case float64(n)*pl >= binomialInversionLimit:
		return "btrs"
	case n <= binomialPowMax:
		return "inversion,pow"
	}
	return fmt.Sprintf("inversion,chunk%d", searchChunk(float64(n)*pl))
}

// TestBinomialBranchEdges checks both sides of every threshold (SPEC §6.4):
// inversion/BTRS at n·p = 15, directly and through the p > ½ reflection; qⁿ
// by product (n ≤ 4) or by exp (n ≥ 5); the inversion chunk length at
// n·p = 2 and 6; BTRS at the smallest n it can see (n = 20, p = ½), where its
// acceptance test uses the product recursion for every |k − m| ≤ 20, and at
// n·p·q on both sides of 2·(20+1) = 42 plus a margin, where BTPE's quadratic
// squeeze (20 < |k − m| < n·p·q/2 − 1) becomes reachable; and n far beyond
// the grid.
func TestBinomialBranchEdges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		n      int64
		p      float64
		branch string
		m      int
	}{
		{"np=14.99", 1499, 0.01, "inversion,chunk16", 400_000},
		{"np=15", 1500, 0.01, "btrs", 400_000},
		{"np=14.99,reflected", 1499, 0.99, "inversion,chunk16", 400_000},
		{"np=15,reflected", 1500, 0.99, "btrs", 400_000},
		{"np=14.99,n=59998", 59998, 14.99 / 59998, "inversion,chunk16", 400_000},
		{"np=15,n=30", 30, 0.5, "btrs", 400_000},
		{"np=15,n=31", 31, 15.0 / 31, "btrs", 400_000},
		{"np=9.99", 999, 0.01, "inversion,chunk16", 400_000},
		{"np=10", 1000, 0.01, "inversion,chunk16", 400_000},
		{"n=4,p=0.4", 4, 0.4, "inversion,pow", 400_000},
		{"n=5,p=0.4", 5, 0.4, "inversion,chunk8", 400_000},
		{"n=4,p=0.7", 4, 0.7, "inversion,pow", 400_000},
		{"n=5,p=0.3", 5, 0.3, "inversion,chunk4", 400_000},
		{"n=5,p=0.05", 5, 0.05, "inversion,chunk4", 400_000},
		{"np=1.999", 1999, 0.001, "inversion,chunk4", 400_000},
		{"np=2", 2000, 0.001, "inversion,chunk8", 400_000},
		{"np=5.999", 5999, 0.001, "inversion,chunk8", 400_000},
		{"np=6", 6000, 0.001, "inversion,chunk16", 400_000},
		{"npq=43,no squeeze", 430, 0.1127, "btrs", 400_000},
		{"npq=48.6,squeeze", 460, 0.12, "btrs", 400_000},
		{"n=1e12,np=1000", 1e12, 1e-9, "btrs", 100_000},
		{"n=1e12,p=0.3", 1e12, 0.3, "btrs", 100_000},
		{"n=2^53,p=1e-6", MaxBinomialN, 1e-6, "btrs", 100_000},
		{"n=2^53,np=14.9", MaxBinomialN, 14.9 / MaxBinomialN, "inversion,chunk16", 100_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tt.branch, binomialBranch(tt.n, tt.p),
				"case does not hit the intended branch: n·p = %.17g", float64(tt.n)*min(tt.p, 1-tt.p))
			checkDistribution(t, binomialCase("BinomialEdge/"+tt.name, tt.n, tt.p, drawCount(t, tt.m)))
		})
	}
}

// TestBinomialEdgeValues checks the exact results of n = 0, p ≤ 0 and p ≥ 1,
// and that they consume no random numbers (SPEC §6.4).
func TestBinomialEdgeValues(t *testing.T) {
	tests := []struct {
		name string
		n    int64
		p    float64
		want int64
	}{
		{"n=0", 0, 0.3, 0},
		{"n=0,p=1", 0, 1, 0},
		{"p=0", 10, 0, 0},
		{"p=-0", 10, math.Copysign(0, -1), 0},
		{"p<0", 10, -0.5, 0},
		{"p=-Inf", 10, math.Inf(-1), 0},
		{"p=1", 10, 1, 10},
		{"p>1", 10, 1.5, 10},
		{"p=+Inf", 10, math.Inf(1), 10},
		{"p=1,n=1e9", 1e9, 1, 1e9},
		{"p=1,n=max", MaxBinomialN, 1, MaxBinomialN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewStreams(testSeed, "BinomialEdgeValues", 1)
			before, err := s.MarshalBinary()
			require.NoError(t, err)
			assert.Equal(t, tt.want, Binomial(s.Block(0), tt.n, tt.p))
			after, err := s.MarshalBinary()
			require.NoError(t, err)
			assert.Equal(t, before, after, "stream state changed")
		})
	}
}

// TestBinomialPanics checks that invalid inputs (internal invariant
// violations) panic with a message naming the problem.
func TestBinomialPanics(t *testing.T) {
	src := NewSource(testSeed, "BinomialPanics", 0)
	tests := []struct {
		name string
		n    int64
		p    float64
		msg  string
	}{
		{"negative n", -1, 0.5, "rng.Binomial: n = -1 is negative"},
		{"negative n, p=0", -5, 0, "rng.Binomial: n = -5 is negative"},
		{"huge n", MaxBinomialN + 1, 0.5, "rng.Binomial: n = 9007199254740993 exceeds the supported maximum 2^53"},
		{"NaN p", 10, math.NaN(), "rng.Binomial: p is NaN"},
		{"NaN p, n=0", 0, math.NaN(), "rng.Binomial: p is NaN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.PanicsWithValue(t, tt.msg, func() { Binomial(src, tt.n, tt.p) })
		})
	}
}

// TestBinomialSearchTerminates feeds the inversion search the largest uniform
// deviate, 1 − 2⁻⁵³, and its neighbours: the search must end, either with a
// value in [0, n] or by asking for a new deviate.
func TestBinomialSearchTerminates(t *testing.T) {
	us := []float64{1 - 0x1p-53, 1 - 0x1p-52, 1 - 0x1p-50, 0}
	tests := []struct {
		n int64
		p float64
	}{{1, 0.5}, {10, 0.5}, {29, 0.5}, {1000, 0.01499}, {1e9, 14.99e-9}, {MaxBinomialN, 1e-15}}
	for _, tt := range tests {
		q := 1 - tt.p
		qn := math.Exp(float64(tt.n) * math.Log1p(-tt.p))
		// The same qⁿ as binomialInversion up to rounding; the search only
		// needs some value in (0, 1].
		for _, u := range us {
			x, ok := binomialSearch(u, qn, tt.p/q, tt.n, searchChunk(float64(tt.n)*tt.p))
			if ok {
				assert.GreaterOrEqual(t, x, int64(0))
				assert.LessOrEqual(t, x, tt.n)
			}
			if u == 0 {
				assert.True(t, ok)
				assert.Zero(t, x)
			}
		}
	}
}

// TestBinomialAllocs checks that every branch allocates nothing.
func TestBinomialAllocs(t *testing.T) {
	src := NewSource(testSeed, "BinomialAllocs", 0)
	for _, tt := range []struct {
		n int64
		p float64
	}{{0, 0.5}, {3, 0.2}, {50, 0.01}, {1000, 0.005}, {1000, 0.1}, {1e6, 0.3}, {1e6, 0.7}, {1e9, 0.5}} {
		allocs := testing.AllocsPerRun(1000, func() { Binomial(src, tt.n, tt.p) })
		assert.Zero(t, allocs, "n=%d p=%g", tt.n, tt.p)
		h := -math.Log1p(-tt.p)
		allocs = testing.AllocsPerRun(1000, func() { BinomialHazard(src, tt.n, h) })
		assert.Zero(t, allocs, "BinomialHazard n=%d hazard=%g", tt.n, h)
	}
}

// TestBinomialLogRatio checks BTRS's log f(m+d)/f(m) (Stirling form) against
// log-gamma, and that BTPE's squeeze t ± ρ brackets it wherever accept uses
// it (20 < |d| < n·p·q/2 − 1).
func TestBinomialLogRatio(t *testing.T) {
	for _, tt := range []struct {
		n int64
		p float64
	}{{20, 0.5}, {460, 0.12}, {1000, 0.1}, {1e4, 0.0029}, {1e6, 0.3}} {
		nf, q := float64(tt.n), 1-tt.p
		npq := nf * tt.p * q
		m := int64(nf*tt.p + tt.p)
		logf := func(k int64) float64 {
			kf := float64(k)
			return -lgamma(kf+1) - lgamma(nf-kf+1) + kf*math.Log(tt.p) + (nf-kf)*math.Log1p(-tt.p)
		}
		for d := -min(m, 60); d <= min(tt.n-m, 60); d++ {
			got := binomialLogRatio(tt.n, m, m+d, tt.p, q)
			want := logf(m+d) - logf(m)
			// log-gamma differences at n = 10⁶ carry ~10⁻⁹ absolute rounding
			// error (|log Γ| ≈ 10⁷ times 2⁻⁵²); the Stirling form is far better.
			assert.InDelta(t, want, got, 1e-8, "n=%d p=%g d=%d", tt.n, tt.p, d)
			kf := math.Abs(float64(d))
			if kf > ratioSteps && kf < npq/2-1 {
				rho := (kf / npq) * ((kf*(kf/3+0.625)+1.0/6)/npq + 0.5)
				tq := -kf * kf / (2 * npq)
				assert.True(t, tq-rho <= want && want <= tq+rho, "squeeze misses: n=%d p=%g d=%d", tt.n, tt.p, d)
			}
		}
	}
}
