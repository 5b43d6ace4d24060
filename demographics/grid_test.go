package demographics

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/geotiff/geotifftest"
)

func TestParseGridCell(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64 // degrees
		err  string
	}{
		{"1km", 30.0 / 3600, ""}, // ArcSecondsPerKm: 30″
		{"5km", 150.0 / 3600, ""},
		{"0.5km", 15.0 / 3600, ""},
		{"0.1deg", 0.1, ""},
		{" 2deg ", 2, ""},
		{"1", 0, "want <X>km"},
		{"1m", 0, "want <X>km"},
		{"km", 0, `"" is not a positive number of km`},
		{"-1km", 0, "not a positive number"},
		{"0deg", 0, "not a positive number"},
		{"NaNdeg", 0, "not a positive number"},
		{"0x1p-3deg", 0, "not a positive number"},
		{"200deg", 0, "larger than the globe"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseGridCell(tc.in)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.InDelta(t, tc.want, got, 1e-15)
		})
	}
}

// writeTIFF writes a w × h float raster at dir/name with 0.5° pixels whose
// north-west corner is (10°E, 6°N).
func writeTIFF(t *testing.T, dir, name string, w, h int, data []float64, o geotifftest.Options) string {
	t.Helper()
	o.Georef = geotiff.Georef{X0: 10, Y0: 6, DX: 0.5, DY: 0.5}
	path := filepath.Join(dir, name)
	require.NoError(t, geotifftest.WriteFile(path, w, h, data, o))
	return path
}

// seq returns 1, 2, …, n.
func seq(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(i + 1)
	}
	return v
}

func TestGridScenarioSums(t *testing.T) {
	// A 5 × 3 raster of 1 … 15 (row-major) on a 1° grid (2 × 2 pixels a
	// cell): 3 × 2 cells, the east column and south row cut by the edge.
	//    1  2 |  3  4 |  5
	//    6  7 |  8  9 | 10
	//   ------+-------+---
	//   11 12 | 13 14 | 15
	want := []int64{1 + 2 + 6 + 7, 3 + 4 + 8 + 9, 5 + 10, 11 + 12, 13 + 14, 15}
	encodings := map[string]geotifftest.Options{
		"one strip":       {},
		"strips of 1 row": {RowsPerStrip: 1, Compression: geotifftest.LZW},
		"tiles":           {Tiled: true, TileWidth: 16, TileHeight: 16, Compression: geotifftest.Deflate, Predictor: 3},
	}
	for name, enc := range encodings {
		t.Run(name, func(t *testing.T) {
			pop := writeTIFF(t, t.TempDir(), "pop.tif", 5, 3, seq(15), enc)
			o := DefaultGridOptions()
			o.Cell = 1
			o.DefaultMCV1 = 0.7
			tab, rep, err := GridScenario(context.Background(), pop, o)
			require.NoError(t, err)
			assert.Equal(t, []string{"r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2"}, tab.ID)
			assert.Equal(t, want, tab.Pop)
			// Centres of the pixel blocks: lon 10 + 0.5·(c0 + nc/2), lat 6 − 0.5·(r0 + nr/2).
			assert.Equal(t, []float64{10.5, 11.5, 12.25, 10.5, 11.5, 12.25}, tab.Lon)
			assert.Equal(t, []float64{5.5, 5.5, 5.5, 4.75, 4.75, 4.75}, tab.Lat)
			assert.Equal(t, []float64{0.7, 0.7, 0.7, 0.7, 0.7, 0.7}, tab.MCV1)
			assert.Equal(t, GridReport{Cols: 3, Rows: 2, PixelsX: 2, PixelsY: 2, BandRows: rep.BandRows,
				Patches: 6, PopKept: 120}, rep)
		})
	}
}

func TestGridScenarioPixelRules(t *testing.T) {
	// Pixels that do not count (SPEC §10.4 step 2): nodata −9, NaN, +Inf,
	// negatives, zeros. Cell r0c0 keeps 2.4 + 0.4 = 2.8 → 3; r0c1 only 0.4
	// (→ 0, dropped at MinPop 1).
	nan, inf := math.NaN(), math.Inf(1)
	data := []float64{
		2.4, -9, 0.4, nan,
		inf, 0.4, -3, 0,
	}
	pop := writeTIFF(t, t.TempDir(), "pop.tif", 4, 2, data, geotifftest.Options{Format: geotifftest.Float64, NoData: "-9"})
	o := DefaultGridOptions()
	o.Cell = 1
	tab, rep, err := GridScenario(context.Background(), pop, o)
	require.NoError(t, err)
	assert.Equal(t, []string{"r0c0"}, tab.ID)
	assert.Equal(t, []int64{3}, tab.Pop)
	assert.InDelta(t, 0.4, rep.PopDropped, 1e-12)

	o.MinPop = 4
	_, _, err = GridScenario(context.Background(), pop, o)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no cell of the 1° grid has 4 or more people (3 people in all)")
}

func TestGridScenarioCoverage(t *testing.T) {
	// Same grid for population and coverage (percent, detected): sampling at
	// a pixel centre returns that pixel, so a cell's mcv1 is Σ pop·m / Σ pop.
	// Cell r0c0: pops 1, 3, 0, 0 with MCV1 20 %, 60 % → (0.2 + 1.8)/4 = 0.5;
	// MCV2 40 %, 80 % → (0.4 + 2.4)/4 = 0.7.
	dir := t.TempDir()
	pop := writeTIFF(t, dir, "pop.tif", 2, 2, []float64{1, 3, 0, 0}, geotifftest.Options{})
	mcv1 := writeTIFF(t, dir, "mcv1.tif", 2, 2, []float64{20, 60, 50, 50}, geotifftest.Options{})
	mcv2 := writeTIFF(t, dir, "mcv2.tif", 2, 2, []float64{40, 80, 50, 50}, geotifftest.Options{})
	o := DefaultGridOptions()
	o.Cell, o.MCV1Raster, o.MCV2Raster = 1, mcv1, mcv2
	tab, rep, err := GridScenario(context.Background(), pop, o)
	require.NoError(t, err)
	assert.InDelta(t, 0.5, tab.MCV1[0], 1e-15)
	got, ok := tab.Extra("mcv2")
	require.True(t, ok)
	assert.Equal(t, []string{"0.7"}, got)
	assert.Equal(t, 100.0, rep.MCV1Div)

	o.MCV1Units = MCV1UnitsFraction
	_, _, err = GridScenario(context.Background(), pop, o)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cell r0c0: mcv1 50 is outside [0, 1] ("+mcv1+`: units "fraction"`)
}

func TestGridScenarioBadGrid(t *testing.T) {
	pop := writeTIFF(t, t.TempDir(), "pop.tif", 4, 4, seq(16), geotifftest.Options{})
	for _, tc := range []struct {
		cell float64
		want string
		fine bool
	}{
		{0.25, "the cell of 0.25° is smaller than the raster's 0.5° pixels along longitude", true},
		{0.75, "grid cell is not a whole number of pixels: the cell of 0.75° is 1.5 of the raster's 0.5° pixels along longitude; use 0.5° or 1°", false},
	} {
		o := DefaultGridOptions()
		o.Cell = tc.cell
		_, _, err := GridScenario(context.Background(), pop, o)
		require.Error(t, err)
		assert.Contains(t, err.Error(), pop+": ")
		assert.Contains(t, err.Error(), tc.want)
		assert.Equal(t, tc.fine, errors.Is(err, ErrGridTooFine))
	}
}

func TestGridLayoutTooManyCells(t *testing.T) {
	// Africa at 30″: about 8 400 × 8 800 pixels (70° × 73°), 7.4e7 cells
	// at "1km", more than MaxGridCells (2^25); the check needs only the header.
	pg := grid{Georef: geotiff.Georef{X0: -18, Y0: 38, DX: 1.0 / 120, DY: 1.0 / 120}, w: 8400, h: 8800}
	var rep GridReport
	err := rep.layout(pg, 1.0/120, 1)
	require.ErrorIs(t, err, ErrGridTooFine)
	assert.Contains(t, err.Error(), "8400×8800 = 73920000 cells, more than the 33554432")
	// At "5km" it fits: 1680 × 1760 cells.
	require.NoError(t, rep.layout(pg, 5.0/120, 1))
	assert.Equal(t, 1680, rep.Cols)
	assert.Equal(t, 256, rep.BandRows, "1-row strips are read minBandRows at a time")
	// A tall chunk is capped by maxBandBytes: 64 MiB / (8 · 8400) = 998 rows.
	require.NoError(t, rep.layout(pg, 5.0/120, 8800))
	assert.Equal(t, 998, rep.BandRows)
	// A raster wider than a band holds is refused too.
	pg.w = maxBandBytes/8 + 1
	err = rep.layout(pg, 1, 1)
	require.ErrorIs(t, err, ErrGridTooFine)
	assert.Contains(t, err.Error(), "the raster is 8388609 pixels wide, more than the 8388608 one band of 64 MiB holds")
}

func TestGridScenarioCellRowAcrossBands(t *testing.T) {
	// 2 × 300 pixels of 0.1°, all 1, in 1-row strips: bands of minBandRows =
	// 256 rows; 0.3° cells are 3 × 3 pixels (1 column of cells, cut to 2
	// pixels wide), and cell row 85 (pixel rows 255–257) spans two bands.
	data := make([]float64, 600)
	for i := range data {
		data[i] = 1
	}
	path := filepath.Join(t.TempDir(), "pop.tif")
	require.NoError(t, geotifftest.WriteFile(path, 2, 300, data, geotifftest.Options{
		RowsPerStrip: 1, Georef: geotiff.Georef{X0: 10, Y0: 20, DX: 0.1, DY: 0.1}}))
	o := DefaultGridOptions()
	o.Cell = 0.3
	tab, rep, err := GridScenario(context.Background(), path, o)
	require.NoError(t, err)
	assert.Equal(t, 256, rep.BandRows)
	require.Equal(t, 100, tab.Len())
	for i, p := range tab.Pop {
		require.Equal(t, int64(6), p, "cell row %d: 2 × 3 pixels of 1", i)
	}
	assert.Equal(t, "r85c0", tab.ID[85])
	// Centre of pixel rows 255–257: 20 − 0.1·(255 + 1.5).
	assert.InDelta(t, 20-0.1*256.5, tab.Lat[85], 1e-12)
}
