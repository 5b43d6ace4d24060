package metrics

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAgeBins: bins hold whole days from ⌈edge⌉ (the reference's 1829.6
// is day 1830) to the next edge's day − 1, the last bin every older age,
// and ages below the first edge none; labels name the days.
func TestAgeBins(t *testing.T) {
	b := newAgeBins([]float64{10, 365, 1829.6})
	assert.Equal(t, []string{"10-365", "365-1830", "1830+"}, b.labels)
	for _, c := range []struct {
		age  int32
		want int
	}{{0, -1}, {9, -1}, {10, 0}, {364, 0}, {365, 1}, {1829, 1}, {1830, 2}, {1 << 30, 2}} {
		assert.Equal(t, c.want, b.of(c.age), "age %d", c.age)
	}
	assert.Len(t, PyramidAgeBins(), 21, "MortXVal's 42 entries, every other one")
	assert.Equal(t, 0.0, PyramidAgeBins()[0], "newborns counted")
}

// TestAgeTrackerParamsValidate names the bad field and value.
func TestAgeTrackerParamsValidate(t *testing.T) {
	ok := DefaultAgePyramidParams()
	require.NoError(t, ok.Validate())
	cases := []struct {
		edit func(p *AgeTrackerParams)
		want string
	}{
		{func(p *AgeTrackerParams) { p.Frequency = "weekly" }, `frequency: "weekly"`},
		{func(p *AgeTrackerParams) { p.AgeBins = nil }, "age_bins: empty"},
		{func(p *AgeTrackerParams) { p.AgeBins = []float64{0, 1.2, 1.5} }, "age_bins[2]: 1.5 does not exceed age_bins[1] = 1.2 by a whole day"},
		{func(p *AgeTrackerParams) { p.AgeBins = []float64{0, 1e9} }, "age_bins[1]: 1e+09 is not an age in days in [0, 73000]"},
		{func(p *AgeTrackerParams) { p.AggregationLevel = -3 }, "-3"},
	}
	for _, c := range cases {
		p := DefaultAgePyramidParams()
		c.edit(&p)
		err := p.Validate()
		require.Error(t, err, c.want)
		assert.Contains(t, err.Error(), c.want)
	}
}
