package geotiff

import (
	"encoding/binary"
	"fmt"
	"io"
)

// TIFF header magic numbers: 42 for classic TIFF (TIFF 6.0 Section 2,
// "Image File Header"), 43 for BigTIFF (BigTIFF proposal, libtiff 4.0).
const (
	magicClassic = 42
	magicBigTIFF = 43
	headerSize   = 8
)

// readHeader reads the 8-byte image file header (TIFF 6.0 Section 2): the
// byte order mark "II" (little-endian) or "MM" (big-endian), the magic
// number 42 and the offset of the first IFD.
func readHeader(r io.ReaderAt, size int64) (binary.ByteOrder, int64, error) {
	if size < headerSize {
		return nil, 0, fmt.Errorf("%w: file is %d bytes, too short for a TIFF header", ErrCorrupt, size)
	}
	var h [headerSize]byte
	if err := readAt(r, h[:], 0); err != nil {
		return nil, 0, fmt.Errorf("reading TIFF header: %w", err)
	}
	var order binary.ByteOrder
	switch string(h[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return nil, 0, fmt.Errorf("%w: not a TIFF file (byte order mark %q)", ErrCorrupt, h[:2])
	}
	switch magic := order.Uint16(h[2:]); magic {
	case magicClassic:
	case magicBigTIFF:
		return nil, 0, fmt.Errorf("%w: BigTIFF", ErrUnsupported)
	default:
		return nil, 0, fmt.Errorf("%w: not a TIFF file (magic number %d, want 42)", ErrCorrupt, magic)
	}
	off := int64(order.Uint32(h[4:]))
	if off < headerSize || off >= size {
		return nil, 0, fmt.Errorf("%w: first IFD offset %d is outside the file (%d bytes)", ErrCorrupt, off, size)
	}
	return order, off, nil
}

// readAt fills p from r at off. Unlike a bare ReadAt it accepts io.EOF
// together with a full read, which io.ReaderAt allows at the end of the
// input, and reports a short read as io.ErrUnexpectedEOF.
func readAt(r io.ReaderAt, p []byte, off int64) error {
	n, err := r.ReadAt(p, off)
	if n == len(p) {
		return nil
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}
