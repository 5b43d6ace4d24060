package mixing

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// newTable builds a scenario table as a struct literal (mcv1 0 everywhere).
func newTable(ids []string, pops []int64, lat, lon []float64) *scenario.Table {
	return &scenario.Table{ID: ids, Pop: pops, Lat: lat, Lon: lon, MCV1: make([]float64, len(ids))}
}

// twoPatch is scenario.TwoPatch(100000, 0) of SPEC §3.3: ids patch_1,
// patch_2; pops 100000, 50000; lat 40, 34; lon 4, 10.
func twoPatch() *scenario.Table {
	return newTable([]string{"patch_1", "patch_2"}, []int64{100000, 50000},
		[]float64{40, 34}, []float64{4, 10})
}

// collinear is the three collinear patches of SPEC §7.3: pops 1000, 2000,
// 3000; lat 0; lon 0, 1, 3.
func collinear() *scenario.Table {
	return newTable([]string{"p0", "p1", "p2"}, []int64{1000, 2000, 3000},
		[]float64{0, 0, 0}, []float64{0, 1, 3})
}

// randomTable returns n patches with the distributions of scenario.RandomN
// (SPEC §3.3: log-normal pops around 30000 clamped to [1000, 5e6], lat
// U(50.5, 54.5), lon U(−3.5, 0.5)), drawn from a fixed PCG seed.
func randomTable(n int, seed uint64) *scenario.Table {
	r := rand.New(rand.NewPCG(seed, 0x6d6978696e67))
	ids := make([]string, n)
	pops := make([]int64, n)
	lat := make([]float64, n)
	lon := make([]float64, n)
	for i := range n {
		ids[i] = fmt.Sprintf("patch_%d", i)
		p := math.RoundToEven(math.Exp(math.Log(30000) + 1.2*r.NormFloat64()))
		pops[i] = int64(min(max(p, 1000), 5e6))
	}
	for i := range n {
		lat[i] = 50.5 + 4*r.Float64()
	}
	for i := range n {
		lon[i] = -3.5 + 4*r.Float64()
	}
	return newTable(ids, pops, lat, lon)
}

// rows returns m as a [][]float64 via At.
func rows(m *Matrix) [][]float64 {
	out := make([][]float64, m.N())
	for i := range out {
		out[i] = make([]float64, m.N())
		for j := range out[i] {
			out[i][j] = m.At(i, j)
		}
	}
	return out
}

// requireRowsSumToOne checks every row of m sums to 1 within 1e−12 (SPEC
// §7.3: "Rows of M sum to 1"; AT-15 tolerance).
func requireRowsSumToOne(t *testing.T, m *Matrix) {
	t.Helper()
	for i, s := range m.RowSums() {
		require.InDelta(t, 1, s, 1e-12, "row %d", i)
	}
}

// requireNoNaN checks that no entry of m is NaN or infinite.
func requireNoNaN(t *testing.T, m *Matrix) {
	t.Helper()
	for i := range m.N() {
		_, vals := m.Row(i)
		for k, v := range vals {
			require.False(t, math.IsNaN(v) || math.IsInf(v, 0), "row %d entry %d = %v", i, k, v)
		}
	}
}

// naiveGravityMigration is an independent, direct transcription of SPEC
// §7.2–§7.3 (Distances + math.Pow, W·k/R_j), used as the expected value for
// random scenarios.
func naiveGravityMigration(t *testing.T, g Gravity, scn *scenario.Table) [][]float64 {
	t.Helper()
	n := scn.Len()
	d, err := Distances(scn.Lat, scn.Lon)
	require.NoError(t, err)
	w := make([][]float64, n)
	r := make([]float64, n)
	for i := range n {
		w[i] = make([]float64, n)
		for j := range n {
			if i != j {
				w[i][j] = math.Pow(float64(scn.Pop[i]), g.A-1) * math.Pow(float64(scn.Pop[j]), g.B) *
					math.Pow(d[i*n+j], -g.C)
			}
			r[i] += w[i][j]
		}
	}
	for i := range n {
		for j := range n {
			if r[j] != 0 {
				w[i][j] = w[i][j] * g.K / r[j]
			} else {
				w[i][j] = 0
			}
		}
	}
	return w
}

// requireNearReference checks got against the reference force want within
// 1e−12 relative per entry (SPEC §7.5 rule 2), exactly 0 where want is 0;
// what names the case in messages.
func requireNearReference(t *testing.T, want, got []float64, what string) {
	t.Helper()
	for j := range want {
		if want[j] == 0 {
			require.Zero(t, got[j], "%s: acc[%d]", what, j)
			continue
		}
		require.InEpsilon(t, want[j], got[j], 1e-12, "%s: acc[%d]", what, j)
	}
}

// referenceForce returns acc_j = Σ_i x_i·M[i,j] in the reference order of
// SPEC §7.5 (sources in increasing i, each row's stored entries in order,
// no fused multiply-add): the oracle of the force tests.
func referenceForce(m *Matrix, x []float64) []float64 {
	acc := make([]float64, m.N())
	for i := range m.N() {
		_, row := m.Row(i)
		for j, w := range row {
			acc[j] += float64(x[i] * w)
		}
	}
	return acc
}
