package model

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIsPath: path keys name files unless their value is a keyword.
func TestIsPath(t *testing.T) {
	vd, ok := LookupComponentType("VitalDynamics")
	require.True(t, ok)
	assert.Equal(t, []string{"births", "deaths"}, vd.PathKeys())
	assert.True(t, vd.IsPath("births", "births.csv"))
	assert.False(t, vd.IsPath("births", "crude"))
	assert.False(t, vd.IsPath("deaths", "scenario"))
	assert.False(t, vd.IsPath("crude_birth_rate", "x"))
	sia, _ := LookupComponentType("SIACalendar")
	assert.True(t, sia.IsPath("sia_schedule", "crude"), "no keywords: every value is a path")
}
