package gemm

// Scratch is the working memory of one goroutine's [Packed.Mul]: the
// packed panel of X and a tile for the edges of Y. The zero value is ready;
// it grows to K·tileCols values on first use.
type Scratch struct {
	pn   panel
	tile [tileRows * tileCols]float64
}

// Mul sets Y = V·X for the w columns of X and Y: X is K×w with row stride
// xs (x[k·xs+c]), Y is M×w with row stride ys (y[u·ys+c]), in the order of
// the package's contract. s is the caller's scratch (not shared between
// goroutines at the same time).
func (p *Packed) Mul(y []float64, ys int, x []float64, xs, w int, s *Scratch) {
	if p.rows == 0 || w == 0 {
		return
	}
	_ = y[(p.rows-1)*ys+w-1]
	if p.cols == 0 { // an empty sum: +0
		for u := range p.rows {
			clear(y[u*ys : u*ys+w])
		}
		return
	}
	_ = x[(p.cols-1)*xs+w-1]
	kern := kernel
	panelLen := tileRows * p.cols
	for c0 := 0; c0 < w; c0 += tileCols {
		cw := min(tileCols, w-c0)
		s.pn.pack(x, xs, p.cols, c0, cw)
		n := len(s.pn.off)
		for u0 := 0; u0 < p.rows; u0 += tileRows {
			rw := min(tileRows, p.rows-u0)
			vp := p.data[(u0/tileRows)*panelLen:]
			if rw == tileRows && cw == tileCols {
				kern(vp, s.pn.x, s.pn.off, n, y[u0*ys+c0:], ys)
				continue
			}
			kern(vp, s.pn.x, s.pn.off, n, s.tile[:], tileCols)
			for r := range rw {
				copy(y[(u0+r)*ys+c0:(u0+r)*ys+c0+cw], s.tile[r*tileCols:r*tileCols+cw])
			}
		}
	}
}
