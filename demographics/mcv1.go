package demographics

import (
	"context"
	"fmt"
	"math"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// Population-weighted MCV1 (SPEC §10.4, rubeola choice): the MCV1 raster is
// sampled bilinearly at each counted population pixel centre and averaged
// with the pixel populations as weights.

// mcv1SearchRadius is how far, in degrees, a sample without a valid
// bilinear neighbour looks for the nearest valid MCV1 pixel.
const mcv1SearchRadius = 1.0

// MCV1 unit settings of [WithMCV1Units].
const (
	MCV1UnitsAuto     = "auto"     // percent if any valid pixel read exceeds 1
	MCV1UnitsFraction = "fraction" // pixels are fractions in [0, 1]
	MCV1UnitsPercent  = "percent"  // pixels are percentages in [0, 100]
)

// mcv1Divisor is what raw raster values are divided by to give fractions:
// 100 for percent, else 1.
func mcv1Divisor(units string, maxValid float64) float64 {
	if units == MCV1UnitsPercent || (units == MCV1UnitsAuto && maxValid > 1) {
		return 100
	}
	return 1
}

// mcv1Sampler samples an MCV1 raster around one feature at a time. It holds
// a cleaned window of the raster: invalid pixels (nodata, NaN, ±Inf, ≤ 0
// after setting negatives to 0) are stored as 0. The window first covers the
// feature's box plus the bilinear neighbours; the first sample that needs
// the nearest-pixel search widens it by the search radius.
type mcv1Sampler struct {
	rd         windowReader
	g          grid
	feature    rect
	cols, rows span
	vals       []float64
	wide       bool
	maxValid   float64 // largest valid value read, for unit detection
}

// load reads the window for feature box b.
func (s *mcv1Sampler) load(b rect) error {
	s.feature, s.wide = b, false
	return s.read(b, 0)
}

// widen re-reads the window with the search radius around the box.
func (s *mcv1Sampler) widen() error {
	s.wide = true
	return s.read(s.feature, mcv1SearchRadius)
}

// read loads the pixels whose centres are within margin degrees of b, plus
// the bilinear neighbours, cleaning them.
func (s *mcv1Sampler) read(b rect, margin float64) error {
	g := s.g
	s.cols = pixelSpan((b.xmin-margin-g.X0)/g.DX-0.5, (b.xmax+margin-g.X0)/g.DX+0.5, g.w)
	s.rows = pixelSpan((g.Y0-b.ymax-margin)/g.DY-0.5, (g.Y0-b.ymin+margin)/g.DY+0.5, g.h)
	n := s.cols.n * s.rows.n
	if cap(s.vals) < n {
		s.vals = make([]float64, n)
	}
	s.vals = s.vals[:n]
	if n == 0 {
		return nil
	}
	if err := s.rd.ReadWindow(s.cols.first, s.rows.first, s.cols.n, s.rows.n, s.vals); err != nil {
		return err
	}
	for i, v := range s.vals {
		if !(v > 0) || math.IsInf(v, 1) || g.isNodata(v) {
			v = 0 // NaN, nodata, zero, negative (parity: negatives become 0)
		}
		s.vals[i] = v
		s.maxValid = max(s.maxValid, v)
	}
	return nil
}

// at returns the cleaned value of pixel (c, r): 0 for an invalid pixel or
// one outside the raster.
func (s *mcv1Sampler) at(c, r int) (float64, error) {
	if c < 0 || c >= s.g.w || r < 0 || r >= s.g.h {
		return 0, nil
	}
	dc, dr := c-s.cols.first, r-s.rows.first
	if dc < 0 || dc >= s.cols.n || dr < 0 || dr >= s.rows.n {
		if s.wide {
			return 0, nil // farther than the search radius from the feature
		}
		if err := s.widen(); err != nil {
			return 0, err
		}
		return s.at(c, r)
	}
	return s.vals[dr*s.cols.n+dc], nil
}

// pixelCoord returns the fractional column and row of lon/lat relative to
// pixel centres (pixel (c, r)'s centre is at (c, r)), clamped far outside
// the raster so that it converts to int safely.
func (s *mcv1Sampler) pixelCoord(lon, lat float64) (fx, fy float64) {
	const far = 1 << 40
	fx = (lon-s.g.X0)/s.g.DX - 0.5
	fy = (s.g.Y0-lat)/s.g.DY - 0.5
	return math.Max(-far, math.Min(far, fx)), math.Max(-far, math.Min(far, fy))
}

// sample returns the MCV1 at lon/lat: bilinear among the four surrounding
// pixel centres with the weights of the valid ones renormalised; if none is
// valid (or their weights are all 0), the nearest valid pixel within
// mcv1SearchRadius. ok is false when there is none.
func (s *mcv1Sampler) sample(lon, lat float64) (v float64, ok bool, err error) {
	fx, fy := s.pixelCoord(lon, lat)
	c0, r0 := math.Floor(fx), math.Floor(fy)
	tx, ty := fx-c0, fy-r0
	c, r := int(c0), int(r0)
	neighbours := [4]struct {
		c, r int
		w    float64
	}{{c, r, (1 - tx) * (1 - ty)}, {c + 1, r, tx * (1 - ty)}, {c, r + 1, (1 - tx) * ty}, {c + 1, r + 1, tx * ty}}
	var sw, swv float64
	for _, nb := range neighbours {
		pv, err := s.at(nb.c, nb.r)
		if err != nil {
			return 0, false, err
		}
		if pv > 0 {
			sw += nb.w
			swv += nb.w * pv
		}
	}
	if sw > 0 {
		return swv / sw, true, nil
	}
	return s.nearest(lon, lat, fx, fy)
}

// nearest returns the value of the valid pixel whose centre is closest to
// lon/lat (planar distance in degrees, at most mcv1SearchRadius; ties go to
// the upper row, then the left column). It searches square rings of pixels
// around the pixel containing the point, stopping when a ring cannot hold a
// closer pixel.
func (s *mcv1Sampler) nearest(lon, lat, fx, fy float64) (float64, bool, error) {
	if !s.wide {
		if err := s.widen(); err != nil {
			return 0, false, err
		}
	}
	g := s.g
	cp, rp := int(math.Floor(fx+0.5)), int(math.Floor(fy+0.5))
	step := math.Min(g.DX, g.DY)
	best, bestD2, bestR, bestC := 0.0, math.Inf(1), 0, 0
	consider := func(c, r int) {
		v, _ := s.at(c, r) // inside the wide window: no read, no error
		if !(v > 0) {
			return
		}
		dx, dy := lon-g.lon(c), lat-g.lat(r)
		d2 := dx*dx + dy*dy
		if d2 > mcv1SearchRadius*mcv1SearchRadius {
			return
		}
		if d2 < bestD2 || (d2 == bestD2 && (r < bestR || (r == bestR && c < bestC))) {
			best, bestD2, bestR, bestC = v, d2, r, c
		}
	}
	c1, r1 := s.cols.first+s.cols.n-1, s.rows.first+s.rows.n-1
	for k := 0; ; k++ {
		// The point is within half a pixel of pixel (cp, rp)'s centre, so
		// every centre on ring k is at least (k − ½)·step away.
		lb := math.Max(0, float64(k)-0.5) * step
		if lb > mcv1SearchRadius || lb*lb > bestD2 {
			break
		}
		for r := max(rp-k, s.rows.first); r <= min(rp+k, r1); r++ {
			if r == rp-k || r == rp+k {
				for c := max(cp-k, s.cols.first); c <= min(cp+k, c1); c++ {
					consider(c, r)
				}
				continue
			}
			if cp-k >= s.cols.first && cp-k <= c1 {
				consider(cp-k, r)
			}
			if cp+k >= s.cols.first && cp+k <= c1 {
				consider(cp+k, r)
			}
		}
	}
	return best, !math.IsInf(bestD2, 1), nil
}

// errNoMCV1 is the error for a sample point without any valid MCV1 pixel.
func errNoMCV1(what string, lon, lat float64) error {
	return fmt.Errorf("no valid MCV1 pixel within %g° of %s (%g, %g)", mcv1SearchRadius, what, lon, lat)
}

// featureMCV1 computes one feature's zonal population sum and its raw
// MCV1 (in raster units): Σ pop·v̂ / Σ pop over the counted population
// pixels, or, for a feature without population, the plain mean of the values
// sampled at its polygon vertices (each ring's closing vertex not repeated).
// A sample point without any valid MCV1 pixel is an error.
func featureMCV1(ctx context.Context, pop windowReader, pg grid, z *zone, shape shapefile.Shape,
	s *mcv1Sampler, sc *zonalScratch) (popSum, raw float64, err error) {
	if err := s.load(z.bbox); err != nil {
		return 0, 0, err
	}
	var sw, swv float64
	popSum, err = zonalSum(ctx, pop, pg, z, sc, func(lon, lat, w float64) error {
		v, ok, err := s.sample(lon, lat)
		if err != nil {
			return err
		}
		if !ok {
			return errNoMCV1("population pixel centre", lon, lat)
		}
		sw += w
		swv += w * v
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	if sw > 0 {
		return popSum, swv / sw, nil
	}
	raw, err = vertexMeanMCV1(s, shape)
	return popSum, raw, err
}

// vertexMeanMCV1 is the mean of the MCV1 sampled at a polygon's vertices.
func vertexMeanMCV1(s *mcv1Sampler, shape shapefile.Shape) (float64, error) {
	rings, err := shapeRings(shape)
	if err != nil {
		return 0, err
	}
	var sum float64
	n := 0
	for _, ring := range rings {
		if len(ring) > 1 && ring[0] == ring[len(ring)-1] {
			ring = ring[:len(ring)-1]
		}
		for _, p := range ring {
			v, ok, err := s.sample(p.X, p.Y)
			if err != nil {
				return 0, err
			}
			if !ok {
				return 0, errNoMCV1("vertex", p.X, p.Y)
			}
			sum += v
			n++
		}
	}
	return sum / float64(n), nil
}
