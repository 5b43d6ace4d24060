package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompartmentalRuns runs the program: five years of the compartmental model,
// one line per year, and measles keeps circulating in the 100 towns (8.3
// million people, R0 8, births 20 per 1000 per year: far above the
// critical community size, so every year has cases).
func TestCompartmentalRuns(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	text := out.String()
	assert.Contains(t, text, "compartmental model: 100 towns, 1825 days from 2000-01-01, states [S E I R]\n")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	require.Len(t, lines, 6, text)
	for _, l := range lines[1:] {
		assert.NotContains(t, l, "      0 new cases", l)
	}
	assert.Contains(t, lines[5], "year 5:")
	assert.Contains(t, lines[5], "on 2004-12-29", "day 1824 is 2000-01-01 + 1824 days (2000 and 2004 are leap years)")
}
