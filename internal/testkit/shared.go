package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// NeedShared skips t when path, a file or directory under ../shared/data
// (the data sets beside the repository, not part of it), is absent. The
// skip message gives the path, absolute, and what is missing, so that a
// quiet skip never hides a test that did not run; .ci/run refuses to run
// without ../shared/data.
func NeedShared(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		abs, absErr := filepath.Abs(path)
		if absErr != nil {
			abs = path
		}
		t.Skipf("needs %s (../shared/data beside the repository, not part of it), which is missing: %v", abs, err)
	}
}
