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

// TestBinomialBranchEdges checks both sides of the inversion/BTPE switch at
// n·p = 30 (SPEC §6.4), directly and through the p > ½ reflection, plus BTPE
// at the smallest n it can see and at n far beyond the grid.
func TestBinomialBranchEdges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		n    int64
		p    float64
		btpe bool // n·min(p, 1−p) ≥ 30
		m    int
	}{
		{"np=29.99", 2999, 0.01, false, 400_000},
		{"np=30", 3000, 0.01, true, 400_000},
		{"np=29.99,reflected", 2999, 0.99, false, 400_000},
		{"np=30,reflected", 3000, 0.99, true, 400_000},
		{"np=29.99,n=59998", 59998, 29.99 / 59998, false, 400_000},
		{"np=30,n=60", 60, 0.5, true, 400_000},
		{"n=1e12,np=1000", 1e12, 1e-9, true, 100_000},
		{"n=1e12,p=0.3", 1e12, 0.3, true, 100_000},
		{"n=2^53,p=1e-6", MaxBinomialN, 1e-6, true, 100_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			pl := min(tt.p, 1-tt.p)
			require.Equal(t, tt.btpe, float64(tt.n)*pl >= binomialInversionLimit,
				"case does not hit the intended branch: n·p = %.17g", float64(tt.n)*pl)
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
	}{{1, 0.5}, {10, 0.5}, {59, 0.5}, {1000, 0.0299}, {1e9, 2.999e-8}, {MaxBinomialN, 1e-15}}
	for _, tt := range tests {
		q := 1 - tt.p
		qn := math.Exp(float64(tt.n) * math.Log1p(-tt.p))
		for _, u := range us {
			x, ok := binomialSearch(u, qn, tt.p/q, tt.n)
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
	}{{0, 0.5}, {50, 0.01}, {1000, 0.1}, {1e6, 0.3}, {1e6, 0.7}, {1e9, 0.5}} {
		allocs := testing.AllocsPerRun(1000, func() { Binomial(src, tt.n, tt.p) })
		assert.Zero(t, allocs, "n=%d p=%g", tt.n, tt.p)
	}
}
