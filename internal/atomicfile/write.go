package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/rubeola/rubeola/internal/tmpname"
)

// Write creates path atomically: fill writes the content to a buffered
// temporary file in the same directory, which is then given perm and renamed
// over path. If fill or any file operation fails, path is untouched, the
// temporary file is removed and the error is returned (fill's error as it is,
// others prefixed with path).
func Write(path string, perm os.FileMode, fill func(w io.Writer) error) error {
	g := Group{Perm: perm}
	if err := g.Create(path, fill); err != nil {
		g.Abort()
		return err
	}
	if err := g.Commit(); err != nil {
		g.Abort()
		return err
	}
	return nil
}

// WriteBytes is Write for content already in memory.
func WriteBytes(path string, perm os.FileMode, data []byte) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Group writes several files all-or-nothing: [Group.Create] stages each
// file's content under a temporary name next to its destination,
// [Group.Commit] renames them over their destinations in the order they were
// staged, and [Group.Abort] removes every temporary file not yet renamed.
// A caller stages everything first, so a failure part-way leaves every
// destination untouched.
type Group struct {
	// Perm is the permission given to every staged file.
	Perm   os.FileMode
	staged []staged
}

// staged is one temporary file and its destination.
type staged struct{ tmp, dst string }

// Create writes path's future content through fill into a buffered
// temporary file in path's directory. Errors are fill's as they are, others
// prefixed with path; the temporary file is then left for Abort.
func (g *Group) Create(path string, fill func(w io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), tmpname.Pattern(filepath.Base(path)))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	g.staged = append(g.staged, staged{tmp: f.Name(), dst: path})
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing %s: %w", path, cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := fill(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Chmod(g.Perm); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Commit renames every staged file over its destination, in staging order.
// On a failed rename it stops; the files already renamed stay, the others
// remain for Abort.
func (g *Group) Commit() error {
	for len(g.staged) > 0 {
		s := g.staged[0]
		if err := os.Rename(s.tmp, s.dst); err != nil {
			return fmt.Errorf("%s: %w", s.dst, err)
		}
		g.staged = g.staged[1:]
	}
	return nil
}

// Abort removes the temporary files not yet renamed.
func (g *Group) Abort() {
	for _, s := range g.staged {
		_ = os.Remove(s.tmp)
	}
	g.staged = nil
}
