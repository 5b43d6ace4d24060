package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadoutputsRuns: the Parquet rows read with the documented snippet
// equal the CSV rows (run checks every row and fails otherwise), and there
// are ticks × states × patches of them.
func TestReadoutputsRuns(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out, t.TempDir()))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2, out.String())
	want := numTicks * 3 * gridSize * gridSize // S, I, R per patch per tick
	assert.Equal(t, fmt.Sprintf("%d rows, the same in states.parquet and states.csv", want), lines[0])
	// Tick 12 is 12·14 = 168 days after 2000-01-01; the last row is R of
	// the last patch of the 3×3 grid.
	assert.True(t, strings.HasPrefix(lines[1], "last row: tick 12, 2000-06-17, 2:2, R = "), lines[1])
}
