package tmpname

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPatternParses(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), Pattern("tick-000010.snap"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	name, pid, host, ok := parse(filepath.Base(f.Name()))
	require.True(t, ok, f.Name())
	assert.Equal(t, "tick-000010.snap", name)
	assert.Equal(t, os.Getpid(), pid)
	assert.Equal(t, hostHash(), host)
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		base string
		name string
		ok   bool
	}{
		{".out.tmp-12.0badcafe-345", "out", true},
		{".a.tmp-b.tmp-12.0badcafe-345", "a.tmp-b", true},
		{".out.tmp-12.0badcafe-", "", false},    // no random part
		{".out.tmp-12.0BADCAFE-345", "", false}, // upper case
		{".out.tmp-12.badcafe-345", "", false},  // seven digits
		{".out.tmp-x.0badcafe-345", "", false},  // not a PID
		{".out.tmp-0.0badcafe-345", "", false},  // PID 0
		{".out.tmp-12-345", "", false},          // the old names: no owner
		{".out.tmp-1", "", false},
		{"out.tmp-12.0badcafe-345", "", false}, // not hidden
		{".tmp-12.0badcafe-345", "", false},    // no name
		{".out.tmp-12.0badcafe-34a", "", false},
	} {
		name, _, _, ok := parse(tc.base)
		assert.Equal(t, tc.ok, ok, tc.base)
		assert.Equal(t, tc.name, name, tc.base)
	}
}

// deadPID returns the id of a process that has exited (a fresh PID is
// not reused at once: Linux hands PIDs out in increasing order).
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	require.NoError(t, cmd.Run())
	return cmd.Process.Pid
}

// TestRemoveStale: only temporaries of this host whose process is gone
// are removed (directories with their content); a live owner's, another
// host's, another destination's and every other name stay.
func TestRemoveStale(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process check: nothing is stale")
	}
	dir := t.TempDir()
	dead, here := deadPID(t), hostHash()
	other := "00000000"
	if other == here {
		other = "ffffffff"
	}
	mk := func(base string, isDir bool) string {
		path := filepath.Join(dir, base)
		if isDir {
			require.NoError(t, os.MkdirAll(filepath.Join(path, "snapshots"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(path, "states.csv"), []byte("partial"), 0o644))
		} else {
			require.NoError(t, os.WriteFile(path, []byte("partial"), 0o644))
		}
		return path
	}
	staleDir := mk(".out.tmp-"+ownerOf(dead, here)+"-11", true)
	staleFile := mk(".tick-000010.snap.tmp-"+ownerOf(dead, here)+"-12", false)
	kept := []string{
		mk(".out.tmp-"+ownerOf(os.Getpid(), here)+"-13", true), // running
		mk(".out.tmp-"+ownerOf(dead, other)+"-14", true),       // another host
		mk(".other.tmp-"+ownerOf(dead, here)+"-15", true),      // another destination (kept for "out" only)
		mk(".out.tmp-16", true),                                // no owner in the name
		mk("out", true),
	}

	removed, err := RemoveStale(dir, "out")
	require.NoError(t, err)
	assert.Equal(t, []string{staleDir}, removed)
	removed, err = RemoveStale(dir, "")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{staleFile, kept[2]}, removed)
	for _, p := range kept[:2] {
		assert.DirExists(t, p)
	}
	for _, p := range kept[3:] {
		assert.DirExists(t, p)
	}
	removed, err = RemoveStale(filepath.Join(dir, "missing"), "")
	require.NoError(t, err)
	assert.Empty(t, removed)
}

// TestIsStale: a dead owner's temporary on this host is stale; a live
// owner's, another host's and any other name are not.
func TestIsStale(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process check: nothing is stale")
	}
	dead, here := deadPID(t), hostHash()
	assert.True(t, IsStale(".out.tmp-"+ownerOf(dead, here)+"-11"))
	assert.True(t, IsStale(".tick-000010.snap.tmp-"+ownerOf(dead, here)+"-12"))
	assert.False(t, IsStale(".out.tmp-"+ownerOf(os.Getpid(), here)+"-13"), "running")
	assert.False(t, IsStale(".out.tmp-"+ownerOf(dead, "0000000g")+"-14"), "not a host hash")
	assert.False(t, IsStale("states.csv"))
}
