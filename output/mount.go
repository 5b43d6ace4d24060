package output

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// mountInfoPath is the kernel's list of this process's mounts (Linux); a
// variable so that tests read a fake.
var mountInfoPath = "/proc/self/mountinfo"

// isMountPoint reports whether the existing directory dir is a mount
// point (a tmpfs, a container volume, a bind mount): its device differs
// from its parent's ([sameDevice]), or /proc/self/mountinfo lists it as a
// mount point (a bind mount of the same file system). A mount point cannot
// be removed or renamed (EBUSY), so rubeola can neither replace it nor
// rename a finished run onto it (issue 37 item 1: the commit removed a
// mount point's files, then failed).
func isMountPoint(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if same, ok := sameDevice(abs, filepath.Dir(abs)); ok && !same {
		return true
	}
	return listedMountPoint(mountInfoPath, abs)
}

// listedMountPoint reports whether the mountinfo file at path lists dir
// as a mount point (its fifth field; spaces and other characters are
// escaped as \040 octal, as the kernel writes them).
func listedMountPoint(path, dir string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) > 4 && unescapeMountPath(fields[4]) == dir {
			return true
		}
	}
	return false
}

// unescapeMountPath undoes the kernel's octal escapes (\040 for a space,
// \011 tab, \012 newline, \134 backslash) in a mountinfo path.
func unescapeMountPath(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && isOctal(s[i+1]) && isOctal(s[i+2]) && isOctal(s[i+3]) {
			b.WriteByte((s[i+1]-'0')<<6 | (s[i+2]-'0')<<3 | (s[i+3] - '0'))
			i += 3
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// isOctal reports whether c is an octal digit.
func isOctal(c byte) bool { return c >= '0' && c <= '7' }
