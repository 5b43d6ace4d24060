package geotiff

// TIFF tag numbers read by this package (TIFF 6.0 Section 8 "Baseline
// Field Reference Guide" and Section 15 "Tiled Images"; GeoTIFF 1.0 §2.4 for
// 33550, 33922, 34264 and 34735; 42113 is GDAL's private GDAL_NODATA tag).
// geotifftest writes them, and its Options.Tags takes them.
const (
	TagImageWidth          uint16 = 256
	TagImageLength         uint16 = 257
	TagBitsPerSample       uint16 = 258
	TagCompression         uint16 = 259
	TagPhotometric         uint16 = 262 // written by geotifftest, ignored here
	TagFillOrder           uint16 = 266
	TagStripOffsets        uint16 = 273
	TagSamplesPerPixel     uint16 = 277
	TagRowsPerStrip        uint16 = 278
	TagStripByteCounts     uint16 = 279
	TagPlanarConfiguration uint16 = 284
	TagPredictor           uint16 = 317
	TagTileWidth           uint16 = 322
	TagTileLength          uint16 = 323
	TagTileOffsets         uint16 = 324
	TagTileByteCounts      uint16 = 325
	TagSampleFormat        uint16 = 339
	TagModelPixelScale     uint16 = 33550
	TagModelTiepoint       uint16 = 33922
	TagModelTransformation uint16 = 34264
	TagGeoKeyDirectory     uint16 = 34735
	TagGDALNoData          uint16 = 42113
)

// Compression codes (TIFF 6.0 Section 3 and Section 13; 8 and 32946 from
// Adobe Photoshop TIFF Technical Notes, 2002, "Deflate/Inflate Compression").
const (
	compressionNone       = 1
	compressionLZW        = 5
	compressionDeflate    = 8
	compressionDeflateOld = 32946
)

// Predictor values (TIFF 6.0 Section 14; 3 from Adobe Photoshop TIFF
// Technical Note 3, 2005, "Floating Point Predictor").
const (
	predictorNone          = 1
	predictorHorizontal    = 2
	predictorFloatingPoint = 3
)

// SampleFormat values (TIFF 6.0 Section 19).
const (
	sampleFormatUint  = 1
	sampleFormatInt   = 2
	sampleFormatFloat = 3
)

// GeoKeys and their values (GeoTIFF 1.0 §2.7 and §6.3.1).
const (
	geoKeyModelType     = 1024 // GTModelTypeGeoKey
	geoKeyRasterType    = 1025 // GTRasterTypeGeoKey
	modelTypeProjected  = 1
	modelTypeGeographic = 2
	modelTypeGeocentric = 3
	rasterPixelIsPoint  = 2
)

// compressionNames names the compression schemes this reader rejects, for
// error messages (TIFF 6.0 Section 3; the rest from the libtiff registry of
// tiff.h COMPRESSION_* values).
var compressionNames = map[uint64]string{
	2:     "CCITT RLE",
	3:     "CCITT Group 3",
	4:     "CCITT Group 4",
	6:     "old-style JPEG",
	7:     "JPEG",
	32773: "PackBits",
	34712: "JPEG 2000",
	34887: "LERC",
	34925: "LZMA",
	50000: "ZSTD",
	50001: "WebP",
	50002: "JPEG XL",
}
