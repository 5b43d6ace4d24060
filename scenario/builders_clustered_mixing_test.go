package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/scenario"
)

// TestClusteredGravityValid: a synthetic country of 1 km cells is a valid
// scenario for gravity at the reference defaults (k = 0.01): every
// migration row sums to at most 1 (exact, streaming kernel). The country
// of 75 000 000 people over 5 000 patches makes villages of tens of
// people, as the default country at n = 10⁶ (M ≈ 35). With each city in
// one patch (MaxCellPop = LargestCity, the builder before cells) the
// villages next to the 15 000 000-person city were refused for all three
// seeds (rows summing to 5.06, 1.44 and 1.17), as was the default country
// at n = 10⁵ (`rubeola run`, row 28 summed to 2.24).
func TestClusteredGravityValid(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cellPop int64
		valid   bool
	}{{"cells of 50 000", 50_000, true}, {"whole cities", 15_000_000, false}} {
		for _, seed := range []uint64{1, 2, 3} {
			o := scenario.DefaultClusteredOptions()
			o.CountryPop = 75_000_000
			o.MaxCellPop = tc.cellPop
			tab, err := scenario.Clustered(5000, seed, o)
			require.NoError(t, err)
			_, err = mixing.StreamingMatrix(mixing.DefaultGravity(), tab, mixing.StreamingOptions{})
			if tc.valid {
				require.NoError(t, err, "%s, seed %d", tc.name, seed)
			} else {
				assert.ErrorContains(t, err, "> 1", "%s, seed %d", tc.name, seed)
			}
		}
	}
}
