package demographics

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ArcSecondsPerKm is the cell size, in arc-seconds, that "1km" stands for in
// a grid specification ([ParseGridCell]): 30″, the "1 km" of global
// population and coverage rasters (WorldPop, the IHME coverage maps), which
// is 0.93 km at the equator. A grid of "1km" then matches such a raster
// pixel for pixel, and "5km" (2.5′) aggregates 5 × 5 of its pixels.
const ArcSecondsPerKm = 30

// ParseGridCell parses a grid cell size: "<X>km" (X·30 arc-seconds, see
// [ArcSecondsPerKm]) or "<X>deg" (X degrees), X a positive finite decimal
// number such as 1, 5 or 0.25. It returns the size in degrees. Anything else
// is an error saying what is expected.
func ParseGridCell(s string) (float64, error) {
	unit, scale := "", 0.0
	switch t := strings.TrimSpace(s); {
	case strings.HasSuffix(t, "km"):
		unit, scale = "km", ArcSecondsPerKm/3600.0
	case strings.HasSuffix(t, "deg"):
		unit, scale = "deg", 1
	}
	if unit == "" {
		return 0, fmt.Errorf("%q: want <X>km (X·30 arc-seconds, as in 1km or 5km) or <X>deg (as in 0.1deg)", s)
	}
	num := strings.TrimSuffix(strings.TrimSpace(s), unit)
	x, err := strconv.ParseFloat(num, 64)
	if err != nil || !(x > 0) || math.IsInf(x, 0) || strings.ContainsAny(num, "xXpP_") {
		return 0, fmt.Errorf("%q: %q is not a positive number of %s", s, num, unit)
	}
	if deg := x * scale; deg <= 180 {
		return deg, nil
	}
	return 0, fmt.Errorf("%q: a cell of %g° is larger than the globe's latitude range", s, x*scale)
}

// ErrGridTooFine is a grid whose cells would not fit in memory or are finer
// than the population raster's pixels; the message names the raster, the
// grid and the limit.
var ErrGridTooFine = errors.New("grid too fine")

// ErrGridMismatch is a grid cell that is not a whole number of the
// population raster's pixels; the message names both sizes and the nearest
// that fit.
var ErrGridMismatch = errors.New("grid cell is not a whole number of pixels")

// MaxGridCells is the most cells a raster grid ([GridScenario]) may have,
// checked from the raster's header before any pixel is read: 2^25
// (33 554 432). Only populated cells cost memory, 150–250 bytes each
// while the table is built and written (measured: 17 251 450 patches, 2.7 GB
// peak), so a grid at the bound needs at most about 8 GB and typically a
// third of that; it is 30 times the 10⁶ patches rubeola's kernels aim at. A
// 1 km grid over Nigeria has 1.7·10⁶ cells, over West Africa 2.6·10⁷, over
// the whole of Africa 7·10⁷ (refused: use 5km, or cut the raster to the
// country).
const MaxGridCells = 1 << 25

// cellFactor is the number of raster pixels (of size pixel degrees) along
// one side of a cell of cell degrees, which must be a whole number >= 1
// (within a relative 1e-6, the rounding of pixel sizes in GeoTIFF headers:
// WorldPop writes 30″ as 0.0083333333).
func cellFactor(cell, pixel float64, axis string) (int, error) {
	f := cell / pixel
	k := math.Round(f)
	switch {
	case f < 1-1e-6:
		return 0, fmt.Errorf("%w: the cell of %g° is smaller than the raster's %g° pixels along %s; use a grid of whole pixels",
			ErrGridTooFine, cell, pixel, axis)
	case math.Abs(f-k) > 1e-6*f:
		return 0, fmt.Errorf("%w: the cell of %g° is %.4g of the raster's %g° pixels along %s; use %g° or %g°",
			ErrGridMismatch, cell, f, pixel, axis, math.Floor(f)*pixel, math.Ceil(f)*pixel)
	}
	return int(k), nil
}
