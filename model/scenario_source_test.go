package model

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScenarioSourceInSnapshots: the scenario's origin recorded with
// WithScenarioSource survives a snapshot of a model and of an ensemble; a
// model without one loads with none, and the option given at load time
// wins.
func TestScenarioSourceInSnapshots(t *testing.T) {
	scn := snapshotScenario(t)
	dir := t.TempDir()
	save := func(t *testing.T, path string, opts ...Option) {
		m, err := NewBiweekly(scn, quietParams(4, 1), append(opts, WithStdout(io.Discard), WithProgressWriter(io.Discard))...)
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(DefaultComponents()...))
		require.NoError(t, m.RunTicks(context.Background(), 2))
		require.NoError(t, m.SaveSnapshot(path))
	}
	for _, tc := range []struct {
		name string
		save []Option
		load []Option
		want string
	}{
		{"recorded", []Option{WithScenarioSource("data/towns.csv")}, nil, "data/towns.csv"},
		{"none", nil, nil, ""},
		{"given at load", []Option{WithScenarioSource("data/towns.csv")}, []Option{WithScenarioSource("other.csv")}, "other.csv"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".snap")
			save(t, path, tc.save...)
			m, err := LoadSnapshot(path, nil, append(tc.load, WithStdout(io.Discard))...)
			require.NoError(t, err)
			assert.Equal(t, tc.want, m.ScenarioSource())
		})
	}

	t.Run("ensemble", func(t *testing.T) {
		e, err := NewEnsemble(scn, quietParams(4, 1), 2, WithScenarioSource("builder: grid"), WithStdout(io.Discard))
		require.NoError(t, err)
		require.NoError(t, e.SetComponents(DefaultComponents()...))
		require.NoError(t, e.RunTicks(context.Background(), 2))
		path := filepath.Join(dir, "e.snap")
		require.NoError(t, e.SaveSnapshot(path))
		loaded, err := LoadEnsembleSnapshot(path, nil, WithStdout(io.Discard))
		require.NoError(t, err)
		for r := range 2 {
			assert.Equal(t, "builder: grid", loaded.Replicate(r).ScenarioSource(), "replicate %d", r)
		}
	})
}
