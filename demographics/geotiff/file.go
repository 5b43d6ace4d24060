package geotiff

import (
	"fmt"
	"os"
)

// File is an Image read from a file on disk; Close releases the file.
type File struct {
	*Image
	f *os.File
}

// OpenFile opens the GeoTIFF at path and parses it as Open does. Its
// errors, and those of the Image's ReadWindow, start with the path.
func OpenFile(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	im, err := Open(f, st.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	im.name = path
	return &File{Image: im, f: f}, nil
}

// Close closes the underlying file.
func (f *File) Close() error { return f.f.Close() }
