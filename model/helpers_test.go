package model

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// quietParams returns the defaults with ticks and seed set and no progress.
var quietParams = paramstest.QuietParams

// newModel builds a quiet model with the given components.
func newModel(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs ...phases.Factory) *Model {
	t.Helper()
	m, err := NewBiweekly(scn, p, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	if len(fs) > 0 {
		require.NoError(t, m.SetComponents(fs...))
	}
	return m
}

// twoPatch is the reference's two-patch scenario (100 000 / 50 000).
func twoPatch(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	return scn
}
