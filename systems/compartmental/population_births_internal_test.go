package compartmental

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rubeola/rubeola/rng"
)

// TestBirthTables: one table per place with the mean of its first patch's
// cohort share; a block is covered only when every patch has its place's
// share, and a place whose mean is past rng.PoissonTableMaxMean is never
// covered (its patches draw with rng.Poissons).
func TestBirthTables(t *testing.T) {
	place := []int32{0, 0, 0, 1, 1} // place 2 has no patch
	cohort := []float64{0.5, 0.5, 0.5, 0.2, 0.2}
	placeB := []float64{70_000, 3_000, 5} // births per year: London-sized, a town, a village
	var b birthTables
	b.init(place, 3)
	assert.Equal(t, []int{0, 3, -1}, b.first)
	for _, day := range []bool{false, true} {
		b.set(placeB, cohort, day)
		assert.Equal(t, birthMean(0.5, 70_000, day), b.tables[0].Mean(), "cohort day %v", day)
		assert.Equal(t, birthMean(0.2, 3_000, day), b.tables[1].Mean(), "cohort day %v", day)
		assert.True(t, b.covers(place, cohort))
	}
	assert.InDelta(t, 0.5*70_000/YearDays, birthMean(0.5, 70_000, false), 1e-12)
	assert.InDelta(t, 0.5*70_000/YearDays+0.5*70_000, birthMean(0.5, 70_000, true), 1e-9)

	perturbed := append([]float64(nil), cohort...)
	perturbed[4] = math.Nextafter(0.2, 1) // IF2's random walk: one particle's share moved
	assert.False(t, b.covers(place, perturbed))
	assert.True(t, b.covers(place[:3], perturbed[:3]), "a block of place 0's patches only is still covered")

	b.set([]float64{3 * rng.PoissonTableMaxMean, 3_000, 5}, cohort, true) // a cohort day past the tables' range
	assert.False(t, b.covers(place[:3], cohort[:3]))
	assert.True(t, b.covers(place[3:], cohort[3:]))
}
