package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sample is a 3×3 test matrix with off-diagonal zeros, a zero diagonal
// entry and a NaN (which ToCSR must keep).
func sample() []float64 {
	return []float64{
		0.5, 0, 0.25,
		0, 0, 1,
		math.NaN(), 0.125, 0.75,
	}
}

func TestNewDense(t *testing.T) {
	m, err := NewDense(3, sample())
	require.NoError(t, err)
	assert.Equal(t, 3, m.N())
	assert.False(t, m.IsSparse())
	assert.Equal(t, 9, m.NNZ())
	assert.Equal(t, 0.25, m.At(0, 2))
	assert.True(t, math.IsNaN(m.At(2, 0)))
	cols, vals := m.Row(1)
	assert.Nil(t, cols)
	assert.Equal(t, []float64{0, 0, 1}, vals)
	assert.Equal(t, 3, cap(vals), "row slice is capped at the row")

	empty, err := NewDense(0, nil)
	require.NoError(t, err)
	assert.Equal(t, 0, empty.N())
	assert.Empty(t, empty.RowSums())

	_, err = NewDense(3, make([]float64, 8))
	require.ErrorContains(t, err, "needs 9 values, got 8")
	_, err = NewDense(-1, nil)
	require.ErrorContains(t, err, "outside")
}

func TestNewCSR(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		rowPtr []int
		cols   []int32
		vals   []float64
		want   string // error substring; "" = valid
	}{
		{"valid", 3, []int{0, 2, 2, 3}, []int32{0, 2, 1}, []float64{1, 2, 3}, ""},
		{"empty rows", 2, []int{0, 0, 0}, nil, nil, ""},
		{"stored zero", 2, []int{0, 1, 1}, []int32{1}, []float64{0}, ""},
		{"rowPtr length", 3, []int{0, 2, 3}, []int32{0, 2, 1}, []float64{1, 2, 3}, "needs 4 row pointers"},
		{"cols vals length", 3, []int{0, 2, 2, 3}, []int32{0, 2, 1}, []float64{1, 2}, "3 column indices but 2 values"},
		{"rowPtr start", 2, []int{1, 1, 1}, []int32{0}, []float64{1}, "rowPtr[0] = 1"},
		{"rowPtr end", 2, []int{0, 1, 1}, []int32{0, 1}, []float64{1, 2}, "rowPtr[2] = 1, want the number of entries 2"},
		{"rowPtr decreasing", 3, []int{0, 2, 1, 3}, []int32{0, 1, 2}, []float64{1, 2, 3}, "decreases at row 1"},
		{"rowPtr too large", 3, []int{0, 5, 1, 3}, []int32{0, 1, 2}, []float64{1, 2, 3}, "exceeds the number of entries"},
		{"column out of range", 2, []int{0, 1, 1}, []int32{2}, []float64{1}, "column 2 outside [0, 2)"},
		{"negative column", 2, []int{0, 1, 1}, []int32{-1}, []float64{1}, "column -1 outside"},
		{"unsorted", 3, []int{0, 2, 2, 2}, []int32{2, 1}, []float64{1, 2}, "not strictly increasing (1 after 2)"},
		{"duplicate", 3, []int{0, 2, 2, 2}, []int32{1, 1}, []float64{1, 2}, "not strictly increasing (1 after 1)"},
		{"negative n", -1, []int{0}, nil, nil, "outside"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := NewCSR(tc.n, tc.rowPtr, tc.cols, tc.vals)
			if tc.want != "" {
				require.ErrorContains(t, err, tc.want)
				require.Nil(t, m)
				return
			}
			require.NoError(t, err)
			assert.True(t, m.IsSparse())
			assert.Equal(t, tc.n, m.N())
			assert.Equal(t, len(tc.vals), m.NNZ())
		})
	}
}

func TestCSRAccess(t *testing.T) {
	// [[1, 0, 2], [0, 0, 0], [0, 3, 0]]
	m, err := NewCSR(3, []int{0, 2, 2, 3}, []int32{0, 2, 1}, []float64{1, 2, 3})
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{1, 0, 2}, {0, 0, 0}, {0, 3, 0}}, rows(m))
	cols, vals := m.Row(0)
	assert.Equal(t, []int32{0, 2}, cols)
	assert.Equal(t, []float64{1, 2}, vals)
	cols, vals = m.Row(1)
	assert.Empty(t, cols)
	assert.Empty(t, vals)
	assert.Equal(t, []float64{3, 0, 3}, m.RowSums())
}

func TestMatrixIndexPanics(t *testing.T) {
	m, err := NewDense(2, make([]float64, 4))
	require.NoError(t, err)
	assert.PanicsWithValue(t, "mixing: row index 2 out of range [0, 2)", func() { m.At(2, 0) })
	assert.PanicsWithValue(t, "mixing: column index -1 out of range [0, 2)", func() { m.At(0, -1) })
	assert.Panics(t, func() { m.Row(5) })
	c := m.ToCSR()
	assert.Panics(t, func() { c.At(0, 2) })
}

func TestConversions(t *testing.T) {
	d, err := NewDense(3, sample())
	require.NoError(t, err)
	c := d.ToCSR()
	require.True(t, c.IsSparse())

	// Zeros dropped, diagonal always kept (row 1 stores its 0 diagonal),
	// NaN kept.
	want := []struct {
		cols []int32
		vals []float64
	}{
		{[]int32{0, 2}, []float64{0.5, 0.25}},
		{[]int32{1, 2}, []float64{0, 1}},
		{[]int32{0, 1, 2}, []float64{math.NaN(), 0.125, 0.75}},
	}
	for i, w := range want {
		cols, vals := c.Row(i)
		assert.Equal(t, w.cols, cols, "row %d", i)
		require.Len(t, vals, len(w.vals))
		for k := range vals {
			if math.IsNaN(w.vals[k]) {
				assert.True(t, math.IsNaN(vals[k]))
			} else {
				assert.Equal(t, w.vals[k], vals[k])
			}
		}
	}

	// Same values through every path: dense → CSR → dense, CSR → CSR.
	back := c.ToDense()
	again := c.ToCSR()
	dd := d.ToDense()
	for _, m := range []*Matrix{c, back, again, dd} {
		for i := range 3 {
			for j := range 3 {
				a, b := d.At(i, j), m.At(i, j)
				if math.IsNaN(a) {
					assert.True(t, math.IsNaN(b))
					continue
				}
				assert.Equal(t, a, b, "(%d,%d)", i, j)
			}
		}
	}
	assert.False(t, back.IsSparse())
	assert.True(t, again.IsSparse())

	// Conversions never share storage.
	_, v := dd.Row(0)
	v[0] = 99
	assert.Equal(t, 0.5, d.At(0, 0))
}

func TestToCSRInsertsMissingDiagonal(t *testing.T) {
	// A CSR without stored diagonal, with a stored off-diagonal zero:
	// [[0, 0(stored), 2], [1, 0, 0], [0, 0, 0]].
	m, err := NewCSR(3, []int{0, 2, 3, 3}, []int32{1, 2, 0}, []float64{0, 2, 1})
	require.NoError(t, err)
	c := m.ToCSR()
	for i, w := range []struct {
		cols []int32
		vals []float64
	}{
		{[]int32{0, 2}, []float64{0, 2}},
		{[]int32{0, 1}, []float64{1, 0}},
		{[]int32{2}, []float64{0}},
	} {
		cols, vals := c.Row(i)
		assert.Equal(t, w.cols, cols, "row %d", i)
		assert.Equal(t, w.vals, vals, "row %d", i)
	}
}

func TestRowSumsDenseEqualsCSR(t *testing.T) {
	m, err := DefaultGravity().Mixing(randomTable(60, 9))
	require.NoError(t, err)
	assert.Equal(t, m.RowSums(), m.ToCSR().RowSums(), "bit-identical sums")
	requireRowsSumToOne(t, m.ToCSR())
}
