package model

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
)

// fallbackAvailable is the memory assumed available when the system does
// not say (no /proc/meminfo): a conservative 4 GiB, which tracker storage of
// ordinary runs (kilobytes to megabytes) never approaches. WithMemoryLimit
// (the CLI's --max-memory) overrides it.
const fallbackAvailable = 4 << 30

// Files the available memory is read from (Linux).
const (
	meminfoPath     = "/proc/meminfo"
	statusPath      = "/proc/self/status"                           // VmSize: the address space in use
	cgroupMaxPath   = "/sys/fs/cgroup/memory.max"                   // cgroup v2 limit, "max" when none
	cgroupCurPath   = "/sys/fs/cgroup/memory.current"               // cgroup v2 usage
	cgroupV1MaxPath = "/sys/fs/cgroup/memory/memory.limit_in_bytes" // cgroup v1 limit, huge when none
	cgroupV1CurPath = "/sys/fs/cgroup/memory/memory.usage_in_bytes" // cgroup v1 usage
)

// cgroupV1NoLimit is the cgroup v1 limit above which there is none: the
// kernel writes about 2^63 (9223372036854771712) for "no limit".
const cgroupV1NoLimit = 1 << 62

// AvailableMemory returns the memory a new allocation can get without
// swapping, in bytes, and where the figure comes from: MemAvailable of
// /proc/meminfo (the kernel's estimate), lowered to the room left under a
// cgroup memory limit (v2 memory.max or v1 memory.limit_in_bytes) or under
// the process's address-space limit (RLIMIT_AS, `ulimit -v`), whichever is
// smallest; without /proc/meminfo, a conservative 4 GiB (still lowered by
// those limits). Issue 37 item 7: a 3·10⁸-person patch passed the estimate
// under `ulimit -v` 4 GB, then died out of memory.
func AvailableMemory() (bytes float64, source string) {
	avail, ok := memAvailable(meminfoPath)
	source = "MemAvailable in " + meminfoPath
	if !ok {
		avail, source = fallbackAvailable, "assumed: "+meminfoPath+" is not readable"
	}
	if room, ok := cgroupRoom(cgroupMaxPath, cgroupCurPath); ok && room < avail {
		avail, source = room, "room under the cgroup limit "+cgroupMaxPath
	}
	if room, ok := cgroupRoom(cgroupV1MaxPath, cgroupV1CurPath); ok && room < avail {
		avail, source = room, "room under the cgroup limit "+cgroupV1MaxPath
	}
	if room, ok := addressSpaceRoom(statusPath); ok && room < avail {
		avail, source = room, "room under the address-space limit (RLIMIT_AS, ulimit -v)"
	}
	return avail, source
}

// addressSpaceRoom returns the address-space limit (RLIMIT_AS) less the
// address space in use (VmSize of the status file at path), when a limit
// is set.
func addressSpaceRoom(path string) (float64, bool) {
	limit, ok := addressSpaceLimit()
	if !ok {
		return 0, false
	}
	used, ok := statusKB(path, "VmSize:")
	if !ok || used > limit {
		return 0, ok
	}
	return limit - used, true
}

// memAvailable reads the MemAvailable line ("MemAvailable: 24101496 kB")
// of a meminfo file, in bytes.
func memAvailable(path string) (float64, bool) { return statusKB(path, "MemAvailable:") }

// statusKB reads the line starting with key ("VmSize:   123 kB") of a
// /proc file of such lines, in bytes.
func statusKB(path, key string) (float64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		rest, found := strings.CutPrefix(sc.Text(), key)
		if !found {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return 0, false
		}
		return float64(kb) * 1024, true
	}
	return 0, false
}

// cgroupRoom returns limit − usage of a cgroup v2 memory controller, when
// it has a limit.
func cgroupRoom(maxPath, curPath string) (float64, bool) {
	limit, ok := readUint(maxPath)
	if !ok || limit >= cgroupV1NoLimit {
		return 0, false // no cgroup, or "max" (v2) or about 2^63 (v1): no limit
	}
	used, ok := readUint(curPath)
	if !ok || used > limit {
		return 0, ok
	}
	return float64(limit - used), true
}

// readUint reads a file holding one decimal number.
func readUint(path string) (uint64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	return v, err == nil
}
