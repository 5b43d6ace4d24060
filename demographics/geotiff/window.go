package geotiff

import "fmt"

// ReadWindow decodes the w × h pixels whose top-left pixel is (col0, row0)
// into dst[:w*h], row-major, as float64. The window must lie inside the
// image. Only the strips or tiles that intersect the window are read (and
// of an uncompressed chunk only the window's rows); absent (sparse) chunks
// read as the NoData value, or 0 without one. Concurrent calls are safe
// when the io.ReaderAt given to Open is.
func (im *Image) ReadWindow(col0, row0, w, h int, dst []float64) error {
	if w < 0 || h < 0 || col0 < 0 || row0 < 0 || col0 > im.width-w || row0 > im.height-h {
		return im.errorf("window of %d×%d pixels at column %d, row %d is not inside the %d×%d image",
			w, h, col0, row0, im.width, im.height)
	}
	if w > 0 && h > len(dst)/w { // not len(dst) < w*h, which can overflow
		return im.errorf("destination holds %d values, the %d×%d window needs %d", len(dst), w, h, w*h)
	}
	if w == 0 || h == 0 {
		return nil
	}
	cr := im.getReader()
	defer im.buffers.Put(cr)
	l := &im.layout
	win := window{col0, row0, w, h}
	for ty := row0 / l.chunkH; ty <= (row0+h-1)/l.chunkH; ty++ {
		for tx := col0 / l.chunkW; tx <= (col0+w-1)/l.chunkW; tx++ {
			if err := im.readChunk(cr, tx, ty, win, dst); err != nil {
				return im.wrap(err)
			}
		}
	}
	return nil
}

// window is a pixel rectangle of the image.
type window struct{ col0, row0, w, h int }

// readChunk copies the part of chunk (tx, ty) inside win into dst.
func (im *Image) readChunk(cr *chunkReader, tx, ty int, win window, dst []float64) error {
	l := &im.layout
	i := ty*l.across + tx
	cx, cy := tx*l.chunkW, ty*l.chunkH
	// Intersection in chunk coordinates: rows [r0, r1), columns [c0, c1).
	r0, r1 := max(win.row0, cy)-cy, min(win.row0+win.h, cy+l.rows(i))-cy
	c0, c1 := max(win.col0, cx)-cx, min(win.col0+win.w, cx+l.chunkW, im.width)-cx
	out := func(r int) []float64 { // dst row for chunk row r, columns c0..c1
		start := (cy+r-win.row0)*win.w + cx + c0 - win.col0
		return dst[start : start+c1-c0]
	}
	if l.sparse(i) {
		for r := r0; r < r1; r++ {
			fill(out(r), im.nodata)
		}
		return nil
	}
	data, err := im.decodeRows(cr, i, r0, r1)
	if err != nil {
		return err
	}
	rb, sb := l.rowBytes(), l.sampleBytes
	for r := r0; r < r1; r++ {
		row := data[(r-r0)*rb : (r-r0+1)*rb]
		switch im.predictor {
		case predictorFloatingPoint:
			undoFloatingPoint(out(r), row, l.chunkW, c0, sb)
			continue
		case predictorHorizontal:
			undoHorizontal(row, sb, im.order)
		}
		convert(out(r), row[c0*sb:c1*sb], im.kind, im.order)
	}
	return nil
}

// fill sets every element of s to v.
func fill(s []float64, v float64) {
	for i := range s {
		s[i] = v
	}
}

// errorf formats an error prefixed with the file name, if any.
func (im *Image) errorf(format string, args ...any) error {
	return im.wrap(fmt.Errorf(format, args...))
}

// wrap prefixes err with the file name when the Image came from OpenFile.
func (im *Image) wrap(err error) error {
	if im.name == "" || err == nil {
		return err
	}
	return fmt.Errorf("%s: %w", im.name, err)
}
