package rng

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// gammaTableShapes are the tested shapes: the table's ends (0.01 and 10⁶),
// the use case's range 0.05 … 10 with London's dt/σ_SE² = (1/365.25)/0.0878²
// ≈ 0.355, the exponential (1), and 10⁴ (as TestGammaMoments).
var gammaTableShapes = []float64{0.01, 0.05, 0.355, 1, 2.5, 10, 1e4, 1e6}

// tableDraws returns a draw function that hands out the values of Draws
// called over lanes lanes at a time.
func tableDraws(src *Source, tab *GammaTable, lanes int) func() float64 {
	out := make([]float64, lanes)
	next := lanes
	return func() float64 {
		if next == lanes {
			tab.Draws(src, out)
			next = 0
		}
		next++
		return out[next-1]
	}
}

// TestGammaTableMoments runs TestGammaMoments's checks (mean and variance
// within zBound standard errors, the Kolmogorov–Smirnov distance to gonum's
// Gamma CDF below ksCritical/√m, with m = 4·10⁵ draws) on GammaTable.
func TestGammaTableMoments(t *testing.T) {
	t.Parallel()
	for _, shape := range gammaTableShapes {
		t.Run(fmt.Sprintf("shape=%g", shape), func(t *testing.T) {
			t.Parallel()
			var tab GammaTable
			tab.Set(shape)
			src := NewSource(testSeed, fmt.Sprintf("GammaTable/shape=%g", shape), 0)
			// 3·256 + 17 lanes: Draws splits them into runs, the last one
			// not a multiple of 8 (the SIMD kernel's tail in Go).
			checkGamma(t, shape, tableDraws(src, &tab, 3*BlockSize+17))
		})
	}
}

// TestGammaTableTails checks the tails' pieces, the only source of draws
// beyond the strips' range: the counts of m = 4·10⁵ draws below a·e^(z_L)
// and above a·e^(z_R) against m·p with p from gonum's Gamma CDF, within
// zBound binomial standard errors. The hat of each tail has 10⁻³ of f's
// area, so p is at most about 10⁻³ and each count expects up to a few
// hundred draws; a check needs m·p ≥ 10 (normal approximation) and is made
// only then (the right tail of the small shapes is far thinner).
func TestGammaTableTails(t *testing.T) {
	t.Parallel()
	for _, shape := range []float64{0.05, 0.355, 2.5, 10} {
		t.Run(fmt.Sprintf("shape=%g", shape), func(t *testing.T) {
			t.Parallel()
			var tab GammaTable
			tab.Set(shape)
			xl, xr := shape*math.Exp(tab.tails[0].z0), shape*math.Exp(tab.tails[1].z0)
			ref := distuv.Gamma{Alpha: shape, Beta: 1}
			m := drawCount(t, 400_000)
			draw := tableDraws(NewSource(testSeed, fmt.Sprintf("GammaTable/tails/shape=%g", shape), 0), &tab, BlockSize)
			var below, above int
			for range m {
				switch x := draw(); {
				case x < xl:
					below++
				case x > xr:
					above++
				}
			}
			mf := float64(m)
			for _, c := range []struct {
				name  string
				count int
				p     float64
			}{{"left", below, ref.CDF(xl)}, {"right", above, ref.Survival(xr)}} {
				if mf*c.p < 10 {
					continue
				}
				countChecks(1)
				assert.InDelta(t, mf*c.p, float64(c.count), zBound*math.Sqrt(mf*c.p*(1-c.p)), "%s tail: %d draws", c.name, c.count)
			}
			assert.Positive(t, below, "the left tail is drawn")
		})
	}
}

// TestGammaTableWedge checks the strips' slow path: the trials of the
// strip with the largest wedge (h − s) at shape 0.355 that U2 sends past
// the squeeze, accepted by the wedge test, must have the density ∝ f(z) − s
// on the strip (with the squeeze's share, uniform, the strip's law is f).
// m = 10⁵ accepted trials against that cdf (trapezoids on 10⁴ intervals,
// error far below the bound) by Kolmogorov–Smirnov, below ksCritical/√m.
func TestGammaTableWedge(t *testing.T) {
	t.Parallel()
	var tab GammaTable
	tab.Set(0.355)
	p := 0
	for i := range gammaTableStrips {
		if tab.hat[i]-tab.sq[i] > tab.hat[p]-tab.sq[p] {
			p = i
		}
	}
	z0, w, s, a := tab.d.z[p], tab.d.w, tab.sq[p], tab.shape
	const grid = 10_000
	cdf := make([]float64, grid+1)
	prev := math.Exp(gammaLogF(a, z0)) - s
	for k := 1; k <= grid; k++ {
		v := math.Exp(gammaLogF(a, z0+w*float64(k)/grid)) - s
		cdf[k] = cdf[k-1] + (prev+v)/2
		prev = v
	}
	src := NewSource(testSeed, "GammaTable/wedge", 0)
	m := drawCount(t, 100_000)
	zs := make([]float64, 0, m)
	for len(zs) < m {
		if z, ok := tab.slowTrial(src, p, 1); ok {
			zs = append(zs, z)
		}
	}
	slices.Sort(zs)
	mf := float64(m)
	var dmax float64
	for i, z := range zs {
		x := (z - z0) / w * grid
		k := min(int(x), grid-1)
		f := (cdf[k] + (x-float64(k))*(cdf[k+1]-cdf[k])) / cdf[grid]
		dmax = max(dmax, math.Abs(f-float64(i)/mf), math.Abs(float64(i+1)/mf-f))
	}
	countChecks(1)
	assert.Less(t, dmax, ksCritical/math.Sqrt(mf), "Kolmogorov–Smirnov distance of the wedge's draws")
}

// TestGammaTableSqueezeRate checks the table's design target: the squeeze
// decides at least 97 % of the trials (its area over the hats'), from the
// table's smallest shape to its largest, and Draws takes further uniforms
// (the slow path) in about that proportion: 10⁴ lanes take 2·10⁴ uniforms,
// and each of the about (1 − rate)·10⁴ ≈ 200 slow lanes 2 more for its
// wedge or tail test, plus 2 + 2 per trial it restarts (rejections are
// rarer than 1 in 2, so under 4 extra uniforms per slow lane on average);
// the bound 8·(1 − rate)·10⁴ leaves a factor 2 for that and for the
// count's Poisson spread (√200 ≈ 14). The strips' range stays within the
// SIMD exp's (expLane: −700 ≤ Z − z_R).
func TestGammaTableSqueezeRate(t *testing.T) {
	for _, shape := range gammaTableShapes {
		t.Run(fmt.Sprintf("shape=%g", shape), func(t *testing.T) {
			var tab GammaTable
			tab.Set(shape)
			var sq, hat float64
			for i := range gammaTableStrips {
				sq += tab.sq[i] * tab.d.w
				hat += tab.hat[i] * tab.d.w
			}
			for _, tl := range tab.tails {
				hat += math.Exp(tl.lf0) / math.Abs(tl.b)
			}
			rate := sq / hat
			assert.GreaterOrEqual(t, rate, 0.97, "squeeze's share of the hat")
			assert.Less(t, tab.d.zr-tab.tails[0].z0, 700.0, "Z − z_R within expLane's range")
			const lanes = 10_000
			src := NewSource(testSeed, "GammaTable/slow", 0)
			tab.Draws(src, make([]float64, lanes))
			extra := 0
			for ref := NewSource(testSeed, "GammaTable/slow", 0); *ref != *src; extra++ {
				Uniform(ref)
				// far beyond the 2 per lane and the slow lanes' few
				require.Less(t, extra, 3*lanes, "the stream is not where Draws should leave it")
			}
			extra -= 2 * lanes
			assert.Positive(t, extra, "some lanes take the slow path")
			assert.Less(t, float64(extra), 8*(1-rate)*lanes, "slow lanes take a few uniforms each")
		})
	}
}

// TestGammaTableSet checks that Set rebuilds only when the shape's bits
// change, that the table follows a change, and that a shape outside the
// table's range draws as Gammas does, bit for bit.
func TestGammaTableSet(t *testing.T) {
	var tab GammaTable
	tab.Set(0.355)
	w := tab.d.w
	tab.d.w = -1 // a mark that only a rebuild erases
	tab.Set(0.355)
	assert.Equal(t, -1.0, tab.d.w, "same shape: no rebuild")
	next := math.Nextafter(0.355, 1)
	tab.Set(next)
	assert.InDelta(t, w, tab.d.w, 1e-12, "the next float64: rebuilt")
	assert.Equal(t, next, tab.Shape())
	for _, shape := range []float64{0.001, gammaTableMinShape / 2, gammaTableMaxShape * 2} {
		tab.Set(shape)
		shapes := make([]float64, 600) // more than two runs of 256
		for j := range shapes {
			shapes[j] = shape
		}
		got, want := make([]float64, len(shapes)), make([]float64, len(shapes))
		src, src2 := NewSource(testSeed, "GammaTable/fallback", 0), NewSource(testSeed, "GammaTable/fallback", 0)
		tab.Draws(src, got)
		Gammas(src2, shapes, want)
		assert.Equal(t, want, got, "shape %g draws as Gammas", shape)
		assert.Equal(t, *src2, *src, "shape %g: the same stream position", shape)
	}
}

// TestGammaTablePanics checks that invalid shapes panic as in Gammas, and
// that Draws before Set panics.
func TestGammaTablePanics(t *testing.T) {
	for _, shape := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		assert.Panics(t, func() { new(GammaTable).Set(shape) }, "shape %g", shape)
	}
	assert.Panics(t, func() { new(GammaTable).Draws(NewSource(1, "x", 0), make([]float64, 3)) })
}

// TestGammaTableReproducible checks that the same seed gives the same
// draws, from one table or two built for the same shape.
func TestGammaTableReproducible(t *testing.T) {
	var t1, t2 GammaTable
	t1.Set(0.355)
	t2.Set(0.355)
	a, b := make([]float64, 1000), make([]float64, 1000)
	t1.Draws(NewSource(7, "repro", 0), a)
	t2.Draws(NewSource(7, "repro", 0), b)
	assert.Equal(t, a, b)
	t1.Draws(NewSource(8, "repro", 0), b)
	assert.NotEqual(t, a, b, "another seed, other draws")
}

// TestGammaTableAllocs checks that Draws allocates nothing, in and out of
// the table's range.
func TestGammaTableAllocs(t *testing.T) {
	for _, shape := range []float64{0.355, gammaTableMaxShape * 2} {
		var tab GammaTable
		tab.Set(shape)
		src, out := NewSource(1, "allocs", 0), make([]float64, 2*BlockSize+5)
		tab.Draws(src, out) // warm the free lists
		assert.Zero(t, testing.AllocsPerRun(100, func() { tab.Draws(src, out) }), "shape %g", shape)
	}
}

// TestGammaTableDataLayout checks the offsets at which the SIMD kernel
// (gamma_table_amd64.s) reads gammaTableData.
func TestGammaTableDataLayout(t *testing.T) {
	var d gammaTableData
	for _, c := range []struct {
		name string
		got  uintptr
		want uintptr
	}{
		{"pick", unsafe.Offsetof(d.pick), 0},
		{"z", unsafe.Offsetof(d.z), 4096},
		{"wr", unsafe.Offsetof(d.wr), 8192},
		{"w", unsafe.Offsetof(d.w), 12288},
		{"zr", unsafe.Offsetof(d.zr), 12296},
		{"c", unsafe.Offsetof(d.c), 12304},
	} {
		assert.Equal(t, c.want, c.got, c.name)
	}
}

// TestGammaTableLanesEqualGeneric checks that every kernel this CPU runs
// gives gammaTableLanesGeneric's values and slow bits lane for lane, on
// the table's shapes and uniforms that include 0 and 1 − 2⁻⁵³ (both U1 and
// U2), over a run whose length is not a multiple of 8.
func TestGammaTableLanesEqualGeneric(t *testing.T) {
	const n = BlockSize - 3
	for _, shape := range gammaTableShapes {
		var tab GammaTable
		tab.Set(shape)
		u1, u2 := edgeUniforms(NewSource(9, fmt.Sprintf("gamma table lanes %g", shape), 0), n)
		u2[5], u1[17] = 1-0x1p-53, 0
		want, wantSlow := make([]float64, n), make([]uint8, (n+7)/8)
		gammaTableLanesGeneric(&tab.d, u1, u2, want, wantSlow)
		assert.NotEqual(t, make([]uint8, len(wantSlow)), wantSlow, "shape %g: some lanes miss the squeeze", shape)
		withInvImpls(func(name string) {
			got, gotSlow := make([]float64, n), make([]uint8, (n+7)/8)
			gammaTableLanes(&tab.d, u1, u2, got, gotSlow)
			for j := range n {
				if wantSlow[j/8]>>(j%8)&1 == 0 {
					assert.Equal(t, math.Float64bits(want[j]), math.Float64bits(got[j]), "%s shape %g lane %d", name, shape, j)
				}
			}
			assert.Equal(t, wantSlow, gotSlow, "%s shape %g: the slow lanes", name, shape)
		})
	}
}

// TestGammaTablePieceIsAlias checks that the packed pick words choose as
// the Alias built from the same hat areas, uniform for uniform (10⁵
// uniforms per shape, and the edges 0 and 1 − 2⁻⁵³).
func TestGammaTablePieceIsAlias(t *testing.T) {
	for _, shape := range gammaTableShapes {
		var tab GammaTable
		tab.Set(shape)
		area := make([]float64, gammaTablePieces)
		for i := range gammaTableStrips {
			area[i] = tab.hat[i] * tab.d.w
		}
		for k, tl := range tab.tails {
			area[gammaTableStrips+k] = math.Exp(tl.lf0) / math.Abs(tl.b)
		}
		alias, err := NewAlias(area)
		require.NoError(t, err)
		name := fmt.Sprintf("GammaTable/pieces/%g", shape)
		src, src2 := NewSource(testSeed, name, 0), NewSource(testSeed, name, 0)
		for range 100_000 {
			require.Equal(t, alias.Draw(src2), tab.d.piece(Uniform(src)), "shape %g", shape)
		}
		for _, u := range []float64{0, 1 - 0x1p-53} {
			x := u * gammaTablePieces
			i := min(int(x), gammaTablePieces-1)
			want := int(alias.alias[i])
			if x-float64(i) < alias.prob[i] {
				want = i
			}
			assert.Equal(t, want, tab.d.piece(u), "shape %g, U1 = %g", shape, u)
		}
	}
}
