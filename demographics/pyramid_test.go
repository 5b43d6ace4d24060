package demographics

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureProspects builds the prospects of a fixture formula without HTTP.
func fixtureProspects(t testing.TB, code string, want func(a, k int) float64) *PopProspects {
	t.Helper()
	thousands := fixturePopMat(func(a, k int) float64 { return (want(a, k) - 0.1) / 1000 })
	pp, err := newPopProspects(&wppExtract{Code: code, URL: "test", Retrieved: time.Now().UTC(),
		Years: wppYears(), AgeStarts: wppAgeStarts(), PopThousands: thousands})
	require.NoError(t, err)
	require.Equal(t, fixturePopMat(want), pp.PopMat)
	return pp
}

func TestPopulationPyramidKnots(t *testing.T) {
	for _, f := range []struct {
		code string
		want func(a, k int) float64
	}{{"AAA", wantAAA}, {"BBB", wantBBB}, {"SSA", wantSSA}} {
		pp := fixtureProspects(t, f.code, f.want)
		for k, year := range pp.YearVec {
			got, err := pp.PopulationPyramid(float64(year))
			require.NoError(t, err)
			require.Len(t, got, 21)
			for a := range got {
				// gonum returns the knot's value itself: exact.
				assert.Equal(t, pp.PopMat[a][k], got[a], "%s %d age bin %d", f.code, year, a)
			}
		}
	}
}

func TestPopulationPyramidBetweenKnots(t *testing.T) {
	// A not-a-knot spline through samples of a polynomial of degree ≤ 3 is
	// that polynomial: it meets every interpolation, continuity and
	// not-a-knot condition, and the spline meeting them is unique. SSA is
	// linear in the year, P[a](y) = 1000·(2000 + 10a + (y − 1950)/5) + 0.1;
	// BBB's age bin 2 is cubic, P[2](y) = 1000·(12 + ((y − 1950)/5)³) + 0.1.
	// Tolerance 1e-9 relative: the fit solves a 31-unknown linear system.
	ssa := fixtureProspects(t, "SSA", wantSSA)
	bbb := fixtureProspects(t, "BBB", wantBBB)
	for _, year := range []float64{1950.25, 1952.5, 1987.3, 2033.3, 2099.9} {
		k := (year - 1950) / 5
		got, err := ssa.PopulationPyramid(year)
		require.NoError(t, err)
		for a := range got {
			assert.InEpsilon(t, 1000*(2000+10*float64(a)+k)+0.1, got[a], 1e-9, "SSA %g age bin %d", year, a)
		}
		got, err = bbb.PopulationPyramid(year)
		require.NoError(t, err)
		assert.InEpsilon(t, 1000*(12+k*k*k)+0.1, got[2], 1e-9, "BBB %g age bin 2", year)
	}
	// 1952.5 by hand: SSA bin 0 = 1000·(2000 + 0.5) + 0.1 = 2000500.1;
	// BBB bin 2 = 1000·(12 + 0.125) + 0.1 = 12125.1.
	got, err := ssa.PopulationPyramid(1952.5)
	require.NoError(t, err)
	assert.InEpsilon(t, 2000500.1, got[0], 1e-12)
	got, err = bbb.PopulationPyramid(1952.5)
	require.NoError(t, err)
	assert.InEpsilon(t, 12125.1, got[2], 1e-9)
}

func TestPopulationPyramidRange(t *testing.T) {
	pp := fixtureProspects(t, "AAA", wantAAA)
	tests := []struct {
		year    float64
		wantMsg string
	}{
		{1949.9, "Year is before the first year in the WPP data"},
		{math.Inf(-1), "Year is before the first year in the WPP data"},
		{2100.1, "Year is after the last year in the WPP data"},
		{math.Inf(1), "Year is after the last year in the WPP data"},
		{math.NaN(), "year is NaN"},
	}
	for _, tt := range tests {
		got, err := pp.PopulationPyramid(tt.year)
		require.Error(t, err, "%g", tt.year)
		assert.Nil(t, got)
		assert.ErrorIs(t, err, ErrYearOutOfRange)
		assert.Contains(t, err.Error(), tt.wantMsg)
	}
	for _, year := range []float64{1950, 2100} {
		_, err := pp.PopulationPyramid(year)
		assert.NoError(t, err, "%g is inside the data", year)
	}

	// A PopProspects not built by NewPopProspects: an error, not a panic.
	_, err := (&PopProspects{}).PopulationPyramid(2000)
	assert.ErrorContains(t, err, "NewPopProspects")
}

func TestPopulationPyramidMatchesSciPy(t *testing.T) {
	// Expected values computed with SciPy 1.10.1 (Debian python3-scipy,
	// NumPy float64): scipy.interpolate.make_interp_spline(years, y, k=3)
	// — the reference's pyramid spline — over years 1950, 1955, …, 2100 and
	// the fixture rows y below, evaluated at the listed years:
	//   AAA bin a: y_k = 1000·(1000 − 20a + ⌊(5k+1)/2⌋) + 0.1 (a zigzag from
	//   rounding half away from zero, so not a polynomial);
	//   BBB bin 0: y_0 = 20 000 000.1, y_k = 1000·(10 + k³) + 0.1 for k ≥ 1
	//   (a spike at the first knot).
	// Tolerance 1e-12 × max(|want|, 1e4): both solve the same 31-unknown
	// banded system, only the elimination order differs (SPEC §10.1 reports
	// agreement to ~4e-16); the floor of 1e4 covers BBB at 1968.2, a value of
	// 7 494 computed from knots of up to 2e7.
	aaa := fixtureProspects(t, "AAA", wantAAA)
	bbb := fixtureProspects(t, "BBB", wantBBB)
	tests := []struct {
		pp   *PopProspects
		bin  int
		year float64
		want float64
	}{
		{aaa, 0, 1952.5, 1001841.6063509462},
		{aaa, 0, 1977.3, 1013929.5456768787},
		{aaa, 0, 2031.1, 1040612.0519943974},
		{aaa, 0, 2098.7, 1074769.5830137182},
		{aaa, 20, 1952.5, 601841.6063509461},
		{aaa, 20, 2098.7, 674769.5830137181},
		{bbb, 0, 1951.0, 13186185.490878489},
		{bbb, 0, 1953.7, 2260675.24277186},
		{bbb, 0, 1968.2, 7494.23661452001},
	}
	for _, tc := range tests {
		got, err := tc.pp.PopulationPyramid(tc.year)
		require.NoError(t, err)
		assert.InDelta(t, tc.want, got[tc.bin], 1e-12*math.Max(math.Abs(tc.want), 1e4),
			"%s bin %d at %g", tc.pp.CountryCode, tc.bin, tc.year)
	}
}
