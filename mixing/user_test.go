package mixing

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
)

// threePatch is a 3-patch scenario for user matrices (coordinates unused).
func threePatch() *scenario.Table {
	return newTable([]string{"a", "b", "c"}, []int64{10, 20, 30}, []float64{0, 0, 0}, []float64{0, 1, 2})
}

func TestFromMigrationMatrix(t *testing.T) {
	in := [][]float64{{0, 0.1, 0.2}, {0.5, 0, 0.5}, {0, 0, 0}}
	mx := FromMigrationMatrix(in)
	assert.Equal(t, "migration_matrix", mx.Name())
	mg, ok := mx.(Migrator)
	require.True(t, ok, "FromMigrationMatrix implements Migrator (SPEC §7.1)")

	in[0][1] = 0.9 // the mixer holds a copy
	mig, err := mg.Migration(threePatch())
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0, 0.1, 0.2}, {0.5, 0, 0.5}, {0, 0, 0}}, rows(mig))
	mix, err := mx.Mixing(threePatch())
	require.NoError(t, err)
	// Diagonal 1 − Σ_{j≠i} (SPEC §7.4 → §7.3); row 1 sums to exactly 1.
	assert.InDelta(t, 0.7, mix.At(0, 0), 1e-15)
	assert.Equal(t, 0.0, mix.At(1, 1))
	assert.Equal(t, 1.0, mix.At(2, 2))
	requireRowsSumToOne(t, mix)
}

func TestFromMixingMatrix(t *testing.T) {
	// AT-13 style chain: M[i,i+1] = 1, rows do not sum to 1 and are not
	// checked (SPEC §7.4).
	in := [][]float64{{0, 1, 0}, {0, 0, 1}, {0, 0, 0}}
	mx := FromMixingMatrix(in)
	assert.Equal(t, "mixing_matrix", mx.Name())
	_, ok := mx.(Migrator)
	assert.False(t, ok, "FromMixingMatrix has no migration matrix")
	in[2][2] = 5
	m, err := mx.Mixing(threePatch())
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{0, 1, 0}, {0, 0, 1}, {0, 0, 0}}, rows(m))

	// Rows summing to more than 1 are allowed too.
	m, err = FromMixingMatrix([][]float64{{2, 3}, {0, 1}}).Mixing(twoPatch())
	require.NoError(t, err)
	assert.Equal(t, [][]float64{{2, 3}, {0, 1}}, rows(m))
}

func TestUserMatrixErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name      string
		migration bool // FromMigrationMatrix, else FromMixingMatrix
		m         [][]float64
		scn       *scenario.Table
		want      string
	}{
		{"mig too few rows", true, [][]float64{{0, 0}, {0, 0}}, threePatch(),
			"migration matrix has 2 rows but the scenario has 3 patches"},
		{"mig too many rows", true, [][]float64{{0}, {0}}, newTable([]string{"a"}, []int64{1}, []float64{0}, []float64{0}),
			"migration matrix has 2 rows but the scenario has 1 patches"},
		{"mig ragged", true, [][]float64{{0, 0, 0}, {0, 0}, {0, 0, 0}}, threePatch(),
			"migration matrix row 1 has 2 entries, want 3"},
		{"mig nil", true, nil, threePatch(), "migration matrix has 0 rows"},
		{"mig negative", true, [][]float64{{0, -0.1, 0}, {0, 0, 0}, {0, 0, 0}}, threePatch(),
			"migration matrix entry [0][1] = -0.1 is negative"},
		{"mig NaN", true, [][]float64{{0, 0, 0}, {0, 0, nan}, {0, 0, 0}}, threePatch(),
			"migration matrix entry [1][2] = NaN is not finite"},
		{"mig Inf", true, [][]float64{{0, 0, 0}, {0, 0, 0}, {inf, 0, 0}}, threePatch(),
			"migration matrix entry [2][0] = +Inf is not finite"},
		{"mig diagonal", true, [][]float64{{0, 0, 0}, {0, 0.2, 0}, {0, 0, 0}}, threePatch(),
			`migration matrix diagonal entry [1][1] (patch 1 ("b")) = 0.2 must be 0`},
		{"mig row sum", true, [][]float64{{0, 0.6, 0.6}, {0, 0, 0}, {0, 0, 0}}, threePatch(),
			`mixing: migration row 0 ("a") sums to 1.2 > 1`},
		{"mig no patches", true, [][]float64{}, &scenario.Table{}, "scenario has no patches"},
		{"mix size", false, [][]float64{{1}}, threePatch(),
			"mixing matrix has 1 rows but the scenario has 3 patches"},
		{"mix ragged", false, [][]float64{{1, 0}, {1}}, twoPatch(), "mixing matrix row 1 has 1 entries, want 2"},
		{"mix negative", false, [][]float64{{1, 0}, {-1, 1}}, twoPatch(), "mixing matrix entry [1][0] = -1 is negative"},
		{"mix NaN", false, [][]float64{{nan, 0}, {0, 1}}, twoPatch(), "mixing matrix entry [0][0] = NaN is not finite"},
		{"mix nil scenario", false, [][]float64{{1}}, nil, "scenario has no patches"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var mx Mixer
			if tc.migration {
				mx = FromMigrationMatrix(tc.m)
				_, err := mx.(Migrator).Migration(tc.scn)
				require.ErrorContains(t, err, tc.want, "Migration")
			} else {
				mx = FromMixingMatrix(tc.m)
			}
			m, err := mx.Mixing(tc.scn)
			require.ErrorContains(t, err, tc.want)
			require.Nil(t, m)
		})
	}
}
