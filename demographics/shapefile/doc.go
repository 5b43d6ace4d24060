// Package shapefile reads ESRI shapefiles and labels administrative
// boundaries with DOTNAMEs (SPEC §10.2), without cgo or GDAL.
//
// # Reading
//
// ReadShapefile loads a whole shapefile into a FeatureTable: the DBF fields,
// one Feature per record with typed values (string, int64, float64,
// time.Time, bool or nil), its DOTNAME if the file has one, and its 2-D
// Shape (type, bounding box, ring starts and points, X = lon, Y = lat).
// FieldIndex finds a field by name.
//
// # DOTNAMEs
//
// A DOTNAME joins a record's name fields, lower-cased, with ':'
// ("nigeria:kano:dala"). AddDotname computes them for a shapefile and
// writes a copy with a DOTNAME character field added last
// (<stem>_dotname.shp/.shx/.dbf, shapes copied bit for bit), or, with
// InPlace, replaces the original files. WithSymbol, WithSuffix and
// WithFieldName change the separator, the copy's suffix and the field's
// name. Names must be unique (ErrDuplicateDotname); missing source fields
// give ErrMissingField. The field is 50 bytes wide when every name fits,
// else as wide as the longest name up to 254 bytes; longer names are cut at
// a UTF-8 boundary. Dotnames computes the names without writing anything.
// Error messages number records from 1.
//
// # Shapefile types
//
// NewBaseShapefile checks that a path names a complete shapefile (.shp,
// .shx and .dbf). NewAdminShapefile adds an admin level and the DOTNAME
// fields; its AddDotname labels the file in place. NewGlobalAdminShapefile
// is for GADM files (gadm41_<ISO3>_<level>.shp): it derives the fields
// from the admin level (LevelFields, LevelFromFileName) and adds DOTNAME in
// place when the file has none.
//
// Fixtures for tests are written by package shapefiletest.
package shapefile
