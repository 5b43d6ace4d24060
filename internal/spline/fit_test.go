package spline

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInterpolating: the natural interpolating spline passes through every
// point, has zero second derivative at both ends, and matches R 4.2.2
// splinefun(x, y, method = "natural")(at), which also continues linearly
// outside the data.
func TestInterpolating(t *testing.T) {
	cases := []struct {
		name string
		data func() (x, y []float64)
		at   []float64
		want []float64 // R splinefun(x, y, method = "natural")(at)
	}{
		{"pop", popData, popAt, []float64{3060862.340254345, 3265404.3510381519, 3299093.6234025457, 3301500, 3307465.0089354543, 3368548.4995098375, 3448574.5700826952, 3469883.52859498, 3499008.0058271019, 3487678.8382468019, 3487584.8777170829, 3487490.9164313199, 3468792.6205644892, 3337246.8204963352}},
		{"noisy", noisyData, smallAt, []float64{-0.7409131772469002, 1.8298984609341775, 2.2155202066613393, 2.7243528465635132, 3.8692974268256819, 3.3940441357808067, 5.376910597182504, 6.6505559325792083, 6.3459788891106301, 6.0272170941939205, 3.1583609399435315}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, y := c.data()
			s, err := Interpolating(x, y)
			require.NoError(t, err)
			for i := range x {
				assert.InEpsilon(t, y[i], s.At(x[i]), 1e-13, "through (x[%d], y[%d])", i, i)
			}
			n := len(s.u)
			curv := math.Abs(2 * s.c[0])                                   // f″ at the first knot
			curvN := math.Abs(2*s.c[n-2] + 6*s.d[n-2]*(s.u[n-1]-s.u[n-2])) // f″ at the last knot
			scale := 0.0
			for _, v := range s.c {
				scale = max(scale, math.Abs(2*v))
			}
			assert.Less(t, curv, 1e-12*scale, "natural at the left end")
			assert.Less(t, curvN, 1e-12*scale, "natural at the right end")
			assert.Equal(t, 0.0, s.Lambda())
			assert.InDelta(t, float64(len(x)), s.DF(), 1e-9)
			requirePredictions(t, s, c.at, c.want, 1e-10)
		})
	}
}

// TestFitHugeLambdaIsLine: as λ → ∞ the smoothing spline tends to the
// least-squares line, with 2 degrees of freedom.
func TestFitHugeLambdaIsLine(t *testing.T) {
	for _, data := range []func() (x, y []float64){popData, birthsData, noisyData} {
		x, y := data()
		s, err := Fit(x, y, 1e12)
		require.NoError(t, err)
		// Least-squares line y = a + b·x.
		var mx, my float64
		for i := range x {
			mx += x[i]
			my += y[i]
		}
		mx /= float64(len(x))
		my /= float64(len(x))
		var sxy, sxx float64
		for i := range x {
			sxy += (x[i] - mx) * (y[i] - my)
			sxx += (x[i] - mx) * (x[i] - mx)
		}
		b := sxy / sxx
		for _, at := range []float64{x[0] - 10, x[0], (x[0] + x[len(x)-1]) / 2, x[3] + 0.3, x[len(x)-1], x[len(x)-1] + 7} {
			want := my + b*(at-mx)
			assert.InDelta(t, want, s.At(at), 1e-8*math.Abs(my), "At(%v)", at)
		}
		assert.InDelta(t, 2, s.DF(), 1e-9)
	}
}

// TestFitReproducesFitGCV: Fit with the λ FitGCV chose gives the same curve.
func TestFitReproducesFitGCV(t *testing.T) {
	x, y := popData()
	g, err := FitGCV(x, y)
	require.NoError(t, err)
	f, err := Fit(x, y, g.Lambda())
	require.NoError(t, err)
	for _, at := range popAt {
		assert.Equal(t, g.At(at), f.At(at), "At(%v)", at)
	}
	assert.Equal(t, g.DF(), f.DF())
}

// TestUnsortedInput: the pairs are sorted internally, the caller's slices
// are not touched, and the fit is the same as for sorted input.
func TestUnsortedInput(t *testing.T) {
	x, y := birthsData()
	want, err := FitGCV(x, y)
	require.NoError(t, err)
	perm := []int{7, 0, 24, 3, 12, 5, 19, 1, 23, 8, 2, 16, 9, 21, 4, 13, 6, 18, 11, 22, 10, 15, 20, 14, 17}
	px, py := make([]float64, len(x)), make([]float64, len(x))
	for i, k := range perm {
		px[i], py[i] = x[k], y[k]
	}
	cx, cy := slices.Clone(px), slices.Clone(py)
	got, err := FitGCV(px, py)
	require.NoError(t, err)
	assert.Equal(t, cx, px, "x unchanged")
	assert.Equal(t, cy, py, "y unchanged")
	for _, at := range birthsAt {
		assert.Equal(t, want.At(at), got.At(at), "At(%v)", at)
	}
}

// TestExtrapolationIsLinear: outside the data the spline is the tangent
// line at the nearer end (value and slope continuous there).
func TestExtrapolationIsLinear(t *testing.T) {
	x, y := noisyData()
	s, err := FitGCV(x, y)
	require.NoError(t, err)
	lo, hi := x[0], x[len(x)-1]
	const h = 1e-6
	slopeLo := (s.At(lo+h) - s.At(lo)) / h
	slopeHi := (s.At(hi) - s.At(hi-h)) / h
	for _, d := range []float64{0.5, 3, 40} {
		assert.InDelta(t, s.At(lo)-d*slopeLo, s.At(lo-d), 1e-5*(1+d), "left, d = %v", d)
		assert.InDelta(t, s.At(hi)+d*slopeHi, s.At(hi+d), 1e-5*(1+d), "right, d = %v", d)
	}
	// Exactly linear: equal steps give equal differences.
	assert.InDelta(t, s.At(hi+2)-s.At(hi+1), s.At(hi+3)-s.At(hi+2), 1e-12)
	assert.InDelta(t, s.At(lo-2)-s.At(lo-1), s.At(lo-3)-s.At(lo-2), 1e-12)
}

func TestBadInput(t *testing.T) {
	good := func() (x, y []float64) { return []float64{1, 2, 3, 4, 5}, []float64{1, 4, 9, 16, 25} }
	with := func(f func(x, y []float64)) func() (x, y []float64) {
		return func() (x, y []float64) {
			x, y = good()
			f(x, y)
			return x, y
		}
	}
	cases := []struct {
		name    string
		data    func() (x, y []float64)
		err     error
		message string // a substring of the error text
	}{
		{"no points", func() (x, y []float64) { return nil, nil }, ErrTooFewPoints, "got 0"},
		{"three points", func() (x, y []float64) { return []float64{1, 2, 3}, []float64{1, 2, 3} }, ErrTooFewPoints, "got 3"},
		{"length mismatch", func() (x, y []float64) { return []float64{1, 2, 3, 4, 5}, []float64{1, 2, 3, 4} }, ErrLengthMismatch, "len(y) = 4"},
		{"NaN x", with(func(x, _ []float64) { x[2] = math.NaN() }), ErrNonFinite, "x[2] = NaN"},
		{"Inf x", with(func(x, _ []float64) { x[0] = math.Inf(-1) }), ErrNonFinite, "x[0] = -Inf"},
		{"NaN y", with(func(_, y []float64) { y[4] = math.NaN() }), ErrNonFinite, "y[4] = NaN"},
		{"Inf y", with(func(_, y []float64) { y[1] = math.Inf(1) }), ErrNonFinite, "y[1] = +Inf"},
		{"duplicate x", with(func(x, _ []float64) { x[3] = 2 }), ErrDuplicateX, "x = 2 occurs more than once"},
		{"x tied within R's tolerance", with(func(x, _ []float64) { x[3] = 3 + 1e-9 }), ErrDuplicateX, "closer than R's tolerance"},
		{"four distinct among five", func() (x, y []float64) { return []float64{1, 1, 2, 3, 4}, []float64{1, 2, 3, 4, 5} }, ErrDuplicateX, "x = 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fits := map[string]func(x, y []float64) (*Spline, error){
				"FitGCV":        FitGCV,
				"Fit":           func(x, y []float64) (*Spline, error) { return Fit(x, y, 1e-3) },
				"Interpolating": Interpolating,
			}
			for name, fit := range fits {
				x, y := c.data()
				s, err := fit(x, y)
				require.ErrorIs(t, err, c.err, name)
				assert.Contains(t, err.Error(), c.message, name)
				assert.Nil(t, s, name)
			}
		})
	}
}

func TestBadLambda(t *testing.T) {
	x, y := popData()
	for _, l := range []float64{-1e-9, math.NaN(), math.Inf(1), math.Inf(-1)} {
		s, err := Fit(x, y, l)
		require.ErrorIs(t, err, ErrBadLambda, "λ = %v", l)
		assert.Nil(t, s)
	}
	s, err := Fit(x, y, 0) // the λ → 0 limit: interpolates
	require.NoError(t, err)
	for i := range x {
		assert.InEpsilon(t, y[i], s.At(x[i]), 1e-13)
	}
}

// TestHugeValuesDoNotPanic: data that overflow the linear algebra give an
// error (or a finite fit), never a panic or a NaN spline.
func TestHugeValuesDoNotPanic(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6}
	y := []float64{1e300, -1e300, 1e300, -1e300, 1e300, -1e300}
	s, err := FitGCV(x, y)
	if err != nil {
		require.ErrorIs(t, err, ErrNumerical)
		return
	}
	assert.False(t, math.IsNaN(s.At(3.5)))
}

func TestAtDoesNotAllocate(t *testing.T) {
	x, y := popData()
	s, err := FitGCV(x, y)
	require.NoError(t, err)
	var sink float64
	allocs := testing.AllocsPerRun(100, func() {
		for _, at := range popAt {
			sink += s.At(at)
		}
	})
	assert.Zero(t, allocs)
	assert.False(t, math.IsNaN(sink))
	assert.True(t, math.IsNaN(s.At(math.NaN())), "NaN in, NaN out")
}

func TestErrorsNameTheProblem(t *testing.T) {
	_, err := FitGCV([]float64{3, 1, 2, 1.5, 2}, []float64{1, 2, 3, 4, 5})
	require.ErrorIs(t, err, ErrDuplicateX)
	assert.True(t, strings.HasPrefix(err.Error(), "spline: duplicate x"), err.Error())
}

func BenchmarkFitGCV25(b *testing.B) {
	x, y := popData()
	for b.Loop() {
		if _, err := FitGCV(x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAt(b *testing.B) {
	x, y := popData()
	s, err := FitGCV(x, y)
	if err != nil {
		b.Fatal(err)
	}
	var sink float64
	for b.Loop() {
		for _, at := range popAt {
			sink += s.At(at)
		}
	}
	_ = sink
}
