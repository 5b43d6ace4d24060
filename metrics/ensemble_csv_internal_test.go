package metrics

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAppendValueMatchesAppendFloat: appendValue writes what
// strconv.AppendFloat(v, 'f', −1) writes, for the values of ensemble tables
// (hundredths, means k/R for R up to 64, zeros, negatives, large counts)
// and for values it hands to AppendFloat (thirds, tiny and huge ones,
// -0, non-finite), drawn by a fixed-seed PCG.
func TestAppendValueMatchesAppendFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	values := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 28.3, 1e-5, 0.0001, 0.00015, 1 << 36, 1<<36 - 0.5, 1<<36 + 0.5, 1 << 40, 1<<40 - 0.5, 1 << 53,
		1e300, math.Inf(1), math.Inf(-1), math.NaN(), 1.0 / 3, 2.0 / 3, math.SmallestNonzeroFloat64, math.MaxFloat64}
	for range 200_000 {
		k := r.Int64N(1 << 42)
		if r.IntN(2) == 0 {
			k = -k
		}
		R := float64(1 + r.IntN(64))
		values = append(values, float64(k)/100, float64(k)/R, float64(k)/1e4, float64(k%1000)/R, r.Float64()*float64(k))
	}
	for _, v := range values {
		want := strconv.AppendFloat(nil, v, 'f', -1, 64)
		if got := appendValue(nil, v); string(got) != string(want) {
			require.Equal(t, string(want), string(got), "value %v", v)
		}
	}
}

// BenchmarkAppendValue formats typical ensemble values (hundredths of
// counts below 10⁶ and means k/16) with appendValue and with
// strconv.AppendFloat, for the ratio of the two in one invocation.
func BenchmarkAppendValue(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	values := make([]float64, 4096)
	for k := range values {
		if k%2 == 0 {
			values[k] = float64(r.Int64N(100_000_000)) / 100
		} else {
			values[k] = float64(r.Int64N(16_000_000)) / 16
		}
	}
	buf := make([]byte, 0, 64)
	for _, bc := range []struct {
		name   string
		format func([]byte, float64) []byte
	}{
		{"appendValue", appendValue},
		{"AppendFloat", func(dst []byte, v float64) []byte { return strconv.AppendFloat(dst, v, 'f', -1, 64) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				for _, v := range values {
					buf = bc.format(buf[:0], v)
				}
			}
			b.ReportMetric(float64(len(values)*b.N)/b.Elapsed().Seconds(), "values/s")
		})
	}
}
