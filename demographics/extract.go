package demographics

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// maxExtractBytes bounds the total uncompressed size of an extracted archive
// (SPEC §10.3 step 6, rubeola choice: 2 GiB; GADM's largest country archive
// expands to a few hundred MB).
const maxExtractBytes int64 = 2 << 30

// zipEntry is one validated archive entry.
type zipEntry struct {
	f    *zip.File
	name string // cleaned, local, with the OS separator
	dir  bool
	tmp  string // temporary file holding the content once decompressed
}

// extractZip extracts the zip archive at zipPath into dir, all-or-nothing
// (SPEC §10.3 steps 5–6), and returns the slash-separated names of the files
// it wrote, in archive order. label names the archive in errors (its URL).
//
// Every entry is validated before anything is written: its name must be a
// local path (no absolute path, "..", backslash, drive letter or colon), it
// must be a regular file or a directory (symbolic links are refused), and the
// header sizes must add up to at most limit bytes; otherwise the error wraps
// [ErrUnsafeArchivePath] and names the entry. Each file is then decompressed
// into a temporary file next to its destination, counting the bytes actually
// produced against limit; a CRC mismatch or any other decoding failure wraps
// [ErrCorruptArchive]. Only when every entry succeeded are the temporary
// files renamed into place, overwriting existing files. On failure every
// temporary file and every directory created is removed; a rename failing
// half-way (a destination that is a directory, say) leaves the entries
// renamed before it in place. All file operations go through an [os.Root],
// so symbolic links already present in dir cannot redirect a write outside
// it. An unreadable archive wraps [ErrCorruptArchive].
func extractZip(zipPath, label, dir string, limit int64) (names []string, err error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		// ErrInsecurePath (GODEBUG zipinsecurepath=0) still returns a usable
		// reader; planZip reports the offending entry itself.
		return nil, fmt.Errorf("demographics: %s: %w: %v", label, ErrCorruptArchive, err)
	}
	defer zr.Close()
	entries, err := planZip(label, zr.File, limit)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("demographics: extracting %s: %w", label, err)
	}
	defer root.Close()
	x := extraction{root: root, label: label, budget: limit}
	defer func() {
		if err != nil {
			x.cleanUp(entries)
		}
	}()
	for i := range entries {
		if err := x.write(&entries[i]); err != nil {
			return nil, err
		}
	}
	for i := range entries {
		e := &entries[i]
		if e.dir {
			continue
		}
		if err := root.Rename(e.tmp, e.name); err != nil {
			return nil, fmt.Errorf("demographics: extracting %s: entry %q: %w", label, e.f.Name, err)
		}
		e.tmp = ""
		names = append(names, filepath.ToSlash(e.name))
	}
	return names, nil
}

// planZip validates every entry of an archive (see [extractZip]) without
// writing anything.
func planZip(label string, files []*zip.File, limit int64) ([]zipEntry, error) {
	entries := make([]zipEntry, 0, len(files))
	var total uint64
	for _, f := range files {
		name, why := localEntryName(f.Name)
		mode := f.Mode()
		dir := mode.IsDir()
		switch {
		case why != "":
		case mode&fs.ModeSymlink != 0:
			why = "is a symbolic link"
		case !dir && !mode.IsRegular():
			why = fmt.Sprintf("is not a regular file (mode %v)", mode)
		case !dir && name == ".":
			why = "has no file name"
		}
		if why != "" {
			return nil, fmt.Errorf("demographics: %s: %w %q: %s", label, ErrUnsafeArchivePath, f.Name, why)
		}
		if f.UncompressedSize64 > uint64(limit)-total {
			return nil, fmt.Errorf("demographics: %s: %w %q: the entries expand to more than %d bytes, the limit",
				label, ErrUnsafeArchivePath, f.Name, limit)
		}
		total += f.UncompressedSize64
		entries = append(entries, zipEntry{f: f, name: name, dir: dir})
	}
	return entries, nil
}

// localEntryName converts a zip entry name to a cleaned relative path with
// the OS separator, or says why it is unsafe.
func localEntryName(name string) (path, why string) {
	switch {
	case name == "":
		return "", "has an empty name"
	case strings.ContainsRune(name, '\\'):
		return "", "contains a backslash"
	case strings.ContainsRune(name, ':'):
		return "", "contains a colon (drive letter or stream name)"
	case strings.ContainsRune(name, 0):
		return "", "contains a NUL byte"
	case strings.HasPrefix(name, "/"):
		return "", "is an absolute path"
	}
	p := filepath.FromSlash(strings.TrimSuffix(name, "/"))
	if !filepath.IsLocal(p) {
		return "", "leaves the target directory"
	}
	return filepath.Clean(p), ""
}

// extraction is the state of one extraction: what it created, so that a
// failure can remove it, and how many bytes it may still write.
type extraction struct {
	root   *os.Root
	label  string
	budget int64    // bytes that may still be decompressed
	dirs   []string // directories created, parents first
}

// write creates e's directory, or decompresses e into a new temporary file
// beside its destination and records the file's name in e.tmp.
func (x *extraction) write(e *zipEntry) error {
	if e.dir {
		return x.mkdirs(e.name)
	}
	if err := x.mkdirs(filepath.Dir(e.name)); err != nil {
		return err
	}
	out, tmp, err := x.createTemp(e.name)
	if err != nil {
		return fmt.Errorf("demographics: extracting %s: entry %q: %w", x.label, e.f.Name, err)
	}
	e.tmp = tmp
	err = x.copyEntry(out, e)
	if cerr := out.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("demographics: extracting %s: entry %q: %w", x.label, e.f.Name, cerr)
	}
	return err
}

// copyEntry decompresses e into out, checking its CRC and the size budget.
func (x *extraction) copyEntry(out io.Writer, e *zipEntry) error {
	rc, err := e.f.Open()
	if err != nil {
		return fmt.Errorf("demographics: %s: entry %q: %w: %v", x.label, e.f.Name, ErrCorruptArchive, err)
	}
	defer rc.Close()
	src := &readErrReader{r: io.LimitReader(rc, x.budget+1)}
	n, err := io.Copy(out, src)
	x.budget -= n
	switch {
	case src.err != nil:
		return fmt.Errorf("demographics: %s: entry %q: %w: %v", x.label, e.f.Name, ErrCorruptArchive, src.err)
	case err != nil:
		return fmt.Errorf("demographics: extracting %s: entry %q: %w", x.label, e.f.Name, err)
	case x.budget < 0:
		return fmt.Errorf("demographics: %s: %w %q: decompresses to more bytes than the limit allows",
			x.label, ErrUnsafeArchivePath, e.f.Name)
	}
	return nil
}

// createTemp creates a new, empty temporary file next to name.
func (x *extraction) createTemp(name string) (*os.File, string, error) {
	dir, base := filepath.Split(name)
	for {
		tmp := filepath.Join(dir, "."+base+".tmp"+strconv.FormatUint(rand.Uint64(), 36))
		f, err := x.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, tmp, err
	}
}

// mkdirs creates dir and its missing parents, remembering what it created.
func (x *extraction) mkdirs(dir string) error {
	if dir == "." {
		return nil
	}
	if err := x.mkdirs(filepath.Dir(dir)); err != nil {
		return err
	}
	info, err := x.root.Stat(dir)
	switch {
	case err == nil && info.IsDir():
		return nil
	case err == nil:
		return fmt.Errorf("demographics: extracting %s: %s exists and is not a directory", x.label, dir)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("demographics: extracting %s: %w", x.label, err)
	}
	if err := x.root.Mkdir(dir, 0o755); err != nil {
		return fmt.Errorf("demographics: extracting %s: %w", x.label, err)
	}
	x.dirs = append(x.dirs, dir)
	return nil
}

// cleanUp removes the temporary files of entries and the directories the
// extraction created (children first; a directory that is not empty stays).
func (x *extraction) cleanUp(entries []zipEntry) {
	for _, e := range entries {
		if e.tmp != "" {
			_ = x.root.Remove(e.tmp)
		}
	}
	for i := len(x.dirs) - 1; i >= 0; i-- {
		_ = x.root.Remove(x.dirs[i])
	}
}

// readErrReader remembers the error of its reader, so that a copy can tell
// decoding failures from write failures.
type readErrReader struct {
	r   io.Reader
	err error
}

// Read implements io.Reader.
func (r *readErrReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		r.err = err
	}
	return n, err
}
