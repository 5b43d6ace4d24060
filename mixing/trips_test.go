package mixing

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTrips(t *testing.T) {
	// Definitions of SPEC §7.1 on the mean-field 2-patch migration of SPEC
	// §7.3 (mig = [[0, 0.3], [0.075, 0]], pops 1000, 2000):
	// TripsInto = [2000·0.075, 1000·0.3] = [150, 300] (= k·p with k = 0.15);
	// TripsOutOf = [1000·0.3, 2000·0.075] = [300, 150].
	mig, err := NewDense(2, []float64{0, 0.3, 0.075, 0})
	assert.NoError(t, err)
	pop := []int64{1000, 2000}
	for _, m := range []*Matrix{mig, mig.ToCSR()} {
		assert.InDeltaSlice(t, []float64{150, 300}, TripsInto(m, pop), 1e-12)
		assert.InDeltaSlice(t, []float64{300, 150}, TripsOutOf(m, pop), 1e-12)
	}
	assert.PanicsWithValue(t, "mixing: 1 populations for a 2×2 matrix", func() { TripsInto(mig, []int64{1}) })
	assert.Panics(t, func() { TripsOutOf(mig, nil) })
}
