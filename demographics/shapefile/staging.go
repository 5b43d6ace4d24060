package shapefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// staging writes files under temporary names in one directory and renames
// them to their destinations only when all were written, in the order they
// were staged. abort removes whatever was not renamed.
type staging struct {
	mode  fs.FileMode
	files []staged
}

type staged struct{ tmp, dst string }

// create writes dst's future content through fill into a temporary file
// next to dst.
func (s *staging) create(dst string, fill func(w io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp*")
	if err != nil {
		return err
	}
	s.files = append(s.files, staged{tmp: f.Name(), dst: dst})
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("writing %s: %w", dst, cerr)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := fill(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", dst, err)
	}
	return f.Chmod(s.mode)
}

// copy stages a byte-for-byte copy of src as dst; visit, if not nil, reads
// the same bytes as they are copied (it must read to the end).
func (s *staging) copy(src, dst string, visit func(io.Reader) error) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return s.create(dst, func(w io.Writer) error {
		if visit == nil {
			_, err := io.Copy(w, in)
			return err
		}
		return visit(io.TeeReader(in, w))
	})
}

// commit renames every staged file over its destination, in order.
func (s *staging) commit() error {
	for len(s.files) > 0 {
		f := s.files[0]
		if err := os.Rename(f.tmp, f.dst); err != nil {
			return err
		}
		s.files = s.files[1:]
	}
	return nil
}

// abort removes the temporary files not yet renamed.
func (s *staging) abort() {
	for _, f := range s.files {
		_ = os.Remove(f.tmp)
	}
	s.files = nil
}

// removeIfExists deletes path, ignoring its absence.
func removeIfExists(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
