package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCPUProfile checks --cpuprofile: a run writes a gzip-compressed pprof
// profile (gzip magic 1f 8b, RFC 1952) beside normal outputs; an unwritable
// profile path fails the run before anything is written.
func TestCPUProfile(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.pprof")
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "run", "--ticks", "5", "--no-progress", "--out", out, "--cpuprofile", prof)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(prof)
	require.NoError(t, err)
	require.Greater(t, len(data), 2)
	assert.Equal(t, []byte{0x1f, 0x8b}, data[:2])
	assert.FileExists(t, filepath.Join(out, "states.csv"))

	out2 := filepath.Join(dir, "out2")
	code, _, stderr = runCLI(t, "run", "--ticks", "5", "--no-progress", "--out", out2,
		"--cpuprofile", filepath.Join(dir, "missing", "cpu.pprof"))
	assert.NotEqual(t, 0, code)
	assert.Contains(t, stderr, "--cpuprofile")
	assert.NoDirExists(t, out2)
}

// TestFitCPUProfile checks `rubeola fit --cpuprofile`: the fit writes a
// gzip-compressed pprof profile (gzip magic 1f 8b, RFC 1952) beside its
// outputs; an unwritable profile path is a usage error (exit 2) and
// writes no DIR/fit.
func TestFitCPUProfile(t *testing.T) {
	dir := t.TempDir()
	file := fitFixture(t, dir, fitTestIF2)
	prof := filepath.Join(dir, "fit.pprof")
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "fit", file, "--loglik", "--particles", "20", "--filters", "1", "--out", out, "--no-progress", "--cpuprofile", prof)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(prof)
	require.NoError(t, err)
	require.Greater(t, len(data), 2)
	assert.Equal(t, []byte{0x1f, 0x8b}, data[:2])
	assert.FileExists(t, filepath.Join(out, "fit", "loglik.json"))

	out2 := filepath.Join(dir, "out2")
	code, _, stderr = runCLI(t, "fit", file, "--loglik", "--particles", "20", "--filters", "1", "--out", out2, "--no-progress",
		"--cpuprofile", filepath.Join(dir, "missing", "fit.pprof"))
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--cpuprofile")
	assert.NoDirExists(t, filepath.Join(out2, "fit"))
}
