package shapefile_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
)

// checkFuzzedRead is FuzzReadShapefile's property of ReadShapefile: an
// error names a file of the set (stem is the file name without extension);
// an accepted file has one value per field in every feature and part
// offsets that index its points (what the zonal statistics rely on).
func checkFuzzedRead(t *testing.T, stem string, tbl *shapefile.FeatureTable, err error) {
	t.Helper()
	if err != nil {
		require.Contains(t, err.Error(), stem, "the error names the file")
		return
	}
	for _, ft := range tbl.Features {
		require.Len(t, ft.Values, len(tbl.Fields))
		prev := 0
		for _, p := range ft.Shape.Parts {
			require.True(t, p >= prev && p <= len(ft.Shape.Points), "parts %v of %d points", ft.Shape.Parts, len(ft.Shape.Points))
			prev = p
		}
	}
}

// checkFuzzedDotnames: Dotnames' errors name the file, and it returns one
// name per record when it succeeds (compared with ReadShapefile's count).
func checkFuzzedDotnames(t *testing.T, stem string, names []string, err error, tbl *shapefile.FeatureTable) {
	t.Helper()
	if err != nil {
		require.True(t, strings.Contains(err.Error(), stem), "%q", err.Error())
		return
	}
	if tbl != nil {
		require.Len(t, names, len(tbl.Features))
	}
}
