package vecops

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAddRows4 checks AddRows4 against four separate row additions, bit for
// bit, on random data (the order is part of the contract).
func TestAddRows4(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 37
	rows := make([][]float64, 4)
	for k := range rows {
		rows[k] = make([]float64, n+3) // longer than dst is allowed
		for j := range rows[k] {
			rows[k][j] = r.Float64()
		}
	}
	x := []float64{r.Float64(), r.Float64() * 1e-9, r.Float64() * 1e9, 0}
	got, want := make([]float64, n), make([]float64, n)
	for j := range got {
		got[j] = r.Float64()
		want[j] = got[j]
	}
	AddRows4(got, x[0], x[1], x[2], x[3], rows[0], rows[1], rows[2], rows[3])
	for k := range rows {
		for j := range want {
			want[j] += float64(x[k] * rows[k][j])
		}
	}
	assert.Equal(t, want, got)
}

// TestAxpy checks Axpy and AxpyStrided on float64 and float32 values
// against the plain loop, bit for bit (float32 values widen exactly).
func TestAxpy(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const n, stride = 13, 5
	x64 := make([]float64, n*stride)
	x32 := make([]float32, n*stride)
	for k := range x64 {
		x32[k] = float32(r.Float64())
		x64[k] = r.Float64()
	}
	a := r.Float64() * 7
	start := make([]float64, n)
	for k := range start {
		start[k] = r.Float64()
	}
	for _, tc := range []struct {
		name string
		run  func(s []float64)
		want func(k int) float64
	}{
		{"float64", func(s []float64) { Axpy(s, a, x64) }, func(k int) float64 { return a * x64[k] }},
		{"float32", func(s []float64) { Axpy(s, a, x32) }, func(k int) float64 { return a * float64(x32[k]) }},
		{"float64 strided", func(s []float64) { AxpyStrided(s, a, x64, stride) }, func(k int) float64 { return a * x64[k*stride] }},
		{"float32 strided", func(s []float64) { AxpyStrided(s, a, x32, stride) }, func(k int) float64 { return a * float64(x32[k*stride]) }},
	} {
		got := append([]float64(nil), start...)
		tc.run(got)
		for k := range got {
			assert.Equal(t, start[k]+tc.want(k), got[k], "%s, k = %d", tc.name, k)
		}
	}
}
