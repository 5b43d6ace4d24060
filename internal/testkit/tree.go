package testkit

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Tree reads every regular file below dir, keyed by its slash-separated
// path relative to dir, except files whose base name is in skip (e.g.
// wall-clock timings); tests compare two output directories byte for byte
// with it.
func Tree(t testing.TB, dir string, skip ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || slices.Contains(skip, d.Name()) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	return out
}
