package output

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/rubeola/rubeola/internal/tmpname"
)

// CheckDir refuses an existing, non-empty output directory unless
// force, and an existing directory its owner may not write (mode without
// u+w): the user made it read-only, and rubeola does not replace it with a
// writable one.
//
// A mount point is refused, empty or not, with force or without: the
// commit renames a finished run onto the output directory, which a mount
// point cannot take (issue 37 item 1).
func CheckDir(dir string, force bool) error {
	entries, err := os.ReadDir(dir)
	if err == nil {
		if info, statErr := os.Stat(dir); statErr == nil && info.Mode().Perm()&0o200 == 0 {
			return fmt.Errorf("output directory %q is read-only (mode %04o): make it writable or choose another --out", dir, info.Mode().Perm())
		}
		if isMountPoint(dir) {
			return fmt.Errorf("output directory %q is a mount point: rubeola writes its outputs beside the output "+
				"directory and renames them into place, which a mount point cannot take; choose a folder inside it "+
				"(for example %s)", dir, filepath.Join(dir, "out"))
		}
	}
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		info, statErr := os.Stat(dir)
		if statErr == nil && !info.IsDir() {
			return fmt.Errorf("output path %q exists and is not a directory", dir)
		}
		return fmt.Errorf("output directory %q: %w", dir, err)
	case !onlyStale(entries) && !force:
		return fmt.Errorf("output directory %q is not empty (use --force to replace it)", dir)
	}
	return nil
}

// onlyStale reports whether entries are all stale temporaries a killed
// rubeola left ([tmpname.IsStale]; none: true): a folder holding only
// those counts as empty (issue 37 item 8), and the commit replaces it with
// them.
func onlyStale(entries []os.DirEntry) bool {
	for _, e := range entries {
		if !tmpname.IsStale(e.Name()) {
			return false
		}
	}
	return true
}

// PendingDir is the temporary directory beside the output directory that
// result files stream into (a run's, each by its own goroutine; a caller's
// own in [PendingDir.Path]), until it replaces the output directory
// ([PendingDir.Commit]) or is removed ([PendingDir.Discard]): the atomic
// output directory commit.
type PendingDir struct {
	tmp     string
	errs    chan error
	started int
	slots   chan struct{} // [PendingDir.startLimited]'s writers at once
}

// NewPendingDir creates the temporary directory beside the output
// directory dir (creating dir's
// parent if needed), after removing those a killed rubeola left there for
// dir ([tmpname.MkdirBeside]).
func NewPendingDir(dir string) (*PendingDir, error) {
	tmp, err := tmpname.MkdirBeside(dir)
	if err != nil {
		return nil, err
	}
	return &PendingDir{tmp: tmp, errs: make(chan error, 64)}, nil
}

// start streams each file into the directory on its own goroutine (the
// files are independent); [PendingDir.wait] collects the results.
func (p *PendingDir) start(files []outputFile) {
	for _, file := range files {
		p.started++
		go func() { p.errs <- streamFile(p.tmp, file.name, file.write) }()
	}
}

// maxLimitedWriters is how many files [PendingDir.startLimited] writes at
// once: enough to keep the cores busy, few enough that a large ensemble's
// replicate files (R × tables) do not each hold their buffers at the same
// time.
var maxLimitedWriters = max(8, 2*runtime.GOMAXPROCS(0))

// startLimited is [PendingDir.start] for many files (every replicate's):
// at most maxLimitedWriters of them are written at once, the others wait
// for a slot. A table that follows the run and starts late catches up from
// the trackers' storage, which holds the whole run.
func (p *PendingDir) startLimited(files []outputFile) {
	if p.slots == nil {
		p.slots = make(chan struct{}, maxLimitedWriters)
	}
	for _, file := range files {
		p.started++
		go func() {
			p.slots <- struct{}{}
			err := streamFile(p.tmp, file.name, file.write)
			<-p.slots
			p.errs <- err
		}()
	}
}

// mkdir creates the folder name (and its parents) inside the directory, for
// files named name/….
func (p *PendingDir) mkdir(name string) error {
	return os.MkdirAll(filepath.Join(p.tmp, name), 0o755)
}

// wait waits for every started file and returns the first error by
// completion (errors name the file). Files of a failed call may be
// partial: the caller discards the directory.
func (p *PendingDir) wait() error {
	var first error
	for ; p.started > 0; p.started-- {
		if err := <-p.errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Path is the temporary directory's path: write the outputs there.
func (p *PendingDir) Path() string { return p.tmp }

// Commit renames the finished directory to dir, replacing an existing dir
// only when force allows it ([CheckDir], checked again now). The new dir
// keeps the permissions of the one it replaces (0755 when there was none).
func (p *PendingDir) Commit(dir string, force bool) error { return p.commit(dir, force, nil) }

// Discard removes the temporary directory (a no-op after a commit); defer
// it.
func (p *PendingDir) Discard() { os.RemoveAll(p.tmp) }

// commit moves this run's snapshots into the finished directory and
// renames it to dir, replacing an existing dir only when force allows it
// (checked again now: the run may have taken long). The new dir keeps the
// permissions of the one it replaces (0755 when there was none).
func (p *PendingDir) commit(dir string, force bool, snapshots []string) error {
	if len(snapshots) > 0 {
		if err := os.Mkdir(filepath.Join(p.tmp, SnapshotDir), 0o755); err != nil {
			return err
		}
		for _, path := range snapshots {
			if err := os.Rename(path, filepath.Join(p.tmp, SnapshotDir, filepath.Base(path))); err != nil {
				return err
			}
		}
		// The snapshot folder is empty now unless it held files of an
		// earlier run (--force); then it goes with the old directory.
		_ = os.Remove(filepath.Join(dir, SnapshotDir))
	}
	if err := CheckDir(dir, force); err != nil {
		return err
	}
	if err := os.Chmod(p.tmp, dirPerm(dir)); err != nil {
		return err
	}
	return replaceDir(p.tmp, dir)
}

// replaceDir renames the directory tmp to dir. An existing dir is first
// renamed aside (a temporary of [tmpname]), and removed only once tmp is
// in its place: a dir that cannot be moved (a mount point: EBUSY) is left
// as it was, and a failed rename puts it back. Removing dir first, as
// the commit did, deleted a mount point's files and then failed.
func replaceDir(tmp, dir string) error {
	if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
		return os.Rename(tmp, dir)
	}
	aside, err := os.MkdirTemp(filepath.Dir(dir), tmpname.Pattern(filepath.Base(dir)))
	if err != nil {
		return err
	}
	if err := os.Remove(aside); err != nil {
		return err
	}
	if err := renameDir(dir, aside); err != nil {
		return fmt.Errorf("replacing output directory %q: %w (it is left as it was; the outputs were not written)", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		_ = os.Rename(aside, dir)
		return err
	}
	return os.RemoveAll(aside)
}

// renameDir is [os.Rename]; a variable so that tests simulate a directory
// that cannot be moved (EBUSY).
var renameDir = os.Rename

// dirPerm is the permission of the existing directory dir, or 0755 when
// there is none.
func dirPerm(dir string) os.FileMode {
	if info, err := os.Stat(dir); err == nil && info.IsDir() {
		return info.Mode().Perm()
	}
	return 0o755
}

// fileBufferSize is the buffer between a file's writer and the os.File:
// small writes (summary.json, timing.csv, Parquet page headers and
// footers) reach the disk in writes of this size, while the tidy CSV
// writer's own 512 KiB buffers and Parquet's row groups pass straight
// through (bufio writes a write larger than its buffer directly).
const fileBufferSize = 256 << 10

// streamFile creates the file name (which must not exist) in dir and
// streams write into it through a buffer of fileBufferSize bytes, its disk
// blocks reserved ahead of the writes ([reservingFile]). Errors name the
// file as name does (states.csv, ensemble/states.csv).
func streamFile(dir, name string, write func(io.Writer) error) (err error) {
	file, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	f := &reservingFile{f: file}
	name = filepath.ToSlash(name)
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing %s: %w", name, cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, fileBufferSize)
	if err := write(bw); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}
