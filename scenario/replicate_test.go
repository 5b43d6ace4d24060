package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReplicate: every row k times in a row, ids "<id>#<c>", extra columns
// copied, the source ids in replicate_of; refused twice, for k < 1 and
// past MaxReplicatedRows.
func TestReplicate(t *testing.T) {
	tbl, err := FromColumns([]string{"a", "b"}, []int64{10, 20}, []float64{1, 2}, []float64{3, 4}, []float64{0.1, 0.2})
	require.NoError(t, err)
	require.NoError(t, tbl.SetExtra("amp", []string{"0.3", "0.4"}))
	rep, err := tbl.Replicate(3)
	require.NoError(t, err)
	assert.Equal(t, []string{"a#1", "a#2", "a#3", "b#1", "b#2", "b#3"}, rep.ID)
	assert.Equal(t, []int64{10, 10, 10, 20, 20, 20}, rep.Pop)
	amp, _ := rep.Extra("amp")
	assert.Equal(t, []string{"0.3", "0.3", "0.3", "0.4", "0.4", "0.4"}, amp)
	assert.Equal(t, "b", rep.SourceID(4))
	assert.Equal(t, "a", tbl.SourceID(0))
	require.NoError(t, rep.Validate())
	for _, c := range []struct {
		tbl *Table
		k   int
	}{{rep, 2}, {tbl, 0}, {tbl, MaxReplicatedRows}} {
		_, err := c.tbl.Replicate(c.k)
		assert.Error(t, err, "k = %d", c.k)
	}
}
