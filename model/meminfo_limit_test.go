//go:build unix

package model

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAvailableMemoryHonoursAddressSpaceLimit: issue 37 item 7. A
// 3·10⁸-person agent-based patch passed the estimate under `ulimit -v`
// 4 GB, then died out of memory: the estimate compared with MemAvailable
// only. With RLIMIT_AS set to the address space in use + 1 GiB, the
// memory available is at most that 1 GiB and says where it comes from.
func TestAvailableMemoryHonoursAddressSpaceLimit(t *testing.T) {
	used, ok := statusKB(statusPath, "VmSize:")
	if !ok {
		t.Skip(statusPath + " has no VmSize (not Linux)")
	}
	var old syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &old))
	const room = 1 << 30
	limit := uint64(used) + room
	if limit > old.Cur {
		t.Skipf("the address-space limit is already below VmSize + 1 GiB (%d B)", old.Cur)
	}
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: old.Max}))
	t.Cleanup(func() { require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &old)) })
	avail, source := AvailableMemory()
	// The address space in use grows a little between the two readings
	// (the test's own allocations): the room is at most 1 GiB.
	assert.LessOrEqual(t, avail, float64(room))
	assert.Greater(t, avail, float64(room)/2, "most of the 1 GiB is still free")
	assert.Equal(t, "room under the address-space limit (RLIMIT_AS, ulimit -v)", source)
}

// TestCgroupV1Limits: a cgroup v1 limit is read like v2's; v1's "no
// limit" (about 2^63) is none.
func TestCgroupV1Limits(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	room, ok := cgroupRoom(write("limit", "4294967296\n"), write("usage", "294967296\n"))
	require.True(t, ok)
	assert.Equal(t, 4e9, room)
	_, ok = cgroupRoom(write("nolimit", "9223372036854771712\n"), write("usage2", "5\n"))
	assert.False(t, ok, "about 2^63 is v1's no limit")
}
