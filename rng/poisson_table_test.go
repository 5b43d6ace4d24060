package rng

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// poissonTableMeans are the means the table is tested at: the point mass,
// tiny and small means (the table starts at 0), He et al.'s daily births
// of a small town (3), of London (190: about 70 000 a year / 365.25) and
// of London's school-entry cohort day (39 000: 0.557 of a year's births),
// and means where the table starts well above 0.
var poissonTableMeans = []float64{0, 1e-3, 0.5, 3, 30, 190, 1000, 39_000}

// TestPoissonTableGrid runs the SPEC §6.4 mean / variance / shape checks
// (checkDistribution, the same as TestPoissonGrid's) on the table's draws.
func TestPoissonTableGrid(t *testing.T) {
	t.Parallel()
	for _, mean := range poissonTableMeans[1:] {
		name := fmt.Sprintf("mean=%g", mean)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var tab PoissonTable
			tab.Set(mean)
			c := poissonCase("PoissonTable/"+name, mean, drawCount(t, 400_000))
			c.draw = tab.Draw
			checkDistribution(t, c)
		})
	}
}

// TestPoissonTableInvert: the table's cdf is Poisson's (gonum's, from the
// regularised incomplete gamma function) to 10⁻¹² absolute, the cut tails
// hold below 2⁻⁷⁶ of mass, and Invert returns the least x with u < F(x)
// on both sides of every tabulated partial sum (so the guide table never
// starts a search past X).
func TestPoissonTableInvert(t *testing.T) {
	for _, mean := range poissonTableMeans {
		t.Run(fmt.Sprintf("mean=%g", mean), func(t *testing.T) {
			var tab PoissonTable
			tab.Set(mean)
			require.Positive(t, tab.n)
			cdf := tab.cdf[:tab.n]
			if mean > 0 {
				d := distuv.Poisson{Lambda: mean}
				if tab.lo > 0 {
					// 10⁻¹² absolute: the partial sums' and gonum's
					// rounding, far below the uniforms' use of the cdf.
					assert.Less(t, d.CDF(float64(tab.lo-1)), 0x1p-76, "mass cut below lo = %d", tab.lo)
				}
				last := tab.lo + int64(len(cdf)) - 1
				assert.Less(t, d.Survival(float64(last)), 0x1p-76, "mass cut above %d", last)
				for k, c := range cdf {
					require.InDelta(t, d.CDF(float64(tab.lo+int64(k))), c, 1e-12, "F(%d)", tab.lo+int64(k))
				}
			}
			prev := 0.0
			for k, c := range cdf {
				if c > prev { // values of zero mass (a partial sum equal to the last) are never drawn
					x, ok := tab.Invert(prev)
					require.True(t, ok)
					assert.Equal(t, tab.lo+int64(k), x, "u = F(%d) = %v", tab.lo+int64(k)-1, prev)
					x, ok = tab.Invert(math.Nextafter(c, 0))
					require.True(t, ok)
					assert.Equal(t, tab.lo+int64(k), x, "u just below F(%d) = %v", tab.lo+int64(k), c)
				}
				prev = c
			}
			if last := cdf[len(cdf)-1]; last < 1 {
				_, ok := tab.Invert(last)
				assert.False(t, ok, "u at the last partial sum lies in the rejected gap")
			}
			_, ok := tab.Invert(math.Nextafter(1, 0))
			assert.Equal(t, cdf[len(cdf)-1] == 1, ok, "the largest uniform: rejected unless the sum reaches 1")
		})
	}
}

// TestPoissonTableSet: Set rebuilds only when the mean's bits change, and
// a rebuilt table is the same as a fresh one; means outside [0, 10⁶]
// panic.
func TestPoissonTableSet(t *testing.T) {
	var tab PoissonTable
	tab.Set(190)
	first := &tab.cdf[0]
	tab.Set(190)
	assert.Same(t, first, &tab.cdf[0], "the same mean keeps the table")
	tab.Set(3)
	var fresh PoissonTable
	fresh.Set(3)
	assert.Equal(t, fresh.lo, tab.lo)
	assert.Equal(t, fresh.cdf, tab.cdf)
	assert.Equal(t, fresh.guide, tab.guide)
	assert.Equal(t, 3.0, tab.Mean())
	for _, bad := range []float64{-1, math.NaN(), math.Inf(1), PoissonTableMaxMean * 2} {
		assert.Panics(t, func() { tab.Set(bad) }, "mean %g", bad)
	}
	assert.NotPanics(t, func() { tab.Set(PoissonTableMaxMean) })
}

// TestPoissonsTabled: PoissonsTabled is Draw lane by lane on the same
// stream, each lane from its own table (one uniform per draw, no gap at
// these sizes), allocates nothing, and mean 0 gives zeros while still
// taking its uniforms.
func TestPoissonsTabled(t *testing.T) {
	tables := make([]PoissonTable, 3)
	for k, mean := range []float64{0, 190, 3} {
		tables[k].Set(mean)
	}
	const n = 3*BlockSize + 7 // several runs and a partial one
	which := make([]int32, n)
	for j := range which {
		which[j] = int32(j % 3)
	}
	got := make([]int64, n)
	PoissonsTabled(NewSource(testSeed, "PoissonsTabled", 0), tables, which, got)
	src := NewSource(testSeed, "PoissonsTabled", 0)
	for j, k := range which {
		require.Equal(t, tables[k].Draw(src), got[j], "draw %d", j)
		if k == 0 {
			require.Zero(t, got[j])
		}
	}
	a, b := NewSource(testSeed, "PoissonsTabled", 0), NewSource(testSeed, "PoissonsTabled", 0)
	PoissonsTabled(a, tables, which, got)
	for range n {
		Uniform(b)
	}
	assert.Equal(t, Uniform(b), Uniform(a), "one uniform per draw")
	allocs := testing.AllocsPerRun(10, func() { PoissonsTabled(a, tables, which, got) })
	assert.Zero(t, allocs)
}
