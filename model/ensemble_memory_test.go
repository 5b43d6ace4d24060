package model

import (
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEnsembleRefusesWhatCannotFit: an ensemble's per-tick storage is R
// times one replicate's, checked before any replicate allocates. The
// standard schedule stores 88 bytes per tick per replicate (see
// TestInitializeRefusesWhatCannotFit): 100 ticks × 3 replicates need
// 26 400 B, and the factored D of the two patches, shared, 16 B once.
func TestEnsembleRefusesWhatCannotFit(t *testing.T) {
	build := func(limit int64) *Ensemble {
		e, err := NewEnsemble(twoPatch(t), quietParams(100, 1), 3,
			WithMemoryLimit(limit), WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, e.SetComponents(DefaultComponents()...))
		return e
	}
	cases := []struct {
		name  string
		limit int64
		ok    bool
	}{
		{"one replicate's storage fits, three do not", 26415, false},
		{"at the limit", 26416, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := build(c.limit)
			assert.Equal(t, 26416.0, e.EstimateMemory().Total())
			err := e.Initialize()
			if c.ok {
				require.NoError(t, err)
				return
			}
			var me *MemoryError
			require.True(t, errors.As(err, &me), "%v", err)
			assert.Contains(t, err.Error(), "StateTracker: 3 replicates × 3 states × 1 group × 100 ticks × 8 B = 7.20 kB")
			// The mixing the replicates share is counted once.
			assert.Contains(t, err.Error(), "InfectionProcess mixing: 2 patches × 2 patches × 4 B = 16 B")
		})
	}
}
