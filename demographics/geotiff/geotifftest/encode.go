package geotifftest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/hhrutter/lzw"
)

// Encode writes a width × height GeoTIFF of data (row-major) to w.
func Encode(w io.Writer, width, height int, data []float64, o Options) error {
	b, err := encode(width, height, data, o)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// WriteFile writes a width × height GeoTIFF of data (row-major) to path.
func WriteFile(path string, width, height int, data []float64, o Options) error {
	b, err := encode(width, height, data, o)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// encode returns the whole file: the 8-byte header (TIFF 6.0 Section 2),
// IFD 0 with its values, then the strips or tiles.
func encode(width, height int, data []float64, o Options) ([]byte, error) {
	if err := o.normalize(width, height, len(data)); err != nil {
		return nil, fmt.Errorf("geotifftest: %w", err)
	}
	var order binary.ByteOrder = binary.LittleEndian
	head := []byte("II")
	if o.BigEndian {
		order, head = binary.BigEndian, []byte("MM")
	}
	raw, err := encodeSamples(data, o.Format, order)
	if err != nil {
		return nil, fmt.Errorf("geotifftest: %w", err)
	}
	g := newGrid(width, height, o)
	chunks, err := g.chunks(raw, o, order)
	if err != nil {
		return nil, fmt.Errorf("geotifftest: %w", err)
	}
	fs := &fields{order: order.(binary.AppendByteOrder), list: map[uint16]*field{}}
	offsets := describe(fs, width, height, g, chunks, o)
	list := fs.sorted()
	dir, ext := ifdSize(list)
	if fs.list[offsets.tag] == offsets { // not replaced through Options.Tags
		at := 8 + dir + ext
		offsets.data = offsets.data[:0]
		for _, c := range chunks {
			offsets.data = fs.order.AppendUint32(offsets.data, uint32(at))
			at += len(c)
		}
	}
	b := order.(binary.AppendByteOrder).AppendUint16(head, 42)
	b = order.(binary.AppendByteOrder).AppendUint32(b, 8)
	b = appendIFD(b, list, fs.order)
	for _, c := range chunks {
		b = append(b, c...)
	}
	return b, nil
}

// normalize fills defaults and validates o for a width × height image of n
// values.
func (o *Options) normalize(width, height, n int) error {
	if width <= 0 || height <= 0 || n != width*height {
		return fmt.Errorf("%d values for a %d×%d image", n, width, height)
	}
	if o.Format < 0 || int(o.Format) >= len(formats) {
		return fmt.Errorf("unknown %v", o.Format)
	}
	o.Compression, o.Predictor = max(o.Compression, 1), max(o.Predictor, 1)
	switch o.Compression {
	case None, LZW, Deflate, DeflateOld:
	default:
		return fmt.Errorf("compression %d is not 1, 5, 8 or 32946", o.Compression)
	}
	switch {
	case o.Predictor > 3:
		return fmt.Errorf("predictor %d is not 1, 2 or 3", o.Predictor)
	case o.Predictor > 1 && o.Compression == None:
		return errors.New("a predictor needs LZW or Deflate compression (TIFF 6.0 Section 14)")
	case o.Predictor == 3 && !o.Format.IsFloat():
		return fmt.Errorf("predictor 3 needs float samples, not %v", o.Format)
	}
	if o.Tiled && (o.TileWidth <= 0 || o.TileHeight <= 0 || o.TileWidth%16 != 0 || o.TileHeight%16 != 0) {
		return fmt.Errorf("tile size %d×%d is not a positive multiple of 16 (TIFF 6.0 Section 15)", o.TileWidth, o.TileHeight)
	}
	if o.RowsPerStrip < 0 {
		return fmt.Errorf("RowsPerStrip %d < 0", o.RowsPerStrip)
	}
	return nil
}

// encodeSamples stores data as format f words in order o.
func encodeSamples(data []float64, f SampleFormat, o binary.ByteOrder) ([]byte, error) {
	size := formats[f].size
	raw := make([]byte, len(data)*size)
	for i, v := range data {
		u, err := f.bits(v)
		if err != nil {
			return nil, fmt.Errorf("value %d: %w", i, err)
		}
		putWord(raw[i*size:], size, u, o)
	}
	return raw, nil
}

// grid is the strip or tile layout (TIFF 6.0 Sections 3 and 15).
type grid struct {
	width, height  int
	chunkW, chunkH int
	across, down   int
	tiled          bool
}

func newGrid(width, height int, o Options) grid {
	g := grid{width: width, height: height, chunkW: width, chunkH: height, tiled: o.Tiled}
	if o.Tiled {
		g.chunkW, g.chunkH = o.TileWidth, o.TileHeight
	} else if o.RowsPerStrip > 0 {
		g.chunkH = min(o.RowsPerStrip, height)
	}
	g.across = (width + g.chunkW - 1) / g.chunkW
	g.down = (height + g.chunkH - 1) / g.chunkH
	return g
}

// chunks cuts raw (the image's samples) into strips or tiles, applies the
// predictor row by row and compresses each one.
func (g grid) chunks(raw []byte, o Options, order binary.ByteOrder) ([][]byte, error) {
	size := formats[o.Format].size
	rb := g.chunkW * size
	var out [][]byte
	for ty := range g.down {
		for tx := range g.across {
			rows := g.chunkH
			if !g.tiled {
				rows = min(rows, g.height-ty*g.chunkH) // the last strip is cropped
			}
			c := make([]byte, rows*rb) // tiles are padded with zero bytes
			tmp := make([]byte, rb)
			for r := range rows {
				y, x0 := ty*g.chunkH+r, tx*g.chunkW
				if y < g.height {
					n := min(g.chunkW, g.width-x0) * size
					copy(c[r*rb:], raw[(y*g.width+x0)*size:][:n])
				}
				switch o.Predictor {
				case 2:
					applyHorizontal(c[r*rb:(r+1)*rb], size, order)
				case 3:
					applyFloatingPoint(c[r*rb:(r+1)*rb], tmp, size, order)
				}
			}
			z, err := compress(c, o.Compression)
			if err != nil {
				return nil, err
			}
			out = append(out, z)
		}
	}
	return out, nil
}

// compress encodes one chunk: LZW with the TIFF variant of
// github.com/hhrutter/lzw, Deflate as a zlib stream.
func compress(c []byte, compression int) ([]byte, error) {
	if compression == None {
		return c, nil
	}
	var buf bytes.Buffer
	var w io.WriteCloser
	if compression == LZW {
		w = lzw.NewWriter(&buf, true)
	} else {
		w = zlib.NewWriter(&buf)
	}
	if _, err := w.Write(c); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
