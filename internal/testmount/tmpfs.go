package testmount

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Tmpfs mounts a tmpfs on a new folder of a temporary directory, unmounts
// it at the end of the test and returns its path. It skips the test where
// mounting is not allowed (not root, no mount(8), a sandbox without the
// capability).
func Tmpfs(t testing.TB) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root: the mount point tests run as root only")
	}
	dir := filepath.Join(t.TempDir(), "mnt")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s)", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	return dir
}
