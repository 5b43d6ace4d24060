package agents

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
)

// chunkRows is the number of values encoded or decoded per buffer: 64 Ki
// values, at most 256 KiB of a 4-byte column.
const chunkRows = 1 << 16

// encoder writes little-endian values to w through a buffer, keeping the
// first error.
type encoder struct {
	w   io.Writer
	buf []byte
	err error
}

// flush writes the buffer when it holds at least n bytes (0: always).
func (e *encoder) flush(n int) {
	if e.err != nil || len(e.buf) < n || len(e.buf) == 0 {
		return
	}
	_, e.err = e.w.Write(e.buf)
	e.buf = e.buf[:0]
}

func (e *encoder) u32(v uint32) {
	e.buf = binary.LittleEndian.AppendUint32(e.buf, v)
	e.flush(4 * chunkRows)
}

func (e *encoder) str(s string) {
	e.u32(uint32(len(s)))
	e.buf = append(e.buf, s...)
	e.flush(4 * chunkRows)
}

// ids writes a count and the ids, byte-shuffled per chunk of chunkRows
// (as wordColumn).
func (e *encoder) ids(v []uint32) { writeWords(e, v) }

// writeWords writes a count and the 4-byte values of v, byte-shuffled per
// chunk of chunkRows.
func writeWords[T uint32 | int32](e *encoder, v []T) {
	e.u32(uint32(len(v)))
	for lo := 0; lo < len(v); lo += chunkRows {
		chunk := v[lo:min(lo+chunkRows, len(v))]
		for shift := 0; shift < 32; shift += 8 {
			for _, x := range chunk {
				e.buf = append(e.buf, byte(uint32(x)>>shift))
			}
		}
		e.flush(4 * chunkRows)
	}
}

// decoder reads what an encoder wrote, keeping the first error; the
// errors name the part being read.
type decoder struct {
	r   io.Reader
	buf []byte
	err error
}

// read returns the next n bytes (a view of the decoder's buffer, valid
// until the next read), or nil after an error.
func (d *decoder) read(n int, what string) []byte {
	if d.err != nil {
		return nil
	}
	if cap(d.buf) < n {
		d.buf = make([]byte, n)
	}
	b := d.buf[:n]
	if _, err := io.ReadFull(d.r, b); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			err = errors.New("the data ends early")
		}
		d.err = fmt.Errorf("%s: %w", what, err)
		return nil
	}
	return b
}

func (d *decoder) u32(what string) uint32 {
	b := d.read(4, what)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}

// count reads a count and checks it is at most limit.
func (d *decoder) count(what string, limit int) int {
	n := d.u32(what)
	if d.err == nil && uint64(n) > uint64(limit) {
		d.err = fmt.Errorf("%s: count %d is above %d", what, n, limit)
		return 0
	}
	return int(n)
}

// str reads a string of at most 256 bytes.
func (d *decoder) str(what string) string {
	n := d.count(what, 256)
	b := d.read(n, what)
	return string(b)
}

// ids reads a count (≤ limit) and that many ids, each < rows, appended
// to dst.
func (d *decoder) ids(what string, limit, rows int, dst []uint32) []uint32 {
	return readWords(d, what, limit, dst, func(k int, id uint32) error {
		if int64(id) >= int64(rows) {
			return fmt.Errorf("%s: entry %d is agent %d, beyond the %d rows", what, k, id, rows)
		}
		return nil
	})
}

// readWords reads what writeWords wrote: a count (≤ limit) and that many
// values, each checked by ok (its error stops the read), appended to dst.
func readWords[T uint32 | int32](d *decoder, what string, limit int, dst []T, ok func(k int, x T) error) []T {
	n := d.count(what, limit)
	if dst == nil && n > 0 {
		dst = make([]T, 0, min(n, chunkRows))
	}
	for k := 0; k < n && d.err == nil; k += chunkRows {
		m := min(chunkRows, n-k)
		b := d.read(4*m, what)
		if b == nil {
			return dst
		}
		for x := range m {
			v := T(uint32(b[x]) | uint32(b[m+x])<<8 | uint32(b[2*m+x])<<16 | uint32(b[3*m+x])<<24)
			if err := ok(k+x, v); err != nil {
				d.err = err
				return dst
			}
			dst = append(dst, v)
		}
	}
	return dst
}

// column is one per-agent column of the table as a snapshot stores it:
// its name, its value size in bytes, and how rows are encoded to and
// decoded from little-endian bytes.
type column struct {
	name string
	size int
	put  func(dst []byte, lo, hi int) []byte
	get  func(src []byte, lo int) error // src holds len(src)/size rows from lo
}

// wordColumn is a column of 4-byte values (their bits as a uint32: bits
// and fromBits convert), written byte-shuffled per chunk: the chunk's
// lowest bytes, then its second bytes, and so on (the high bytes of days
// and ids are nearly constant, so the compressor sees long runs).
// fromBits checks a value of row id and stores it.
func wordColumn(name string, bits func(id int) uint32, fromBits func(id int, x uint32) error) column {
	return column{name: name, size: 4,
		put: func(dst []byte, lo, hi int) []byte {
			n, start := hi-lo, len(dst)
			dst = slices.Grow(dst, 4*n)[:start+4*n]
			planes := dst[start:]
			for k := range n {
				x := bits(lo + k)
				planes[k], planes[n+k], planes[2*n+k], planes[3*n+k] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
			}
			return dst
		},
		get: func(src []byte, lo int) error {
			m := len(src) / 4
			for k := range m {
				x := uint32(src[k]) | uint32(src[m+k])<<8 | uint32(src[2*m+k])<<16 | uint32(src[3*m+k])<<24
				if err := fromBits(lo+k, x); err != nil {
					return err
				}
			}
			return nil
		}}
}

// u32Column is a column of uint32 values.
func u32Column(name string, v []uint32) column {
	return wordColumn(name, func(id int) uint32 { return v[id] }, func(id int, x uint32) error { v[id] = x; return nil })
}

// i32Column is a column of int32 values (days).
func i32Column(name string, v []int32) column {
	return wordColumn(name, func(id int) uint32 { return uint32(v[id]) }, func(id int, x uint32) error { v[id] = int32(x); return nil })
}

// f32Column is a column of float32 values, each finite and ≥ 0 (a
// relative susceptibility).
func f32Column(name string, v []float32) column {
	return wordColumn(name, func(id int) uint32 { return math.Float32bits(v[id]) }, func(id int, x uint32) error {
		f := math.Float32frombits(x)
		if !(f >= 0) || math.IsInf(float64(f), 1) {
			return fmt.Errorf("agent %d has %s %v (want a finite number ≥ 0)", id, name, f)
		}
		v[id] = f
		return nil
	})
}

// u8Column is a column of bytes.
func u8Column(name string, v []uint8) column {
	return column{name: name, size: 1,
		put: func(dst []byte, lo, hi int) []byte { return append(dst, v[lo:hi]...) },
		get: func(src []byte, lo int) error { copy(v[lo:], src); return nil }}
}
