package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// checkOutDir refuses an existing, non-empty output directory unless force.
func checkOutDir(dir string, force bool) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		info, statErr := os.Stat(dir)
		if statErr == nil && !info.IsDir() {
			return fmt.Errorf("output path %q exists and is not a directory", dir)
		}
		return fmt.Errorf("output directory %q: %w", dir, err)
	case len(entries) > 0 && !force:
		return fmt.Errorf("output directory %q is not empty (use --force to replace it)", dir)
	}
	return nil
}

// writeOutputs writes the rendered files into a fresh temporary directory
// beside dir, moves this run's snapshots (already in dir/snapshots) into it
// and renames it into place, so a failure leaves no partial result file.
func writeOutputs(dir string, force bool, files *outputFiles, snapshots []string) error {
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, name := range files.order {
		if err := os.WriteFile(filepath.Join(tmp, name), files.data[name].Bytes(), 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if len(snapshots) > 0 {
		if err := os.Mkdir(filepath.Join(tmp, snapshotDir), 0o755); err != nil {
			return err
		}
		for _, path := range snapshots {
			if err := os.Rename(path, filepath.Join(tmp, snapshotDir, filepath.Base(path))); err != nil {
				return err
			}
		}
		// The snapshot folder is empty now unless it held files of an
		// earlier run (--force); then it goes with the old directory.
		_ = os.Remove(filepath.Join(dir, snapshotDir))
	}
	if err := checkOutDir(dir, force); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}
