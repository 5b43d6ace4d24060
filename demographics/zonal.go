package demographics

import (
	"context"
	"math"
	"slices"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/shapefile"
)

// Zonal population (SPEC §10.4 steps 1–6): the sum of a feature's positive
// population pixels whose centres lie strictly inside its bounding box and
// inside its polygon by the even-odd rule, rings combined in file order.

// windowReader reads a rectangle of raster pixels row-major into dst, as
// [geotiff.Image.ReadWindow] does.
type windowReader interface {
	ReadWindow(col0, row0, w, h int, dst []float64) error
}

// grid is a north-up raster's geometry and nodata value.
type grid struct {
	geotiff.Georef
	w, h      int
	nodata    float64
	hasNodata bool
}

// gridOf describes an opened GeoTIFF.
func gridOf(im *geotiff.Image) grid {
	nd, ok := im.NoData()
	return grid{Georef: im.Georef(), w: im.Width(), h: im.Height(), nodata: nd, hasNodata: ok}
}

// lon is the longitude of the centres of column col: X0 + DX·(col + 0.5).
// The explicit conversion forbids fusing the multiply-add, so the value is
// the same on every architecture.
func (g grid) lon(col int) float64 { return g.X0 + float64(g.DX*(float64(col)+0.5)) }

// lat is the latitude of the centres of row row: Y0 − DY·(row + 0.5).
func (g grid) lat(row int) float64 { return g.Y0 - float64(g.DY*(float64(row)+0.5)) }

// isNodata reports whether v is the raster's declared nodata value.
func (g grid) isNodata(v float64) bool { return g.hasNodata && v == g.nodata }

// span is a clipped range of raster columns or rows: first and count.
type span struct{ first, n int }

// pixelSpan returns the columns (or rows) from floor(lo) to ceil(hi),
// clipped to [0, size): every index i with lo < i < hi plus the index at
// each fractional end, a guard against rounding in lo and hi. lo and hi may
// be huge, negative or NaN (an empty span).
func pixelSpan(lo, hi float64, size int) span {
	lo, hi = math.Max(math.Floor(lo), 0), math.Min(math.Ceil(hi), float64(size-1))
	if !(lo <= hi) {
		return span{}
	}
	return span{int(lo), int(hi) - int(lo) + 1}
}

// rect is an axis-aligned rectangle in degrees.
type rect struct{ xmin, ymin, xmax, ymax float64 }

// overlaps reports whether b and o share an area (touching edges do not
// count).
func (b rect) overlaps(o rect) bool {
	return b.xmin < o.xmax && o.xmin < b.xmax && b.ymin < o.ymax && o.ymin < b.ymax
}

// extent is the raster's outer extent.
func (g grid) extent() rect {
	w, s, e, n := g.Bounds(g.w, g.h)
	return rect{w, s, e, n}
}

// window returns the pixels whose centres can lie strictly inside b (the
// columns with xmin < lon(col) < xmax and the rows with ymin < lat(row) <
// ymax, see pixelSpan), clipped to the raster.
func (g grid) window(b rect) (cols, rows span) {
	cols = pixelSpan((b.xmin-g.X0)/g.DX-0.5, (b.xmax-g.X0)/g.DX-0.5, g.w)
	rows = pixelSpan((g.Y0-b.ymax)/g.DY-0.5, (g.Y0-b.ymin)/g.DY-0.5, g.h)
	return cols, rows
}

// zoneRing is one ring of a zone: its vertices, whether it is a hole
// (counter-clockwise, A > 0) and its latitude range.
type zoneRing struct {
	pts        []shapefile.Point
	hole       bool
	ymin, ymax float64
}

// zone is a feature's polygon prepared for pixel tests and its area
// centroid ([zone.centroid]).
type zone struct {
	rings []zoneRing // rings with A ≠ 0, in file order
	bbox  rect       // of all vertices, rings with A = 0 included
	// origin is the shape's first vertex; area, mx and my are the sums of
	// A, Mx and My (relative to origin, see [ringMoments]) over rings.
	origin       shapefile.Point
	area, mx, my float64
}

// newZone prepares a polygon; its errors are those of [shapeRings].
func newZone(s shapefile.Shape) (*zone, error) {
	rings, err := shapeRings(s)
	if err != nil {
		return nil, err
	}
	o := s.Points[0]
	z := &zone{bbox: rect{o.X, o.Y, o.X, o.Y}, origin: o}
	for _, p := range s.Points {
		z.bbox = rect{min(z.bbox.xmin, p.X), min(z.bbox.ymin, p.Y), max(z.bbox.xmax, p.X), max(z.bbox.ymax, p.Y)}
	}
	for _, r := range rings {
		a, mx, my := ringMoments(r, o)
		if a == 0 {
			continue // neither outer ring nor hole (SPEC step 4), nor in the centroid
		}
		z.area, z.mx, z.my = z.area+a, z.mx+mx, z.my+my
		zr := zoneRing{pts: r, hole: a > 0, ymin: r[0].Y, ymax: r[0].Y}
		for _, p := range r {
			zr.ymin, zr.ymax = min(zr.ymin, p.Y), max(zr.ymax, p.Y)
		}
		z.rings = append(z.rings, zr)
	}
	return z, nil
}

// crossings appends to xs, sorted, the x of every edge (x_i, y_i)→(x_k, y_k)
// of the ring (k = i+1, the last vertex joining the first) that straddles
// the horizontal line at y, computed exactly as in the SPEC's crossing test:
// (x_k − x_i)·(y − y_i)/(y_k − y_i) + x_i. A point (x, y) is inside the ring
// when an odd number of these values exceed x.
func (r *zoneRing) crossings(y float64, xs []float64) []float64 {
	xs = xs[:0]
	n := len(r.pts)
	for i := range n {
		pi, pk := r.pts[i], r.pts[(i+1)%n]
		if (pi.Y > y) != (pk.Y > y) {
			xc := (pk.X-pi.X)*(y-pi.Y)/(pk.Y-pi.Y) + pi.X // a quotient plus a term: never fused
			if !math.IsNaN(xc) {
				xs = append(xs, xc)
			}
		}
	}
	slices.Sort(xs)
	return xs
}

// maxBandPixels bounds the pixels read at once for one feature (8 MiB of
// float64), so that a large feature over a fine raster is read in bands of
// rows instead of one huge window.
const maxBandPixels = 1 << 20

// zonalScratch holds a worker's reusable buffers.
type zonalScratch struct {
	band []float64
	lons []float64
	mask []bool
	xs   []float64
}

// zonalSum returns the float64 sum of the zone's counted pixels (SPEC steps
// 1–6), reading only the pixel window of its strict bounding box, in row
// bands, top to bottom. visit, if not nil, is called for every counted pixel
// in the order of summation (rows top to bottom, columns left to right) with
// its centre and value. A pixel counts when its value is > 0, finite and not
// the nodata value.
func zonalSum(ctx context.Context, rd windowReader, g grid, z *zone, sc *zonalScratch,
	visit func(lon, lat, v float64) error) (float64, error) {
	cols, rows := g.window(z.bbox)
	if cols.n == 0 || rows.n == 0 {
		return 0, nil
	}
	b := z.bbox
	sc.lons = sc.lons[:0]
	for c := range cols.n {
		sc.lons = append(sc.lons, g.lon(cols.first+c))
	}
	sc.mask = slices.Grow(sc.mask[:0], cols.n)[:cols.n]
	bandRows := max(1, min(rows.n, maxBandPixels/cols.n))
	sc.band = slices.Grow(sc.band[:0], bandRows*cols.n)[:bandRows*cols.n]
	sum := 0.0
	for r0 := 0; r0 < rows.n; r0 += bandRows {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		h := min(bandRows, rows.n-r0)
		if err := rd.ReadWindow(cols.first, rows.first+r0, cols.n, h, sc.band); err != nil {
			return 0, err
		}
		for dr := range h {
			lat := g.lat(rows.first + r0 + dr)
			if !(b.ymin < lat && lat < b.ymax) || !z.rowMask(lat, sc) {
				continue
			}
			vals := sc.band[dr*cols.n : (dr+1)*cols.n]
			for c, lon := range sc.lons {
				v := vals[c]
				if !sc.mask[c] || !(b.xmin < lon && lon < b.xmax) || !(v > 0) || math.IsInf(v, 1) || g.isNodata(v) {
					continue
				}
				sum += v
				if visit != nil {
					if err := visit(lon, lat, v); err != nil {
						return 0, err
					}
				}
			}
		}
	}
	return sum, nil
}

// rowMask sets sc.mask[c] to whether (sc.lons[c], lat) is in the zone:
// rings in file order, mask |= inside for outer (clockwise) rings and
// mask &= !inside for holes. It reports whether any pixel is in.
func (z *zone) rowMask(lat float64, sc *zonalScratch) bool {
	clear(sc.mask)
	some := false
	for i := range z.rings {
		r := &z.rings[i]
		if lat < r.ymin || lat > r.ymax {
			continue // no edge straddles the row: inside is false everywhere
		}
		sc.xs = r.crossings(lat, sc.xs)
		if len(sc.xs) == 0 {
			continue
		}
		p := 0 // xs[:p] ≤ lon: the edges with lon < xc are xs[p:]
		for c, lon := range sc.lons {
			for p < len(sc.xs) && sc.xs[p] <= lon {
				p++
			}
			in := (len(sc.xs)-p)%2 == 1
			if r.hole {
				sc.mask[c] = sc.mask[c] && !in
			} else {
				sc.mask[c] = sc.mask[c] || in
				some = some || in
			}
		}
	}
	return some
}
