package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

// TestNamesItself: cli.WithName("mybinary") names the binary, with the
// rubeola it was built on, in `version`, in the run summary's first line
// and in summary.json's metadata.generator (for a single run and for an
// ensemble's summary), not "rubeola 0.1.0".
func TestNamesItself(t *testing.T) {
	code, stdout, stderr := rubeola("version")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "mybinary (rubeola "+metrics.Version+", "+runtime.Version()+", "+runtime.GOOS+"/"+runtime.GOARCH+")\n", stdout)

	want := "mybinary (rubeola " + metrics.Version + ")"
	generator := func(path string) string {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var sum struct {
			Metadata struct{ Generator string } `json:"metadata"`
		}
		require.NoError(t, json.Unmarshal(data, &sum))
		return sum.Metadata.Generator
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "single")
	code, stdout, stderr = rubeola("run", "--config", "run.toml", "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, want+": "), stdout)
	assert.Equal(t, want, generator(filepath.Join(out, "summary.json")))

	out = filepath.Join(dir, "ensemble")
	code, stdout, stderr = rubeola("run", "--config", "run.toml", "--out", out, "--replicates", "2", "--keep-replicates", "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, want+": ensemble"), stdout)
	assert.Equal(t, want, generator(filepath.Join(out, "ensemble", "summary.json")))
	assert.Equal(t, want, generator(filepath.Join(out, "replicates", "r000", "summary.json")))
}
