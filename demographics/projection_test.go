package demographics

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPeakGrowthConstantRates: with a constant hazard m and births b per
// person the population grows as e^((b − m)·t) whatever its ages, as long
// as nobody reaches the last age edge: m = 0.05 and b = 0.07 per year over
// 40 years from ages 0–50 (reaching 150 years takes 100 years) give
// e^0.8 = 2.2255. The tolerance 0.2 % covers the 30-day steps (births at
// the step's trapezoid mean population: the births alone, at the step's
// start population, were 0.74 % short over the 487 steps). With b < m the population falls and the peak is the start.
func TestPeakGrowthConstantRates(t *testing.T) {
	ages, err := NewAgeDistribution([]float64{0, 10 * DaysPerYear, 50 * DaysPerYear}, []float64{3, 2})
	require.NoError(t, err)
	table := func(perYear float64) *MortalityTable {
		m, err := NewMortalityTable([]float64{0, MaxAgeDays}, []float64{1990, 2100}, [][]float64{{perYear / DaysPerYear}})
		require.NoError(t, err)
		return m
	}
	fert, err := NewFertilityTable([]float64{1990, 2100}, []float64{0.07 / DaysPerYear})
	require.NoError(t, err)
	got, err := PeakGrowth(ages, table(0.05), fert, 2000, 40*DaysPerYear)
	require.NoError(t, err)
	assert.InEpsilon(t, math.Exp(0.8), got, 0.002)
	got, err = PeakGrowth(ages, table(0.09), fert, 2000, 40*DaysPerYear)
	require.NoError(t, err)
	assert.Equal(t, 1.0, got, "a shrinking population peaks at the start")
	_, err = PeakGrowth(ages, table(0.05), fert, 2000, 120*DaysPerYear)
	assert.ErrorIs(t, err, ErrYearOutOfRange, "a run past the fertility table")
}
