package shapefile

import (
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/rubeola/rubeola/internal/atomicfile"
)

// stageCopy stages a byte-for-byte copy of src as dst in g; visit, if not
// nil, reads the same bytes as they are copied (it must read to the end).
func stageCopy(g *atomicfile.Group, src, dst string, visit func(io.Reader) error) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return g.Create(dst, func(w io.Writer) error {
		if visit == nil {
			_, err := io.Copy(w, in)
			return err
		}
		return visit(io.TeeReader(in, w))
	})
}

// removeIfExists deletes path, ignoring its absence.
func removeIfExists(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
