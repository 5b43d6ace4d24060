package demographics

import (
	"github.com/rubeola/rubeola/demographics/geotiff"
	"github.com/rubeola/rubeola/demographics/shapefile"
)

// The shapefile and DOTNAME API lives in package [shapefile]; these aliases
// give it the names SPEC §10.2 uses in this package, so a user needs one
// import for the whole path from public data to a scenario.
type (
	// BaseShapefile is [shapefile.BaseShapefile]: a validated .shp path.
	BaseShapefile = shapefile.BaseShapefile
	// AdminShapefile is [shapefile.AdminShapefile]: a shapefile with an
	// admin level and the fields its DOTNAME joins.
	AdminShapefile = shapefile.AdminShapefile
	// GlobalAdminShapefile is [shapefile.GlobalAdminShapefile]: a GADM
	// shapefile whose DOTNAME field is ensured on construction.
	GlobalAdminShapefile = shapefile.GlobalAdminShapefile
	// FeatureTable is [shapefile.FeatureTable]: every feature of a file.
	FeatureTable = shapefile.FeatureTable
	// Feature is [shapefile.Feature]: attributes, DOTNAME and geometry.
	Feature = shapefile.Feature
	// Field is [shapefile.Field]: a DBF field descriptor.
	Field = shapefile.Field
	// Shape is [shapefile.Shape]: a polygon's rings.
	Shape = shapefile.Shape
	// Point is [shapefile.Point]: X = lon, Y = lat.
	Point = shapefile.Point
	// DotnameOption is [shapefile.DotnameOption]: an option of AddDotname.
	DotnameOption = shapefile.DotnameOption
)

// Sentinels detected by the sub-packages, re-exported so that every
// demographics error can be tested against this package's names.
var (
	// ErrMissingField: a DOTNAME source field is not in the DBF.
	ErrMissingField = shapefile.ErrMissingField
	// ErrDuplicateDotname: two features share a DOTNAME (before or after the
	// width cut).
	ErrDuplicateDotname = shapefile.ErrDuplicateDotname
	// ErrUnsupportedTIFF: the GeoTIFF uses a feature rubeola does not read;
	// the message names it.
	ErrUnsupportedTIFF = geotiff.ErrUnsupported
	// ErrNotGeographic: a raster or shapefile in a projected (not lon/lat)
	// coordinate system.
	ErrNotGeographic = geotiff.ErrNotGeographic
)

// AddDotname adds a DOTNAME field to the shapefile at path; see
// [shapefile.AddDotname] for the rules and options.
func AddDotname(path string, fields []string, opts ...DotnameOption) (string, error) {
	return shapefile.AddDotname(path, fields, opts...)
}

// ReadShapefile reads every feature of the shapefile at path; see
// [shapefile.ReadShapefile].
func ReadShapefile(path string) (*FeatureTable, error) { return shapefile.ReadShapefile(path) }

// NewBaseShapefile validates a shapefile path; see [shapefile.NewBaseShapefile].
func NewBaseShapefile(path string) (*BaseShapefile, error) { return shapefile.NewBaseShapefile(path) }

// NewAdminShapefile validates an admin shapefile; see
// [shapefile.NewAdminShapefile].
func NewAdminShapefile(path string, adminLevel *int, fields []string) (*AdminShapefile, error) {
	return shapefile.NewAdminShapefile(path, adminLevel, fields)
}

// NewGlobalAdminShapefile opens a GADM shapefile and ensures its DOTNAME
// field (check_dotname_fields); see [shapefile.NewGlobalAdminShapefile].
func NewGlobalAdminShapefile(path string, adminLevel *int, fields []string) (*GlobalAdminShapefile, error) {
	return shapefile.NewGlobalAdminShapefile(path, adminLevel, fields)
}

// WithSymbol sets the separator of AddDotname (default ":").
func WithSymbol(s string) DotnameOption { return shapefile.WithSymbol(s) }

// WithSuffix sets the side-file suffix of AddDotname (default "dotname").
func WithSuffix(s string) DotnameOption { return shapefile.WithSuffix(s) }

// InPlace makes AddDotname replace the input files.
func InPlace() DotnameOption { return shapefile.InPlace() }

// WithFieldName sets the name of the new field (default "DOTNAME").
func WithFieldName(name string) DotnameOption { return shapefile.WithFieldName(name) }
