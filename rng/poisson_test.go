package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPoissonGrid runs the SPEC §6.4 mean / variance / shape checks for means
// {1e−4, 0.1, 1, 9.99, 10, 30, 100, 10⁴, 10⁷} with m = 4·10⁵ draws, plus the
// two sides of every threshold: 19.99 and 20 (inversion/PTRS switch), and
// 1.999, 2, 5.999 and 6 (the inversion's chunk-length switches,
// searchChunk). PTRS's acceptance test uses the product recursion for
// |k − ⌊mean⌋| ≤ 20 and the log pmf beyond: means 20 and 30 mostly hit the
// first, 100 both, 10⁴ the second. Means far beyond the grid check the
// large-mean precision of PTRS.
func TestPoissonGrid(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		mean  float64
		chunk int64
	}{{1.999, 4}, {2, 8}, {5.999, 8}, {6, 16}} {
		require.Equal(t, c.chunk, searchChunk(c.mean), "chunk switch moved: mean %g", c.mean)
	}
	require.Equal(t, 20.0, float64(poissonInversionLimit), "inversion/PTRS switch moved")
	means := []float64{1e-4, 0.1, 1, 1.999, 2, 5.999, 6, 9.99, 10, 19.99, 20, 30, 100, 1e4, 1e7}
	for _, mean := range means {
		name := fmt.Sprintf("mean=%g", mean)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkDistribution(t, poissonCase("Poisson/"+name, mean, drawCount(t, 400_000)))
		})
	}
	for _, mean := range []float64{1e12, 1e13 + 0.5} {
		name := fmt.Sprintf("mean=%g", mean)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkDistribution(t, poissonCase("Poisson/"+name, mean, drawCount(t, 100_000)))
		})
	}
}

// TestPoissonEdgeValues checks that mean 0 returns 0 and consumes no random
// numbers (SPEC §6.4).
func TestPoissonEdgeValues(t *testing.T) {
	for _, mean := range []float64{0, math.Copysign(0, -1)} {
		s := NewStreams(testSeed, "PoissonEdgeValues", 1)
		before, err := s.MarshalBinary()
		require.NoError(t, err)
		assert.Zero(t, Poisson(s.Block(0), mean))
		after, err := s.MarshalBinary()
		require.NoError(t, err)
		assert.Equal(t, before, after, "stream state changed")
	}
}

// TestPoissonPanics checks that invalid means (internal invariant violations)
// panic with a message naming the problem.
func TestPoissonPanics(t *testing.T) {
	src := NewSource(testSeed, "PoissonPanics", 0)
	tests := []struct {
		name string
		mean float64
		msg  string
	}{
		{"NaN", math.NaN(), "rng.Poisson: mean is NaN"},
		{"negative", -1, "rng.Poisson: mean = -1 is negative"},
		{"-Inf", math.Inf(-1), "rng.Poisson: mean = -Inf is negative"},
		{"+Inf", math.Inf(1), "rng.Poisson: mean = +Inf exceeds the supported maximum 2^52"},
		{"too large", 1e16, "rng.Poisson: mean = 1e+16 exceeds the supported maximum 2^52"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.PanicsWithValue(t, tt.msg, func() { Poisson(src, tt.mean) })
		})
	}
}

// TestPoissonSearchTerminates feeds the inversion search the largest uniform
// deviate, 1 − 2⁻⁵³, and its neighbours: the search must end, either with a
// value or by asking for a new deviate.
func TestPoissonSearchTerminates(t *testing.T) {
	for _, mean := range []float64{5e-324, 1e-4, 0.1, 1, 5, 9.99, 15, math.Nextafter(poissonInversionLimit, 0)} {
		for _, u := range []float64{1 - 0x1p-53, 1 - 0x1p-52, 1 - 0x1p-50, 0} {
			x, ok := poissonSearch(u, math.Exp(-mean), mean, searchChunk(mean))
			if ok {
				assert.GreaterOrEqual(t, x, int64(0))
			}
			if u == 0 {
				assert.True(t, ok)
				assert.Zero(t, x)
			}
		}
	}
}

// TestLogPoissonPMF checks the saddle-point log pmf used by PTRS against the
// direct formula where the latter is accurate (moderate k and mean), and its
// normalisation at a large mean where the direct formula is not.
func TestLogPoissonPMF(t *testing.T) {
	for _, mean := range []float64{10, 37.5, 1000} {
		for k := range int64(3 * mean) {
			kf := float64(k)
			direct := -mean + kf*math.Log(mean) - lgamma(kf+1)
			// Direct formula: magnitudes ≤ ~10⁴, so absolute error ≲ 10⁻¹¹.
			assert.InDelta(t, direct, logPoissonPMF(kf, mean), 1e-10, "k=%d mean=%g", k, mean)
		}
	}
	// Σ pmf over μ ± 40σ equals 1 to within the summation error.
	mean := 1e10 + 0.25
	sigma := math.Sqrt(mean)
	var total float64
	for k := math.Floor(mean - 40*sigma); k <= mean+40*sigma; k++ {
		total += math.Exp(logPoissonPMF(k, mean))
	}
	assert.InDelta(t, 1, total, 1e-9)
}

// TestPoissonAllocs checks that every branch allocates nothing.
func TestPoissonAllocs(t *testing.T) {
	src := NewSource(testSeed, "PoissonAllocs", 0)
	for _, mean := range []float64{0, 0.5, 5, 10, 1e4, 1e9} {
		allocs := testing.AllocsPerRun(1000, func() { Poisson(src, mean) })
		assert.Zero(t, allocs, "mean=%g", mean)
	}
}

// TestBd0 checks the fixed-polynomial bd0 against Loader's series summed to
// convergence (the reference form, 2000) across |v| < 0.1, and against the
// direct formula where that has no cancellation.
func TestBd0(t *testing.T) {
	series := func(x, mu float64) float64 {
		v := (x - mu) / (x + mu)
		s := (x - mu) * v
		ej := 2 * x * v
		for j := 3.0; ; j += 2 {
			ej *= v * v
			s1 := s + ej/j
			if s1 == s {
				return s1
			}
			s = s1
		}
	}
	for _, mu := range []float64{10, 37.5, 1e4, 1e12} {
		for _, r := range []float64{0.82, 0.9, 0.99, 0.999999, 1, 1.000001, 1.01, 1.1, 1.22} {
			x := math.Round(mu * r)
			want := series(x, mu)
			// Both sums are accurate to a few ulps of the result.
			assert.InDelta(t, want, bd0(x, mu), 1e-14*math.Abs(want)+1e-300, "x=%g mu=%g", x, mu)
		}
		// Far from μ the direct formula is used and exact to rounding.
		x := 3 * mu
		assert.InDelta(t, x*math.Log(3)+mu-x, bd0(x, mu), 1e-14*x)
	}
}
