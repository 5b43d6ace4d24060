// Package geotiff reads single-band GeoTIFF rasters in geographic (lon/lat)
// coordinates, such as WorldPop population and vaccination-coverage
// grids, without cgo (SPEC §10.4).
//
// # Opening
//
// OpenFile opens a file on disk and returns a File (an *Image plus Close);
// Open parses any io.ReaderAt of known size. Both read only the header, the
// first image file directory and the GeoKeys; no pixel data.
//
//	f, err := geotiff.OpenFile("population.tif")
//	if err != nil { … }
//	defer f.Close()
//
// # Describing the raster
//
// Width and Height give the size in pixels; Georef maps pixels to lon/lat
// (Georef.PixelCenter, and Georef.Pixel for the inverse); Bounds gives the
// extent; NoData the GDAL_NODATA value. BitsPerSample, SampleFormat,
// Compression, Predictor, ByteOrder, Tiled and BlockSize describe the
// encoding.
//
// # Reading pixels
//
// ReadWindow decodes a rectangle of pixels into a []float64, reading and
// decoding only the strips or tiles that intersect it, so a polygon's
// bounding window costs only its share of the file. It is safe for
// concurrent use; decode buffers are pooled.
//
// # What is supported
//
// Classic TIFF (TIFF 6.0), little- and big-endian; strips with any
// RowsPerStrip and tiles (edge tiles cropped); compression 1 (none), 5 (LZW),
// 8 and 32946 (Deflate); predictor 1, 2 (horizontal differencing, TIFF 6.0
// Section 14) and 3 (floating point, Adobe Photoshop TIFF Technical Note 3);
// unsigned and signed integers of 8, 16, 32 and 64 bits and IEEE floats of
// 32 and 64 bits; one sample per pixel, planar configuration 1.
// Georeferencing from ModelTiepoint + ModelPixelScale or a ModelTransformation
// without rotation (GeoTIFF 1.0), honouring the tiepoint's raster (I, J) and
// RasterType PixelIsPoint. Anything else fails with an error wrapping
// ErrUnsupported that names the feature; a projected model type wraps
// ErrNotGeographic; unusable georeferencing wraps ErrBadGeoref; a damaged
// file wraps ErrCorrupt. Sizes in the header are checked against the file
// size before anything is allocated.
//
// The Tag* constants name the TIFF tags involved (for tests that doctor
// files). Test fixtures in every supported encoding are written by the
// sub-package geotifftest.
package geotiff
