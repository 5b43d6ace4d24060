// Package geotifftest writes small GeoTIFF fixtures for tests: one band of
// float64 values encoded in any layout the geotiff reader supports (sample
// format, compression, predictor, strips or tiles, byte order) with its
// georeferencing and nodata tag.
//
// # Writing a fixture
//
// Fill an Options (the zero value plus a Format and a Georef is an
// uncompressed little-endian single-strip file) and call Encode for an
// io.Writer or WriteFile for a path:
//
//	err := geotifftest.WriteFile(path, 37, 23, values, geotifftest.Options{
//		Format:      geotifftest.Float32,
//		Compression: geotifftest.Deflate,
//		Predictor:   3,
//		Tiled:       true, TileWidth: 16, TileHeight: 16,
//		Georef:      geotiff.Georef{X0: 2.5, Y0: 13, DX: 0.25, DY: 0.25},
//		NoData:      "-9999",
//	})
//
// # Deliberately unusual files
//
// Options.Tags sets or adds single-valued SHORT/LONG tags after the computed
// ones (e.g. Compression 7 or SamplesPerPixel 3) and Options.OmitGeoref
// drops the georeferencing, so tests can check the reader's errors.
//
// LZW streams are written with github.com/hhrutter/lzw (NewWriter(w, true),
// the TIFF variant with early code-width change); Deflate with compress/zlib.
package geotifftest
