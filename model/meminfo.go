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
	meminfoPath   = "/proc/meminfo"
	cgroupMaxPath = "/sys/fs/cgroup/memory.max"     // cgroup v2 limit, "max" when none
	cgroupCurPath = "/sys/fs/cgroup/memory.current" // cgroup v2 usage
)

// AvailableMemory returns the memory a new allocation can get without
// swapping, in bytes, and where the figure comes from: MemAvailable of
// /proc/meminfo (the kernel's estimate), lowered to the room left under a
// cgroup v2 memory limit when one is set; without /proc/meminfo, a
// conservative 4 GiB.
func AvailableMemory() (bytes float64, source string) {
	avail, ok := memAvailable(meminfoPath)
	if !ok {
		return fallbackAvailable, "assumed: " + meminfoPath + " is not readable"
	}
	source = "MemAvailable in " + meminfoPath
	if room, ok := cgroupRoom(cgroupMaxPath, cgroupCurPath); ok && room < avail {
		return room, "room under the cgroup limit " + cgroupMaxPath
	}
	return avail, source
}

// memAvailable reads the MemAvailable line ("MemAvailable: 24101496 kB")
// of a meminfo file, in bytes.
func memAvailable(path string) (float64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		rest, found := strings.CutPrefix(sc.Text(), "MemAvailable:")
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
	if !ok {
		return 0, false // no cgroup v2, or "max" (no limit)
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
