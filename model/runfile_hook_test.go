package model

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// RunFileForTest is what model's internal tests read from a run file: the
// fields of runfile.File they use.
type RunFileForTest struct {
	Model        string
	Scenario     *scenario.Table
	Params       params.BiweeklyParams
	Components   []phases.Factory
	Types        []string
	Compartments []ecs.Compartment
}

// DecodeRunFileForTest and LoadRunFileForTest read a run file for model's
// internal tests, which write some models as run files. Package runfile
// imports model, so these tests cannot import it: runfile_hook_ext_test.go
// (package model_test, compiled into the same test binary) sets them to
// runfile.Decode and runfile.Load.
var (
	DecodeRunFileForTest func(r io.Reader, name, baseDir string) (*RunFileForTest, error)
	LoadRunFileForTest   func(path string) (*RunFileForTest, error)
)

// decodeRunFile decodes a run file read from r (runfile.Decode).
func decodeRunFile(r io.Reader, name, baseDir string) (*RunFileForTest, error) {
	return DecodeRunFileForTest(r, name, baseDir)
}

// loadRunFile reads the run file at path (runfile.Load).
func loadRunFile(path string) (*RunFileForTest, error) { return LoadRunFileForTest(path) }

// writeRunFile writes content to dir/run.toml.
func writeRunFile(t *testing.T, dir, content string) string {
	t.Helper()
	path := filepath.Join(dir, "run.toml")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}
