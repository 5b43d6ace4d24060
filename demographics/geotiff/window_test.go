package geotiff_test

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

// recorder is an io.ReaderAt that records the byte ranges read.
type recorder struct {
	r      *bytes.Reader
	mu     sync.Mutex
	ranges [][2]int64
}

func (rec *recorder) ReadAt(p []byte, off int64) (int, error) {
	rec.mu.Lock()
	rec.ranges = append(rec.ranges, [2]int64{off, off + int64(len(p))})
	rec.mu.Unlock()
	return rec.r.ReadAt(p, off)
}

// TestReadWindowReadsOnlyIntersectingChunks records every ReadAt of a
// ReadWindow call and checks that each lies inside a strip or tile that
// intersects the window, and that each intersecting one is read.
func TestReadWindowReadsOnlyIntersectingChunks(t *testing.T) {
	tiles := func(o *geotifftest.Options) { o.Tiled, o.TileWidth, o.TileHeight = true, 16, 16 }
	tests := []struct {
		name       string
		compress   int
		layout     func(*geotifftest.Options)
		col0, row0 int
		w, h       int
		want       []int // chunk indices that intersect the window
	}{
		// Strips of 1 row: rows 5..8 are strips 5..8.
		{"deflate rps1", geotifftest.Deflate, func(o *geotifftest.Options) { o.RowsPerStrip = 1 }, 3, 5, 8, 4, []int{5, 6, 7, 8}},
		// Strips of 5 rows: rows 9..10 are in strip 1 (rows 5–9) and 2 (rows 10–14).
		{"lzw rps5", geotifftest.LZW, func(o *geotifftest.Options) { o.RowsPerStrip = 5 }, 0, 9, testW, 2, []int{1, 2}},
		{"none rps5", geotifftest.None, func(o *geotifftest.Options) { o.RowsPerStrip = 5 }, 10, 21, 2, 2, []int{4}},
		// 16×16 tiles, 3 across × 2 down: pixel columns 17..20, rows 3..4 are tile 1 only.
		{"deflate tiles", geotifftest.Deflate, tiles, 17, 3, 4, 2, []int{1}},
		// Columns 30..36 (tile column 1 and 2), rows 15..16 (tile rows 0 and 1): tiles 1, 2, 4, 5.
		{"none tiles", geotifftest.None, tiles, 30, 15, 7, 2, []int{1, 2, 4, 5}},
	}
	data := testImage(geotifftest.Float32)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := geotifftest.Options{Compression: tc.compress, Georef: testGeoref}
			tc.layout(&o)
			b := encode(t, testW, testH, data, o)
			rec := &recorder{r: bytes.NewReader(b)}
			im, err := geotiff.Open(rec, int64(len(b)))
			require.NoError(t, err)
			rec.ranges = nil // forget the header and IFD reads

			got := make([]float64, tc.w*tc.h)
			require.NoError(t, im.ReadWindow(tc.col0, tc.row0, tc.w, tc.h, got))
			requireSame(t, sub(data, tc.col0, tc.row0, tc.w, tc.h), got, "window")

			wanted := map[int]bool{}
			for _, i := range tc.want {
				wanted[i] = true
			}
			read := map[int]bool{}
			for _, rg := range rec.ranges {
				inside := -1
				for i := range geotiff.ChunkCount(im) {
					off, n := geotiff.ChunkRange(im, i)
					if rg[0] >= off && rg[1] <= off+n {
						inside = i
					}
				}
				require.True(t, inside >= 0 && wanted[inside], "read %v is not inside an intersecting chunk %v", rg, tc.want)
				read[inside] = true
			}
			assert.Len(t, read, len(tc.want), "every intersecting chunk is read")
		})
	}
}

// TestReadWindowConcurrent reads windows from many goroutines at once
// (run with -race): decode buffers are per call.
func TestReadWindowConcurrent(t *testing.T) {
	data := testImage(geotifftest.Float64)
	im := open(t, encode(t, testW, testH, data, geotifftest.Options{Format: geotifftest.Float64, Compression: geotifftest.Deflate,
		Predictor: 3, RowsPerStrip: 3, Georef: testGeoref}))
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for g := range errs {
		wg.Go(func() {
			for k := range 50 {
				row := (g + k) % (testH - 4)
				got := make([]float64, 5*testW)
				if err := im.ReadWindow(0, row, testW, 5, got); err != nil {
					errs[g] = err
					return
				}
				for i, v := range sub(data, 0, row, testW, 5) {
					if !(v == got[i] || v != v && got[i] != got[i]) {
						errs[g] = fmt.Errorf("goroutine %d, row %d, value %d: got %v, want %v", g, row, i, got[i], v)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
}

// eofAtEnd is an io.ReaderAt that returns io.EOF with any read reaching the
// end of the data, as the io.ReaderAt contract allows.
type eofAtEnd struct{ b []byte }

func (e eofAtEnd) ReadAt(p []byte, off int64) (int, error) {
	n, err := bytes.NewReader(e.b).ReadAt(p, off)
	if err == nil && off+int64(n) == int64(len(e.b)) {
		err = io.EOF
	}
	return n, err
}

// TestReaderAtEOF reads an uncompressed image, whose last strip ends the
// file, through a ReaderAt that reports io.EOF with full reads.
func TestReaderAtEOF(t *testing.T) {
	data := testImage(geotifftest.Int32)
	b := encode(t, testW, testH, data, geotifftest.Options{Format: geotifftest.Int32, RowsPerStrip: 5, Georef: testGeoref})
	im, err := geotiff.Open(eofAtEnd{b}, int64(len(b)))
	require.NoError(t, err)
	got := make([]float64, testW*testH)
	require.NoError(t, im.ReadWindow(0, 0, testW, testH, got))
	requireSame(t, data, got, "through eofAtEnd")
}
