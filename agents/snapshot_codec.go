package agents

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
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

// ids writes a count and the ids.
func (e *encoder) ids(v []uint32) {
	e.u32(uint32(len(v)))
	for _, id := range v {
		e.u32(id)
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
	n := d.count(what, limit)
	for k := 0; k < n && d.err == nil; k += chunkRows {
		m := min(chunkRows, n-k)
		b := d.read(4*m, what)
		if b == nil {
			return dst
		}
		for x := range m {
			id := binary.LittleEndian.Uint32(b[4*x:])
			if int64(id) >= int64(rows) {
				d.err = fmt.Errorf("%s: entry %d is agent %d, beyond the %d rows", what, k+x, id, rows)
				return dst
			}
			dst = append(dst, id)
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

// u32Column is a column of uint32 values.
func u32Column(name string, v []uint32) column {
	return column{name: name, size: 4,
		put: func(dst []byte, lo, hi int) []byte {
			for _, x := range v[lo:hi] {
				dst = binary.LittleEndian.AppendUint32(dst, x)
			}
			return dst
		},
		get: func(src []byte, lo int) error {
			for k := range len(src) / 4 {
				v[lo+k] = binary.LittleEndian.Uint32(src[4*k:])
			}
			return nil
		}}
}

// i32Column is a column of int32 values (days).
func i32Column(name string, v []int32) column {
	return column{name: name, size: 4,
		put: func(dst []byte, lo, hi int) []byte {
			for _, x := range v[lo:hi] {
				dst = binary.LittleEndian.AppendUint32(dst, uint32(x))
			}
			return dst
		},
		get: func(src []byte, lo int) error {
			for k := range len(src) / 4 {
				v[lo+k] = int32(binary.LittleEndian.Uint32(src[4*k:]))
			}
			return nil
		}}
}

// u8Column is a column of bytes.
func u8Column(name string, v []uint8) column {
	return column{name: name, size: 1,
		put: func(dst []byte, lo, hi int) []byte { return append(dst, v[lo:hi]...) },
		get: func(src []byte, lo int) error { copy(v[lo:], src); return nil }}
}

// f32Column is a column of float32 values, each finite and ≥ 0 (a
// relative susceptibility).
func f32Column(name string, v []float32) column {
	return column{name: name, size: 4,
		put: func(dst []byte, lo, hi int) []byte {
			for _, x := range v[lo:hi] {
				dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(x))
			}
			return dst
		},
		get: func(src []byte, lo int) error {
			for k := range len(src) / 4 {
				x := math.Float32frombits(binary.LittleEndian.Uint32(src[4*k:]))
				if !(x >= 0) || math.IsInf(float64(x), 1) {
					return fmt.Errorf("agent %d has %s %v (want a finite number ≥ 0)", lo+k, name, x)
				}
				v[lo+k] = x
			}
			return nil
		}}
}
