// Package shapefiletest writes small polygon shapefiles for tests: the .shp,
// .shx and .dbf of a handful of features, optionally a .prj and a .cpg, and
// records flagged deleted. Fixtures are generated inside each test (in
// t.TempDir()); no third-party shapefile is ever committed.
//
// # Writing a fixture
//
// WritePolygons takes the DBF fields, one row of values per record and one
// shape per record:
//
//	fields := []shapefile.Field{{Name: "COUNTRY", Type: 'C'}, {Name: "POP", Type: 'N', Size: 9}}
//	rows := [][]any{{"Nigeria", 1200}, {"Côte d'Ivoire", nil}}
//	shapes := []shapefile.Shape{
//		shapefiletest.Polygon(shapefiletest.Box(0, 0, 2, 2), shapefiletest.Hole(0.5, 0.5, 1, 1)),
//		shapefiletest.Polygon(shapefiletest.Box(3, 0, 4, 1), shapefiletest.Box(5, 0, 6, 1)),
//	}
//	err := shapefiletest.WritePolygons(filepath.Join(dir, "gadm41_CUB_1.shp"), fields, rows, shapes,
//		shapefiletest.WithCPG("UTF-8"), shapefiletest.WithPRJ(shapefiletest.WGS84))
//
// The first feature is a square with a square hole, the second has two
// parts (a multi-part feature).
//
// # Geometry
//
// Shapes are written as shape type 5 (polygon) or 0 (null) exactly as given:
// Parts holds the index where each ring starts (nil means one ring), rings
// should be closed (first point = last point), and by the shapefile
// convention outer rings run clockwise and holes counter-clockwise in the
// (lon, lat) plane. Box builds a clockwise (outer) rectangle, Hole a
// counter-clockwise one, Ring closes any list of points, and Polygon joins
// rings into a Shape. A zero BBox is computed from the points.
//
// # Values
//
// A field of Size 0 gets the width of its longest value (at least 1). Values
// are formatted by their Go type: string as UTF-8 bytes; int, int8…int64,
// uint…uint64 as decimal integers; float32 and float64 with the field's
// Decimals; time.Time as YYYYMMDD; bool as T or F; nil as blanks; []byte
// verbatim (to write invalid UTF-8 or malformed numbers). Numeric fields
// ('N', 'F') are right-aligned, others left-aligned, all padded with spaces;
// a value wider than its field is an error, never cut. The DBF header's
// "last update" date is fixed (2025-01-01) so fixtures are byte-for-byte
// reproducible.
package shapefiletest
