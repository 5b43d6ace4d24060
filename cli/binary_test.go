package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBinaryExitCodes builds the real binary and checks the process exit
// codes a shell sees (0 ok, 2 bad input with nothing written).
func TestBinaryExitCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rubeola")
	build := exec.Command("go", "build", "-o", bin, "../cmd/rubeola")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))

	run := exec.Command(bin, "run", "--ticks", "3", "--no-progress", "--out", filepath.Join(dir, "ok"))
	out, err = run.CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), "3 ticks")

	bad := writeFile(t, dir, "p.json", `{"nticks": 5}`)
	run = exec.Command(bin, "run", "--params", bad, "--out", filepath.Join(dir, "bad"))
	out, err = run.CombinedOutput()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "want a non-zero exit, got %v", err)
	assert.Equal(t, 2, exit.ExitCode())
	assert.Contains(t, string(out), `unknown key "nticks" (did you mean "num_ticks"?)`)
	_, err = os.Stat(filepath.Join(dir, "bad"))
	assert.ErrorIs(t, err, os.ErrNotExist)

	// A sweep: a bad axis value is exit 2 with nothing written; a good
	// sweep exits 0.
	sweepFile := writeFile(t, dir, "sweep.toml", sweepRunFile+"\n[sweep]\n\"phases.Infection.beta\" = [0.5, -1]\n")
	run = exec.Command(bin, "sweep", sweepFile, "--out", filepath.Join(dir, "badsweep"))
	out, err = run.CombinedOutput()
	require.True(t, errors.As(err, &exit), "want a non-zero exit, got %v", err)
	assert.Equal(t, 2, exit.ExitCode())
	assert.Contains(t, string(out), `[sweep] "phases.Infection.beta" = -1 (point 1)`)
	_, err = os.Stat(filepath.Join(dir, "badsweep"))
	assert.ErrorIs(t, err, os.ErrNotExist)
	sweepFile = writeFile(t, dir, "sweep.toml", sweepRunFile+"\n[sweep]\n\"params.seed\" = [1, 2]\n")
	run = exec.Command(bin, "sweep", sweepFile, "--out", filepath.Join(dir, "sweep"), "--no-progress")
	out, err = run.CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), "2 points; 2 run")
}
