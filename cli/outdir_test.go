package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/tmpname"
	"github.com/rubeola/rubeola/output"
)

// TestOutDirTheUserOwns: rubeola refuses a read-only output directory
// (exit 2, naming it, mode unchanged) and keeps a writable one's mode
// (issue 26 item 6: both were replaced by a new 0755 directory).
func TestOutDirTheUserOwns(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	require.NoError(t, os.Mkdir(ro, 0o755))
	require.NoError(t, os.Chmod(ro, 0o555))
	t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })
	for _, force := range []bool{false, true} {
		args := []string{"run", "--ticks", "3", "--out", ro}
		if force {
			args = append(args, "--force")
		}
		code, _, stderr := runCLI(t, args...)
		assert.Equal(t, 2, code)
		assert.Equal(t, `rubeola: output directory "`+ro+`" is read-only (mode 0555): make it writable or choose another --out`+"\n", stderr)
		info, err := os.Stat(ro)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o555), info.Mode().Perm())
	}

	rw := filepath.Join(dir, "rw")
	require.NoError(t, os.Mkdir(rw, 0o755))
	require.NoError(t, os.Chmod(rw, 0o750)) // not the 0755 rubeola gives a new directory
	code, _, stderr := runCLI(t, "run", "--ticks", "3", "--out", rw)
	require.Equal(t, 0, code, stderr)
	info, err := os.Stat(rw)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o750), info.Mode().Perm())
	assert.FileExists(t, filepath.Join(rw, "states.csv"))
}

// TestResumeIntoItsOwnDirectory: resuming a snapshot into the directory
// that holds it (which --force would replace, the snapshots with it) is
// refused, exit 2, every snapshot kept (issue 26 item 6).
func TestResumeIntoItsOwnDirectory(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, _, stderr := runCLI(t, "run", "--ticks", "6", "--snapshot-every", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	snap := filepath.Join(out, "snapshots", "tick-000002.snap")
	for _, dst := range []string{out, filepath.Join(out, "..", "out") + string(filepath.Separator)} {
		code, _, stderr = runCLI(t, "resume", snap, "--out", dst, "--force")
		assert.Equal(t, 2, code)
		assert.Equal(t, "rubeola: snapshot "+snap+" is inside --out "+dst+", which the resumed run replaces with its outputs "+
			"(deleting the snapshots there): choose another --out\n", stderr)
	}
	entries, err := os.ReadDir(filepath.Join(out, "snapshots"))
	require.NoError(t, err)
	assert.Len(t, entries, 3, "tick 2, 4 and 6")
}

// leaveTemporariesEnv makes TestLeaveTemporaries, run in a child process,
// create rubeola's temporaries for the directory it names and exit
// without removing them: what a rubeola killed with kill -9 leaves.
const leaveTemporariesEnv = "RUBEOLA_TEST_LEAVE_TEMPORARIES"

// TestLeaveTemporaries is the child process of TestStaleTemporariesRemoved
// (it does nothing otherwise).
func TestLeaveTemporaries(t *testing.T) {
	out := os.Getenv(leaveTemporariesEnv)
	if out == "" {
		t.Skip("the child process of TestStaleTemporariesRemoved")
	}
	pending, err := tmpname.MkdirBeside(out)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(pending, "states.csv"), []byte("partial"), 0o644))
	snaps := filepath.Join(out, output.SnapshotDir)
	require.NoError(t, os.MkdirAll(snaps, 0o755))
	f, err := os.CreateTemp(snaps, tmpname.Pattern("tick-000002.snap"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

// TestStaleTemporariesRemoved: the pending directory and the half-written
// snapshot a killed rubeola left are removed by the next run into the
// same directory; temporaries of a running process and other names stay
// (issue 26 item 6; the rule is internal/tmpname's).
func TestStaleTemporariesRemoved(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	child := exec.Command(os.Args[0], "-test.run=^TestLeaveTemporaries$", "-test.count=1")
	child.Env = append(os.Environ(), leaveTemporariesEnv+"="+out)
	msg, err := child.CombinedOutput()
	require.NoError(t, err, string(msg))
	stale := func() []string {
		a, err := filepath.Glob(filepath.Join(dir, ".out.tmp-*"))
		require.NoError(t, err)
		b, err := filepath.Glob(filepath.Join(out, output.SnapshotDir, ".tick-*"))
		require.NoError(t, err)
		return append(a, b...)
	}
	require.Len(t, stale(), 2, "the child left a pending directory and a snapshot's temporary file")

	live, err := tmpname.MkdirBeside(out) // this process's: running
	require.NoError(t, err)
	other := filepath.Join(dir, ".out.tmp-7") // not rubeola's pattern
	require.NoError(t, os.Mkdir(other, 0o755))

	code, _, stderr := runCLI(t, "run", "--ticks", "4", "--snapshot-every", "2", "--out", out, "--force")
	require.Equal(t, 0, code, stderr)
	assert.ElementsMatch(t, []string{live, other}, stale())
}
