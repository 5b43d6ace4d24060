package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/metrics"
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

// writeOutputs renders every file in memory, writes them into a fresh
// temporary directory beside dir and renames it into place, so a failure
// leaves no partial output.
func writeOutputs(dir string, force bool, tracker *metrics.StateTracker, timing *metrics.Timing, sum *runSummary) error {
	files := map[string]*bytes.Buffer{"states.csv": {}, "timing.csv": {}, "summary.json": {}}
	if err := metrics.WriteTidyCSV(files["states.csv"], tracker); err != nil {
		return err
	}
	if err := timing.WriteCSV(files["timing.csv"]); err != nil {
		return err
	}
	enc := json.NewEncoder(files["summary.json"])
	enc.SetIndent("", "  ")
	if err := enc.Encode(sum); err != nil {
		return err
	}

	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for name, buf := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := checkOutDir(dir, force); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}
