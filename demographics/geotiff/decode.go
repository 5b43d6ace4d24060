package geotiff

import (
	"bufio"
	"compress/zlib"
	"errors"
	"fmt"
	"io"

	"golang.org/x/image/tiff/lzw"
)

// readBufferSize is the read-ahead for compressed chunks: each ReadAt
// fetches at most this much, and never past the chunk's end.
const readBufferSize = 64 << 10

// chunkReader holds the buffers reused between chunk decodes; Image keeps
// them in a sync.Pool so concurrent ReadWindow calls each get their own.
type chunkReader struct {
	br   *bufio.Reader
	zr   io.ReadCloser // zlib reader, reset for each Deflate chunk
	data []byte        // decoded rows
}

// getReader takes a chunkReader from the pool.
func (im *Image) getReader() *chunkReader {
	if cr, ok := im.buffers.Get().(*chunkReader); ok {
		return cr
	}
	return &chunkReader{br: bufio.NewReaderSize(nil, readBufferSize)}
}

// grow returns b resliced to n bytes, reallocating only when too small.
func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// decodeRows returns rows [r0, r1) of chunk i, decompressed, in the file's
// byte order with the predictor not yet undone. Only the chunk's own bytes
// are read: uncompressed chunks read exactly those rows, compressed ones
// stream from the chunk start and stop after row r1−1.
func (im *Image) decodeRows(cr *chunkReader, i, r0, r1 int) ([]byte, error) {
	l := &im.layout
	rb := l.rowBytes()
	cr.data = grow(cr.data, (r1-r0)*rb)
	off, n := int64(l.offsets[i]), int64(l.counts[i])
	if im.compression == compressionNone {
		if err := readAt(im.r, cr.data, off+int64(r0*rb)); err != nil {
			return nil, fmt.Errorf("%w: %s: reading %d bytes: %v", ErrCorrupt, l.name(i), len(cr.data), err)
		}
		return cr.data, nil
	}
	cr.br.Reset(io.NewSectionReader(im.r, off, n))
	dec, err := im.decompressor(cr)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %s: %v", ErrCorrupt, l.name(i), im.codecName(), err)
	}
	if skip := int64(r0 * rb); skip > 0 {
		if _, err := io.CopyN(io.Discard, dec, skip); err != nil {
			return nil, im.decodeError(i, err, r1*rb)
		}
	}
	if _, err := io.ReadFull(dec, cr.data); err != nil {
		return nil, im.decodeError(i, err, r1*rb)
	}
	if im.compression == compressionLZW {
		dec.Close() // the zlib reader is kept for reuse
	}
	return cr.data, nil
}

// decompressor returns a reader of chunk bytes decompressed from cr.br.
func (im *Image) decompressor(cr *chunkReader) (io.ReadCloser, error) {
	if im.compression == compressionLZW {
		// TIFF LZW: MSB-first codes, 8-bit literals (TIFF 6.0 Section 13).
		return lzw.NewReader(cr.br, lzw.MSB, 8), nil
	}
	// Deflate (8 and 32946): each chunk is a zlib stream (RFC 1950; Adobe
	// Photoshop TIFF Technical Notes, 2002, "Deflate/Inflate Compression").
	if cr.zr == nil {
		zr, err := zlib.NewReader(cr.br)
		if err != nil {
			return nil, err
		}
		cr.zr = zr
		return zr, nil
	}
	return cr.zr, cr.zr.(zlib.Resetter).Reset(cr.br, nil)
}

// codecName names the compression for messages.
func (im *Image) codecName() string {
	if im.compression == compressionLZW {
		return "LZW"
	}
	return "deflate"
}

// decodeError describes a failure to decode the first want bytes of chunk i.
func (im *Image) decodeError(i int, err error, want int) error {
	name := im.layout.name(i)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %s is short: %s data ends before %d decoded bytes", ErrCorrupt, name, im.codecName(), want)
	}
	return fmt.Errorf("%w: %s: %s: %v", ErrCorrupt, name, im.codecName(), err)
}
