package demographics

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixturePopMat is PopMat of the fixture formula want (wpp_fixture_test.go).
func fixturePopMat(want func(a, k int) float64) [][]float64 {
	pop := make([][]float64, wppNumAges)
	for a := range pop {
		pop[a] = make([]float64, wppNumYears)
		for k := range pop[a] {
			pop[a][k] = want(a, k)
		}
	}
	return pop
}

func TestMortXValAndAgeVec(t *testing.T) {
	require.Len(t, MortXVal, 42)
	assert.Equal(t, specAgeVec, ageVec())
	// Each odd entry is the day before the next edge: edge − 0.1.
	for i := 1; i+1 < len(MortXVal); i += 2 {
		assert.InDelta(t, MortXVal[i+1]-0.1, MortXVal[i], 1e-9, "MortXVal[%d]", i)
	}
	assert.Equal(t, 38339.5, MortXVal[41])
}

func TestVitalDataShapes(t *testing.T) {
	vd := newVitalData(wppYears(), fixturePopMat(wantAAA))
	require.Len(t, vd.MortYear, 59)
	require.Len(t, vd.MortMat, 42)
	for _, row := range vd.MortMat {
		require.Len(t, row, 59)
	}
	require.Len(t, vd.BrMultX, 59)
	require.Len(t, vd.BrMultY, 59)

	// MortYear: [1950, 1954.9999, 1955, …, 2094.9999, 2095].
	assert.Equal(t, []float64{1950, 1954.9999, 1955, 1959.9999}, vd.MortYear[:4])
	assert.Equal(t, []float64{2094.9999, 2095}, vd.MortYear[57:])
	// BrMultX: [0, 1824.5, 1825, 3649.5, 3650, …, 52924.5, 52925 = 365·145].
	assert.Equal(t, []float64{0, 1824.5, 1825, 3649.5, 3650}, vd.BrMultX[:5])
	assert.Equal(t, []float64{52924.5, 52925}, vd.BrMultX[57:])
	// The 100+ rows are 0.01 everywhere.
	for _, row := range vd.MortMat[40:] {
		for _, v := range row {
			assert.Equal(t, 0.01, v)
		}
	}
	// Every other row pair repeats m[a][k] in columns 2k and 2k+1.
	for a := range 20 {
		for c := range 59 {
			assert.Equal(t, vd.MortMat[2*a][2*(c/2)], vd.MortMat[2*a+1][c], "MortMat[%d][%d]", 2*a+1, c)
		}
	}
}

// The hand-computed values below were worked out with Python's decimal
// module at 40 digits, independently of this package. Fixture AAA has
// R(a, k) = 1000 − 20a + (5k+1)/2 thousand persons, P = 1000·R + 0.1, so:
//
//	m[0][0]: 1 − r = P[1][1]/P[0][0] = 983000.1/1000000.1;
//	         m = 1 − (983000.1/1000000.1)^(1/1825)             = 9.3951104440684420e-6
//	m[3][4]: 1 − r = P[4][5]/P[3][4] = 933000.1/950000.1;
//	         m = 1 − (933000.1/950000.1)^(1/1825)              = 9.8940780830206548e-6
//	T_0 = Σ_a (1000·(1000 − 20a) + 0.1) = 1000·(21000 − 4200) + 2.1 = 16800002.1
//	T_1 = T_0 + 21·3000 = 16863002.1, T_2 = T_0 + 21·5000 = 16905002.1
//	M_0 = 16831502.1; 1003000.1/M_0/5·1000 = 11.918129… → 11.9
//	c_0 = exp(−m[0][0]·1825/2) = 0.99146360542174297
//	b* = b_0 = 11.9/c_0 = 12.002457714963776
//	BirthRate = b*/365/1000                                     = 3.2883445794421304e-5
//	m[0][1]: 1 − r = P[1][2]/P[0][1] = 985000.1/1003000.1
//	M_1 = 16884002.1; 1005000.1/M_1/5·1000 = 11.904761… → 11.9
//	c_1 = exp(−m[0][1]·1825/2) = 0.99098634123179795
//	y1 = b_1/b_0 = (11.9/c_1)/(11.9/c_0)                         = 1.0004816052150141
const (
	handM00       = 9.3951104440684420e-6
	handM34       = 9.8940780830206548e-6
	handBirthRate = 3.2883445794421304e-5
	handY1        = 1.0004816052150141
)

func TestVitalDataHandComputed(t *testing.T) {
	vd := newVitalData(wppYears(), fixturePopMat(wantAAA))
	// m is 1 − (a number within 1e-5 of 1): float64 cancellation leaves
	// ~1e-16/1e-5 = 1e-11 relative error, so 1e-9 is a safe tolerance.
	const tol = 1e-9
	for _, rc := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
		assert.InEpsilon(t, handM00, vd.MortMat[rc[0]][rc[1]], tol, "MortMat%v = m[0][0]", rc)
	}
	for _, rc := range [][2]int{{6, 8}, {6, 9}, {7, 8}, {7, 9}} {
		assert.InEpsilon(t, handM34, vd.MortMat[rc[0]][rc[1]], tol, "MortMat%v = m[3][4]", rc)
	}
	assert.InEpsilon(t, handBirthRate, vd.BirthRate, tol)
	assert.Equal(t, []float64{1, 1}, vd.BrMultY[:2])
	assert.InEpsilon(t, handY1, vd.BrMultY[2], tol)
	assert.InEpsilon(t, handY1, vd.BrMultY[3], tol)
}

func TestVitalDataClip(t *testing.T) {
	// Fixture BBB: P[0][0] = 20000000.1 and P[1][1] = 0.1, so
	// 1 − r = 0.1/20000000.1 = 5e-9 and 1 − (5e-9)^(1/1825) = 0.010419 > 0.01:
	// clipped to 0.01. P[1][1] = 0.1 < P[2][2] = 20000.1 gives r < 0, so
	// 1 − (1 − r)^(1/1825) < 0: clipped to 0.
	vd := newVitalData(wppYears(), fixturePopMat(wantBBB))
	assert.Equal(t, 0.01, vd.MortMat[0][0])
	assert.Equal(t, 0.01, vd.MortMat[1][1])
	assert.Equal(t, 0.0, vd.MortMat[2][2])
	assert.Equal(t, 0.0, vd.MortMat[3][3])
	for _, row := range vd.MortMat {
		for _, v := range row {
			require.True(t, v >= 0 && v <= 0.01, "%g outside [0, 0.01]", v)
		}
	}
}
