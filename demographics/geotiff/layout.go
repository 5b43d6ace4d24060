package geotiff

import (
	"fmt"
	"math"
)

// layout is the grid of strips or tiles ("chunks") that holds the pixels.
// A strip is a chunk as wide as the image, RowsPerStrip rows high; the last
// strip holds only the remaining rows (TIFF 6.0 Section 3, "Data
// Organization"). Tiles all have the full TileWidth × TileLength size and
// edge tiles are padded beyond the image (TIFF 6.0 Section 15).
type layout struct {
	tiled          bool
	chunkW, chunkH int // chunk size in pixels
	across, down   int // chunks per chunk row and per column
	height         int // image height, to crop the last strip
	sampleBytes    int
	offsets        []uint64
	counts         []uint64
}

// parseLayout reads the strip or tile tags and checks that their counts
// match the grid before anything else is derived from them.
func parseLayout(d *ifd, width, height, sampleBytes int) (layout, error) {
	l := layout{height: height, sampleBytes: sampleBytes}
	offTag, cntTag := TagStripOffsets, TagStripByteCounts
	if d.has(TagTileWidth) || d.has(TagTileLength) {
		l.tiled = true
		offTag, cntTag = TagTileOffsets, TagTileByteCounts
		tw, err := d.uint(TagTileWidth, 0)
		if err != nil {
			return l, err
		}
		th, err := d.uint(TagTileLength, 0)
		if err != nil {
			return l, err
		}
		if tw == 0 || th == 0 {
			return l, fmt.Errorf("%w: tile size %d×%d", ErrCorrupt, tw, th)
		}
		l.chunkW, l.chunkH = int(tw), int(th)
	} else {
		rps, err := d.uint(TagRowsPerStrip, math.MaxUint32) // default 2**32−1: one strip (TIFF 6.0 Section 8)
		if err != nil {
			return l, err
		}
		if rps == 0 {
			return l, fmt.Errorf("%w: RowsPerStrip is 0", ErrCorrupt)
		}
		l.chunkW, l.chunkH = width, int(min(rps, uint64(height)))
	}
	l.across = (width + l.chunkW - 1) / l.chunkW
	l.down = (height + l.chunkH - 1) / l.chunkH
	for _, t := range []uint16{offTag, cntTag} {
		if !d.has(t) {
			return l, fmt.Errorf("%w: missing tag %d (%s offsets or byte counts)", ErrCorrupt, t, l.kind())
		}
		// Compare counts before reading: a lying header cannot make us allocate.
		if n := uint64(d.entries[t].count); n/uint64(l.across) != uint64(l.down) || n%uint64(l.across) != 0 {
			return l, fmt.Errorf("%w: tag %d has %d values, want %d×%d %ss", ErrCorrupt, t, n, l.across, l.down, l.kind())
		}
	}
	var err error
	if l.offsets, err = d.uints(offTag); err != nil {
		return l, err
	}
	l.counts, err = d.uints(cntTag)
	return l, err
}

// kind returns "tile" or "strip", for messages.
func (l *layout) kind() string {
	if l.tiled {
		return "tile"
	}
	return "strip"
}

// name identifies chunk i in messages.
func (l *layout) name(i int) string {
	if l.tiled {
		return fmt.Sprintf("tile %d (column %d, row %d)", i, i%l.across, i/l.across)
	}
	return fmt.Sprintf("strip %d", i)
}

// rows returns the number of rows stored in chunk i.
func (l *layout) rows(i int) int {
	if l.tiled {
		return l.chunkH
	}
	return min(l.chunkH, l.height-(i/l.across)*l.chunkH)
}

// rowBytes is the size of one decoded chunk row.
func (l *layout) rowBytes() int { return l.chunkW * l.sampleBytes }

// sparse reports whether chunk i is absent (offset and byte count 0, as
// GDAL writes for SPARSE_OK files); it reads as nodata.
func (l *layout) sparse(i int) bool { return l.offsets[i] == 0 && l.counts[i] == 0 }

// maxDecodedPerByte bounds the decoded size of a compressed chunk: Deflate
// expands at most 1032:1 (RFC 1951 maximum match 258 bytes per 2 bits) and
// TIFF LZW at most about 1500:1 (codes up to 4094 bytes at 12 bits, table
// reset every 4094 codes); 2048 leaves room, plus decodedSlack for tiny
// chunks. A header claiming more is corrupt.
const (
	maxDecodedPerByte = 2048
	decodedSlack      = 1 << 16
)

// check verifies every chunk against the file size: data inside the file,
// uncompressed chunks long enough, compressed chunks able to hold their
// decoded size. Pixel buffers are sized from these checked numbers only.
func (l *layout) check(size int64, compression int) error {
	for i := range l.offsets {
		if l.sparse(i) {
			continue
		}
		off, n := l.offsets[i], l.counts[i]
		if off > uint64(size) || n > uint64(size)-off {
			return fmt.Errorf("%w: %s: %d bytes at offset %d extend beyond the end of the file (%d bytes)",
				ErrCorrupt, l.name(i), n, off, size)
		}
		rb := uint64(l.rowBytes())
		rows := uint64(l.rows(i))
		limit := n
		if compression != compressionNone {
			limit = n*maxDecodedPerByte + decodedSlack
		}
		if rb != 0 && rows > limit/rb {
			return fmt.Errorf("%w: %s: %d bytes cannot hold %d rows of %d bytes", ErrCorrupt, l.name(i), n, rows, rb)
		}
	}
	return nil
}
