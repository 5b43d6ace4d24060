package geotiff

import "errors"

// ErrUnsupported is wrapped by every error about a valid TIFF feature this
// reader does not implement (BigTIFF, JPEG compression, several samples per
// pixel, …). The message names the feature, e.g.
// "unsupported TIFF: compression 7 (JPEG)".
var ErrUnsupported = errors.New("unsupported TIFF")

// ErrNotGeographic is wrapped when the GeoKeys declare a model type other
// than geographic (GTModelTypeGeoKey 1024 ≠ 2, GeoTIFF 1.0 §6.3.1.1), e.g. a
// projected raster whose coordinates are metres rather than degrees.
var ErrNotGeographic = errors.New("not a geographic (lon/lat) coordinate system")

// ErrCorrupt is wrapped by errors about a file that breaks the TIFF 6.0
// structure: a truncated header or IFD, offsets beyond the end of the file,
// short or undecodable strips and tiles, inconsistent tag counts.
var ErrCorrupt = errors.New("corrupt TIFF")

// ErrBadGeoref is wrapped when the georeferencing is missing or unusable:
// no ModelTiepoint + ModelPixelScale nor ModelTransformation, pixel sizes
// that are not > 0, or an extent outside lon [−180, 180] × lat [−90, 90]
// (with half a pixel of slack).
var ErrBadGeoref = errors.New("invalid georeferencing")
