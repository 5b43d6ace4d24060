package fit

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTransformKnownValues checks each transform at points whose image is
// known in closed form.
func TestTransformKnownValues(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name string
		e    Estimate
		x, y float64
	}{
		{"log of e is 1", Estimate{Transform: TransformLog, Lower: 0, Upper: inf}, math.E, 1},
		{"logit of 1/2 is 0", Estimate{Transform: TransformLogit, Lower: 0, Upper: 1}, 0.5, 0},
		{"logit of 3/4 is log 3", Estimate{Transform: TransformLogit, Lower: 0, Upper: 1}, 0.75, math.Log(3)},
		{"bounded logit: the midpoint 4 of (2, 6) is 0", Estimate{Transform: TransformLogit, Lower: 2, Upper: 6}, 4, 0},
		{"bounded logit: 5 in (2, 6) is log(3/1)", Estimate{Transform: TransformLogit, Lower: 2, Upper: 6}, 5, math.Log(3)},
		{"none is the identity", Estimate{Transform: TransformNone, Lower: -inf, Upper: inf}, -2.5, -2.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// 1e-14: a few ulp at these magnitudes (FromEstimation's
			// rng.Exp is within 3 ulp of math.Exp).
			assert.InDelta(t, tc.y, tc.e.ToEstimation(tc.x), 1e-14)
			assert.InDelta(t, tc.x, tc.e.FromEstimation(tc.y), 1e-14)
		})
	}
}

// TestTransformRoundTrip checks FromEstimation(ToEstimation(x)) = x to a
// few ulps (relative 1e-12 leaves room for the log/exp rounding; at 0,
// absolute 1e-12) across
// each transform's range, including values near the bounds.
func TestTransformRoundTrip(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name string
		e    Estimate
		xs   []float64
	}{
		{"log", Estimate{Transform: TransformLog, Lower: 0, Upper: inf}, []float64{1e-300, 1e-8, 0.02, 1, 56.8, 1e12}},
		{"log with bounds (1, 500)", Estimate{Transform: TransformLog, Lower: 1, Upper: 500}, []float64{1, 1.5, 40, 500}},
		{"logit (0, 1)", Estimate{Transform: TransformLogit, Lower: 0, Upper: 1}, []float64{1e-12, 5.17e-5, 0.3, 0.5, 0.976, 1 - 1e-9}},
		{"logit (-3, 7)", Estimate{Transform: TransformLogit, Lower: -3, Upper: 7}, []float64{-2.999, -1, 0, 6.5}},
		{"none", Estimate{Transform: TransformNone, Lower: -10, Upper: 10}, []float64{-10, -0.1, 0, 3, 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, x := range tc.xs {
				got := tc.e.FromEstimation(tc.e.ToEstimation(x))
				if x == 0 { // no relative error at 0: 1e-12 of the unit scale
					assert.InDelta(t, x, got, 1e-12, "x = %v", x)
					continue
				}
				assert.InEpsilon(t, x, got, 1e-12, "x = %v", x)
			}
		})
	}
}

// TestFromEstimationStaysInBounds sends extreme estimation-scale values
// through each inverse: the result must stay within [Lower, Upper].
func TestFromEstimationStaysInBounds(t *testing.T) {
	for _, e := range []Estimate{
		{Transform: TransformLog, Lower: 0, Upper: math.Inf(1)},
		{Transform: TransformLog, Lower: 0.5, Upper: 2},
		{Transform: TransformLogit, Lower: 0, Upper: 1},
		{Transform: TransformLogit, Lower: 2, Upper: 6},
		{Transform: TransformNone, Lower: -1, Upper: 1},
	} {
		for _, y := range []float64{-1e308, -800, -40, 0, 40, 800, 1e308} {
			x := e.FromEstimation(y)
			assert.True(t, x >= e.Lower && x <= e.Upper, "%s [%v, %v]: y = %v gave %v", e.Transform, e.Lower, e.Upper, y, x)
		}
	}
}

// TestEstimateValidate checks every rule with the parameter named in the
// error.
func TestEstimateValidate(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name string
		e    Estimate
		want string // "" for valid
	}{
		{"log to +Inf", Estimate{Name: "r0", Transform: TransformLog, Lower: 0, Upper: inf, RWSD: 0.02}, ""},
		{"logit on (0, 1) as an IVP", Estimate{Name: "S_0", Transform: TransformLogit, Lower: 0, Upper: 1, RWSD: 0.02, IVP: true}, ""},
		{"none unbounded, rw_sd 0", Estimate{Name: "x", Transform: TransformNone, Lower: -inf, Upper: inf}, ""},
		{"no name", Estimate{Transform: TransformLog, Lower: 0, Upper: 1}, "no parameter name"},
		{"bounds missing (both 0)", Estimate{Name: "r0", Transform: TransformLog}, `"r0": bounds are required`},
		{"lower above upper", Estimate{Name: "rho", Transform: TransformLogit, Lower: 1, Upper: 0}, `"rho": bounds are required with lower < upper`},
		{"NaN bound", Estimate{Name: "rho", Transform: TransformNone, Lower: math.NaN(), Upper: 1}, `"rho": bounds`},
		{"log below 0", Estimate{Name: "iota", Transform: TransformLog, Lower: -1, Upper: 10}, `"iota": transform "log" needs lower >= 0`},
		{"logit unbounded", Estimate{Name: "psi", Transform: TransformLogit, Lower: 0, Upper: inf}, `"psi": transform "logit" needs finite bounds`},
		{"unknown transform", Estimate{Name: "psi", Transform: "probit", Lower: 0, Upper: 1}, `"psi": transform "probit" is not one of`},
		{"empty transform", Estimate{Name: "psi", Lower: 0, Upper: 1}, `"psi": transform "" is not one of`},
		{"negative rw_sd", Estimate{Name: "psi", Transform: TransformLog, Lower: 0, Upper: 1, RWSD: -0.1}, `"psi": rw_sd must be`},
		{"NaN rw_sd", Estimate{Name: "psi", Transform: TransformLog, Lower: 0, Upper: 1, RWSD: math.NaN()}, `"psi": rw_sd must be`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.e.Validate()
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestValidateEstimatesUnique rejects a name given twice and reports every
// invalid estimate.
func TestValidateEstimatesUnique(t *testing.T) {
	r0 := Estimate{Name: "r0", Transform: TransformLog, Lower: 0, Upper: 100, RWSD: 0.02}
	require.NoError(t, ValidateEstimates([]Estimate{r0}))
	err := ValidateEstimates([]Estimate{r0, r0})
	require.ErrorContains(t, err, `parameter "r0" is estimated twice`)
	err = ValidateEstimates([]Estimate{{Name: "a"}, {Name: "b"}})
	require.ErrorContains(t, err, `"a"`)
	require.ErrorContains(t, err, `"b"`)
}

// TestCheckValue rejects starts outside the bounds or at a bound the
// transform sends to ±Inf.
func TestCheckValue(t *testing.T) {
	logE := Estimate{Name: "r0", Transform: TransformLog, Lower: 0, Upper: 100}
	logitE := Estimate{Name: "rho", Transform: TransformLogit, Lower: 0, Upper: 1}
	noneE := Estimate{Name: "x", Transform: TransformNone, Lower: -1, Upper: 1}
	for _, tc := range []struct {
		e  Estimate
		x  float64
		ok bool
	}{
		{logE, 56.8, true}, {logE, 100, true}, {logE, 0, false}, {logE, 101, false}, {logE, -1, false},
		{logitE, 0.488, true}, {logitE, 0, false}, {logitE, 1, false}, {logitE, 1.2, false},
		{noneE, -1, true}, {noneE, 1, true}, {noneE, 1.5, false}, {noneE, math.NaN(), false},
	} {
		err := tc.e.CheckValue(tc.x)
		if tc.ok {
			assert.NoError(t, err, "%s at %v", tc.e.Name, tc.x)
		} else {
			assert.ErrorContains(t, err, `estimate "`+tc.e.Name+`": start`, "%s at %v", tc.e.Name, tc.x)
		}
	}
}

// TestReflect folds values into the estimation-scale bounds.
func TestReflect(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		y, lo, hi, want float64
	}{
		{0.5, 0, 1, 0.5},      // inside
		{-0.25, 0, 1, 0.25},   // below: mirrored at 0
		{1.25, 0, 1, 0.75},    // above: mirrored at 1
		{2.25, 0, 1, 0.25},    // two widths above: 2.25 → mirrored at 1 to −0.25 → at 0 to 0.25
		{-1.75, 0, 1, 0.25},   // below by more than a width: −1.75 → 1.75 → 0.25
		{-3, -inf, 1, -3},     // inside a half-line
		{3, -inf, 1, -1},      // above a finite upper: 2·1 − 3
		{-3, -1, inf, 1},      // below a finite lower: 2·(−1) + 3
		{1e9, -inf, inf, 1e9}, // unbounded
	} {
		assert.InDelta(t, tc.want, reflect(tc.y, tc.lo, tc.hi), 1e-12, "reflect(%v, %v, %v)", tc.y, tc.lo, tc.hi)
	}
}
