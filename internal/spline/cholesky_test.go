package spline

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTraceInvQtQ: the trace from the forward substitutions of Q's rows
// equals tr(A⁻¹QᵀQ) from m solves of QᵀQ's columns (the definition), on
// uneven knots and λ from 10⁻⁸ to 10⁴ (the GCV search's range and past
// it). Both are sums of the same products in another order, so they
// agree to rounding: 10⁻¹⁰ relative.
func TestTraceInvQtQ(t *testing.T) {
	u := []float64{0, 0.03, 0.1, 0.12, 0.3, 0.31, 0.45, 0.6, 0.62, 0.8, 0.95, 1}
	pen, ok := newPenalty(u, rPenaltyConst)
	require.True(t, ok)
	n, m := len(u), pen.m
	for _, lambda := range []float64{1e-8, 1e-4, 1e-2, 1, 1e4} {
		a := make([]float64, m*m)
		for i := range a {
			a[i] = pen.mat[i] + lambda*pen.qtq[i]
		}
		ch, ok := factor(a, m)
		require.True(t, ok)
		var want float64
		col := make([]float64, m)
		for j := range m {
			for i := range m {
				col[i] = pen.qtq[i*m+j]
			}
			ch.solve(col)
			want += col[j]
		}
		got := ch.traceInvQtQ(pen.q, n)
		assert.InEpsilon(t, want, got, 1e-10, "λ = %g", lambda)
		assert.False(t, math.IsNaN(got))
	}
}
