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
