package shapefile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/demographics/shapefile"
	"github.com/rubeola/rubeola/demographics/shapefile/shapefiletest"
)

// gadmFields are the GADM attribute columns the DOTNAME tests use, plus a
// numeric column that must survive AddDotname unchanged.
var gadmFields = []shapefile.Field{
	{Name: "GID_0", Type: 'C', Size: 3},
	{Name: "COUNTRY", Type: 'C'},
	{Name: "NAME_1", Type: 'C'},
	{Name: "NAME_2", Type: 'C'},
	{Name: "POP", Type: 'N', Size: 9},
}

// longCongo is the SPEC §10.2 example of a name the reference cut: 56 bytes
// once lower-cased and joined.
var longCongo = []any{"COD", "Democratic Republic of the Congo", "Haut-Katanga", "Lubumbashi", 2_584_000}

const longCongoName = "democratic republic of the congo:haut-katanga:lubumbashi"

// gadmRows are three features: a Latin-1 accent, a Turkish dotted capital
// I and the 56-byte Congo name.
var gadmRows = [][]any{
	{"CIV", "Côte d'Ivoire", "Abidjan", "Plateau", 10},
	{"TUR", "Türkiye", "İstanbul", "Kadıköy", nil},
	longCongo,
}

// gadmNames are gadmRows' DOTNAMEs; "i̇" is i + U+0307 (Python's
// "İ".lower()).
var gadmNames = []string{
	"côte d'ivoire:abidjan:plateau",
	"türkiye:i\u0307stanbul:kadıköy",
	longCongoName,
}

// overlongRows replace the Congo row by one whose name is 287 bytes: the
// 46-byte prefix "democratic republic of the congo:haut-katanga:", "x" and
// 120 two-byte "é". Cut at 254 bytes, the 104th "é" would be split, so the
// cut keeps 103 of them: 46 + 1 + 206 = 253 bytes.
var overlongRows = [][]any{
	gadmRows[0], gadmRows[1],
	{"COD", "Democratic Republic of the Congo", "Haut-Katanga", "x" + strings.Repeat("é", 120), 1},
}

var overlongCut = "democratic republic of the congo:haut-katanga:x" + strings.Repeat("é", 103)

// shapesFor returns one polygon per row: the first with a hole, the second
// with two parts, the others unit squares side by side.
func shapesFor(n int) []shapefile.Shape {
	shapes := make([]shapefile.Shape, n)
	for i := range shapes {
		x := float64(3 * i)
		switch i {
		case 0:
			shapes[i] = shapefiletest.Polygon(shapefiletest.Box(x, 0, x+2, 2), shapefiletest.Hole(x+0.5, 0.5, x+1, 1))
		case 1:
			shapes[i] = shapefiletest.Polygon(shapefiletest.Box(x, 0, x+1, 1), shapefiletest.Box(x+1.5, 0, x+2, 1))
		default:
			shapes[i] = shapefiletest.Polygon(shapefiletest.Box(x, 0, x+1, 1))
		}
	}
	return shapes
}

// writeGADM writes dir/name (a .shp path) with gadmFields and rows.
func writeGADM(t testing.TB, dir, name string, rows [][]any, opts ...shapefiletest.Option) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, shapefiletest.WritePolygons(p, gadmFields, rows, shapesFor(len(rows)), opts...))
	return p
}

// sibling returns path with its .shp extension replaced by ext.
func sibling(path, ext string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ext
}

func readBytes(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// snapshot returns the bytes of every file in dir by name.
func snapshot(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	out := map[string][]byte{}
	for _, e := range entries {
		out[e.Name()] = readBytes(t, filepath.Join(dir, e.Name()))
	}
	return out
}

// dotnames reads a shapefile and returns its features' DOTNAMEs.
func dotnames(t testing.TB, path string) []string {
	t.Helper()
	tbl, err := shapefile.ReadShapefile(path)
	require.NoError(t, err)
	require.True(t, tbl.HasDotname)
	names := make([]string, len(tbl.Features))
	for i, f := range tbl.Features {
		names[i] = f.Dotname
	}
	return names
}

// dotnameField returns the DOTNAME field of a shapefile.
func dotnameField(t testing.TB, path string) shapefile.Field {
	t.Helper()
	tbl, err := shapefile.ReadShapefile(path)
	require.NoError(t, err)
	i := tbl.FieldIndex("DOTNAME")
	require.GreaterOrEqual(t, i, 0)
	return tbl.Fields[i]
}

// fileNames lists the names of the files in dir.
func fileNames(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names
}
