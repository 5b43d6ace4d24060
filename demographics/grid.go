package demographics

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/scenario"
)

// GridOptions configures [GridScenario]. The zero value is not the default;
// start from [DefaultGridOptions].
type GridOptions struct {
	// Cell is the side of a grid cell in degrees ([ParseGridCell]); a whole
	// number of population pixels along each axis.
	Cell float64
	// MinPop: a cell becomes a patch when its population, rounded half to
	// even, is at least MinPop; >= 1.
	MinPop int64
	// MCV1Raster is the routine first-dose coverage raster; without it
	// every patch gets DefaultMCV1.
	MCV1Raster string
	// MCV2Raster, if given, adds the extra column "mcv2", computed as mcv1 is.
	MCV2Raster string
	// MCV1Units is the coverage rasters' unit: MCV1UnitsAuto (percent if a
	// valid pixel read exceeds 1), MCV1UnitsFraction or MCV1UnitsPercent;
	// each raster is detected on its own.
	MCV1Units string
	// DefaultMCV1 is the coverage of every patch without MCV1Raster; in
	// [0, 1].
	DefaultMCV1 float64
}

// DefaultMinPop is the default [GridOptions.MinPop]: 1 person. A cell of
// less would be a patch of 0 people, which costs the run time and memory
// and can never be infected; every inhabited cell is kept (Nigeria's 1 km
// WorldPop raster loses well under 0.1 % of its people this way), and a
// modeller wanting fewer, larger patches chooses a coarser --grid rather
// than dropping villages.
const DefaultMinPop = 1

// DefaultGridOptions returns {Cell 30″ ("1km"), MinPop 1, MCV1Units auto,
// DefaultMCV1 0}.
func DefaultGridOptions() GridOptions {
	return GridOptions{Cell: ArcSecondsPerKm / 3600.0, MinPop: DefaultMinPop, MCV1Units: MCV1UnitsAuto}
}

// GridReport describes a [GridScenario] result.
type GridReport struct {
	Cols, Rows       int     // cells across (west to east) and down (north to south)
	PixelsX, PixelsY int     // population pixels per cell along longitude and latitude
	BandRows         int     // pixel rows decoded at a time (the memory bound)
	Patches          int     // cells kept
	PopKept          int64   // people in the kept cells
	PopDropped       float64 // people in the cells below MinPop
	MCV1Div, MCV2Div float64 // coverage divisors applied (1 fraction, 100 percent; 0 without the raster)
}

// maxBandBytes bounds the pixel rows a [GridScenario] decodes at a time:
// 64 MiB of float64, 1 700 rows of a 5 000-pixel-wide raster, 190 of the
// 43 200-pixel global 30″ raster. A band holds, where the bound allows,
// whole strips or tiles (so each is decoded once) and at least minBandRows
// rows (so the coverage rasters' strips are decoded about once, not once per
// row, when the population raster has strips of a row).
const (
	maxBandBytes = 64 << 20
	minBandRows  = 256
)

// GridScenario turns the population raster at popPath into one patch per
// grid cell with at least o.MinPop people, without polygons (issue 27):
//
//   - cells are o.Cell degrees, anchored at the raster's north-west corner,
//     each a block of PixelsX × PixelsY pixels (cells at the east and south
//     edges are cut by the raster's edge);
//   - a cell's population is the sum of its pixels with a value > 0, finite
//     and not nodata (the zonal rule of SPEC §10.4), rows top to bottom and
//     columns left to right, rounded half to even;
//   - lat/lon is the centre of the cell's pixel block;
//   - mcv1 is the population-weighted mean of the MCV1 raster sampled at
//     each counted pixel centre as SPEC §10.4 does for polygons (bilinear
//     among valid pixels, else the nearest valid pixel within 1°), units
//     converted per o.MCV1Units; likewise the extra column "mcv2";
//   - ids are "r<row>c<col>", the cell's 0-based row (from the north) and
//     column (from the west); rows are in that order, north to south.
//
// The raster is read in bands of whole strips or tiles, at most
// maxBandBytes of pixels, and summed into one cell row at a time, so memory
// is bounded by the band, the coverage rasters' windows over it and the
// patches kept, not by the raster. A raster wider than one band's bytes
// (8 388 608 pixels) is [ErrGridTooFine] as well. A grid of more than
// [MaxGridCells] cells or finer than the raster's pixels is
// [ErrGridTooFine], reported from the headers before any pixel is read; a
// cell that is not a whole number of pixels is an error naming both sizes.
// The result is validated (SPEC §3.2).
func GridScenario(ctx context.Context, popPath string, o GridOptions) (*scenario.Table, GridReport, error) {
	var rep GridReport
	if err := o.check(); err != nil {
		return nil, rep, err
	}
	popF, err := geotiff.OpenFile(popPath)
	if err != nil {
		return nil, rep, err
	}
	defer popF.Close()
	pg := gridOf(popF.Image)
	_, chunkH := popF.BlockSize()
	if err := rep.layout(pg, o.Cell, chunkH); err != nil {
		return nil, rep, fmt.Errorf("%s: %w", popPath, err)
	}
	layers, err := openCoverage(o)
	if err != nil {
		return nil, rep, err
	}
	defer func() {
		for _, l := range layers {
			_ = l.f.Close() // read-only
		}
	}()
	b := newGridBuilder(pg, &rep, o.MinPop, layers)
	buf := make([]float64, pg.w*rep.BandRows)
	for r0 := 0; r0 < pg.h; r0 += rep.BandRows {
		if err := ctx.Err(); err != nil {
			return nil, rep, err
		}
		nr := min(rep.BandRows, pg.h-r0)
		if err := popF.ReadWindow(0, r0, pg.w, nr, buf[:pg.w*nr]); err != nil {
			return nil, rep, err
		}
		if err := b.loadCoverage(r0, nr); err != nil {
			return nil, rep, err
		}
		for k := range nr {
			if err := b.pixelRow(r0+k, buf[k*pg.w:(k+1)*pg.w]); err != nil {
				return nil, rep, err
			}
		}
	}
	if err := b.keep(); err != nil {
		return nil, rep, err
	}
	return b.table(o)
}

// check returns every problem with o, joined.
func (o GridOptions) check() error {
	var errs []error
	if !(o.Cell > 0) || math.IsInf(o.Cell, 0) {
		errs = append(errs, fmt.Errorf("grid: cell size must be finite and > 0 degrees, got %v", o.Cell))
	}
	if o.MinPop < 1 {
		errs = append(errs, fmt.Errorf("grid: minimum population must be >= 1, got %d", o.MinPop))
	}
	if !slices.Contains([]string{MCV1UnitsAuto, MCV1UnitsFraction, MCV1UnitsPercent}, o.MCV1Units) {
		errs = append(errs, fmt.Errorf("grid: MCV1 units %q: want auto, fraction or percent", o.MCV1Units))
	}
	if !(o.DefaultMCV1 >= 0 && o.DefaultMCV1 <= 1) {
		errs = append(errs, fmt.Errorf("grid: default MCV1 %v: want a coverage in [0, 1]", o.DefaultMCV1))
	}
	return errors.Join(errs...)
}

// layout fills the cell geometry and band height of rep from the raster's
// header (chunkH: the rows of one strip or tile), refusing a grid too fine
// for memory.
func (rep *GridReport) layout(pg grid, cell float64, chunkH int) error {
	var err error
	if rep.PixelsX, err = cellFactor(cell, pg.DX, "longitude"); err != nil {
		return err
	}
	if rep.PixelsY, err = cellFactor(cell, pg.DY, "latitude"); err != nil {
		return err
	}
	rep.Cols = (pg.w + rep.PixelsX - 1) / rep.PixelsX
	rep.Rows = (pg.h + rep.PixelsY - 1) / rep.PixelsY
	if cells := int64(rep.Cols) * int64(rep.Rows); cells > MaxGridCells {
		return fmt.Errorf("%w: a %g° grid over the %d×%d-pixel raster has %d×%d = %d cells, more than the %d rubeola builds (up to 250 bytes each); use a coarser grid or a raster cut to the country",
			ErrGridTooFine, cell, pg.w, pg.h, rep.Cols, rep.Rows, cells, MaxGridCells)
	}
	if pg.w > maxBandBytes/8 {
		return fmt.Errorf("%w: the raster is %d pixels wide, more than the %d one band of %d MiB holds",
			ErrGridTooFine, pg.w, maxBandBytes/8, maxBandBytes>>20)
	}
	rows := chunkH * ((minBandRows + chunkH - 1) / chunkH) // whole chunks, at least minBandRows
	rep.BandRows = max(1, min(rows, maxBandBytes/(8*max(pg.w, 1)), pg.h))
	return nil
}

// coverage is one coverage raster (MCV1 or MCV2) being sampled.
type coverage struct {
	name string // "mcv1" or "mcv2"
	path string
	f    *geotiff.File
	s    *mcv1Sampler
	raw  []float64 // Σ pop·value per cell of the current cell row
	miss []bool    // a counted pixel of the cell had no valid value near it
	at   [][2]float64
	out  []float64 // raw mean per kept patch
}

// openCoverage opens the coverage rasters o names.
func openCoverage(o GridOptions) ([]*coverage, error) {
	var layers []*coverage
	for _, c := range []struct{ name, path string }{{"mcv1", o.MCV1Raster}, {"mcv2", o.MCV2Raster}} {
		if c.path == "" {
			continue
		}
		f, err := geotiff.OpenFile(c.path)
		if err != nil {
			for _, l := range layers {
				_ = l.f.Close()
			}
			return nil, err
		}
		layers = append(layers, &coverage{name: c.name, path: c.path, f: f, s: &mcv1Sampler{rd: f, g: gridOf(f.Image)}})
	}
	return layers, nil
}

// gridBuilder accumulates the cells of one cell row at a time and keeps the
// patches.
type gridBuilder struct {
	pg     grid
	rep    *GridReport
	minPop int64
	layers []*coverage
	sum    []float64 // population per cell of the current cell row
	cr     int       // the current cell row; −1 before the first

	id       []string
	pop      []int64
	lat, lon []float64
}

func newGridBuilder(pg grid, rep *GridReport, minPop int64, layers []*coverage) *gridBuilder {
	b := &gridBuilder{pg: pg, rep: rep, minPop: minPop, layers: layers, sum: make([]float64, rep.Cols), cr: -1}
	for _, l := range layers {
		l.raw, l.miss, l.at = make([]float64, rep.Cols), make([]bool, rep.Cols), make([][2]float64, rep.Cols)
	}
	return b
}

// loadCoverage reads the coverage rasters' pixels around pixel rows r0 …
// r0+nr−1 of the population raster (one band: a strip or tile of a
// coverage raster is then decoded once per band, not once per cell row).
func (b *gridBuilder) loadCoverage(r0, nr int) error {
	pg := b.pg
	box := rect{xmin: pg.X0, xmax: pg.X0 + pg.DX*float64(pg.w), ymax: pg.Y0 - pg.DY*float64(r0), ymin: pg.Y0 - pg.DY*float64(r0+nr)}
	for _, l := range b.layers {
		if err := l.s.load(box); err != nil {
			return err
		}
	}
	return nil
}

// pixelRow adds pixel row r of the population raster to the cells of its
// cell row, first keeping the cells of the previous cell row when r starts
// a new one.
func (b *gridBuilder) pixelRow(r int, row []float64) error {
	pg, fx := b.pg, b.rep.PixelsX
	if cr := r / b.rep.PixelsY; cr != b.cr {
		if err := b.keep(); err != nil {
			return err
		}
		b.cr = cr
	}
	lat := pg.lat(r)
	for c, v := range row {
		if !(v > 0) || math.IsInf(v, 1) || pg.isNodata(v) {
			continue
		}
		cell := c / fx
		b.sum[cell] += v
		for _, l := range b.layers {
			lon := pg.lon(c)
			val, ok, err := l.s.sample(lon, lat)
			if err != nil {
				return err
			}
			if !ok {
				l.miss[cell], l.at[cell] = true, [2]float64{lon, lat}
				continue
			}
			l.raw[cell] += v * val
		}
	}
	return nil
}

// keep appends the cells of the current cell row with at least minPop
// people, then clears the row's sums.
func (b *gridBuilder) keep() error {
	if b.cr < 0 {
		return nil
	}
	defer b.reset()
	pg, fx, fy, cr := b.pg, b.rep.PixelsX, b.rep.PixelsY, b.cr
	r0 := cr * fy
	nr := min(fy, pg.h-r0)
	lat := pg.Y0 - float64(pg.DY*(float64(r0)+float64(nr)/2))
	for cc, s := range b.sum {
		p := math.RoundToEven(s)
		if p < float64(b.minPop) {
			b.rep.PopDropped += s
			continue
		}
		if p > scenario.MaxPop {
			return fmt.Errorf("cell r%dc%d: population %g is more than 2^53", cr, cc, p)
		}
		c0 := cc * fx
		nc := min(fx, pg.w-c0)
		for _, l := range b.layers {
			if l.miss[cc] {
				return fmt.Errorf("cell r%dc%d: %w", cr, cc, errNoMCV1("the population pixel at", l.at[cc][0], l.at[cc][1]))
			}
			l.out = append(l.out, l.raw[cc]/s)
		}
		b.id = append(b.id, "r"+strconv.Itoa(cr)+"c"+strconv.Itoa(cc))
		b.pop = append(b.pop, int64(p))
		b.lat = append(b.lat, lat)
		b.lon = append(b.lon, pg.X0+float64(pg.DX*(float64(c0)+float64(nc)/2)))
		b.rep.PopKept += int64(p)
	}
	return nil
}

// reset clears the sums of the current cell row.
func (b *gridBuilder) reset() {
	clear(b.sum)
	for _, l := range b.layers {
		clear(l.raw)
		clear(l.miss)
	}
}

// table converts the coverages to fractions and returns the validated
// scenario.
func (b *gridBuilder) table(o GridOptions) (*scenario.Table, GridReport, error) {
	n := len(b.id)
	b.rep.Patches = n
	mcv1 := make([]float64, n)
	for i := range mcv1 {
		mcv1[i] = o.DefaultMCV1
	}
	var mcv2 []string
	for _, l := range b.layers {
		div := mcv1Divisor(o.MCV1Units, l.s.maxValid)
		for i, raw := range l.out {
			v := raw / div
			if !(v >= 0 && v <= 1) {
				return nil, *b.rep, fmt.Errorf("cell %s: %s %g is outside [0, 1] (%s: units %q, largest valid pixel read %g)",
					b.id[i], l.name, v, l.path, o.MCV1Units, l.s.maxValid)
			}
			if l.name == "mcv1" {
				mcv1[i] = v
			} else {
				mcv2 = append(mcv2, strconv.FormatFloat(v, 'g', -1, 64))
			}
		}
		if l.name == "mcv1" {
			b.rep.MCV1Div = div
		} else {
			b.rep.MCV2Div = div
		}
	}
	if n == 0 {
		return nil, *b.rep, fmt.Errorf("no cell of the %g° grid has %d or more people (%.0f people in all)", o.Cell, o.MinPop, b.rep.PopDropped)
	}
	// Not FromColumns, which copies every column: a 1 km grid's table is
	// the largest thing in memory.
	t := &scenario.Table{ID: b.id, Pop: b.pop, Lat: b.lat, Lon: b.lon, MCV1: mcv1}
	if err := t.Validate(); err != nil {
		return nil, *b.rep, err
	}
	if mcv2 != nil {
		if err := t.SetExtra("mcv2", mcv2); err != nil {
			return nil, *b.rep, err
		}
	}
	return t, *b.rep, nil
}
