package output

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testmount"
)

// TestMountPointDetected: a real tmpfs mount is a mount point, by its
// device and by /proc/self/mountinfo; its parent and a folder inside it
// are not.
func TestMountPointDetected(t *testing.T) {
	dir := testmount.Tmpfs(t)
	assert.True(t, isMountPoint(dir))
	assert.True(t, listedMountPoint(mountInfoPath, dir), "listed in "+mountInfoPath)
	assert.False(t, isMountPoint(filepath.Dir(dir)))
	inside := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(inside, 0o755))
	assert.False(t, isMountPoint(inside))
}

// TestListedMountPoint reads a fake mountinfo: the fifth field is the
// mount point, with the kernel's octal escapes (a bind mount of the same
// file system has its parent's device, so only this list shows it).
func TestListedMountPoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mountinfo")
	const info = "22 1 0:21 / / rw,relatime - overlay overlay rw\n" +
		"40 22 0:35 / /data/my\\040volume rw,relatime shared:1 - ext4 /dev/sda1 rw\n" +
		"41 22 0:36 /src /srv/bind rw - ext4 /dev/sda1 rw\n"
	require.NoError(t, os.WriteFile(path, []byte(info), 0o644))
	for _, tc := range []struct {
		dir  string
		want bool
	}{
		{"/", true},
		{"/data/my volume", true},
		{"/srv/bind", true},
		{"/srv", false},
		{"/data/my\\040volume", false},
		{"/srv/bind/out", false},
	} {
		assert.Equal(t, tc.want, listedMountPoint(path, tc.dir), tc.dir)
	}
	assert.False(t, listedMountPoint(filepath.Join(t.TempDir(), "none"), "/"), "no list: not known as a mount point")
	assert.Equal(t, `a\b c`, unescapeMountPath(`a\134b\040c`))
}

// TestCheckDirRefusesMountPoint: issue 37 item 1. `run --out M --force`
// with M a mount point ran, then removed M's files and failed with EBUSY.
// CheckDir (run before the run starts) refuses a mount point, empty or
// not, with force or without.
func TestCheckDirRefusesMountPoint(t *testing.T) {
	dir := testmount.Tmpfs(t)
	for _, force := range []bool{false, true} {
		assert.ErrorContains(t, CheckDir(dir, force), "is a mount point", "empty, force %v", force)
	}
	keep := filepath.Join(dir, "keep.txt")
	require.NoError(t, os.WriteFile(keep, []byte("precious"), 0o644))
	assert.ErrorContains(t, CheckDir(dir, true), "choose a folder inside it (for example "+filepath.Join(dir, "out")+")")
	assert.NoError(t, CheckDir(filepath.Join(dir, "out"), false), "a folder inside a mount point is fine")
	assert.FileExists(t, keep)
}

// TestReplaceDirKeepsWhatCannotMove: the commit moves the old output
// directory aside before it renames the new one into place, and removes
// the old one only then; when the old one cannot be moved (a mount point
// not recognised as one: EBUSY, simulated), it is left as it was, its
// files included, and the error says so.
func TestReplaceDirKeepsWhatCannotMove(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	require.NoError(t, os.Mkdir(dir, 0o755))
	keep := filepath.Join(dir, "keep.txt")
	require.NoError(t, os.WriteFile(keep, []byte("precious"), 0o644))
	tmp := filepath.Join(parent, "new")
	require.NoError(t, os.Mkdir(tmp, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "states.csv"), []byte("x\n"), 0o644))

	renameDir = func(from, to string) error {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EBUSY}
	}
	t.Cleanup(func() { renameDir = os.Rename })
	err := replaceDir(tmp, dir)
	require.ErrorIs(t, err, syscall.EBUSY)
	assert.ErrorContains(t, err, "it is left as it was; the outputs were not written")
	assert.FileExists(t, keep)
	entries, err := os.ReadDir(parent)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "out and new, nothing aside")

	// Movable: replaced, nothing left aside.
	renameDir = os.Rename
	require.NoError(t, replaceDir(tmp, dir))
	assert.NoFileExists(t, keep)
	assert.FileExists(t, filepath.Join(dir, "states.csv"))
	entries, err = os.ReadDir(parent)
	require.NoError(t, err)
	assert.Len(t, entries, 1)
}

// TestSnapshotsKeptNote: issue 37 item 8. After a full disk, a failed
// run's snapshots stayed in DIR/snapshots beside an earlier run's tables
// (--force) without a word; the error says which files are whose.
func TestSnapshotsKeptNote(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "states.csv"), []byte("old\n"), 0o644))
	require.NoError(t, os.Mkdir(filepath.Join(dir, SnapshotDir), 0o755))
	snap := filepath.Join(dir, SnapshotDir, "tick-000002.snap")
	require.NoError(t, os.WriteFile(snap, []byte("x"), 0o644))
	full := errors.New("writing states.csv: no space left on device")

	err := snapshotsKept(full, dir, []string{snap})
	require.ErrorIs(t, err, full)
	assert.EqualError(t, err, "writing states.csv: no space left on device (the 1 snapshots this run saved stay in "+
		filepath.Join(dir, SnapshotDir)+" for `rubeola resume "+snap+"`; the other files in "+dir+
		" are an earlier run's, not this run's (they were not replaced))")
	assert.Equal(t, full, snapshotsKept(full, dir, nil), "no snapshots: the error as it was")

	require.NoError(t, os.Remove(filepath.Join(dir, "states.csv")))
	assert.NotContains(t, snapshotsKept(full, dir, []string{snap}).Error(), "earlier run", "only the snapshots in DIR")
}
