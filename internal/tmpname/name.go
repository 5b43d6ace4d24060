package tmpname

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// owner is this process's "PID.HOST" part of a temporary's name.
var owner = ownerOf(os.Getpid(), hostHash())

// ownerOf formats the owner part of a name.
func ownerOf(pid int, host string) string { return strconv.Itoa(pid) + "." + host }

// hostHash is the FNV-1a hash of the host name in eight hex digits ("" as
// the name when the system does not give one).
func hostHash() string {
	name, _ := os.Hostname()
	h := fnv.New32a()
	h.Write([]byte(name))
	return fmt.Sprintf("%08x", h.Sum32())
}

// Pattern is the pattern for [os.CreateTemp] and [os.MkdirTemp] of a
// temporary beside name (a base name): ".NAME.tmp-PID.HOST-*".
func Pattern(name string) string { return "." + name + ".tmp-" + owner + "-*" }

// parse splits a temporary's base name into its destination name, PID
// and host hash; ok is false for any other name.
func parse(base string) (name string, pid int, host string, ok bool) {
	if !strings.HasPrefix(base, ".") {
		return "", 0, "", false
	}
	cut := strings.LastIndex(base, ".tmp-")
	if cut < 1 {
		return "", 0, "", false
	}
	name = base[1:cut]
	rest := base[cut+len(".tmp-"):]
	own, random, found := strings.Cut(rest, "-")
	if !found || random == "" || !digits(random) {
		return "", 0, "", false
	}
	ps, host, found := strings.Cut(own, ".")
	if !found || len(host) != 8 || !isHex(host) || !digits(ps) {
		return "", 0, "", false
	}
	pid, err := strconv.Atoi(ps)
	if err != nil || pid <= 0 {
		return "", 0, "", false
	}
	return name, pid, host, true
}

// digits reports whether s is all decimal digits (what os.CreateTemp and
// os.MkdirTemp put in place of "*").
func digits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// isHex reports whether s is all lowercase hexadecimal digits.
func isHex(s string) bool {
	return strings.Trim(s, "0123456789abcdef") == ""
}

// RemoveStale removes the stale temporaries in dir (see the package
// documentation) whose destination is name, or every stale temporary when
// name is "": files, and directories with their content. It returns the
// paths removed. A dir that does not exist has none.
func RemoveStale(dir, name string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		dst, ok := staleName(e.Name())
		if !ok || (name != "" && dst != name) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.RemoveAll(path); err != nil {
			return removed, err
		}
		removed = append(removed, path)
	}
	return removed, nil
}

// IsStale reports whether base (a file or directory name) is a stale
// temporary: named by this package, on this host, by a process that no
// longer exists (see the package documentation).
func IsStale(base string) bool {
	_, ok := staleName(base)
	return ok
}

// staleName returns the destination name of the stale temporary base,
// and false when base is not one.
func staleName(base string) (string, bool) {
	dst, pid, host, ok := parse(base)
	if !ok || host != hostHash() || alive(pid) {
		return "", false
	}
	return dst, true
}

// MkdirBeside creates a temporary directory beside dir for content that
// will replace dir (creating dir's parent, 0755, if needed), after removing
// the stale temporaries left there for dir ([RemoveStale]). It returns the
// new directory's path; its mode is 0700 until the caller sets it.
func MkdirBeside(dir string) (string, error) {
	parent, name := filepath.Split(filepath.Clean(dir))
	if parent == "" {
		parent = "."
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	if _, err := RemoveStale(parent, name); err != nil {
		return "", err
	}
	return os.MkdirTemp(parent, Pattern(name))
}
