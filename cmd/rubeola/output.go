package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
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

// writeOutputs streams the files into a fresh temporary directory beside
// dir (all at once, see [writeFiles]), moves this run's snapshots (already
// in dir/snapshots) into it and renames it into place. Any failure removes
// the temporary directory, so it leaves no partial result file.
func writeOutputs(dir string, force bool, files []outputFile, snapshots []string) error {
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := writeFiles(tmp, files); err != nil {
		return err
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

// fileBufferSize is the buffer between a file's writer and the os.File:
// the tidy writers' output reaches the disk in writes of this size.
const fileBufferSize = 256 << 10

// writeFiles writes every file into dir, each by its own goroutine (the
// files are independent and the large ones take similar times), and
// returns the first error by completion. Errors name the file. Files of a
// failed call may be partial: the caller removes dir.
func writeFiles(dir string, files []outputFile) error {
	errs := make(chan error, len(files))
	for _, file := range files {
		go func() { errs <- streamFile(filepath.Join(dir, file.name), file.write) }()
	}
	var first error
	for range files {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// streamFile creates path (which must not exist) and streams write into it
// through a buffer of fileBufferSize bytes.
func streamFile(path string, write func(io.Writer) error) (err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing %s: %w", filepath.Base(path), cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, fileBufferSize)
	if err := write(bw); err != nil {
		return fmt.Errorf("writing %s: %w", filepath.Base(path), err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", filepath.Base(path), err)
	}
	return nil
}
