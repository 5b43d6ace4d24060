package geotifftest

import "github.com/rubeola/rubeola/demographics/geotiff"

// SampleFormat is the type of the stored samples.
type SampleFormat int

// The sample formats, as (TIFF SampleFormat, BitsPerSample): Uint* are
// (1, n), Int* are (2, n), Float* are (3, n) (TIFF 6.0 Section 19).
const (
	Float32 SampleFormat = iota // the zero value
	Float64
	Uint8
	Int8
	Uint16
	Int16
	Uint32
	Int32
	Uint64
	Int64
)

// Compression codes (TIFF 6.0 Sections 3 and 13; Deflate from Adobe
// Photoshop TIFF Technical Notes, 2002).
const (
	None       = 1
	LZW        = 5
	Deflate    = 8
	DeflateOld = 32946
)

// Options selects the encoding of a fixture. The zero value writes
// uncompressed little-endian float32 samples in one strip.
type Options struct {
	// Format is the stored sample type. Values must be exactly
	// representable in integer formats; Float32 rounds.
	Format SampleFormat
	// Compression is 1 (or 0) none, 5 LZW, 8 or 32946 Deflate.
	Compression int
	// Predictor is 1 (or 0) none, 2 horizontal differencing or 3 floating
	// point (float formats only). Predictors need compression.
	Predictor int
	// Tiled writes TileWidth × TileHeight tiles (multiples of 16, TIFF 6.0
	// Section 15) instead of strips; edge tiles are padded with zero bytes.
	Tiled                 bool
	TileWidth, TileHeight int
	// RowsPerStrip is the strip height; 0 writes the whole image as one strip.
	RowsPerStrip int
	// BigEndian writes an "MM" file instead of "II".
	BigEndian bool
	// Georef is written as ModelTiepoint raster (I, J) = TiepointIJ →
	// model (X, Y) plus ModelPixelScale (DX, DY, 0), with X, Y computed so
	// that the reader recovers Georef exactly when the arithmetic is exact.
	Georef geotiff.Georef
	// UseTransformation writes a ModelTransformation matrix instead of the
	// tiepoint and pixel scale.
	UseTransformation bool
	// TiepointIJ is the raster (I, J) of the tiepoint; (0, 0) by default.
	TiepointIJ [2]float64
	// PixelIsPoint writes GTRasterTypeGeoKey = 2 (RasterPixelIsPoint); the
	// tiepoint or matrix then refers to pixel centres.
	PixelIsPoint bool
	// ModelType is GTModelTypeGeoKey: 0 omits it, 2 geographic (also writes
	// GeographicTypeGeoKey 4326), 1 projected (for error tests).
	ModelType int
	// NoData is the GDAL_NODATA text (tag 42113); "" writes no tag.
	NoData string
	// OmitGeoref writes no georeferencing tags (for error tests).
	OmitGeoref bool
	// Tags sets single-valued tags after the computed ones, replacing a
	// computed tag with the same number: SHORT when the value fits, else
	// LONG (for error tests, e.g. {geotiff.TagCompression: 7} claims JPEG
	// compression). Replacing the strip or tile offsets keeps the given value.
	Tags map[uint16]uint32
}
