package geotiff

import "io"

// ChunkRange returns the file byte range of strip or tile i, for tests that
// check which bytes ReadWindow reads.
func ChunkRange(im *Image, i int) (off, n int64) {
	return int64(im.layout.offsets[i]), int64(im.layout.counts[i])
}

// ChunkCount returns the number of strips or tiles.
func ChunkCount(im *Image) int { return len(im.layout.offsets) }

// RawFloats returns the DOUBLE values of tag in IFD 0, so georeferencing
// tests can check what the fixture writer stored independently of Open.
func RawFloats(r io.ReaderAt, size int64, tag uint16) ([]float64, error) {
	d, err := readFirstIFD(r, size)
	if err != nil {
		return nil, err
	}
	return d.floats(tag)
}

// OpenUngeoreferenced is Open without the georeferencing step, for files
// rewritten by tools that drop the GeoTIFF tags.
func OpenUngeoreferenced(r io.ReaderAt, size int64) (*Image, error) {
	return open(r, size, false)
}
