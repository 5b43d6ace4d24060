package wppages

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBandStarts checks the band starts against SPEC §10.1's grid: 21
// five-year bands from 0.6 days, every other entry of the 42 ages.
func TestBandStarts(t *testing.T) {
	got := BandStarts()
	assert.Len(t, MortXVal, 42, "SPEC §10.1: 42 mortality ages")
	assert.Len(t, got, 21, "every other entry of the 42 ages")
	assert.Equal(t, 0.6, got[0], "first edge of SPEC §10.1's grid")
	assert.Equal(t, 1829.6, got[1], "second five-year band")
	got[0] = 0
	assert.Equal(t, 0.6, MortXVal[0], "BandStarts returns a new slice")
}
