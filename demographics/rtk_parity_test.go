package demographics_test

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics"
)

// rtkMCV1Tolerance is SPEC §10.7's bound for the weighted MCV1 against the
// third-party fixtures: rubeola's bilinear weighting cannot match the
// reference's Delaunay interpolation bit for bit (SPEC §10.4).
const rtkMCV1Tolerance = 0.01

// TestRTKParity is SPEC §10.7's optional local parity check against a
// third-party fixture set, skipped unless RUBEOLA_RTK_FIXTURES names a
// directory holding shapes.shp (+ .shx, .dbf, optional .cpg; polygons with a
// DOTNAME field), population.tif, mcv1.tif (percent) and expected.csv
// (header dotname,pop,mcv1; mcv1 as a fraction). Fixtures are never
// committed. Every zonal sum must be exact.
func TestRTKParity(t *testing.T) {
	dir := os.Getenv("RUBEOLA_RTK_FIXTURES")
	if dir == "" {
		t.Skip("RUBEOLA_RTK_FIXTURES not set")
	}
	want := readRTKExpected(t, filepath.Join(dir, "expected.csv"))

	gen, err := demographics.NewRasterPatchGenerator(demographics.RasterPatchParams{
		ID:               "rtk",
		Region:           "NGA", // required but unused (SPEC §10.4, parity)
		Shapefile:        filepath.Join(dir, "shapes.shp"),
		PopulationRaster: filepath.Join(dir, "population.tif"),
		MCV1Raster:       filepath.Join(dir, "mcv1.tif"),
	}, demographics.WithoutCache(), demographics.WithMCV1Units(demographics.MCV1UnitsPercent))
	require.NoError(t, err)
	scn, err := gen.Scenario(context.Background())
	require.NoError(t, err)

	require.Equal(t, len(want), scn.Len(), "one scenario row per expected row")
	for i, id := range scn.ID {
		exp, ok := want[id]
		if !assert.True(t, ok, "dotname %q not in expected.csv", id) {
			continue
		}
		assert.Equal(t, exp.pop, scn.Pop[i], "pop of %q", id)
		assert.InDelta(t, exp.mcv1, scn.MCV1[i], rtkMCV1Tolerance, "mcv1 of %q", id)
	}
}

// rtkRow is one expected.csv row.
type rtkRow struct {
	pop  int64
	mcv1 float64
}

// readRTKExpected reads expected.csv keyed by dotname.
func readRTKExpected(t *testing.T, path string) map[string]rtkRow {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	require.Equal(t, []string{"dotname", "pop", "mcv1"}, rows[0], "%s: header", path)
	out := make(map[string]rtkRow, len(rows)-1)
	for i, r := range rows[1:] {
		pop, err := strconv.ParseInt(r[1], 10, 64)
		require.NoError(t, err, "%s: row %d, column pop", path, i+1)
		mcv1, err := strconv.ParseFloat(r[2], 64)
		require.NoError(t, err, "%s: row %d, column mcv1", path, i+1)
		out[r[0]] = rtkRow{pop: pop, mcv1: mcv1}
	}
	return out
}
