package runfile

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// quietParams returns the defaults with ticks and seed set and no progress.
var quietParams = paramstest.QuietParams

// newModel builds a quiet biweekly model with the given components.
func newModel(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs ...phases.Factory) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
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

// writeRunFile writes content to dir/run.toml.
func writeRunFile(t *testing.T, dir, content string) string {
	t.Helper()
	path := filepath.Join(dir, "run.toml")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}
