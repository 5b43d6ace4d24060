package shapefile

// Point is a vertex: X is the longitude, Y the latitude (GADM and WorldPop
// use WGS84 lon/lat).
type Point struct{ X, Y float64 }

// Shape is one geometry record of a .shp file, read as 2-D.
type Shape struct {
	// Type is the record's shape type as stored: 0 null, 1 point, 3
	// polyline, 5 polygon, 8 multipoint, 31 multipatch, and their Z (+10)
	// and M (+20) variants, whose Z and M values are not read.
	Type int
	// BBox is xmin, ymin, xmax, ymax as stored in the record (for a point,
	// the point twice; zero for a null shape).
	BBox [4]float64
	// Parts holds the index in Points where each part (ring) starts.
	// Polygon rings are closed; outer rings run clockwise and holes
	// counter-clockwise (the shapefile convention).
	Parts []int
	// Points holds every vertex of every part.
	Points []Point
}

// Shape types used by rubeola (ESRI Shapefile Technical Description, 1998).
const (
	TypeNull    = 0
	TypePolygon = 5
)

// Field describes a DBF column: Name (up to 10 ASCII bytes, matched exactly),
// Type ('C' character, 'N' numeric, 'F' float, 'D' date, 'L' logical, ...),
// Size (cell width in bytes) and Decimals.
type Field struct {
	Name     string
	Type     byte
	Size     uint8
	Decimals uint8
}

// Feature is one record of a shapefile: its attributes and its geometry.
type Feature struct {
	// Index is the record's position, from 0.
	Index int
	// Values holds one value per field of FeatureTable.Fields (see
	// ReadShapefile for the types).
	Values []any
	// Dotname is the DOTNAME field's value, "" when the file has none.
	Dotname string
	// Shape is the record's geometry.
	Shape Shape
}

// FeatureTable is a whole shapefile in memory, the Go form of the
// reference's get_shapefile_dataframe.
type FeatureTable struct {
	Fields     []Field
	Features   []Feature
	HasDotname bool
}

// FieldIndex returns the position of the field called name (exact match),
// or −1.
func (t *FeatureTable) FieldIndex(name string) int {
	return fieldIndex(t.Fields, name)
}

func fieldIndex(fields []Field, name string) int {
	for i, f := range fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}
