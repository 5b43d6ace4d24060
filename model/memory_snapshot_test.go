package model

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEstimateSnapshotEncoding: with WithSnapshotsEvery the estimate counts
// encoding a snapshot of every tracker value (16 B each), only when a
// snapshot falls within the run; the refusal advises fewer snapshots.
func TestEstimateSnapshotEncoding(t *testing.T) {
	build := func(ticks int, opts ...Option) *Model {
		m, err := NewBiweekly(twoPatch(t), quietParams(ticks, 1), append(opts, WithStdout(io.Discard), WithProgressWriter(io.Discard))...)
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(DefaultComponents()...))
		return m
	}
	// The standard schedule's global StateTracker: 3 states × 1 group × 100
	// ticks = 300 values, 4 800 B to encode; the rest is 8 816 B
	// (TestInitializeRefusesWhatCannotFit).
	for _, tc := range []struct {
		name  string
		every int
		want  float64
	}{
		{"no snapshots", 0, 8816},
		{"every 10 ticks", 10, 8816 + 4800},
		{"the first at tick 100", 100, 8816 + 4800},
		{"none within the run", 101, 8816},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, build(100, WithSnapshotsEvery(tc.every)).EstimateMemory().Total())
		})
	}

	m := build(100, WithSnapshotsEvery(10), WithMemoryLimit(8816+4799))
	err := m.Initialize()
	var me *MemoryError
	require.True(t, errors.As(err, &me), "%v", err)
	assert.Contains(t, err.Error(), "\nsnapshot encoding: 300 tracker values × 16 B = 4.80 kB\n")
	assert.Contains(t, err.Error(), "fewer snapshots (a snapshot encodes every tracker value recorded so far")
	require.NoError(t, build(100, WithSnapshotsEvery(10), WithMemoryLimit(8816+4800)).Run(context.Background()))
}
